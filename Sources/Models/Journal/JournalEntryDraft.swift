/// The editable fields of a journal entry, as a form holds them while a person types.
///
/// A draft can hold anything, including empty or overlong text; ``validationErrors`` says what is
/// wrong, field by field, so a form can show every problem at once. A valid draft becomes a
/// ``JournalEntry`` with ``JournalEntry/init(id:draft:photo:createdAt:updatedAt:)``.
///
/// ```swift
/// var draft = JournalEntryDraft(day: today)
/// draft.brand = "Diptyque"
/// draft.perfumeName = "Philosykos"
/// draft.isValid  // false: the one-line sentence is still empty
/// ```
public struct JournalEntryDraft: Hashable, Sendable, Codable {
  /// The day the scent was smelled.
  public var day: CalendarDay
  /// The brand, such as "Jo Malone London". Required.
  public var brand: String
  /// The perfume's name, such as "English Pear & Freesia". Required.
  public var perfumeName: String
  /// Free text: the notes, where and how it was tried. Optional; line breaks allowed.
  public var notes: String
  /// The one-line sentence that sums the scent up. Required; one line.
  public var sentence: String
  /// Whether the entry is a favorite.
  public var isFavorite: Bool

  /// Creates a draft.
  ///
  /// - Parameters:
  ///   - day: The day the scent was smelled.
  ///   - brand: The brand.
  ///   - perfumeName: The perfume's name.
  ///   - notes: Free text.
  ///   - sentence: The one-line sentence.
  ///   - isFavorite: Whether the entry is a favorite.
  public init(
    day: CalendarDay,
    brand: String = "",
    perfumeName: String = "",
    notes: String = "",
    sentence: String = "",
    isFavorite: Bool = false
  ) {
    self.day = day
    self.brand = brand
    self.perfumeName = perfumeName
    self.notes = notes
    self.sentence = sentence
    self.isFavorite = isFavorite
  }

  /// Every problem with the draft, one per field at fault, in the order of the form:
  /// brand, perfume name, sentence, notes. Empty when the draft is valid.
  public var validationErrors: [ModelError] {
    var errors: [ModelError] = []
    for (rules, value, field) in fields {
      do {
        _ = try rules.validate(value, field: field)
      } catch {
        errors.append(error)
      }
    }
    return errors
  }

  /// Whether the draft can be saved.
  public var isValid: Bool { validationErrors.isEmpty }

  /// The trimmed fields, or the first problem.
  func validated() throws(ModelError) -> JournalEntryDraft {
    var copy = self
    copy.brand = try JournalEntry.Limits.brand.validate(brand, field: "brand")
    copy.perfumeName = try JournalEntry.Limits.perfumeName.validate(
      perfumeName, field: "perfumeName")
    copy.sentence = try JournalEntry.Limits.sentence.validate(sentence, field: "sentence")
    copy.notes = try JournalEntry.Limits.notes.validate(notes, field: "notes")
    return copy
  }

  private var fields: [(TextRules, String, String)] {
    [
      (JournalEntry.Limits.brand, brand, "brand"),
      (JournalEntry.Limits.perfumeName, perfumeName, "perfumeName"),
      (JournalEntry.Limits.sentence, sentence, "sentence"),
      (JournalEntry.Limits.notes, notes, "notes"),
    ]
  }
}
