/// A chance, in whole percent from 0 to 100.
public struct Probability: Hashable, Sendable, Comparable {
  /// The chance in percent, 0…100.
  public let percent: Int

  /// Creates a probability.
  ///
  /// - Parameter percent: The chance in percent.
  /// - Throws: ``ModelError/Code/valueOutOfRange`` when `percent` is not within 0…100.
  public init(percent: Int) throws(ModelError) {
    guard (0...100).contains(percent) else {
      throw ModelError(
        .valueOutOfRange, field: "percent",
        message: "\(percent) is not a probability; use a percentage between 0 and 100.")
    }
    self.percent = percent
  }

  /// The probability written for a person, `"60%"`.
  public var formatted: String { "\(percent)%" }

  /// Orders probabilities from less to more likely.
  public static func < (lhs: Probability, rhs: Probability) -> Bool {
    lhs.percent < rhs.percent
  }
}

extension Probability: Codable {
  /// Decodes a probability stored as a whole number of percent.
  ///
  /// - Throws: `DecodingError.dataCorrupted` when the number is not within 0…100.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let percent = try container.decode(Int.self)
    do {
      try self.init(percent: percent)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
    }
  }

  /// Encodes the whole number of percent.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(percent)
  }
}
