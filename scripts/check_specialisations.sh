#!/usr/bin/env bash
# Fails unless the release `bench` binary holds, for every architecture subject listed in
# Benchmarks/BenchmarkSuites/Subjects/Subjects.swift, the timed body of every Catalog case builder
# compiled for that subject's concrete type (a "generic specialization"). Without it a timed loop
# would call the architecture through protocol witnesses, which no app does.
#
# The timed body is what the measured region calls: each builder passes a local function named
# `timed…` to `Benchmark` (the body a sample runs between its meter's start and stop, or, for the
# submit, the operation it runs between resume and stop). The builders and their timed functions
# are read from Catalog.swift and its extensions (Catalog+*.swift); a builder that hands `Benchmark` a closure literal fails, since its
# loop could not be told from the builder's observer callbacks and set-up closures.
#
# Usage: scripts/check_specialisations.sh [path/to/bench]   (default .build/release/bench)
#        scripts/check_specialisations.sh --symbols FILE    demangled `nm` lines from FILE (- for stdin)
#        scripts/check_specialisations.sh --list            the expected symbols: subject builder function
#        scripts/check_specialisations.sh --subject NAME BINARY   a package's own bench (Examples/CustomStore's
#                                                            tiny-bench) holds them for its subject NAME,
#                                                            compiled in its own module from the @inlinable builders
# --catalog FILE reads another Catalog.swift (for the tests).
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "check_specialisations: $1" >&2; exit 2; }
binary=".build/release/bench" symbols_file="" list=false subject=""
catalogs=(Benchmarks/BenchmarkSuites/Catalog.swift Benchmarks/BenchmarkSuites/Catalog+*.swift)
while [ $# -gt 0 ]; do
    case "$1" in
        --symbols) [ $# -ge 2 ] || fail "--symbols needs a file (- for stdin)"; symbols_file="$2"; shift 2 ;;
        --catalog) [ $# -ge 2 ] || fail "--catalog needs a file"; catalogs=("$2"); shift 2 ;;
        --list) list=true; shift ;;
        --subject) [ $# -ge 2 ] || fail "--subject needs a type name"; subject="$2"; shift 2 ;;
        -*) fail "unknown option $1" ;;
        *) binary="$1"; shift ;;
    esac
done
for catalog in "${catalogs[@]}"; do [ -f "$catalog" ] || fail "no Catalog source at $catalog"; done
subjects=${subject:-$(grep -o 'SubjectCases([A-Za-z]*Subject\.self)' Benchmarks/BenchmarkSuites/Subjects/Subjects.swift | sed 's/SubjectCases(\(.*\)\.self)/\1/')}
[ -n "$subjects" ] || fail "no subjects found in Subjects.swift"

# One line per generic builder that builds a Benchmark: "builder timedA timedB ...", or
# "builder !anonymous" when it passes Benchmark a closure literal as the timed body (or no timed…). The adapter
# suite's closures call the shared FeatureDriver existential on purpose, so they are not generic.
timed=$(awk '
    function flush() { if (builder != "" && builds) print builder (anonymous ? " !anonymous" : "") functions }
    /^    (@inlinable |@usableFromInline )*(private )?static func [A-Za-z]+<S: ArchitectureSubject>/ {
        flush(); builder = $0; sub(/^.*static func /, "", builder); sub(/<.*/, "", builder)
        functions = ""; builds = 0; anonymous = 0
        if (builder == "adapterCases") builder = ""
        next
    }
    /^    \}/ { flush(); builder = "" }
    builder != "" && /^        func timed[A-Za-z]*\(/ {
        name = $0; sub(/^ *func /, "", name); sub(/\(.*/, "", name); functions = functions " " name
    }
    builder != "" && /(^|[^A-Za-z])Benchmark\(/ { builds = 1 }
    builder != "" && (/(^|[^A-Za-z])Benchmark\(.*\) *\{/ || /(operation|run): *\{/ || /\{ *iterations in/) {
        anonymous = 1
    }
    END { flush() }
' "${catalogs[@]}")
[ -n "$timed" ] || fail "no generic case builder found in ${catalogs[*]}"
if grep -q ' !anonymous\|^[A-Za-z]*$' <<<"$timed"; then
    while read -r builder rest; do
        if [ "$rest" = "" ] || [[ "$rest" == "!anonymous"* ]]; then
            echo "Catalog.$builder gives Benchmark a timed body that is not a local function named timed…" >&2
        fi
    done <<<"$timed"
    exit 1
fi
expected=$(for subject in $subjects; do
    while read -r builder functions; do
        for function in $functions; do echo "$subject $builder $function"; done
    done <<<"$timed"
done)
if $list; then
    echo "$expected"
    exit 0
fi

if [ -n "$symbols_file" ]; then
    [ "$symbols_file" = - ] || [ -f "$symbols_file" ] || fail "no symbol list at $symbols_file"
    symbols=$(cat -- "$symbols_file")
    source="$symbols_file"
else
    [ -x "$binary" ] || fail "no executable at $binary; build it with 'swift build -c release --product bench'"
    symbols=$(nm "$binary" | swift demangle)
    source="$binary"
fi
# "subject builder function" of every timed body the symbols hold specialised for a subject.
found=$(grep -oE 'specialization <[A-Za-z_]+\.[A-Za-z]+> of timed[A-Za-z]* #[0-9]+ .* in static BenchmarkSuites\.Catalog\.[A-Za-z]+<' <<<"$symbols" |
    sed -E 's/^specialization <[A-Za-z_]+\.([A-Za-z]+)> of (timed[A-Za-z]*) #.* in static BenchmarkSuites\.Catalog\.([A-Za-z]+)<$/\1 \3 \2/' |
    sort -u || true)
missing=$(grep -vxF -f <(echo "${found:-none}") <<<"$expected" || true)
checked=$(wc -l <<<"$expected")
count=$(wc -w <<<"$subjects")
if [ -n "$missing" ]; then
    while read -r subject builder function; do
        echo "missing: the timed body $function of Catalog.$builder specialised for $subject"
    done <<<"$missing"
    echo "FAIL: $(wc -l <<<"$missing") of $checked timed bodies not specialised in $source"
    exit 1
fi
echo "the timed body of every generic case builder is specialised for all $count architectures ($checked symbols)"
