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
    .library(name: "HeraldInterchange", targets: ["HeraldInterchange"]),
    // The many-user parts, in products of their own: the desktop daemon links neither.
    .library(name: "HeraldPostgres", targets: ["HeraldPostgres"]),
    .library(name: "HeraldWorker", targets: ["HeraldWorker"]),
    .library(name: "HeraldPush", targets: ["HeraldPush"]),
    .executable(name: "herald", targets: ["herald"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", from: "2.1.0"),
    .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
    .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
  ],
  targets: [
    // Every rule of the five specs, Foundation only: an iOS or macOS app can embed it.
    .target(name: "HeraldCore", swiftSettings: strict),
    // Document formats: the scenario and plan JSON of the contract, routes, GPX, RFC 3339.
    .target(name: "HeraldInterchange", dependencies: ["HeraldCore"], swiftSettings: strict),
    // Foundation helpers for everything that starts programs or measures time (no Herald types).
    .target(
      name: "HeraldSystem",
      dependencies: [
        .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
      ],
      swiftSettings: strict),
    // Herald's own binding to the session bus through sd-bus, loaded at run time (no headers).
    .target(name: "HeraldDBus", dependencies: ["HeraldSystem"], swiftSettings: strict),
    // What every engine and every runner agrees on: the user-data interface, the record rules, the
    // delivery record and event, the clock and zone protocols. No engine, no I/O.
    .target(
      name: "HeraldContracts",
      dependencies: ["HeraldCore", "HeraldSystem", .product(name: "Crypto", package: "swift-crypto")],
      swiftSettings: strict),
    // The user's data in SQLite: schema, migrations, the one store type.
    .target(
      name: "HeraldSQLite",
      dependencies: [
        "HeraldContracts", "HeraldCore", "HeraldSystem", .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      swiftSettings: strict),
    // The same data for many users in PostgreSQL: users, tokens, and the due deliveries the
    // workers claim.
    // Herald's own connections to PostgreSQL: bounded connect, wait and call times, no call that
    // outlives its connection, health logged once each way (docs/decisions/postgres-connections.md).
    .target(
      name: "HeraldPostgresConnections",
      dependencies: [
        "HeraldCore", "HeraldSystem",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strict),
    .target(
      name: "HeraldPostgres",
      dependencies: [
        "HeraldContracts", "HeraldCore", "HeraldInterchange", "HeraldPostgresConnections", "HeraldSystem",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Metrics", package: "swift-metrics"),
      ],
      swiftSettings: strict),
    // Webhooks as Standard Webhooks 1.0 (body, id, signature) over one HTTP client: kept-alive
    // HTTP/1.1 connections of its own for plain receivers, AsyncHTTPClient (HTTP/2) for https; the
    // daemon's webhook sink and the worker both send through it.
    .target(
      name: "HeraldWebhooks",
      dependencies: [
        "HeraldContracts", "HeraldCore", "HeraldInterchange", "HeraldSystem",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
      ],
      swiftSettings: strict),
    // Calendars as a feature of their own: following files, folders, feeds and CalDAV collections,
    // keeping them in sync, writing blocks back (the iCalendar reader stays with the formats).
    .target(
      name: "HeraldCalendars",
      dependencies: [
        "HeraldContracts", "HeraldCore", "HeraldInterchange", "HeraldSQLite",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      swiftSettings: strict),
    // Web Push's sending core (RFC 8030/8291/8292): encryption, VAPID, payload, headers, the
    // allowed endpoints, action links, the push service's answers and the sender acting on them,
    // which is handed HeraldWebhooks' HTTP client and a store: no sockets or files of its own.
    .target(
      name: "HeraldPush",
      dependencies: [
        "HeraldContracts", "HeraldCore", "HeraldInterchange", "HeraldWebhooks",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strict),
    // Everything that waits or talks to the OS for one person: clocks, timer queue, sinks, GPX,
    // live countdown, following a server.
    .target(
      name: "HeraldRuntime",
      dependencies: [
        "HeraldCalendars", "HeraldCore", "HeraldDBus", "HeraldInterchange", "HeraldContracts", "HeraldPush",
        "HeraldSQLite",
        "HeraldSystem",
        "HeraldWebhooks",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      swiftSettings: strict),
    // The many-user delivery worker: claims due rows from PostgreSQL, sends them through
    // HeraldWebhooks within each destination's concurrency, records what came of them.
    .target(
      name: "HeraldWorker",
      dependencies: [
        "HeraldContracts", "HeraldCore", "HeraldInterchange", "HeraldPostgres", "HeraldPostgresConnections",
        "HeraldPush",
        "HeraldSystem",
        "HeraldWebhooks",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      swiftSettings: strict),
    // The HTTP API and the web pages (Hummingbird); HTTP status mapping lives only here. The API's
    // types and routes are generated from openapi.yaml at build time, so they cannot drift.
    .target(
      name: "HeraldServer",
      dependencies: [
        "HeraldCore", "HeraldInterchange", "HeraldContracts", "HeraldSQLite", "HeraldPostgres",
        "HeraldPostgresConnections", "HeraldPush",
        "HeraldCalendars", "HeraldRuntime", "HeraldSystem",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
        .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      resources: [.copy("openapi.yaml"), .copy("Static")],
      swiftSettings: strict,
      plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
    ),
    .executableTarget(
      name: "herald",
      dependencies: [
        "HeraldCore", "HeraldInterchange", "HeraldContracts", "HeraldSQLite", "HeraldPostgres",
        "HeraldPostgresConnections", "HeraldPush",
        "HeraldCalendars", "HeraldRuntime", "HeraldServer",
        "HeraldSystem", "HeraldWebhooks", "HeraldWorker",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      swiftSettings: strict
    ),
    .executableTarget(
      name: "HeraldBenchmarks",
      dependencies: [
        "HeraldCore", "HeraldInterchange", "HeraldContracts", "HeraldSQLite", "HeraldPostgres",
        "HeraldPostgresConnections", "HeraldPush",
        "HeraldCalendars", "HeraldRuntime", "HeraldSystem",
        "HeraldTestSupport", "HeraldWebhooks", "HeraldWorker",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ],
      swiftSettings: strict
    ),
    // The test process's Swift concurrency jobs on a pool that grows as tests block its threads.
    .target(name: "HeraldTestExecutor", path: "Tests/HeraldTestExecutor"),
    .target(
      name: "HeraldTestSupport",
      dependencies: [
        "HeraldCore", "HeraldInterchange", "HeraldPush", "HeraldSystem",
        .product(name: "Crypto", package: "swift-crypto"), .product(name: "Logging", package: "swift-log"),
      ],
      path: "Tests/HeraldTestSupport",
      swiftSettings: strict
    ),
    .testTarget(
      name: "HeraldCoreTests",
      dependencies: [
        "HeraldCore", "HeraldInterchange", "HeraldTestExecutor", "HeraldTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "HeraldSQLiteTests",
      dependencies: [
        "HeraldCore", "HeraldContracts", "HeraldSQLite", "HeraldSystem", "HeraldTestExecutor",
        "HeraldTestSupport",
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      swiftSettings: strict
    ),
    .testTarget(name: "HeraldDBusTests", dependencies: ["HeraldDBus"], swiftSettings: strict),
    .testTarget(
      name: "HeraldRuntimeTests",
      dependencies: [
        "HeraldCore", "HeraldInterchange", "HeraldContracts", "HeraldSQLite", "HeraldCalendars",
        "HeraldRuntime", "HeraldSystem",
        "HeraldWebhooks",
        "HeraldTestExecutor", "HeraldTestSupport",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "HeraldServerTests",
      dependencies: [
        "HeraldCore", "HeraldInterchange", "HeraldPush", "HeraldContracts", "HeraldSQLite", "HeraldCalendars",
        "HeraldRuntime", "HeraldServer",
        "HeraldSystem",
        "HeraldTestExecutor", "HeraldTestSupport",
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Yams", package: "Yams"),
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "HeraldPostgresTests",
      dependencies: [
        "HeraldCore", "HeraldInterchange", "HeraldContracts", "HeraldSQLite", "HeraldPostgres",
        "HeraldPostgresConnections", "HeraldPush",
        "HeraldCalendars", "HeraldRuntime", "HeraldServer",
        "HeraldSystem", "HeraldTestExecutor", "HeraldTestSupport", "HeraldWebhooks", "HeraldWorker",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "PropertyBased", package: "swift-property-based"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Yams", package: "Yams"),
      ],
      // A release's database and the script that made it, read by path (UpgradeFromReleaseTests).
      exclude: ["Fixtures"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "HeraldPushTests",
      dependencies: [
        "HeraldCore", "HeraldPush", "HeraldTestExecutor", "HeraldTestSupport", "HeraldWebhooks",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "HeraldCLITests",
      dependencies: [
        "HeraldCore", "HeraldInterchange", "HeraldContracts", "HeraldPush", "HeraldSQLite", "HeraldCalendars",
        "HeraldRuntime", "HeraldSystem",
        "HeraldTestExecutor", "HeraldTestSupport",
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      swiftSettings: strict
    ),
  ]
)
