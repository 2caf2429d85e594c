import Foundation
public import HaruForecast
public import HaruModels

/// Answers shaped like the KMA short-term forecast service's, for tests that must not touch the
/// network.
///
/// The bodies follow the service's JSON byte for byte in form: every value a string except `nx`
/// and `ny`, the categories a real run carries (including those Haru ignores), `TMN` only at 06:00
/// and `TMX` only at 15:00, and a last day at three-hour steps with coded amounts. Values are made
/// up but plausible and the same on every call.
///
/// ```swift
/// let run = try KMARun(operation: .shortTermForecast, baseDate: day, baseHour: 23)
/// let transport = StubTransport(routes: [
///   .init(path: "getVilageFcst", response: .json(KMAFixtures.shortTermForecast(for: run, at: grid)))
/// ])
/// ```
///
/// To test what the service sends on a bad day, change the items before making the body:
///
/// ```swift
/// var items = KMAFixtures.shortTermForecastItems(for: run, at: grid)
/// items[0].value = "abc"
/// let body = KMAFixtures.json(items: items)
/// ```
public enum KMAFixtures {
  /// One item of an answer.
  public struct Item: Hashable, Sendable {
    /// The run's base date, `yyyyMMdd`.
    public var baseDate: String
    /// The run's base time, `HHmm`.
    public var baseTime: String
    /// The category, such as `"TMP"`.
    public var category: String
    /// The forecast date, `yyyyMMdd`; `nil` for an observation.
    public var forecastDate: String?
    /// The forecast time, `HHmm`; `nil` for an observation.
    public var forecastTime: String?
    /// The value, as text.
    public var value: String
    /// The grid column.
    public var nx: Int
    /// The grid row.
    public var ny: Int

    /// Creates an item.
    ///
    /// - Parameters:
    ///   - baseDate: The run's base date, `yyyyMMdd`.
    ///   - baseTime: The run's base time, `HHmm`.
    ///   - category: The category.
    ///   - forecastDate: The forecast date, or `nil` for an observation.
    ///   - forecastTime: The forecast time, or `nil` for an observation.
    ///   - value: The value, as text.
    ///   - nx: The grid column.
    ///   - ny: The grid row.
    public init(
      baseDate: String, baseTime: String, category: String, forecastDate: String?,
      forecastTime: String?, value: String, nx: Int, ny: Int
    ) {
      self.baseDate = baseDate
      self.baseTime = baseTime
      self.category = category
      self.forecastDate = forecastDate
      self.forecastTime = forecastTime
      self.value = value
      self.nx = nx
      self.ny = ny
    }
  }

  /// The items of a `getVilageFcst` run: every hour from the hour after the base time to the end
  /// of the run's reach, twelve categories an hour, daily extremes at 06:00 and 15:00.
  ///
  /// Runs based at 02–14 h reach three days after their base date, runs at 17–23 h four; the last
  /// day is at three-hour steps, with `PCP`, `SNO` and `WSD` as coded categories. A 23:00 run
  /// has about 1,000 items.
  ///
  /// - Parameters:
  ///   - run: The run; its operation should be `KMAOperation/shortTermForecast`.
  ///   - gridPoint: The grid cell written into every item.
  /// - Returns: The items, in the service's order (by forecast time, then category).
  public static func shortTermForecastItems(
    for run: KMARun, at gridPoint: GridPoint
  ) -> [Item] {
    let reach = run.baseHour >= 17 ? 4 : 3
    let lastDay = run.baseDate.adding(days: reach)
    var items: [Item] = []
    items.reserveCapacity(1100)
    var day = run.baseDate
    var hour = run.baseHour + 1
    while day <= lastDay {
      if hour > 23 {
        day = day.adding(days: 1)
        hour = 0
        continue
      }
      let isLastDay = day == lastDay
      if isLastDay && hour % 3 != 0 {
        hour += 1
        continue
      }
      let offset = run.baseDate.days(until: day)
      let values = hourValues(dayOffset: offset, hour: hour, coded: isLastDay)
      for (category, value) in values {
        items.append(
          Item(
            baseDate: text(run.baseDate), baseTime: baseTime(run), category: category,
            forecastDate: text(day), forecastTime: twoDigits(hour) + "00", value: value,
            nx: gridPoint.nx, ny: gridPoint.ny))
      }
      // The daily extremes appear at 06:00 (TMN) and 15:00 (TMX) only. Of the run's own day,
      // only the 02:00 run carries the minimum, and the 14:00 run no longer carries the maximum.
      let carriesExtreme =
        offset > 0 || (hour == 6 && run.baseHour == 2) || (hour == 15 && run.baseHour <= 11)
      if (hour == 6 || hour == 15) && carriesExtreme {
        items.append(
          Item(
            baseDate: text(run.baseDate), baseTime: baseTime(run),
            category: hour == 6 ? "TMN" : "TMX", forecastDate: text(day),
            forecastTime: twoDigits(hour) + "00",
            value: hour == 6
              ? decimal(minimum(dayOffset: offset)) : decimal(maximum(dayOffset: offset)),
            nx: gridPoint.nx, ny: gridPoint.ny))
      }
      hour += 1
    }
    return items
  }

  /// A whole `getVilageFcst` answer for a run; see ``shortTermForecastItems(for:at:)``.
  ///
  /// - Parameters:
  ///   - run: The run.
  ///   - gridPoint: The grid cell.
  /// - Returns: The JSON body.
  public static func shortTermForecast(for run: KMARun, at gridPoint: GridPoint) -> String {
    json(items: shortTermForecastItems(for: run, at: gridPoint))
  }

  /// A whole `getUltraSrtFcst` answer: the six hours after the run, ten categories each.
  ///
  /// - Parameters:
  ///   - run: The run; its operation should be `KMAOperation/ultraShortForecast`.
  ///   - gridPoint: The grid cell.
  /// - Returns: The JSON body.
  public static func ultraShortForecast(for run: KMARun, at gridPoint: GridPoint) -> String {
    var items: [Item] = []
    let start = run.baseTime.addingTimeInterval(30 * 60)
    for step in 0..<6 {
      let time = start.addingTimeInterval(Double(step) * 3600)
      let day = CalendarDay(containing: time, in: CalendarDay.koreaTimeZone)
      let hour = Int(time.timeIntervalSince(day.start(in: CalendarDay.koreaTimeZone)) / 3600)
      let values: [(String, String)] = [
        ("LGT", "0"), ("PTY", step == 5 ? "5" : "0"), ("RN1", step == 5 ? "1mm 미만" : "강수없음"),
        ("SKY", step < 3 ? "1" : "3"), ("T1H", decimal(temperature(dayOffset: 0, hour: hour))),
        ("REH", "60"), ("UUU", "1.1"), ("VVV", "-0.4"), ("VEC", "290"), ("WSD", "1.2"),
      ]
      for (category, value) in values {
        items.append(
          Item(
            baseDate: text(run.baseDate), baseTime: baseTime(run), category: category,
            forecastDate: text(day), forecastTime: twoDigits(hour) + "00", value: value,
            nx: gridPoint.nx, ny: gridPoint.ny))
      }
    }
    return json(items: items)
  }

  /// A whole `getUltraSrtNcst` answer: eight observations.
  ///
  /// - Parameters:
  ///   - run: The run; its operation should be `KMAOperation/nowcast`.
  ///   - gridPoint: The grid cell.
  ///   - temperature: The observed temperature, as text; `"-1.2"` unless given.
  /// - Returns: The JSON body.
  public static func nowcast(
    for run: KMARun, at gridPoint: GridPoint, temperature: String = "-1.2"
  ) -> String {
    let values = [
      ("PTY", "0"), ("REH", "71"), ("RN1", "0"), ("T1H", temperature), ("UUU", "-0.6"),
      ("VEC", "101"), ("VVV", "0.2"), ("WSD", "0.6"),
    ]
    return json(
      items: values.map { category, value in
        Item(
          baseDate: text(run.baseDate), baseTime: baseTime(run), category: category,
          forecastDate: nil, forecastTime: nil, value: value, nx: gridPoint.nx, ny: gridPoint.ny)
      })
  }

  /// A normal JSON answer holding items, as one page.
  ///
  /// - Parameters:
  ///   - items: The items of this page.
  ///   - pageNumber: The page's number; 1 unless given.
  ///   - rowsPerPage: The page size the request asked for; 1,500 unless given.
  ///   - totalCount: The number of items in all pages; the number of `items` unless given.
  /// - Returns: The JSON body.
  public static func json(
    items: [Item], pageNumber: Int = 1, rowsPerPage: Int = 1500, totalCount: Int? = nil
  ) -> String {
    var body = #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"#
    body += #""body":{"dataType":"JSON","items":{"item":["#
    for (index, item) in items.enumerated() {
      if index > 0 { body += "," }
      body += #"{"baseDate":"\#(item.baseDate)","baseTime":"\#(item.baseTime)","#
      body += #""category":"\#(escaped(item.category))","#
      if let date = item.forecastDate, let time = item.forecastTime {
        body += #""fcstDate":"\#(date)","fcstTime":"\#(time)","#
        body += #""fcstValue":"\#(escaped(item.value))","#
        body += #""nx":\#(item.nx),"ny":\#(item.ny)}"#
      } else {
        body += #""nx":\#(item.nx),"ny":\#(item.ny),"obsrValue":"\#(escaped(item.value))"}"#
      }
    }
    body += #"]},"pageNo":\#(pageNumber),"numOfRows":\#(rowsPerPage),"#
    body += #""totalCount":\#(totalCount ?? items.count)}}}"#
    return body
  }

  /// The JSON answer for a run that has no data: result code 03 and no body object.
  public static let noData = #"{"response":{"header":{"resultCode":"03","resultMsg":"NO_DATA"}}}"#

  /// The gateway's XML error envelope, which the service sends with HTTP 200 even when JSON was
  /// asked for.
  ///
  /// ```swift
  /// let notRegistered = KMAFixtures.gatewayError(
  ///   reasonCode: "30", authMessage: "SERVICE_KEY_IS_NOT_REGISTERED_ERROR")
  /// ```
  ///
  /// - Parameters:
  ///   - reasonCode: The gateway's reason code, such as `"30"` (key not registered) or `"22"`
  ///     (quota used up).
  ///   - authMessage: The gateway's name for it, such as `"SERVICE_KEY_IS_NOT_REGISTERED_ERROR"`.
  /// - Returns: The XML body.
  public static func gatewayError(reasonCode: String, authMessage: String) -> String {
    "<OpenAPI_ServiceResponse><cmmMsgHeader><errMsg>SERVICE ERROR</errMsg>"
      + "<returnAuthMsg>\(authMessage)</returnAuthMsg>"
      + "<returnReasonCode>\(reasonCode)</returnReasonCode></cmmMsgHeader>"
      + "</OpenAPI_ServiceResponse>"
  }

  /// The gateway's XML error envelope for a result code.
  ///
  /// - Parameter code: The reason code, such as `KMAResultCode.serviceKeyNotRegistered`.
  /// - Returns: The XML body.
  package static func gatewayError(_ code: KMAResultCode) -> String {
    gatewayError(reasonCode: code.rawValue, authMessage: code.name ?? "UNKNOWN_ERROR")
  }

  // MARK: - Made-up weather

  private static func hourValues(dayOffset: Int, hour: Int, coded: Bool) -> [(String, String)] {
    let temperature = Self.temperature(dayOffset: dayOffset, hour: hour)
    // Rain on the afternoon of the second day, so that amounts and types vary.
    let raining = dayOffset == 2 && (12...17).contains(hour)
    let rain: String
    if coded {
      rain = raining ? "1" : "0"
    } else if raining {
      rain = ["1mm 미만", "2.0mm", "6.2mm", "30.0~50.0mm", "50.0mm 이상", "1.0mm"][hour - 12]
    } else {
      rain = "강수없음"
    }
    let sky = raining ? "4" : (hour + dayOffset) % 5 == 0 ? "3" : "1"
    let speed = 1.0 + Double((hour * 7 + dayOffset * 3) % 40) / 10
    return [
      ("TMP", decimal(temperature)),
      ("UUU", decimal(Double((hour % 7) - 3) / 2)),
      ("VVV", decimal(Double((hour % 5) - 2) / 2)),
      ("VEC", String((hour * 37 + dayOffset * 11) % 360)),
      ("WSD", coded ? (speed < 4 ? "1" : "2") : decimal(speed)),
      ("SKY", sky),
      ("PTY", raining ? (hour == 14 ? "4" : "1") : "0"),
      ("POP", raining ? "80" : String((hour * 3 + dayOffset * 10) % 30)),
      ("WAV", "0"),
      ("PCP", rain),
      ("REH", String(45 + (hour * 5) % 50)),
      ("SNO", coded ? "0" : "적설없음"),
    ]
  }

  /// Coldest at 06:00 and warmest at 15:00: rising for nine hours, falling for fifteen.
  private static func temperature(dayOffset: Int, hour: Int) -> Double {
    let low = 2 + Double(dayOffset)
    let high = 12 + Double(dayOffset)
    let share: Double
    if (6...15).contains(hour) {
      share = (1 - cos(Double.pi * Double(hour - 6) / 9)) / 2
    } else {
      share = 1 - (1 - cos(Double.pi * Double((hour + 24 - 15) % 24) / 15)) / 2
    }
    return (low + (high - low) * share).rounded()
  }

  /// The reported extremes lie a degree beyond the hourly ones, as a true extreme between two
  /// hourly values does.
  private static func minimum(dayOffset: Int) -> Double {
    temperature(dayOffset: dayOffset, hour: 6) - 1
  }

  private static func maximum(dayOffset: Int) -> Double {
    temperature(dayOffset: dayOffset, hour: 15) + 1
  }

  private static func decimal(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
  }

  private static func text(_ day: CalendarDay) -> String {
    String(format: "%04d%02d%02d", day.year, day.month, day.day)
  }

  private static func baseTime(_ run: KMARun) -> String {
    twoDigits(run.baseHour) + twoDigits(run.baseMinute)
  }

  private static func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : String(value)
  }

  private static func escaped(_ text: String) -> String {
    var output = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case _ where scalar.value < 0x20:
        output += String(format: "\\u%04x", scalar.value)
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output
  }
}
