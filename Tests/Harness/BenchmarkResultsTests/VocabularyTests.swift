import BenchmarkResults
import Foundation
import ResultsTestSupport
import Testing

@Suite("Result vocabulary")
struct VocabularyTests {
    @Test("the CSV spellings are the ones files have always used, but for the renamed reference suite")
    func spellings() {
        #expect(
            Suite.allCases.map(\.rawValue) == [
                "reference", "dispatch", "dispatch-adapter", "effects", "layout", "state-copy", "retention",
            ])
        #expect(
            Metric.allCases.map(\.rawValue) == [
                "time", "cpu-time", "mallocs", "retains", "releases", "instructions",
                "instructions-outside-metadata-lookups", "bytes", "tasks", "observers-woken",
                "retained-bytes",
                "growth-exponent", "growth-slope", "cost-per-observer", "process-spread",
            ])
        #expect(
            Metric.Unit.allCases.map(\.rawValue) == [
                "ns", "us", "ns/sample", "count", "B", "exponent", "%", "ratio",
            ])
    }

    @Test("a key is its case key and its metric, and is built back from them")
    func keyFromGroup() {
        let key = ResultRow.Key(
            suite: .layout, architecture: "effect-objects", feature: "app/increment", layout: "single-store",
            n: 10, metric: .instructions)
        #expect(ResultRow.Key(key.caseKey, metric: .instructions) == key)
        #expect(ResultRow.Key(key.caseKey, metric: .time) != key)
    }

    @Test("every suite is written as its spelling and read back", arguments: Suite.allCases)
    func suiteRoundTrip(suite: Suite) throws {
        let row = RowFixture.metricRow(suite: suite)
        let text = ResultCSV.render([row])
        #expect(text.split(separator: "\r\n")[1].hasPrefix("\(suite.rawValue),"))
        #expect(try ResultCSV.parse(text) == [row])
    }

    @Test("every metric is written as its spelling and read back", arguments: Metric.allCases)
    func metricRoundTrip(metric: Metric) throws {
        let row = RowFixture.metricRow(metric: metric)
        let text = ResultCSV.render([row])
        #expect(text.contains(",\(metric.rawValue),"))
        #expect(try ResultCSV.parse(text) == [row])
    }

    @Test("every unit is written as its spelling and read back", arguments: Metric.Unit.allCases)
    func unitRoundTrip(unit: Metric.Unit) throws {
        let row = RowFixture.metricRow(unit: unit)
        let text = ResultCSV.render([row])
        #expect(text.contains(",time,\(unit.rawValue),"))
        #expect(try ResultCSV.parse(text) == [row])
    }

    @Test("the committed baseline reads and renders back byte for byte")
    func committedBaseline() throws {
        let path = try PackageRoot.of(#filePath).appendingPathComponent("results/baseline.csv").path
        let rows = try ResultCSV.read(path)
        #expect(rows.count > 700)
        #expect(rows.contains { $0.key.suite == .reference })
        #expect(ResultCSV.render(rows) == (try String(contentsOfFile: path, encoding: .utf8)))
    }

    @Test(
        "an unknown suite, metric or unit is a one-line error naming the value and the line",
        arguments: [ResultCSV.Column.suite, .metric, .unit])
    func unknownValue(column: ResultCSV.Column) throws {
        let fields = Self.fields(of: RowFixture.metricRow(), replacing: column, with: "bogus")
        let text =
            ResultCSV.render([RowFixture.metricRow(median: 1)]) + fields.joined(separator: ",") + "\r\n"
        do {
            _ = try ResultCSV.parse(text)
            Issue.record("a file with an unknown \(column.rawValue) was read")
        } catch {
            #expect(error.line == 3)
            #expect(error.description.hasPrefix("line 3: unknown \(column.rawValue) 'bogus' (known: "))
        }
    }

    @Test("the error of a file names the file, and a value with a line break still gives one line")
    func unknownValueInFile() throws {
        let fields = Self.fields(of: RowFixture.metricRow(), replacing: .metric, with: "\"two\nlines\"")
        let text = ResultCSV.render([]) + fields.joined(separator: ",") + "\r\n"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).csv")
            .path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try ResultCSV.read(path)
            Issue.record("a file with an unknown metric was read")
        } catch {
            #expect(
                error.description.hasPrefix("\(path) is not a bench CSV: line 2: unknown metric 'two lines'"))
            #expect(!error.description.contains("\n"))
        }
    }

    /// The CSV fields of `row`, with `column`'s text replaced by `text` (already escaped).
    static func fields(of row: ResultRow, replacing column: ResultCSV.Column, with text: String) -> [String] {
        let line = ResultCSV.render([row]).split(separator: "\r\n")[1]
        var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        fields[ResultCSV.Column.allCases.firstIndex(of: column) ?? 0] = text
        return fields
    }
}

@Suite("Result file errors")
struct ResultFileErrorTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "bench-report-\(UUID().uuidString)")

    @Test("a missing CSV, a missing sidecar and a sidecar that is not metadata each name their file")
    func unusableFiles() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("run.csv").path
        do {
            _ = try ResultCSV.read(path)
            Issue.record("a missing file was read")
        } catch {
            #expect(Self.withoutReason(error) == .unreadable(path: path, reason: ""))
            #expect(error.description.hasPrefix("cannot read \(path): "))
        }
        #expect(
            throws: ResultFileError.missingMetadata(csv: path, sidecar: RunMetadata.sidecarPath(forCSV: path))
        ) {
            try RunMetadata.read(forCSV: path)
        }
        try "{\n\"commit\": 1\n}".write(
            toFile: RunMetadata.sidecarPath(forCSV: path), atomically: true, encoding: .utf8)
        do {
            _ = try RunMetadata.read(forCSV: path)
            Issue.record("a sidecar that is not metadata was read")
        } catch {
            guard case .malformedMetadata(let sidecar, _) = error else { throw error }
            #expect(sidecar == RunMetadata.sidecarPath(forCSV: path))
            #expect(error.description.hasPrefix("\(sidecar) is not bench run metadata: "))
        }
    }

    /// `error` with the system's reason dropped, which differs between platforms.
    static func withoutReason(_ error: ResultFileError) -> ResultFileError {
        guard case .unreadable(let path, _) = error else { return error }
        return .unreadable(path: path, reason: "")
    }
}

/// The typed names of a row's key and the build it comes from.
@Suite("Row names")
struct RowNameTests {
    @Test("the build configuration is the one this code was compiled in")
    func currentConfiguration() {
        #if DEBUG
            #expect(BuildConfiguration.current == .debug)
        #else
            #expect(BuildConfiguration.current == .release)
        #endif
    }

    @Test("architecture and layout names are lowercase identifiers; any store's id can be one")
    func identifiers() {
        #expect(ArchitectureName(rawValue: "closure-effects") != nil)
        #expect(
            ArchitectureName(rawValue: "someones-store-2") != nil, "a store added from outside the package")
        for bad in ["", "Closure", "a--b", "-a", "a-", "a b", "1a", "a,b"] {
            #expect(ArchitectureName(rawValue: bad) == nil, "\(bad)")
            #expect(LayoutName(rawValue: bad) == nil, "\(bad)")
        }
        #expect(ArchitectureName.reference.rawValue == "reference")
    }

    @Test("a feature name is any non-empty text, and knows its feature group")
    func features() {
        #expect(FeatureName(rawValue: "") == nil)
        #expect(FeatureName(stringLiteral: "transfer/selectFrom").featureGroup == "transfer")
        #expect(FeatureName(stringLiteral: "transfer").featureGroup == "transfer")
    }
}
