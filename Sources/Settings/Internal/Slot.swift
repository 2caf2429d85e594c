import HaruModels
import HaruShared

/// The typed, observed value of one key, shared by every store over a location.
protocol AnySlot: AnyObject, Sendable {
  /// The identity of the value's type, to check a key's type without a dynamic cast.
  var valueType: ObjectIdentifier { get }
  /// The current value, encoded for the backend.
  func encodedValue() throws -> StoredValue
}

final class Slot<Value: Codable & Sendable & Equatable>: AnySlot {
  let subject: ValueSubject<Value>
  let valueType = ObjectIdentifier(Value.self)

  init(_ value: Value) {
    subject = ValueSubject(value)
  }

  func encodedValue() throws -> StoredValue {
    try StoredValueCoding.encode(subject.value)
  }
}

/// The slots of a location by key name.
///
/// Not generic and locked by hand, because every typed read goes through it: from another module
/// the read runs unspecialised, and each generic type it touched cost a runtime metadata lookup
/// (measured with `haru-bench`'s `settings.read`). The first keys live in a short array searched by
/// name, which beats hashing the name for the handful of keys an app has; any beyond them go to a
/// dictionary. The storage is only touched under `lock`, so the runtime's exclusivity checks are
/// turned off for it.
final class SlotTable: @unchecked Sendable {
  private static let arrayCapacity = 32

  private let lock = PlatformLock()
  @exclusivity(unchecked) private var first: [(name: String, slot: any AnySlot)] = []
  @exclusivity(unchecked) private var rest: [String: any AnySlot] = [:]

  /// The slot of a key that has been used before.
  func existing(_ name: String) -> (any AnySlot)? {
    lock.lock()
    defer { lock.unlock() }
    return find(name)
  }

  /// Stores a new slot unless another thread stored one first, and returns the one that stays.
  func insert(_ slot: any AnySlot, named name: String) -> any AnySlot {
    lock.lock()
    defer { lock.unlock() }
    if let existing = find(name) {
      return existing
    }
    if first.count < Self.arrayCapacity {
      first.append((name, slot))
    } else {
      rest[name] = slot
    }
    return slot
  }

  /// Every slot, for saving.
  var all: [String: any AnySlot] {
    lock.lock()
    defer { lock.unlock() }
    var all = rest
    for entry in first {
      all[entry.name] = entry.slot
    }
    return all
  }

  private func find(_ name: String) -> (any AnySlot)? {
    for entry in first where entry.name == name {
      return entry.slot
    }
    return rest.isEmpty ? nil : rest[name]
  }
}
