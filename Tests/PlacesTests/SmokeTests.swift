import HaruModels
import HaruPlaces
import Testing

struct SmokeTests {
  @Test func seongbok() throws {
    let directory = PlaceDirectory()
    #expect(directory.places.count == 3838)
    let found = directory.search("성복동")
    #expect(found.first?.fullName == "경기도 용인시수지구 성복동")
  }
}
