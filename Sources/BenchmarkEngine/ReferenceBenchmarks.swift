/// Benchmarks measured in every run so that other times can be stated as ratios to them.
public enum ReferenceBenchmarks {
    /// An empty loop. The optimizer removes it, so its time per operation is the harness's own
    /// overhead (two clock reads and one call per sample) divided by the batch size; batch sizing
    /// stops at the iteration limit. In a debug build it measures the bare loop instead.
    public static var empty: Benchmark {
        Benchmark("empty") { iterations in
            for _ in 0..<iterations {}
        }
    }

    /// A struct held in a local variable and mutated in place each iteration: a counter field is
    /// incremented and a checksum field folds it in with a multiply. The multiply chain makes every
    /// iteration depend on the previous one, so the loop cannot be replaced by a closed form and
    /// really does the work per iteration (a few cycles). The struct is black-holed at the end.
    public static var structMutation: Benchmark {
        Benchmark("struct-mutation") { iterations in
            var state = MutableState(seed: opaque(0))
            for _ in 0..<iterations {
                state.step()
            }
            blackHole(state)
        }
    }

    /// An empty closure called through a closure value the optimizer cannot see (laundered with
    /// `opaque`), so each iteration is one real indirect call.
    public static var closureCall: Benchmark {
        let action = opaque(Action {})
        return Benchmark("closure-call") { iterations in
            for _ in 0..<iterations {
                action.run()
            }
        }
    }

    /// The hop every effect round trip makes, with no architecture in it: a main-actor task is
    /// started, awaits a no-op on the global executor (a thread of the cooperative pool), comes back
    /// to the main actor and finishes, and the caller awaits it. Effect times are stated as ratios
    /// to this, which is mostly the operating system waking threads.
    public static var roundTrip: Benchmark {
        Benchmark("round-trip") { iterations in
            for _ in 0..<iterations {
                await Task { @MainActor in await noOpOffTheMainActor() }.value
            }
        }
    }

    /// All reference benchmarks: empty, struct mutation, closure call, round trip.
    public static var all: [Benchmark] { [empty, structMutation, closureCall, roundTrip] }
}

/// Does nothing, on the global executor: awaiting it from the main actor is one hop there and back.
@concurrent
@inline(never)
func noOpOffTheMainActor() async {
    blackHole(0)
}

/// The state mutated by `ReferenceBenchmarks.structMutation`.
struct MutableState {
    var count: UInt64
    var checksum: UInt64

    init(seed: UInt64) {
        count = seed
        checksum = 0xcbf2_9ce4_8422_2325
    }

    mutating func step() {
        count &+= 1
        checksum = (checksum ^ count) &* 0x100_0000_01b3
    }
}

/// A closure in a struct, so `opaque` launders it without reabstraction thunks.
struct Action {
    let run: () -> Void
}
