import Foundation
import HaruModels
import Testing

struct JournalEntryTests {
  let day: CalendarDay
  let now = Date(timeIntervalSince1970: 1_796_000_000)

  init() throws {
    day = try CalendarDay(year: 2026, month: 11, day: 30)
  }

  func draft(
    brand: String = "Le Labo", perfumeName: String = "Rose 31", notes: String = "",
    sentence: String = "장미향인데 나무 냄새가 오래 남는다"
  ) -> JournalEntryDraft {
    JournalEntryDraft(
      day: day, brand: brand, perfumeName: perfumeName, notes: notes, sentence: sentence)
  }

  /// The bad-input table: each row is a draft that must be refused with this code and field.
  static let badInput: [(String, JournalEntryDraft.Field, String, ModelError.Code)] = [
    ("empty brand", .brand, "", .emptyField),
    ("whitespace brand", .brand, "  \n\t ", .emptyField),
    ("empty perfume name", .perfumeName, "", .emptyField),
    ("empty sentence", .sentence, "", .emptyField),
    ("ideographic-space sentence", .sentence, "\u{3000}", .emptyField),
    ("two-line sentence", .sentence, "첫 줄\n둘째 줄", .invalidCharacters),
    ("two-line brand", .brand, "Le\r\nLabo", .invalidCharacters),
    ("control character in name", .perfumeName, "Rose\u{0}31", .invalidCharacters),
    ("brand of 101 characters", .brand, String(repeating: "가", count: 101), .fieldTooLong),
    ("name of 101 characters", .perfumeName, String(repeating: "a", count: 101), .fieldTooLong),
    ("sentence of 201 characters", .sentence, String(repeating: "향", count: 201), .fieldTooLong),
    ("notes of 10,001 characters", .notes, String(repeating: "n", count: 10_001), .fieldTooLong),
  ]

  @Test(arguments: badInput)
  func badInputIsRefusedNamingTheField(
    label: String, field: JournalEntryDraft.Field, value: String, code: ModelError.Code
  ) {
    var draft = draft()
    draft[field] = value
    #expect(!draft.isValid, "\(label)")
    #expect(draft.validationErrors.map(\.code) == [code], "\(label)")
    #expect(draft.validationErrors.map(\.field) == [field.rawValue], "\(label)")
    do {
      _ = try JournalEntry(draft: draft, createdAt: now)
      Issue.record("\(label) was accepted")
    } catch {
      #expect(error.code == code, "\(label)")
      #expect(error.field == field.rawValue, "\(label)")
      #expect(!error.message.isEmpty)
    }
  }

  @Test func fieldsAreTrimmedAndLimitsAreInclusive() throws {
    let entry = try JournalEntry(
      draft: draft(
        brand: "  \(String(repeating: "b", count: 100))  ", perfumeName: "\tRose 31\n",
        notes: "\n첫 줄\n둘째 줄\n", sentence: " 한 줄 "),
      createdAt: now)
    #expect(entry.brand.count == 100)
    #expect(entry.perfumeName == "Rose 31")
    #expect(entry.notes == "첫 줄\n둘째 줄")
    #expect(entry.sentence == "한 줄")
    #expect(entry.updatedAt == entry.createdAt)
  }

  @Test func everyProblemOfADraftIsListedInFormOrder() {
    let draft = draft(brand: "", perfumeName: " ", sentence: "a\nb")
    #expect(draft.validationErrors.map(\.field) == ["brand", "perfumeName", "sentence"])
    #expect(JournalEntryDraft(day: day).validationErrors.count == 3)
  }

  @Test func anEntryCannotBeChangedBeforeItWasCreated() {
    let error = #expect(throws: ModelError.self) {
      try JournalEntry(draft: draft(), createdAt: now, updatedAt: now.addingTimeInterval(-1))
    }
    #expect(error?.code == .valueOutOfRange)
  }

  @Test func draftRoundTripsThroughAnEntry() throws {
    var original = draft(notes: "메모")
    original.isFavorite = true
    let entry = try JournalEntry(draft: original, photo: PhotoName("p.jpg"), createdAt: now)
    #expect(entry.draft == original)
    #expect(entry.isFavorite)
    #expect(entry.photo?.rawValue == "p.jpg")
    let same = try JournalEntry(
      id: entry.id, day: day, brand: "Le Labo", perfumeName: "Rose 31", notes: "메모",
      sentence: "장미향인데 나무 냄새가 오래 남는다", photo: PhotoName("p.jpg"), isFavorite: true,
      createdAt: now)
    #expect(same == entry)
  }

  @Test func newEntriesHaveDistinctIdentities() throws {
    let first = try JournalEntry(draft: draft(), createdAt: now)
    let second = try JournalEntry(draft: draft(), createdAt: now)
    #expect(first.id != second.id)
    #expect(first.id.description == first.id.rawValue.uuidString.lowercased())
  }
}

struct PhotoNameTests {
  @Test(arguments: [
    "", "../secret.jpg", "/etc/passwd", "photos/a.jpg", ".hidden", "-rf", "_x", "a b.jpg",
    "사진.jpg", "a..b", String(repeating: "a", count: 129), "a\u{0}.jpg", "C:\\x.jpg",
  ])
  func namesASDKCouldNotHaveMadeAreRefused(name: String) {
    let error = #expect(throws: ModelError.self) {
      try PhotoName(name)
    }
    #expect(error?.code == .invalidPhotoName)
  }

  @Test(arguments: ["a.jpg", "6f9619ff-8b86-d011-b42d-00cf4fc964ff.heic", "x_1-2.PNG", "a"])
  func plainFileNamesAreAccepted(name: String) throws {
    #expect(try PhotoName(name).rawValue == name)
  }

  @Test func uniqueNamesAreValidDistinctAndSanitised() throws {
    let first = PhotoName.unique(fileExtension: "jpg")
    let second = PhotoName.unique(fileExtension: "jpg")
    #expect(first != second)
    #expect(first.rawValue.hasSuffix(".jpg"))
    #expect(try PhotoName(first.rawValue) == first)
    let hostile = PhotoName.unique(fileExtension: "../J P\u{0}G/사진longextension")
    #expect(try PhotoName(hostile.rawValue) == hostile)
    #expect(hostile.rawValue.hasSuffix(".jpglonge"))
    let bare = PhotoName.unique(fileExtension: "")
    #expect(!bare.rawValue.contains("."))
  }
}

extension JournalEntryDraft {
  /// The text fields by name, for table-driven tests.
  enum Field: String, Sendable, CustomTestStringConvertible {
    case brand
    case perfumeName
    case sentence
    case notes

    var testDescription: String { rawValue }
  }

  subscript(field: Field) -> String {
    get {
      switch field {
      case .brand: brand
      case .perfumeName: perfumeName
      case .sentence: sentence
      case .notes: notes
      }
    }
    set {
      switch field {
      case .brand: brand = newValue
      case .perfumeName: perfumeName = newValue
      case .sentence: sentence = newValue
      case .notes: notes = newValue
      }
    }
  }
}

struct LargeInputTests {
  @Test func aTenMegabyteBrandIsRefusedAsTooLong() throws {
    let day = try CalendarDay(year: 2026, month: 11, day: 30)
    let draft = JournalEntryDraft(
      day: day, brand: String(repeating: "향", count: 10 * 1024 * 1024 / 3), perfumeName: "x",
      sentence: "y")
    #expect(draft.validationErrors.map(\.code) == [.fieldTooLong])
    #expect(draft.validationErrors.map(\.field) == ["brand"])
  }
}

struct InvisibleCharacterTests {
  @Test(arguments: ["\u{200B}", "Le\u{200B}Labo", "Rose\u{202E}31", "\u{FEFF}Aesop", "\u{200D}"])
  func invisibleFormattingIsRefusedOrCountsAsEmpty(brand: String) throws {
    let draft = JournalEntryDraft(
      day: try CalendarDay(year: 2026, month: 11, day: 30), brand: brand, perfumeName: "x",
      sentence: "y")
    let codes = draft.validationErrors.map(\.code)
    #expect(codes == [.invalidCharacters] || codes == [.emptyField], "\(codes)")
    #expect(!draft.isValid)
  }

  @Test func emojiJoinersAreKept() throws {
    let family = "👨‍👩‍👧 향수"
    let entry = try JournalEntry(
      day: try CalendarDay(year: 2026, month: 11, day: 30), brand: "Brand", perfumeName: family,
      sentence: "가족 모두 좋아함", createdAt: Date(timeIntervalSince1970: 0))
    #expect(entry.perfumeName == family)
  }
}
