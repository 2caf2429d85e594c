package import HaruModels

/// Errors written as sentences a person can read, in Korean or English.
///
/// The modules' own messages are written for developers, in English; a screen needs a sentence in
/// the person's language that says what happened and what to do. Codes a view model does not know
/// fall back to the module's message, so no error is ever shown as nothing.
///
/// This core knows the errors of `HaruModels`; each view-model module adds, in an extension of its
/// own, the text of the errors of the module it shows (`HaruWeatherViewModels` the forecast's,
/// `HaruJournalViewModels` the journal's, `HaruSettingsViewModels` the settings'), so that no screen
/// links a module it does not use.
package enum ErrorText {
  /// The sentence for an error that no module's text covers.
  package static func somethingWentWrong(in language: DisplayLanguage) -> String {
    language == .korean
      ? "문제가 생겼어요. 다시 시도해 주세요." : "Something went wrong. Please try again."
  }

  /// The text of an error of `HaruModels`: a field left empty, too long or on several lines, a
  /// place outside the forecast's grid.
  package static func model(_ error: ModelError, in language: DisplayLanguage) -> String {
    let korean = language == .korean
    let field = fieldName(error.field, in: language)
    switch error.code {
    case .emptyField:
      return korean ? "\(field)을(를) 입력해 주세요." : "Enter the \(field)."
    case .fieldTooLong:
      return korean ? "\(field)이(가) 너무 길어요. 줄여 주세요." : "The \(field) is too long. Shorten it."
    case .invalidCharacters:
      return korean
        ? "\(field)은(는) 한 줄로 입력해 주세요." : "Write the \(field) on a single line."
    case .invalidCoordinate:
      return korean ? "위치가 올바르지 않아요." : "That location is not a valid place on Earth."
    case .outsideForecastGrid:
      return korean
        ? "이 위치는 날씨 예보 지역 밖이에요. 한국 안의 위치를 골라 주세요."
        : "There is no forecast for this location. Choose a place in Korea."
    default:
      return korean ? "입력한 내용을 확인해 주세요." : error.message
    }
  }

  private static func fieldName(_ field: String?, in language: DisplayLanguage) -> String {
    let korean = language == .korean
    switch field {
    case "brand": return korean ? "브랜드" : "brand"
    case "perfumeName": return korean ? "향수 이름" : "perfume name"
    case "sentence": return korean ? "한 줄 문장" : "one-line sentence"
    case "notes": return korean ? "메모" : "notes"
    case "name": return korean ? "지역 이름" : "town name"
    default: return korean ? "입력값" : "value"
    }
  }
}
