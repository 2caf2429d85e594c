public import Foundation

/// One perfume test strip in the scent journal: what was smelled, when, and what the person thought.
///
/// An entry is always valid: brand, perfume name and sentence are present (trimmed of surrounding
/// whitespace), every field is within its length limit, the sentence is one line, and the update
/// time is not before the creation time. Edit an entry through its ``draft``.
///
/// | field | rule |
/// |---|---|
/// | ``brand`` | required, one line, at most 100 characters |
/// | ``perfumeName`` | required, one line, at most 100 characters |
/// | ``sentence`` | required, one line, at most 200 characters |
/// | ``notes`` | optional, line breaks allowed, at most 10,000 characters |
///
/// ```swift
/// let entry = try JournalEntry(
///   day: CalendarDay(year: 2026, month: 11, day: 30),
///   brand: "Le Labo", perfumeName: "Rose 31",
///   sentence: "장미향인데 나무 냄새가 오래 남는다",
///   createdAt: .now)
/// ```
public struct JournalEntry: Identifiable, Hashable, Sendable {
  /// A journal entry's stable identity.
  public struct ID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The underlying UUID.
    public let rawValue: UUID

    /// Creates a new, unique identity.
    public init() {
      rawValue = UUID()
    }

    /// Wraps an existing UUID.
    ///
    /// - Parameter rawValue: The UUID.
    public init(_ rawValue: UUID) {
      self.rawValue = rawValue
    }

    /// The UUID's text, lower case.
    public var description: String { rawValue.uuidString.lowercased() }

    /// Decodes an identity stored as a UUID string.
    public init(from decoder: any Decoder) throws {
      rawValue = try decoder.singleValueContainer().decode(UUID.self)
    }

    /// Encodes the identity as a UUID string.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(rawValue)
    }
  }

  /// The entry's identity.
  public let id: ID
  /// The day the scent was smelled.
  public let day: CalendarDay
  /// The brand, trimmed.
  public let brand: String
  /// The perfume's name, trimmed.
  public let perfumeName: String
  /// Free text, trimmed; may be empty.
  public let notes: String
  /// The one-line sentence, trimmed.
  public let sentence: String
  /// The photo's file name in the journal's photo folder, if the entry has a photo.
  public let photo: PhotoName?
  /// Whether the entry is a favorite.
  public let isFavorite: Bool
  /// When the entry was created.
  public let createdAt: Date
  /// When the entry was last changed; equal to ``createdAt`` for a new entry.
  public let updatedAt: Date

  /// Creates an entry after validating its fields.
  ///
  /// - Parameters:
  ///   - id: The identity; a new one by default.
  ///   - day: The day the scent was smelled.
  ///   - brand: The brand; required.
  ///   - perfumeName: The perfume's name; required.
  ///   - notes: Free text; optional.
  ///   - sentence: The one-line sentence; required.
  ///   - photo: The photo's file name, if any.
  ///   - isFavorite: Whether the entry is a favorite.
  ///   - createdAt: When the entry was created.
  ///   - updatedAt: When it was last changed; `createdAt` when `nil`.
  /// - Throws: ``ModelError`` naming the first field at fault: ``ModelError/Code/emptyField``,
  ///   ``ModelError/Code/fieldTooLong``, ``ModelError/Code/invalidCharacters``, or
  ///   ``ModelError/Code/valueOutOfRange`` when `updatedAt` is before `createdAt`.
  public init(
    id: ID = ID(),
    day: CalendarDay,
    brand: String,
    perfumeName: String,
    notes: String = "",
    sentence: String,
    photo: PhotoName? = nil,
    isFavorite: Bool = false,
    createdAt: Date,
    updatedAt: Date? = nil
  ) throws(ModelError) {
    let draft = JournalEntryDraft(
      day: day, brand: brand, perfumeName: perfumeName, notes: notes, sentence: sentence,
      isFavorite: isFavorite)
    try self.init(id: id, draft: draft, photo: photo, createdAt: createdAt, updatedAt: updatedAt)
  }

  /// Creates an entry from a draft after validating it.
  ///
  /// - Parameters:
  ///   - id: The identity; a new one by default.
  ///   - draft: The fields.
  ///   - photo: The photo's file name, if any.
  ///   - createdAt: When the entry was created.
  ///   - updatedAt: When it was last changed; `createdAt` when `nil`.
  /// - Throws: ``ModelError`` naming the first field at fault, as in
  ///   ``init(id:day:brand:perfumeName:notes:sentence:photo:isFavorite:createdAt:updatedAt:)``.
  public init(
    id: ID = ID(),
    draft: JournalEntryDraft,
    photo: PhotoName? = nil,
    createdAt: Date,
    updatedAt: Date? = nil
  ) throws(ModelError) {
    let fields = try draft.validated()
    let updatedAt = updatedAt ?? createdAt
    guard updatedAt >= createdAt else {
      throw ModelError(
        .valueOutOfRange, field: "updatedAt",
        message: "An entry cannot be changed before it was created.")
    }
    self.id = id
    self.day = fields.day
    self.brand = fields.brand
    self.perfumeName = fields.perfumeName
    self.notes = fields.notes
    self.sentence = fields.sentence
    self.photo = photo
    self.isFavorite = fields.isFavorite
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }

  /// The entry's editable fields, to change in a form and save again.
  public var draft: JournalEntryDraft {
    JournalEntryDraft(
      day: day, brand: brand, perfumeName: perfumeName, notes: notes, sentence: sentence,
      isFavorite: isFavorite)
  }

  /// The length limits and line rules of each field.
  enum Limits {
    static let brand = TextRules(isRequired: true, maximumLength: 100, allowsLineBreaks: false)
    static let perfumeName = TextRules(
      isRequired: true, maximumLength: 100, allowsLineBreaks: false)
    static let sentence = TextRules(isRequired: true, maximumLength: 200, allowsLineBreaks: false)
    static let notes = TextRules(isRequired: false, maximumLength: 10_000, allowsLineBreaks: true)
  }
}

extension JournalEntry: Codable {
  private enum CodingKeys: String, CodingKey {
    case id
    case day
    case brand
    case perfumeName
    case notes
    case sentence
    case photo
    case isFavorite
    case createdAt
    case updatedAt
  }

  /// Decodes an entry and validates it like its initializer.
  ///
  /// - Throws: `DecodingError` when a field is missing, of the wrong type, or invalid.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let id = try c.decode(ID.self, forKey: .id)
    let draft = JournalEntryDraft(
      day: try c.decode(CalendarDay.self, forKey: .day),
      brand: try c.decode(String.self, forKey: .brand),
      perfumeName: try c.decode(String.self, forKey: .perfumeName),
      notes: try c.decodeIfPresent(String.self, forKey: .notes) ?? "",
      sentence: try c.decode(String.self, forKey: .sentence),
      isFavorite: try c.decodeIfPresent(Bool.self, forKey: .isFavorite) ?? false)
    let photo = try c.decodeIfPresent(PhotoName.self, forKey: .photo)
    let createdAt = try c.decode(Date.self, forKey: .createdAt)
    let updatedAt = try c.decodeIfPresent(Date.self, forKey: .updatedAt)
    self = try validated(in: c, forKey: .id) {
      try JournalEntry(
        id: id, draft: draft, photo: photo, createdAt: createdAt, updatedAt: updatedAt)
    }
  }

  /// Encodes every field.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(id, forKey: .id)
    try c.encode(day, forKey: .day)
    try c.encode(brand, forKey: .brand)
    try c.encode(perfumeName, forKey: .perfumeName)
    try c.encode(notes, forKey: .notes)
    try c.encode(sentence, forKey: .sentence)
    try c.encodeIfPresent(photo, forKey: .photo)
    try c.encode(isFavorite, forKey: .isFavorite)
    try c.encode(createdAt, forKey: .createdAt)
    try c.encode(updatedAt, forKey: .updatedAt)
  }
}
