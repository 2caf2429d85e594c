import HaruJournal
import HaruModels
import HaruViewModelCore

/// The journal screens' text for the journal's errors.
extension ErrorText {
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
}
