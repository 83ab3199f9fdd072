#!/usr/bin/env python3
"""Measure how far the bytes per round trip of one build move between runs: every `effects` row and
state-copy's `transfer/submitTransfer`, the rows the gate's effects byte allowance is about
(the `bytes` entry of `GateTolerance.table`, docs/gate.md).

Usage:
  python3 scripts/byte_spread.py measure [--bench PATH] [--quick-runs K] [--full-runs M] [--keep DIR]
      Runs `bench --quick` K times (default 10) and `bench` M times (default 2), each once with
      `--filter effects` and once with `--filter state-copy,transfer/submitTransfer`, then prints
      the spread of those runs as `spread` does (the two files of a run read as one run). PATH
      defaults to .build/release/bench; with --keep, the CSV files are written to DIR and kept.
  python3 scripts/byte_spread.py spread RUN.csv [RUN.csv ...] [--metric bytes]
      Prints, per row, the smallest and largest value the runs recorded (their min and max
      columns: every counted repetition, not only the median) and how far apart they are, as a
      fraction of the smallest, the widest first; then `worst: P% (row)` last. Rows missing from
      some of the files (a run of one filter, an older baseline) are left out and counted.

The CSV files are read with results_csv.py. Problems with the input are one line on stderr,
`byte_spread.py: error: ...`, exit status 2. Needs only the standard library.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results_csv  # noqa: E402

PROG = "byte_spread.py"
FILTERS = ["effects", "state-copy,transfer/submitTransfer"]


def fail(message: str) -> None:
    print(f"{PROG}: error: {message}", file=sys.stderr)
    sys.exit(2)


def is_round_trip(row: dict[str, str]) -> bool:
    """An effects row, or state-copy's submit: the rows timed as round trips."""
    suite, feature = row.get("suite"), row.get("feature")
    return suite == "effects" or (suite == "state-copy" and feature == "transfer/submitTransfer")


def round_trip_values(path: Path, metric: str) -> dict[str, list[float]]:
    """The min and max of every round-trip row of `metric` in `path`, keyed by a readable name."""
    try:
        rows = results_csv.read(path)
    except results_csv.ResultsCSVError as error:
        fail(str(error))
    values: dict[str, list[float]] = {}
    for row in rows:
        if row.get("metric") != metric or not is_round_trip(row) or row.get("architecture") == "reference":
            continue
        name = " ".join(part for part in (row["suite"], row["architecture"], row["feature"], row["n"] and
                                          f"n={row['n']}") if part)
        try:
            values[name] = [float(row["min"]), float(row["max"])]
        except ValueError:
            fail(f"{path}: row '{name}' has no numeric min and max")
    return values


def spreads(runs: list[dict[str, list[float]]]) -> list[tuple[str, float, float, float]]:
    """(row, smallest, largest, (largest - smallest) / smallest) of every row that is in every run,
    the widest first; a row of zeros has spread 0."""
    names = set(runs[0]).intersection(*runs[1:])
    table = []
    for name in sorted(names):
        values = [value for run in runs for value in run[name]]
        low, high = min(values), max(values)
        table.append((name, low, high, (high - low) / low if low else 0.0))
    return sorted(table, key=lambda entry: (-entry[3], entry[0]))


def print_spreads(runs_files: list[list[Path]], metric: str) -> None:
    """Prints the spreads of the runs, each the files of one run."""
    runs = [{name: value for path in files for name, value in round_trip_values(path, metric).items()}
            for files in runs_files]
    if not runs[0]:
        fail(f"{' and '.join(map(str, runs_files[0]))} hold no '{metric}' row of an effects round trip or "
             "state-copy's submit")
    table = spreads(runs)
    if not table:
        fail(f"no row of '{metric}' is in every run")
    left_out = len(set().union(*runs)) - len(table)
    print(f"{len(runs)} runs, {len(table)} rows of {metric}" + (f" ({left_out} not in every run left out)"
                                                                 if left_out else ""))
    print(f"{'row':60} {'smallest':>12} {'largest':>12} {'spread':>9}")
    for name, low, high, spread in table:
        print(f"{name:60} {low:12.2f} {high:12.2f} {spread * 100:8.3f}%")
    name, _, _, spread = table[0]
    print(f"worst: {spread * 100:.3f}% ({name})")


def measure(bench: Path, quick_runs: int, full_runs: int, folder: Path) -> list[Path]:
    """Runs `bench` as the module docstring says and returns the CSV files it wrote."""
    if not bench.is_file():
        fail(f"no executable at {bench}; build it with 'swift build -c release --product bench'")
    paths = []
    for size, count in (("quick", quick_runs), ("full", full_runs)):
        for index in range(count):
            for filter_index, names in enumerate(FILTERS):
                path = folder / f"{size}-{index}-{filter_index}.csv"
                command = [str(bench), "--filter", names, "--output", str(path)]
                if size == "quick":
                    command.insert(1, "--quick")
                print(" ".join(command), file=sys.stderr, flush=True)
                if subprocess.run(command, stdout=subprocess.DEVNULL).returncode != 0:
                    fail(f"'{' '.join(command)}' failed")
                paths.append(path)
    return paths


def main(arguments: list[str]) -> None:
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    measuring = commands.add_parser("measure")
    measuring.add_argument("--bench", type=Path, default=Path(".build/release/bench"))
    measuring.add_argument("--quick-runs", type=int, default=10)
    measuring.add_argument("--full-runs", type=int, default=2)
    measuring.add_argument("--keep", type=Path)
    measuring.add_argument("--metric", default="bytes")
    reading = commands.add_parser("spread")
    reading.add_argument("runs", type=Path, nargs="+")
    reading.add_argument("--metric", default="bytes")
    options = parser.parse_args(arguments)
    if options.command == "spread":
        print_spreads([[path] for path in options.runs], options.metric)
        return
    if options.quick_runs + options.full_runs < 1 or min(options.quick_runs, options.full_runs) < 0:
        fail("--quick-runs and --full-runs must not be negative, and one must be positive")
    folder = options.keep or Path(tempfile.mkdtemp(prefix="byte-spread-"))
    folder.mkdir(parents=True, exist_ok=True)
    paths = measure(options.bench, options.quick_runs, options.full_runs, folder)
    print_spreads([paths[index:index + len(FILTERS)] for index in range(0, len(paths), len(FILTERS))],
                  options.metric)


if __name__ == "__main__":
    main(sys.argv[1:])
