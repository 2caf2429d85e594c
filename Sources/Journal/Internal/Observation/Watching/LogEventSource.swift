/// The system's events for a journal's write-ahead log and its folder: the seam under
/// ``LogWatcher``.
///
/// A conformer reports through the closure given to ``start(folder:backstopInterval:report:)``:
/// ``LogWatchPolicy/Event/log(_:)`` with the events of the file last watched by
/// ``watchLog(at:)``, ``LogWatchPolicy/Event/folderChanged`` when an entry of the folder is added,
/// removed or renamed, and ``LogWatchPolicy/Event/backstop`` every `backstopInterval`. It never
/// reports from inside one of its own methods, reports one event at a time, and never again once
/// ``cancel()`` has returned and a report running then has ended. On Apple platforms it is
/// `VnodeLogEventSource` (kqueue vnode sources and a timer); tests use a fake that reports what
/// they script.
protocol LogEventSource: Sendable {
  /// Starts watching the folder and the backstop timer.
  ///
  /// - Parameters:
  ///   - folder: The journal's folder.
  ///   - backstopInterval: How often to report ``LogWatchPolicy/Event/backstop``.
  ///   - report: Called with every event, on a thread of the source's own.
  /// - Returns: Whether the folder is watched; `false` starts nothing.
  func start(
    folder: String, backstopInterval: Duration,
    report: @escaping @Sendable (LogWatchPolicy.Event) -> Void
  ) -> Bool

  /// Stops watching the file watched before, if any, then watches the file now at `path`.
  ///
  /// - Parameter path: The log's path.
  /// - Returns: Whether the file is watched; `false` when it does not exist or cannot be opened.
  func watchLog(at path: String) -> Bool

  /// Stops every watch and the timer.
  func cancel()
}
