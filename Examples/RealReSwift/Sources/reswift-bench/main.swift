import BenchmarkCLI
import BenchmarkSuites
import Foundation
import ReSwiftArchitecture

// ArchitectureBench's `bench`, with the real ReSwift measured after the seven built-in
// architectures: `.build/release/reswift-bench --quick --filter dispatch,local-reducer,reswift`.
exit(
    await BenchCommand.main(
        Array(CommandLine.arguments.dropFirst()), adding: [SubjectCases(ReSwiftSubject.self)]))
