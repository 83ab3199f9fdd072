#!/usr/bin/env bash
# ReSwift's rows beside local-reducer's (the built-in style nearest to it), from one build of
# reswift-bench: results/quick.csv (times, allocations, retains; dispatch, layout at N = 10 ... 10,000,
# effects) and results/instructions.csv (instructions under callgrind, the same suites up to
# N = 1,000: ReSwift's single store observed whole takes seconds per increment at N = 10,000, hours
# under callgrind), each with its .meta.json.
#
# Times are rough on a shared host; the counts (instructions, mallocs, retains) are exact.
#
# usage: bash measure.sh [OUTPUT-DIRECTORY]   (default: results)
set -euo pipefail
cd "$(dirname "$0")"
output=${1:-results}
filter=dispatch,layout,effects,local-reducer,reswift
command -v valgrind >/dev/null || { echo "measure.sh: valgrind is not installed (bench --instructions needs it)" >&2; exit 1; }
swift build -c release --product reswift-bench >&2
mkdir -p "$output"
.build/release/reswift-bench --quick --filter "$filter" --output "$output/quick.csv"
.build/release/reswift-bench --quick --instructions --filter "$filter,n=1,n=10,n=100,n=1000" \
    --output "$output/instructions.csv"
