/// A plain-text table with aligned columns, for `--format rows` and the gate's report.
public struct TextTable: Sendable {
    public enum Alignment: Sendable {
        case left
        case right
    }

    public var columns: [(title: String, alignment: Alignment)]
    public var rows: [[String]] = []

    public init(columns: [(title: String, alignment: Alignment)]) {
        self.columns = columns
    }

    public mutating func append(_ row: [String]) {
        rows.append(row)
    }

    /// The table with a header line and a rule under it; every line ends in a newline.
    public func render() -> String {
        var widths = columns.map(\.title.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                let padding = String(repeating: " ", count: max(0, widths[index] - cell.count))
                return columns[index].alignment == .left ? cell + padding : padding + cell
            }
            .joined(separator: "  ")
            .trimmingTrailingSpaces()
        }
        var lines = [
            line(columns.map(\.title)),
            widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "),
        ]
        lines += rows.map(line)
        return lines.map { $0 + "\n" }.joined()
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
