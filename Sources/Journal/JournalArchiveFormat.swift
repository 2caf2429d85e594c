/// How ``JournalRepository/export(to:as:progress:)`` writes a journal archive.
public enum JournalArchiveFormat: Hashable, Sendable {
  /// A folder holding `manifest.json`, `entries.jsonl` and `photos/`.
  case folder
  /// One `.harujournal` file: a zip file holding the same files, stored without compression, so
  /// that any zip tool opens it. At most 4 GiB and 65,535 photos; larger journals export as a
  /// folder.
  case singleFile
}
