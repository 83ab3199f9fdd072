import BenchmarkCLI
import Foundation

exit(await BenchCommand.main(Array(CommandLine.arguments.dropFirst())))
