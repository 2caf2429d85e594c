import Foundation
import HaruForecast
import HaruShared

/// A transport that counts the requests it sends, by service and by operation, so that
/// `haru forecast --json` can say what a refresh cost: a day's requests can then be counted from
/// outside.
final class CountingTransport: HTTPTransport {
  private let base: any HTTPTransport
  /// The requests sent, by operation. `LockedState` rather than `Mutex`: the parts of an outlook
  /// are asked from several tasks at once, and ThreadSanitizer does not see `Mutex`'s atomics
  /// on Linux as the synchronisation they are (see LockedState).
  private let counts = LockedState<[String: Int]>([:])

  init(_ base: any HTTPTransport = URLSessionTransport()) {
    self.base = base
  }

  func send(_ request: HTTPRequest) async throws(ForecastError) -> HTTPResponse {
    let operation = request.url.lastPathComponent
    counts.withLock { $0[operation, default: 0] += 1 }
    return try await base.send(request)
  }

  /// The requests sent so far, by operation (`getVilageFcst`, `getMidTa`, …).
  var byOperation: [String: Int] { counts.withLock { $0 } }

  /// The requests sent so far, by service (`DataService`'s raw values).
  var byService: [String: Int] {
    var services: [String: Int] = [:]
    for (operation, count) in byOperation {
      services[Self.service(of: operation)?.rawValue ?? "other", default: 0] += count
    }
    return services
  }

  /// The service an operation belongs to.
  static func service(of operation: String) -> DataService? {
    switch operation {
    case "getUltraSrtNcst", "getUltraSrtFcst", "getVilageFcst", "getFcstVersion":
      .kmaShortTerm
    case "getMidFcst", "getMidLandFcst", "getMidTa", "getMidSeaFcst": .kmaMidTerm
    case "getMsrstnList", "getNearbyMsrstnList", "getTMStdrCrdnt": .airKoreaStations
    case "getUVIdxV5": .kmaLivingIndices
    case _ where operation.contains("PollenRisk"): .kmaHealthIndices
    case _ where operation.hasPrefix("getPwn") || operation.hasPrefix("getWthr"): .kmaWarnings
    case _ where operation.hasPrefix("get"): .airKoreaPollution
    default: nil
    }
  }
}

/// `requests` in `haru forecast --json`: how many requests the refresh sent.
struct RequestsJSON: Encodable {
  let total: Int
  let services: [String: Int]
  let operations: [String: Int]

  init(_ transport: CountingTransport) {
    operations = transport.byOperation
    services = transport.byService
    total = operations.values.reduce(0, +)
  }
}
