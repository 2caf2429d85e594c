// swift-tools-version: 6.2

import PackageDescription

let package = Package(
  name: "Haru",
  platforms: [.iOS(.v18), .macOS(.v15), .tvOS(.v18), .watchOS(.v11)],
  products: [
    .library(name: "HaruModels", targets: ["HaruModels"]),
    .library(name: "HaruSettings", targets: ["HaruSettings"]),
    .library(name: "HaruForecast", targets: ["HaruForecast"]),
    .library(name: "HaruJournal", targets: ["HaruJournal"]),
    .library(name: "HaruPlaces", targets: ["HaruPlaces"]),
    .library(name: "HaruViewModels", targets: ["HaruViewModels"]),
    .library(name: "HaruViewModelCore", targets: ["HaruViewModelCore"]),
    // The view models by feature: each screen's product brings the core and the modules it shows,
    // so that a weather screen links no journal and no SQLite, and the journal screens no forecast.
    .library(
      name: "HaruWeatherViewModels", targets: ["HaruWeatherViewModels", "HaruViewModelCore"]),
    .library(
      name: "HaruJournalViewModels", targets: ["HaruJournalViewModels", "HaruViewModelCore"]),
    .library(
      name: "HaruSettingsViewModels", targets: ["HaruSettingsViewModels", "HaruViewModelCore"]),
    .library(name: "HaruTesting", targets: ["HaruTesting"]),
    .library(name: "HaruJournalTesting", targets: ["HaruJournalTesting"]),
    .library(name: "HaruForecastTesting", targets: ["HaruForecastTesting"]),
    .executable(name: "haru", targets: ["HaruCLI"]),
  ],
  targets: [
    // Internals shared by the modules through `package` access; not a product.
    .target(name: "HaruShared", path: "Sources/Shared"),
    .target(name: "HaruModels", dependencies: ["HaruShared"], path: "Sources/Models"),
    .target(
      name: "HaruSettings", dependencies: ["HaruModels", "HaruShared"], path: "Sources/Settings",
      // Apple's privacy manifest: the required-reason APIs the module uses, and why.
      resources: [.copy("PrivacyInfo.xcprivacy")]),
    .target(
      name: "HaruForecast", dependencies: ["HaruModels", "HaruShared"], path: "Sources/Forecast",
      // The CSVs the temperature-point and warning-zone tables are generated from, and the scripts
      // that generate them.
      exclude: ["MidTerm/Source", "Warnings/Source"],
      resources: [.copy("PrivacyInfo.xcprivacy")]),
    .systemLibrary(
      name: "CSQLite",
      path: "Sources/CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // The calls of SQLite's C interface that Swift cannot make (they are variadic); not a product.
    .target(
      name: "CHaruSQLite",
      dependencies: [
        .target(
          name: "CSQLite", condition: .when(platforms: [.linux, .android, .windows, .openbsd]))
      ],
      path: "Sources/CHaruSQLite",
      linkerSettings: [.linkedLibrary("sqlite3")]
    ),
    .target(
      name: "HaruJournal",
      dependencies: [
        "HaruModels", "HaruShared", "CHaruSQLite",
        // Apple platforms import their own SQLite3 module instead.
        .target(
          name: "CSQLite", condition: .when(platforms: [.linux, .android, .windows, .openbsd])),
      ],
      path: "Sources/Journal",
      resources: [.copy("PrivacyInfo.xcprivacy")]
    ),
    .target(
      name: "HaruPlaces",
      dependencies: ["HaruModels", "HaruShared"],
      path: "Sources/Places",
      // The CSVs the table is generated from, and the script that generates it.
      exclude: ["Table/Source"]
    ),
    // What every view model is built on: user events, outputs, ScreenState, the work a view model
    // owns, and the text of the models' errors. It imports no feature module.
    .target(
      name: "HaruViewModelCore", dependencies: ["HaruModels", "HaruShared"],
      path: "Sources/ViewModels/Core"),
    .target(
      name: "HaruWeatherViewModels",
      dependencies: [
        "HaruViewModelCore", "HaruModels", "HaruSettings", "HaruForecast", "HaruPlaces",
        "HaruShared",
      ],
      path: "Sources/ViewModels/Weather"
    ),
    .target(
      name: "HaruJournalViewModels",
      dependencies: ["HaruViewModelCore", "HaruModels", "HaruJournal", "HaruShared"],
      path: "Sources/ViewModels/Journal",
      resources: [.copy("PrivacyInfo.xcprivacy")]
    ),
    .target(
      name: "HaruSettingsViewModels",
      dependencies: [
        "HaruViewModelCore", "HaruModels", "HaruSettings", "HaruPlaces", "HaruShared",
      ],
      path: "Sources/ViewModels/Settings",
      resources: [.copy("PrivacyInfo.xcprivacy")]
    ),
    // Every view model, for an app that shows every screen: one import for all of them.
    .target(
      name: "HaruViewModels",
      dependencies: [
        "HaruViewModelCore", "HaruWeatherViewModels", "HaruJournalViewModels",
        "HaruSettingsViewModels",
      ],
      path: "Sources/ViewModels/All"
    ),
    .target(
      name: "HaruTesting", dependencies: ["HaruModels", "HaruShared"], path: "Sources/Testing/Core",
      resources: [.copy("PrivacyInfo.xcprivacy")]
    ),
    .target(
      name: "HaruForecastTesting",
      dependencies: ["HaruForecast", "HaruTesting", "HaruShared"],
      path: "Sources/Testing/Forecast"
    ),
    .target(
      name: "HaruJournalTesting",
      dependencies: ["HaruJournal", "HaruModels", "HaruShared"],
      path: "Sources/Testing/Journal"
    ),
    // Adds journal entries with photos until it is killed; the crash-consistency test runs it.
    .executableTarget(
      name: "HaruJournalCrashHelper",
      dependencies: [
        "HaruJournal", "HaruModels", "HaruShared",
        // To hold the journal's write lock as another program using SQLite would.
        .target(
          name: "CSQLite", condition: .when(platforms: [.linux, .android, .windows, .openbsd])),
      ],
      path: "Sources/JournalCrashHelper"
    ),
    // Uses a settings file as another process would (writes, towns, holding the lock); the
    // multi-process and crash tests of the settings run it.
    .executableTarget(
      name: "HaruSettingsCrashHelper",
      dependencies: ["HaruSettings", "HaruModels"],
      path: "Sources/SettingsCrashHelper"
    ),
    .executableTarget(
      name: "HaruCLI",
      dependencies: ["HaruModels", "HaruSettings", "HaruForecast", "HaruJournal", "HaruPlaces"],
      path: "Sources/CLI",
      // Sample responses for `haru forecast --offline` and `haru demo`.
      resources: [.copy("Resources/Samples")]
    ),
    // Helpers shared by the test targets, such as a local HTTP server; not a product.
    .target(
      name: "HaruTestSupport",
      dependencies: ["HaruShared"],
      path: "Tests/Support"
    ),
    .testTarget(
      name: "HaruModelsTests",
      dependencies: ["HaruModels", "HaruShared", "HaruTesting"],
      path: "Tests/ModelsTests"
    ),
    .testTarget(
      name: "HaruSettingsTests",
      dependencies: [
        "HaruSettings", "HaruModels", "HaruShared", "HaruSettingsCrashHelper", "HaruTestSupport",
      ],
      path: "Tests/SettingsTests"
    ),
    .testTarget(
      name: "HaruForecastTests",
      dependencies: [
        "HaruForecast", "HaruForecastTesting", "HaruModels", "HaruShared", "HaruTesting",
        "HaruTestSupport",
      ],
      path: "Tests/ForecastTests",
      // Real service answers, read by path.
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "HaruCLITests",
      dependencies: [
        "HaruCLI", "HaruForecast", "HaruForecastTesting", "HaruJournal", "HaruModels",
        "HaruShared", "HaruTestSupport",
      ],
      path: "Tests/CLITests"
    ),
    .testTarget(
      name: "HaruJournalTests",
      dependencies: [
        "HaruJournal", "HaruJournalTesting", "HaruModels", "HaruShared", "HaruJournalCrashHelper",
        "HaruTestSupport",
      ],
      path: "Tests/JournalTests"
    ),
    .testTarget(
      name: "HaruPlacesTests",
      dependencies: ["HaruPlaces", "HaruModels", "HaruShared", "HaruTestSupport"],
      path: "Tests/PlacesTests"
    ),
    .testTarget(
      name: "HaruViewModelsTests",
      dependencies: [
        "HaruViewModels", "HaruViewModelCore", "HaruWeatherViewModels", "HaruJournalViewModels",
        "HaruSettingsViewModels", "HaruModels", "HaruSettings", "HaruForecast", "HaruJournal",
        "HaruPlaces", "HaruShared", "HaruTesting", "HaruForecastTesting", "HaruJournalTesting",
      ],
      path: "Tests/ViewModelsTests"
    ),
    .testTarget(
      name: "HaruSharedTests",
      dependencies: ["HaruShared"],
      path: "Tests/SharedTests"
    ),
    .testTarget(
      name: "HaruTestingTests",
      dependencies: ["HaruModels", "HaruShared", "HaruTesting"],
      path: "Tests/TestingTests"
    ),
  ],
  swiftLanguageModes: [.v6]
)

// The strict baseline, set once for every target.
for target in package.targets where target.type != .system {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("InternalImportsByDefault"),
      .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
