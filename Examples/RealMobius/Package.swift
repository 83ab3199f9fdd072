// swift-tools-version: 6.2
import PackageDescription

/// The counter and the transfer built on the real MobiusCore (spotify/Mobius.swift), checked by
/// ArchitectureBench's conformance scenarios. It needs the network to fetch Mobius.swift, so
/// `.ci/run` does not build it; README.md says how to build it from local clones.
let package = Package(
    name: "RealMobius",
    platforms: [.macOS(.v26)],
    products: [
        .library(name: "MobiusCoreArchitecture", targets: ["MobiusCoreArchitecture"])
    ],
    dependencies: [
        .package(name: "ArchitectureBench", path: "../.."),
        // 0.7.0, the last release, does not build on Linux (its enum routes need a CasePaths fix
        // merged after it, #219): this is master with that fix.
        .package(
            url: "https://github.com/spotify/Mobius.swift",
            revision: "74baa7e07b86ae4c2673204a92230db397b8a6ae"),
    ],
    targets: [
        .target(
            name: "MobiusCoreArchitecture",
            dependencies: [
                .product(name: "MobiusCore", package: "Mobius.swift"),
                .product(name: "Domain", package: "ArchitectureBench"),
                .product(name: "BenchmarkSuites", package: "ArchitectureBench"),
            ]
        ),
        // ArchitectureBench's `bench` with MobiusCore added (README.md, "What an event costs").
        .executableTarget(
            name: "mobius-bench",
            dependencies: [
                "MobiusCoreArchitecture",
                .product(name: "BenchmarkCLI", package: "ArchitectureBench"),
                .product(name: "BenchmarkSuites", package: "ArchitectureBench"),
            ]
        ),
        // Measures what one event costs on MobiusCore's loops and on effect-values' (measure.sh).
        // It imports EffectValues, a module of ArchitectureBench that no product exports (SwiftPM
        // lets a package import the modules its dependencies' products are built from).
        .executableTarget(
            name: "dispatch-cost",
            dependencies: [
                "MobiusCoreArchitecture",
                .product(name: "BenchmarkSuites", package: "ArchitectureBench"),
                .product(name: "Domain", package: "ArchitectureBench"),
            ]
        ),
        .testTarget(
            name: "MobiusCoreArchitectureTests",
            dependencies: [
                "MobiusCoreArchitecture",
                .product(name: "ArchitectureConformance", package: "ArchitectureBench"),
                .product(name: "Domain", package: "ArchitectureBench"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
