import Testing

/// The tests of the `haru` command but its journal commands, run one at a time: each one starts
/// processes, and starting dozens at once on a small machine starves the timing-sensitive tests of
/// other suites.
@Suite(.serialized)
enum HaruCLI {}

/// The tests of `haru journal`, run one at a time as ``HaruCLI``'s are, and beside them: two
/// commands at a time keep a machine of two cores busy once the other suites have finished.
@Suite(.serialized)
enum HaruJournalCLI {}
