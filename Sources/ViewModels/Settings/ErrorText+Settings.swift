import HaruModels
import HaruSettings
import HaruViewModelCore

/// The settings and towns screens' text for the settings' errors.
extension ErrorText {
  /// The text of any error a settings write throws: the settings' own, or a general sentence.
  static func text(for error: any Error, in language: DisplayLanguage) -> String {
    switch error {
    case let error as SettingsError: settings(error, in: language)
    case let error as ModelError: model(error, in: language)
    default: somethingWentWrong(in: language)
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
}
