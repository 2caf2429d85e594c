import HaruModels
import HaruSettings
import Testing

struct SettingsKeyTests {
  @Test func builtInKeysCarryTheDocumentedDefaults() {
    #expect(SettingsKey.themeMode.defaultValue == .system)
    #expect(SettingsKey.temperatureUnit.defaultValue == .celsius)
    #expect(SettingsKey.petType.defaultValue == .dog)
  }

  @Test func builtInKeysHaveDistinctStableNames() {
    let names = [
      SettingsKey.themeMode.name, SettingsKey.temperatureUnit.name, SettingsKey.petType.name,
    ]
    #expect(names == ["themeMode", "temperatureUnit", "petType"])
  }

  @Test func keysAreIdentifiedByNameAlone() {
    let first = SettingsKey("app.count", default: 1)
    let second = SettingsKey("app.count", default: 2)
    let other = SettingsKey("app.other", default: 1)
    #expect(first == second)
    #expect(first != other)
    #expect(Set([first, second, other]).count == 2)
  }
}
