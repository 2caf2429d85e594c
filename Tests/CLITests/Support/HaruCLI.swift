import Testing

/// Every test of the `haru` command, run one at a time: each one starts processes, and starting
/// dozens at once on a small machine starves the timing-sensitive tests of other suites.
@Suite(.serialized)
enum HaruCLI {}
