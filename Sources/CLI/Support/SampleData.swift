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
    language == .korean
      ? "샘플 데이터 (기준 시각 2026-10-04 07:30 KST, 서울특별시청 격자): 4–10일째는 그날 아침 "
        + "기상청이 실제로 발표한 중기예보이고, 오늘부터 3일 뒤까지와 현재 날씨는 만든 예시 값입니다."
      : "SAMPLE DATA (as of 2026-10-04 07:30 KST, Seoul City Hall's grid cell): days 4–10 are "
        + "KMA's real mid-term forecast of that morning; today to day 3 and the current weather "
        + "are made-up illustrative values."
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
    throw .data(
      "The bundled sample responses were not found next to the haru executable "
        + "(looked for Haru_HaruCLI.resources and Haru_HaruCLI.bundle). "
        + "Run haru from its build folder, or copy the resource bundle next to it.")
  }
}

/// A transport that answers from the bundled samples instead of the network.
///
/// KMA requests are answered with the sample of their operation and base date and time (or
/// mid-term issuance, `tmFc`), and
/// with the service's "no data" answer (result code 03) for a run the samples do not hold, as
/// the service itself does. Open-Meteo requests are answered with its one sample.
struct SampleTransport: HTTPTransport {
  enum Service: Sendable {
    case kma
    case openMeteo
  }

  let folder: URL
  let service: Service

  static let noData = #"{"response":{"header":{"resultCode":"03","resultMsg":"NO_DATA"}}}"#

  func send(_ request: HTTPRequest) async throws(ForecastError) -> HTTPResponse {
    let name: String
    switch service {
    case .openMeteo:
      name = "open-meteo.json"
    case .kma:
      let operation = request.url.lastPathComponent
      if let issued = request.queryValue(named: "tmFc") {
        // The mid-term service names its issuance by `tmFc` alone.
        name = "\(operation)-\(issued).json"
      } else {
        let date = request.queryValue(named: "base_date") ?? ""
        let time = request.queryValue(named: "base_time") ?? ""
        name = "\(operation)-\(date)-\(time).json"
      }
    }
    let file = folder.appendingPathComponent(name, isDirectory: false)
    guard let body = try? Data(contentsOf: file) else {
      return HTTPResponse(
        status: 200, headers: ["Content-Type": "application/json"], body: Data(Self.noData.utf8))
    }
    return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
  }
}
