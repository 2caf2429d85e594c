public import Foundation
public import HaruForecast
public import HaruModels

/// Everything the weather screen shows for a town, written out in the chosen unit and language.
///
/// A report is plain text and flags, ready to put in labels: the view does no formatting.
public struct WeatherReport: Hashable, Sendable {
  /// The town the report is for.
  public let townName: String
  /// Rain in the next six hours, the line a weather screen shows first: "15시부터 비 (1mm 미만)",
  /// "No rain in the next 6 hours" (``/HaruModels/RainLine``); `nil` when no hour is known.
  public let rainText: String?
  /// The cards for yesterday, today and tomorrow, in that order; a day the forecast lacks is left
  /// out.
  public let days: [WeatherDayCard]
  /// The conditions now, when the provider reports them.
  public let current: WeatherConditions?
  /// Today's hours from the current one on.
  public let hourly: [WeatherHourCard]
  /// Today compared with yesterday, such as "2° warmer than yesterday"; `nil` when either day's
  /// maximum is unknown.
  public let comparisonText: String?
  /// When the forecast was issued, such as "Issued Nov 30, 14:00" or "11월 30일 14:00 발표".
  public let issuedText: String
  /// Whether the forecast is older than the newest one, because the newest could not be fetched.
  /// The screen's error message says why.
  public let isStale: Bool
  /// The credit the provider's data must carry on screen.
  public let attribution: ForecastAttribution
  /// The air quality on the chosen scale, for a forecast asked for it; it says why when the
  /// air quality is missing.
  public let air: AirQualityCard?
  /// The UV index now and today's highest, such as "보통 (4) · 오늘 최고 7" or
  /// "Moderate (4) · highest today 7" (자외선지수, 출처: 기상청); why it is missing when it could not
  /// be had; `nil` for a town without it.
  public let uvText: String?
  /// The pollen risk of each kind in season today and tomorrow, such as
  /// "잡초류 오늘 낮음 · 내일 보통" (꽃가루농도위험지수, 출처: 기상청), or "꽃가루 철이 아님" /
  /// "Not pollen season" when no kind is; why it is missing when it could not be had; `nil` for a
  /// town without it.
  public let pollenText: String?
}

/// The card of one day: its extremes, sky, precipitation and chance of precipitation.
public struct WeatherDayCard: Hashable, Sendable {
  /// Which day a card is for.
  public enum Day: Hashable, Sendable, CaseIterable {
    /// The day before today.
    case yesterday
    /// Today.
    case today
    /// The day after today.
    case tomorrow
  }

  /// Which day the card is for.
  public let day: Day
  /// The card's title: "Yesterday", "Today", "Tomorrow" or "어제", "오늘", "내일".
  public let title: String
  /// The calendar day, in Korea Standard Time.
  public let date: CalendarDay
  /// The lowest temperature, such as "13°" or "55°F".
  public let minimum: String?
  /// The highest temperature.
  public let maximum: String?
  /// The sky, such as "Clear" or "맑음".
  public let sky: String?
  /// What falls, with the amount when it is known, such as "Rain 1–4 mm".
  public let precipitation: String?
  /// The highest chance of precipitation, such as "60%".
  public let probability: String?
  /// The day's lowest and highest 체감온도 by KMA's formulas, such as "-6° / 3°"; `nil` for a
  /// day without hours, or when neither differs by 1° or more from its hour's temperature.
  public let feelsLike: String?
}

/// The card of one hour.
public struct WeatherHourCard: Hashable, Sendable {
  /// The start of the hour.
  public let time: Date
  /// The hour as shown, such as "15:00" or "15시".
  public let timeText: String
  /// The conditions of the hour.
  public let conditions: WeatherConditions
}

/// The conditions of an hour, or of now, written out.
public struct WeatherConditions: Hashable, Sendable {
  /// The temperature, such as "21°" or "70°F".
  public let temperature: String?
  /// The sky, such as "Clear" or "맑음".
  public let sky: String?
  /// What falls, with the amount when it is known.
  public let precipitation: String?
  /// The chance of precipitation, such as "60%".
  public let probability: String?
  /// The relative humidity, such as "45%".
  public let humidity: String?
  /// The 체감온도 by KMA's formulas (``/HaruModels/ApparentTemperature``), such as
  /// "Feels like -6°" or "체감 -6°"; `nil` unless it differs from the temperature by 1° or more.
  public let feelsLike: String?
}
