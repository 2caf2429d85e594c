import HaruModels
import Testing

@testable import HaruPlaces

/// Area codes have ten digits, more than a 32-bit `Int` holds (Apple Watch): they are read as
/// 64-bit numbers whatever the platform.
struct Places32BitTests {
  @Test func aTenDigitAreaCodeIsReadAsA64BitNumber() {
    var read: [Int64?] = []
    PlaceTable.forEachRecord("4146559000\t-4146559000\t999999999999999999") { fields, bytes in
      for field in fields {
        let value: Int64? = bytes.integer(field)
        read.append(value)
      }
    }
    #expect(read == [4_146_559_000, -4_146_559_000, 999_999_999_999_999_999])
    #expect(Int64(Int32.max) < 4_146_559_000)
  }

  @Test func aValuePastAnIntIsNotASmallInteger() {
    var small: [Int?] = []
    PlaceTable.forEachRecord("62\t99999999999999999") { fields, bytes in
      small = fields.map { bytes.smallInteger($0) }
    }
    #expect(small.first == 62)
    #expect(small.count == 2)
    // The number itself on a 64-bit `Int`, and `nil` on a 32-bit one.
    #expect(small.last == .some(Int(exactly: Int64(99_999_999_999_999_999))))
  }

  @Test func theTableKeepsATenDigitCodeExactly() throws {
    let index = try #require(PlaceTable.shared.index(ofCode: "4146559000"))
    let code: UInt64 = PlaceTable.shared.rows[index].code
    #expect(code == 4_146_559_000)
    let place = try #require(PlaceDirectory().place(code: "4146559000"))
    #expect(place.code == "4146559000")
    #expect(place.neighborhood == "성복동")
    #expect(place.gridPoint == (try GridPoint(nx: 62, ny: 121)))
  }
}
