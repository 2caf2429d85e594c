import Foundation
import HaruJournal
import HaruModels
import Testing

@testable import HaruJournalViewModels
@testable import HaruViewModelCore

@MainActor
@Suite(.timeLimit(.minutes(3)))
struct JournalEditorViewModelTests {
  typealias Editor = JournalEditorViewModel

  @Test func aNewEntryIsTypedSavedAndClosesTheEditor() async throws {
    let fixture = try JournalFixture()
    var viewModel: Editor? = Editor(
      journal: fixture.journal, mode: .new(day: JournalFixture.day), language: .english)
    let work = try #require(viewModel?.work)
    let input = Editor.Input()
    let output = try #require(viewModel?.transform(input))
    do {
      let model = try #require(viewModel)
      model.startRecording()

      input.brand.send("Le Labo")
      input.perfumeName.send("Rose 31")
      input.sentence.send("장미향인데 나무 냄새가 오래 남는다")
      input.notes.send("오후에 시향")
      input.pickPhoto.send(JournalFixture.png)
      input.save.send()
      await model.untilIdle()

      #expect(model.isFormValid.history == [false, true])
      #expect(
        model.draft.history?.map(\.brand) == ["", "Le Labo", "Le Labo", "Le Labo", "Le Labo"])
      #expect(model.photo.history == [.none, .picked(JournalFixture.png)])
      #expect(model.isSaving.history == [false, true, false])
      #expect(model.errorMessage.history == [nil])
      let saved = try #require(model.dismissalHistory.first)
      guard case .saved(let entry) = saved else {
        Issue.record("expected a saved entry, got \(saved)")
        return
      }
      #expect(model.dismissalHistory.count == 1)
      #expect(entry.perfumeName == "Rose 31")
      #expect(entry.notes == "오후에 시향")
      #expect(entry.photo != nil)
    }
    #expect(try await fixture.journal.count(in: .all) == 1)
    await expectReleased(&viewModel, work: work)
    var dismissals = output.dismissals.makeAsyncIterator()
    if case .saved(let entry)? = await dismissals.next() {
      #expect(entry.brand == "Le Labo")
    } else {
      Issue.record("the dismissal did not arrive")
    }
    #expect(await dismissals.next() == nil)
  }

  @Test func whitespaceIsNotEnoughAndSavingSaysWhichFieldIsMissing() async throws {
    let fixture = try JournalFixture()
    let viewModel = Editor(
      journal: fixture.journal, mode: .new(day: JournalFixture.day), language: .english)
    viewModel.startRecording()
    let input = Editor.Input()
    _ = viewModel.transform(input)

    input.brand.send("   ")
    input.perfumeName.send("Rose 31")
    input.sentence.send("\n")
    input.save.send()
    await viewModel.untilIdle()

    #expect(viewModel.isFormValid.history == [false])
    #expect(viewModel.errorMessage.history == [nil, "Enter the brand."])
    #expect(viewModel.isSaving.history == [false])
    #expect(viewModel.draft.value.perfumeName == "Rose 31")
    #expect(viewModel.dismissalHistory.isEmpty)
    #expect(try await fixture.journal.count(in: .all) == 0)
  }

  /// Forms that look complete but that the journal refuses: the reason is shown, nothing is saved,
  /// and every field stays as typed.
  nonisolated static let refusedForms: [(String, String, String, Data?, String, String)] = [
    (
      String(repeating: "L", count: 101), "Rose 31", "좋다", nil,
      "The brand is too long. Shorten it.", "브랜드이(가) 너무 길어요. 줄여 주세요."
    ),
    (
      "Le Labo", "Rose 31", "첫 줄\n둘째 줄", nil,
      "Write the one-line sentence on a single line.", "한 줄 문장은(는) 한 줄로 입력해 주세요."
    ),
    (
      "Le Labo", "Rose 31", "좋다", Data("not a picture".utf8),
      "Only JPEG, PNG or HEIC photos can be saved. Choose another photo.",
      "JPEG, PNG, HEIC 사진만 저장할 수 있어요. 다른 사진을 골라 주세요."
    ),
  ]

  @Test(arguments: [DisplayLanguage.english, .korean], 0..<refusedForms.count)
  func aRefusedSaveShowsWhyAndKeepsTheDraft(language: DisplayLanguage, row: Int) async throws {
    let (brand, name, sentence, photo, english, korean) = Self.refusedForms[row]
    let fixture = try JournalFixture()
    let viewModel = Editor(
      journal: fixture.journal, mode: .new(day: JournalFixture.day), language: language)
    let input = Editor.Input()
    _ = viewModel.transform(input)
    input.brand.send(brand)
    input.perfumeName.send(name)
    input.sentence.send(sentence)
    if let photo { input.pickPhoto.send(photo) }
    await viewModel.untilIdle()
    viewModel.startRecording()

    input.save.send()
    await viewModel.untilIdle()

    #expect(viewModel.errorMessage.history == [nil, language == .english ? english : korean])
    #expect(viewModel.isSaving.history == [false, true, false])
    #expect(viewModel.draft.history?.count == 1)
    #expect(viewModel.draft.value.brand == brand)
    #expect(viewModel.draft.value.sentence == sentence)
    #expect(viewModel.dismissalHistory.isEmpty)
    #expect(try await fixture.journal.count(in: .all) == 0)
  }

  @Test func editingChangesTheEntryAndRemovesItsPhoto() async throws {
    let fixture = try JournalFixture()
    let original = try await fixture.add("Le Labo", "Rose 31", photo: JournalFixture.png)
    let photoURL: URL
    guard case .stored(let url)? = fixture.journal.photo(of: original) else {
      Issue.record("the photo was not stored")
      return
    }
    photoURL = url
    let viewModel = Editor(journal: fixture.journal, mode: .edit(original), language: .english)
    viewModel.startRecording()
    let input = Editor.Input()
    _ = viewModel.transform(input)

    input.sentence.send("저녁엔 나무 향만 남는다")
    input.removePhoto.send()
    input.save.send()
    await viewModel.untilIdle()

    #expect(viewModel.isFormValid.history == [true])
    #expect(viewModel.photo.history == [.stored(.stored(photoURL)), .none])
    #expect(viewModel.isSaving.history == [false, true, false])
    let stored = try #require(try await fixture.journal.entry(original.id))
    #expect(stored.sentence == "저녁엔 나무 향만 남는다")
    #expect(stored.photo == nil)
    #expect(!FileManager.default.fileExists(atPath: photoURL.path))
    #expect(viewModel.dismissalHistory == [.saved(stored)])
    #expect(try await fixture.journal.count(in: .all) == 1)
  }

  @Test func savingAnEntryDeletedMeanwhileShowsAnErrorAndKeepsTheDraft() async throws {
    let fixture = try JournalFixture()
    let original = try await fixture.add("Le Labo", "Rose 31")
    let viewModel = Editor(journal: fixture.journal, mode: .edit(original), language: .korean)
    viewModel.startRecording()
    let input = Editor.Input()
    _ = viewModel.transform(input)

    try await fixture.journal.delete(original.id)
    input.brand.send("LE LABO")
    input.save.send()
    await viewModel.untilIdle()

    #expect(viewModel.errorMessage.history == [nil, "이 기록은 이미 삭제되었어요."])
    #expect(viewModel.draft.value.brand == "LE LABO")
    #expect(viewModel.dismissalHistory.isEmpty)
  }

  @Test func tappingSaveTwiceSavesOnceAndASecondSaveChangesTheSameEntry() async throws {
    let fixture = try JournalFixture()
    let viewModel = Editor(
      journal: fixture.journal, mode: .new(day: JournalFixture.day), language: .english)
    let input = Editor.Input()
    _ = viewModel.transform(input)
    input.brand.send("Diptyque")
    input.perfumeName.send("Philosykos")
    input.sentence.send("무화과 잎")
    input.save.send()
    input.save.send()
    await viewModel.untilIdle()
    input.sentence.send("무화과 잎, 초록")
    input.save.send()
    await viewModel.untilIdle()

    #expect(try await fixture.journal.count(in: .all) == 1)
    #expect(viewModel.dismissalHistory.count == 2)
    let page = try await fixture.journal.entries(in: .all)
    #expect(page.entries.map(\.sentence) == ["무화과 잎, 초록"])
  }

  @Test func cancellingClosesTheEditorWithoutSaving() async throws {
    let fixture = try JournalFixture()
    let viewModel = Editor(
      journal: fixture.journal, mode: .new(day: JournalFixture.day), language: .english)
    let input = Editor.Input()
    let output = viewModel.transform(input)

    input.brand.send("Le Labo")
    input.cancel.send()
    await viewModel.untilIdle()

    var dismissals = output.dismissals.makeAsyncIterator()
    #expect(await dismissals.next() == .cancelled)
    #expect(try await fixture.journal.count(in: .all) == 0)
  }
}
