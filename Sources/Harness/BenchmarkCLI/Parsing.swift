extension Invocation {
    /// Parses `arguments` (without the program name).
    public static func parse(_ arguments: [String], vocabulary: Vocabulary) throws(BenchError) -> Invocation {
        var arguments = arguments[...]
        if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) || arguments.first == "help" {
            return .help
        }
        let command = try command(popping: &arguments)
        var options = ParsedOptions(command: command, vocabulary: vocabulary)
        var positional: [String] = []
        while let argument = arguments.popFirst() {
            guard argument.hasPrefix("-"), argument != "-" else {
                positional.append(argument)
                continue
            }
            let (name, inlineValue) = split(argument)
            guard let option = CommandOption.named(name), option.commands.contains(command) else {
                throw .usage("unknown option '\(name)' for \(command.rawValue); see 'bench --help'")
            }
            try option.apply(try value(of: option, inlineValue, &arguments), &options)
            options.given.insert(name)
        }
        return try invocation(options, positional: positional)
    }

    /// Removes the command's words from the front of `arguments`; no command word means `run`.
    private static func command(popping arguments: inout ArraySlice<String>) throws(BenchError) -> Command {
        guard let word = arguments.first, !word.hasPrefix("-") else { return .run }
        arguments.removeFirst()
        if word == "baseline" {
            guard arguments.popFirst() == "update" else {
                throw .usage("baseline takes one subcommand, update: 'bench baseline update'")
            }
            return .updateBaseline
        }
        guard let command = Command(rawValue: word) else {
            throw .usage(
                "unknown command '\(word)'; commands are run (the default), list, compare, doctor, baseline update "
                    + "and help"
            )
        }
        return command
    }

    private static func value(
        of option: CommandOption, _ inlineValue: String?, _ arguments: inout ArraySlice<String>
    ) throws(BenchError) -> String {
        if option.value == .flag {
            if inlineValue != nil { throw .usage("\(option.name) takes no value") }
            return ""
        }
        if let inlineValue { return inlineValue }
        guard let next = arguments.popFirst(), !next.hasPrefix("--") else {
            throw .usage("\(option.name) needs a value")
        }
        return next
    }

    /// The command with the options it accepts, checked for conflicts.
    private static func invocation(_ options: ParsedOptions, positional: [String]) throws(BenchError)
        -> Invocation
    {
        if options.command != .compare, let extra = positional.first {
            throw .usage(
                "unexpected argument '\(extra)' for \(options.command.rawValue); see 'bench --help'")
        }
        switch options.command {
        case .run:
            return .run(try checked(options.run))
        case .list:
            return .list(options.run.filter)
        case .doctor:
            return .doctor
        case .compare:
            var compare = options.compare
            compare.filter = options.run.filter
            return .compare(try checked(compare, paths: positional))
        case .updateBaseline:
            var run = try checked(options.run)
            if !options.given.contains("--best-of") { run.bestOf = baselineBestOf }
            if run.output == nil { run.output = baselinePath }
            return .updateBaseline(run)
        }
    }

    private static func checked(_ options: RunOptions) throws(BenchError) -> RunOptions {
        if options.quick && options.sampleCount != nil {
            throw .usage("--quick and --samples conflict: --quick fixes a small sample count")
        }
        if options.instructions && options.bestOf > 1 {
            throw .usage(
                "--instructions and --best-of conflict: instruction counts do not vary between processes")
        }
        if options.instructions && options.timingProcesses != nil {
            throw .usage(
                "--instructions and --timing-processes conflict: counting instructions times nothing")
        }
        if options.output != nil && [.table, .rows].contains(options.format) {
            throw .usage(
                "--output writes CSV or JSON for other tools; drop --format \(options.format.rawValue) or --output"
            )
        }
        return options
    }

    private static func checked(_ options: CompareOptions, paths: [String]) throws(BenchError)
        -> CompareOptions
    {
        guard paths.count == 2 else {
            throw .usage("compare needs two files, BASELINE and CURRENT; got \(paths.count)")
        }
        if options.countsOnly && options.timeTolerance != nil {
            throw .usage("--counts-only compares no times, so --time-tolerance has nothing to apply to")
        }
        if options.countsOnly && options.rerun != nil {
            throw .usage("--counts-only compares no times, so a --rerun has nothing to judge")
        }
        var options = options
        options.baseline = paths[0]
        options.current = paths[1]
        return options
    }

    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
            return (argument, nil)
        }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
