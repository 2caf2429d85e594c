import Foundation
import HaruForecast
import HaruModels

/// Turns an outlook into a ``WeatherReport`` in a unit and a language.
enum WeatherText {
  static func report(
    _ outlook: ForecastOutlook, unit: TemperatureUnit, scale: AirQualityScale = .korea,
    language: DisplayLanguage
  ) -> WeatherReport {
    let cards: [(WeatherDayCard.Day, DayForecast?)] = [
      (.yesterday, outlook.yesterday), (.today, outlook.today), (.tomorrow, outlook.tomorrow),
    ]
    let today = outlook.referenceDay
    let hours = outlook.hourly.filter {
      CalendarDay(containing: $0.time, in: CalendarDay.koreaTimeZone) == today
    }
    return WeatherReport(
      townName: outlook.town.name,
      rainText: outlook.rainLine?.text(in: language),
      days: cards.compactMap { day, forecast in
        forecast.map { card(day, $0, unit: unit, language: language) }
      },
      current: outlook.current.map { conditions($0, unit: unit, language: language) },
      hourly: hours.map { hour in
        WeatherHourCard(
          time: hour.time, timeText: hourText(hour.time, in: language),
          conditions: conditions(hour, unit: unit, language: language))
      },
      comparisonText: outlook.comparedWithYesterday?.sentence(in: unit, language: language),
      issuedText: issuedText(outlook.issuedAt, in: language),
      isStale: outlook.isStale,
      attribution: outlook.attribution,
      air: airCard(outlook, scale: scale, language: language),
      uvText: uvText(outlook, language: language),
      pollenText: pollenText(outlook, language: language))
  }

  /// "보통 (4) · 오늘 최고 7": the UV index now and today's highest.
  static func uvText(_ outlook: ForecastOutlook, language: DisplayLanguage) -> String? {
    guard let uv = outlook.uvIndex else {
      return outlook.missingReasons[.uvIndex]?.message(in: language)
    }
    let now = uv.index(at: outlook.referenceTime).map {
      "\($0.grade.displayName(in: language)) (\($0.value))"
    }
    let highest = uv.maximum(on: outlook.referenceDay).map {
      language == .korean ? "오늘 최고 \($0.value)" : "highest today \($0.value)"
    }
    let parts = [now, highest].compactMap { $0 }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }

  /// "잡초류 오늘 낮음 · 내일 보통" for each kind in season, one per line; "꽃가루 철이 아님" when
  /// none is.
  static func pollenText(_ outlook: ForecastOutlook, language: DisplayLanguage) -> String? {
    if let reason = outlook.missingReasons[.pollen] { return reason.message(in: language) }
    guard !outlook.pollen.isEmpty else { return nil }
    let today = outlook.referenceDay
    let lines = outlook.pollen.filter(\.isInSeason).map { forecast in
      let risks = [(today, "오늘", "today"), (today.adding(days: 1), "내일", "tomorrow")].map {
        day, korean, english in
        let risk = forecast.risk(on: day)?.displayName(in: language) ?? "-"
        return language == .korean ? "\(korean) \(risk)" : "\(english) \(risk)"
      }
      return "\(forecast.kind.displayName(in: language)) " + risks.joined(separator: " · ")
    }
    guard lines.isEmpty else { return lines.joined(separator: "\n") }
    return language == .korean ? "꽃가루 철이 아님" : "Not pollen season"
  }

  static func card(
    _ day: WeatherDayCard.Day, _ forecast: DayForecast, unit: TemperatureUnit,
    language: DisplayLanguage
  ) -> WeatherDayCard {
    WeatherDayCard(
      day: day, title: title(of: day, in: language), date: forecast.day,
      minimum: forecast.minimum?.temperature.formatted(in: unit),
      maximum: forecast.maximum?.temperature.formatted(in: unit),
      sky: forecast.sky?.displayName(in: language),
      precipitation: precipitation(
        forecast.precipitationType, rain: forecast.precipitation, snow: forecast.snowfall,
        in: language),
      probability: forecast.precipitationProbability?.formatted,
      feelsLike: dayFeelsLike(forecast, unit: unit))
  }

  /// "-6° / 3°": a day's 체감온도 extremes, when either differs from the temperature's by 1° or
  /// more.
  static func dayFeelsLike(_ forecast: DayForecast, unit: TemperatureUnit) -> String? {
    guard let lowest = forecast.feelsLikeMinimum, let highest = forecast.feelsLikeMaximum,
      lowest.differsFromAir || highest.differsFromAir
    else { return nil }
    return "\(lowest.temperature.formatted(in: unit)) / \(highest.temperature.formatted(in: unit))"
  }

  static func conditions(
    _ hour: HourlyForecast, unit: TemperatureUnit, language: DisplayLanguage
  ) -> WeatherConditions {
    WeatherConditions(
      temperature: hour.temperature?.formatted(in: unit),
      sky: hour.sky?.displayName(in: language),
      precipitation: precipitation(
        hour.precipitationType, rain: hour.precipitation, snow: hour.snowfall, in: language),
      probability: hour.precipitationProbability?.formatted,
      humidity: hour.humidity.map { "\($0)%" },
      feelsLike: hour.feelsLike.flatMap { apparent in
        guard apparent.differsFromAir else { return nil }
        let value = apparent.temperature.formatted(in: unit)
        return language == .korean ? "체감 \(value)" : "Feels like \(value)"
      })
  }

  /// The kind of precipitation, followed by its amount when something falls and it is known.
  static func precipitation(
    _ type: PrecipitationType?, rain: PrecipitationAmount?, snow: PrecipitationAmount?,
    in language: DisplayLanguage
  ) -> String? {
    guard let type else { return nil }
    let name = type.displayName(in: language)
    let isSnow = type == .snow || type == .flurries
    guard type.isFalling, let amount = isSnow ? (snow ?? rain) : (rain ?? snow),
      amount.measure != nil, amount.measure != .nothing
    else { return name }
    return "\(name) \(amount.formatted(in: language))"
  }

  static func title(of day: WeatherDayCard.Day, in language: DisplayLanguage) -> String {
    switch (day, language) {
    case (.yesterday, .korean): "어제"
    case (.yesterday, .english): "Yesterday"
    case (.today, .korean): "오늘"
    case (.today, .english): "Today"
    case (.tomorrow, .korean): "내일"
    case (.tomorrow, .english): "Tomorrow"
    }
  }

  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  private static func parts(of date: Date) -> DateComponents {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = CalendarDay.koreaTimeZone
    return calendar.dateComponents([.month, .day, .hour, .minute], from: date)
  }

  private static func twoDigits(_ value: Int?) -> String {
    let value = value ?? 0
    return value < 10 ? "0\(value)" : "\(value)"
  }

  /// "15:00" or "15시", in Korea Standard Time.
  static func hourText(_ date: Date, in language: DisplayLanguage) -> String {
    let parts = parts(of: date)
    switch language {
    case .korean: return "\(parts.hour ?? 0)시"
    case .english: return "\(twoDigits(parts.hour)):00"
    }
  }

  /// "Issued Nov 30, 14:00" or "11월 30일 14:00 발표", in Korea Standard Time.
  static func issuedText(_ date: Date, in language: DisplayLanguage) -> String {
    let parts = parts(of: date)
    let time = "\(twoDigits(parts.hour)):\(twoDigits(parts.minute))"
    let month = parts.month ?? 1
    let day = parts.day ?? 1
    switch language {
    case .korean: return "\(month)월 \(day)일 \(time) 발표"
    case .english: return "Issued \(months[(month - 1) % 12]) \(day), \(time)"
    }
  }
}
