import Foundation
import HaruModels
import Testing

struct PrecipitationAmountTests {
  typealias Measure = PrecipitationAmount.Measure

  @Test(arguments: [
    ("강수없음", Measure.nothing, PrecipitationAmount.Unit.millimeters),
    ("적설없음", Measure.nothing, .centimeters),
    ("-", Measure.nothing, .millimeters),
    ("0", Measure.nothing, .millimeters),
    ("", Measure.nothing, .millimeters),
    ("1mm 미만", Measure.lessThan(1), .millimeters),
    ("1.0mm 미만", Measure.lessThan(1), .millimeters),
    ("0.5cm 미만", Measure.lessThan(0.5), .centimeters),
    ("1cm 미만", Measure.lessThan(1), .centimeters),
    ("6.2mm", Measure.about(6.2), .millimeters),
    ("6.2 mm", Measure.about(6.2), .millimeters),
    ("1.5", Measure.about(1.5), .millimeters),
    ("3.0cm", Measure.about(3), .centimeters),
    ("30.0~50.0mm", Measure.between(30, 50), .millimeters),
    ("50.0mm 이상", Measure.atLeast(50), .millimeters),
    ("5.0cm 이상", Measure.atLeast(5), .centimeters),
  ])
  func readsTheForecastsTextCategories(
    text: String, measure: Measure, unit: PrecipitationAmount.Unit
  ) {
    let amount = PrecipitationAmount(parsing: text)
    #expect(amount.measure == measure)
    #expect(amount.unit == unit)
    #expect(amount.originalText == text)
  }

  @Test(arguments: [
    "비가 옴", "-6.2mm", "mm", "1..2mm", "50~30mm", "1cm~2mm", "0mm 미만", "1e3mm", "６mm", "NaN",
    "999999999999999mm", "900", "999.0mm", "-999", "950~1000mm",
  ])
  func unknownTextIsKeptWithoutAMeasure(text: String) {
    let amount = PrecipitationAmount(parsing: text)
    #expect(amount.measure == nil)
    #expect(amount.originalText == text)
    #expect(amount.formatted(in: .english) == text)
    #expect(amount.formatted(in: .korean) == text)
  }

  @Test(arguments: [
    ("강수없음", "강수없음", "No rain"),
    ("적설없음", "적설없음", "No snow"),
    ("1.0mm 미만", "1mm 미만", "Under 1 mm"),
    ("6.2mm", "6.2mm", "6.2 mm"),
    ("30.0~50.0mm", "30~50mm", "30–50 mm"),
    ("50.0mm 이상", "50mm 이상", "50 mm or more"),
    ("0.5cm 미만", "0.5cm 미만", "Under 0.5 cm"),
  ])
  func formatsInKoreanAndEnglish(text: String, korean: String, english: String) {
    let amount = PrecipitationAmount(parsing: text)
    #expect(amount.formatted(in: .korean) == korean)
    #expect(amount.formatted(in: .english) == english)
  }

  @Test func aProviderCanStateTheMeaningOfACodedCategory() throws {
    // KMA's last forecast day writes PCP "2" for 3–15 mm an hour.
    let coded = try PrecipitationAmount(
      originalText: "2", unit: .millimeters, measure: .between(3, 15))
    #expect(coded.formatted(in: .english) == "3–15 mm")
    #expect(coded.originalText == "2")
    #expect(coded.measure != .nothing)
    #expect(PrecipitationAmount(parsing: "강수없음").measure == .nothing)
  }
}

struct PrecipitationAmountCodableTests {
  static let amounts: [PrecipitationAmount] = [
    (try? PrecipitationAmount(originalText: "1", unit: .millimeters, measure: .lessThan(3))),
    (try? PrecipitationAmount(originalText: "2", unit: .millimeters, measure: .between(3, 15))),
    (try? PrecipitationAmount(originalText: "3", unit: .millimeters, measure: .atLeast(15))),
    (try? PrecipitationAmount(originalText: "2", unit: .centimeters, measure: .atLeast(1))),
    PrecipitationAmount(parsing: "강수없음"),
    PrecipitationAmount(parsing: "6.2mm"),
    PrecipitationAmount(parsing: "알 수 없음"),
  ].compactMap { $0 }

  @Test func everyExampleAmountIsValid() {
    #expect(Self.amounts.count == 7)
  }

  @Test(arguments: [
    PrecipitationAmount.Measure.lessThan(-1), .about(.nan), .atLeast(.infinity), .between(5, 1),
    .between(-1, 2),
  ])
  func invalidMeasuresAreRefusedWhenMade(measure: PrecipitationAmount.Measure) {
    let error = #expect(throws: ModelError.self) {
      try PrecipitationAmount(originalText: "x", unit: .millimeters, measure: measure)
    }
    #expect(error?.code == .valueOutOfRange)
  }

  @Test(arguments: amounts)
  func storedAmountsKeepTheirMeaning(amount: PrecipitationAmount) throws {
    let data = try JSONEncoder().encode(amount)
    #expect(try JSONDecoder().decode(PrecipitationAmount.self, from: data) == amount)
  }

  @Test func amountStoredAsTextAloneIsReadAgain() throws {
    let json = #"{"text": "30.0~50.0mm", "unit": "mm"}"#
    let amount = try JSONDecoder().decode(PrecipitationAmount.self, from: Data(json.utf8))
    #expect(amount.measure == .between(30, 50))
  }

  @Test(arguments: [
    #"{"text": "x", "unit": "mm", "measure": {"kind": "tons"}}"#,
    #"{"text": "x", "unit": "mm", "measure": {"kind": "about"}}"#,
    #"{"text": "x", "unit": "mm", "measure": {"kind": "about", "value": -1}}"#,
    #"{"text": "x", "unit": "mm", "measure": {"kind": "between", "value": 5, "high": 1}}"#,
    #"{"text": "x", "unit": "inches"}"#,
  ])
  func corruptStoredAmountsAreRefused(json: String) {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(PrecipitationAmount.self, from: Data(json.utf8))
    }
  }
}
