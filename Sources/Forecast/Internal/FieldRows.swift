/// Reads each row as the values of the fields named, in the order named; every other member is
/// skipped without making a string of it.
///
/// The reader for the services whose rows are flat objects of text: AirKorea's, KMA's warnings,
/// the mid-term forecast, and KMA's living and health indices (UV's `h0`…`h75`, pollen's
/// `today`…`twodaysaftertomorrow`). A value is the text sent (a number keeps its text); `null`, an
/// object, a list and a field that is not there are `nil`.
struct FieldRows: EnvelopeRowReader {
  /// The names, as UTF-8.
  private let names: [[UInt8]]

  /// A reader of the fields named.
  ///
  /// - Parameter fields: The names; a row holds their values in this order.
  init(_ fields: [String]) {
    names = fields.map { Array($0.utf8) }
  }

  func row(from scanner: inout EnvelopeScanner) throws(EnvelopeFailure) -> [String?] {
    var values = [String?](repeating: nil, count: names.count)
    var first = true
    while let key = try scanner.nextKey(&first) {
      let index = names.firstIndex { name in
        name.withUnsafeBytes { scanner.matches(key, $0) }
      }
      if let index {
        values[index] = try scanner.scalarText()
      } else {
        try scanner.skipValue(depth: 6)
      }
    }
    return values
  }
}
