import Foundation

/// Why a result file, a bench CSV or its metadata sidecar, cannot be used.
///
/// Its description is one line (line breaks in the quoted values or the system's reasons become
/// spaces), ready to follow `bench: error:`.
public enum ResultFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// CSV text breaks the format at `line` (1 is the header).
    case malformed(line: Int, problem: String)
    /// The CSV file at `path` breaks the format at `line`.
    case notResultCSV(path: String, line: Int, problem: String)
    /// The file at `path` cannot be read at all.
    case unreadable(path: String, reason: String)
    /// The CSV at `csv` has no metadata sidecar at `sidecar`.
    case missingMetadata(csv: String, sidecar: String)
    /// The sidecar at `sidecar` is not run metadata.
    case malformedMetadata(sidecar: String, reason: String)

    /// The line of the CSV where the problem is, for the cases that have one.
    public var line: Int? {
        switch self {
        case .malformed(let line, _), .notResultCSV(_, let line, _): line
        case .unreadable, .missingMetadata, .malformedMetadata: nil
        }
    }

    public var description: String {
        let text =
            switch self {
            case .malformed(let line, let problem): "line \(line): \(problem)"
            case .notResultCSV(let path, let line, let problem):
                "\(path) is not a bench CSV: line \(line): \(problem)"
            case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
            case .missingMetadata(let csv, let sidecar):
                "\(csv) has no metadata file \(sidecar); it names the machine the numbers come from"
            case .malformedMetadata(let sidecar, let reason):
                "\(sidecar) is not bench run metadata: \(reason)"
            }
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// The same problem, found in the file at `path`.
    func located(at path: String) -> ResultFileError {
        guard case .malformed(let line, let problem) = self else { return self }
        return .notResultCSV(path: path, line: line, problem: problem)
    }
}

extension ResultCSV {
    /// The rows of the CSV file at `path`.
    public static func read(_ path: String) throws(ResultFileError) -> [ResultRow] {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        do {
            return try parse(text)
        } catch {
            throw error.located(at: path)
        }
    }
}

extension RunMetadata {
    /// The metadata sidecar of the CSV at `path`.
    public static func read(forCSV path: String) throws(ResultFileError) -> RunMetadata {
        let sidecar = sidecarPath(forCSV: path)
        guard let data = FileManager.default.contents(atPath: sidecar) else {
            throw .missingMetadata(csv: path, sidecar: sidecar)
        }
        do {
            return try decoded(from: data)
        } catch {
            throw .malformedMetadata(sidecar: sidecar, reason: error.localizedDescription)
        }
    }
}
