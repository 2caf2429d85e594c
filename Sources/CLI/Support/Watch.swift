import Foundation
import HaruModels

/// The loop of the `watch` commands: print a line at start and again whenever it changes, until
/// Ctrl-C (SIGINT) or SIGTERM ends the command normally.
enum Watch {
  /// Prints `render()` now and after every wake-up that changes it.
  ///
  /// - Parameters:
  ///   - context: Where to print.
  ///   - wakeUps: Starts the observations that wake the loop; each calls its closure on a change.
  ///   - render: The line to print, from the current values.
  /// - Throws: What `render` throws.
  static func run(
    _ context: Context,
    wakeUps: (@escaping @Sendable () -> Void) -> [Task<Void, Never>],
    render: () throws(CLIError) -> String
  ) async throws(CLIError) {
    let (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let observers = wakeUps { wake.yield() }
    defer {
      for observer in observers { observer.cancel() }
    }
    try await Termination.redirecting(to: { wake.finish() }) { () throws(CLIError) in
      var last: String?
      wake.yield()
      for await _ in wakes {
        let line = try render()
        if line != last {
          context.console.print(line)
          last = line
        }
      }
    }
  }

  /// A task that calls `wake` for every value of an observation, the current one included.
  static func follow<Value: Sendable>(
    _ observation: ValueObservation<Value>, _ wake: @escaping @Sendable () -> Void
  ) -> Task<Void, Never> {
    Task {
      for await _ in observation { wake() }
    }
  }
}

extension Context {
  /// A value as one line of JSON, for the `watch` commands.
  func jsonLine(_ value: some Encodable) throws(CLIError) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(value), as: UTF8.self)
    } catch {
      throw .data(Text(.jsonFailed, "\(error)"))
    }
  }
}
