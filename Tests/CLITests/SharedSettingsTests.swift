import Foundation
import HaruTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension HaruCLI {
  /// Several `haru` processes on one data folder at once: none loses another's settings or towns,
  /// and the `watch` commands see every process's changes.
  @Suite(.timeLimit(.minutes(2)))
  struct SharedSettingsTests {
    @Test func threeSettingsSetAtOnceAreAllKept() async throws {
      for round in 0..<8 {
        let haru = try Haru()
        defer { haru.removeFiles() }
        let runs = try [["theme", "dark"], ["unit", "fahrenheit"], ["pet", "cat"]].map {
          try haru.launch(["settings", "set"] + $0)
        }
        for run in runs {
          let result = await run.result()
          #expect(result.status == 0, "round \(round): \(result)")
        }
        let list = try await haru.run(["--json", "settings", "list"])
        let values = try #require(try list.json() as? [String: String])
        #expect(
          values == ["theme": "dark", "unit": "fahrenheit", "pet": "cat", "scale": "korea"],
          "round \(round)")
      }
    }

    @Test func twoTownsAddedAtOnceAreBothKeptAndAFourthExitsWithThree() async throws {
      for round in 0..<4 {
        let haru = try Haru()
        defer { haru.removeFiles() }
        try await haru.run(["towns", "add", "대전", "--nx", "67", "--ny", "100"])
        let runs = try [["부산", "98", "76"], ["제주", "53", "38"]].map {
          try haru.launch(["towns", "add", $0[0], "--nx", $0[1], "--ny", $0[2]])
        }
        for run in runs {
          let result = await run.result()
          #expect(result.status == 0, "round \(round): \(result)")
        }
        let list = try await haru.run(["--json", "towns", "list"])
        let towns = try #require(try list.json() as? [[String: Any]])
        #expect(
          Set(towns.compactMap { $0["name"] as? String }) == ["대전", "부산", "제주"],
          "round \(round)")
        let fourth = try await haru.run(["towns", "add", "대구", "--nx", "89", "--ny", "90"])
        #expect(fourth.status == 3, "\(fourth)")
        #expect(fourth.standardError.contains("Up to 3 towns"), "\(fourth)")
      }
    }

    @Test func settingsWatchPrintsEveryChangeByAnyProcessUntilTerminated() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let watch = try Self.watch(haru, ["--json", "settings", "watch"])
      #expect(
        watch.nextLine() == #"{"pet":"dog","scale":"korea","theme":"system","unit":"celsius"}"#)
      try await haru.run(["settings", "set", "pet", "cat"])
      #expect(
        watch.nextLine() == #"{"pet":"cat","scale":"korea","theme":"system","unit":"celsius"}"#)
      try await haru.run(["settings", "set", "theme", "dark"])
      #expect(watch.nextLine() == #"{"pet":"cat","scale":"korea","theme":"dark","unit":"celsius"}"#)
      // The same object as `settings list`, on one line.
      let list = try await haru.run(["--json", "settings", "list"])
      let listed = try #require(try list.json() as? [String: String])
      #expect(listed == ["pet": "cat", "scale": "korea", "theme": "dark", "unit": "celsius"])
      watch.send(SIGTERM)
      let finished = watch.finish()
      #expect(finished.status == 0 && !finished.wasSignalled, "\(finished.errors)")
      #expect(finished.lines.count == 3, "nothing printed twice: \(finished.lines)")
    }

    @Test func townsWatchPrintsTheListsArrayAndEndsOnControlC() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let watch = try Self.watch(haru, ["--json", "towns", "watch"])
      let first = try #require(watch.nextLine())
      try await haru.run(["towns", "add", "부산", "--nx", "98", "--ny", "76"])
      let second = try #require(watch.nextLine())
      let list = try await haru.run(["--json", "towns", "list"])
      let listed = try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8))
      let watched = try JSONSerialization.jsonObject(with: Data(second.utf8))
      #expect((watched as? NSArray) == (listed as? NSArray), "the array of towns list")
      #expect(first.contains("서울특별시청") && !first.contains("부산"))
      #expect(!second.contains("\n"))
      watch.send(SIGINT)
      let finished = watch.finish()
      #expect(finished.status == 0 && !finished.wasSignalled, "\(finished.errors)")
    }

    @Test func aWatcherKilledMidwayLeavesTheOthersWorking() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let doomed = try Self.watch(haru, ["settings", "watch"])
      let survivor = try Self.watch(haru, ["settings", "watch"])
      #expect(doomed.nextLine() == "theme=system unit=celsius pet=dog scale=korea")
      #expect(survivor.nextLine() == "theme=system unit=celsius pet=dog scale=korea")
      doomed.stop()
      try await haru.run(["settings", "set", "unit", "fahrenheit"])
      #expect(survivor.nextLine() == "theme=system unit=fahrenheit pet=dog scale=korea")
      survivor.send(SIGTERM)
      #expect(survivor.finish().status == 0)
    }

    static func watch(_ haru: Haru, _ arguments: [String]) throws -> HelperProcess {
      let executable = try #require(Haru.executable)
      return try HelperProcess(executable, arguments, environment: haru.processEnvironment)
    }
  }
}
