import Foundation
import HaruModels
import Testing

/// Every model decodes what it encodes, and refuses stored data it would refuse as input.
struct CodableTests {
  @Test func validValuesRoundTrip() throws {
    let town = try Town(
      name: "부산", coordinate: Coordinate(latitude: 35.1770194, longitude: 129.0769528))
    #expect(try roundTrip(town) == town)
    #expect(try roundTrip(Town.seoulCityHall) == Town.seoulCityHall)
    let day = try CalendarDay(year: 2024, month: 2, day: 29)
    #expect(try roundTrip(day) == day)
    let temperature = try Temperature(celsius: -3.5)
    #expect(try roundTrip(temperature) == temperature)
    #expect(try roundTrip(Probability(percent: 60)) == Probability(percent: 60))
    let amount = PrecipitationAmount(parsing: "30.0~50.0mm")
    #expect(try roundTrip(amount) == amount)
    let hour = HourlyForecast(
      time: Date(timeIntervalSince1970: 1_800_000_000), temperature: try Temperature(celsius: 21),
      sky: .overcast, precipitationType: .rain,
      precipitationProbability: try Probability(percent: 80),
      precipitation: PrecipitationAmount(parsing: "6.2mm"),
      snowfall: PrecipitationAmount(parsing: "적설없음", defaultUnit: .centimeters),
      humidity: 90, windSpeed: 3.2, windDirection: 250)
    let forecast = DayForecast(day: day, hourly: [hour])
    #expect(try roundTrip(forecast) == forecast)
    let entry = try JournalEntry(
      day: day, brand: "Diptyque", perfumeName: "Philosykos", notes: "무화과 잎\n초록",
      sentence: "여름 나무 그늘", photo: PhotoName("a1.jpg"), isFavorite: true,
      createdAt: Date(timeIntervalSince1970: 1_800_000_000),
      updatedAt: Date(timeIntervalSince1970: 1_800_000_100))
    #expect(try roundTrip(entry) == entry)
  }

  @Test func dayIsStoredAsISOText() throws {
    let data = try JSONEncoder().encode([try CalendarDay(year: 2026, month: 11, day: 30)])
    #expect(String(decoding: data, as: UTF8.self) == #"["2026-11-30"]"#)
  }

  @Test(arguments: [
    ("grid point outside the grid", #"{"nx": 0, "ny": 127}"#, "GridPoint"),
    ("coordinate out of range", #"{"latitude": 137.5, "longitude": 126.9}"#, "Coordinate"),
    ("town without a place", #"{"name": "서울"}"#, "Town"),
    ("town with an empty name", #"{"name": "  ", "gridPoint": {"nx": 60, "ny": 127}}"#, "Town"),
    (
      "town outside the grid",
      #"{"name": "Paris", "coordinate": {"latitude": 48.8, "longitude": 2.3}}"#, "Town"
    ),
    ("impossible day", #""2026-02-30""#, "CalendarDay"),
    ("probability over 100", "150", "Probability"),
    ("photo name that is a path", #""../../etc/passwd""#, "PhotoName"),
  ])
  func invalidStoredValuesAreRefused(_ label: String, json: String, type: String) {
    let data = Data(json.utf8)
    let decoder = JSONDecoder()
    #expect(throws: DecodingError.self, "\(label)") {
      switch type {
      case "GridPoint": _ = try decoder.decode(GridPoint.self, from: data)
      case "Coordinate": _ = try decoder.decode(Coordinate.self, from: data)
      case "Town": _ = try decoder.decode(Town.self, from: data)
      case "CalendarDay": _ = try decoder.decode(CalendarDay.self, from: data)
      case "Probability": _ = try decoder.decode(Probability.self, from: data)
      case "PhotoName": _ = try decoder.decode(PhotoName.self, from: data)
      default: Issue.record("no decoder for \(type)")
      }
    }
  }

  @Test func storedEntryWithAnEmptySentenceIsRefused() throws {
    let json = """
      {"id": "6F9619FF-8B86-D011-B42D-00CF4FC964FF", "day": "2026-11-30", "brand": "Aesop",
       "perfumeName": "Hwyl", "sentence": "   ", "createdAt": 0}
      """
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(JournalEntry.self, from: Data(json.utf8))
    }
  }

  @Test func townStoredWithOnlyACoordinateGetsItsGridPoint() throws {
    let json = #"{"name": "대전", "coordinate": {"latitude": 36.3471194, "longitude": 127.3865667}}"#
    let town = try JSONDecoder().decode(Town.self, from: Data(json.utf8))
    #expect(town.gridPoint == (try GridPoint(nx: 67, ny: 100)))
  }

  private func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
    try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
  }
}
