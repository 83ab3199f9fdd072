import BenchmarkResults
import Foundation

/// An output CSV and its metadata sidecar, each replaced in one atomic write when the run completes,
/// so an interrupted or failed run never leaves a half-written file or one that looks complete.
///
/// `FileManager.replaceItemAt(_:withItemAt:)` would publish prepared files, but in the Foundation of
/// Swift 6.3.1 on Linux it renames the destination onto the new item and then fails: the new
/// content is lost and the destination is gone (swift-corelibs-foundation issue 4655, fixed
/// upstream by pull request 5443). An atomic write
/// (`Data.write(to:options: .atomic)`) writes a temporary file beside the destination and renames
/// it into place, on every platform.
struct ResultFile {
    let path: String
    let metadataPath: String

    /// Checks up front that the destination can be written, before any benchmark runs: it is not a
    /// directory, and a file can be created beside it (the probe is removed at once).
    init(path: String) throws {
        self.path = path
        metadataPath = RunMetadata.sidecarPath(forCSV: path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw Refusal.directory
        }
        let probe = path + ".partial-\(ProcessInfo.processInfo.processIdentifier)"
        try Data().write(to: URL(fileURLWithPath: probe))
        try? FileManager.default.removeItem(atPath: probe)
    }

    /// Writes the CSV, then its metadata. When the metadata cannot be written, the new CSV is
    /// removed again, so that no CSV stands beside the metadata of another run.
    func commit(csv: String, metadata: RunMetadata) throws {
        let encoded = try metadata.encoded()
        try Data(csv.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        do {
            try encoded.write(to: URL(fileURLWithPath: metadataPath), options: .atomic)
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
    }

    /// Why a destination is refused before anything runs, where the file system has no error of
    /// its own to give yet.
    enum Refusal: LocalizedError {
        case directory

        var errorDescription: String? { "it is a directory" }
    }
}

extension RunMetadata {
    /// Metadata describing this process's run.
    static func current(configuration: BuildConfiguration, options: [String]) -> RunMetadata {
        RunMetadata(
            commit: commandOutput("git", "rev-parse", "HEAD") ?? "unknown",
            swiftVersion: commandOutput("swift", "--version")?.split(separator: "\n").first.map(String.init)
                ?? compiledSwiftVersion,
            operatingSystem: ProcessInfo.processInfo.operatingSystemVersionString,
            cpu: cpuModel(),
            cores: ProcessInfo.processInfo.activeProcessorCount,
            configuration: configuration,
            date: Date().formatted(.iso8601),
            options: options
        )
    }

    private static var compiledSwiftVersion: String {
        #if compiler(>=6.4)
            "6.4 or later"
        #elseif compiler(>=6.3)
            "6.3"
        #else
            "6.2"
        #endif
    }

    private static func cpuModel() -> String {
        #if os(Linux)
            if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
                let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
                let colon = line.firstIndex(of: ":")
            {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        #elseif os(macOS)
            if let brand = commandOutput("sysctl", "-n", "machdep.cpu.brand_string") { return brand }
        #endif
        return "unknown"
    }

    /// The trimmed standard output of a command found on PATH, or nil if it fails.
    private static func commandOutput(_ arguments: String...) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
