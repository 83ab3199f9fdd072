import BenchmarkEngine
import BenchmarkResults

/// The cases a run times as heavy (rounds of their own, in a process of their own where it can):
/// those its counts find heavy (``ResultRow/heavyCases(in:)``), and, where the counts lack a case's
/// bytes or retains (a platform or build without those counters, or a counter that failed its
/// check), the cases ``declared`` heavy. So a Mac run times the heavy cases as Linux does.
public enum HeavyCases {
    /// The cases whose bytes or retains per operation reach the heavy thresholds on Linux x86_64,
    /// spelled as ``ResultRow/CaseKey/description``. Taken from `results/baseline.csv`; a test
    /// fails when the two disagree.
    public static let declared: Set<String> = [
        "layout / closure-effects / app/increment / single-store / n=1000",
        "layout / closure-effects / app/increment / single-store / n=10000",
        "layout / closure-effects / app/increment / single-store-scoped / n=1000",
        "layout / closure-effects / app/increment / single-store-scoped / n=10000",
        "layout / closure-effects / app/no-op / single-store-scoped / n=10000",
        "layout / effect-objects / app/increment / single-store / n=1000",
        "layout / effect-objects / app/increment / single-store / n=10000",
        "layout / effect-objects / app/increment / single-store-scoped / n=1000",
        "layout / effect-objects / app/increment / single-store-scoped / n=10000",
        "layout / effect-objects / app/no-op / single-store / n=1000",
        "layout / effect-objects / app/no-op / single-store / n=10000",
        "layout / effect-objects / app/no-op / single-store-scoped / n=1000",
        "layout / effect-objects / app/no-op / single-store-scoped / n=10000",
        "layout / effect-values / app/increment / single-store / n=1000",
        "layout / effect-values / app/increment / single-store / n=10000",
        "layout / effect-values / app/increment / single-store-scoped / n=1000",
        "layout / effect-values / app/increment / single-store-scoped / n=10000",
        "layout / local-reducer / app/increment / single-store / n=100",
        "layout / local-reducer / app/increment / single-store / n=1000",
        "layout / local-reducer / app/increment / single-store / n=10000",
        "layout / local-reducer / app/increment / single-store-scoped / n=1000",
        "layout / local-reducer / app/increment / single-store-scoped / n=10000",
        "layout / observable-viewmodel / app/increment / single-store / n=100",
        "layout / observable-viewmodel / app/increment / single-store / n=1000",
        "layout / observable-viewmodel / app/increment / single-store / n=10000",
        "layout / store-subclass / app/increment / single-store / n=100",
        "layout / store-subclass / app/increment / single-store / n=1000",
        "layout / store-subclass / app/increment / single-store / n=10000",
        "layout / store-subclass / app/no-op / single-store / n=100",
        "layout / store-subclass / app/no-op / single-store / n=1000",
        "layout / store-subclass / app/no-op / single-store / n=10000",
        "layout / viper-reducer / app/increment / single-store / n=1000",
        "layout / viper-reducer / app/increment / single-store / n=10000",
        "layout / viper-reducer / app/increment / single-store-scoped / n=1000",
        "layout / viper-reducer / app/increment / single-store-scoped / n=10000",
        "layout / viper-reducer / app/no-op / single-store / n=10000",
        "state-copy / closure-effects / transfer/submitTransfer / n=1000",
        "state-copy / closure-effects / transfer/submitTransfer / n=10000",
        "state-copy / effect-objects / transfer/submitTransfer / n=1000",
        "state-copy / effect-objects / transfer/submitTransfer / n=10000",
        "state-copy / effect-values / transfer/submitTransfer / n=1000",
        "state-copy / effect-values / transfer/submitTransfer / n=10000",
        "state-copy / local-reducer / transfer/submitTransfer / n=1000",
        "state-copy / local-reducer / transfer/submitTransfer / n=10000",
        "state-copy / viper-reducer / transfer/submitTransfer / n=1000",
        "state-copy / viper-reducer / transfer/submitTransfer / n=10000",
    ]

    /// The heavy cases among `cases`, whose counts are `counts`.
    public static func among(_ cases: [ResultRow.CaseKey], counts: [ResultRow]) -> Set<ResultRow.CaseKey> {
        let counted = ResultRow.heavyCases(in: counts)
        let measured = { (metric: Metric) in Set(counts.filter { $0.key.metric == metric }.map(\.key.caseKey))
        }
        let (bytes, retains) = (measured(.bytes), measured(.retains))
        let declaredHere = cases.filter {
            declared.contains($0.description) && !(bytes.contains($0) && retains.contains($0))
        }
        return counted.union(declaredHere)
    }
}
