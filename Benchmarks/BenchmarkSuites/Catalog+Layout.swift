import BenchmarkEngine
import BenchmarkResults
import Domain
import Foundation

/// The `layout` suite's cases: a single store observed whole or scoped, and a multi store.
extension Catalog {
    /// The cases of `layouts` (default: every layout) at every N of `sizes`: one store observed
    /// whole, the same store observed through the style's scoping tool, and one store per child.
    @inlinable static func layoutCases<S: ArchitectureSubject>(
        _ subject: S.Type, sizes: [Int] = layoutSizes, layouts: [Layout] = Layout.allCases
    ) -> [BenchmarkCase] {
        casesOfLayouts(
            layouts, sizes: sizes, singleStore: { singleStoreLayoutCases(S.self, n: $0, scoped: $1) },
            multiStore: { multiStoreLayoutCases(S.self, n: $0) })
    }

    /// The cases of `layouts` at every N of `sizes`, N by N, each made by a style's single-store
    /// builder (`scoped` or not) or its multi-store builder.
    @inlinable static func casesOfLayouts(
        _ layouts: [Layout], sizes: [Int], singleStore: (_ n: Int, _ scoped: Bool) -> [BenchmarkCase],
        multiStore: (_ n: Int) -> [BenchmarkCase]
    ) -> [BenchmarkCase] {
        sizes.flatMap { n in
            layouts.flatMap { layout in
                switch layout {
                case .singleStore: singleStore(n, false)
                case .singleStoreScoped: singleStore(n, true)
                case .multiStore: multiStore(n)
                }
            }
        }
    }

    /// `app/increment` and `app/no-op` (selecting the tab already shown) on a single-store app of `n`
    /// counters, each observed by one observer: of the whole store, or, `scoped`, of its own counter.
    /// The no-op reads its tab through an optimiser barrier: a constant tab stored into the same
    /// field on every iteration is hoisted out of the loop, and nothing would be left to time.
    @inlinable static func singleStoreLayoutCases<S: ArchitectureSubject>(_: S.Type, n: Int, scoped: Bool)
        -> [BenchmarkCase]
    {
        let (layout, dependencies) = (scoped ? Layout.singleStoreScoped : .singleStore, dependencies())
        zeroStack()
        let app = S.makeSingleStoreApp(counters: n, dependencies: dependencies)
        let wakes = LayoutWakes()
        for index in 0..<n {
            let observer = wakes.observer(of: index, incremented: n / 2)
            if scoped {
                S.observeScopedCounter(app, at: index, onChange: observer)
            } else {
                S.observeCounter(app, at: index, onChange: observer)
            }
        }
        let name = "\(S.id.rawValue) \(layout.rawValue) n=\(n)"
        func timedIncrement(_ iterations: Int) {
            for _ in 0..<iterations {
                S.increment(app, counterAt: n / 2)
            }
        }
        let increment = Benchmark(name, timedIncrement)
        let tabs = opaque([Tab.counter, .counter])
        func timedNoOp(_ iterations: Int) {
            for iteration in 0..<iterations {
                S.selectTab(app, tabs[iteration & 1])
            }
        }
        let noOp = Benchmark("\(name) no-op", timedNoOp)
        return [
            layoutCase(
                S.self, "app/increment", layout: layout, n: n, wakes: wakes, benchmark: increment,
                postcondition: Postconditions.incrementsSingleStore(
                    S.self, app, n: n, scoped: scoped, wakes, increment)),
            layoutCase(
                S.self, "app/no-op", layout: layout, n: n, wakes: wakes, benchmark: noOp,
                postcondition: Postconditions.changesNothing(
                    S.self, app, n: n, wakes, mayWakeAll: !scoped, noOp)),
        ]
    }

    /// `app/increment` and `app/no-op` on a multi-store app of `n` counters, each counter's store
    /// observed by one observer.
    @inlinable static func multiStoreLayoutCases<S: ArchitectureSubject>(_ subject: S.Type, n: Int)
        -> [BenchmarkCase]
    {
        let app = S.makeMultiStoreApp(counters: n, dependencies: dependencies())
        let wakes = LayoutWakes()
        for index in 0..<n {
            S.observeCounter(app, at: index, onChange: wakes.observer(of: index, incremented: n / 2))
        }
        let name = "\(S.id.rawValue) \(Layout.multiStore.rawValue) n=\(n)"
        func timedIncrement(_ iterations: Int) {
            for _ in 0..<iterations {
                S.increment(app, counterAt: n / 2)
            }
        }
        let increment = Benchmark(name, timedIncrement)
        let tabs = opaque([Tab.counter, .counter])
        func timedNoOp(_ iterations: Int) {
            for iteration in 0..<iterations {
                S.selectTab(app, tabs[iteration & 1])
            }
        }
        let noOp = Benchmark("\(name) no-op", timedNoOp)
        return [
            layoutCase(
                S.self, "app/increment", layout: .multiStore, n: n, wakes: wakes, benchmark: increment,
                postcondition: Postconditions.incrementsMultiStore(S.self, app, n: n, wakes, increment)),
            layoutCase(
                S.self, "app/no-op", layout: .multiStore, n: n, wakes: wakes, benchmark: noOp,
                postcondition: Postconditions.changesNothing(S.self, app, n: n, wakes, noOp)),
        ]
    }

    @inlinable static func layoutCase<S: ArchitectureSubject>(
        _ subject: S.Type,
        _ feature: FeatureName,
        layout: Layout,
        n: Int,
        wakes: LayoutWakes,
        benchmark: Benchmark,
        postcondition: @escaping Postcondition
    ) -> BenchmarkCase {
        BenchmarkCase(
            suite: .layout,
            architecture: S.name,
            feature: feature,
            layout: LayoutName(layout),
            n: n,
            benchmark: benchmark,
            allocationIterations: layoutCountedOperations(n: n),
            allocationWarmUp: layoutWarmUpOperations,
            extraCounts: { _ in
                let operations = layoutWarmUpOperations
                wakes.reset()
                await benchmark.run(iterations: operations)
                return [(.observersWoken, Double(wakes.total) / Double(operations))]
            },
            postcondition: postcondition
        )
    }
}

/// Counts observer wake-ups in the layout suite.
@MainActor
final class WakeCounter {
    var count = 0
}

/// Zeroes 4 KiB of the stack below the caller, so that a value built there next starts from zero
/// bytes, not from what earlier calls left: `closure-effects` compares its counters' padding too, and
/// its count moved with a return address left there (docs/instructions.md, "Padding bytes can move a
/// row").
@usableFromInline @inline(never) func zeroStack() {
    var region = StackRegion()
    withUnsafeMutableBytes(of: &region) { blackHole($0.baseAddress) }
}

/// 4 KiB of zero bytes, for ``zeroStack()``.
private struct StackRegion {
    var kibibytes = (Kibibyte(), Kibibyte(), Kibibyte(), Kibibyte())

    struct Kibibyte {
        var words = (SIMD64<UInt64>(), SIMD64<UInt64>())
    }
}
