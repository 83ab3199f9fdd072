import BenchmarkResults
import Testing

@testable import BenchmarkSummary

/// `bench --format table`: the summary made from hand-made rows.
@Suite("Run summary")
struct RunSummaryTests {
    static let metadata = RunMetadata(
        commit: "abc", swiftVersion: "Swift version 6.3.1", operatingSystem: "Linux", cpu: "Test CPU",
        cores: 2,
        configuration: .release, date: "2026-11-25T00:00:00Z", options: ["--format", "table"], seed: 7)

    static func row(
        _ suite: Suite, _ architecture: ArchitectureName, _ feature: FeatureName, _ metric: Metric,
        _ value: Double, unit: Metric.Unit = .count, layout: LayoutName? = nil, n: Int? = nil,
        ratio: Double? = nil
    ) -> ResultRow {
        var row = ResultRow.count(
            .init(
                suite: suite, architecture: architecture, feature: feature, layout: layout, n: n,
                metric: metric),
            unit: unit, value: value, configuration: .release)
        row.ratioToReference = ratio
        return row
    }

    /// Every figure of the summary for `architecture`, the numbers scaled by `scale`.
    static func rows(_ architecture: ArchitectureName, scale: Double) -> [ResultRow] {
        let layouts: [(LayoutName, Double)] = [
            ("single-store", 2640), ("single-store-scoped", 1234), ("multi-store", 150_000),
        ]
        return [
            row(.dispatch, architecture, "counter/increment", .time, 12.34 * scale, unit: .nanoseconds),
            row(.dispatch, architecture, "counter/increment", .mallocs, 0),
            row(.dispatch, architecture, "transfer/updateAmount", .mallocs, 2 * scale),
            row(.dispatch, architecture, "transfer/selectFrom", .mallocs, 1),
            row(
                .effects, architecture, "counter/loadQuote", .time, 20.5 * scale, unit: .microseconds,
                ratio: 1.5 * scale),
            row(.effects, architecture, "counter/loadQuote", .tasks, 3),
            row(
                .layout, architecture, "app/increment", .observersWoken, 1000, layout: "single-store", n: 1000
            ),
            row(
                .layout, architecture, "app/no-op", .observersWoken, scale == 1 ? 1000 : 0,
                layout: "single-store", n: 1000),
            row(
                .stateCopy, architecture, "transfer/submitTransfer", .bytes, 80_128 * scale, unit: .bytes,
                n: 10_000),
        ]
            + layouts.map { layout, time in
                row(
                    .layout, architecture, "app/increment", .time, time * scale, unit: .nanoseconds,
                    layout: layout, n: 1000)
            }
    }

    static let references = [
        row(.reference, .reference, "reference/ordinary-work", .time, 9.87, unit: .nanoseconds),
        row(.effects, .reference, "reference/round-trip", .time, 13.66, unit: .microseconds),
    ]

    static func lines(_ rows: [ResultRow]) -> [String] {
        RunSummary.render(rows, metadata: metadata).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast().map(String.init)
    }

    @Test("a line per architecture with the README's figures, the highlights and where the rows are")
    func exactLines() {
        let lines = Self.lines(
            Self.references + Self.rows("closure-effects", scale: 1) + Self.rows("store-subclass", scale: 2))
        #expect(lines.first == "bench: release build on Test CPU, Swift version 6.3.1, seed 7; 26 rows")
        #expect(
            lines.contains(
                "architecture          (ns)  mallocs/op       (µs)  tasks/effect  scoped / multi (µs)      single store  10,000 accounts (B)"
            ))
        #expect(
            lines.contains(
                "closure-effects       12.3           2       20.5             3      2.6 / 1.2 / 150              1000               80,128"
            ))
        #expect(
            lines.contains(
                "store-subclass        24.7           4       41.0             3      5.3 / 2.5 / 300              1000              160,256"
            ))
        #expect(lines.contains("  single-store          2.6 µs (closure-effects) to 5.3 µs (store-subclass)"))
        #expect(
            lines.contains(
                "effects, loadQuote: 20.5 µs (closure-effects) to 41.0 µs (store-subclass), 1.50–3.00 times the bare round trip (reference/round-trip)"
            ))
        #expect(
            lines.contains(
                "copying, a completed transfer on 10,000 accounts: 80,128 B (closure-effects) to 160,256 B (store-subclass)"
            ))
        #expect(
            lines.contains(
                "  every one (1,000)     closure-effects"))
        #expect(lines.contains("  0                     store-subclass"))
        #expect(lines.contains("references: ordinary work 9.9 ns, bare round trip 13.7 µs"))
        #expect(lines.contains("0 of 26 rows flagged disturbed (timed while the machine never ran calm)"))
        #expect(lines.last == RunSummary.whereTheRowsAre)
    }

    @Test("a filtered run prints – for the columns it has no rows for")
    func missingColumns() {
        let dispatchOnly = Self.rows("closure-effects", scale: 1).filter { $0.key.suite == .dispatch }
        let lines = Self.lines(dispatchOnly)
        #expect(
            lines.contains(
                "closure-effects       12.3           2          –             –                    –                 –                    –"
            ))
        #expect(
            !lines.contains { $0.hasPrefix("effects") || $0.hasPrefix("copying") || $0.hasPrefix("layout") })
    }

    @Test("a run with no row for any column still names the run and says where the rows are")
    func noSummaryRows() {
        let lines = Self.lines([Self.references[0]])
        #expect(lines.first?.hasPrefix("bench: release build on Test CPU") == true)
        #expect(lines.last == RunSummary.whereTheRowsAre)
        #expect(lines.count == 5)
    }

    @Test("seven architectures with instruction rows fit in 60 lines; a debug build says so first")
    func fitsOneScreen() {
        let names: [ArchitectureName] = [
            "closure-effects", "effect-values", "effect-objects", "local-reducer", "observable-view-model",
            "store-subclass", "viper-reducer",
        ]
        var rows = Self.references + names.enumerated().flatMap { Self.rows($1, scale: Double($0 + 1)) }
        rows += names.map { Self.row(.dispatch, $0, "counter/increment", .instructions, 17_754) }
        rows[0].configuration = .debug
        let lines = Self.lines(rows)
        #expect(lines.count <= 60)
        #expect(lines.first == "DEBUG BUILD: these numbers are not real.")
        #expect(lines.contains { $0.hasPrefix("viper-reducer") && $0.contains("17,754") })
        #expect(lines.contains { $0.contains("(instructions)") })
    }
}
