import Foundation
import Testing

@testable import HaruCLI

extension HaruCLI {
  /// `haru demo` and `haru forecast --offline` read as one plausible morning: the heading counts
  /// what is printed, times are rounded to the minute, the temperature now is shown, and every
  /// chance of rain is one KMA could give.
  @Suite(.timeLimit(.minutes(2)))
  struct SampleMorningTests {
    static let samples = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/CLI/Resources/Samples", isDirectory: true)

    /// The day rows of a forecast's text: the lines that hold a date such as "10-04 Sun".
    static func dayRows(_ lines: some Sequence<Substring>) -> [Substring] {
      let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
      return lines.filter { line in
        weekdays.contains { line.contains(" \($0)  ") } && line.contains("°")
      }
    }

    @Test func theDemoHeadingSaysWhatItPrints() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let result = try await haru.run(["demo", "--lang", "en"])
      #expect(result.status == 0, "\(result)")
      let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
      let start = try #require(lines.firstIndex { $0.hasPrefix("3. ") }, "\(result)")
      #expect(lines[start] == "3. Seoul: yesterday, today and the ten days after")
      let end = try #require(lines[start...].firstIndex { $0.hasPrefix("4. ") })
      let rows = Self.dayRows(lines[start..<end])
      // Yesterday, today, and ten days after today.
      #expect(rows.count == 12, "\(rows)")
      #expect(rows.first?.hasPrefix("Yesterday 10-03") == true, "\(rows)")
      #expect(rows.dropFirst().first?.hasPrefix("Today     10-04") == true, "\(rows)")
      #expect(rows.last?.contains("10-14") == true, "\(rows)")
    }

    @Test(arguments: [
      // 06:28:56 KST shows 06:29, not 06:28; half a minute rounds up.
      ("2026-10-04T06:28:56+09:00", "06:29"),
      ("2026-10-04T06:28:29+09:00", "06:28"),
      ("2026-10-04T06:28:30+09:00", "06:29"),
      ("2026-10-04T23:59:45+09:00", "00:00"),
      ("1969-12-31T23:58:50+09:00", "23:59"),
    ])
    func aTimeOfDayIsRoundedToTheNearestMinute(instant: String, shown: String) throws {
      let date = try #require(ISO8601DateFormatter().date(from: instant))
      #expect(ForecastCommand.clock(date) == shown)
    }

    @Test func anIssuanceTimeIsRoundedToTheNearestMinute() throws {
      let date = try #require(ISO8601DateFormatter().date(from: "2026-10-04T04:59:40+09:00"))
      #expect(ForecastCommand.koreanTime(date) == "2026-10-04 05:00 KST")
    }

    /// The sunrise and sunset the text shows are the JSON's instants, to the nearest minute.
    @Test func theSunTimesShownAreRoundedNotCut() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let text = try await haru.run(["forecast", "--offline", "--days", "11", "--lang", "en"])
      let json = try await haru.run(["forecast", "--offline", "--days", "11", "--json"])
      let days = try #require(
        (try json.json() as? [String: Any])?["days"] as? [[String: Any]], "\(json)")
      let rows = Self.dayRows(text.standardOutput.split(separator: "\n"))
      #expect(rows.count == days.count, "\(text)")
      let formatter = ISO8601DateFormatter()
      var roundedUp = 0
      for (row, day) in zip(rows, days) {
        let sunrise = try #require(formatter.date(from: day["sunrise"] as? String ?? ""))
        let sunset = try #require(formatter.date(from: day["sunset"] as? String ?? ""))
        let shown = "\(ForecastCommand.clock(sunrise))–\(ForecastCommand.clock(sunset))"
        #expect(row.contains(shown), "\(row) \(day)")
        let seconds = Int(sunrise.timeIntervalSince1970) % 60
        if seconds >= 30 { roundedUp += 1 }
      }
      // The samples' sunrises include some in the second half of a minute, shown a minute later.
      #expect(roundedUp > 0)
    }

    @Test func theForecastTextShowsTheTemperatureNow() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let json = try await haru.run(["forecast", "--offline", "--json"])
      let current = try #require(
        (try json.json() as? [String: Any])?["current"] as? [String: Any], "\(json)")
      #expect(current["temperature"] as? Double == 10.8)
      let english = try await haru.run(["forecast", "--offline", "--lang", "en"])
      #expect(english.standardOutput.contains("\nNow 11°, as of 07:00\n"), "\(english)")
      let korean = try await haru.run(["forecast", "--offline", "--lang", "ko"])
      #expect(korean.standardOutput.contains("\n현재 11° (07:00 기준)\n"), "\(korean)")
      let demo = try await haru.run(["demo", "--lang", "en"])
      #expect(demo.standardOutput.contains("\nNow 11°, as of 07:00\n"), "\(demo)")
    }

    /// KMA gives the chance of rain in steps of 10: so do the short-term samples, and so does
    /// every half day the offline forecast shows.
    @Test func everyChanceOfRainIsAStepOfTen() async throws {
      let names = try FileManager.default.contentsOfDirectory(atPath: Self.samples.path)
        .filter { $0.hasPrefix("getVilageFcst-") }
      #expect(names.count == 3)
      for name in names {
        let data = try Data(contentsOf: Self.samples.appendingPathComponent(name))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let items = try #require(
          ((((root["response"] as? [String: Any])?["body"] as? [String: Any])?["items"]
            as? [String: Any])?["item"] as? [[String: Any]]))
        let chances = items.filter { $0["category"] as? String == "POP" }
          .compactMap { Int($0["fcstValue"] as? String ?? "") }
        #expect(chances.count > 60, "\(name)")
        #expect(chances.allSatisfy { $0 % 10 == 0 && (0...100).contains($0) }, "\(name)")
      }
      let haru = try Haru()
      defer { haru.removeFiles() }
      let result = try await haru.run(["forecast", "--offline", "--days", "11", "--json"])
      let days = try #require(
        (try result.json() as? [String: Any])?["days"] as? [[String: Any]], "\(result)")
      let halves = days.flatMap { day in
        ["morning", "afternoon"].compactMap { day[$0] as? [String: Any] }
      }
      let shown = halves.compactMap { $0["precipitationProbability"] as? Int }
      #expect(shown.count >= days.count, "\(days)")
      #expect(shown.allSatisfy { $0 % 10 == 0 }, "\(shown)")
      let text = try await haru.run(["forecast", "--offline", "--days", "11", "--lang", "en"])
      #expect(!text.standardOutput.contains("Clear 28%"), "\(text)")
    }
  }
}
