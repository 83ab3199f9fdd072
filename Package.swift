// swift-tools-version: 6.2
import PackageDescription

/// Every module is compiled in the Swift 6 language mode with complete strict concurrency checking.
let strictness: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let architectures = [
    "ObservableViewModel",
    "StoreSubclass",
    "ClosureEffects",
    "EffectValues",
    "EffectObjects",
    "LocalReducer",
    "ViperReducer",
]

/// The lowest macOS the code can run on, read from the availability annotations of the APIs it
/// uses (it has not been built on macOS): `Task.immediate` needs macOS 26. It starts the async
/// intents of the `observable-viewmodel` and `store-subclass` drivers (`Domain`'s `RunningIntents`)
/// and is used in the store-subclass tests. Without it, Synchronization's `Mutex` and `Atomic`
/// would set macOS 15, and Observation macOS 14. The lowest Swift is the tools version above, 6.2:
/// `nonisolated(nonsending)`, `@concurrent` and `isolated deinit` need its compiler; the runtime
/// entry point an `isolated deinit` calls is available from the Swift 6.1 runtime, which macOS 26
/// has. On macOS every counter is unavailable (docs/platforms.md).
let lowestMacOS: SupportedPlatform = .macOS(.v26)

/// `BENCH_NO_COUNTERS=1 swift build` compiles every C counter to the stubs a platform without them
/// gets, as on a Mac (docs/platforms.md). Only the C counters change, so the modules that import them
/// are not compiled again: a build turns into one without counters, and back, by compiling those alone.
let counters: [CSetting] =
    Context.environment["BENCH_NO_COUNTERS"] == "1" ? [.define("BENCH_NO_COUNTERS")] : []

let package = Package(
    name: "ArchitectureBench",
    platforms: [lowestMacOS],
    products: [
        .executable(name: "bench", targets: ["bench"]),
        // What a package of its own needs to check and measure its store (Examples/CustomStore):
        // the features, their fakes and the `Architecture` entry point; the suites' contract
        // (`ArchitectureSubject`); and the conformance scenarios, run from its tests.
        .library(name: "Domain", targets: ["Domain"]),
        .library(name: "BenchmarkSuites", targets: ["BenchmarkSuites"]),
        .library(name: "ArchitectureConformance", targets: ["ArchitectureConformance"]),
        // `bench` as a library: a package's own `bench` runs it with its stores added.
        .library(name: "BenchmarkCLI", targets: ["BenchmarkCLI"]),
    ],
    targets: [
        .target(name: "Domain", swiftSettings: strictness),
        .target(name: "CAllocationCounter", cSettings: counters),
        .target(name: "CInstructionCounter", cSettings: counters),
        .target(name: "CThreadPlacement", cSettings: counters),
        .target(name: "CStackAlignment"),
        .target(name: "COptimizerBarriers"),
        .target(
            name: "BenchmarkEngine",
            dependencies: [
                "CAllocationCounter", "CInstructionCounter", "CThreadPlacement", "CStackAlignment",
                "COptimizerBarriers",
            ],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "BenchmarkEngineTests", dependencies: ["BenchmarkEngine"], swiftSettings: strictness),
        // Waits with deadlines and a seeded generator: what the conformance scenarios (a library
        // product) and the unit tests both drive stores with.
        .target(name: "ScenarioSupport", swiftSettings: strictness),
        // Fixtures for the test targets only; no library product depends on it.
        .target(
            name: "TestSupport", dependencies: ["Domain"], path: "Tests/TestSupport",
            swiftSettings: strictness),
        .testTarget(
            name: "DomainTests", dependencies: ["Domain", "ScenarioSupport", "TestSupport"],
            swiftSettings: strictness),
    ]
        + architectures.flatMap { name -> [Target] in
            [
                .target(name: name, dependencies: ["Domain"], swiftSettings: strictness),
                .testTarget(
                    name: "\(name)Tests",
                    dependencies: ["Domain", "ScenarioSupport", "TestSupport", .target(name: name)],
                    swiftSettings: strictness
                ),
            ]
        }
        + [
            .target(
                name: "ArchitectureConformance",
                dependencies: ["Domain", "ScenarioSupport"],
                swiftSettings: strictness
            ),
            .testTarget(
                name: "ConformanceTests",
                dependencies: ["ArchitectureConformance", "BenchmarkResults", "BenchmarkSuites", "Domain", "ScenarioSupport"]
                    + architectures.map { .target(name: $0) },
                swiftSettings: strictness
            ),
            // The results schema: rows, their keys and vocabulary, CSV, run metadata, case selectors,
            // and how a row is named and printed.
            .target(name: "BenchmarkResults", swiftSettings: strictness),
            // Result rows made in code, for the results, gate and summary tests only.
            .target(
                name: "ResultsTestSupport", dependencies: ["BenchmarkResults"],
                path: "Tests/Harness/ResultsTestSupport",
                swiftSettings: strictness),
            .testTarget(
                name: "BenchmarkResultsTests", dependencies: ["BenchmarkResults", "ResultsTestSupport"],
                swiftSettings: strictness),
            // The regression gate: comparison, coverage and its reports.
            .target(name: "BenchmarkGate", dependencies: ["BenchmarkResults"], swiftSettings: strictness),
            .testTarget(
                name: "BenchmarkGateTests",
                dependencies: ["BenchmarkGate", "BenchmarkResults", "ResultsTestSupport"],
                swiftSettings: strictness),
            // A run rendered for people and tools: the summary table and github-action-benchmark's JSON.
            .target(name: "BenchmarkSummary", dependencies: ["BenchmarkResults"], swiftSettings: strictness),
            .testTarget(
                name: "BenchmarkSummaryTests",
                dependencies: ["BenchmarkSummary", "BenchmarkResults", "ResultsTestSupport"],
                swiftSettings: strictness),
            .target(
                name: "BenchmarkSuites",
                dependencies: ["BenchmarkEngine", "BenchmarkResults", "Domain"]
                    + architectures.map { .target(name: $0) },
                swiftSettings: strictness
            ),
            .testTarget(
                name: "BenchmarkSuitesTests",
                dependencies: [
                    "BenchmarkSuites", "BenchmarkEngine", "BenchmarkResults", "ClosureEffects", "Domain",
                ],
                swiftSettings: strictness
            ),
            .target(
                name: "BenchmarkRun",
                dependencies: ["BenchmarkEngine", "BenchmarkResults", "BenchmarkSuites"],
                swiftSettings: strictness
            ),
            .testTarget(
                name: "BenchmarkRunTests",
                dependencies: [
                    "BenchmarkRun", "BenchmarkEngine", "BenchmarkGate", "BenchmarkResults", "BenchmarkSuites",
                    "ClosureEffects", "Domain",
                ],
                swiftSettings: strictness
            ),
            .target(
                name: "BenchmarkCLI",
                dependencies: [
                    "BenchmarkEngine", "BenchmarkGate", "BenchmarkResults", "BenchmarkRun", "BenchmarkSuites",
                    "BenchmarkSummary",
                ],
                swiftSettings: strictness
            ),
            .testTarget(
                name: "BenchmarkCLITests",
                dependencies: [
                    "BenchmarkCLI", "BenchmarkEngine", "BenchmarkGate", "BenchmarkResults", "BenchmarkRun",
                    "BenchmarkSuites", "BenchmarkSummary",
                ],
                swiftSettings: strictness
            ),
            .executableTarget(
                name: "bench",
                dependencies: ["BenchmarkCLI"],
                path: "Benchmarks/bench",
                swiftSettings: strictness
            ),
        ],
    swiftLanguageModes: [.v6]
)

/// The folder of each module, by what it is: the seven styles under `Sources/Architectures`, the
/// conformance scenarios under `Sources/Conformance`, what measures and judges under
/// `Sources/Harness` (its C counters under `Sources/Harness/Counters`), and the catalogue of
/// benchmarks under `Benchmarks`, beside the `bench` executable. `Domain` stays at the top of
/// `Sources`: every group uses it. A module's tests are in the same group under `Tests`.
let groups: [(sources: String, tests: String, modules: [String])] = [
    ("Sources/Architectures", "Tests/Architectures", architectures),
    (
        "Sources/Conformance", "Tests/Conformance",
        ["ArchitectureConformance", "ScenarioSupport", "Conformance"]
    ),
    (
        "Sources/Harness", "Tests/Harness",
        [
            "BenchmarkEngine", "BenchmarkRun", "BenchmarkResults", "BenchmarkGate", "BenchmarkSummary",
            "BenchmarkCLI",
        ]
    ),
    (
        "Sources/Harness/Counters", "Tests/Harness",
        [
            "CAllocationCounter", "CInstructionCounter", "CThreadPlacement", "CStackAlignment",
            "COptimizerBarriers",
        ]
    ),
    ("Benchmarks", "Tests/Benchmarks", ["BenchmarkSuites"]),
]

for target in package.targets where target.path == nil {
    let isTest = target.type == .test
    let module = isTest ? String(target.name.dropLast("Tests".count)) : target.name
    guard let group = groups.first(where: { $0.modules.contains(module) }) else { continue }
    target.path = "\(isTest ? group.tests : group.sources)/\(target.name)"
}
