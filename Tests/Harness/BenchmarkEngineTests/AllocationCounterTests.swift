import BenchmarkEngine
import Foundation
import Testing

/// Allocates `count` boxes on the calling thread and frees them before returning.
private func allocateAndFreeBoxes(_ count: Int) {
    var boxes: [Box] = []
    for index in 0..<count { boxes.append(Box(index)) }
    blackHole(boxes)
}

private final class Box {
    var value: Int

    init(_ value: Int) {
        self.value = value
    }
}

/// Allocation counting. Exact counts use the `.currentThread` scope, whose counters are per thread,
/// so other tests running in parallel in the same process cannot disturb them. The suite is
/// serialized so that its all-threads windows do not wait on each other.
@Suite(.serialized, .enabled(if: AllocationCounter.isAvailable, "allocation counting needs glibc"))
struct AllocationCounterTests {
    @Test func countsOneAllocationPerClassInstance() throws {
        var boxes: [Box] = []
        boxes.reserveCapacity(1000)
        let measured = try #require(
            AllocationCounter.measure(iterations: 1000, warmUp: 0, scope: .currentThread) {
                boxes.append(Box(boxes.count))
            }
        )
        #expect(measured.totals.allocations == 1000)
        #expect(measured.totals.frees == 0)
        #expect(measured.allocationsPerOperation == 1)
        #expect(measured.totals.bytesAllocated == 1000 * 24)  // 16-byte header + one Int
        #expect(measured.totals.liveBytes >= 1000 * 24)
        blackHole(boxes)
    }

    @Test func liveBytesReturnToStartAfterFrees() throws {
        var boxes: [Box] = []
        boxes.reserveCapacity(500)
        func work() {
            for index in 0..<500 { boxes.append(Box(index)) }
            boxes.removeAll(keepingCapacity: true)
        }
        work()  // warm-up: `count` has none, and first use of a type costs runtime allocations
        let counts = try #require(AllocationCounter.count(scope: .currentThread, work))
        #expect(counts.allocations == 500)
        #expect(counts.frees == 500)
        #expect(counts.liveBytes == 0)
        let liveBefore = try #require(AllocationCounter.liveBytes(in: .currentThread))
        _ = AllocationCounter.count(scope: .currentThread) {
            let array = Array(repeating: opaque(7), count: opaque(1000))
            blackHole(array)
        }
        #expect(AllocationCounter.liveBytes(in: .currentThread) == liveBefore)
    }

    @Test func pureValueWorkAllocatesNothing() throws {
        let measured = try #require(
            AllocationCounter.measure(iterations: 1000, scope: .currentThread) {
                var point = SIMD4<Int>(opaque(1), 2, 3, 4)
                for _ in 0..<10 { point &*= 3 }
                blackHole(point)
            }
        )
        #expect(
            measured.totals
                == AllocationCounts(
                    allocations: 0, frees: 0, bytesAllocated: 0, liveBytes: 0,
                    tasksCreated: measured.totals.tasksCreated,
                    retains: measured.totals.retains, releases: measured.totals.releases))
        #expect(measured.totals.tasksCreated ?? 0 == 0)
    }

    @Test func countsAreIdenticalAcrossRuns() throws {
        var runs: [AllocationCounts] = []
        for _ in 0..<10 {
            let measured = try #require(
                AllocationCounter.measure(iterations: 200, scope: .currentThread) {
                    var table: [String: [Int]] = [:]
                    for key in 0..<opaque(20) {
                        table[String(repeating: "k", count: 20 + key)] = Array(0..<key)
                    }
                    blackHole(table)
                }
            )
            runs.append(measured.totals)
        }
        #expect(runs[0].allocations > 0)
        #expect(Set(runs.map(\.allocations)).count == 1)
        #expect(runs.allSatisfy { $0 == runs[0] })
    }

    @Test func benchmarkAllocationPassCancelsPerSampleSetup() async throws {
        let benchmark = Benchmark("alloc") { iterations in
            let setup = (0..<5).map { Box($0) }  // allocations made once per sample
            var kept: [Box] = []
            kept.reserveCapacity(iterations)
            for index in 0..<iterations { kept.append(Box(index)) }
            blackHole((setup, kept))
        }
        let report = try #require(await benchmark.measureAllocations(iterations: 100, scope: .currentThread))
        #expect(report.measurements.count == 3)
        #expect(report.isExact)
        #expect(report.median.allocationsPerOperation == 1)
        #expect(report.median.freesPerOperation == 1)
        #expect(report.median.bytesPerOperation > 24)  // the Box plus the array buffer's growth
        #expect(report.median.liveBytesPerOperation == 0)
        #expect(report.allocationsPerOperation == report.median.allocationsPerOperation)
        #expect(report.iterations == 100)
    }

    @Test(arguments: [(nil, 4 + 3 * 12), (1, 1 + 3 * 12)] as [(Int?, Int)])
    func warmUpSampleRunsTheOperationsAsked(warmUp: Int?, operations: Int) async throws {
        let ran = Box(0)
        let benchmark = Benchmark("counted") { iterations in ran.value += iterations }
        _ = try #require(
            await benchmark.measureAllocations(iterations: 4, warmUpIterations: warmUp, scope: .currentThread)
        )
        #expect(ran.value == operations)
    }

    @Test func reportMedianIsFieldByField() {
        func measurement(_ allocations: Int, _ frees: Int) -> AllocationMeasurement {
            AllocationMeasurement(
                iterations: 10,
                totals: AllocationCounts(
                    allocations: allocations, frees: frees, bytesAllocated: 8 * allocations, liveBytes: 0,
                    tasksCreated: 10)
            )
        }
        let report = AllocationReport(measurements: [
            measurement(50, 49), measurement(48, 50), measurement(51, 51),
        ])
        #expect(!report.isExact)
        #expect(report.median.totals.allocations == 50)
        #expect(report.median.totals.frees == 50)
        #expect(report.median.totals.bytesAllocated == 400)
        #expect(report.median.tasksPerOperation == 1)
        let even = AllocationReport(measurements: [measurement(4, 4), measurement(2, 2)])
        #expect(even.median.totals.allocations == 2)  // the lower median: a count that happened
        #expect(AllocationReport(measurements: [measurement(3, 3), measurement(3, 3)]).isExact)
    }

    @Test func asyncMeasureSeesOtherThreads() async throws {
        let count = 10_000
        let measured = try #require(
            await AllocationCounter.measure(iterations: 1, warmUp: 0) {
                await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                    let thread = Thread {
                        allocateAndFreeBoxes(count)
                        done.resume()
                    }
                    thread.start()
                }
            }
        )
        #expect(measured.totals.allocations >= count)
        #expect(measured.totals.frees >= count)
    }

    @Test func currentThreadScopeIgnoresOtherThreads() throws {
        let count = 10_000
        let finished = DispatchSemaphore(value: 0)
        let counts = try #require(
            AllocationCounter.count(scope: .currentThread) {
                let thread = Thread {
                    allocateAndFreeBoxes(count)
                    finished.signal()
                }
                thread.start()
                finished.wait()
            }
        )
        #expect(counts.allocations < count)
    }

    @Test(.enabled(if: AllocationCounter.isCountingTasks, "task counting needs the interposer"))
    func countsTaskCreations() async throws {
        var tasks: [Task<Int, Never>] = []
        tasks.reserveCapacity(100)
        let counts = try #require(
            AllocationCounter.count(scope: .currentThread) {
                for index in 0..<100 { tasks.append(Task { index }) }
            }
        )
        var sum = 0
        for task in tasks { sum += await task.value }
        #expect(sum == 4950)
        #expect(counts.tasksCreated == 100)
    }

    @Test func currentThreadWindowsOnSeveralThreadsAndNestedAreExact() async throws {
        // Four threads each count their own boxes at the same time, one window nested in another;
        // an all-threads window is open around all of it.
        allocateAndFreeBoxes(10)
        let hundred = try #require(
            AllocationCounter.count(scope: .currentThread) { allocateAndFreeBoxes(100) })
        #expect(hundred.allocations > 100)  // the boxes and the array's growing buffers
        let outer = try #require(
            await AllocationCounter.count {
                let results = await withTaskGroup(of: [Int].self) { group in
                    for _ in 0..<4 {
                        group.addTask {
                            await withCheckedContinuation { (done: CheckedContinuation<[Int], Never>) in
                                Thread {
                                    allocateAndFreeBoxes(10)  // warm-up on this thread
                                    var inner = 0
                                    let counted = AllocationCounter.count(scope: .currentThread) {
                                        allocateAndFreeBoxes(100)
                                        inner =
                                            AllocationCounter.count(scope: .currentThread) {
                                                for _ in 0..<200 { blackHole(Box(1)) }
                                            }?.allocations ?? -1
                                    }
                                    done.resume(returning: [counted?.allocations ?? -1, inner])
                                }.start()
                            }
                        }
                    }
                    var all: [[Int]] = []
                    for await result in group { all.append(result) }
                    return all
                }
                #expect(results.count == 4)
                for result in results {
                    #expect(result == [hundred.allocations + 200, 200])
                }
            }
        )
        #expect(outer.allocations >= 4 * 300)
    }

    @Test func allThreadsWindowsTakeTurns() async throws {
        // A second all-threads window opened while one is open waits instead of failing.
        async let first = AllocationCounter.count {
            for _ in 0..<5 { await Task.yield() }
            allocateAndFreeBoxes(100)
        }
        async let second = AllocationCounter.count {
            allocateAndFreeBoxes(100)
        }
        let counts = try #require(await [first, second] as [AllocationCounts?])
        #expect(counts.allSatisfy { ($0?.allocations ?? 0) >= 100 })
    }

    @Test func measurementArithmetic() {
        let measured = AllocationMeasurement(
            iterations: 4,
            totals: AllocationCounts(
                allocations: 8, frees: 6, bytesAllocated: 100, liveBytes: 32, tasksCreated: nil)
        )
        #expect(measured.allocationsPerOperation == 2)
        #expect(measured.freesPerOperation == 1.5)
        #expect(measured.bytesPerOperation == 25)
        #expect(measured.liveBytesPerOperation == 8)
        #expect(measured.tasksPerOperation == nil)
    }
}

/// Where the interposer is missing, counts are unavailable, never zero.
@Suite(.enabled(if: !AllocationCounter.isAvailable, "only where counting is unavailable"))
struct UnavailableAllocationCounterTests {
    @Test func reportsUnavailable() async {
        #expect(AllocationCounter.measure(iterations: 10) { blackHole(Box(1)) } == nil)
        #expect(AllocationCounter.liveBytes() == nil)
        #expect(await Benchmark("box") { blackHole(Box($0)) }.measureAllocations(iterations: 10) == nil)
    }
}
