import Foundation
import HaruForecast
import HaruModels

/// The sample responses bundled with the command, for `--offline` and `haru demo`.
///
/// They all answer for one fixed instant (``instant``), Seoul City Hall's grid cell: KMA's real
/// mid-term answers of that morning, and made-up but realistically shaped answers of the KMA
/// short-term forecast service and of Open-Meteo for the days those do not cover. They are
/// resources of the executable's target, found next to the executable.
enum SampleData {
  /// The instant the samples answer for: 2026-10-04 07:30 Korea Standard Time.
  static let instant = Date(timeIntervalSince1970: 1_791_066_600)

  /// The words every output made from samples carries.
  static func label(_ language: DisplayLanguage) -> String {
    Text(.sampleLabel).rendered(in: language)
  }

  /// The instant the air-quality samples answer for: 2023-11-08 14:30 Korea Standard Time, half
  /// an hour after AirKorea's real measurements of Seoul at 14:00.
  static let airInstant = Date(timeIntervalSince1970: 1_699_421_400)

  /// The instant the warning samples answer for: 2026-09-26 11:30 Korea Standard Time, while the
  /// 호우경보 of 제주도산지 was in force.
  static let warningsInstant = Date(timeIntervalSince1970: 1_790_389_800)

  /// The day of the warning samples, as KMA writes it in `fromTmFc`.
  static let warningsDay = "20260926"

  /// The town the warning samples are shown for: it has warnings in force at their instant.
  static let warningsTown = "서귀포시"

  /// The words `haru air --offline` prints with its samples.
  static func airLabel(_ language: DisplayLanguage) -> String {
    Text(.airSampleLabel).rendered(in: language)
  }

  /// The words `haru warnings --offline` prints with its samples.
  static func warningsLabel(_ language: DisplayLanguage) -> String {
    Text(.warningsSampleLabel).rendered(in: language)
  }

  /// Prints the words that say the output is made from samples: on standard output before the
  /// text, on standard error when the output is JSON, so that standard output stays the contract.
  static func printLabel(_ label: String, _ context: Context) {
    if context.json {
      context.console.printError("haru: note: \(label)")
    } else {
      context.console.print(label)
    }
  }

  /// The town the Seoul samples answer for: Seoul City Hall, when the command line names no
  /// place or names a place in its grid cell; a usage error for any other place, since showing
  /// the samples for it would lie.
  static func seoulTown(
    _ options: ParsedOptions, _ town: Town, usage: String
  ) throws(CLIError) -> Town {
    let seoul = Town.seoulCityHall
    guard options.has("--town") || options.has("--lat") || options.has("--nx") else { return seoul }
    guard town.gridPoint == seoul.gridPoint else {
      throw .usage(Text(.offlineSeoulOnly), usage)
    }
    return town
  }

  /// The folder of the samples, or an error saying where it was looked for.
  static func folder() throws(CLIError) -> URL {
    var candidates: [URL] = []
    var folders: [URL] = []
    if let executable = Bundle.main.executableURL {
      folders.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
    }
    if let first = CommandLine.arguments.first, first.contains("/") {
      folders.append(
        URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
    }
    for folder in folders {
      candidates.append(folder.appendingPathComponent("Haru_HaruCLI.resources/Samples"))
      candidates.append(folder.appendingPathComponent("Haru_HaruCLI.bundle/Samples"))
      candidates.append(
        folder.appendingPathComponent("Haru_HaruCLI.bundle/Contents/Resources/Samples"))
    }
    let manager = FileManager.default
    if let found = candidates.first(where: { manager.fileExists(atPath: $0.path) }) {
      return found
    }
    throw .data(Text(.samplesNotFound))
  }
}

/// A transport that answers from the bundled samples instead of the network.
///
/// KMA requests are answered with the sample of their operation and base date and time (or
/// mid-term issuance, `tmFc`), and
/// with the service's "no data" answer (result code 03) for a run the samples do not hold, as
/// the service itself does. Open-Meteo requests are answered with its one sample. AirKorea's
/// station list and Seoul's real-time values, and KMA's warning events of one day and its
/// status, are answered likewise, "no data" for anything else.
struct SampleTransport: HTTPTransport {
  enum Service: Sendable {
    case kma
    case openMeteo
    case airKorea
    case warnings
  }

  let folder: URL
  let service: Service

  static let noData = #"{"response":{"header":{"resultCode":"03","resultMsg":"NO_DATA"}}}"#

  /// The sample file that answers a request, `nil` for one the samples do not hold.
  func sampleName(for request: HTTPRequest) -> String? {
    let operation = request.url.lastPathComponent
    switch service {
    case .openMeteo:
      return "open-meteo.json"
    case .kma:
      if let issued = request.queryValue(named: "tmFc") {
        // The mid-term service names its issuance by `tmFc` alone.
        return "\(operation)-\(issued).json"
      }
      let date = request.queryValue(named: "base_date") ?? ""
      let time = request.queryValue(named: "base_time") ?? ""
      return "\(operation)-\(date)-\(time).json"
    case .airKorea:
      switch operation {
      case "getMsrstnList":
        return request.queryValue(named: "pageNo") == "1" ? "getMsrstnList-seoul.json" : nil
      case "getCtprvnRltmMesureDnsty":
        return request.queryValue(named: "sidoName") == "서울"
          ? "getCtprvnRltmMesureDnsty-seoul-20231108-1400.json" : nil
      default:
        return nil
      }
    case .warnings:
      switch operation {
      case "getPwnCd":
        let from = request.queryValue(named: "fromTmFc") ?? ""
        return request.queryValue(named: "pageNo") == "1" ? "getPwnCd-\(from).json" : nil
      case "getPwnStatus":
        return "getPwnStatus-\(SampleData.warningsDay).json"
      default:
        return nil
      }
    }
  }

  func send(_ request: HTTPRequest) async throws(ForecastError) -> HTTPResponse {
    let file = sampleName(for: request).map {
      folder.appendingPathComponent($0, isDirectory: false)
    }
    guard let file, let body = try? Data(contentsOf: file) else {
      return HTTPResponse(
        status: 200, headers: ["Content-Type": "application/json"], body: Data(Self.noData.utf8))
    }
    return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
  }
}
