import Foundation

/// A result code of the KMA open API (`response.header.resultCode`, or `returnReasonCode` in the
/// gateway's XML envelope), normalised so that `"0"`, `"00"` and `"000"` compare equal.
struct KMAResultCode: Hashable, Sendable {
  /// Two digits, such as `"00"` or `"30"`; or the trimmed text when it is not a number.
  let rawValue: String

  init(_ text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    if !trimmed.isEmpty, trimmed.count <= 4, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }),
      let number = Int(trimmed)
    {
      rawValue = number < 10 ? "0\(number)" : String(number)
    } else {
      rawValue = trimmed
    }
  }

  static let normal = KMAResultCode("00")
  static let noData = KMAResultCode("03")

  /// Whether asking again later may succeed: application, database and HTTP errors and timeouts
  /// (01, 02, 04, 05). Key, quota and parameter errors (10–33) never heal by retrying.
  var isTransient: Bool {
    ["01", "02", "04", "05"].contains(rawValue)
  }
}
