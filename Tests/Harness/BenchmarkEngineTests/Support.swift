import BenchmarkEngine

/// What the prepare step of ``preparedBenchmark(busyWork:)`` fills.
private final class PreparedItems {
    var items: [[Int]] = []
}

/// A benchmark whose prepare step allocates an array of 100 and then runs `busyWork` empty loop
/// steps before each operation, while the operation only reads how many arrays there are: a runner
/// that leaves preparation out measures next to nothing.
func preparedBenchmark(busyWork: Int = 0) -> Benchmark {
    Benchmark(
        "prepared",
        setUp: { _ in PreparedItems() },
        prepare: { box, index in
            box.items.append(Array(repeating: index, count: 100))
            for _ in 0..<busyWork { blackHole(index) }
        },
        operation: { box in blackHole(box.items.count) }
    )
}
