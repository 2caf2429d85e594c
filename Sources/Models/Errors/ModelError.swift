/// An error that describes a value the models refuse to hold.
///
/// The types in `HaruModels` that carry rules — coordinates, grid points, towns, calendar days,
/// probabilities, photo names and journal entries — validate their input when they are created, so an
/// invalid one cannot exist. When the input is wrong, the initializer throws a
/// ``ModelError`` whose ``code`` says what kind of problem it is and whose ``description`` says what to do
/// about it. Match on the code, never on the message:
///
/// ```swift
/// do {
///   _ = try GridPoint(containing: Coordinate(latitude: 10, longitude: 10))
/// } catch ModelError.Code.outsideForecastGrid {
///   // The place is not covered by the forecast grid.
/// }
/// ```
///
/// New codes can be added without breaking clients, because ``Code`` is a struct, not an enum.
public struct ModelError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kind of problem, stable across releases and suitable for `switch` and `catch` patterns.
  public struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    /// The code's stable identifier, such as `"outside-forecast-grid"`.
    public let rawValue: String

    /// Creates a code from its stable identifier.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// The stable identifier.
    public var description: String { rawValue }

    /// A latitude or longitude is not a finite number within its range.
    public static let invalidCoordinate = Code(rawValue: "invalid-coordinate")
    /// A place or grid cell lies outside the 149 × 253 cell forecast grid over South Korea.
    public static let outsideForecastGrid = Code(rawValue: "outside-forecast-grid")
    /// A year, month and day do not name a day of the Gregorian calendar.
    public static let invalidDay = Code(rawValue: "invalid-day")
    /// A required text field is empty once surrounding whitespace is removed.
    public static let emptyField = Code(rawValue: "empty-field")
    /// A text field is longer than its limit.
    public static let fieldTooLong = Code(rawValue: "field-too-long")
    /// A text field holds a character it may not contain, such as a line break in a one-line field.
    public static let invalidCharacters = Code(rawValue: "invalid-characters")
    /// A photo file name is not one the SDK could have made.
    public static let invalidPhotoName = Code(rawValue: "invalid-photo-name")
    /// A grid point given with a coordinate is neither the cell the coordinate lies in nor one of
    /// its neighbours.
    public static let gridPointMismatch = Code(rawValue: "grid-point-mismatch")
    /// A value is outside the range its type allows, such as a probability above 100 %.
    public static let valueOutOfRange = Code(rawValue: "value-out-of-range")

    /// Matches an error against a code, so that `catch ModelError.Code.emptyField` works.
    ///
    /// - Parameters:
    ///   - code: The code to look for.
    ///   - error: Any error.
    /// - Returns: Whether `error` is a ``ModelError`` with that code.
    public static func ~= (code: Code, error: any Error) -> Bool {
      (error as? ModelError)?.code == code
    }
  }

  /// What kind of problem this is.
  public let code: Code

  /// The name of the field or parameter at fault, such as `"brand"` or `"latitude"`, when there is one.
  public let field: String?

  /// A sentence a person can act on.
  public let message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: What kind of problem this is.
  ///   - field: The name of the field or parameter at fault, if any.
  ///   - message: A sentence a person can act on.
  public init(_ code: Code, field: String? = nil, message: String) {
    self.code = code
    self.field = field
    self.message = message
  }

  /// The message, prefixed with the field at fault.
  public var description: String {
    if let field {
      return "\(field): \(message)"
    }
    return message
  }
}
