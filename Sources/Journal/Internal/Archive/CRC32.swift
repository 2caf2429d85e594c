/// CRC-32 (ISO-HDLC, the one zip files carry), computed incrementally.
struct CRC32 {
  private(set) var value: UInt32 = 0

  private static let table: [UInt32] = (0..<256).map { index in
    var crc = UInt32(index)
    for _ in 0..<8 {
      crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1
    }
    return crc
  }

  /// Adds bytes.
  mutating func update(_ bytes: UnsafeRawBufferPointer) {
    var crc = ~value
    Self.table.withUnsafeBufferPointer { table in
      for byte in bytes {
        crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
      }
    }
    value = ~crc
  }
}
