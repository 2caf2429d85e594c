import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the command writes: results on standard output, messages and progress on standard error.
///
/// Every line passes through ``redacted(_:)`` first, so a secret the command was given (the KMA
/// service key) never reaches either stream, whatever produced the text.
struct Console: Sendable {
  /// Texts that must never be written, such as the service key.
  let secrets: [String]

  /// Writes text and a line break to standard output.
  func print(_ text: String = "") {
    write(text + "\n", to: FileHandle.standardOutput)
  }

  /// Writes text to standard output as it is, for output streamed in parts.
  func write(_ text: String) {
    write(text, to: FileHandle.standardOutput)
  }

  /// Writes text and a line break to standard error.
  func printError(_ text: String) {
    write(text + "\n", to: FileHandle.standardError)
  }

  /// Writes text to standard error as it is, for progress bars.
  func writeError(_ text: String) {
    write(text, to: FileHandle.standardError)
  }

  /// Whether standard error is a terminal, where a progress bar can redraw itself.
  var standardErrorIsTerminal: Bool {
    isatty(STDERR_FILENO) == 1
  }

  /// The text with every secret replaced by a placeholder.
  func redacted(_ text: String) -> String {
    var text = text
    // Issued keys are tens of characters long; a text of a few letters is no key, and replacing
    // it everywhere would garble the output.
    for secret in secrets where secret.count >= 8 {
      text = text.replacingOccurrences(of: secret, with: "<service key>")
      // A key may also travel percent-encoded.
      if let encoded = secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics),
        encoded != secret
      {
        text = text.replacingOccurrences(of: encoded, with: "<service key>")
      }
    }
    return text
  }

  private func write(_ text: String, to handle: FileHandle) {
    handle.write(Data(redacted(text).utf8))
  }
}
