import BenchmarkCLI
import BenchmarkSuites
import Foundation
import MobiusCoreArchitecture

// ArchitectureBench's `bench`, with the real MobiusCore measured after the seven built-in
// architectures: `.build/release/mobius-bench --quick --filter dispatch,effect-values,mobius-core`.
exit(
    await BenchCommand.main(
        Array(CommandLine.arguments.dropFirst()), adding: [SubjectCases(MobiusCoreSubject.self)]))
