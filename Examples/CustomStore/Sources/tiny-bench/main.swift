import BenchmarkCLI
import BenchmarkSuites
import Foundation
import TinyStore

// ArchitectureBench's `bench`, with TinyStore measured after the seven built-in architectures:
// `swift run -c release tiny-bench --filter dispatch,tiny-store` and every other command and option.
exit(
    await BenchCommand.main(
        Array(CommandLine.arguments.dropFirst()), adding: [SubjectCases(TinyStoreSubject.self)]))
