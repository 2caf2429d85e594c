// Every view model under one import, as before they were split by feature. An app that shows only
// some screens depends on their products instead (`HaruWeatherViewModels`, `HaruJournalViewModels`,
// `HaruSettingsViewModels`) and links nothing the other screens need.
@_exported public import HaruJournalViewModels
@_exported public import HaruSettingsViewModels
@_exported public import HaruViewModelCore
@_exported public import HaruWeatherViewModels
