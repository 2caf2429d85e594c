// Not compiled on Linux, where Haru is built and tested: this code is untested.
#if canImport(Darwin)
  import Darwin
  import Dispatch
  import Foundation

  extension FolderWatch {
    /// Watches the file's folder with a dispatch file-system source: a rename into the folder (an
    /// atomic replace) and a write of the folder's entries wake it, with no polling.
    ///
    /// - Returns: The watch, or `nil` when the folder cannot be opened.
    static func start(file: URL, onChange: @escaping @Sendable () -> Void) -> PreferencesWatch? {
      let descriptor = open(file.deletingLastPathComponent().path, O_EVTONLY)
      guard descriptor >= 0 else { return nil }
      let queue = DispatchQueue(label: "haru.settings.watch")
      let source = DispatchSource.makeFileSystemObjectSource(
        fileDescriptor: descriptor, eventMask: [.write, .rename, .delete], queue: queue)
      source.setEventHandler { onChange() }
      source.setCancelHandler { close(descriptor) }
      source.resume()
      let running = RunningSource(source)
      return PreferencesWatch { running.cancel() }
    }
  }
#endif
