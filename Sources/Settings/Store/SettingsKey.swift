public import HaruModels

/// A typed preferences key: a stable name and the value a store returns before anything is saved.
///
/// The built-in keys are ``themeMode``, ``temperatureUnit``, ``petType`` and ``airQualityScale``. Define your own for any
/// `Codable & Sendable & Equatable` value:
///
/// ```swift
/// extension SettingsKey where Value == Bool {
///   static var showsFeelsLike: SettingsKey<Bool> { SettingsKey("app.showsFeelsLike", default: false) }
/// }
/// ```
public struct SettingsKey<Value: Codable & Sendable & Equatable>: Sendable, Hashable {
  /// The name the value is stored under. Keep it stable: renaming a key loses what was stored.
  public let name: String
  /// The value read before anything is stored, or when the stored value no longer decodes.
  public let defaultValue: Value

  /// Creates a key.
  ///
  /// - Parameters:
  ///   - name: The name to store the value under.
  ///   - defaultValue: The value read before anything is stored.
  public init(_ name: String, default defaultValue: Value) {
    self.name = name
    self.defaultValue = defaultValue
  }

  /// Keys are equal when their names are; the name is what identifies the stored value.
  public static func == (lhs: SettingsKey, rhs: SettingsKey) -> Bool {
    lhs.name == rhs.name
  }

  /// Hashes the name.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
  }
}

extension SettingsKey where Value == ThemeMode {
  /// The app's appearance; `ThemeMode.system` by default.
  public static var themeMode: SettingsKey<ThemeMode> {
    SettingsKey("themeMode", default: .system)
  }
}

extension SettingsKey where Value == TemperatureUnit {
  /// The unit temperatures are shown in; `TemperatureUnit.celsius` by default.
  public static var temperatureUnit: SettingsKey<TemperatureUnit> {
    SettingsKey("temperatureUnit", default: .celsius)
  }
}

extension SettingsKey where Value == PetType {
  /// The companion animal; `PetType.dog` by default.
  public static var petType: SettingsKey<PetType> {
    SettingsKey("petType", default: .dog)
  }
}

extension SettingsKey where Value == SavedTowns {
  /// The towns a person follows and which one is current; none by default, with 서울특별시청 current
  /// until the first is added, or the towns a store was opened with.
  public static var savedTowns: SettingsKey<SavedTowns> {
    SettingsKey("savedTowns", default: SavedTowns())
  }
}

extension SettingsKey where Value == AirQualityScale {
  /// The scale air-quality grades are shown on; `AirQualityScale.korea` by default.
  public static var airQualityScale: SettingsKey<AirQualityScale> {
    SettingsKey("airQualityScale", default: .korea)
  }
}
