import HaruModels

/// A message for a person: a key of the message tables and the values put into its words.
///
/// The words of every key are in ``Messages/english`` and ``Messages/korean``, one table per
/// language; `{1}`, `{2}`, … in them stand for the values, in order. Values are data (a file's
/// path, an option's name, a provider's own words) and are never translated.
struct Text: Sendable, TextValue {
  let key: Message
  let values: [any TextValue]

  init(_ key: Message, _ values: any TextValue...) {
    self.key = key
    self.values = values
  }

  init(_ key: Message, values: [any TextValue]) {
    self.key = key
    self.values = values
  }

  /// The words of the key in a language, with the values put in.
  func rendered(in language: DisplayLanguage) -> String {
    Messages.fill(
      Messages.template(key, in: language), with: values.map { $0.rendered(in: language) })
  }
}

/// What a message's placeholder can hold: data, as it is, or another message, in the same
/// language.
protocol TextValue: Sendable {
  /// The value as words in a language.
  func rendered(in language: DisplayLanguage) -> String
}

extension String: TextValue {
  func rendered(in language: DisplayLanguage) -> String { self }
}

/// The message tables.
enum Messages {
  /// The words of a key in a language; the key's name when a table lacks it (a test checks that
  /// none does).
  static func template(_ key: Message, in language: DisplayLanguage) -> String {
    let table = language == .korean ? korean : english
    return table[key] ?? english[key] ?? key.rawValue
  }

  /// The template with `{1}`, `{2}`, … replaced by the values, in one pass, so that a value
  /// holding `{2}` is left as it is.
  static func fill(_ template: String, with values: [String]) -> String {
    var result = ""
    var rest = template[...]
    while let open = rest.firstIndex(of: "{") {
      result += rest[..<open]
      let afterOpen = rest.index(after: open)
      if let close = rest[afterOpen...].firstIndex(of: "}"),
        let number = Int(rest[afterOpen..<close]), number >= 1, number <= values.count
      {
        result += values[number - 1]
        rest = rest[rest.index(after: close)...]
      } else {
        result.append("{")
        rest = rest[afterOpen...]
      }
    }
    return result + rest
  }

  /// The numbers of the placeholders in a template, for the test that the tables agree.
  static func placeholders(in template: String) -> Set<Int> {
    var found = Set<Int>()
    var rest = template[...]
    while let open = rest.firstIndex(of: "{") {
      let afterOpen = rest.index(after: open)
      if let close = rest[afterOpen...].firstIndex(of: "}"),
        let number = Int(rest[afterOpen..<close])
      {
        found.insert(number)
      }
      rest = rest[afterOpen...]
    }
    return found
  }
}
