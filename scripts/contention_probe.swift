// Shows how a shared machine's speed moves over time, workload by workload.
//
// Five small workloads are timed side by side, one after another in a loop, for a number of
// seconds (default 20); every 200 ms the median nanoseconds per operation of each is printed. On a
// quiet machine every column stays flat. docs/measurement.md ("Rounds, spread over 1.5 s") explains
// what the columns showed on this project's CI machines and why `bench` spreads its samples.
//
//     swiftc -O scripts/contention_probe.swift -o /tmp/contention_probe && /tmp/contention_probe 20
//
// Columns: multiply (a dependent multiply-add chain, like the synchronous reference), allocate
// (allocate and free a class instance), small-dict (lookups in a 64-entry dictionary), large-dict
// (random lookups in a million-entry one: cache and TLB misses), existential (calls through an
// existential).

import Dispatch
import Foundation

@inline(never) func opaque<T>(_ value: T) -> T { value }

final class Box {
    var value = 0
}

protocol Step {
    func apply(_ value: Int) -> Int
}

struct Increment: Step {
    func apply(_ value: Int) -> Int { value &+ 1 }
}

struct Triple: Step {
    func apply(_ value: Int) -> Int { value &* 3 }
}

struct Workload {
    let name: String
    let operations: Int
    let run: (Int) -> Int
}

func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func makeWorkloads() -> [Workload] {
    var small: [Int: Int] = [:]
    for key in 0..<64 { small[key &* 7919] = key }
    var large: [Int: Int] = [:]
    for key in 0..<(1 << 20) { large[key &* 7919] = key }
    let steps: [any Step] = (0..<16).map { $0.isMultiple(of: 2) ? Increment() as any Step : Triple() }
    return [
        Workload(name: "multiply", operations: 1_000_000) { count in
            var value = opaque(0)
            for index in 0..<count { value = value &* 31 &+ index }
            return value
        },
        Workload(name: "allocate", operations: 20_000) { count in
            var total = 0
            for index in 0..<count {
                let box = opaque(Box())
                box.value = index
                total &+= box.value
            }
            return total
        },
        Workload(name: "small-dict", operations: 100_000) { count in
            var total = 0
            for index in 0..<count { total &+= small[(index & 63) &* 7919] ?? 0 }
            return total
        },
        Workload(name: "large-dict", operations: 20_000) { count in
            var total = 0
            var random = 12_345
            for _ in 0..<count {
                random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                total &+= large[((random >> 33) & ((1 << 20) - 1)) &* 7919] ?? 0
            }
            return total
        },
        Workload(name: "existential", operations: 200_000) { count in
            var value = 0
            for index in 0..<count { value = steps[index & 15].apply(value) }
            return value
        },
    ]
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func formatted(_ value: Double) -> String {
    let thousandths = Int((value * 1000).rounded())
    let fraction = String(thousandths % 1000)
    return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count <= 1, let seconds = Double(arguments.first ?? "20"), seconds > 0 else {
    FileHandle.standardError.write(
        Data("contention_probe: error: the only argument is a positive number of seconds\n".utf8))
    exit(2)
}
let workloads = makeWorkloads()
print((["ms"] + workloads.map(\.name)).joined(separator: " "))
let start = nanoseconds()
var windowStart = start
var window = Array(repeating: [Double](), count: workloads.count)
var sink = 0
while Double(nanoseconds() - start) < seconds * 1e9 {
    for (index, workload) in workloads.enumerated() {
        let before = nanoseconds()
        sink &+= workload.run(workload.operations)
        window[index].append(Double(nanoseconds() - before) / Double(workload.operations))
    }
    if nanoseconds() - windowStart >= 200_000_000 {
        let elapsed = String((nanoseconds() - start) / 1_000_000)
        print(([elapsed] + window.map { formatted(median($0)) }).joined(separator: " "))
        window = Array(repeating: [], count: workloads.count)
        windowStart = nanoseconds()
    }
}
if sink == 42 { print("") }
