import Foundation

/// Standard output carries only result lines; everything meant for people goes to standard error.
///
/// Both are written unbuffered, so a result line is visible as soon as its benchmark ends even
/// when standard output is a pipe.
enum Console {
  static func result(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  static func message(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
