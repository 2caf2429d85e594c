package import Dispatch

/// A dispatch source, which is safe to cancel from any thread.
package final class RunningSource: @unchecked Sendable {
  private let source: any DispatchSourceProtocol

  /// Wraps a source that is already resumed.
  ///
  /// - Parameter source: The source.
  package init(_ source: any DispatchSourceProtocol) {
    self.source = source
  }

  /// Cancels the source: its event handler is not called again once a call running now returns.
  /// Cancelling again does nothing.
  package func cancel() {
    source.cancel()
  }
}
