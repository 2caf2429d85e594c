import HaruForecast
import HaruModels
import HaruViewModelCore

/// The weather screen's text for the forecast's errors.
extension ErrorText {
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
}
