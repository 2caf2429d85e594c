package import HaruModels

/// One output of a view model: a value written on the main actor and observed by the view.
///
/// A write that leaves the value as it was notifies nobody. When recording, every value written is
/// kept in order, so a test can assert the whole history — observers, by design, may skip
/// intermediate values.
@MainActor
package final class OutputSubject<Value: Sendable & Equatable> {
  private let subject: ValueSubject<Value>
  /// Every value since recording started, the value at that moment first; `nil` when not recording.
  package private(set) var history: [Value]?

  package init(_ initialValue: Value) {
    subject = ValueSubject(initialValue)
  }

  package var value: Value { subject.value }

  package var observation: ValueObservation<Value> { subject.observation }

  package func send(_ newValue: Value) {
    guard subject.sendIfChanged(newValue) else { return }
    history?.append(newValue)
  }

  package func startRecording() {
    history = [subject.value]
  }
}
