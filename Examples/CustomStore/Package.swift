// swift-tools-version: 6.2
import PackageDescription

/// A store of its own, outside ArchitectureBench, checked by the conformance scenarios and measured
/// by the suites: what a library author adds to their package. It depends on ArchitectureBench by
/// path, so it builds without the network; `.ci/run` builds it and runs its tests.
let package = Package(
    name: "CustomStore",
    // ArchitectureBench's own floor (its harness uses `Task.immediate`); a dependent cannot go lower.
    platforms: [.macOS(.v26)],
    dependencies: [
        .package(name: "ArchitectureBench", path: "../..")
    ],
    targets: [
        .target(
            name: "TinyStore",
            dependencies: [
                .product(name: "Domain", package: "ArchitectureBench"),
                .product(name: "BenchmarkSuites", package: "ArchitectureBench"),
            ]
        ),
        .executableTarget(
            name: "tiny-bench",
            dependencies: [
                "TinyStore",
                .product(name: "BenchmarkCLI", package: "ArchitectureBench"),
                .product(name: "BenchmarkSuites", package: "ArchitectureBench"),
            ]
        ),
        .testTarget(
            name: "TinyStoreTests",
            dependencies: [
                "TinyStore",
                .product(name: "ArchitectureConformance", package: "ArchitectureBench"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
