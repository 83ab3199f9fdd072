import BenchmarkResults
import BenchmarkSummary
import ResultsTestSupport
import Testing

@Suite("Run JSON")
struct RunJSONTests {
    @Test("run's JSON entry: stable name, unit, median, ± half the p25-p75 spread, the rest in extra")
    func runEntry() throws {
        var rows = try RowFixture.parse([
            "dispatch,store-subclass,counter/increment,,,time,ns,60,59,59,63,58,70,25,54.5,release,iteration-limit"
        ])
        (rows[0].roundsSetAside, rows[0].bestOfProcess) = (4, 3)
        #expect(
            RunJSON.entries(rows) == [
                RunJSON.Entry(
                    name: "dispatch/store-subclass/counter/increment/time", unit: "ns", value: 60,
                    range: "± 2",
                    extra: "p25..p75: 59..63\nmin..max: 58..70\nsamples: 25\nratio to reference: 54.5\n"
                        + "configuration: release\nflags: iteration-limit\nrounds set aside: 4\n"
                        + "best-of process: 3")
            ])
    }
}
