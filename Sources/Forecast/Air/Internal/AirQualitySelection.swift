import Foundation
import HaruModels

/// Picks each pollutant's value from the stations near a place.
enum AirQualitySelection {
  /// For each pollutant, the first station (in the order given) whose newest measurement is no
  /// older than three hours and has a value for it; when none has, the reason of the nearest
  /// station that was asked.
  static func select(
    nearby: [NearbyStation], measurements: [String: AirMeasurement], at date: Date,
    region: String?, forecast: DustForecast?
  ) -> AirQuality {
    func reading(_ pollutant: AirPollutant) -> AirReading {
      var firstReason: (AirMissingReason, NearbyStation, Date?)?
      for candidate in nearby {
        if let measures = candidate.station.pollutants, !measures.contains(pollutant) {
          firstReason = firstReason ?? (.notMeasured, candidate, nil)
          continue
        }
        guard let measurement = measurements[candidate.station.name] else {
          firstReason = firstReason ?? (.notMeasured, candidate, nil)
          continue
        }
        let age = date.timeIntervalSince(measurement.measuredAt)
        guard age <= AirKoreaClient.freshness else {
          firstReason = firstReason ?? (.stale(since: measurement.measuredAt), candidate, nil)
          continue
        }
        let value = measurement.value(of: pollutant)
        if let flag = value.flag {
          firstReason = firstReason ?? (.flagged(flag), candidate, measurement.measuredAt)
          continue
        }
        guard value.oneHour != nil || value.twentyFourHours != nil else {
          firstReason = firstReason ?? (.notMeasured, candidate, measurement.measuredAt)
          continue
        }
        return AirReading(
          pollutant: pollutant, value: value, station: candidate.station,
          distance: candidate.distance, measuredAt: measurement.measuredAt)
      }
      guard let (reason, candidate, time) = firstReason else {
        return AirReading(
          pollutant: pollutant, value: nil, station: nil, measuredAt: nil, missingReason: .noStation
        )
      }
      return AirReading(
        pollutant: pollutant, value: nil, station: candidate.station, distance: candidate.distance,
        measuredAt: time, missingReason: reason)
    }
    let index = nearby.lazy.compactMap { candidate -> IntegratedAirIndex? in
      guard let measurement = measurements[candidate.station.name],
        date.timeIntervalSince(measurement.measuredAt) <= AirKoreaClient.freshness,
        let value = measurement.integratedIndex
      else { return nil }
      return IntegratedAirIndex(
        value: value, grade: measurement.integratedIndexGrade,
        stationName: measurement.stationName, measuredAt: measurement.measuredAt)
    }.first
    let readings = AirPollutant.allCases.map(reading)
    let newest = readings.compactMap(\.measuredAt).max() ?? date
    return AirQuality(
      pm10: readings[0], pm25: readings[1], ozone: readings[2], integratedIndex: index,
      forecastRegion: region, forecast: forecast,
      nextMeasurementAt: max(AirSchedule.nextMeasurement(after: newest), date),
      nextForecastAt: AirSchedule.nextForecast(after: date))
  }
}
