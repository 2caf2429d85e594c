import Foundation
import Testing

extension HaruCLI {
  /// The CLI reference article keeps in step with `haru help`.
  @Suite(.timeLimit(.minutes(3)))
  struct ReferenceTests {
    static let article = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Documentation/Haru.docc/CLIReference.md")

    @Test func everyOptionAndCommandOfTheHelpIsInTheReference() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let help = try await haru.run(["help"]).standardOutput
      let reference = try String(contentsOf: Self.article, encoding: .utf8)
      let words = help.split { " \n|[]()".contains($0) }.map(String.init)
      let options = Set(words.filter { $0.hasPrefix("--") || $0 == "-h" })
      #expect(options.count > 20)
      for option in options {
        #expect(reference.contains(option), "the reference lacks \(option)")
      }
      for line in help.split(separator: "\n") where line.hasPrefix("      haru ") {
        let command = line.split(separator: " ").prefix(3).joined(separator: " ")
        #expect(reference.contains(command), "the reference lacks \(command)")
      }
      for status in ["0", "2", "3", "4", "130"] {
        #expect(reference.contains("| \(status) |"), "the reference lacks exit status \(status)")
      }
      #expect(reference.contains("HARU_DATA_DIR") && reference.contains("HARU_KMA_SERVICE_KEY"))
    }
  }
}
