import HaruShared
import Synchronization

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
