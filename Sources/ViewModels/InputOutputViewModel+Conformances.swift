extension SettingsViewModel: InputOutputViewModel {}
extension TownsViewModel: InputOutputViewModel {}
extension WeatherViewModel: InputOutputViewModel {}
extension JournalListViewModel: InputOutputViewModel {}
extension JournalEditorViewModel: InputOutputViewModel {}
