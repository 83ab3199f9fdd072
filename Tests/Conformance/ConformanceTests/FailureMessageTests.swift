import Domain
import Testing

@testable import ArchitectureConformance

/// What a failed scenario says: the first field that differs, and how long a wait lasts.
@Suite("Conformance failure messages")
struct FailureMessageTests {
    @Test("The first differing field is named by its path, with both values")
    func firstDifferingField() {
        var actual = AppSnapshot(
            selectedTab: .counter, counters: [CounterState(), CounterState()], transfer: TransferState())
        let expected = actual
        #expect(firstDifference(expected, actual) == nil)
        actual.counters[1].isLoading = true
        actual.transfer.amount = 5
        #expect(firstDifference(expected, actual) == "counters[1].isLoading: expected false, got true")
        actual = expected
        actual.transfer.amount = 2.5
        #expect(firstDifference(expected, actual) == "transfer.amount: expected 0, got 2.5")
        actual.counters.append(CounterState())
        #expect(firstDifference(expected, actual)?.hasPrefix("counters has 3 elements, not 2") == true)
        actual = expected
        actual.transfer.error = .insufficientFunds
        #expect(
            firstDifference(expected, actual)
                == "transfer.error: expected nil, got Optional(Domain.TransferError.insufficientFunds)")
    }

    @Test("CONFORMANCE_TIME_LIMIT sets the wait in seconds; anything but a positive number is refused")
    func timeLimitFromEnvironment() throws {
        #expect(try ConformanceCase.environmentTimeLimit([:]) == nil)
        #expect(
            try ConformanceCase.environmentTimeLimit(["CONFORMANCE_TIME_LIMIT": "2.5"])
                == .milliseconds(2_500))
        #expect(try ConformanceCase.environmentTimeLimit(["CONFORMANCE_TIME_LIMIT": "30"]) == .seconds(30))
        for bad in ["", "ten", "0", "-1", "nan", "inf"] {
            #expect(throws: InvalidTimeLimit.self) {
                try ConformanceCase.environmentTimeLimit(["CONFORMANCE_TIME_LIMIT": bad])
            }
        }
    }
}
