import BenchmarkResults
import ResultsTestSupport
import Testing

@Suite("Result CSV")
struct CSVTests {
    @Test("The header is docs/reports.md's columns: the schema, build configuration, flags and selection")
    func header() {
        let text = ResultCSV.render([])
        #expect(
            text
                == "suite,architecture,feature,layout,n,metric,unit,median,p10,p25,p75,min,max,samples,ratio_to_reference,configuration,flags,rounds_set_aside,best_of_process\r\n"
        )
    }

    @Test("One line per row; counts print as integers, fractions exactly")
    func rendering() {
        let rows = [
            RowFixture.row(median: 12.5),
            ResultRow.count(
                .init(
                    suite: .layout, architecture: "effect-values", feature: "app", layout: "single-store",
                    n: 1000, metric: .mallocs),
                unit: .count,
                value: 3,
                configuration: .release
            ),
        ]
        let lines = ResultCSV.render(rows).split(separator: "\r\n")
        #expect(lines.count == 3)
        #expect(
            lines[1]
                == "dispatch,closure-effects,counter,,,time,ns,12.5,11,11.5,13.5,10.5,15.5,40,4.2,release,,,")
        #expect(
            lines[2] == "layout,effect-values,app,single-store,1000,mallocs,count,3,3,3,3,3,3,1,,release,,,")
    }

    @Test("Fields with commas, quotes and line breaks are quoted and read back unchanged")
    func quoting() throws {
        let tricky = RowFixture.row(feature: "a, \"b\"\nc")
        let text = ResultCSV.render([tricky])
        #expect(text.contains("\"a, \"\"b\"\"\nc\""))
        #expect(try ResultCSV.parse(text) == [tricky])
    }

    @Test("Rendering then parsing is the identity, including awkward doubles")
    func roundTrip() throws {
        let rows = [
            RowFixture.row(median: 0.1 + 0.2),
            RowFixture.row(suite: .effects, median: 1e-9, ratio: nil),
            RowFixture.row(suite: .stateCopy, n: 10000, median: 123_456_789.125, ratio: 1234.5678),
        ]
        var limited = RowFixture.row(suite: .reference, median: 4e-9)
        limited.hitIterationLimit = true
        var disturbed = RowFixture.row(architecture: "store-subclass", median: 5)
        disturbed.wasDisturbed = true
        var both = RowFixture.row(architecture: "local-reducer", median: 6)
        (both.hitIterationLimit, both.wasDisturbed) = (true, true)
        let flagged = [limited, disturbed, both]
        #expect(try ResultCSV.parse(ResultCSV.render(rows + flagged)) == rows + flagged)
        #expect(ResultCSV.render([limited]).contains(",release,iteration-limit,,\r\n"))
        #expect(ResultCSV.render([disturbed]).contains(",release,disturbed,,\r\n"))
        #expect(ResultCSV.render([both]).contains(",release,iteration-limit;disturbed,,\r\n"))
    }

    @Test("Rounds set aside and the best-of process are written in their columns and read back")
    func selectionRoundTrip() throws {
        var chosen = RowFixture.row(median: 7)
        (chosen.roundsSetAside, chosen.bestOfProcess) = (3, 2)
        var calm = RowFixture.row(architecture: "store-subclass", median: 8)
        calm.roundsSetAside = 0
        var merged = ResultRow.count(
            .init(suite: .dispatch, architecture: "local-reducer", feature: "counter", metric: .mallocs),
            unit: .count, value: 2, configuration: .release)
        merged.bestOfProcess = 3
        let rows = [chosen, calm, merged]
        let text = ResultCSV.render(rows)
        #expect(text.contains(",time,ns,7,5.5,6,8,5,10,40,4.2,release,,3,2\r\n"))
        #expect(text.contains(",40,4.2,release,,0,\r\n"), "none set aside is 0; one process is empty")
        #expect(text.contains(",mallocs,count,2,2,2,2,2,2,1,,release,,,3\r\n"))
        #expect(try ResultCSV.parse(text) == rows)
    }

    @Test(
        "A file an older bench wrote is refused with one line saying to record it again",
        arguments: [
            "suite,architecture,feature,layout,n,metric,unit,median,p10,p25,p75,min,max,samples,ratio_to_baseline,configuration,flags",
            "suite,architecture,feature,layout,n,metric,unit,median,p10,p25,p75,min,max,samples,ratio_to_reference,configuration,flags",
            "suite,architecture,feature,layout,n,metric,unit,median,p25,p75,min,max,samples,ratio_to_baseline,configuration,flags",
        ])
    func olderFile(header: String) {
        let text =
            header + "\r\n"
            + "dispatch,closure-effects,counter,,,time,ns,12.5,11,11.5,13.5,10.5,15.5,40,4.2,release,\r\n"
        #expect {
            try ResultCSV.parse(text)
        } throws: { error in
            guard let error = error as? ResultFileError else { return false }
            return error.line == 1 && !error.description.contains("\n")
                && error.description.contains("written by an older bench")
                && error.description.contains("record it again")
        }
    }

    @Test("Plain LF line endings and a missing final newline are accepted")
    func lenientLineEndings() throws {
        let text = ResultCSV.render([RowFixture.row()]).replacingOccurrences(of: "\r\n", with: "\n")
            .dropLast()
        #expect(try ResultCSV.parse(String(text)) == [RowFixture.row()])
    }

    @Test(
        "Malformed files are rejected with the line and the problem",
        arguments: malformedFiles
    )
    func malformed(text: String, line: Int, problem: String) {
        #expect {
            try ResultCSV.parse(text)
        } throws: { error in
            guard let error = error as? ResultFileError else { return false }
            return error.line == line && error.description.contains(problem)
        }
    }
}

private let header = ResultCSV.header.joined(separator: ",") + "\r\n"

private let malformedFiles: [(text: String, line: Int, problem: String)] = [
    ("", 1, "the file is empty"),
    ("suite,architecture\r\n", 1, "the header is not"),
    ("architecture,suite\r\n", 1, "the header is not"),
    (
        header + "dispatch,x,counter,,,time,ns,1,1,1,1,1,1,3,,release,,,,extra\r\n", 2,
        "expected 19 fields, found 20"
    ),
    (
        header + "dispatch,x,counter,,,time,ns,1,1,1,1,1,1,3,,release,\r\n", 2,
        "expected 19 fields, found 17"
    ),
    (
        header + "dispatch,x,counter,,,time,ns,1,1,1,1,1,1,3,,release,,-1,\r\n", 2,
        "rounds_set_aside is not a whole number from 0 up: '-1'"
    ),
    (
        header + "dispatch,x,counter,,,time,ns,1,1,1,1,1,1,3,,release,,,0\r\n", 2,
        "best_of_process is not a whole number from 1 up: '0'"
    ),
    (header + "dispatch,x,counter,,,time,ns,1,1,1,1,1,1,3,,release,,2.5,\r\n", 2, "rounds_set_aside is not"),
    (header + "dispatch,x,counter,,,time,ns,fast,1,1,1,1,1,3,,release,,,\r\n", 2, "median is not a number"),
    (
        header + "dispatch,x,counter,,,time,ns,1,1,1,1,1,1,0,,release,,,\r\n", 2,
        "samples is not a positive integer"
    ),
    (header + "dispatch,x,counter,,,time,ns,1,1,1,1,1,1,3,,fast,,,\r\n", 2, "configuration must be"),
    (
        header + "dispatch,x,counter,,,time,ns,1,1,1,1,1,1,3,,release,slow,,\r\n", 2,
        "flags must be empty or iteration-limit and disturbed joined by ';', not 'slow'"
    ),
    (
        header + "dispatch,x,counter,,,time,ns,1,1,1,1,1,1,3,,release,disturbed;,,\r\n", 2,
        "not 'disturbed;'"
    ),
    (header + ",x,counter,,,time,ns,1,1,1,1,1,1,3,,release,,,\r\n", 2, "suite is empty"),
    (header + "dispatch,\"x,counter,,,time,ns,1,1,1,1,1,1,3,,release,\r\n", 2, "never closed"),
    (header + "dispatch,x\"y,counter,,,time,ns,1,1,1,1,1,1,3,,release,\r\n", 2, "a quote inside"),
    (
        header + "dispatch,x,counter,,,time,ns,1,1,1,1,1,1,3,,release,,,\r\n"
            + "dispatch,x,counter,,,time,ns,2,1,1,1,1,1,3,,release,,,\r\n", 3, "duplicate row"
    ),
]
