import Testing

@testable import ClosureEffects
