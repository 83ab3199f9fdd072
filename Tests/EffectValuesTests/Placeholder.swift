import Testing

@testable import EffectValues
