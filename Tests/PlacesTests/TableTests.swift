import Foundation
import HaruModels
import HaruShared
import Testing

@_spi(Benchmarks) @testable import HaruPlaces

/// The table inside the library is KMA's, row for row.
struct TableTests {
  /// The checksums KMA's files had when they were copied in (from the data's README).
  static let publishedChecksums = [
    "kma-grid-areas.csv": "134f6d78bd2318eb8082bc786bd5d12697b277e4db51ff751b4f58155ef77a68",
    "kma-grid-areas-mid-regions.csv":
      "b9d875c72d4e8ec9c8176dd0639010b67be6c6e9cb7d1bd796e5bbdaf26c2661",
  ]

  @Test func sourceFilesAreTheOnesTheTableWasGeneratedFrom() throws {
    let areas = SHA256.hex(of: try SourceTable.bytes("kma-grid-areas.csv"))
    let regions = SHA256.hex(of: try SourceTable.bytes("kma-grid-areas-mid-regions.csv"))
    let old = SHA256.hex(of: try SourceTable.bytes("kma-grid-areas-20221027.csv"))
    #expect(areas == Self.publishedChecksums["kma-grid-areas.csv"])
    #expect(regions == Self.publishedChecksums["kma-grid-areas-mid-regions.csv"])
    #expect(areas == PlaceTableData.areasChecksum)
    #expect(regions == PlaceTableData.midTermRegionsChecksum)
    #expect(old == PlaceTableData.oldAreasChecksum)
  }

  @Test func sha256OfKnownText() {
    #expect(
      SHA256.hex(of: Array("abc".utf8))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      SHA256.hex(of: [UInt8]())
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }

  @Test func everyRowReadsBackAsTheCSVWritesIt() throws {
    let source = SourceTable.areas
    let places = PlaceDirectory().places
    #expect(PlaceTable.shared.unreadableRows.isEmpty)
    try #require(source.count == 3838)
    try #require(places.count == source.count)
    for (row, place) in zip(source, places) {
      #expect(place.code == row.code, "\(row)")
      #expect(place.province == row.sido, "\(row)")
      #expect(place.district == (row.sigungu.isEmpty ? nil : row.sigungu), "\(row)")
      #expect(place.neighborhood == (row.eupmyeondong.isEmpty ? nil : row.eupmyeondong), "\(row)")
      #expect(place.fullName == row.fullName)
      #expect(place.gridPoint.nx == row.nx && place.gridPoint.ny == row.ny, "\(row)")
      #expect(place.coordinate?.latitude == row.latitude, "\(row)")
      #expect(place.coordinate?.longitude == row.longitude, "\(row)")
      #expect(place.midTermRegions.land == (row.land.isEmpty ? nil : row.land), "\(row)")
      #expect(place.midTermRegions.temperature == row.temperature, "\(row)")
    }
  }

  @Test func levelsAreCountedAsKMACountsThem() {
    let places = PlaceDirectory().places
    #expect(places.filter { $0.level == .province }.count == 18)
    #expect(places.filter { $0.level == .district }.count == 256)
    #expect(places.filter { $0.level == .neighborhood }.count == 3564)
    #expect(Set(places.map(\.code)).count == places.count)
  }

  @Test func tableCellsAreKeptWhereTheProjectionDisagrees() throws {
    // KMA's sheet puts 43 areas one cell off the projection of their own coordinate; the table's
    // cell is what a forecast must be asked for.
    var differing: [Place] = []
    for place in PlaceDirectory().places {
      guard let coordinate = place.coordinate else { continue }
      if try GridPoint(containing: coordinate) != place.gridPoint {
        differing.append(place)
      }
    }
    #expect(differing.count == 43)
    let gwanpyeong = try #require(differing.first { $0.fullName == "대전광역시 유성구 관평동" })
    let projected = try GridPoint(containing: try #require(gwanpyeong.coordinate))
    #expect(abs(projected.nx - gwanpyeong.gridPoint.nx) == 1)
    #expect(abs(projected.ny - gwanpyeong.gridPoint.ny) == 1)
  }

  @Test func ieodoHasItsCellAndNoPoint() throws {
    let ieodo = try #require(PlaceDirectory().place(code: "5019000000"))
    #expect(ieodo.coordinate == nil)
    #expect(ieodo.gridPoint == (try GridPoint(nx: 28, ny: 8)))
    #expect(ieodo.midTermRegions.land == nil)
    #expect(ieodo.midTermRegions.temperature == "11G00601")
    #expect(PlaceDirectory().place(code: "0000000000") == nil)
  }

  @Test func namesNeedNoFolding() {
    // Search compares the table's names as they are; they must already be in folded form.
    for place in PlaceDirectory().places {
      for part in [place.province, place.district, place.neighborhood].compactMap(\.self) {
        #expect(KoreanText.fold(part) == part, "\(part)")
      }
    }
  }
}

/// Reading the table again, as `haru-bench` does to time the first use, reads every area.
struct TableReadingTests {
  @Test func readingTheTableAgainReadsEveryArea() {
    #expect(PlaceDirectory.readTableAgain() == 3838)
  }
}
