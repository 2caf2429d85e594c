import HaruModels
import HaruShared
import Synchronization

/// The typed, observed value of one key in one store.
protocol AnySlot: AnyObject, Sendable {
  /// The identity of the value's type, to check a key's type without a dynamic cast.
  var valueType: ObjectIdentifier { get }
  /// The current value, encoded for the backend.
  func encodedValue() throws -> StoredValue
  /// Takes the value stored for the key, or the default when nothing is stored or it no longer
  /// decodes, notifying observers when it differs from the current one.
  ///
  /// - Parameters:
  ///   - stored: The stored value, or `nil` when nothing is stored for the key.
  ///   - key: The key's name, for the report.
  ///   - report: Told why the stored value was not taken, when it does not decode, before any
  ///     observer hears of the default.
  func adopt(_ stored: StoredValue?, key: String, report: (SettingsError) -> Void)
}

final class Slot<Value: Codable & Sendable & Equatable>: AnySlot {
  let subject: ValueSubject<Value>
  let defaultValue: Value
  let valueType = ObjectIdentifier(Value.self)

  init(defaultValue: Value) {
    self.defaultValue = defaultValue
    subject = ValueSubject(defaultValue)
  }

  func encodedValue() throws -> StoredValue {
    try StoredValueCoding.encode(subject.value)
  }

  func adopt(_ stored: StoredValue?, key: String, report: (SettingsError) -> Void) {
    guard let stored else {
      subject.sendIfChanged(defaultValue)
      return
    }
    do {
      subject.sendIfChanged(try StoredValueCoding.decode(Value.self, from: stored))
    } catch {
      report(
        SettingsError(
          .undecodableValue, key: key,
          message:
            "The stored value no longer reads as \(Value.self), so the default is used. It is "
            + "kept in storage until this key is written."))
      subject.sendIfChanged(defaultValue)
    }
  }

  /// The update `change` as a step to replay on a newer stored value of the key.
  func step(_ change: @escaping @Sendable (inout Value) throws -> Void) -> PreferencesMerge.Step {
    let defaultValue = self.defaultValue
    return { stored in
      var value = defaultValue
      if let stored, let decoded = try? StoredValueCoding.decode(Value.self, from: stored) {
        value = decoded
      }
      try change(&value)
      return try StoredValueCoding.encode(value)
    }
  }
}
