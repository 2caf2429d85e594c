public import Foundation
public import HaruModels

/// Where an entry's photo is, or that its file is missing.
///
/// A photo file can go missing when a device loses power right after an entry was saved, or when
/// the folder was copied incompletely. The entry stays readable; show a placeholder.
public enum JournalPhoto: Hashable, Sendable {
  /// The photo's file.
  case stored(URL)
  /// The entry names a photo whose file is not in the journal's photo folder.
  case missing(PhotoName)
}

/// What to do with an entry's photo when the entry is updated.
public enum JournalPhotoChange: Hashable, Sendable {
  /// Keep the photo the entry has, if any.
  case keep
  /// Remove the entry's photo; its file is deleted once the change is saved.
  case remove
  /// Replace the photo (or add one) with a JPEG, PNG or HEIC picture's bytes; the old file is
  /// deleted once the change is saved.
  case replace(Data)
}
