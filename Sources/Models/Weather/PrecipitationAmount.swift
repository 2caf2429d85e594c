/// An amount of rain or snow, as the forecast wrote it and as a number range.
///
/// Korean forecasts write amounts as text categories — `"강수없음"`, `"1mm 미만"`, `"6.2mm"`,
/// `"30.0~50.0mm"`, `"50.0mm 이상"`, `"적설없음"`, `"0.5cm 미만"` — and change their spelling over time.
/// An amount keeps the ``originalText`` exactly and adds the ``measure`` it could read from it, so
/// nothing is lost when a new spelling appears:
///
/// ```swift
/// let rain = PrecipitationAmount(parsing: "30.0~50.0mm")
/// rain.measure                      // .between(30, 50)
/// rain.formatted(in: .english)      // "30–50 mm"
/// PrecipitationAmount(parsing: "비가 옴").measure  // nil: kept, shown as written
/// ```
public struct PrecipitationAmount: Hashable, Sendable {
  /// The unit an amount is measured in.
  public enum Unit: String, Hashable, Sendable, Codable, CaseIterable {
    /// Millimetres of rain (or melted snow).
    case millimeters = "mm"
    /// Centimetres of fresh snow.
    case centimeters = "cm"
  }

  /// An amount read from the text, in ``unit``.
  public enum Measure: Hashable, Sendable {
    /// Nothing falls.
    case nothing
    /// Less than the given amount, but more than nothing.
    case lessThan(Double)
    /// About the given amount.
    case about(Double)
    /// Between the two amounts.
    case between(Double, Double)
    /// The given amount or more.
    case atLeast(Double)
  }

  /// The text exactly as received.
  public let originalText: String
  /// The unit of ``measure``.
  public let unit: Unit
  /// The amount read from the text, or `nil` when the text is not a form Haru knows.
  public let measure: Measure?

  /// Reads an amount from forecast text.
  ///
  /// Understood forms (spaces optional, `mm` or `cm`): `"강수없음"`, `"적설없음"`, `"-"`, `"0"` and an
  /// empty string (nothing); `"1mm 미만"` (less than); `"6.2mm"` or a bare number (about);
  /// `"30.0~50.0mm"` (between); `"50.0mm 이상"` (at least). Anything else keeps its text and has no
  /// measure. A coded category such as KMA's last-day `"1"`/`"2"`/`"3"` is not recognisable from the
  /// text alone: the provider that knows the code must build the amount with
  /// ``init(originalText:unit:measure:)``.
  ///
  /// - Parameters:
  ///   - text: The text as received.
  ///   - defaultUnit: The unit to assume when the text names none.
  public init(parsing text: String, defaultUnit: Unit = .millimeters) {
    let parsed = AmountParser.parse(text)
    self.originalText = text
    self.unit = parsed.unit ?? (text.contains("적설") ? .centimeters : defaultUnit)
    self.measure = parsed.measure
  }

  /// Creates an amount whose meaning is already known.
  ///
  /// - Parameters:
  ///   - originalText: The text as received, kept for display and diagnostics.
  ///   - unit: The unit of `measure`.
  ///   - measure: The amount, or `nil` when unknown.
  /// - Throws: ``ModelError/Code/valueOutOfRange`` when an amount is negative or not finite, or a
  ///   range ends below its start.
  public init(originalText: String, unit: Unit, measure: Measure?) throws(ModelError) {
    if let measure, !measure.isValid {
      throw ModelError(
        .valueOutOfRange, field: "measure",
        message: "An amount must be 0 or more, and a range must not end below its start.")
    }
    self.originalText = originalText
    self.unit = unit
    self.measure = measure
  }

  /// The amount written for a person.
  ///
  /// Korean follows the forecast's own style (`"강수없음"`, `"1mm 미만"`, `"30~50mm"`,
  /// `"50mm 이상"`); English spells it out (`"No rain"`, `"Under 1 mm"`, `"30–50 mm"`,
  /// `"50 mm or more"`). Text that could not be read is shown as received.
  ///
  /// - Parameter language: The language to write in.
  /// - Returns: The formatted amount.
  public func formatted(in language: DisplayLanguage) -> String {
    guard let measure else { return originalText }
    let u = unit.rawValue
    switch (measure, language) {
    case (.nothing, .korean): return unit == .millimeters ? "강수없음" : "적설없음"
    case (.nothing, .english): return unit == .millimeters ? "No rain" : "No snow"
    case (.lessThan(let limit), .korean): return "\(decimal(limit))\(u) 미만"
    case (.lessThan(let limit), .english): return "Under \(decimal(limit)) \(u)"
    case (.about(let value), .korean): return "\(decimal(value))\(u)"
    case (.about(let value), .english): return "\(decimal(value)) \(u)"
    case (.between(let low, let high), .korean): return "\(decimal(low))~\(decimal(high))\(u)"
    case (.between(let low, let high), .english): return "\(decimal(low))–\(decimal(high)) \(u)"
    case (.atLeast(let limit), .korean): return "\(decimal(limit))\(u) 이상"
    case (.atLeast(let limit), .english): return "\(decimal(limit)) \(u) or more"
    }
  }
}

/// A number with at most one decimal, without a trailing `.0`.
func decimal(_ value: Double) -> String {
  guard let tenths = wholeTenths(of: value) else { return "\(value)" }
  let sign = tenths < 0 ? "-" : ""
  let whole = abs(tenths) / 10
  let fraction = abs(tenths) % 10
  return fraction == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
}

/// A number in whole tenths, rounded half away from zero; `nil` unless its size is under 10⁹.
///
/// Up to 10¹⁰ tenths: `Int64`, since a 32-bit `Int` (Apple Watch) holds only 2³¹ − 1.
func wholeTenths(of value: Double) -> Int64? {
  guard value.isFinite, abs(value) < 1e9 else { return nil }
  return Int64((value * 10).rounded(.toNearestOrAwayFromZero))
}

extension PrecipitationAmount: Codable {
  private enum CodingKeys: String, CodingKey {
    case text
    case unit
    case measure
  }

  /// Decodes an amount stored as its original text, unit and measure.
  ///
  /// When the stored measure is absent, the text is read again with ``init(parsing:defaultUnit:)``,
  /// so amounts stored by hand as just text and unit decode too.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let text = try container.decode(String.self, forKey: .text)
    let unit = try container.decode(Unit.self, forKey: .unit)
    if container.contains(.measure) {
      let measure = try container.decodeIfPresent(Measure.self, forKey: .measure)
      self = try validated(in: container, forKey: .measure) {
        try PrecipitationAmount(originalText: text, unit: unit, measure: measure)
      }
    } else {
      self.init(parsing: text, defaultUnit: unit)
    }
  }

  /// Encodes the original text, the unit and the measure (`null` when unknown).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(originalText, forKey: .text)
    try container.encode(unit, forKey: .unit)
    try container.encode(measure, forKey: .measure)
  }
}

extension PrecipitationAmount.Measure {
  /// Whether every amount is a finite number of 0 or more and a range does not end below its start.
  var isValid: Bool {
    func isAmount(_ value: Double) -> Bool { value.isFinite && value >= 0 }
    switch self {
    case .nothing: return true
    case .lessThan(let value), .about(let value), .atLeast(let value): return isAmount(value)
    case .between(let low, let high): return isAmount(low) && isAmount(high) && low <= high
    }
  }

  /// The most the measure allows, for comparing amounts: a range counts as its upper end, "at
  /// least" as its lower bound.
  var upperEstimate: Double {
    switch self {
    case .nothing: 0
    case .lessThan(let value), .about(let value), .atLeast(let value): value
    case .between(_, let high): high
    }
  }
}

extension PrecipitationAmount.Measure: Codable {
  private enum CodingKeys: String, CodingKey {
    case kind
    case value
    case high
  }

  private enum Kind: String, Codable {
    case nothing
    case lessThan
    case about
    case between
    case atLeast
  }

  /// Decodes a measure stored as `{"kind": "between", "value": 30, "high": 50}`.
  ///
  /// - Throws: `DecodingError` for an unknown kind, a missing or negative value, or a range whose
  ///   upper end is below its lower end.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let kind = try container.decode(Kind.self, forKey: .kind)
    if kind == .nothing {
      self = .nothing
      return
    }
    let value = try container.decode(Double.self, forKey: .value)
    let measure: Self
    switch kind {
    case .nothing: measure = .nothing
    case .lessThan: measure = .lessThan(value)
    case .about: measure = .about(value)
    case .atLeast: measure = .atLeast(value)
    case .between: measure = .between(value, try container.decode(Double.self, forKey: .high))
    }
    guard measure.isValid else {
      throw DecodingError.dataCorruptedError(
        forKey: .value, in: container,
        debugDescription: "An amount must be 0 or more, and a range must not end below its start.")
    }
    self = measure
  }

  /// Encodes the kind and its amounts.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .nothing:
      try container.encode(Kind.nothing, forKey: .kind)
    case .lessThan(let value):
      try container.encode(Kind.lessThan, forKey: .kind)
      try container.encode(value, forKey: .value)
    case .about(let value):
      try container.encode(Kind.about, forKey: .kind)
      try container.encode(value, forKey: .value)
    case .between(let low, let high):
      try container.encode(Kind.between, forKey: .kind)
      try container.encode(low, forKey: .value)
      try container.encode(high, forKey: .high)
    case .atLeast(let value):
      try container.encode(Kind.atLeast, forKey: .kind)
      try container.encode(value, forKey: .value)
    }
  }
}
