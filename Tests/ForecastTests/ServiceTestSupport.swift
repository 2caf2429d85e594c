import Foundation
import HaruForecast
import HaruForecastTesting
import HaruModels
import HaruShared
import HaruTesting

/// A wall clock that a test moves by hand.
final class TestNow: Sendable {
  private let state: LockedState<Date>

  init(_ date: Date) {
    state = LockedState(date)
  }

  var date: Date {
    get { state.withLock { $0 } }
    set { state.withLock { $0 = newValue } }
  }

  var closure: @Sendable () -> Date {
    { self.date }
  }
}

/// A switch a stub reads on every request.
final class Switch: Sendable {
  private let state = LockedState(false)

  var isOn: Bool {
    get { state.withLock { $0 } }
    set { state.withLock { $0 = newValue } }
  }
}

/// 10:30 KST on 30 November 2026: the 08:00 short-term run and the 10:00 nowcast are current.
func serviceMorning() throws -> Date {
  try kst(2026, 11, 30, 10, 30)
}

/// A KMA provider over a transport.
func kmaProvider(_ transport: any HTTPTransport) throws -> KMAProvider {
  try KMAProvider(serviceKey: sentinelKey, transport: transport)
}

/// An Open-Meteo answer for every request, at a fixed instant.
func openMeteoStub(at date: Date) -> StubTransport {
  let body = OpenMeteoFixtures.forecast(around: date)
  return StubTransport { _ in .json(body) }
}

/// Waits, without sleeping, until a condition holds.
func eventually(_ condition: () -> Bool) async {
  while !condition() {
    await Task.yield()
  }
}

extension StubTransport {
  /// The operation and run of every request, such as `"getVilageFcst 20261130 0800"`.
  var askedOperations: [String] {
    requests.map {
      let operation = $0.url.lastPathComponent
      return "\(operation) \($0.queryValue(named: "base_date") ?? "?") "
        + "\($0.queryValue(named: "base_time") ?? "?")"
    }
  }
}

/// A transport error of the kind a dropped connection gives.
let connectionLost = ForecastError(.transport, message: "The network connection was lost.")
