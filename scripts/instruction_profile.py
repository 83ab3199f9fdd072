#!/usr/bin/env python3
"""Split one benchmark case's instructions per operation by function and by part, under callgrind.

Usage: python3 scripts/instruction_profile.py .build/release/bench dispatch,viper-reducer,counter/increment
           [--keep FOLDER]

Runs the release `bench` the way `bench --instructions` does (a copy without debug information,
the hidden child mode given the case's label alone, windows of N and 2N operations after a metered
warm-up), with N = 1,000, but keeps the symbol table and the two windows' dumps of the one case
the filter names (suite, architecture, feature, then the layout and n=N where the case has them:
layout,closure-effects,app/increment,single-store,n=10). For every function it
prints the instructions per operation spent in the function itself, (self(2N) − self(N)) / N, and
sums them into parts by the name rules of PARTS (first match wins). The total equals the case's
`instructions` row up to the heap-placement noise docs/measurement.md describes. Needs Valgrind
(`callgrind_annotate` comes with it), `strip` and `swift demangle`. With --keep FOLDER the dumps
stay in FOLDER (`case.out.1` for N operations, `case.out.2` for 2N), for example to see who calls a
function: `callgrind_annotate --tree=caller --threshold=100 FOLDER/case.out.2 | swift demangle`.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

PROG = "instruction_profile.py"

# Standard-library code specialised for AnyKeyPath keys, by its mangled name (simplified demangling
# drops the generic argument, so the demangled name gets KEY_PATH_TABLE_MARK appended).
KEY_PATH_TABLE = re.compile(r"Fs10AnyKeyPathC_.*Tg5")
KEY_PATH_TABLE_MARK = " for AnyKeyPath"

# The parts of a dispatch, by the demangled name of the function that spends the instructions.
PARTS = [
    # The same functions as InstructionCounter.isMetadataLookupFunction in Swift: the part of a row that
    # moves with addresses, left out of its instructions-outside-metadata-lookups row.
    ("lookups keyed by metadata addresses (type caches, key-path tables; probes move with addresses)",
     r"ConcurrentReadableHashMap<|^swift::MetadataCacheKey::operator==|" + re.escape(KEY_PATH_TABLE_MARK) + "$"),
    ("Observation (registrar, key path, lock, equality check of the setter)",
     r"Observation|observation|KeyPath|pthread_mutex|\.setter|__derived_struct_equals"
     r"|conformance CounterViewModel"),
    ("state copy (copy, destroy, bridge-object retain/release, the reducer)",
     r"CounterState|Quote\?|swift_bridgeObject|reduce\(state:action:\)|\.update\(|destroy for Next"),
    ("exclusivity checks", r"swift_beginAccess|swift_endAccess|AccessSet|SwiftTLSContext"),
    ("thread-local lookups (exclusivity's access set or Observation's tracking)", r"__tls_get_addr"),
    ("retain/release of objects", r"swift_retain|swift_release|RefCounts|swift_weak"),
    ("benchmark loop", r"Catalog\.dispatchCases"),
]
OTHER = "the architecture's own calls (methods, protocol witnesses)"
LINE = re.compile(r"\s*([\d,]+)\s+(?:\([ \d.]+%\)\s+)?(\S.*)$")
LABEL = re.compile(r"^desc: Trigger: Client Request: (.*)$", re.MULTILINE)


def self_costs(annotated: str) -> dict[str, int]:
    """Instructions spent in each function itself, from `callgrind_annotate --inclusive=no`.

    The frames that were on the stack when collection started (main, the benchmark loop's callers)
    are listed with the whole total or more; they are left out, so the costs add up to the total."""
    costs: dict[str, int] = {}
    total = None
    for line in annotated.splitlines():
        match = LINE.match(line)
        if not match:
            continue
        cost = int(match.group(1).replace(",", ""))
        if "PROGRAM TOTALS" in match.group(2):
            total = cost
        elif total is None or cost < total:
            name = re.sub(r"^\?\?\?:", "", match.group(2)).split(" [")[0]
            costs[name] = costs.get(name, 0) + cost
    return costs


def per_operation(once: dict[str, int], twice: dict[str, int], n: int) -> dict[str, float]:
    """(cost of 2N − cost of N) / N per function; functions that cost nothing per operation are left out."""
    result = {name: (twice.get(name, 0) - once.get(name, 0)) / n for name in set(once) | set(twice)}
    return {name: cost for name, cost in result.items() if abs(cost) >= 0.5}


def part(name: str) -> str:
    """The part of PARTS a function belongs to, or OTHER."""
    return next((title for title, pattern in PARTS if re.search(pattern, name)), OTHER)


def by_part(costs: dict[str, float]) -> dict[str, float]:
    """The per-operation costs summed per part."""
    sums: dict[str, float] = {}
    for name, cost in costs.items():
        sums[part(name)] = sums.get(part(name), 0) + cost
    return sums


def run(command: list[str], **options) -> str:
    result = subprocess.run(command, capture_output=True, text=True, check=False, **options)
    if result.returncode != 0:
        print(f"{PROG}: error: {command[0]} failed: {result.stderr.strip()[:300]}", file=sys.stderr)
        sys.exit(2)
    return result.stdout


def label(case: str, iterations: int) -> str:
    """The child's case label (`bench`'s InstructionLabel) for a filter `suite,architecture,feature`
    with an optional layout and `n=N`: the fields joined by `|`, then the operation count."""
    fields = case.split(",")
    if len(fields) < 3:
        print(f"{PROG}: error: '{case}' must name a suite, an architecture and a feature", file=sys.stderr)
        sys.exit(2)
    rest = fields[3:]
    sizes = [field[2:] for field in rest if field.startswith("n=")]
    layouts = [field for field in rest if not field.startswith("n=")]
    return "|".join(fields[:3] + [layouts[0] if layouts else "", sizes[0] if sizes else "", str(iterations)])


def profile(bench: Path, case: str, folder: Path, iterations: int = 1000) -> tuple[dict[str, float], int]:
    """The demangled per-operation self costs of the one case `case` names, and its N."""
    copy, out = folder / "bench", folder / "case.out"
    run(["strip", "--strip-debug", "-o", str(copy), str(bench)])
    # As `bench --instructions` does: the child gets the case's label alone, every symbol bound at
    # load (the dynamic linker's resolver never runs inside a window), the libraries' retains bound
    # to the runtime, deterministic hashing.
    run(["valgrind", "--tool=callgrind", "-q", "--dump-instr=no", f"--callgrind-out-file={out}",
         "./bench", "__count-instructions", label(case, iterations)], cwd=folder,
        env={**os.environ, "LD_BIND_NOW": "1", "LD_DYNAMIC_WEAK": "1", "SWIFT_DETERMINISTIC_HASHING": "1"})
    dumps = sorted(folder.glob("case.out.*"), key=lambda dump: int(dump.suffix[1:]))
    labelled = [(dump, LABEL.search(dump.read_text(encoding="utf-8"))) for dump in dumps]
    windows = {found.group(1).rsplit("|", 1)[-1]: dump for dump, found in labelled if found}
    if "1" not in windows or "2" not in windows:
        print(f"{PROG}: error: '{case}' names no case bench counts", file=sys.stderr)
        sys.exit(2)
    once, twice = (self_costs(run(["callgrind_annotate", "--inclusive=no", "--threshold=100", str(windows[k])]))
                   for k in ("1", "2"))
    costs = per_operation(once, twice, iterations)
    names = list(costs)
    demangled = run(["swift", "demangle", "--simplified", "--compact"], input="\n".join(names)).splitlines()
    return {pretty + (KEY_PATH_TABLE_MARK if KEY_PATH_TABLE.search(name) else ""): costs[name]
            for name, pretty in zip(names, demangled)}, iterations


def main(arguments: list[str]) -> int:
    keep = None
    if len(arguments) == 4 and arguments[2] == "--keep":
        keep = Path(arguments[3])
    elif len(arguments) != 2:
        print(f"usage: python3 scripts/{PROG} BENCH SUITE,ARCHITECTURE,FEATURE [--keep FOLDER]",
              file=sys.stderr)
        return 2
    if keep is not None:
        keep.mkdir(parents=True, exist_ok=True)
        costs, n = profile(Path(arguments[0]), arguments[1], keep)
    else:
        with tempfile.TemporaryDirectory(prefix="instruction-profile-") as folder:
            costs, n = profile(Path(arguments[0]), arguments[1], Path(folder))
    print(f"{arguments[1]}: instructions per operation, (2N − N) / N with N = {n}")
    for name, cost in sorted(costs.items(), key=lambda item: (-item[1], item[0])):
        print(f"{cost:10.2f}  {name}")
    print()
    for title, cost in sorted(by_part(costs).items(), key=lambda item: (-item[1], item[0])):
        print(f"{cost:10.2f}  {title}")
    print(f"{sum(costs.values()):10.2f}  total")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
