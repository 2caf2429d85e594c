/// SHA-256 (FIPS 180-4), computed incrementally, so that a file is hashed as it is written or
/// read without holding it in memory.
///
/// Written here because the SDK takes no dependencies; checked against the standard's test
/// vectors in the tests. Shared by the journal's archives and the checks of the place table.
package struct SHA256 {
  /// Starts an empty message.
  package init() {}

  private var state: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab,
    0x5be0_cd19,
  ]
  /// Bytes not yet hashed: fewer than one 64-byte block.
  private var pending: [UInt8] = []
  private var byteCount: UInt64 = 0
  /// The message schedule, kept to avoid an allocation per block.
  private var schedule = [UInt32](repeating: 0, count: 64)

  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]

  /// Adds bytes to the message.
  package mutating func update(_ bytes: UnsafeRawBufferPointer) {
    byteCount &+= UInt64(bytes.count)
    var offset = 0
    if !pending.isEmpty {
      let take = min(64 - pending.count, bytes.count)
      pending.append(contentsOf: bytes[0..<take])
      offset = take
      guard pending.count == 64 else { return }
      let block = pending
      pending.removeAll(keepingCapacity: true)
      block.withUnsafeBytes { compress($0, at: 0) }
    }
    while bytes.count - offset >= 64 {
      compress(bytes, at: offset)
      offset += 64
    }
    if offset < bytes.count {
      pending.append(contentsOf: bytes[offset...])
    }
  }

  /// Adds bytes to the message.
  package mutating func update(_ bytes: some Sequence<UInt8>) {
    let array = Array(bytes)
    array.withUnsafeBytes { update($0) }
  }

  /// The digest of everything added; the hash should not be used afterwards.
  package mutating func finalize() -> [UInt8] {
    let bitLength = byteCount &* 8
    var tail: [UInt8] = [0x80]
    let used = (pending.count + 1) % 64
    tail += [UInt8](repeating: 0, count: (56 - used + 64) % 64)
    for shift in stride(from: 56, through: 0, by: -8) {
      tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    let savedCount = byteCount
    tail.withUnsafeBytes { update($0) }
    byteCount = savedCount
    var digest: [UInt8] = []
    digest.reserveCapacity(32)
    for word in state {
      digest += [
        UInt8(truncatingIfNeeded: word >> 24), UInt8(truncatingIfNeeded: word >> 16),
        UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word),
      ]
    }
    return digest
  }

  /// The digest of everything added, as 64 lowercase hexadecimal digits.
  package mutating func finalizeHex() -> String {
    Self.hexDigits(finalize())
  }

  /// The digest of some bytes, in hexadecimal.
  package static func hex(of bytes: some Sequence<UInt8>) -> String {
    var hash = SHA256()
    hash.update(bytes)
    return hash.finalizeHex()
  }

  private static func hexDigits(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  private mutating func compress(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
    schedule.withUnsafeMutableBufferPointer { w in
      for index in 0..<16 {
        let base = offset + index * 4
        w[index] =
          UInt32(bytes[base]) << 24 | UInt32(bytes[base + 1]) << 16
          | UInt32(bytes[base + 2]) << 8 | UInt32(bytes[base + 3])
      }
      for index in 16..<64 {
        let s0 =
          w[index - 15].rotatedRight(7) ^ w[index - 15].rotatedRight(18) ^ (w[index - 15] >> 3)
        let s1 =
          w[index - 2].rotatedRight(17) ^ w[index - 2].rotatedRight(19) ^ (w[index - 2] >> 10)
        w[index] = w[index - 16] &+ s0 &+ w[index - 7] &+ s1
      }
      var a = state[0]
      var b = state[1]
      var c = state[2]
      var d = state[3]
      var e = state[4]
      var f = state[5]
      var g = state[6]
      var h = state[7]
      Self.roundConstants.withUnsafeBufferPointer { k in
        for index in 0..<64 {
          let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
          let choice = (e & f) ^ (~e & g)
          let t1 = h &+ s1 &+ choice &+ k[index] &+ w[index]
          let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
          let majority = (a & b) ^ (a & c) ^ (b & c)
          let t2 = s0 &+ majority
          h = g
          g = f
          f = e
          e = d &+ t1
          d = c
          c = b
          b = a
          a = t1 &+ t2
        }
      }
      state[0] &+= a
      state[1] &+= b
      state[2] &+= c
      state[3] &+= d
      state[4] &+= e
      state[5] &+= f
      state[6] &+= g
      state[7] &+= h
    }
  }
}

extension UInt32 {
  fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
    (self >> count) | (self << (32 - count))
  }
}
