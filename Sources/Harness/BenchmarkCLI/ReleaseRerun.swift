import BenchmarkEngine
import BenchmarkResults
import Foundation

/// What a debug build of `bench` does when asked for numbers: a debug build's times are not real,
/// so it runs `swift run -c release bench` with the same arguments (saying so on stderr) and
/// returns that run's exit status. Only where `swift` cannot be found does it refuse, naming the
/// command to type. `--allow-debug` skips all this and measures the debug build.
@MainActor
enum ReleaseRerun {
    /// The package this binary was built from: the package root above this source file.
    static func packageRoot() throws(PackageRoot.NotFound) -> String {
        try PackageRoot.of(#filePath).path
    }

    static func run(_ arguments: [String], environment: [String: String], output: Output)
        throws(BenchError) -> Int32
    {
        let command = (["swift", "run", "-c", "release", "bench"] + arguments.map(BenchCommand.shellQuoted))
            .joined(separator: " ")
        guard let swift = executable("swift", environment: environment) else {
            let allowDebug =
                arguments.first == "baseline" ? "" : " (or pass --allow-debug to mark every row debug)"
            throw .unusableInput(
                "this is a debug build, whose times are not real, and 'swift' is not on PATH to build a "
                    + "release one; run '\(command)'\(allowDebug)")
        }
        let packageRoot: String
        do {
            packageRoot = try Self.packageRoot()
        } catch {
            throw .unusableInput(
                "this debug build cannot find its package (\(error)); run '\(command)' there")
        }
        output.progress("bench: this is a debug build, whose times are not real; running '\(command)'")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swift)
        process.arguments = ["run", "--package-path", packageRoot, "-c", "release", "bench"] + arguments
        do {
            try process.run()
        } catch {
            throw .unusableInput("cannot start \(swift): \(error.localizedDescription); run '\(command)'")
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
