// swift-tools-version: 6.0
//
// LayoutBench: a research harness for layout constraint solvers.
// Module boundaries and import directions follow docs/architecture.md; arrows point
// down only (LayoutModel at the bottom, the `bench` executable at the top).

import PackageDescription

/// Tableau invariant checks (basic symbols absent from other rows, restricted rows
/// feasible, markers accounted for) run after every solver operation in debug builds,
/// which is what `swift test` builds. Release builds, which benchmarks use, leave them
/// out. Force them into any build with `-Xswiftc -DLAYOUTBENCH_INTERNAL_CHECKS`.
let internalChecks: [SwiftSetting] = [
  .define("LAYOUTBENCH_INTERNAL_CHECKS", .when(configuration: .debug))
]

let package = Package(
  name: "LayoutBench",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "bench", targets: ["bench"]),
    .library(name: "LayoutModel", targets: ["LayoutModel"]),
    .library(name: "Cassowary", targets: ["Cassowary"]),
    .library(name: "DenseSimplex", targets: ["DenseSimplex"]),
    .library(name: "Scene", targets: ["Scene"]),
    .library(name: "StrictJSON", targets: ["StrictJSON"]),
    .library(name: "Interchange", targets: ["Interchange"]),
    .library(name: "Replay", targets: ["Replay"]),
    .library(name: "SpringsAndStruts", targets: ["SpringsAndStruts"]),
    .library(name: "Flexbox", targets: ["Flexbox"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    // Floating-point rounding in the stdlib calls libm (`round`, `trunc`), which Linux
    // does not link into a program that imports no C module.
    .target(name: "LayoutModel", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
    .target(name: "Cassowary", dependencies: ["LayoutModel"], swiftSettings: internalChecks),
    .target(name: "DenseSimplex", dependencies: ["LayoutModel"]),
    .target(name: "Scene", dependencies: ["LayoutModel"]),
    .target(name: "StrictJSON"),
    .target(name: "Interchange", dependencies: ["StrictJSON", "LayoutModel", "Scene"]),
    .target(name: "Replay", dependencies: ["Interchange", "LayoutModel", "Scene"]),
    .target(name: "SpringsAndStruts", dependencies: ["LayoutModel", "Scene"]),
    .target(name: "Workloads", dependencies: ["LayoutModel", "Scene"]),
    .target(name: "Flexbox", dependencies: ["Scene", "StrictJSON", "Interchange"]),
    // jemalloc, unprefixed: linking it makes it the whole process's malloc (docs/measurement.md).
    .systemLibrary(name: "CJemalloc", pkgConfig: "jemalloc", providers: [.apt(["libjemalloc-dev"])]),
    .target(name: "Measurement", dependencies: ["CJemalloc"]),
    .target(
      name: "BenchCore",
      dependencies: ["LayoutModel", "Scene", "StrictJSON", "Interchange", "Replay", "Measurement", "Workloads", "Flexbox"]),
    .target(name: "Reports", dependencies: ["Interchange", "BenchCore"]),
    .executableTarget(
      name: "bench",
      dependencies: [
        "LayoutModel", "Cassowary", "DenseSimplex", "Scene", "SpringsAndStruts", "StrictJSON", "Interchange", "Replay",
        "Measurement", "BenchCore", "Workloads", "Reports", "Flexbox", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    .target(name: "TestSupport", dependencies: ["LayoutModel", "Scene", "Interchange"], path: "Tests/TestSupport"),
    .testTarget(name: "LayoutModelTests", dependencies: ["LayoutModel", "TestSupport"]),
    .testTarget(
      name: "CassowaryTests", dependencies: ["Cassowary", "LayoutModel", "TestSupport"],
      swiftSettings: internalChecks),
    .testTarget(name: "StrictJSONTests", dependencies: ["StrictJSON"]),
    .testTarget(
      name: "InterchangeTests", dependencies: ["Interchange", "StrictJSON", "Scene", "LayoutModel", "TestSupport"]),
    .testTarget(
      name: "ReplayTests",
      dependencies: ["Replay", "Interchange", "StrictJSON", "Scene", "Cassowary", "LayoutModel", "TestSupport"]),
    .testTarget(
      name: "DenseSimplexTests", dependencies: ["DenseSimplex", "LayoutModel", "TestSupport"]),
    .testTarget(
      name: "SceneTests",
      dependencies: ["Scene", "Cassowary", "DenseSimplex", "Interchange", "StrictJSON", "LayoutModel", "TestSupport"]),
    .testTarget(
      name: "SpringsAndStrutsTests",
      dependencies: [
        "SpringsAndStruts", "Scene", "Cassowary", "DenseSimplex", "LayoutModel", "Measurement", "TestSupport", "Interchange",
        "Replay",
      ]),
    // Every solver backend on the same inputs, against each other and the brute-force oracle.
    .testTarget(
      name: "DifferentialTests",
      dependencies: ["Cassowary", "DenseSimplex", "LayoutModel", "TestSupport"],
      swiftSettings: internalChecks),
    // Runs the built `bench` executable as a user would; it links no project module.
    // Runs the built bench as a user would; reads its results files with Interchange.
    .testTarget(name: "BenchCLITests", dependencies: ["Interchange"]),
    // Tests/Fixtures: scenes with hand-derived frames, on every backend that lists them.
    .testTarget(
      name: "FixtureTests",
      dependencies: [
        "Interchange", "Replay", "StrictJSON", "Scene", "Cassowary", "DenseSimplex", "SpringsAndStruts", "LayoutModel",
      ],
    ),
    .testTarget(
      name: "BenchCoreTests",
      dependencies: [
        "BenchCore", "Interchange", "Replay", "Scene", "LayoutModel", "Measurement", "Workloads", "TestSupport", "Cassowary",
      ]),
    .testTarget(name: "ReportsTests", dependencies: ["Reports", "Interchange"]),
    .testTarget(
      name: "FlexboxTests", dependencies: ["Flexbox", "Interchange", "StrictJSON", "Scene", "Workloads", "BenchCore"]),
    .testTarget(name: "TestSupportTests", dependencies: ["TestSupport", "LayoutModel", "Interchange", "Replay"]),
    .testTarget(name: "MeasurementTests", dependencies: ["Measurement", "CJemalloc"]),
    .testTarget(
      name: "WorkloadsTests",
      dependencies: [
        "Workloads", "BenchCore", "Interchange", "Replay", "Scene", "Cassowary", "SpringsAndStruts", "LayoutModel",
        "TestSupport",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
