import Foundation
import Testing

@testable import HaruJournal

/// Numbers the journal reads from files that pass 2³¹ − 1 (the largest 32-bit `Int`, Apple
/// Watch's) are 64-bit by type and read exactly.
@Suite(.timeLimit(.minutes(1)))
struct Journal32BitTests {
  @Test func aPhotosBoxSizePastTwoToTheThirtyFirstIsReadExactly() {
    // An `ftyp` box that claims 0x8000_0010 bytes: negative as a 32-bit `Int`.
    var head: [UInt8] = [0x80, 0x00, 0x00, 0x10] + Array("ftypheic".utf8) + [0, 0, 0, 0]
    head += Array("mif1heic".utf8)
    let size: UInt64 = PhotoFormat.boxSize(head)
    #expect(size == 2_147_483_664)
    // The box runs past the bytes read, which are all looked at; nothing names AVIF.
    #expect(PhotoFormat(detecting: Data(head)) == .heic)
  }

  @Test func aPhotosLargestBoxSizeIsReadExactly() {
    let head: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFC] + Array("ftypheic".utf8) + [0, 0, 0, 0]
    let size: UInt64 = PhotoFormat.boxSize(head)
    #expect(size == 4_294_967_292)
  }
}
