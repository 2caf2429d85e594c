public import Foundation
public import HaruJournal
public import HaruModels
public import HaruViewModelCore

/// The journal editor: a new entry or an existing one, its fields and photo, and saving.
///
/// The form can be saved once the brand, the perfume name and the sentence hold more than
/// whitespace (``Output/isFormValid``). Saving either closes the editor — a
/// ``Dismissal/saved(_:)`` arrives on ``Output/dismissals`` — or shows why it failed in
/// ``Output/errorMessage``, keeping everything typed so far.
///
/// ```swift
/// let viewModel = JournalEditorViewModel(journal: journal, mode: .new(day: today), language: .korean)
/// let input = JournalEditorViewModel.Input()
/// let output = viewModel.transform(input)
/// brandField.onChange { input.brand.send($0) }
/// saveButton.onTap { input.save.send() }
/// for await dismissal in output.dismissals { close() }
/// ```
@MainActor
public final class JournalEditorViewModel {
  /// Whether the editor writes a new entry or changes one.
  public enum Mode: Hashable, Sendable {
    /// A new entry for a day.
    case new(day: CalendarDay)
    /// An existing entry.
    case edit(JournalEntry)
  }

  /// The photo the form shows.
  public enum Photo: Hashable, Sendable {
    /// No photo.
    case none
    /// The photo the entry has in the journal (or a note that its file is missing).
    case stored(JournalPhoto)
    /// A photo the person picked, not saved yet.
    case picked(Data)
  }

  /// Why the editor closes.
  public enum Dismissal: Hashable, Sendable {
    /// The entry was saved; here it is as stored.
    case saved(JournalEntry)
    /// The person cancelled; nothing was saved.
    case cancelled
  }

  /// What the person does in the editor.
  public struct Input: Sendable {
    /// The person picked the day the scent was smelled.
    public let day = UserEvents<CalendarDay>()
    /// The brand field changed.
    public let brand = UserEvents<String>()
    /// The perfume name field changed.
    public let perfumeName = UserEvents<String>()
    /// The notes field changed.
    public let notes = UserEvents<String>()
    /// The one-line sentence field changed.
    public let sentence = UserEvents<String>()
    /// The person picked a photo: its bytes (JPEG, PNG or HEIC).
    public let pickPhoto = UserEvents<Data>()
    /// The person removed the photo.
    public let removePhoto = UserEvents<Void>()
    /// The person tapped Save.
    public let save = UserEvents<Void>()
    /// The person tapped Cancel.
    public let cancel = UserEvents<Void>()

    /// Creates an input with empty event streams.
    public init() {}
  }

  /// What the editor shows. Each observation starts with the current value.
  public struct Output: Sendable {
    /// The fields as typed.
    public let draft: ValueObservation<JournalEntryDraft>
    /// Whether the brand, the perfume name and the sentence hold more than whitespace.
    public let isFormValid: ValueObservation<Bool>
    /// The photo to show.
    public let photo: ValueObservation<Photo>
    /// Whether a save is under way; the Save button should be disabled meanwhile.
    public let isSaving: ValueObservation<Bool>
    /// Why the last save failed, in the editor's language; `nil` otherwise.
    public let errorMessage: ValueObservation<String?>
    /// When the editor should close. One listener; the sequence ends when the view model is
    /// released.
    public let dismissals: AsyncStream<Dismissal>
  }

  private let journal: JournalRepository
  private let language: DisplayLanguage
  private var editedEntry: JournalEntry?
  let work = WorkBag()
  let draft: OutputSubject<JournalEntryDraft>
  let isFormValid: OutputSubject<Bool>
  let photo: OutputSubject<Photo>
  let isSaving = OutputSubject(false)
  let errorMessage = OutputSubject<String?>(nil)
  private let dismissalStream: AsyncStream<Dismissal>
  private let dismissal: AsyncStream<Dismissal>.Continuation
  /// Every dismissal sent, for tests.
  private(set) var dismissalHistory: [Dismissal] = []

  /// Creates the view model.
  ///
  /// - Parameters:
  ///   - journal: The journal to save to.
  ///   - mode: A new entry, or the entry to change.
  ///   - language: The language of error messages.
  public init(journal: JournalRepository, mode: Mode, language: DisplayLanguage) {
    self.journal = journal
    self.language = language
    let initialDraft: JournalEntryDraft
    let initialPhoto: Photo
    switch mode {
    case .new(let day):
      initialDraft = JournalEntryDraft(day: day)
      initialPhoto = .none
    case .edit(let entry):
      editedEntry = entry
      initialDraft = entry.draft
      initialPhoto = journal.photo(of: entry).map(Photo.stored) ?? .none
    }
    draft = OutputSubject(initialDraft)
    isFormValid = OutputSubject(Self.isComplete(initialDraft))
    photo = OutputSubject(initialPhoto)
    (dismissalStream, dismissal) = AsyncStream.makeStream(of: Dismissal.self)
  }

  deinit {
    work.cancelAll()
    dismissal.finish()
  }

  /// Starts following an input and returns the editor's outputs.
  ///
  /// Calling `transform(_:)` again stops following the previous input.
  ///
  /// - Parameter input: The events of the editor.
  /// - Returns: The outputs to bind the editor to.
  public func transform(_ input: Input) -> Output {
    work.startInput()
    work.follow(input.day) { [weak self] day in self?.edit { $0.day = day } }
    work.follow(input.brand) { [weak self] text in self?.edit { $0.brand = text } }
    work.follow(input.perfumeName) { [weak self] text in self?.edit { $0.perfumeName = text } }
    work.follow(input.notes) { [weak self] text in self?.edit { $0.notes = text } }
    work.follow(input.sentence) { [weak self] text in self?.edit { $0.sentence = text } }
    work.follow(input.pickPhoto) { [weak self] data in self?.photo.send(.picked(data)) }
    work.follow(input.removePhoto) { [weak self] in self?.photo.send(.none) }
    work.follow(input.save) { [weak self] in self?.save() }
    work.follow(input.cancel) { [weak self] in self?.dismiss(.cancelled) }
    return Output(
      draft: draft.observation, isFormValid: isFormValid.observation, photo: photo.observation,
      isSaving: isSaving.observation, errorMessage: errorMessage.observation,
      dismissals: dismissalStream)
  }

  private func edit(_ change: (inout JournalEntryDraft) -> Void) {
    var changed = draft.value
    change(&changed)
    draft.send(changed)
    isFormValid.send(Self.isComplete(changed))
  }

  private static func isComplete(_ draft: JournalEntryDraft) -> Bool {
    ![draft.brand, draft.perfumeName, draft.sentence].contains { $0.trimmingWhitespace.isEmpty }
  }

  private func save() {
    guard !isSaving.value else { return }
    let draft = draft.value
    guard isFormValid.value else {
      let problem = draft.validationErrors.first
      errorMessage.send(
        problem.map { ErrorText.model($0, in: language) }
          ?? (language == .korean ? "필수 항목을 입력해 주세요." : "Fill in the required fields."))
      return
    }
    isSaving.send(true)
    let photo = photo.value
    let edited = editedEntry
    work.run(in: "save") { [weak self, journal] in
      let result: Result<JournalEntry, JournalError>
      do throws(JournalError) {
        result = .success(try await Self.write(draft, photo: photo, over: edited, to: journal))
      } catch {
        result = .failure(error)
      }
      guard let self else { return }
      finishSaving(result)
    }
  }

  private static func write(
    _ draft: JournalEntryDraft, photo: Photo, over edited: JournalEntry?,
    to journal: JournalRepository
  ) async throws(JournalError) -> JournalEntry {
    guard let edited else {
      if case .picked(let data) = photo {
        return try await journal.add(draft, photo: data)
      }
      return try await journal.add(draft)
    }
    let change: JournalPhotoChange
    switch photo {
    case .picked(let data): change = .replace(data)
    case .none: change = edited.photo == nil ? .keep : .remove
    case .stored: change = .keep
    }
    return try await journal.update(edited.id, with: draft, photo: change)
  }

  private func finishSaving(_ result: Result<JournalEntry, JournalError>) {
    switch result {
    case .success(let entry):
      // Saving again changes this entry rather than adding another.
      editedEntry = entry
      errorMessage.send(nil)
      isSaving.send(false)
      dismiss(.saved(entry))
    case .failure(let error):
      errorMessage.send(ErrorText.journal(error, in: language))
      isSaving.send(false)
    }
  }

  private func dismiss(_ reason: Dismissal) {
    dismissalHistory.append(reason)
    dismissal.yield(reason)
  }

  /// Records every output value from now on, for tests.
  func startRecording() {
    draft.startRecording()
    isFormValid.startRecording()
    photo.startRecording()
    isSaving.startRecording()
    errorMessage.startRecording()
  }

  /// Returns once every event sent so far is handled and no work is running.
  func untilIdle() async {
    await work.untilIdle()
  }
}
