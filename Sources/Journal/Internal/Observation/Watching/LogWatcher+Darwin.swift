#if canImport(Darwin)
  import Darwin
  import Dispatch
  import HaruShared

  /// ``LogEventSource`` on Apple platforms: kqueue vnode sources (`EVFILT_VNODE`, through
  /// `DispatchSource.makeFileSystemObjectSource`) on the journal's folder and its log, and the
  /// backstop timer, all on one serial queue of their own.
  ///
  /// A source on the folder reports entries added, removed or renamed (a `.write` of the
  /// folder), never writes inside its files; the source on the log reports its writes, growth,
  /// deletion and renaming. Each watches a descriptor opened with `O_EVTONLY` (for events only, so
  /// that it keeps no volume from being unmounted) and `O_CLOEXEC` (never inherited by a program
  /// the process starts), closed when its source is cancelled.
  ///
  /// Only an Apple build compiles this file.
  final class VnodeLogEventSource: LogEventSource {
    /// What is watched; guarded by ``state``'s lock.
    private struct Watches {
      var folder: VnodeSource?
      var log: VnodeSource?
      var backstop: WatchTimer?
      var report: (@Sendable (LogWatchPolicy.Event) -> Void)?
      var isCancelled = false
    }

    private let queue = DispatchQueue(label: "haru.journal.watcher", qos: .utility)
    private let state = LockedState(Watches())

    /// Creates a source that watches nothing yet.
    init() {}

    deinit {
      cancel()
    }

    func start(
      folder: String, backstopInterval: Duration,
      report: @escaping @Sendable (LogWatchPolicy.Event) -> Void
    ) -> Bool {
      // Entries added, removed or renamed are writes of the folder.
      guard
        let folderSource = VnodeSource(
          path: folder, events: .write, queue: queue,
          handler: { _ in
            report(.folderChanged)
          })
      else { return false }
      // The leeway lets the system fire the backstop together with other wakes.
      let backstop = WatchTimer(interval: backstopInterval, leeway: .seconds(1), queue: queue) {
        report(.backstop)
      }
      let cancelled = state.withLock { watches in
        if !watches.isCancelled {
          watches.folder = folderSource
          watches.backstop = backstop
          watches.report = report
        }
        return watches.isCancelled
      }
      if cancelled {
        folderSource.cancel()
        backstop.cancel()
        return false
      }
      return true
    }

    func watchLog(at path: String) -> Bool {
      state.withLock { watches in
        watches.log?.cancel()
        watches.log = nil
        guard !watches.isCancelled, let report = watches.report,
          let log = VnodeSource(
            path: path, events: [.write, .extend, .delete, .rename], queue: queue,
            handler: { events in report(.log(LogWatchPolicy.LogEvents(events))) })
        else { return false }
        watches.log = log
        return true
      }
    }

    func cancel() {
      let watches = state.withLock { watches in
        defer { watches = Watches(isCancelled: true) }
        return watches
      }
      watches.folder?.cancel()
      watches.log?.cancel()
      watches.backstop?.cancel()
    }
  }

  /// A vnode source on a descriptor of a path opened for events only, closed when the source is
  /// cancelled.
  ///
  /// `@unchecked Sendable`: its only state is the source, set once at creation, and a Dispatch
  /// source may be used from any thread.
  private final class VnodeSource: @unchecked Sendable {
    private let source: any DispatchSourceFileSystemObject

    /// Opens `path` and starts reporting `events` of it.
    ///
    /// - Returns: `nil` when the path does not exist or cannot be opened.
    init?(
      path: String, events: DispatchSource.FileSystemEvent, queue: DispatchQueue,
      handler: @escaping @Sendable (DispatchSource.FileSystemEvent) -> Void
    ) {
      let descriptor = open(path, O_EVTONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return nil }
      let source = DispatchSource.makeFileSystemObjectSource(
        fileDescriptor: descriptor, eventMask: events, queue: queue)
      self.source = source
      // Weak: the source keeps its handler until it is cancelled, and this object keeps the
      // source.
      source.setEventHandler { [weak self] in
        guard let self else { return }
        handler(self.source.data)
      }
      source.setCancelHandler {
        close(descriptor)
      }
      source.resume()
    }

    deinit {
      source.cancel()
    }

    /// Stops the events and closes the descriptor; a handler running now finishes, none starts.
    func cancel() {
      source.cancel()
    }
  }
#endif
