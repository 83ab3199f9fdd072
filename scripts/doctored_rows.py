#!/usr/bin/env python3
"""Check that the gate catches a given rise in every single row of one metric.

Usage: python3 scripts/doctored_rows.py BENCH BASELINE.csv CURRENT.csv [--metric instructions]
                                        [--rise PERCENT] [--alone] [--filter NAMES]

For every row of METRIC in CURRENT.csv, the script writes a copy of CURRENT.csv (and of its
metadata, CURRENT.meta.json) with that row's figures raised by PERCENT (default 1), runs
`BENCH compare BASELINE.csv COPY --counts-only` (with `--filter NAMES` when given: CURRENT.csv
then holds only the cases it selects), and expects exit status 1. A rise in a row's
`instructions` stands for more work in the counted code, so the same case's
`instructions-outside-metadata-lookups` row rises by the same number of instructions (lookups
keyed by type metadata, in the Swift runtime and the standard library, are not where a change to
the program lands); with --alone it stays as it is. It first checks that CURRENT.csv itself
passes (exit 0). Rows of 0 are left alone (a relative rise does not change them). It prints one
line per row the gate let through, then a summary: rows doctored, rows caught. Exit status 0 when
every doctored row failed the gate and the clean file passed; 1 otherwise; 2 for unusable input,
with one line on stderr (`doctored_rows.py: error: ...`).

This is the command behind the instruction gate's check in .ci/run and the +1% figures of
docs/evidence/2026-11-26/instructions.md. Reads CURRENT.csv with results_csv.py. Needs only the
standard library.
"""

from __future__ import annotations

import argparse
import csv
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NoReturn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results_csv  # noqa: E402

PROG = "doctored_rows.py"
FIGURES = ("median", "p10", "p25", "p75", "min", "max")


def fail(message: str) -> NoReturn:
    print(f"{PROG}: error: {message}", file=sys.stderr)
    sys.exit(2)


def read(path: Path) -> list[dict[str, str]]:
    """The rows of a results CSV."""
    try:
        return results_csv.read(path)
    except results_csv.ResultsCSVError as error:
        fail(str(error))


KEY = ("suite", "architecture", "feature", "layout", "n")
COMPANIONS = {"instructions": "instructions-outside-metadata-lookups"}


def doctored(rows: list[dict[str, str]], index: int, rise: float, alone: bool) -> list[dict[str, str]]:
    """A copy of `rows` with row `index`'s figures multiplied by 1 + rise / 100, and the same
    amount added to its companion row (COMPANIONS) unless `alone`."""
    copy = [dict(row) for row in rows]
    added = {figure: float(copy[index][figure]) * rise / 100 for figure in FIGURES}
    companion = COMPANIONS.get(rows[index]["metric"])
    raised = [index] + ([] if alone or companion is None else [
        i for i, row in enumerate(rows)
        if row["metric"] == companion and all(row[k] == rows[index][k] for k in KEY)])
    for i in raised:
        for figure in FIGURES:
            copy[i][figure] = repr(float(copy[i][figure]) + added[figure])
    return copy


def sidecar(path: Path) -> Path:
    """The metadata file `bench` writes beside a CSV: `x.csv` has `x.meta.json`."""
    return path.with_suffix(".meta.json") if path.suffix == ".csv" else Path(str(path) + ".meta.json")


def write(path: Path, rows: list[dict[str, str]], meta: Path) -> None:
    with path.open("w", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=results_csv.HEADER, lineterminator="\r\n")
        writer.writeheader()
        writer.writerows(rows)
    shutil.copyfile(meta, sidecar(path))


def compare(bench: str, baseline: Path, current: Path, selection: str | None = None) -> int:
    return subprocess.run(
        [bench, "compare", str(baseline), str(current), "--counts-only"]
        + ([] if selection is None else ["--filter", selection]),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
    ).returncode


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n")[0])
    parser.add_argument("bench")
    parser.add_argument("baseline", type=Path)
    parser.add_argument("current", type=Path)
    parser.add_argument("--metric", default="instructions")
    parser.add_argument("--rise", type=float, default=1.0)
    parser.add_argument("--alone", action="store_true",
                        help="raise the row alone, not its companion row as well")
    parser.add_argument("--filter", dest="selection",
                        help="passed to bench compare: compare only the cases it selects")
    options = parser.parse_args(argv)
    meta = sidecar(options.current)
    if not meta.is_file():
        fail(f"{meta} is missing: compare needs the current run's metadata")
    rows = read(options.current)
    of_metric = [i for i, row in enumerate(rows) if row.get("metric") == options.metric]
    if not of_metric:
        fail(f"{options.current} has no {options.metric} rows")
    # A relative rise leaves a row of 0 unchanged, so there is nothing to catch.
    targets = [i for i in of_metric if float(rows[i]["median"]) != 0]
    if (status := compare(options.bench, options.baseline, options.current, options.selection)) != 0:
        print(f"the clean file does not pass the gate (exit {status})")
        return 1
    missed = 0
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "doctored.csv"
        for index in targets:
            write(copy, doctored(rows, index, options.rise, options.alone), meta)
            if compare(options.bench, options.baseline, copy, options.selection) != 1:
                missed += 1
                row = rows[index]
                print("let through:", " / ".join(row[k] for k in KEY))
    zero = len(of_metric) - len(targets)
    print(f"{len(targets)} {options.metric} rows raised by {options.rise:g}% one at a time: "
          f"{len(targets) - missed} failed the gate, {missed} passed"
          + (f" ({zero} counting 0 left as {'it is' if zero == 1 else 'they are'})" if zero else ""))
    return 0 if missed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
