#if os(Linux) || os(Android)
  import Dispatch
  import Foundation

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #elseif canImport(Android)
    import Android
  #endif

  extension FolderWatch {
    /// The events that mean the file may have changed: written in place, renamed into the folder
    /// (an atomic replace), removed or renamed away.
    static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM)

    /// Watches the file's folder with `inotify`: the kernel wakes a dispatch read source on the
    /// watch's descriptor, so nothing runs while nothing changes.
    ///
    /// - Returns: The watch, or `nil` when the folder cannot be watched (it does not exist, or
    ///   the process is out of watches).
    static func start(file: URL, onChange: @escaping @Sendable () -> Void) -> PreferencesWatch? {
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else { return nil }
      let folder = file.deletingLastPathComponent().path
      guard inotify_add_watch(descriptor, folder, mask) >= 0 else {
        close(descriptor)
        return nil
      }
      let name = Array(file.lastPathComponent.utf8)
      let queue = DispatchQueue(label: "haru.settings.watch")
      let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
      source.setEventHandler {
        if drain(descriptor, mentions: name) { onChange() }
      }
      source.setCancelHandler { close(descriptor) }
      source.resume()
      let running = RunningSource(source)
      return PreferencesWatch { running.cancel() }
    }

    /// Reads every pending event and says whether one names the file.
    static func drain(_ descriptor: Int32, mentions name: [UInt8]) -> Bool {
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
          if eventName.elementsEqual(name) { mentioned = true }
          offset = start + length
        }
      }
    }
  }
#endif
