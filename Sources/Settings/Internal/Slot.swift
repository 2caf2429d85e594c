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

/// The slots of a location by key name.
///
/// Not generic and locked by hand, because every typed read goes through it: from another module
/// the read runs unspecialised, and each generic type it touched cost a runtime metadata lookup
/// (measured with `haru-bench`'s `settings.read`). The first keys live in a short array searched by
/// name, which beats hashing the name for the handful of keys an app has; any beyond them go to a
/// dictionary.
///
/// Reading the array takes no lock: each of its places is written once, under `lock`, before
/// `count` is raised past it with release ordering, and a reader loads `count` with acquire
/// ordering and looks only below it, so it sees every place it looks at whole. A read then costs
/// the slot's own lock only (`settings.read` against `settings.baseline.mutex-read`). The
/// dictionary is only touched under `lock`, so the runtime's exclusivity checks are turned off
/// for it.
final class SlotTable: @unchecked Sendable {
  private static let arrayCapacity = 32

  private let lock = PlatformLock()
  /// The first keys' names and slots; places below `count` are written and never change.
  private let names = UnsafeMutablePointer<String>.allocate(capacity: arrayCapacity)
  private let slots = UnsafeMutablePointer<any AnySlot>.allocate(capacity: arrayCapacity)
  private let count = Atomic<Int>(0)
  @exclusivity(unchecked) private var rest: [String: any AnySlot] = [:]

  deinit {
    let written = count.load(ordering: .acquiring)
    names.deinitialize(count: written)
    slots.deinitialize(count: written)
    names.deallocate()
    slots.deallocate()
  }

  /// The slot of a key that has been used before.
  func existing(_ name: String) -> (any AnySlot)? {
    let written = count.load(ordering: .acquiring)
    if let slot = arraySlot(named: name, below: written) { return slot }
    guard written == Self.arrayCapacity else { return nil }
    lock.lock()
    defer { lock.unlock() }
    return rest.isEmpty ? nil : rest[name]
  }

  /// Stores a new slot unless another thread stored one first, and returns the one that stays.
  func insert(_ slot: any AnySlot, named name: String) -> any AnySlot {
    lock.lock()
    defer { lock.unlock() }
    let written = count.load(ordering: .relaxed)
    if let existing = arraySlot(named: name, below: written) ?? rest[name] {
      return existing
    }
    if written < Self.arrayCapacity {
      (names + written).initialize(to: name)
      (slots + written).initialize(to: slot)
      count.store(written + 1, ordering: .releasing)
    } else {
      rest[name] = slot
    }
    return slot
  }

  /// The slot named `name` among the array's first `written` places.
  private func arraySlot(named name: String, below written: Int) -> (any AnySlot)? {
    for index in 0..<written where names[index] == name {
      return slots[index]
    }
    return nil
  }

  /// Every slot, for saving.
  var all: [String: any AnySlot] {
    lock.lock()
    defer { lock.unlock() }
    var all = rest
    for index in 0..<count.load(ordering: .relaxed) {
      all[names[index]] = slots[index]
    }
    return all
  }
}
