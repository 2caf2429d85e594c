import Foundation
import HaruModels

/// Asks `MidFcstInfoService` for the days 4–10 of one place: `getMidLandFcst` and `getMidTa` of
/// the newest issuance, at the same time.
///
/// - When the land forecast answers "no data", the issuance is not out yet (or no longer kept):
///   both are asked again for the issuance before, once.
/// - When the land forecast answers and the temperature point does not, the point is retired
///   or unknown: it is asked again for its stand-in (``MidTermTemperaturePoints/substitute(for:)``).
struct KMAMidTermClient: Sendable {
  let builder: KMARequestBuilder
  let transport: any HTTPTransport

  func forecast(
    _ regions: MidTermRegions, at date: Date
  ) async throws(ForecastError) -> MidTermForecast {
    let newest = MidTermIssuance.latest(
      at: date, delay: builder.configuration.midTermPublicationDelay)
    do {
      return try await forecast(regions, issuance: newest)
    } catch  where KMAClient.meansNotPublished(error) {
      return try await forecast(regions, issuance: newest.previous)
    }
  }

  private func forecast(
    _ regions: MidTermRegions, issuance: MidTermIssuance
  ) async throws(ForecastError) -> MidTermForecast {
    let builder = builder
    let transport = transport
    async let land = capture { () async throws(ForecastError) -> HTTPResponse? in
      guard let region = regions.land else { return nil }
      let response = try await transport.send(
        builder.midTermRequest("getMidLandFcst", region: region, issuance: issuance))
      // Read it now, so that "no data" for the issuance is told apart from a bad point.
      _ = try EnvelopeReader.read(response, from: .kma, fields: [])
      return response
    }
    async let temperature = capture { () async throws(ForecastError) -> HTTPResponse in
      try await transport.send(
        builder.midTermRequest("getMidTa", region: regions.temperature, issuance: issuance))
    }
    let landResponse = try await land.get()
    var temperatureResponse = try await temperature.get()
    do {
      return try MidTermForecast.decode(
        land: landResponse, temperature: temperatureResponse, issuance: issuance)
    } catch  where error.code == .noData && landResponse != nil {
      guard let substitute = MidTermTemperaturePoints.substitute(for: regions.temperature) else {
        throw error
      }
      temperatureResponse = try await transport.send(
        builder.midTermRequest("getMidTa", region: substitute, issuance: issuance))
      return try MidTermForecast.decode(
        land: landResponse, temperature: temperatureResponse, issuance: issuance)
    }
  }
}
