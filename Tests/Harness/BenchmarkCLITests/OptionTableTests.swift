import BenchmarkRun
import BenchmarkSuites
import Testing

@testable import BenchmarkCLI

/// The option table is the one place an option is declared: these tests fail when help and parsing
/// disagree with it.
@MainActor
@Suite("Option table")
struct OptionTableTests {
    let vocabulary = Vocabulary(
        suites: [.dispatch], architectures: ["closure-effects"], features: ["counter"],
        layouts: ["single-store"], sizes: [10])

    /// The words that select `command`, with the operands it needs.
    func words(_ command: Command) -> [String] {
        switch command {
        case .run: ["run"]
        case .list: ["list"]
        case .compare: ["compare", "a.csv", "b.csv"]
        case .doctor: ["doctor"]
        case .updateBaseline: ["baseline", "update"]
        }
    }

    func arguments(_ option: CommandOption) -> [String] {
        [option.name] + (option.example.map { [$0] } ?? [])
    }

    /// `--samples` states the run sizes' sample counts and spans, which live in ``RunSize``.
    @Test func samplesHelpAgreesWithTheRunSizes() {
        let help = Invocation.helpText(vocabulary: vocabulary).split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        #expect(help.contains("(default \(RunSize.full.sampleCount), --quick \(RunSize.quick.sampleCount))"))
        #expect(
            help.contains(
                "span \(CommandOption.seconds(RunSize.full.minimumSpan)) "
                    + "(--quick \(CommandOption.seconds(RunSize.quick.minimumSpan)))"))
        #expect(CommandOption.seconds(.milliseconds(1_000)) == "1 s")
        #expect(CommandOption.seconds(.milliseconds(250)) == "0.25 s")
    }

    /// The USAGE lines of `command` in the help text, joined.
    func usage(of command: Command) -> String {
        let help = Invocation.helpText(vocabulary: vocabulary)
        let block = help.components(separatedBy: "USAGE: ")[1].components(separatedBy: "\n\n")[0]
        var chunks: [String] = []
        for line in block.split(separator: "\n") {
            let trimmed = String(line.drop { $0 == " " })
            if trimmed.hasPrefix("bench ") {
                chunks.append(trimmed)
            } else {
                chunks[chunks.count - 1] += " " + trimmed
            }
        }
        let head = "bench " + (command == .run ? "[run]" : command.rawValue) + " "
        return chunks.first { $0.hasPrefix(head) } ?? ""
    }

    @Test(
        "every option is in the USAGE line of each command that takes it, and only there",
        arguments: Command.allCases)
    func usageLines(command: Command) {
        let line = usage(of: command)
        #expect(!line.isEmpty)
        for option in CommandOption.all {
            let named = line.contains("[\(option.name)]") || line.contains("[\(option.name) ")
            #expect(named == option.commands.contains(command), "\(option.name) in \(command.rawValue)")
            if option.commands.contains(command) { #expect(line.contains(option.usage(for: command))) }
        }
    }

    @Test("every option has its entry in OPTIONS, with its help and its commands")
    func optionsSection() {
        let help = Invocation.helpText(vocabulary: vocabulary)
        let section = help.components(separatedBy: "\nOPTIONS:\n")[1].components(separatedBy: "\nNAMES:")[0]
        let entries = ("\n" + section).components(separatedBy: "\n  -").dropFirst().map { "-" + $0 }
        for option in CommandOption.all {
            let entry = entries.first { $0.hasPrefix(option.name + " ") || $0.hasPrefix(option.name + "\n") }
            #expect(entry != nil, "\(option.name) has no entry in OPTIONS")
            let flat = entry?.split(whereSeparator: \.isWhitespace).joined(separator: " ") ?? ""
            #expect(flat.contains(option.help.split(separator: " ").joined(separator: " ")))
            #expect(flat.hasSuffix("[\(option.commands.map(\.rawValue).joined(separator: ", "))]"))
        }
    }

    @Test(
        "every option is accepted by the commands it declares and refused by the others",
        arguments: Command.allCases)
    func parsing(command: Command) {
        for option in CommandOption.all {
            let line = words(command) + arguments(option)
            let parsed = Result { try Invocation.parse(line, vocabulary: vocabulary) }
            switch parsed {
            case .success: #expect(option.commands.contains(command), "\(line) was accepted")
            case .failure(let error):
                #expect(!option.commands.contains(command), "\(line): \(error)")
                #expect("\(error)".contains("unknown option '\(option.name)' for \(command.rawValue)"))
            }
        }
    }

    @Test(
        "--format's help describes every format of the command, and each parses",
        arguments: [Command.run, .compare])
    func formats(command: Command) throws {
        let option = try #require(CommandOption.named("--format"))
        for format in command.formats {
            #expect(option.help.contains("\(format) ("), "\(format) is not described in --format's help")
            let parsed = Result {
                try Invocation.parse(words(command) + ["--format", format], vocabulary: vocabulary)
            }
            #expect((try? parsed.get()) != nil, "--format \(format) for \(command.rawValue)")
        }
    }

    @Test(
        "the instruction pass's child takes one case label, and refuses anything else in one line",
        arguments: [
            ([], " needs one case label"), (["dispatch"], ": 'dispatch' is not a case label"),
            (["dispatch|closure-effects|counter/increment|||1000", "0"], " needs one case label"),
            (["not|a|label"], ": 'not|a|label' is not a case label"),
            (["--fork-per-case"], " --fork-per-case counts only under callgrind on Linux x86_64"),
        ])
    func instructionChildArguments(arguments: [String], error: String) async {
        let said = Captured()
        let status = await BenchCommand.main(
            [ChildCommand.countInstructions.rawValue] + arguments, output: said.output)
        #expect(status == 2)
        #expect(said.errors == [ChildCommand.countInstructions.rawValue + error])
    }
}
