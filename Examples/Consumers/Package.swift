// swift-tools-version: 6.2

import PackageDescription

// Packages outside Haru, one executable for each way an app adopts it, each depending on one Haru
// product and nothing else: what each product costs an app (Benchmarks/footprint.sh measures it)
// and what each view-model product compiles and links (Examples/check.sh checks it).
let package = Package(
  name: "Consumers",
  platforms: [.iOS(.v18), .macOS(.v15), .tvOS(.v18), .watchOS(.v11)],
  dependencies: [
    // A copy of Haru two folders up; an app elsewhere would use `.package(url:from:)`.
    .package(name: "Haru", path: "../..")
  ],
  targets: [
    // Foundation and nothing of Haru: the baseline the others are measured against.
    .executableTarget(name: "Bare", path: "Sources/Bare"),
    .executableTarget(
      name: "SettingsOnly", dependencies: [.product(name: "HaruSettings", package: "Haru")],
      path: "Sources/SettingsOnly"),
    .executableTarget(
      name: "ForecastOnly",
      dependencies: ["SampleForecast", .product(name: "HaruForecast", package: "Haru")],
      path: "Sources/ForecastOnly"),
    .executableTarget(
      name: "PlacesOnly", dependencies: [.product(name: "HaruPlaces", package: "Haru")],
      path: "Sources/PlacesOnly"),
    .executableTarget(
      name: "JournalOnly",
      dependencies: ["SampleJournal", .product(name: "HaruJournal", package: "Haru")],
      path: "Sources/JournalOnly"),
    .executableTarget(
      name: "WeatherScreen",
      dependencies: ["SampleForecast", .product(name: "HaruWeatherViewModels", package: "Haru")],
      path: "Sources/WeatherScreen"),
    // The same screen, from the same source file (a link to WeatherScreen's), through the product
    // of every view model: what a weather screen costs an app that adds the whole set.
    .executableTarget(
      name: "WeatherScreenAll",
      dependencies: ["SampleForecast", .product(name: "HaruViewModels", package: "Haru")],
      path: "Sources/WeatherScreenAll"),
    .executableTarget(
      name: "JournalScreens",
      dependencies: ["SampleJournal", .product(name: "HaruJournalViewModels", package: "Haru")],
      path: "Sources/JournalScreens"),
    .executableTarget(
      name: "SettingsScreens",
      dependencies: [.product(name: "HaruSettingsViewModels", package: "Haru")],
      path: "Sources/SettingsScreens"),
    // A forecast service that answers from a sample file instead of the network.
    .target(
      name: "SampleForecast", dependencies: [.product(name: "HaruForecast", package: "Haru")],
      path: "Sources/SampleForecast"),
    // A journal in a temporary folder with one entry in it.
    .target(
      name: "SampleJournal", dependencies: [.product(name: "HaruJournal", package: "Haru")],
      path: "Sources/SampleJournal"),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  target.swiftSettings = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
  ]
}
