import BenchmarkCLI
import BenchmarkSuites
import Foundation
import OneWayArchitecture

// ArchitectureBench's `bench`, with the real OneWay measured after the seven built-in architectures,
// through its asynchronous cases (each action awaited until observed):
// `.build/release/oneway-bench --quick --filter dispatch,effect-values,oneway`.
exit(
    await BenchCommand.main(
        Array(CommandLine.arguments.dropFirst()), adding: [SubjectCases(asynchronous: OneWaySubject.self)]))
