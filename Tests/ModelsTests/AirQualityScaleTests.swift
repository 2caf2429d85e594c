import HaruModels
import Testing

struct AirQualityScaleTests {
  /// Each scale's steps by their upper bounds, and the value just above each.
  static let steps: [(AirQualityScale, AirPollutant, [Double], Double)] = [
    (.korea, .pm10, [30, 80, 150], 1),
    (.korea, .pm25, [15, 35, 75], 1),
    (.korea, .ozone, [0.030, 0.090, 0.150], 0.001),
    (.who2021, .pm10, [45, 50, 75, 100, 150], 0.5),
    (.who2021, .pm25, [15, 25, 37.5, 50, 75], 0.5),
    (.eightLevel, .pm10, [15, 30, 40, 50, 75, 100, 150], 1),
    (.eightLevel, .pm25, [8, 15, 20, 25, 37, 50, 75], 1),
    (.eightLevel, .ozone, [0.02, 0.03, 0.06, 0.09, 0.12, 0.15, 0.38], 0.001),
  ]

  @Test(arguments: 0..<8)
  func aValueOnAStepsUpperBoundBelongsToItAndOneAboveToTheNext(_ index: Int) throws {
    let (scale, pollutant, bounds, step) = Self.steps[index]
    #expect(bounds.count == scale.levelCount - 1)
    #expect(scale.grade(pollutant, value: 0)?.level == 1)
    for (offset, bound) in bounds.enumerated() {
      #expect(scale.grade(pollutant, value: bound)?.level == offset + 1, "\(scale) \(bound)")
      #expect(scale.grade(pollutant, value: bound + step)?.level == offset + 2, "\(scale) \(bound)")
    }
    #expect(scale.grade(pollutant, value: 10_000)?.level == scale.levelCount)
  }

  @Test(arguments: [-1, Double.nan, .infinity])
  func aValueThatIsNoConcentrationHasNoGrade(_ value: Double) {
    for scale in AirQualityScale.allCases {
      #expect(scale.grade(.pm10, value: value) == nil)
    }
  }

  @Test func theWHOScaleGradesNoOzoneFromAnHourlyValue() {
    #expect(AirQualityScale.who2021.grade(.ozone, value: 0.01) == nil)
  }

  @Test func eachScaleSaysWhichValueItGrades() {
    #expect(AirQualityScale.korea.averaging(for: .pm10) == .twentyFourHours)
    #expect(AirQualityScale.korea.averaging(for: .pm25) == .twentyFourHours)
    #expect(AirQualityScale.korea.averaging(for: .ozone) == .oneHour)
    #expect(AirQualityScale.who2021.averaging(for: .pm25) == .twentyFourHours)
    #expect(AirQualityScale.eightLevel.averaging(for: .pm10) == .oneHour)
    #expect(AirQualityScale.eightLevel.averaging(for: .pm25) == .oneHour)
  }

  @Test func gradesHaveNamesInKoreanAndEnglish() throws {
    let korea = try #require(AirQualityScale.korea.grade(.pm25, value: 38))
    #expect(korea.name(in: .korean) == "나쁨")
    #expect(korea.name(in: .english) == "Bad")
    let eight = try #require(AirQualityScale.eightLevel.grade(.pm10, value: 42))
    #expect(eight.level == 4)
    #expect(eight.name(in: .korean) == "보통")
    #expect(AirQualityScale.eightLevel.grade(.pm10, value: 200)?.name(in: .korean) == "최악")
    #expect(
      AirQualityScale.who2021.grade(.pm25, value: 12)?.name(in: .english)
        == "Within the WHO guideline")
    #expect(AirQualityScale.who2021.grade(.pm25, value: 80)?.name(in: .korean) == "잠정목표 1 초과")
    for scale in AirQualityScale.allCases {
      for language in DisplayLanguage.allCases {
        let names = (1...scale.levelCount).map { level in
          AirQualityGrade(scale: scale, level: level).name(in: language)
        }
        #expect(Set(names).count == scale.levelCount, "\(scale) \(language)")
      }
    }
  }

  @Test func gradesOrderFromCleanestToWorstAcrossScales() throws {
    let good = try #require(AirQualityScale.korea.grade(.pm10, value: 10))
    let bad = try #require(AirQualityScale.korea.grade(.pm10, value: 100))
    let worst = try #require(AirQualityScale.eightLevel.grade(.pm10, value: 500))
    #expect(good < bad && bad < worst)
  }

  @Test func theScaleIsStoredByItsName() throws {
    #expect(AirQualityScale.eightLevel.rawValue == "eightLevel")
    #expect(AirQualityScale(rawValue: "who2021") == .who2021)
  }
}
