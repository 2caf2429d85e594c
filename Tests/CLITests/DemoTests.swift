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
        "Settings", "theme dark", "용인 ㅅㅂㄷ", "경기도 용인시수지구 성복동", "grid 62,121",
        "SAMPLE DATA (as of 2026-10-04 07:30 KST", "KMA's real mid-term forecast",
        "made-up illustrative values", "Yesterday", "Today", "Tomorrow", "10-14", "Rose 31", "장미",
        "Exported: 3 entries",
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

    /// Typing "장미" one key at a time narrows what is found: ㅈ also finds 짓이긴, 자 no longer.
    @Test func theTourSearchesAsTyped() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let output = try await haru.run(["demo", "--lang", "en"]).standardOutput
      let counts = ["ㅈ", "자", "장", "장ㅁ", "장미"].map { typed in
        output.split(separator: "\n").first { $0.hasPrefix("    \(typed) ") }?
          .split(separator: " ").dropFirst().first.map(String.init)
      }
      #expect(counts == ["3", "2", "2", "2", "2"], "\(output)")
    }

    /// Every next step the tour suggests that needs no key runs as printed, on a data folder of
    /// its own.
    @Test func theNextStepsRunAsPrinted() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let output = try await haru.run(["demo", "--lang", "en"]).standardOutput
      let steps = output.split(separator: "\n", omittingEmptySubsequences: false)
        .drop { !$0.hasPrefix("Next, on your own data") }.dropFirst()
        .map {
          $0.split(separator: "#").first.map { String($0).trimmingCharacters(in: .whitespaces) }
            ?? ""
        }
        .filter { $0.hasPrefix("haru ") }
      #expect(steps.count >= 7, "\(output)")
      let export = haru.dataDirectory.deletingLastPathComponent()
        .appendingPathComponent("demo-export-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: export) }
      for step in steps {
        var arguments = Self.words(step).dropFirst().map {
          $0 == "~/haru-journal" ? export.path : $0
        }
        if arguments.first == "journal", arguments.dropFirst().first == "add" {
          arguments = arguments.map { $0 == "…" ? "솔향, 연필 깎은 냄새" : $0 }
        }
        let result = try await haru.run(Array(arguments))
        #expect(result.status == 0, "\(step): \(result)")
      }
      let found = try await haru.run(["journal", "search", "sant", "--json"])
      #expect((try found.json() as? [[String: Any]])?.count == 1, "\(found)")
      #expect(FileManager.default.fileExists(atPath: export.path))
    }

    /// The samples read as one forecast: one issuance date, and no day far from the one before.
    @Test func theSampleDaysReadAsOneForecast() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let result = try await haru.run(["forecast", "--offline", "--json", "--days", "11"])
      let document = try #require(try result.json() as? [String: Any], "\(result)")
      let days = try #require(document["days"] as? [[String: Any]])
      #expect(days.count == 12)
      let highs = days.compactMap { ($0["maxTemperature"] as? NSNumber)?.doubleValue }
      let lows = days.compactMap { ($0["minTemperature"] as? NSNumber)?.doubleValue }
      #expect(highs.count == days.count && lows.count == days.count, "\(days)")
      for index in days.indices.dropFirst() {
        #expect(abs(highs[index] - highs[index - 1]) <= 6, "\(days[index])")
        #expect(abs(lows[index] - lows[index - 1]) <= 6, "\(days[index])")
      }
      let dates = days.compactMap { $0["date"] as? String }
      #expect(dates.first == "2026-10-03" && dates.last == "2026-10-14")
      for key in ["issuedAt", "midTermIssuedAt"] {
        #expect((document[key] as? String)?.hasPrefix("2026-10-04T") == true, "\(key): \(document)")
      }
    }

    /// Splits a printed command at spaces outside double quotes.
    static func words(_ line: String) -> [String] {
      var words: [String] = []
      var word = ""
      var quoted = false
      for character in line {
        if character == "\"" {
          quoted.toggle()
        } else if character == " ", !quoted {
          if !word.isEmpty { words.append(word) }
          word = ""
        } else {
          word.append(character)
        }
      }
      if !word.isEmpty { words.append(word) }
      return words
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
