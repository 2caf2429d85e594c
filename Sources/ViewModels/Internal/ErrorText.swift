import HaruForecast
import HaruJournal
import HaruModels
import HaruSettings

/// Errors written as sentences a person can read, in Korean or English.
///
/// The modules' own messages are written for developers, in English; a screen needs a sentence in
/// the person's language that says what happened and what to do. Codes a view model does not know
/// fall back to the module's message, so no error is ever shown as nothing.
enum ErrorText {
  static func text(for error: any Error, in language: DisplayLanguage) -> String {
    switch error {
    case let error as ForecastError: forecast(error, in: language)
    case let error as SettingsError: settings(error, in: language)
    case let error as JournalError: journal(error, in: language)
    case let error as ModelError: model(error, in: language)
    default:
      language == .korean
        ? "문제가 생겼어요. 다시 시도해 주세요." : "Something went wrong. Please try again."
    }
  }

  static func forecast(_ error: ForecastError, in language: DisplayLanguage) -> String {
    let korean = language == .korean
    switch error.code {
    case .transport:
      return korean
        ? "날씨 서버에 연결할 수 없어요. 인터넷 연결을 확인해 주세요."
        : "Couldn't reach the weather service. Check your internet connection."
    case .timeout:
      return korean
        ? "날씨 서버가 응답하지 않아요. 잠시 후 다시 시도해 주세요."
        : "The weather service didn't answer in time. Try again in a moment."
    case .httpStatus, .kmaResult, .noData, .decoding, .bodyTooLarge:
      return korean
        ? "날씨 정보를 받아오지 못했어요. 잠시 후 다시 시도해 주세요."
        : "The weather service couldn't provide a forecast right now. Try again later."
    case .outsideGrid:
      return korean
        ? "이 지역의 날씨 예보는 제공되지 않아요."
        : "There is no forecast for this place."
    case .invalidRequest:
      return korean
        ? "날씨 서비스 설정이 잘못되었어요. 앱 설정을 확인해 주세요."
        : "The weather service is not set up correctly. Check the app's configuration."
    case .cancelled:
      return korean ? "날씨 요청이 취소되었어요." : "The weather request was cancelled."
    default:
      return korean ? "날씨 정보를 받아오지 못했어요." : error.message
    }
  }

  static func settings(_ error: SettingsError, in language: DisplayLanguage) -> String {
    let korean = language == .korean
    switch error.code {
    case .tooManyTowns:
      return korean
        ? "지역은 \(SavedTowns.capacity)개까지 저장할 수 있어요. 하나를 지운 뒤 추가해 주세요."
        : "Up to \(SavedTowns.capacity) towns can be saved. Remove one before adding another."
    case .lastTown:
      return korean
        ? "지역은 하나 이상 있어야 해요. 다른 지역을 먼저 추가해 주세요."
        : "Keep at least one town. Add another town first."
    case .noSuchTown:
      return korean
        ? "선택한 지역을 찾을 수 없어요. 목록을 다시 확인해 주세요."
        : "That town is no longer in the list. Pick one from the list again."
    case .duplicateTown:
      return korean ? "이미 저장된 지역이에요." : "This town is already saved."
    default:
      return korean
        ? "설정을 저장하지 못했어요. 다시 시도해 주세요." : "The setting couldn't be saved. Try again."
    }
  }

  static func journal(_ error: JournalError, in language: DisplayLanguage) -> String {
    let korean = language == .korean
    switch error.code {
    case .invalidEntry:
      if let validation = error.validationError {
        return model(validation, in: language)
      }
      return korean ? "입력한 내용을 확인해 주세요." : error.message
    case .unsupportedPhoto:
      return korean
        ? "JPEG, PNG, HEIC 사진만 저장할 수 있어요. 다른 사진을 골라 주세요."
        : "Only JPEG, PNG or HEIC photos can be saved. Choose another photo."
    case .photoTooLarge:
      return korean
        ? "사진이 너무 커요. 더 작은 사진을 골라 주세요."
        : "The photo is too large. Choose a smaller one."
    case .entryNotFound:
      return korean
        ? "이 기록은 이미 삭제되었어요." : "This entry no longer exists; it may have been deleted."
    case .databaseFailure, .fileFailure, .corruptEntry:
      return korean
        ? "기록을 저장하거나 읽지 못했어요. 저장 공간을 확인하고 다시 시도해 주세요."
        : "The journal couldn't be read or saved. Check the free storage and try again."
    default:
      return korean ? "기록을 처리하지 못했어요. 다시 시도해 주세요." : error.message
    }
  }

  static func model(_ error: ModelError, in language: DisplayLanguage) -> String {
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
