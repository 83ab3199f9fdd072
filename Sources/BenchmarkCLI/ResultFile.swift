import BenchmarkReport
import Foundation

/// An output CSV and its metadata sidecar, written to temporary files and renamed into place only
/// when the run completes, so an interrupted or failed run never leaves a file that looks complete.
struct ResultFile {
    let path: String
    let metadataPath: String
    private let temporaryPath: String
    private let temporaryMetadataPath: String

    /// Checks up front that the destination can be written, before any benchmark runs.
    init(path: String) throws {
        self.path = path
        metadataPath = RunMetadata.sidecarPath(forCSV: path)
        let suffix = ".partial-\(ProcessInfo.processInfo.processIdentifier)"
        temporaryPath = path + suffix
        temporaryMetadataPath = metadataPath + suffix
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CocoaError(
                .fileWriteInvalidFileName, userInfo: [NSLocalizedDescriptionKey: "it is a directory"])
        }
        try Data().write(to: URL(fileURLWithPath: temporaryPath))
        try? FileManager.default.removeItem(atPath: temporaryPath)
    }

    func commit(csv: String, metadata: RunMetadata) throws {
        try Data(csv.utf8).write(to: URL(fileURLWithPath: temporaryPath))
        try metadata.encoded().write(to: URL(fileURLWithPath: temporaryMetadataPath))
        try replace(path, with: temporaryPath)
        try replace(metadataPath, with: temporaryMetadataPath)
    }

    func discard() {
        try? FileManager.default.removeItem(atPath: temporaryPath)
        try? FileManager.default.removeItem(atPath: temporaryMetadataPath)
    }

    private func replace(_ destination: String, with source: String) throws {
        guard rename(source, destination) == 0 else {
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))]
            )
        }
    }
}

extension RunMetadata {
    /// Metadata describing this process's run.
    static func current(configuration: String, options: [String]) -> RunMetadata {
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
