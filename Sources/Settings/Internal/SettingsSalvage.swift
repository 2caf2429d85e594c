import Foundation

/// What can still be read of a settings file cut short: the members of its `values` object that
/// were written whole before the cut.
///
/// ``FilePreferencesBackend`` writes `{"schemaVersion": …, "values": {…}}` with sorted keys, one
/// member after another. A file cut in the middle (a disk that filled, a copy stopped half way)
/// still holds the version and the first values whole; everything from the member the cut falls in
/// is lost. A member is never read in part: a list of towns cut in two is dropped, not shortened.
enum SettingsSalvage {
  /// The stored preferences the whole members before the cut make, or `nil` when there are none.
  ///
  /// - Complexity: O(n) to find where members end, then one decoding per end tried, from the
  ///   last: at most a few dozen for a settings file.
  static func recover(_ data: Data) -> StoredPreferences? {
    var ends: [Int] = []
    var depth = 0
    var inString = false
    var escaped = false
    for (offset, byte) in data.enumerated() {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        // The `values` object itself closing: every member before it is whole.
        if depth == 2 { ends.append(offset) }
        depth -= 1
      // A member of `values` (the only object two levels deep) ends at its comma.
      case UInt8(ascii: ","): if depth == 2 { ends.append(offset) }
      default: break
      }
    }
    let decoder = JSONDecoder()
    for end in ends.reversed() {
      var candidate = Data(data.prefix(end))
      candidate.append(contentsOf: Array("}}".utf8))
      if let preferences = try? decoder.decode(StoredPreferences.self, from: candidate),
        !preferences.values.isEmpty
      {
        return preferences
      }
    }
    return nil
  }
}
