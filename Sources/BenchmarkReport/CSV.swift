import Foundation

/// Reads and writes result rows as RFC 4180 CSV with one header row.
public enum ResultCSV {
    /// The header: benchmarks.md's columns, then `configuration` (`release` or `debug`) and `flags`
    /// (empty, or `iteration-limit`: see ``ResultRow/hitIterationLimit``).
    public static let header = [
        "suite", "architecture", "feature", "layout", "n", "metric", "unit", "median", "p25", "p75", "min",
        "max",
        "samples", "ratio_to_baseline", "configuration", "flags",
    ]

    /// The `flags` value of a row whose batch sizing hit the iteration limit.
    public static let iterationLimitFlag = "iteration-limit"

    /// The rows as CSV text, header first, lines ending in CRLF as RFC 4180 says.
    public static func render(_ rows: [ResultRow]) -> String {
        var lines = [header.joined(separator: ",")]
        for row in rows {
            let fields: [String] = [
                row.key.suite, row.key.architecture, row.key.feature, row.key.layout, row.key.n,
                row.key.metric,
                row.unit, format(row.median), format(row.p25), format(row.p75), format(row.min),
                format(row.max),
                String(row.samples), row.ratioToBaseline.map(format) ?? "", row.configuration,
                row.hitIterationLimit ? iterationLimitFlag : "",
            ]
            lines.append(fields.map(escape).joined(separator: ","))
        }
        return lines.map { $0 + "\r\n" }.joined()
    }

    /// Parses CSV text written by ``render(_:)`` (or by hand, following the same header).
    ///
    /// - Throws: ``CSVError`` naming the line and the problem.
    public static func parse(_ text: String) throws(CSVError) -> [ResultRow] {
        let records = try records(in: text)
        guard let first = records.first else { throw CSVError(line: 1, problem: "the file is empty") }
        guard first.fields == header else {
            throw CSVError(line: 1, problem: "the header is not \(header.joined(separator: ","))")
        }
        var rows: [ResultRow] = []
        var seen: Set<ResultRow.Key> = []
        for record in records.dropFirst() {
            let row = try self.row(from: record)
            guard seen.insert(row.key).inserted else {
                throw CSVError(line: record.line, problem: "duplicate row \(row.key)")
            }
            rows.append(row)
        }
        return rows
    }

    private static func row(from record: Record) throws(CSVError) -> ResultRow {
        let fields = record.fields
        guard fields.count == header.count else {
            throw CSVError(
                line: record.line, problem: "expected \(header.count) fields, found \(fields.count)")
        }
        func number(_ index: Int) throws(CSVError) -> Double {
            guard let value = Double(fields[index]), value.isFinite else {
                throw CSVError(
                    line: record.line, problem: "\(header[index]) is not a number: '\(fields[index])'")
            }
            return value
        }
        guard let samples = Int(fields[12]), samples > 0 else {
            throw CSVError(line: record.line, problem: "samples is not a positive integer: '\(fields[12])'")
        }
        let ratio: Double? = fields[13].isEmpty ? nil : try number(13)
        for (index, name) in [(0, "suite"), (1, "architecture"), (5, "metric"), (6, "unit")]
        where fields[index].isEmpty {
            throw CSVError(line: record.line, problem: "\(name) is empty")
        }
        guard ["release", "debug"].contains(fields[14]) else {
            throw CSVError(
                line: record.line, problem: "configuration must be release or debug, not '\(fields[14])'")
        }
        guard ["", iterationLimitFlag].contains(fields[15]) else {
            throw CSVError(
                line: record.line,
                problem: "flags must be empty or \(iterationLimitFlag), not '\(fields[15])'")
        }
        let key = ResultRow.Key(
            suite: fields[0],
            architecture: fields[1],
            feature: fields[2],
            layout: fields[3],
            n: fields[4],
            metric: fields[5]
        )
        return ResultRow(
            key: key,
            unit: fields[6],
            median: try number(7),
            p25: try number(8),
            p75: try number(9),
            min: try number(10),
            max: try number(11),
            samples: samples,
            ratioToBaseline: ratio,
            configuration: fields[14],
            hitIterationLimit: !fields[15].isEmpty
        )
    }

    /// Shortest text that reads back as the same `Double`.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    static func escape(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    struct Record {
        var line: Int
        var fields: [String]
    }

    /// Splits RFC 4180 text into records, honouring quoted fields with commas, quotes and line breaks.
    static func records(in text: String) throws(CSVError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var fieldWasQuoted = false
        var line = 1
        var recordLine = 1
        var characters = Array(text.unicodeScalars)[...]
        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty && !fieldWasQuoted) {
                records.append(Record(line: recordLine, fields: fields))
            }
            fields = []
            field = ""
            fieldWasQuoted = false
        }
        while let scalar = characters.popFirst() {
            if inQuotes {
                if scalar == "\"" {
                    if characters.first == "\"" {
                        characters.removeFirst()
                        field.unicodeScalars.append("\"")
                    } else {
                        inQuotes = false
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"":
                guard field.isEmpty, !fieldWasQuoted else {
                    throw CSVError(line: line, problem: "a quote inside an unquoted field")
                }
                inQuotes = true
                fieldWasQuoted = true
            case ",":
                fields.append(field)
                field = ""
                fieldWasQuoted = false
            case "\r":
                if characters.first == "\n" { characters.removeFirst() }
                endRecord()
                line += 1
                recordLine = line
            case "\n":
                endRecord()
                line += 1
                recordLine = line
            default:
                guard !fieldWasQuoted else {
                    throw CSVError(line: line, problem: "text after a closing quote")
                }
                field.unicodeScalars.append(scalar)
            }
        }
        guard !inQuotes else { throw CSVError(line: recordLine, problem: "a quoted field is never closed") }
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { endRecord() }
        return records
    }
}

/// A CSV file that cannot be used, with the line where the problem is.
public struct CSVError: Error, Equatable, CustomStringConvertible {
    public var line: Int
    public var problem: String

    public init(line: Int, problem: String) {
        self.line = line
        self.problem = problem
    }

    public var description: String { "line \(line): \(problem)" }
}
