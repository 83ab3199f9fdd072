import Foundation

/// The folder of the package a source file belongs to: where tests find the committed results and
/// docs, and where a debug `bench` builds its release self. Found by walking up from the file to
/// the nearest folder that holds `Package.swift`, so moving a file to another depth changes nothing.
public enum PackageRoot {
    /// No folder above a path holds `Package.swift`.
    public struct NotFound: Error, Equatable, CustomStringConvertible {
        /// The path the search started from.
        public var path: String

        public init(path: String) {
            self.path = path
        }

        public var description: String { "no folder above \(path) holds a Package.swift" }
    }

    /// The nearest folder above `path` (a file's, typically `#filePath`) that holds
    /// `Package.swift`.
    public static func of(_ path: String) throws(NotFound) -> URL {
        var folder = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent()
        while true {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            if parent.path == folder.path { throw NotFound(path: path) }
            folder = parent
        }
    }
}
