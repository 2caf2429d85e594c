/// One item of an answer of `VilageFcstInfoService_2.0` (short-term, ultra-short, nowcast).
/// Dates are `yyyymmdd` and times `hhmm` as numbers; -1 when absent or unreadable.
///
/// The numbers are `Int64` on every platform: the scanner reads up to 12 digits (a date and time
/// such as `202611300600`), more than a 32-bit `Int` holds on Apple Watch.
struct KMAItem {
  var category: KMACategory = .unknown
  var baseDate: Int64 = -1
  var baseTime: Int64 = -1
  var forecastDate: Int64 = -1
  var forecastTime: Int64 = -1
  /// `fcstValue`, or `obsrValue` for the nowcast; always text, as the service sends it.
  var value: String?
  /// The grid cell; `nil` when absent, unreadable or past any cell (so past an `Int`).
  var nx: Int?
  var ny: Int?
}

/// Reads the items of `VilageFcstInfoService_2.0` by their members' lengths and bytes, without
/// making a string of any name: the hot path of every forecast.
struct KMAItemReader: EnvelopeRowReader {
  func row(from scanner: inout EnvelopeScanner) throws(EnvelopeFailure) -> KMAItem {
    var item = KMAItem()
    var first = true
    while let key = try scanner.nextKey(&first) {
      switch Field(key, in: scanner) {
      case .category:
        item.category = try scanner.threeByteCode().map(KMACategory.init(code:)) ?? .unknown
      case .baseDate: item.baseDate = try scanner.digits()
      case .baseTime: item.baseTime = try scanner.digits()
      case .forecastDate: item.forecastDate = try scanner.digits()
      case .forecastTime: item.forecastTime = try scanner.digits()
      case .forecastValue, .observedValue: item.value = try scanner.scalarText()
      case .nx: item.nx = try scanner.integer().flatMap { Int(exactly: $0) }
      case .ny: item.ny = try scanner.integer().flatMap { Int(exactly: $0) }
      case .other: try scanner.skipValue(depth: 6)
      }
    }
    return item
  }

  /// The members of an item Haru reads.
  private enum Field {
    case category, baseDate, baseTime, forecastDate, forecastTime, forecastValue, observedValue
    case nx, ny, other

    private static let eightLetterNames: [(name: StaticString, field: Field)] = [
      ("category", .category), ("fcstDate", .forecastDate), ("fcstTime", .forecastTime),
      ("baseDate", .baseDate), ("baseTime", .baseTime),
    ]

    init(_ key: EnvelopeScanner.Key, in scanner: EnvelopeScanner) {
      // The service never escapes these names.
      guard !key.hasEscapes else {
        self = .other
        return
      }
      switch key.count {
      case 2:
        if scanner.isUnescaped(key, "nx") {
          self = .nx
        } else if scanner.isUnescaped(key, "ny") {
          self = .ny
        } else {
          self = .other
        }
      case 8:
        self = Self.eightLetterNames.first { scanner.isUnescaped(key, $0.name) }?.field ?? .other
      case 9:
        if scanner.isUnescaped(key, "fcstValue") {
          self = .forecastValue
        } else if scanner.isUnescaped(key, "obsrValue") {
          self = .observedValue
        } else {
          self = .other
        }
      default:
        self = .other
      }
    }
  }
}

extension EnvelopeReader {
  /// Reads an answer of `VilageFcstInfoService_2.0`: its items, or the error it stands for.
  ///
  /// - Parameter response: The answer.
  /// - Returns: The envelope of a normal answer, items included.
  /// - Throws: ``ForecastError`` for every other answer; `03` is ``ForecastError/Code/noData``.
  static func kmaItems(_ response: HTTPResponse) throws(ForecastError) -> Envelope<KMAItem> {
    try read(response, from: .kma, rows: KMAItemReader())
  }
}
