import Foundation

FileHandle.standardError.write(Data("bench: the benchmark runner is not built yet (see the open issues).\n".utf8))
exit(1)
