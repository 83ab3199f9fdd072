import BenchmarkEngine
import BenchmarkResults
import BenchmarkSuites
import Foundation
import Testing

@testable import BenchmarkRun

/// The messages a run's processes exchange: typed, versioned, read back exactly.
@MainActor
@Suite("messages")
struct MessageTests {
    /// A path for one message in a directory of this test's own.
    func path(_ name: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bench-message-tests-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent(name).path
    }

    static let time: ResultRow = {
        var row = ResultRow(
            key: .init(
                suite: .layout, architecture: "local-reducer", feature: "app/increment",
                layout: "single-store",
                n: 100, metric: .time),
            unit: .nanoseconds, median: 0.1 + 0.2, p10: 1e-9, p25: 4, p75: 6, min: 3, max: 123_456_789.125,
            sampleCount: 9, ratioToReference: 1234.5678, configuration: .release, hitIterationLimit: true)
        row.wasDisturbed = true
        return row
    }()

    @Test("an order and its replies read back as they were written, every double exactly")
    func roundTrip() throws {
        var request = RunRequest(
            selector: CaseSelector(suites: [.layout], layouts: ["multi-store"], sizes: [10]), size: .full,
            seed: 42)
        request.confinesRoundTrips = false
        let group = TimingGroupID(suite: .layout, n: 100, kind: .alone(Self.time.key.caseKey))
        let order = TimingOrder(
            request: request, counts: [Self.time], share: RoundShare(2, of: 3), earlierShares: [[group: []]],
            timesHeavyCasesItself: true)
        let orderPath = try path("order.json")
        try Message.write(order, to: orderPath)
        let read = try Message.read(TimingOrder.self, from: orderPath)
        #expect(read.request == request && read.counts == [Self.time] && read.share == RoundShare(2, of: 3))
        #expect(read.earlierShares == [[group: []]] && read.timesHeavyCasesItself)
        let replyPath = try path("reply.json")
        try Message.write(Reply.rows([Self.time]), to: replyPath)
        #expect(
            Exchange(directory: URL(fileURLWithPath: replyPath).deletingLastPathComponent(), name: "x")
                .order.hasSuffix("x.order.json"))
        guard case .rows(let rows) = try Message.read(Reply.self, from: replyPath) else {
            Issue.record("rows expected")
            return
        }
        #expect(rows == [Self.time])
    }

    @Test("a message of another version, or none, is refused in one line naming the file")
    func otherVersions() throws {
        let other = try path("other.json")
        try #"{"version": 2, "body": {"rows": {"_0": []}}}"#.write(
            toFile: other, atomically: true, encoding: .utf8)
        #expect {
            try Message.read(Reply.self, from: other)
        } throws: { error in
            "\(error)" == "\(other) is a version 2 message; this bench reads version 1"
        }
        #expect {
            try Message.read(Reply.self, from: "/nonexistent/reply.json")
        } throws: { error in
            "\(error)".hasPrefix("cannot read the message /nonexistent/reply.json")
                && !"\(error)".contains("\n")
        }
    }

    @Test("a round share that no process could take is not read")
    func impossibleShare() throws {
        let data = Data(#"{"index": 3, "count": 2}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RoundShare.self, from: data) }
    }

    @Test("a heavy case's timing group is named alike in the process that hands it out and in its own")
    func timingGroupIdentity() {
        let caseKey = Self.time.key.caseKey
        let handedOut = TimingGroupID(suite: .layout, n: 100, kind: .alone(caseKey))
        #expect(handedOut == TimingGroupID(suite: .layout, n: 100, kind: .alone(caseKey)))
        #expect(handedOut != TimingGroupID(suite: .layout, n: 100, kind: .synchronous))
        #expect("\(handedOut)" == "layout / local-reducer / app/increment / single-store / n=100 alone")
    }
}
