#!/usr/bin/env bash
# Fails unless the release `bench` binary holds, for every architecture subject listed in
# Sources/BenchmarkSuites/Subjects/Subjects.swift, a copy of each Catalog case builder and of its
# measured closures compiled for that subject's concrete type (a "generic specialization"). Without
# them a timed loop would call the architecture through protocol witnesses, which no app does.
#
# Usage: scripts/check_specialisations.sh [path/to/bench]   (default .build/release/bench)
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-.build/release/bench}"
[ -x "$binary" ] || { echo "check_specialisations: no executable at $binary; build it with 'swift build -c release --product bench'" >&2; exit 2; }
subjects=$(grep -o 'SubjectCases([A-Za-z]*Subject\.self)' Sources/BenchmarkSuites/Subjects/Subjects.swift | sed 's/SubjectCases(\(.*\)\.self)/\1/')
[ -n "$subjects" ] || { echo "check_specialisations: no subjects found in Subjects.swift" >&2; exit 2; }
symbols=$(nm "$binary" | swift demangle | grep 'specialization <BenchmarkSuites\.' || true)
missing=0
# The adapter suite's closures call the shared FeatureDriver existential on purpose, so they are
# not generic; every other builder's measured closures must exist once per subject, including those
# of the submit benchmark, which effectCases builds in a function of its own. (The builders
# themselves may be inlined into their callers, so only the closures are looked for.)
for subject in $subjects; do
    for builder in dispatchCases effectCases submitTransferBenchmark singleStoreLayoutCases multiStoreLayoutCases \
        amountStateCopyCase submitStateCopyCase; do
        pattern="specialization <BenchmarkSuites\.$subject> of closure #[0-9]+ .* in static BenchmarkSuites\.Catalog\.$builder"
        if ! grep -E "$pattern" <<<"$symbols" >/dev/null; then
            echo "missing: the measured closures of Catalog.$builder specialised for $subject"
            missing=$((missing + 1))
        fi
    done
done
count=$(wc -w <<<"$subjects")
if [ "$missing" -gt 0 ]; then
    echo "FAIL: $missing specialisation(s) missing from $binary"
    exit 1
fi
echo "the measured closures of every generic case builder are specialised for all $count architectures"
