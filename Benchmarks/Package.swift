// swift-tools-version: 6.2

import PackageDescription

// A separate package, so that the SDK's own manifest never depends on benchmark code and
// `swift build` at the root never compiles it. Run from the repository root:
//
//   swift run -c release --package-path Benchmarks haru-bench [--filter PREFIX]
let package = Package(
  name: "HaruBenchmarks",
  platforms: [.iOS(.v18), .macOS(.v15), .tvOS(.v18), .watchOS(.v11)],
  products: [
    .executable(name: "haru-bench", targets: ["HaruBench"])
  ],
  dependencies: [
    .package(name: "Haru", path: "..")
  ],
  targets: [
    .executableTarget(
      name: "HaruBench",
      dependencies: [
        .product(name: "HaruModels", package: "Haru"),
        .product(name: "HaruSettings", package: "Haru"),
        .product(name: "HaruForecast", package: "Haru"),
        .product(name: "HaruForecastTesting", package: "Haru"),
        .product(name: "HaruJournal", package: "Haru"),
        .product(name: "HaruPlaces", package: "Haru"),
        .target(name: "CSQLiteBaseline", condition: .when(platforms: [.linux])),
      ],
      path: "Sources/HaruBench"
    ),
    // The system SQLite, for the search baseline that uses SQLite's own trigram index; Apple
    // platforms import their SQLite3 module instead.
    .systemLibrary(
      name: "CSQLiteBaseline",
      path: "Sources/CSQLiteBaseline",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// The same strict baseline as the SDK's own targets.
for target in package.targets where target.type != .system {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("InternalImportsByDefault"),
      .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
