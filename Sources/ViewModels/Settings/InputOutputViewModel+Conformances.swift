public import HaruViewModelCore

extension SettingsViewModel: InputOutputViewModel {}
extension TownsViewModel: InputOutputViewModel {}
