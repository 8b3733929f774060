// swift-tools-version: 6.1
import PackageDescription

let strict: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
  name: "Herald",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .library(name: "HeraldCore", targets: ["HeraldCore"]),
    .executable(name: "herald", targets: ["herald"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
  ],
  targets: [
    // Every rule of the five specs, Foundation only: an iOS or macOS app can embed it.
    .target(name: "HeraldCore", swiftSettings: strict),
    // Everything that reads files or talks to the OS (GPX input so far).
    .target(name: "HeraldRuntime", dependencies: ["HeraldCore"], swiftSettings: strict),
    .executableTarget(
      name: "herald",
      dependencies: [
        "HeraldCore", "HeraldRuntime",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict
    ),
    .executableTarget(
      name: "HeraldBenchmarks",
      dependencies: ["HeraldCore"],
      swiftSettings: strict
    ),
    .target(
      name: "HeraldTestSupport",
      dependencies: ["HeraldCore"],
      path: "Tests/HeraldTestSupport",
      swiftSettings: strict
    ),
    .testTarget(
      name: "HeraldCoreTests",
      dependencies: [
        "HeraldCore", "HeraldTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "HeraldCLITests",
      dependencies: ["HeraldCore", "HeraldRuntime", "HeraldTestSupport"],
      swiftSettings: strict
    ),
  ]
)
