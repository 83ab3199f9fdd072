import Foundation

/// How every output names a row and prints a number: the run's summary and JSON, the rows table and
/// the gate's text, Markdown and JSON reports (the gate adds how it prints a change:
/// BenchmarkGate's `ComparisonText.swift`).
public enum ReportText {
    /// A row's stable name: suite, architecture, feature, then the layout and `n=<N>` when the row has
    /// them, then the metric, joined by `/`; e.g. `dispatch/closure-effects/counter/increment/time`
    /// or `layout/store-subclass/app/increment/single-store/n=10/mallocs`. It is made of the row's
    /// key alone, so the same benchmark has the same name in every run.
    public static func name(_ key: ResultRow.Key) -> String {
        [
            text(key.suite), text(key.architecture), text(key.feature), key.layout.map(text) ?? "",
            key.n.map { "n=\($0)" } ?? "", text(key.metric),
        ]
        .filter { !$0.isEmpty }
        .joined(separator: "/")
    }

    /// Three significant digits, without exponent notation for everyday magnitudes.
    public static func number(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value == value.rounded() && abs(value) < 1e9 { return String(Int(value)) }
        let magnitude = abs(value)
        let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
        return String(format: "%.\(decimals)f", value)
    }

    /// ``number(_:)`` without trailing zeros: `0.5` rather than `0.500`.
    public static func short(_ value: Double) -> String {
        let text = number(value)
        guard text.contains(".") else { return text }
        return String(text.reversed().drop { $0 == "0" }.drop { $0 == "." }.reversed())
    }

    /// A key field as it is written in the CSV.
    static func text<Value: RawRepresentable>(_ value: Value) -> String
    where Value.RawValue == String {
        value.rawValue
    }
}

/// The JSON encoding every report uses: pretty-printed, keys sorted, slashes unescaped.
public enum ReportJSON {
    public static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
