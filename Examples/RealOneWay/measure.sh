#!/usr/bin/env bash
# OneWay's rows beside the nearest built-in styles' (effect-values, closure-effects), from one
# `oneway-bench` binary: times, mallocs and retains per action (results/quick.csv), then
# instructions per action under callgrind (results/instructions.csv; its quick pass stops at
# N = 1,000). Each CSV gets its .meta.json beside it.
#
# usage: bash measure.sh
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product oneway-bench >&2
bench=.build/release/oneway-bench
mkdir -p results
"$bench" --quick --filter dispatch,layout,effects,effect-values,closure-effects,oneway \
    --output results/quick.csv
"$bench" --quick --instructions --filter dispatch,layout,effect-values,closure-effects,oneway \
    --output results/instructions.csv
