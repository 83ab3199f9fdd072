/// Totals of heap activity over one counting window.
///
/// Counts come from the `CAllocationCounter` interposer: `allocations` are successful `malloc`,
/// `calloc`, `realloc`, `memalign`, `aligned_alloc`, `posix_memalign`, `valloc` and `pvalloc`
/// calls (a `realloc` of an existing block counts as one free plus one allocation, moved or
/// not); `bytesAllocated` is the requested size; `liveBytes` is usable bytes allocated minus
/// usable bytes freed inside the window (it can be negative when the window frees memory that
/// was allocated before it opened).
public struct AllocationCounts: Sendable, Equatable {
    /// Blocks allocated.
    public var allocations: Int
    /// Blocks freed.
    public var frees: Int
    /// Bytes requested by the allocations.
    public var bytesAllocated: Int
    /// Net usable bytes still held: allocated minus freed.
    public var liveBytes: Int
    /// Swift tasks created (`swift_task_create` calls); nil where they cannot be counted.
    public var tasksCreated: Int?
    /// Swift strong retains (`swift_retain`, `swift_bridgeObjectRetain` and their `_n` forms, which
    /// count n) made outside the Swift core library; nil where they cannot be counted.
    public var retains: Int?
    /// Swift strong releases, counted like `retains`; nil where they cannot be counted.
    public var releases: Int?

    /// Creates counts from explicit values.
    public init(
        allocations: Int, frees: Int, bytesAllocated: Int, liveBytes: Int, tasksCreated: Int?,
        retains: Int? = nil, releases: Int? = nil
    ) {
        self.allocations = allocations
        self.frees = frees
        self.bytesAllocated = bytesAllocated
        self.liveBytes = liveBytes
        self.tasksCreated = tasksCreated
        self.retains = retains
        self.releases = releases
    }

    /// No activity.
    static let zero = AllocationCounts(
        allocations: 0, frees: 0, bytesAllocated: 0, liveBytes: 0, tasksCreated: 0, retains: 0, releases: 0)

    /// The sum of two windows' counts.
    public func adding(_ other: AllocationCounts) -> AllocationCounts {
        AllocationCounts(
            allocations: allocations + other.allocations,
            frees: frees + other.frees,
            bytesAllocated: bytesAllocated + other.bytesAllocated,
            liveBytes: liveBytes + other.liveBytes,
            tasksCreated: tasksCreated.flatMap { mine in other.tasksCreated.map { mine + $0 } },
            retains: retains.flatMap { mine in other.retains.map { mine + $0 } },
            releases: releases.flatMap { mine in other.releases.map { mine + $0 } }
        )
    }

    /// The counts of `self` minus those of `other` (field by field).
    public func subtracting(_ other: AllocationCounts) -> AllocationCounts {
        AllocationCounts(
            allocations: allocations - other.allocations,
            frees: frees - other.frees,
            bytesAllocated: bytesAllocated - other.bytesAllocated,
            liveBytes: liveBytes - other.liveBytes,
            tasksCreated: tasksCreated.flatMap { mine in other.tasksCreated.map { mine - $0 } },
            retains: retains.flatMap { mine in other.retains.map { mine - $0 } },
            releases: releases.flatMap { mine in other.releases.map { mine - $0 } }
        )
    }
}

/// Heap activity of a repeated operation: totals over `iterations` operations, and per operation.
public struct AllocationMeasurement: Sendable, Equatable {
    /// Operations counted.
    public let iterations: Int
    /// Totals over all counted operations.
    public let totals: AllocationCounts

    /// Creates a measurement of `iterations` operations with the given totals.
    public init(iterations: Int, totals: AllocationCounts) {
        precondition(iterations > 0, "AllocationMeasurement: iterations must be positive")
        self.iterations = iterations
        self.totals = totals
    }

    /// Allocations (mallocs) per operation.
    public var allocationsPerOperation: Double { Double(totals.allocations) / Double(iterations) }
    /// Frees per operation.
    public var freesPerOperation: Double { Double(totals.frees) / Double(iterations) }
    /// Bytes requested per operation.
    public var bytesPerOperation: Double { Double(totals.bytesAllocated) / Double(iterations) }
    /// Net bytes still held per operation (0 when everything allocated was freed).
    public var liveBytesPerOperation: Double { Double(totals.liveBytes) / Double(iterations) }
    /// Swift tasks created per operation; nil where tasks cannot be counted.
    public var tasksPerOperation: Double? { totals.tasksCreated.map { Double($0) / Double(iterations) } }
    /// Swift retains per operation; nil where they cannot be counted.
    public var retainsPerOperation: Double? { totals.retains.map { Double($0) / Double(iterations) } }
    /// Swift releases per operation; nil where they cannot be counted.
    public var releasesPerOperation: Double? { totals.releases.map { Double($0) / Double(iterations) } }
}

/// The allocation pass of one benchmark: several repetitions and their median.
public struct AllocationReport: Sendable, Equatable {
    /// One measurement per repetition, in order.
    public let measurements: [AllocationMeasurement]

    /// Creates a report; all measurements must cover the same number of iterations.
    public init(measurements: [AllocationMeasurement]) {
        precondition(!measurements.isEmpty, "AllocationReport: no measurements")
        precondition(
            measurements.allSatisfy { $0.iterations == measurements[0].iterations },
            "AllocationReport: measurements cover different iteration counts"
        )
        self.measurements = measurements
    }

    /// True when every repetition counted exactly the same: the counts are exact.
    public var isExact: Bool { measurements.allSatisfy { $0 == measurements[0] } }

    /// Operations counted per repetition.
    public var iterations: Int { measurements[0].iterations }
    /// Allocations (mallocs) per operation, from `median`.
    public var allocationsPerOperation: Double { median.allocationsPerOperation }
    /// Frees per operation, from `median`.
    public var freesPerOperation: Double { median.freesPerOperation }
    /// Bytes requested per operation, from `median`.
    public var bytesPerOperation: Double { median.bytesPerOperation }
    /// Net bytes still held per operation, from `median`.
    public var liveBytesPerOperation: Double { median.liveBytesPerOperation }
    /// Swift tasks created per operation, from `median`; nil where tasks cannot be counted.
    public var tasksPerOperation: Double? { median.tasksPerOperation }

    /// Field-by-field median of the repetitions' totals (the lower median for an even count),
    /// so every field is a count that some repetition really produced. Equal to every
    /// repetition when `isExact`.
    public var median: AllocationMeasurement {
        func middle(_ values: [Int]) -> Int { values.sorted()[(values.count - 1) / 2] }
        let totals = measurements.map(\.totals)
        let tasks = totals.compactMap(\.tasksCreated)
        let retains = totals.compactMap(\.retains)
        let releases = totals.compactMap(\.releases)
        return AllocationMeasurement(
            iterations: measurements[0].iterations,
            totals: AllocationCounts(
                allocations: middle(totals.map(\.allocations)),
                frees: middle(totals.map(\.frees)),
                bytesAllocated: middle(totals.map(\.bytesAllocated)),
                liveBytes: middle(totals.map(\.liveBytes)),
                tasksCreated: tasks.count == totals.count ? middle(tasks) : nil,
                retains: retains.count == totals.count ? middle(retains) : nil,
                releases: releases.count == totals.count ? middle(releases) : nil
            )
        )
    }
}
