/// How this module was compiled. Times from a debug build are not meaningful, so a runner should
/// refuse to report them (or label them) when `isDebug` is true.
public enum BuildConfiguration {
    /// True when compiled without optimization (`swift build` / `swift run` without `-c release`).
    public static var isDebug: Bool {
        #if DEBUG
            return true
        #else
            return false
        #endif
    }

    /// `"debug"` or `"release"`, for result metadata.
    public static var name: String { isDebug ? "debug" : "release" }
}
