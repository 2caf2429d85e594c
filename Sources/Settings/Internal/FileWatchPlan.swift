import HaruShared

/// What the settings watch on Apple platforms does with each event of its two kernel sources: one
/// on the settings file, one on its folder.
///
/// A dispatch file-system source follows an open file, not a path. The source on the file hears it
/// written in place (`.write`, `.extend`), its attributes changed (`.attrib`) and it being removed
/// or renamed away (`.delete`, `.rename`) — after which the path names another file, or none, and
/// the source must be opened again on the path. The source on the folder hears names added,
/// removed and renamed in it (`.write`): a save of another process renames a new file over the
/// path, which a source on the old file reports only as that file's removal, and a file created
/// where none was is seen only there. Other files of the folder wake it too; those events are
/// ignored after comparing the path's file with the one watched. When the folder itself is
/// removed or renamed (replaced by another), both sources are opened again on the path, and while
/// no folder is there the watch tries again later.
///
/// This type holds the decisions and the state they need, so that they are tested on every
/// platform; `SettingsFileWatch+Darwin.swift` only opens the descriptors and sources the plan asks for
/// (``FileWatchSources``) and hands it their events, all on one serial queue.
struct FileWatchPlan {
  /// Which of the two sources reported.
  enum Source: Sendable, Hashable {
    case file
    case folder
  }

  /// The events of a file-system source.
  typealias Events = FileEvents

  /// A file as the kernel knows it: its device and inode, which an atomic replacement changes.
  struct Node: Sendable, Hashable {
    let device: UInt64
    let inode: UInt64
  }

  /// What to do about an event, in the order given.
  enum Action: Sendable, Hashable {
    /// Open the folder's source again on the path (and, when no folder is there, try later).
    case reopenFolder
    /// Open the file's source again on the path.
    case reopenFile
    /// Tell the store the file may have changed.
    case reportChange
  }

  /// The file the file source is open on; `nil` when there was no file to open.
  private(set) var watchedFile: Node?
  /// Whether a source is open on the folder; `false` while waiting for a folder to appear.
  private(set) var isFolderOpen = false

  /// The actions for one event, from the events and the file now at the path.
  ///
  /// - Parameters:
  ///   - events: What the source reported.
  ///   - source: Which source reported it.
  ///   - fileAtPath: Looks up the file at the settings path now; only called when it matters.
  /// - Returns: The actions, empty when the event says nothing about the settings file.
  func actions(
    for events: Events, from source: Source, fileAtPath: () -> Node?
  ) -> [Action] {
    switch source {
    case .file:
      if !events.isDisjoint(with: .gone) { return [.reopenFile, .reportChange] }
      if !events.isDisjoint(with: .changedInPlace) { return [.reportChange] }
      return []
    case .folder:
      if !events.isDisjoint(with: .gone) { return [.reopenFolder, .reopenFile, .reportChange] }
      // A name in the folder changed: it matters only when the path leads to another file now.
      if events.contains(.write), fileAtPath() != watchedFile {
        return [.reopenFile, .reportChange]
      }
      return []
    }
  }

  /// Opens both sources.
  ///
  /// - Returns: Whether the folder could be watched; when not, the caller watches another way.
  mutating func start(_ sources: some FileWatchSources) -> Bool {
    guard sources.openFolderSource() else { return false }
    isFolderOpen = true
    watchedFile = sources.openFileSource()
    return true
  }

  /// Carries out what one event calls for.
  ///
  /// - Parameters:
  ///   - events: What the source reported.
  ///   - source: Which source reported it.
  ///   - sources: Opens the sources and looks at the path.
  ///   - report: Tells the store the file may have changed.
  mutating func handle(
    _ events: Events, from source: Source, with sources: some FileWatchSources,
    report: () -> Void
  ) {
    for action in actions(for: events, from: source, fileAtPath: sources.fileAtPath) {
      perform(action, with: sources, report: report)
    }
  }

  /// Tries again to open the folder's source, after it could not be: when it now can, the file's
  /// source is opened again too and a change is reported.
  mutating func retryFolder(with sources: some FileWatchSources, report: () -> Void) {
    guard !isFolderOpen else { return }
    for action in [Action.reopenFolder, .reopenFile, .reportChange] {
      perform(action, with: sources, report: report)
      guard isFolderOpen else { return }
    }
  }

  private mutating func perform(
    _ action: Action, with sources: some FileWatchSources, report: () -> Void
  ) {
    switch action {
    case .reopenFolder:
      isFolderOpen = sources.openFolderSource()
      if !isFolderOpen {
        sources.retryFolderLater()
      }
    case .reopenFile:
      watchedFile = sources.openFileSource()
    case .reportChange:
      report()
    }
  }
}

/// The kernel side of a ``FileWatchPlan``: opens sources on the settings path and looks at it.
///
/// Each open replaces the source opened before it (cancelling it, so that it reports nothing
/// more), and every event of the new one goes to the plan. All calls come from the watch's one
/// queue.
protocol FileWatchSources {
  /// Opens a source on the file now at the path.
  ///
  /// - Returns: The file it was opened on, or `nil` when there is no file (no source then).
  func openFileSource() -> FileWatchPlan.Node?

  /// Opens a source on the folder now at the path.
  ///
  /// - Returns: Whether a folder could be opened.
  func openFolderSource() -> Bool

  /// The file at the path now, or `nil` when there is none.
  func fileAtPath() -> FileWatchPlan.Node?

  /// Asks for ``FileWatchPlan/retryFolder(with:report:)`` after a pause.
  func retryFolderLater()
}

extension FileEvents {
  /// What the file source asks for: everything that changes the file or where it is.
  static let fileMask: FileEvents = [.write, .extend, .attrib, .link, .delete, .rename, .revoke]
  /// What the folder source asks for: its names, and the folder going away.
  static let folderMask: FileEvents = [.write, .delete, .rename, .revoke]
  /// The path no longer leads to what the source is open on.
  static let gone: FileEvents = [.delete, .rename, .revoke]
  /// The file's contents or attributes changed where it is.
  static let changedInPlace: FileEvents = [.write, .extend, .attrib, .link]
}
