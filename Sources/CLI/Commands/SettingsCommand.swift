import HaruModels
import HaruSettings

/// `haru settings list | get KEY | set KEY VALUE | watch`.
enum SettingsCommand {
  static let keys = ["theme", "unit", "pet", "scale"]

  static func run(_ arguments: [String], _ context: Context) async throws(CLIError) {
    let options = try ParsedOptions(arguments, usage: Help.settings)
    guard let action = options.positionals.first else {
      throw .usage(Text(.settingsMissingAction), Help.settings)
    }
    switch action {
    case "list":
      try options.expectPositionals(1...1, usage: Help.settings)
      let store = try context.openSettings()
      let values = keys.map { ($0, value(of: $0, in: store)) }
      if context.json {
        try context.printJSON(Dictionary(uniqueKeysWithValues: values.map { ($0.0, $0.1.raw) }))
      } else {
        for (key, value) in values {
          context.console.print(
            pad(key, 7) + pad(value.raw, 9) + "(\(value.display(context.language)))")
        }
      }
    case "watch":
      try options.expectPositionals(1...1, usage: Help.settings)
      let store = try context.openSettings()
      try await Watch.run(context) { wake in
        [
          Watch.follow(store.observe(.themeMode), wake),
          Watch.follow(store.observe(.temperatureUnit), wake),
          Watch.follow(store.observe(.petType), wake),
          Watch.follow(store.observe(.airQualityScale), wake),
        ]
      } render: { () throws(CLIError) -> String in
        let values = keys.map { ($0, value(of: $0, in: store)) }
        if context.json {
          return try context.jsonLine(
            Dictionary(uniqueKeysWithValues: values.map { ($0.0, $0.1.raw) }))
        }
        return values.map { "\($0.0)=\($0.1.raw)" }.joined(separator: " ")
      }
    case "get":
      try options.expectPositionals(2...2, .missingSettingKey, usage: Help.settingsGet)
      let key = try checkedKey(options.positionals[1], usage: Help.settingsGet)
      let store = try context.openSettings()
      let value = value(of: key, in: store)
      if context.json {
        try context.printJSON([key: value.raw])
      } else {
        context.console.print(value.raw)
      }
    case "set":
      try options.expectPositionals(3...3, .missingKeyAndValue, usage: Help.settingsSet)
      let key = try checkedKey(options.positionals[1], usage: Help.settingsSet)
      let text = options.positionals[2]
      let store = try context.openSettings()
      do {
        switch key {
        case "theme":
          try store.set(try parse(ThemeMode.self, text, key: key), for: .themeMode)
        case "unit":
          try store.set(try parse(TemperatureUnit.self, text, key: key), for: .temperatureUnit)
        case "scale":
          try store.set(
            try AirCommand.parseScale(text, usage: Help.settingsSet), for: .airQualityScale)
        default:
          try store.set(try parse(PetType.self, text, key: key), for: .petType)
        }
        try await store.flush()
      } catch let error as CLIError {
        throw error
      } catch let error as SettingsError {
        throw CLIError(error)
      } catch {
        throw .data(Text(.unexpectedError, "\(error)"))
      }
      let value = value(of: key, in: store)
      if context.json {
        try context.printJSON([key: value.raw])
      } else {
        context.console.print("\(key) = \(value.raw)  (\(value.display(context.language)))")
      }
    default:
      throw .usage(Text(.settingsUnknownAction, String(action.prefix(20))), Help.settings)
    }
  }

  struct Value {
    let raw: String
    let display: (DisplayLanguage) -> String
  }

  static func value(of key: String, in store: SettingsStore) -> Value {
    switch key {
    case "theme":
      let theme = store[.themeMode]
      return Value(raw: theme.rawValue, display: theme.displayName(in:))
    case "unit":
      let unit = store[.temperatureUnit]
      return Value(raw: unit.rawValue, display: unit.displayName(in:))
    case "scale":
      let scale = store[.airQualityScale]
      return Value(raw: scale.rawValue, display: { AirCommand.scaleName(scale, in: $0) })
    default:
      let pet = store[.petType]
      return Value(raw: pet.rawValue, display: pet.displayName(in:))
    }
  }

  static func checkedKey(_ key: String, usage: String) throws(CLIError) -> String {
    guard keys.contains(key) else {
      throw .usage(Text(.unknownSetting, String(key.prefix(20))), usage)
    }
    return key
  }

  static func parse<Value: RawRepresentable & CaseIterable>(
    _ type: Value.Type, _ text: String, key: String
  ) throws(CLIError) -> Value where Value.RawValue == String {
    guard let value = Value(rawValue: text.lowercased()) else {
      let allowed = Value.allCases.map(\.rawValue).joined(separator: ", ")
      throw .usage(
        Text(.settingValueNotAllowed, key, allowed, String(text.prefix(20))), Help.settingsSet)
    }
    return value
  }
}

/// Pads text with spaces to a width in terminal columns, for tables; Hangul and other wide
/// characters take two columns.
func pad(_ text: String, _ width: Int) -> String {
  let columns = text.unicodeScalars.reduce(0) { sum, scalar in
    sum + (isWide(scalar) ? 2 : 1)
  }
  return columns >= width ? text + " " : text + String(repeating: " ", count: width - columns)
}

/// Whether a character takes two terminal columns: Hangul, CJK and full-width forms.
private func isWide(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
    0xFF00...0xFF60, 0xFFE0...0xFFE6:
    true
  default:
    false
  }
}
