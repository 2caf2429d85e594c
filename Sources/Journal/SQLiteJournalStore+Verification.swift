import HaruModels
import HaruShared

extension SQLiteJournalStore {
  /// What a line of `PRAGMA integrity_check` means for the journal, in words, with SQLite's line.
  static func describe(fileProblem line: String) -> String {
    let lists = [
      "entry_favorite_newest": "the order of the favorites",
      "entry_perfume_newest": "the order of each perfume's entries",
      "entry_newest": "the order of all entries, newest first",
      "entry_photo": "the lookup of entries by photo",
    ]
    if let list = lists.first(where: { line.contains("index \($0.key)") }) {
      return "An index does not match the entries (\(list.value)): lists may leave out or repeat "
        + "entries. (SQLite: \(line))"
    }
    if line.contains("never used") {
      return "Part of the file belongs to no table: what it held can no longer be reached. "
        + "(SQLite: \(line))"
    }
    return "Part of the file that holds the journal's data is damaged: entries stored there may "
      + "be lost or wrong. (SQLite: \(line))"
  }

  /// SQLite's own check of the whole file and of the search index's structure: `"ok"` when the
  /// database is sound.
  func integrityCheck() throws(JournalError) -> String {
    let report = try verify { _ in }
    return report.isSound ? "ok" : report.problems.joined(separator: "\n")
  }

  /// Checks the whole file (`PRAGMA integrity_check`), then the search index's own structure.
  ///
  /// - Parameter progress: Called with the fraction done, from 0 to 1, on the calling thread.
  /// - Returns: What was found.
  /// - Throws: A storage failure that kept the check from running.
  func verify(
    progress: (Double) -> Void
  ) throws(JournalError) -> JournalVerification {
    progress(0)
    var problems: [String] = []
    let file: [String]
    do {
      file = try database.read { connection in
        let statement = try connection.prepare("PRAGMA integrity_check")
        var lines: [String] = []
        while try statement.step() {
          lines.append(statement.text(at: 0))
        }
        return lines
      }
    } catch JournalError.Code.damaged {
      file = []
      problems.append(
        "Part of the file that holds the journal's data is damaged so badly that the check stops "
          + "there: entries stored there may be lost or wrong.")
    }
    if file != ["ok"] {
      problems += file.map(Self.describe(fileProblem:))
    }
    progress(0.8)
    // SQLite checks FTS5 tables in `integrity_check` only from version 3.44 on. The index keeps
    // no copy of the text, so this checks its own structure, not that it matches the entries.
    // It is a write statement that changes nothing, so a read-only journal skips it.
    if !database.isReadOnly {
      let index = try database.withWriter { connection in
        do {
          try connection.execute(
            "INSERT INTO entry_search (entry_search) VALUES ('integrity-check')")
          return "ok"
        } catch let error as SQLiteError where error.isDamage {
          return "\(error)"
        }
        // Any other failure (busy, a full disk) kept the check from running: thrown, typed.
      }
      if index != "ok" {
        problems.append(
          "The search index is damaged: searches may miss entries or fail. (SQLite: \(index))")
      }
    }
    progress(1)
    return JournalVerification(problems: problems)
  }
}
