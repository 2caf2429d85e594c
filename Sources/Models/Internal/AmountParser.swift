/// Reads the text categories Korean forecasts use for rain and snow amounts.
enum AmountParser {
  struct Result {
    var unit: PrecipitationAmount.Unit?
    var measure: PrecipitationAmount.Measure?
  }

  static func parse(_ text: String) -> Result {
    // Spaces and case carry no meaning in these categories ("1 mm 미만", "1MM미만").
    let compact = String(text.unicodeScalars.filter { !$0.properties.isWhitespace }).lowercased()
    switch compact {
    case "", "-", "강수없음", "적설없음", "없음", "null":
      return Result(unit: nil, measure: .nothing)
    default:
      break
    }

    var body = Substring(compact)
    var relation = Relation.about
    if body.hasSuffix("미만") {
      relation = .lessThan
      body = body.dropLast(2)
    } else if body.hasSuffix("이상") {
      relation = .atLeast
      body = body.dropLast(2)
    }

    let parts = body.split(separator: "~", omittingEmptySubsequences: false)
    var unit: PrecipitationAmount.Unit?
    var numbers: [Double] = []
    for part in parts {
      var number = part
      for candidate in PrecipitationAmount.Unit.allCases where number.hasSuffix(candidate.rawValue)
      {
        // Units that disagree ("1cm~2mm") make the text unreadable.
        if let unit, unit != candidate { return Result(unit: nil, measure: nil) }
        unit = candidate
        number = number.dropLast(candidate.rawValue.count)
      }
      guard let value = plainNumber(number) else { return Result(unit: unit, measure: nil) }
      numbers.append(value)
    }

    // Forecast services mark a missing value with 900 or more (KMA writes +900 or -999).
    if numbers.contains(where: { $0 >= 900 }) {
      return Result(unit: unit, measure: nil)
    }
    switch (relation, numbers.count) {
    case (.about, 1) where numbers[0] == 0:
      return Result(unit: unit, measure: .nothing)
    case (.about, 1):
      return Result(unit: unit, measure: .about(numbers[0]))
    case (.lessThan, 1) where numbers[0] > 0:
      return Result(unit: unit, measure: .lessThan(numbers[0]))
    case (.atLeast, 1):
      return Result(unit: unit, measure: .atLeast(numbers[0]))
    case (.about, 2) where numbers[0] <= numbers[1]:
      return Result(unit: unit, measure: .between(numbers[0], numbers[1]))
    default:
      return Result(unit: unit, measure: nil)
    }
  }

  private enum Relation {
    case about
    case lessThan
    case atLeast
  }

  /// A non-negative decimal number made only of digits and at most one point.
  private static func plainNumber(_ text: Substring) -> Double? {
    guard !text.isEmpty, text.count <= 12,
      text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
      text.filter({ $0 == "." }).count <= 1,
      text.first != ".", text.last != "."
    else { return nil }
    return Double(text)
  }
}
