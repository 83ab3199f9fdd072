#!/usr/bin/env bash
# Instructions, mallocs and heap bytes per event on the real MobiusCore's loops and on effect-values',
# for the dispatch cases and app/increment in the three layouts at N = 10 ... 10,000.
#
# Each figure is exact: dispatch-cost runs once with E events and once with 2E under valgrind
# (callgrind for instructions, memcheck's heap summary for mallocs and bytes), and the difference is
# divided by E, so set-up, teardown and process start cancel out. Times are left to dispatch-cost
# itself (ns/event, noisy): valgrind's are meaningless.
#
# usage: bash measure.sh [OUTPUT.csv]   (default: results/dispatch-cost.csv)
set -euo pipefail
cd "$(dirname "$0")"
output=${1:-results/dispatch-cost.csv}
command -v valgrind >/dev/null || { echo "measure.sh: valgrind is not installed" >&2; exit 1; }
swift build -c release --product dispatch-cost >&2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# Valgrind 3.19 rejects the debug information of a release build, so it runs a stripped copy.
bin="$scratch/dispatch-cost"
strip -o "$bin" .build/release/dispatch-cost

instructions() {
    valgrind --tool=callgrind --callgrind-out-file="$scratch/out" "$bin" "$@" >/dev/null 2>&1
    awk '/^summary:/ { print $2 }' "$scratch/out"
}

# "total heap usage: 1,234 allocs, 1,200 frees, 56,789 bytes allocated" -> "1234 56789"
heap() {
    valgrind --tool=memcheck --leak-check=no "$bin" "$@" 2>&1 >/dev/null \
        | awk '/total heap usage/ { gsub(",", ""); print $5, $9 }'
}

per_event() {
    local architecture=$1 workload=$2 events=$3
    local i1 i2 h1 h2
    i1=$(instructions "$architecture" "$workload" "$events")
    i2=$(instructions "$architecture" "$workload" $((2 * events)))
    h1=$(heap "$architecture" "$workload" "$events")
    h2=$(heap "$architecture" "$workload" $((2 * events)))
    awk -v a="$architecture" -v w="$workload" -v e="$events" -v i1="$i1" -v i2="$i2" \
        -v h1="$h1" -v h2="$h2" 'BEGIN {
            split(h1, x, " "); split(h2, y, " ")
            printf "%s,%s,%.1f,%.2f,%.1f\n", a, w, (i2 - i1) / e, (y[1] - x[1]) / e, (y[2] - x[2]) / e
        }'
}

mkdir -p "$(dirname "$output")"
{
    echo "architecture,workload,instructions_per_event,mallocs_per_event,bytes_per_event"
    for architecture in effect-values mobius-core; do
        for workload in counter/increment transfer/updateAmount transfer/selectFrom; do
            per_event "$architecture" "$workload" 1000
        done
        for layout in single-store single-store-scoped multi-store; do
            for n in 10 100 1000 10000; do
                events=1000
                if [ "$n" -ge 1000 ]; then events=100; fi
                per_event "$architecture" "$layout:$n" "$events"
            done
        done
    done
} > "$output"
cat "$output"
