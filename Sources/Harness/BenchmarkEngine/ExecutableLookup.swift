import Foundation

/// The full path of the first executable file called `name` in the colon-separated `PATH` of
/// `environment`, or nil: how `bench` finds the tools it runs (`valgrind`, `strip`, `swift`).
public func executable(_ name: String, environment: [String: String]) -> String? {
    for folder in (environment["PATH"] ?? "").split(separator: ":") where !folder.isEmpty {
        let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}
