import HaruModels
import Testing

struct ModelErrorTests {
  @Test func codesCanBeMatchedInCatchClauses() {
    func classify(_ body: () throws -> Void) -> String {
      do {
        try body()
        return "none"
      } catch ModelError.Code.outsideForecastGrid {
        return "grid"
      } catch ModelError.Code.emptyField {
        return "empty"
      } catch {
        return "other"
      }
    }
    #expect(classify { _ = try GridPoint(nx: 0, ny: 1) } == "grid")
    #expect(classify { _ = try Town(name: " ", gridPoint: GridPoint(nx: 1, ny: 1)) } == "empty")
    #expect(classify { _ = try CalendarDay(year: 2026, month: 2, day: 30) } == "other")
    #expect(classify {} == "none")
  }

  @Test func descriptionNamesTheFieldAndTheRemedy() throws {
    do {
      _ = try Town(name: "", gridPoint: GridPoint(nx: 60, ny: 127))
      Issue.record("an empty name was accepted")
    } catch {
      #expect(error.description == "name: This field is required.")
    }
    let unnamed = ModelError(.invalidDay, message: "Not a day.")
    #expect(unnamed.description == "Not a day.")
  }
}

struct TownTests {
  @Test func seoulCityHallIsTheDocumentedDefault() throws {
    let town = Town.seoulCityHall
    #expect(town.gridPoint == (try GridPoint(nx: 60, ny: 127)))
    let coordinate = try #require(town.coordinate)
    #expect(try GridPoint(containing: coordinate) == town.gridPoint)
  }

  @Test func nameIsTrimmed() throws {
    let town = try Town(name: "  우리 동네 \n", gridPoint: GridPoint(nx: 60, ny: 127))
    #expect(town.name == "우리 동네")
    #expect(town.coordinate == nil)
  }

  @Test(arguments: [
    ("", ModelError.Code.emptyField), (" \t", .emptyField),
    (String(repeating: "동", count: 61), .fieldTooLong), ("서울\n부산", .invalidCharacters),
  ])
  func badNamesAreRefused(name: String, code: ModelError.Code) {
    let error = #expect(throws: ModelError.self) {
      try Town(name: name, gridPoint: GridPoint(nx: 60, ny: 127))
    }
    #expect(error?.code == code)
    #expect(error?.field == "name")
  }

  @Test func aTownOutsideTheGridIsRefused() throws {
    let paris = try Coordinate(latitude: 48.8566, longitude: 2.3522)
    let error = #expect(throws: ModelError.self) {
      try Town(name: "Paris", coordinate: paris)
    }
    #expect(error?.code == .outsideForecastGrid)
  }

  @Test func aTownMayKeepANeighbouringCellForItsCoordinate() throws {
    let coordinate = try Coordinate(latitude: 37.5665, longitude: 126.9780)
    let town = try Town(name: "시청", coordinate: coordinate, gridPoint: GridPoint(nx: 61, ny: 128))
    #expect(town.gridPoint == (try GridPoint(nx: 61, ny: 128)))
  }

  @Test(arguments: [(62, 127), (60, 125), (53, 38), (149, 253)])
  func aCellFarFromTheCoordinateIsRefused(nx: Int, ny: Int) throws {
    let cityHall = try Coordinate(latitude: 37.5665, longitude: 126.9780)
    let cell = try GridPoint(nx: nx, ny: ny)
    let error = #expect(throws: ModelError.self) {
      try Town(name: "시청", coordinate: cityHall, gridPoint: cell)
    }
    #expect(error?.code == .gridPointMismatch)
    #expect(error?.field == "gridPoint")
  }
}
