// Linux only: `inotify` is Linux's. Apple platforms follow files with vnode sources instead, each
// module in a small file of its own (the settings' `SettingsFileWatch+Darwin.swift`, the journal's
// `LogWatcher+Darwin.swift`).
#if os(Linux) || os(Android)
  import Foundation

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #elseif canImport(Android)
    import Android
  #endif

  /// A watch of one folder with `inotify`: the one watch of the settings file and of the journal's
  /// database on Linux.
  ///
  /// It watches the folder, not the file, because an atomic replace is a rename into the folder,
  /// which a watch on the old file would miss. A thread of its own waits in `poll(2)` on the
  /// watch's descriptor and reads every pending event at once, so that a burst of writes is one
  /// change and nothing runs while nothing changes. The thread calls `changed` itself: a dispatch
  /// read source in its place wakes a second thread before each call, which showed in how soon the
  /// journal sees another process's commit (`journal.external-change.latency`).
  package final class FolderWatcher: Sendable {
    /// The names in the folder whose events count.
    package enum Names: Sendable {
      /// The file of this name only.
      case exactly([UInt8])
      /// Every file whose name starts with this, such as a database with its `-wal` and `-shm`.
      case startingWith([UInt8])

      func match(_ name: ArraySlice<UInt8>) -> Bool {
        switch self {
        case .exactly(let wanted): name.elementsEqual(wanted)
        case .startingWith(let prefix): name.starts(with: prefix)
        }
      }
    }

    /// The write end of the pipe that stops the thread, until ``stop()``.
    private let wake: LockedState<Int32?>

    /// Starts watching a folder, or fails when the folder cannot be watched (it does not exist, or
    /// the process is out of `inotify` instances or watches, or of descriptors for the pipe).
    ///
    /// - Parameters:
    ///   - folder: The folder's path.
    ///   - mask: The `inotify` events that count (`IN_CLOSE_WRITE`, `IN_MOVED_TO`, …).
    ///   - names: Whose events count.
    ///   - label: The name of the watch's thread.
    ///   - changed: Called on the watch's thread after a change, one call at a time.
    package init?(
      folder: String, mask: UInt32, names: Names, label: String,
      changed: @escaping @Sendable () -> Void
    ) {
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else { return nil }
      var ends: [Int32] = [-1, -1]
      guard inotify_add_watch(descriptor, folder, mask) >= 0, pipe(&ends) == 0 else {
        close(descriptor)
        return nil
      }
      for end in ends {
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      }
      let wakeRead = ends[0]
      let thread = Thread {
        Self.wait(on: descriptor, wake: wakeRead, names: names, changed: changed)
        close(wakeRead)
        close(descriptor)
      }
      thread.name = label
      thread.start()
      wake = LockedState(ends[1])
    }

    deinit {
      stop()
    }

    /// Ends the watching; `changed` may still be running once, never again after it returns.
    package func stop() {
      guard
        let end = wake.withLock({ (end) -> Int32? in
          defer { end = nil }
          return end
        })
      else { return }
      // The thread wakes on the pipe, then closes its own ends.
      var byte: UInt8 = 1
      _ = write(end, &byte, 1)
      close(end)
    }

    /// The watch's thread: waits for events or the wake pipe, and calls `changed` after events
    /// that count.
    private static func wait(
      on descriptor: Int32, wake: Int32, names: Names, changed: @Sendable () -> Void
    ) {
      while true {
        var watched = [
          pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
          pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        if poll(&watched, 2, -1) < 0 {
          if errno == EINTR { continue }
          return
        }
        if watched[1].revents != 0 { return }
        if drain(descriptor, mentions: names) { changed() }
      }
    }

    /// Reads every pending event and says whether one names a file that counts.
    ///
    /// - Parameters:
    ///   - descriptor: An `inotify` descriptor opened with `IN_NONBLOCK`.
    ///   - names: Whose events count.
    /// - Returns: Whether an event named such a file, or events were dropped, or the folder itself
    ///   went away.
    package static func drain(_ descriptor: Int32, mentions names: Names) -> Bool {
      let headerSize = MemoryLayout<inotify_event>.size
      var buffer = [UInt8](repeating: 0, count: 16 * (headerSize + 256))
      var mentioned = false
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return mentioned }
        var offset = 0
        while offset + headerSize <= count {
          let event = buffer.withUnsafeBytes {
            $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
          }
          let length = Int(event.len)
          // Events were dropped, or the folder itself went away: the file may have changed.
          if event.mask & UInt32(IN_Q_OVERFLOW | IN_IGNORED) != 0 { mentioned = true }
          let start = offset + headerSize
          let end = min(start + length, count)
          // The name is padded with zeros to the event's length.
          let eventName = buffer[start..<end].prefix { $0 != 0 }
          if names.match(eventName) { mentioned = true }
          offset = start + length
        }
      }
    }
  }
#endif
