// Linux only: `inotify` is Linux's. Apple platforms follow files with vnode sources instead, each
// module in a small file of its own (the settings' `SettingsFileWatch+Darwin.swift`, the journal's
// `LogWatcher+Darwin.swift`).
#if os(Linux) || os(Android)
  import Dispatch

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
  /// which a watch on the old file would miss. The kernel wakes a dispatch read source on the
  /// watch's descriptor, which reads every pending event at once, so that a burst of writes is one
  /// change and nothing runs while nothing changes.
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

    private let source: RunningSource

    /// Starts watching a folder, or fails when the folder cannot be watched (it does not exist, or
    /// the process is out of `inotify` instances or watches).
    ///
    /// - Parameters:
    ///   - folder: The folder's path.
    ///   - mask: The `inotify` events that count (`IN_CLOSE_WRITE`, `IN_MOVED_TO`, …).
    ///   - names: Whose events count.
    ///   - label: The label of the watch's dispatch queue.
    ///   - changed: Called on the watch's queue after a change.
    package init?(
      folder: String, mask: UInt32, names: Names, label: String,
      changed: @escaping @Sendable () -> Void
    ) {
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else { return nil }
      guard inotify_add_watch(descriptor, folder, mask) >= 0 else {
        close(descriptor)
        return nil
      }
      let queue = DispatchQueue(label: label)
      let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
      source.setEventHandler {
        if Self.drain(descriptor, mentions: names) { changed() }
      }
      source.setCancelHandler { close(descriptor) }
      source.resume()
      self.source = RunningSource(source)
    }

    deinit {
      stop()
    }

    /// Ends the watching; `changed` may still be running once, never again after it returns.
    package func stop() {
      source.cancel()
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
