#if os(Linux)
  import Foundation
  import HaruShared

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// An `inotify` watch of a database's folder, waited on by a thread of its own in `poll(2)`:
  /// every commit writes to the `-wal` file and every checkpoint to the database file, so each one
  /// wakes it, and nothing runs while nothing changes. Events that arrive together are handled as
  /// one.
  final class InotifyWatch: Sendable {
    /// The `inotify` descriptor and the write end of the pipe that stops the thread, until
    /// ``stop()``.
    private let descriptors: LockedState<(inotify: Int32, wake: Int32)?>

    /// Starts the thread that waits on an `inotify` watch of the database's folder, or fails
    /// when no watch can be had (the user's `inotify` instances used up).
    ///
    /// - Parameters:
    ///   - databasePath: The database file; events for names that start with its name count.
    ///   - changed: Called on the watching thread after a change.
    init?(databasePath: String, changed: @escaping @Sendable () -> Void) {
      let url = URL(fileURLWithPath: databasePath)
      let folder = url.deletingLastPathComponent().path
      let name = url.lastPathComponent
      let inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard inotify >= 0 else { return nil }
      let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE)
      var pipeEnds: [Int32] = [0, 0]
      guard inotify_add_watch(inotify, folder, mask) >= 0, pipe(&pipeEnds) == 0 else {
        close(inotify)
        return nil
      }
      for end in pipeEnds {
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      }
      let wakeRead = pipeEnds[0]
      let thread = Thread {
        Self.watch(inotify: inotify, wake: wakeRead, name: name, changed: changed)
        close(wakeRead)
        close(inotify)
      }
      thread.name = "haru.journal.watcher"
      thread.start()
      descriptors = LockedState((inotify, pipeEnds[1]))
    }

    deinit {
      stop()
    }

    /// Ends the watching; `changed` may still be running once, never again after it returns.
    func stop() {
      guard
        let ends = descriptors.withLock({ (ends) -> (inotify: Int32, wake: Int32)? in
          defer { ends = nil }
          return ends
        })
      else { return }
      // The watching thread wakes on the pipe, then closes its own ends.
      var byte: UInt8 = 1
      _ = write(ends.wake, &byte, 1)
      close(ends.wake)
    }

    private static func watch(
      inotify: Int32, wake: Int32, name: String, changed: @Sendable () -> Void
    ) {
      var buffer = [UInt8](repeating: 0, count: 16 * 1024)
      let nameBytes = Array(name.utf8)
      while true {
        var watched = [
          pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
          pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&watched, 2, -1)
        if ready < 0 {
          if errno == EINTR { continue }
          return
        }
        if watched[1].revents != 0 { return }
        var relevant = false
        // Drain everything pending, so a burst of writes is one change.
        while true {
          let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
          if count <= 0 { break }
          relevant = relevant || Self.mentions(nameBytes, in: buffer, count: count)
        }
        if relevant {
          changed()
        }
      }
    }

    /// Whether an event in the buffer names a file that starts with the database's name (the
    /// database, its `-wal` or its `-shm`).
    private static func mentions(_ name: [UInt8], in buffer: [UInt8], count: Int) -> Bool {
      var offset = 0
      // struct inotify_event: int wd; uint32_t mask, cookie, len; char name[len].
      while offset + 16 <= count {
        let length = Int(
          buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) })
        let start = offset + 16
        let end = min(count, start + length)
        if length > 0, end - start >= name.count, Array(buffer[start..<start + name.count]) == name
        {
          return true
        }
        offset = start + length
      }
      return false
    }
  }
#endif
