// swift-tools-version: 6.2
import PackageDescription

/// The counter and the transfer built on the real ReSwift (ReSwift/ReSwift), checked by
/// ArchitectureBench's conformance scenarios. It needs the network to fetch ReSwift, so `.ci/run`
/// does not build it; README.md says how to build it from a local clone.
let package = Package(
    name: "RealReSwift",
    platforms: [.macOS(.v26)],
    products: [
        .library(name: "ReSwiftArchitecture", targets: ["ReSwiftArchitecture"])
    ],
    dependencies: [
        .package(name: "ArchitectureBench", path: "../.."),
        .package(url: "https://github.com/ReSwift/ReSwift", exact: "6.1.1"),
    ],
    targets: [
        .target(
            name: "ReSwiftArchitecture",
            dependencies: [
                .product(name: "ReSwift", package: "ReSwift"),
                .product(name: "Domain", package: "ArchitectureBench"),
                .product(name: "BenchmarkSuites", package: "ArchitectureBench"),
            ]
        ),
        // ArchitectureBench's `bench` with ReSwift added (README.md, "What an action costs").
        .executableTarget(
            name: "reswift-bench",
            dependencies: [
                "ReSwiftArchitecture",
                .product(name: "BenchmarkCLI", package: "ArchitectureBench"),
                .product(name: "BenchmarkSuites", package: "ArchitectureBench"),
            ]
        ),
        .testTarget(
            name: "ReSwiftArchitectureTests",
            dependencies: [
                "ReSwiftArchitecture",
                .product(name: "ArchitectureConformance", package: "ArchitectureBench"),
                .product(name: "Domain", package: "ArchitectureBench"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
