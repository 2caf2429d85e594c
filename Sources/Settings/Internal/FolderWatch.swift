import Dispatch
import Foundation

/// Watches for changes to one file. On Linux `inotify` watches its folder (an atomic replace is a
/// rename into the folder, which a watch on the old file would miss), in `FolderWatch+Linux.swift`;
/// on Apple platforms dispatch sources follow the file and its folder, as ``FileWatchPlan`` decides,
/// in `FolderWatch+Darwin.swift`. This file holds the fallback for folders neither can watch.
enum FolderWatch {
  /// How often the fallback compares the file's identity.
  static let pollInterval = DispatchTimeInterval.milliseconds(500)

  /// Compares the file's device, inode, size and modification time every ``pollInterval``: for
  /// folders the kernel cannot watch. One `stat` per interval while nothing changes.
  static func poll(file: URL, onChange: @escaping @Sendable () -> Void) -> PreferencesWatch {
    let queue = DispatchQueue(label: "haru.settings.poll")
    let timer = DispatchSource.makeTimerSource(queue: queue)
    let path = file.path
    let last = PollState(FileIdentity(path: path))
    timer.schedule(
      deadline: .now() + pollInterval, repeating: pollInterval, leeway: .milliseconds(100))
    timer.setEventHandler {
      // The poll's state is only touched here.
      dispatchPrecondition(condition: .onQueue(queue))
      let current = FileIdentity(path: path)
      if last.replace(with: current) { onChange() }
    }
    timer.resume()
    let running = RunningSource(timer)
    return PreferencesWatch { running.cancel() }
  }
}

/// The identity the poll saw last; only touched on the poll's queue.
private final class PollState: @unchecked Sendable {
  private var identity: FileIdentity?

  init(_ identity: FileIdentity?) {
    self.identity = identity
  }

  /// Stores the new identity and says whether it differs from the last.
  func replace(with new: FileIdentity?) -> Bool {
    defer { identity = new }
    return identity != new
  }
}

/// A dispatch source, which is safe to cancel from any thread.
final class RunningSource: @unchecked Sendable {
  private let source: any DispatchSourceProtocol

  init(_ source: any DispatchSourceProtocol) {
    self.source = source
  }

  func cancel() {
    source.cancel()
  }
}
