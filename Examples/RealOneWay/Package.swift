// swift-tools-version: 6.2
import PackageDescription

/// The counter and the transfer built on the real OneWay (DevYeom/OneWay), checked by
/// ArchitectureBench's conformance scenarios. It needs the network to fetch OneWay, so `.ci/run`
/// does not build it; README.md says how to build it from local clones.
let package = Package(
    name: "RealOneWay",
    platforms: [.macOS(.v26)],
    products: [
        .library(name: "OneWayArchitecture", targets: ["OneWayArchitecture"])
    ],
    dependencies: [
        .package(name: "ArchitectureBench", path: "../.."),
        .package(url: "https://github.com/DevYeom/OneWay", exact: "3.0.0"),
    ],
    targets: [
        .target(
            name: "OneWayArchitecture",
            dependencies: [
                .product(name: "OneWay", package: "OneWay"),
                .product(name: "Domain", package: "ArchitectureBench"),
                .product(name: "BenchmarkSuites", package: "ArchitectureBench"),
            ]
        ),
        // ArchitectureBench's `bench` with OneWay added (README.md, "What an action costs").
        .executableTarget(
            name: "oneway-bench",
            dependencies: [
                "OneWayArchitecture",
                .product(name: "BenchmarkCLI", package: "ArchitectureBench"),
                .product(name: "BenchmarkSuites", package: "ArchitectureBench"),
            ]
        ),
        .testTarget(
            name: "OneWayArchitectureTests",
            dependencies: [
                "OneWayArchitecture",
                .product(name: "OneWay", package: "OneWay"),
                .product(name: "Domain", package: "ArchitectureBench"),
                .product(name: "ArchitectureConformance", package: "ArchitectureBench"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
