// Apple platforms only, and not compiled where Haru is built and tested (Linux). What the watch
// does with each event is FileWatchPlan's decision, tested on Linux through FileWatchSources;
// this file only opens the descriptors and dispatch sources the plan asks for. Keep it small.
#if canImport(Darwin)
  import Darwin
  import Dispatch
  import Foundation
  import HaruShared

  extension SettingsFileWatch {
    /// Watches the settings file and its folder with dispatch file-system sources (kqueue), with
    /// no polling: see ``FileWatchPlan`` for what each event does.
    ///
    /// - Returns: The watch, or `nil` when the folder cannot be opened.
    static func start(file: URL, onChange: @escaping @Sendable () -> Void) -> PreferencesWatch? {
      let watch = DarwinFileWatch(file: file, onChange: onChange)
      guard watch.start() else { return nil }
      return PreferencesWatch { watch.stop() }
    }
  }

  /// The sources on the settings file and its folder, opened as a ``FileWatchPlan`` asks.
  ///
  /// Every mutable field is touched only on `queue`, which also delivers every source's events;
  /// that is what makes the unchecked `Sendable` hold.
  private final class DarwinFileWatch: FileWatchSources, @unchecked Sendable {
    private let filePath: String
    private let folderPath: String
    private let onChange: @Sendable () -> Void
    private let queue = DispatchQueue(label: "haru.settings.watch")
    private var plan = FileWatchPlan()
    private var fileSource: (any DispatchSourceFileSystemObject)?
    private var folderSource: (any DispatchSourceFileSystemObject)?
    private var isStopped = false

    init(file: URL, onChange: @escaping @Sendable () -> Void) {
      filePath = file.path
      folderPath = file.deletingLastPathComponent().path
      self.onChange = onChange
    }

    func start() -> Bool {
      queue.sync { plan.start(self) }
    }

    /// Cancels both sources; asynchronously, since the last release of the store may happen on
    /// this queue.
    func stop() {
      queue.async {
        self.isStopped = true
        self.fileSource?.cancel()
        self.folderSource?.cancel()
        self.fileSource = nil
        self.folderSource = nil
      }
    }

    // MARK: FileWatchSources

    func openFileSource() -> FileWatchPlan.Node? {
      dispatchPrecondition(condition: .onQueue(queue))
      fileSource?.cancel()
      fileSource = nil
      guard !isStopped, let (source, node) = makeSource(filePath, flags: 0, for: .file) else {
        return nil
      }
      fileSource = source
      return node
    }

    func openFolderSource() -> Bool {
      dispatchPrecondition(condition: .onQueue(queue))
      folderSource?.cancel()
      folderSource = nil
      guard !isStopped, let (source, _) = makeSource(folderPath, flags: O_DIRECTORY, for: .folder)
      else { return false }
      folderSource = source
      return true
    }

    func fileAtPath() -> FileWatchPlan.Node? {
      var info = stat()
      guard stat(filePath, &info) == 0 else { return nil }
      return Self.node(info)
    }

    func retryFolderLater() {
      queue.asyncAfter(deadline: .now() + SettingsFileWatch.pollInterval) { [weak self] in
        guard let self, !self.isStopped else { return }
        self.plan.retryFolder(with: self, report: self.onChange)
      }
    }

    // MARK: Sources

    /// Opens `path` for events only (it keeps no volume busy) and starts a source on it.
    private func makeSource(
      _ path: String, flags: Int32, for kind: FileWatchPlan.Source
    ) -> (any DispatchSourceFileSystemObject, FileWatchPlan.Node)? {
      let descriptor = open(path, O_EVTONLY | O_CLOEXEC | flags)
      guard descriptor >= 0 else { return nil }
      var info = stat()
      guard fstat(descriptor, &info) == 0 else {
        close(descriptor)
        return nil
      }
      let mask: FileWatchPlan.Events = kind == .file ? .fileMask : .folderMask
      let source = DispatchSource.makeFileSystemObjectSource(
        fileDescriptor: descriptor, eventMask: mask.dispatchEvents, queue: queue)
      source.setEventHandler { [weak self] in self?.deliver(from: kind) }
      source.setCancelHandler { close(descriptor) }
      source.resume()
      return (source, Self.node(info))
    }

    /// Hands the events of the current source of `kind` to the plan. A cancelled source reports
    /// nothing more, and it is cancelled on this queue, so the current one is the one that fired.
    private func deliver(from kind: FileWatchPlan.Source) {
      guard !isStopped, let source = kind == .file ? fileSource : folderSource else { return }
      plan.handle(FileEvents(source.data), from: kind, with: self, report: onChange)
    }

    private static func node(_ info: stat) -> FileWatchPlan.Node {
      FileWatchPlan.Node(
        device: UInt64(bitPattern: Int64(info.st_dev)), inode: UInt64(info.st_ino))
    }
  }
#endif
