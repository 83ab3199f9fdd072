import Foundation

/// Reads and writes result rows as RFC 4180 CSV with one header row.
public enum ResultCSV {
    /// The columns, in file order; each raw value is the column's name in the header. They are
    /// docs/measurement.md's columns, then `configuration` (`release` or `debug`), `flags` (empty,
    /// or ``iterationLimitFlag`` and ``disturbedFlag`` joined by `;`: see
    /// ``ResultRow/hitIterationLimit`` and ``ResultRow/wasDisturbed``), then how the row was
    /// selected: `rounds_set_aside` (``ResultRow/roundsSetAside``) and `best_of_process`
    /// (``ResultRow/bestOfProcess``), each empty where it does not apply.
    public enum Column: String, CaseIterable, Sendable {
        case suite, architecture, feature, layout, n, metric, unit, median, p10, p25, p75, min, max, samples
        case ratioToReference = "ratio_to_reference"
        case configuration, flags
        case roundsSetAside = "rounds_set_aside"
        case bestOfProcess = "best_of_process"
    }

    /// The header's fields.
    public static let header = Column.allCases.map(\.rawValue)

    /// The columns of a row's key, first in every header `bench` has written.
    static let keyColumns: [Column] = [.suite, .architecture, .feature, .layout, .n, .metric]

    /// Why a file whose header starts with the ``keyColumns`` but is not today's header
    /// is refused: an older `bench` wrote it, and its columns (or their meanings) differ.
    static let olderFileProblem =
        "written by an older bench (its header is not today's): "
        + "record it again, for a baseline with `bench baseline update`"

    /// The `flags` value of a row whose batch sizing hit the iteration limit.
    public static let iterationLimitFlag = "iteration-limit"
    /// The `flags` value of a time row whose group never found enough calm rounds.
    public static let disturbedFlag = "disturbed"

    /// The `flags` of `row`, as written in the CSV.
    public static func flags(of row: ResultRow) -> String {
        [(row.hitIterationLimit, iterationLimitFlag), (row.wasDisturbed, disturbedFlag)]
            .filter(\.0).map(\.1).joined(separator: ";")
    }

    /// The rows as CSV text, header first, lines ending in CRLF as RFC 4180 says.
    public static func render(_ rows: [ResultRow]) -> String {
        let lines = [header] + rows.map { row in Column.allCases.map { field($0, of: row) } }
        return lines.map { $0.map(escape).joined(separator: ",") + "\r\n" }.joined()
    }

    /// The text of `column` for `row`.
    static func field(_ column: Column, of row: ResultRow) -> String {
        switch column {
        case .suite: row.key.suite.rawValue
        case .architecture: row.key.architecture.rawValue
        case .feature: row.key.feature.rawValue
        case .layout: row.key.layout?.rawValue ?? ""
        case .n: row.key.n.map(String.init) ?? ""
        case .metric: row.key.metric.rawValue
        case .unit: row.unit.rawValue
        case .median: format(row.median)
        case .p10: format(row.p10)
        case .p25: format(row.p25)
        case .p75: format(row.p75)
        case .min: format(row.min)
        case .max: format(row.max)
        case .samples: String(row.sampleCount)
        case .ratioToReference: row.ratioToReference.map(format) ?? ""
        case .configuration: row.configuration.rawValue
        case .flags: flags(of: row)
        case .roundsSetAside: row.roundsSetAside.map(String.init) ?? ""
        case .bestOfProcess: row.bestOfProcess.map(String.init) ?? ""
        }
    }

    /// Parses CSV text written by ``render(_:)`` (or by hand, following the same header). A file
    /// an older `bench` wrote is refused with ``olderFileProblem``.
    ///
    /// - Throws: ``ResultFileError/malformed(line:problem:)`` naming the line and the problem.
    public static func parse(_ text: String) throws(ResultFileError) -> [ResultRow] {
        let records = try records(in: text)
        guard let first = records.first else { throw .malformed(line: 1, problem: "the file is empty") }
        guard first.fields == header else {
            if first.fields.starts(with: keyColumns.map(\.rawValue)) {
                throw .malformed(line: 1, problem: Self.olderFileProblem)
            }
            throw .malformed(line: 1, problem: "the header is not \(header.joined(separator: ","))")
        }
        var rows: [ResultRow] = []
        var seen: Set<ResultRow.Key> = []
        for record in records.dropFirst() {
            let row = try self.row(from: record)
            guard seen.insert(row.key).inserted else {
                throw .malformed(line: record.line, problem: "duplicate row \(row.key)")
            }
            rows.append(row)
        }
        return rows
    }

    /// The row of `record`.
    private static func row(from record: Record) throws(ResultFileError) -> ResultRow {
        guard record.fields.count == header.count else {
            throw record.problem("expected \(header.count) fields, found \(record.fields.count)")
        }
        guard let samples = Int(record[.samples]), samples > 0 else {
            throw record.problem("samples is not a positive integer: '\(record[.samples])'")
        }
        let ratio: Double? = record[.ratioToReference].isEmpty ? nil : try record.number(.ratioToReference)
        for column in [Column.suite, .architecture, .feature, .metric, .unit] where record[column].isEmpty {
            throw record.problem("\(column.rawValue) is empty")
        }
        guard let configuration = BuildConfiguration(rawValue: record[.configuration]) else {
            throw record.problem("configuration must be release or debug, not '\(record[.configuration])'")
        }
        let flags = try flags(of: record)
        var row = ResultRow(
            key: try key(of: record),
            unit: try record.value(.unit, as: Metric.Unit.self),
            median: try record.number(.median),
            p10: try record.number(.p10),
            p25: try record.number(.p25),
            p75: try record.number(.p75),
            min: try record.number(.min),
            max: try record.number(.max),
            sampleCount: samples,
            ratioToReference: ratio,
            configuration: configuration,
            hitIterationLimit: flags.contains(Substring(iterationLimitFlag))
        )
        row.wasDisturbed = flags.contains(Substring(disturbedFlag))
        row.roundsSetAside = try record.wholeNumber(.roundsSetAside, from: 0)
        row.bestOfProcess = try record.wholeNumber(.bestOfProcess, from: 1)
        return row
    }

    /// The flags of `record`: empty, or known flags joined by `;`.
    private static func flags(of record: Record) throws(ResultFileError) -> [Substring] {
        let flags =
            record[.flags].isEmpty
            ? [] : record[.flags].split(separator: ";", omittingEmptySubsequences: false)
        for flag in flags where ![iterationLimitFlag, disturbedFlag].contains(String(flag)) {
            throw record.problem(
                "flags must be empty or \(iterationLimitFlag) and \(disturbedFlag) joined by ';', not '\(record[.flags])'"
            )
        }
        return flags
    }

    private static func key(of record: Record) throws(ResultFileError) -> ResultRow.Key {
        guard let suite = Suite(rawValue: record[.suite]) else {
            let known = Suite.allCases.map(\.rawValue).joined(separator: ", ")
            throw record.problem("unknown suite '\(record[.suite])' (known: \(known))")
        }
        return ResultRow.Key(
            suite: suite,
            architecture: try record.name(.architecture, as: ArchitectureName.self),
            feature: try record.name(.feature, as: FeatureName.self),
            layout: record[.layout].isEmpty ? nil : try record.name(.layout, as: LayoutName.self),
            n: try record.size(),
            metric: try record.value(.metric, as: Metric.self)
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

    /// One line of the file (or more, when a quoted field holds line breaks), split into fields.
    struct Record {
        var line: Int
        var fields: [String]

        /// The field of `column`; the record has one field per column (``ResultCSV/parse(_:)``
        /// checks before reading any).
        subscript(column: Column) -> String {
            fields[Column.allCases.firstIndex(of: column) ?? 0]
        }

        func problem(_ problem: String) -> ResultFileError {
            .malformed(line: line, problem: problem)
        }

        func number(_ column: Column) throws(ResultFileError) -> Double {
            guard let value = Double(self[column]), value.isFinite else {
                throw problem("\(column.rawValue) is not a number: '\(self[column])'")
            }
            return value
        }

        /// The field of `column` as a name of its kind.
        func name<Name: RowName>(_ column: Column, as type: Name.Type) throws(ResultFileError) -> Name {
            guard let name = Name(rawValue: self[column]) else {
                throw problem("\(column.rawValue) is not a valid name: '\(self[column])'")
            }
            return name
        }

        /// The field of `column`: empty (nil), or a whole number from `lowest` up.
        func wholeNumber(_ column: Column, from lowest: Int) throws(ResultFileError) -> Int? {
            guard !self[column].isEmpty else { return nil }
            guard let number = Int(self[column]), number >= lowest else {
                throw problem("\(column.rawValue) is not a whole number from \(lowest) up: '\(self[column])'")
            }
            return number
        }

        /// The `n` field: empty, or a positive whole number.
        func size() throws(ResultFileError) -> Int? {
            guard !self[.n].isEmpty else { return nil }
            guard let n = Int(self[.n]), n > 0 else {
                throw problem("n is not a positive whole number: '\(self[.n])'")
            }
            return n
        }

        /// The field of `column` as one of the values its vocabulary names.
        func value<Value: RawRepresentable & CaseIterable>(_ column: Column, as type: Value.Type)
            throws(ResultFileError) -> Value where Value.RawValue == String
        {
            guard let value = Value(rawValue: self[column]) else {
                let known = Value.allCases.map(\.rawValue).joined(separator: ", ")
                throw problem("unknown \(column.rawValue) '\(self[column])' (known: \(known))")
            }
            return value
        }
    }

    /// Splits RFC 4180 text into records, honouring quoted fields with commas, quotes and line breaks.
    static func records(in text: String) throws(ResultFileError) -> [Record] {
        var splitter = RecordSplitter(text)
        while let scalar = splitter.scalars.popFirst() {
            if splitter.inQuotes {
                splitter.takeQuoted(scalar)
            } else {
                try splitter.takeUnquoted(scalar)
            }
        }
        return try splitter.finish()
    }
}

/// The state of ``ResultCSV/records(in:)`` while it reads the text one scalar at a time.
private struct RecordSplitter {
    var scalars: ArraySlice<Unicode.Scalar>
    var records: [ResultCSV.Record] = []
    var fields: [String] = []
    var field = ""
    var inQuotes = false
    var fieldWasQuoted = false
    /// The line being read, and the line its record started on.
    var line = 1
    var recordLine = 1

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)[...]
    }

    /// A scalar inside quotes: a doubled quote is one quote, a single one closes the field.
    mutating func takeQuoted(_ scalar: Unicode.Scalar) {
        if scalar == "\"" {
            if scalars.first == "\"" {
                scalars.removeFirst()
                field.unicodeScalars.append("\"")
            } else {
                inQuotes = false
            }
        } else {
            if scalar == "\n" { line += 1 }
            field.unicodeScalars.append(scalar)
        }
    }

    mutating func takeUnquoted(_ scalar: Unicode.Scalar) throws(ResultFileError) {
        switch scalar {
        case "\"":
            guard field.isEmpty, !fieldWasQuoted else {
                throw .malformed(line: line, problem: "a quote inside an unquoted field")
            }
            inQuotes = true
            fieldWasQuoted = true
        case ",":
            fields.append(field)
            field = ""
            fieldWasQuoted = false
        case "\r", "\n":
            if scalar == "\r", scalars.first == "\n" { scalars.removeFirst() }
            endRecord()
            line += 1
            recordLine = line
        default:
            guard !fieldWasQuoted else {
                throw .malformed(line: line, problem: "text after a closing quote")
            }
            field.unicodeScalars.append(scalar)
        }
    }

    /// Ends the record being read; an empty line is no record.
    mutating func endRecord() {
        fields.append(field)
        if !(fields.count == 1 && fields[0].isEmpty && !fieldWasQuoted) {
            records.append(ResultCSV.Record(line: recordLine, fields: fields))
        }
        fields = []
        field = ""
        fieldWasQuoted = false
    }

    /// The records, once the text has been read: a last line without a line break is a record too.
    mutating func finish() throws(ResultFileError) -> [ResultCSV.Record] {
        guard !inQuotes else { throw .malformed(line: recordLine, problem: "a quoted field is never closed") }
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { endRecord() }
        return records
    }
}
