import CInstructionCounter

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

    /// A small piece of ordinary app work, the reference synchronous cases are divided by: each
    /// operation allocates and frees a class instance, reads and writes an entry of a 64-entry
    /// dictionary, and calls through an existential. On a shared machine, contention from outside
    /// slows such work for seconds at a time while a multiply chain does not move
    /// (docs/evidence/2026-11-25/measurement.md, "The machine's speed"), so a case timed in the
    /// same rounds as this reference keeps its ratio through a slow phase where its ratio to
    /// ``structMutation`` would not.
    public static var ordinaryWork: Benchmark {
        let table = OrdinaryWorkTable()
        let steps: [any OrdinaryWorkStep] = opaque([AddStep(), MultiplyStep()])
        return Benchmark("ordinary-work") { iterations in
            for index in 0..<iterations {
                let counter = opaque(Counter(value: index))
                let key = index & 63
                table.values[key] = steps[index & 1].apply(table.values[key, default: 0], counter.value)
            }
            blackHole(table.values.count)
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

    /// Assigns a copy of a struct holding one class instance over another such struct: by
    /// construction one retain (the copy) and one release (the value overwritten) per operation.
    public static var copyOneObject: Benchmark {
        let box = Box()
        return Benchmark("copy-1-object") { iterations in
            copyRepeatedly(HoldingOneObject(a: box), iterations: iterations, assign: assign)
        }
    }

    /// The same with three distinct class instances: three retains and three releases per operation.
    public static var copyThreeObjects: Benchmark {
        let boxes = [Box(), Box(), Box()]
        return Benchmark("copy-3-objects") { iterations in
            copyRepeatedly(
                HoldingThreeObjects(a: boxes[0], b: boxes[1], c: boxes[2]), iterations: iterations,
                assign: assign
            )
        }
    }

    /// A body of known instruction cost: on x86_64, exactly 9 instructions per operation, in
    /// assembly (see `cac_nine_instructions`). It validates the instruction pass.
    public static var nineInstructions: Benchmark {
        Benchmark("nine-instructions") { iterations in
            cac_nine_instructions(UInt64(iterations))
        }
    }

    /// The timing references: empty, struct mutation, ordinary work, closure call, round trip.
    public static var all: [Benchmark] { [empty, structMutation, ordinaryWork, closureCall, roundTrip] }
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

/// The dictionary `ReferenceBenchmarks.ordinaryWork` updates, 64 entries from the start.
final class OrdinaryWorkTable {
    var values: [Int: Int] = Dictionary(uniqueKeysWithValues: (0..<64).map { ($0, $0) })
}

/// A class instance allocated and freed by every operation of `ReferenceBenchmarks.ordinaryWork`.
final class Counter {
    let value: Int

    init(value: Int) {
        self.value = value
    }
}

/// One step of `ReferenceBenchmarks.ordinaryWork`, called through an existential.
protocol OrdinaryWorkStep {
    func apply(_ value: Int, _ operand: Int) -> Int
}

struct AddStep: OrdinaryWorkStep {
    func apply(_ value: Int, _ operand: Int) -> Int { value &+ operand }
}

struct MultiplyStep: OrdinaryWorkStep {
    func apply(_ value: Int, _ operand: Int) -> Int { value &* 3 &+ operand }
}

/// A class instance: each copy of a value holding it is one retain, each copy dropped one release.
final class Box {}

/// A struct holding one class instance.
struct HoldingOneObject {
    var a: Box
}

/// A struct holding three class instances.
struct HoldingThreeObjects {
    var a: Box
    var b: Box
    var c: Box
}

/// Assigns `value` over a copy of itself `iterations` times with `assign`, through pointers so
/// that no other copy is made, in a debug build as in a release one. What the sample does once
/// (the two variables) cancels out of the allocation pass's difference of two sample sizes.
func copyRepeatedly<Value>(
    _ value: Value, iterations: Int,
    assign: (_ source: UnsafeMutablePointer<Value>, _ destination: UnsafeMutablePointer<Value>) -> Void
) {
    var source = opaque(value)
    var destination = source
    withUnsafeMutablePointer(to: &source) { source in
        withUnsafeMutablePointer(to: &destination) { destination in
            for _ in 0..<iterations { assign(source, destination) }
        }
    }
}

/// `destination.pointee = source.pointee`: retains the source's object and releases the one the
/// destination held. Not generic, and out of line, so that the copy is compiled here even in a
/// debug build: a generic copy of a one-object struct goes through the Swift core library's
/// own value witnesses, whose retains the interposer cannot see.
@inline(never)
func assign(
    _ source: UnsafeMutablePointer<HoldingOneObject>, _ destination: UnsafeMutablePointer<HoldingOneObject>
) {
    destination.pointee = source.pointee
}

/// The three-object form of the assignment above.
@inline(never)
func assign(
    _ source: UnsafeMutablePointer<HoldingThreeObjects>,
    _ destination: UnsafeMutablePointer<HoldingThreeObjects>
) {
    destination.pointee = source.pointee
}

/// A closure in a struct, so `opaque` launders it without reabstraction thunks.
struct Action {
    let run: () -> Void
}
