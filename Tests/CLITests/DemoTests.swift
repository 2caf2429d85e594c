import Foundation
import Testing

extension HaruCLI {
  /// `haru demo`, the README's first command.
  @Suite(.timeLimit(.minutes(2)))
  struct DemoTests {
    @Test func theTourRunsOnSamplesAndCleansUp() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let result = try await haru.run(["demo", "--lang", "en"])
      #expect(result.status == 0, "\(result)")
      #expect(result.standardError.isEmpty, "\(result)")
      let output = result.standardOutput
      for text in [
        "Settings", "theme dark", "grid 98,76", "SAMPLE DATA", "Yesterday", "Today", "Tomorrow",
        "Rose 31", "장미",
      ] {
        #expect(output.contains(text), "\(text): \(output)")
      }
      // The temporary folder it names is gone, and the real data folder was never touched.
      let folder = try #require(
        output.split(separator: "\n").first { $0.contains("haru-demo-") }?
          .trimmingCharacters(in: .whitespaces))
      #expect(!FileManager.default.fileExists(atPath: folder))
      #expect(!FileManager.default.fileExists(atPath: haru.dataDirectory.path))
    }

    @Test func theTourSpeaksKorean() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let result = try await haru.run(["demo", "--lang", "ko"])
      #expect(result.status == 0, "\(result)")
      for text in ["샘플 데이터", "어제", "오늘", "내일"] {
        #expect(result.standardOutput.contains(text), "\(text)")
      }
    }
  }
}
