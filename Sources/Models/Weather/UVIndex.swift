/// 자외선지수: the strength of the sun's ultraviolet light, a whole number from 0 up, with KMA's
/// grade.
///
/// ```swift
/// let noon = try UVIndex(7)
/// noon.grade                             // .high
/// noon.grade.displayName(in: .korean)    // "높음"
/// noon.grade.displayName(in: .english)   // "High"
/// ```
///
/// KMA's grades: 0–2 낮음, 3–5 보통, 6–7 높음, 8–10 매우높음, 11 and above 위험. 출처: 기상청.
public struct UVIndex: Hashable, Sendable, Comparable {
  /// KMA's grade of an index.
  ///
  /// ```swift
  /// try UVIndex(2).grade   // .low
  /// try UVIndex(3).grade   // .moderate
  /// try UVIndex(11).grade  // .extreme
  /// ```
  public enum Grade: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    /// 0–2: 낮음.
    case low
    /// 3–5: 보통.
    case moderate
    /// 6–7: 높음.
    case high
    /// 8–10: 매우높음.
    case veryHigh
    /// 11 and above: 위험.
    case extreme

    /// The grade of an index value.
    ///
    /// - Parameter value: The index, 0 or more.
    public init(value: Int) {
      switch value {
      case ...2: self = .low
      case 3...5: self = .moderate
      case 6...7: self = .high
      case 8...10: self = .veryHigh
      default: self = .extreme
      }
    }

    /// The grade's name as KMA writes it, or in English: "낮음", "보통", "높음", "매우높음",
    /// "위험" or "Low", "Moderate", "High", "Very high", "Extreme".
    ///
    /// - Parameter language: The language to write in.
    /// - Returns: The display name.
    public func displayName(in language: DisplayLanguage) -> String {
      KMAGradeWords.name(ofStep: rank, in: language)
    }

    /// Orders grades from the weakest light to the strongest.
    public static func < (lhs: Grade, rhs: Grade) -> Bool {
      lhs.rank < rhs.rank
    }

    private var rank: Int {
      switch self {
      case .low: 0
      case .moderate: 1
      case .high: 2
      case .veryHigh: 3
      case .extreme: 4
      }
    }
  }

  /// The index, 0 or more.
  public let value: Int

  /// Creates an index.
  ///
  /// - Parameter value: The index, 0 or more.
  /// - Throws: ``ModelError/Code/valueOutOfRange`` when `value` is negative.
  public init(_ value: Int) throws(ModelError) {
    guard value >= 0 else {
      throw ModelError(
        .valueOutOfRange, field: "value",
        message: "\(value) is not a UV index; an index is 0 or more.")
    }
    self.value = value
  }

  /// KMA's grade of the index.
  public var grade: Grade { Grade(value: value) }

  /// Orders indices from the weakest light to the strongest.
  public static func < (lhs: UVIndex, rhs: UVIndex) -> Bool {
    lhs.value < rhs.value
  }
}

extension UVIndex: Codable {
  /// Decodes an index stored as a whole number.
  ///
  /// - Throws: `DecodingError.dataCorrupted` when the number is negative.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let value = try container.decode(Int.self)
    do {
      try self.init(value)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
    }
  }

  /// Encodes the whole number.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(value)
  }
}
