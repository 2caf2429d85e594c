import Foundation
import HaruForecast
import HaruForecastTesting
import HaruModels
import HaruTestSupport

/// A local server that answers like the KMA service (or Open-Meteo), for `haru forecast`.
enum ForecastServer {
  /// What the server sends.
  enum Behaviour: Sendable {
    /// Every run, with the fixture made for it; the nowcast, the ultra-short forecast, the UV
    /// index and the pollen risk too; and the captured mid-term
    /// bodies of the asked issuance's hour (06:00 or 18:00).
    case kmaFixtures
    /// As ``kmaFixtures``, but the nowcast answers "no data" for every run.
    case kmaFixturesWithoutNowcast
    /// As ``kmaFixtures``, but the mid-term operations answer as KMA's API Hub does a key it does
    /// not know: HTTP 401 with its JSON (the real body).
    case midTermRefusedByAPIHub
    /// As ``kmaFixtures``, but the nowcast's wind is 5 m/s instead of 0.6: at −1.2 °C, a wind
    /// chill of −6.4 °C.
    case kmaFixturesWindyNowcast
    /// As ``kmaFixtures`` for the short-term forecast; the mid-term gateway refuses the key (HTTP
    /// 403) and so does AirKorea's (its XML refusal, HTTP 200): a key approved for one service.
    case kmaShortTermOnly
    /// As ``kmaFixtures``; AirKorea answers that the daily quota is used up.
    case airQuotaExceeded
    /// An HTTP status and a JSON body.
    case json(Int, String)
    /// The gateway's XML error envelope with a result code, HTTP 200.
    case kmaGatewayError(KMAResultCode)
    /// The normal JSON envelope with an error result code.
    case kmaResult(String)
    /// An HTTP status and a plain-text body.
    case status(Int)
    /// Open-Meteo's answer around an instant.
    case openMeteo(around: Date)
  }

  /// The instant the tests ask about: 2026-11-30 10:00 KST.
  static let instant = Date(timeIntervalSince1970: 1_796_000_400)
  static let instantText = "2026-11-30T10:00:00+09:00"

  static func start(_ behaviour: Behaviour) throws -> LocalHTTPServer {
    try LocalHTTPServer { request in
      if request.target.hasPrefix("/B552584/") {
        switch behaviour {
        case .kmaShortTermOnly:
          return .respond(
            status: 200, headers: ["Content-Type": "text/xml"],
            body: Data(AirKoreaFixtures.keyNotRegistered.utf8))
        case .airQuotaExceeded:
          return .respond(
            status: 200, headers: ["Content-Type": "text/xml"],
            body: Data(AirKoreaFixtures.quotaExceeded.utf8))
        default:
          return .respond(status: 200, headers: json, body: Data(airBody(for: request.target).utf8))
        }
      }
      switch behaviour {
      case .kmaShortTermOnly where request.target.contains("tmFc="):
        return .respond(
          status: 403, headers: json, body: Data(KMAMidTermFixtures.keyNotRegistered.utf8))
      case .kmaFixtures, .kmaShortTermOnly, .airQuotaExceeded:
        return .respond(status: 200, headers: json, body: Data(kmaBody(for: request.target).utf8))
      case .kmaFixturesWithoutNowcast:
        let body =
          request.target.contains(KMAOperation.nowcast.name)
          ? KMAFixtures.noData : kmaBody(for: request.target)
        return .respond(status: 200, headers: json, body: Data(body.utf8))
      case .midTermRefusedByAPIHub where request.target.contains("tmFc="):
        return .respond(
          status: 401, headers: json,
          body: Data(#"{"result":{"status":401,"message":"유효한 인증키가 아닙니다."}}"#.utf8))
      case .midTermRefusedByAPIHub:
        return .respond(status: 200, headers: json, body: Data(kmaBody(for: request.target).utf8))
      case .kmaFixturesWindyNowcast:
        var body = kmaBody(for: request.target)
        if request.target.contains(KMAOperation.nowcast.name) {
          body = body.replacingOccurrences(of: #""obsrValue":"0.6""#, with: #""obsrValue":"5.0""#)
        }
        return .respond(status: 200, headers: json, body: Data(body.utf8))
      case .json(let status, let body):
        return .respond(status: status, headers: json, body: Data(body.utf8))
      case .kmaGatewayError(let code):
        return .respond(
          status: 200, headers: ["Content-Type": "text/xml"],
          body: Data(KMAFixtures.gatewayError(code).utf8))
      case .kmaResult(let code):
        let body =
          #"{"response":{"header":{"resultCode":"\#(code)","resultMsg":"SOME_ERROR"}}}"#
        return .respond(status: 200, headers: json, body: Data(body.utf8))
      case .status(let status):
        return .respond(
          status: status, headers: ["Content-Type": "text/plain"],
          body: Data("Service unavailable".utf8))
      case .openMeteo(let date):
        return .respond(
          status: 200, headers: json, body: Data(OpenMeteoFixtures.forecast(around: date).utf8))
      }
    }
  }

  static let json = ["Content-Type": "application/json;charset=UTF-8"]

  /// AirKorea's answers at ``instant``: the Seoul stations, the real Seoul body moved to
  /// 2026-11-30 10:00, and the real forecast moved to 2026-11-30 and the day after.
  static func airBody(for target: String) -> String {
    if target.contains("getMsrstnList") {
      return AirKoreaFixtures.stationList(AirKoreaFixtures.seoulStations)
    }
    if target.contains("getMinuDustFrcstDspth") {
      return AirKoreaFixtures.dustForecast.replacingOccurrences(
        of: "2023-06-03", with: "2026-11-30"
      )
      .replacingOccurrences(of: "2023-06-04", with: "2026-12-01")
    }
    return AirKoreaFixtures.seoulProvince.replacingOccurrences(
      of: "2023-11-08 14:00", with: "2026-11-30 10:00")
  }

  /// The fixture for the run a request target asks for.
  static func kmaBody(for target: String) -> String {
    if let issued = URLComponents(string: "http://127.0.0.1" + target)?.queryItems?
      .first(where: { $0.name == "tmFc" })?.value
    {
      let evening = issued.hasSuffix("1800")
      if target.contains("getMidLandFcst") {
        return evening ? KMAMidTermFixtures.land1800 : KMAMidTermFixtures.land0600
      }
      if target.contains("getMidTa") {
        return evening ? KMAMidTermFixtures.temperature1800 : KMAMidTermFixtures.temperature0600
      }
      return KMAFixtures.noData
    }
    if let components = URLComponents(string: "http://127.0.0.1" + target),
      let area = components.queryItems?.first(where: { $0.name == "areaNo" })?.value,
      let time = components.queryItems?.first(where: { $0.name == "time" })?.value
    {
      let operation = components.path.split(separator: "/").last.map(String.init) ?? ""
      return KMALivingFixtures.answer(operation: operation, areaCode: area, time: time)
        ?? KMAFixtures.noData
    }
    guard let components = URLComponents(string: "http://127.0.0.1" + target),
      let items = components.queryItems,
      let date = items.first(where: { $0.name == "base_date" })?.value,
      let time = items.first(where: { $0.name == "base_time" })?.value,
      let day = try? CalendarDay(parsing: date), let hour = Int(time.prefix(2)),
      let nx = items.first(where: { $0.name == "nx" })?.value.flatMap(Int.init),
      let ny = items.first(where: { $0.name == "ny" })?.value.flatMap(Int.init),
      let grid = try? GridPoint(nx: nx, ny: ny)
    else { return KMAFixtures.noData }
    let operation = components.path.split(separator: "/").last.map(String.init) ?? ""
    switch operation {
    case KMAOperation.nowcast.name:
      guard let run = try? KMARun(operation: .nowcast, baseDate: day, baseHour: hour) else {
        return KMAFixtures.noData
      }
      return KMAFixtures.nowcast(for: run, at: grid)
    case KMAOperation.ultraShortForecast.name:
      guard let run = try? KMARun(operation: .ultraShortForecast, baseDate: day, baseHour: hour)
      else { return KMAFixtures.noData }
      return KMAFixtures.ultraShortForecast(for: run, at: grid)
    case KMAOperation.shortTermForecast.name:
      guard let run = try? KMARun(operation: .shortTermForecast, baseDate: day, baseHour: hour)
      else { return KMAFixtures.noData }
      return KMAFixtures.shortTermForecast(for: run, at: grid)
    default:
      return KMAFixtures.noData
    }
  }

  /// A port nothing listens on: a server's, once it has stopped.
  static func closedPortURL() throws -> URL {
    let server = try LocalHTTPServer { _ in .silence }
    let url = server.baseURL
    server.stop()
    return url
  }
}
