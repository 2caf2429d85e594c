import Dispatch
public import Foundation
public import HaruModels
import HaruShared

// Writing: adding, changing and deleting entries, each a transaction on the write queue
// followed by the refresh of the observed lists it touched.
extension JournalRepository {
  /// Validates and saves a new entry, with an optional photo.
  ///
  /// The photo's format is read from its bytes (JPEG, PNG or HEIC); the journal names its file
  /// and writes it before the entry is committed. If the entry cannot be saved, the file is
  /// deleted again.
  ///
  /// - Parameters:
  ///   - draft: The entry's fields; trimmed and validated.
  ///   - photo: The photo's bytes, if any.
  /// - Returns: The saved entry, with its identity and creation time.
  /// - Throws: ``JournalError/Code/invalidEntry`` naming the field at fault;
  ///   ``JournalError/Code/unsupportedPhoto`` or ``JournalError/Code/photoTooLarge``;
  ///   ``JournalError/Code/fileFailure`` or ``JournalError/Code/databaseFailure``. Nothing is
  ///   saved and no file is left behind when it throws.
  @concurrent
  public func add(
    _ draft: JournalEntryDraft, photo: Data? = nil
  ) async throws(JournalError) -> JournalEntry {
    try await onWrites { () throws(JournalError) in
      try self.checkWritable()
      let createdAt = JournalTime.rounded(self.now())
      var entry = try self.makeEntry { () throws(ModelError) in
        try JournalEntry(draft: draft, createdAt: createdAt)
      }
      guard let photo else {
        try self.insertNew(entry)
        return entry
      }
      let name = try self.savePhoto(photo)
      do throws(JournalError) {
        entry = try self.makeEntry { [entry] () throws(ModelError) in
          try JournalEntry(id: entry.id, draft: draft, photo: name, createdAt: createdAt)
        }
        try self.insertNew(entry)
      } catch {
        self.photos.remove(name)
        throw error
      }
      return entry
    }
  }

  /// Saves new fields for an entry, and optionally a new photo or none.
  ///
  /// The creation time is kept and the update time set. A new photo's file is written before the
  /// change is committed; the old file is deleted after.
  ///
  /// - Parameters:
  ///   - id: The entry to change.
  ///   - draft: The new fields; trimmed and validated.
  ///   - photo: What to do with the photo; ``JournalPhotoChange/keep`` by default.
  /// - Returns: The saved entry.
  /// - Throws: ``JournalError/Code/entryNotFound``, ``JournalError/Code/invalidEntry``,
  ///   ``JournalError/Code/unsupportedPhoto``, ``JournalError/Code/photoTooLarge``,
  ///   ``JournalError/Code/fileFailure`` or ``JournalError/Code/databaseFailure``. Nothing
  ///   changes and no file is left behind when it throws.
  @discardableResult
  @concurrent
  public func update(
    _ id: JournalEntry.ID, with draft: JournalEntryDraft, photo: JournalPhotoChange = .keep
  ) async throws(JournalError) -> JournalEntry {
    if let problem = draft.validationErrors.first {
      throw JournalError(invalid: problem, entryID: id)
    }
    return try await update(id, photo: photo) { $0 = draft }
  }

  /// Changes some fields of an entry, on top of what is stored when the change is written.
  ///
  /// `edit` runs inside the write transaction on the entry's stored fields, so a change made
  /// meanwhile by another process, such as a favorite flag set or another field edited, is kept:
  /// only what `edit` changes is written. When two writers change the same field, the later
  /// commit wins.
  ///
  /// ```swift
  /// try await journal.update(id) { $0.notes = "비 온 뒤에 다시 맡음" }
  /// ```
  ///
  /// - Parameters:
  ///   - id: The entry to change.
  ///   - photo: What to do with the photo; ``JournalPhotoChange/keep`` by default.
  ///   - edit: Changes the stored fields; called once, inside the write transaction. Keep it
  ///     short: it holds the journal's write lock.
  /// - Returns: The saved entry.
  /// - Throws: What ``update(_:with:photo:)`` throws. Nothing changes and no file is left behind
  ///   when it throws.
  @discardableResult
  @concurrent
  public func update(
    _ id: JournalEntry.ID, photo: JournalPhotoChange = .keep,
    editing edit: @escaping @Sendable (inout JournalEntryDraft) -> Void
  ) async throws(JournalError) -> JournalEntry {
    try await onWrites { () throws(JournalError) in
      try self.checkWritable()
      var newPhoto: PhotoName?
      if case .replace(let data) = photo {
        newPhoto = try self.savePhoto(data)
      }
      let change: (old: JournalEntry, new: JournalEntry)
      do throws(JournalError) {
        change = try self.changeEntry(id) { (old) throws(JournalError) in
          var draft = old.draft
          edit(&draft)
          if let problem = draft.validationErrors.first {
            throw JournalError(invalid: problem, entryID: id)
          }
          let name: PhotoName? =
            switch photo {
            case .keep: old.photo
            case .remove: nil
            case .replace: newPhoto
            }
          if draft == old.draft, name == old.photo { return old }
          return try self.makeEntry { () throws(ModelError) in
            try JournalEntry(
              id: id, draft: draft, photo: name, createdAt: old.createdAt,
              updatedAt: self.updateTime(after: old))
          }
        }
      } catch {
        if let newPhoto { self.photos.remove(newPhoto) }
        throw error
      }
      if let oldPhoto = change.old.photo, oldPhoto != change.new.photo {
        self.photos.remove(oldPhoto)
      }
      return change.new
    }
  }

  /// Marks an entry as a favorite or not.
  ///
  /// - Parameters:
  ///   - isFavorite: Whether the entry is a favorite.
  ///   - id: The entry.
  /// - Returns: The saved entry; unchanged (same update time) when it already had that flag.
  /// - Throws: ``JournalError/Code/entryNotFound`` or ``JournalError/Code/databaseFailure``.
  @discardableResult
  @concurrent
  public func setFavorite(
    _ isFavorite: Bool, for id: JournalEntry.ID
  ) async throws(JournalError) -> JournalEntry {
    try await update(id) { $0.isFavorite = isFavorite }
  }

  /// Deletes an entry, then its photo file.
  ///
  /// - Parameter id: The entry.
  /// - Returns: The deleted entry.
  /// - Throws: ``JournalError/Code/entryNotFound``, ``JournalError/Code/readOnly`` or a storage
  ///   failure.
  @discardableResult
  @concurrent
  public func delete(_ id: JournalEntry.ID) async throws(JournalError) -> JournalEntry {
    try await onWrites { () throws(JournalError) in
      try self.checkWritable()
      let old = try self.write { () throws(JournalError) in
        let old = try self.store.delete(id)
        return (old, .entries([old]))
      }
      if let photo = old.photo {
        self.photos.remove(photo)
      }
      return old
    }
  }

  /// Deletes a stored row that no longer reads as an entry, such as one listed in
  /// ``JournalPage/unreadable``. Its photo file, if any, is left for the sweep, since the row's
  /// photo name cannot be trusted.
  ///
  /// - Parameter id: The row's identity, ``JournalError/entryID`` of the error that reported it.
  /// - Throws: ``JournalError/Code/entryNotFound`` when no row has that identity,
  ///   ``JournalError/Code/readOnly``, or a storage failure.
  @concurrent
  public func deleteUnreadable(_ id: JournalEntry.ID) async throws(JournalError) {
    try await onWrites { () throws(JournalError) in
      try self.checkWritable()
      try self.write { () throws(JournalError) in
        guard try self.capabilities.deleteUnreadable(id) else { throw JournalError.notFound(id) }
        return ((), Touched.everything)
      }
    }
  }

  /// Runs a store write, then refreshes the observed lists it touched. Called on ``writes`` only,
  /// so the next write starts after the refresh.
  func write<Result: Sendable>(
    _ body: () throws(JournalError) -> (Result, Touched)
  ) throws(JournalError) -> Result {
    dispatchPrecondition(condition: .onQueue(writes))
    let (result, touched) = try body()
    refresh(touched)
    observedLists.countChange()
    scheduleIndexUpkeep()
    return result
  }

  private func insertNew(_ entry: JournalEntry) throws(JournalError) {
    try write { () throws(JournalError) in
      let skipped = try store.insert([entry])
      guard skipped.isEmpty else {
        throw JournalError(
          .duplicateEntry, message: "An entry with the identity \(entry.id) already exists.",
          field: "id", entryID: entry.id)
      }
      return ((), .entries([entry]))
    }
  }

  private func changeEntry(
    _ id: JournalEntry.ID, _ change: (JournalEntry) throws(JournalError) -> JournalEntry
  ) throws(JournalError) -> (old: JournalEntry, new: JournalEntry) {
    try write { () throws(JournalError) in
      let result = try store.update(id, change)
      return (result, .entries([result.old, result.new]))
    }
  }

  /// An update time that is never before the entry's last one, even if the clock went back.
  private func updateTime(after entry: JournalEntry) -> Date {
    max(JournalTime.rounded(now()), entry.updatedAt)
  }

  /// Checks a photo's size and format, then writes its file under a new name.
  private func savePhoto(_ data: Data) throws(JournalError) -> PhotoName {
    guard data.count <= options.photoSizeLimit else {
      let megabytes = Double(options.photoSizeLimit) / 1_048_576
      throw JournalError(
        .photoTooLarge,
        message:
          "The photo is \(data.count) bytes; the journal accepts photos up to "
          + "\(megabytes.formatted(.number.precision(.fractionLength(0...1)))) MiB. "
          + "Choose a smaller picture.",
        field: "photo")
    }
    guard let format = PhotoFormat(detecting: data) else {
      throw JournalError(
        .unsupportedPhoto,
        message: "The photo is not a JPEG, PNG or HEIC picture. Choose a photo in one of those.",
        field: "photo")
    }
    let name = PhotoName.unique(fileExtension: format.fileExtension)
    try photos.write(data, as: name)
    return name
  }
}
