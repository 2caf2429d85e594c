import Dispatch
import HaruModels
import Testing

@testable import HaruSettings

/// The table every typed read looks its key up in, read without a lock while other threads add
/// keys: each key keeps the one slot first stored for it, past the 32 kept in the array too.
struct SlotTableTests {
  @Test func keysAddedFromManyThreadsAreEachFoundWithTheSlotThatStayed() {
    let table = SlotTable()
    let names = (0..<80).map { "key-\($0)" }
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for index in names.indices {
        // Every thread offers a slot for every key, starting at a different key; only one stays.
        let offered = Slot(defaultValue: thread)
        let stayed = table.insert(offered, named: names[(index + thread * 10) % names.count])
        #expect(table.existing(names[(index + thread * 10) % names.count]) === stayed)
      }
      // Reads of keys other threads are adding meanwhile find either nothing or the slot that
      // stays, never a half-written place.
      for name in names {
        if let found = table.existing(name) {
          #expect(found.valueType == ObjectIdentifier(Int.self))
        }
      }
    }
    let all = table.all
    #expect(all.count == names.count)
    for name in names {
      #expect(table.existing(name) === all[name])
    }
    #expect(table.existing("key-80") == nil)
  }
}
