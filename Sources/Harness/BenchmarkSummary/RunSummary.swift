import BenchmarkResults
import Foundation

/// `bench --format table`: a run on one screen. A line naming the run, one line per architecture
/// with the figures of the README's summary table, a few highlights per suite, the references, how
/// many rows were flagged disturbed, and where every row is (`--format rows`, CSV, JSON).
///
/// The per-architecture columns are declared once, in ``columns``; `scripts/results_table.py`'s
/// summary table uses the same titles, and `scripts/test_summary_columns.py` fails when they drift.
public enum RunSummary {
    /// One column of the per-architecture table: its title and how a cell is made from the rows.
    struct Column: Sendable {
        let title: String
        let alignment: TextTable.Alignment
        /// Shown only when the run has instruction rows (`bench --instructions`).
        let needsInstructions: Bool
        /// The cell for an architecture, or nil when the run has no row for it.
        let cell: @Sendable (SummaryFigures, ArchitectureName) -> String?

        init(
            _ title: String, _ alignment: TextTable.Alignment = .right, needsInstructions: Bool = false,
            cell: @escaping @Sendable (SummaryFigures, ArchitectureName) -> String?
        ) {
            self.title = title
            self.alignment = alignment
            self.needsInstructions = needsInstructions
            self.cell = cell
        }
    }

    /// What a cell shows when the run has no row for it (a filtered run).
    static let missing = "–"

    /// The three synchronous intents; "sync mallocs/op" is the largest of their counts.
    static let dispatchFeatures: [FeatureName] = [
        "counter/increment", "transfer/updateAmount", "transfer/selectFrom",
    ]

    /// The layouts of the N = 1,000 column, in its order.
    static let layouts: [LayoutName] = ["single-store", "single-store-scoped", "multi-store"]

    /// The size of the layout columns and highlights.
    static let layoutSize = 1000

    /// The per-architecture columns, in order: the README's summary table.
    static let columns: [Column] = [
        Column("architecture", .left) { _, architecture in architecture.rawValue },
        Column("increment (ns)") { figures, a in
            figures.nanoseconds(.dispatch, a, "counter/increment").map { fixed($0, 1) }
        },
        Column("increment (instructions)", needsInstructions: true) { figures, a in
            figures.median(.dispatch, a, "counter/increment", .instructions).map(instructionCount)
        },
        Column("sync mallocs/op") { figures, a in
            let counts = dispatchFeatures.compactMap { figures.median(.dispatch, a, $0, .mallocs) }
            guard counts.count == dispatchFeatures.count, let largest = counts.max() else { return nil }
            return general(largest)
        },
        Column("loadQuote (µs)") { figures, a in
            figures.microseconds(.effects, a, "counter/loadQuote").map { fixed($0, 1) }
        },
        Column("tasks/effect") { figures, a in
            figures.median(.effects, a, "counter/loadQuote", .tasks).map(general)
        },
        Column("N = 1,000: single / scoped / multi (µs)") { figures, a in
            let times = layouts.map {
                figures.microseconds(.layout, a, "app/increment", layout: $0, n: layoutSize).map(shortTime)
            }
            return times.allSatisfy { $0 == nil } ? nil : times.map { $0 ?? missing }.joined(separator: " / ")
        },
        Column("observers woken, single store") { figures, a in
            figures.median(
                .layout, a, "app/increment", .observersWoken, layout: "single-store", n: layoutSize
            ).map(general)
        },
        Column("completed transfer, 10,000 accounts (B)") { figures, a in
            figures.median(.stateCopy, a, "transfer/submitTransfer", .bytes, n: 10_000).map(grouped)
        },
    ]

    /// The summary of `rows`, made by the run `metadata` describes; every line ends in a newline.
    public static func render(_ rows: [ResultRow], metadata: RunMetadata) -> String {
        let figures = SummaryFigures(rows)
        var lines: [String] = []
        if rows.contains(where: { $0.configuration == .debug }) {
            lines.append("DEBUG BUILD: these numbers are not real.")
        }
        lines.append(header(metadata, rowCount: rows.count))
        if !figures.architectures.isEmpty {
            lines += [""] + table(figures)
        }
        let highlights = Highlights(figures: figures, rows: rows).lines
        lines += [""] + highlights + [whereTheRowsAre]
        return lines.map { $0 + "\n" }.joined()
    }

    /// The last line: where every row is.
    static let whereTheRowsAre =
        "Every row: --format rows (one aligned line per metric), CSV with --output FILE (the default "
        + "format), or --format json."

    /// The line naming the run: build, CPU, Swift, seed and how many rows it made.
    static func header(_ metadata: RunMetadata, rowCount: Int) -> String {
        let seed = metadata.seed.map { ", seed \($0)" } ?? ""
        return "bench: \(metadata.configuration.rawValue) build on \(metadata.cpu), \(metadata.swiftVersion)"
            + "\(seed); \(grouped(Double(rowCount))) rows"
    }

    /// The per-architecture table: titles wrapped over at most two lines, a rule, one line each.
    static func table(_ figures: SummaryFigures) -> [String] {
        let shown = columns.filter { !$0.needsInstructions || figures.hasInstructions }
        let cells = figures.architectures.map { a in shown.map { $0.cell(figures, a) ?? missing } }
        let titles = shown.indices.map { index in
            wrappedTitle(shown[index].title, cellWidth: cells.map { $0[index].count }.max() ?? 0)
        }
        let height = titles.map(\.count).max() ?? 1
        let titleLines = (0..<height).map { line in
            titles.map { title in line >= height - title.count ? title[line - height + title.count] : "" }
        }
        let widths = shown.indices.map { index in
            (titles[index] + cells.map { $0[index] }).map(\.count).max() ?? 0
        }
        let rule = widths.map { String(repeating: "-", count: $0) }
        return (titleLines + [rule] + cells).map { line in
            line.enumerated().map { index, cell in
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                return shown[index].alignment == .left ? cell + padding : padding + cell
            }
            .joined(separator: "  ").replacingOccurrences(of: " +$", with: "", options: .regularExpression)
        }
    }

    /// `title` in lines no wider than the cells below it (or its longest word), widened until it
    /// takes at most two lines.
    static func wrappedTitle(_ title: String, cellWidth: Int) -> [String] {
        let words = title.split(separator: " ").map(String.init)
        var width = max(cellWidth, words.map(\.count).max() ?? 0)
        while true {
            var lines: [String] = []
            for word in words {
                if let last = lines.last, last.count + 1 + word.count <= width {
                    lines[lines.count - 1] = last + " " + word
                } else {
                    lines.append(word)
                }
            }
            if lines.count <= 2 { return lines }
            width += 1
        }
    }
}
