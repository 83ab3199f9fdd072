import BenchmarkEngine
import Testing

/// Stack positions: the sequence the runner follows, and that a position holds whatever the
/// caller's own depth.
struct StackAlignmentTests {
    @Test func roundsCoverThePageEvenlyFromTheFirst() {
        let offsets = (0..<256).map(StackAlignment.offset(forRound:))
        #expect(offsets.prefix(4) == [0, 2048, 1024, 3072])
        #expect(Set(offsets.prefix(16)) == Set(stride(from: 0, to: StackAlignment.period, by: 256)))
        #expect(Set(offsets) == Set(stride(from: 0, to: StackAlignment.period, by: 16)))
        #expect(StackAlignment.offset(forRound: 256) == StackAlignment.offset(forRound: 0))
    }

    @Test(arguments: [0, 16, 1024, 4080])
    func anOffsetGivesOnePositionAtAnyCallerDepth(offset: Int) {
        let positions = [0, 1, 7, 40].map { depth in
            Self.atDepth(depth) { Self.position(at: offset) }
        }
        #expect(Set(positions).count == 1, "positions \(positions)")
    }

    @Test func offsetsMoveThePositionByTheirDifference() {
        let page = StackAlignment.period
        let base = Self.position(at: 0)
        for offset in [16, 48, 1024, 2000, 4080] {
            #expect((Self.position(at: offset) - base + page) % page == offset)
        }
    }

    @Test(
        "the runner places each round at its offset; shares of a group take turns along the sequence",
        arguments: [(0, 1), (1, 3), (2, 3)])
    func theRunnerPlacesEachRoundAtItsOffset(share: Int, of count: Int) async throws {
        final class Log {
            var positions: [Int] = []
        }
        let log = Log()
        let benchmark = Benchmark("position") { iterations in
            log.positions.append(StackAlignment.currentPosition)
            for index in 0..<iterations { blackHole(index) }
        }
        var sampling = SamplingParameters(
            targetSampleDuration: .microseconds(50), warmUpRounds: 2, sampleCount: 6)
        sampling.share = RoundShare(share, of: count)
        _ = await BenchmarkRunner(sampling: sampling).run([benchmark])
        let page = StackAlignment.period
        let rounds = Array(log.positions.suffix(8))
        let offsets = ([0, 1] + Array(0..<6)).map { StackAlignment.offset(forRound: $0 * count + share) }
        for (position, offset) in zip(rounds, offsets) {
            let moved = (position - rounds[0] + page) % page
            #expect(moved == (offset - offsets[0] + page) % page)
        }
    }

    /// The stack position inside a body run at `offset`, modulo the page.
    private static func position(at offset: Int) -> Int {
        var position = 0
        StackAlignment.withOffset(offset) {
            position = StackAlignment.currentPosition
        }
        return position
    }

    /// Runs `body` below `depth` extra frames, each with some stack of its own.
    @inline(never)
    private static func atDepth(_ depth: Int, _ body: () -> Int) -> Int {
        guard depth > 0 else { return body() }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24 + depth) { bytes in
            bytes.initialize(repeating: UInt8(truncatingIfNeeded: depth))
            let result = atDepth(depth - 1, body)
            blackHole(bytes.reduce(0, &+))
            return result
        }
    }
}
