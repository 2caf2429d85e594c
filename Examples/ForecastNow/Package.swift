// swift-tools-version: 6.2

import PackageDescription

// A package outside Haru that uses one Haru product, HaruForecast, and nothing else.
let package = Package(
  name: "ForecastNow",
  platforms: [.iOS(.v18), .macOS(.v15), .tvOS(.v18), .watchOS(.v11)],
  dependencies: [
    // A copy of Haru two folders up; an app elsewhere would use `.package(url:from:)`.
    .package(name: "Haru", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "ForecastNow",
      dependencies: [
        .product(name: "HaruForecast", package: "Haru")
      ],
      resources: [.copy("Resources/getVilageFcst.json")],
      swiftSettings: [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
