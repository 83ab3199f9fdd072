#!/usr/bin/env python3
"""Check how trustworthy `bench`'s times are: a case alone against the same case in a full run, and
full runs against each other.

Usage:
  python3 scripts/time_stability.py alone FULL.csv [FULL.csv ...] [--bench PATH]
                                     [--suites dispatch,state-copy,layout] [--runs K]
      Runs every time row of the first FULL.csv's chosen suites on its own (`bench --filter` naming
      its suite, architecture, feature, layout and size) and prints full/alone per case, the worst
      first, for the median, the 10th percentile and ratio_to_reference, then how many lie outside
      15% (and how many of the medians outside are rows the full run flagged disturbed) and the
      worst median and ratio. Every further FULL.csv (another full run of the same cases) gets one
      line comparing it with the same alone values. With --runs K (default 1), every case is run
      alone in K processes, one after another, and "alone" is the median of the K processes'
      values: a process that ran in a slow phase of the machine then no longer decides the case
      alone.
  python3 scripts/time_stability.py repeat RUN.csv RUN.csv ... [--suites ...]
      Prints, per case, how far each run's ratio_to_reference lies from the median over the runs,
      the worst first, then how many cases stay within 10% in every run.

  python3 scripts/time_stability.py builds --first A.csv ... --second B.csv ... [--suites dispatch]
      Compares two builds run alternately: per case, the median over each build's runs of the 10th
      percentile, and how much the first build's exceeds the second's, the largest difference
      first (docs/measurement.md, "Counting and timing in child processes").

All print a summary line `worst: ...` last. Problems with the input are one line on stderr,
`time_stability.py: error: ...`, exit status 2. Needs only the standard library.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import results_csv

PROG = "time_stability.py"
DEFAULT_SUITES = "dispatch,state-copy,layout"


def fail(message: str) -> None:
    print(f"{PROG}: error: {message}", file=sys.stderr)
    sys.exit(2)


def time_rows(path: Path, suites: set[str]) -> dict[tuple[str, ...], dict[str, str]]:
    """The time rows of measured (non-reference) cases of `suites`, keyed by case."""
    try:
        rows = results_csv.read(path)
    except results_csv.ResultsCSVError as error:
        fail(f"cannot read {error}")
    selected = {}
    for row in rows:
        if row.get("metric") == "time" and row.get("suite") in suites and row.get("architecture") != "reference":
            selected[(row["suite"], row["architecture"], row["feature"], row["layout"], row["n"])] = row
    if not selected:
        fail(f"{path} has no time rows of {', '.join(sorted(suites))}")
    return selected


def filter_terms(case: tuple[str, ...]) -> str:
    suite, architecture, feature, layout, n = case
    terms = [suite, architecture, feature] + ([layout] if layout else []) + ([f"n={n}"] if n else [])
    return ",".join(terms)


def ratio(row: dict[str, str]) -> float | None:
    value = row.get(results_csv.RATIO_COLUMN, "")
    return float(value) if value else None


def worst_first(item: tuple) -> float:
    return -max(item[0], 1 / item[0])


def run_alone(bench: str, case: tuple[str, ...], output: Path, suites: set[str]) -> dict[str, str]:
    """The time row of `case` from a `bench` process that runs just that case."""
    command = [bench, "--filter", filter_terms(case), "--output", str(output)]
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        fail(f"{' '.join(command)} failed: {done.stderr.strip().splitlines()[-1:]}")
    rows = time_rows(output, suites)
    if case not in rows:
        fail(f"{' '.join(command)} wrote no time row of {' '.join(p for p in case if p)}")
    return rows[case]


def alone(fulls: list[Path], bench: str, suites: set[str], runs: int) -> None:
    """Runs every case of the first full run alone and compares it with each of `fulls`."""
    if runs < 1:
        fail(f"--runs must be at least 1, not {runs}")
    tables = [time_rows(full, suites) for full in fulls]
    for full, table in zip(fulls[1:], tables[1:]):
        if set(table) != set(tables[0]):
            case = sorted(set(table) ^ set(tables[0]))[0]
            fail(f"{' '.join(p for p in case if p)} is in only one of {fulls[0]} and {full}")
    singles = measure_alone(sorted(tables[0]), bench, suites, runs)
    results = agreement(tables[0], singles)
    print("case | full | alone | full/alone | full/alone of p10 | full/alone of ratio_to_reference")
    for times, case, in_full, by_itself, unit, ratios, tenths in results:
        shown = f"{ratios:.3f}" if ratios else "-"
        print(f"{' '.join(p for p in case if p)} | {in_full:.4g} {unit} | {by_itself:.4g} {unit} | {times:.3f} | "
              f"{tenths:.3f} | {shown}")
    print(f"outside 15%: {outside_summary(results, tables[0])}")
    with_ratios = [(item[5], item[1]) for item in results if item[5]]
    if with_ratios:
        value, case = min(with_ratios, key=worst_first)
        print(f"worst ratio: {' '.join(p for p in case if p)} at {value:.3f} (full/alone of ratio_to_reference)")
    for full, table in zip(fulls[1:], tables[1:]):
        others = agreement(table, singles)
        times, case, *_ = others[0]
        print(f"against {full}: outside 15%: {outside_summary(others, table)}; worst median "
              f"{' '.join(p for p in case if p)} at {times:.3f}")
    times, case, *_ = results[0]
    print(f"worst: {' '.join(p for p in case if p)} at {times:.3f} (full/alone) over {len(results)} cases"
          + (f", alone the median of {runs} processes" if runs > 1 else ""))


def measure_alone(cases: list[tuple[str, ...]], bench: str, suites: set[str], runs: int) -> dict[tuple, list]:
    """Each case's time rows from `runs` processes that run just that case, one after another."""
    singles = {}
    with tempfile.TemporaryDirectory() as folder:
        for index, case in enumerate(cases, start=1):
            singles[case] = [run_alone(bench, case, Path(folder) / f"case-{index}-{k}.csv", suites)
                             for k in range(runs)]
            print(f"[{index}/{len(cases)}] {' '.join(p for p in case if p)}", file=sys.stderr)
    return singles


def agreement(table: dict[tuple, dict[str, str]], singles: dict[tuple, list]) -> list[tuple]:
    """Per case, the full run's median, 10th percentile and ratio over the alone processes' medians
    of the same, the worst median first."""
    results = []
    for case, measured in singles.items():
        row = table[case]
        by_itself = statistics.median(float(single["median"]) for single in measured)
        alone_ratios = [ratio(single) for single in measured]
        ratios = (ratio(row) / statistics.median(alone_ratios)
                  if ratio(row) and all(alone_ratios) else None)
        tenths = float(row["p10"]) / statistics.median(float(single["p10"]) for single in measured)
        results.append((float(row["median"]) / by_itself, case, float(row["median"]), by_itself, row["unit"],
                        ratios, tenths))
    return sorted(results, key=worst_first)


def outside_summary(results: list[tuple], table: dict[tuple, dict[str, str]]) -> str:
    """How many medians, 10th percentiles and ratios lie outside 15%, and how many of the medians
    outside are rows the full run flagged disturbed."""
    def outside(value: float | None) -> bool:
        return value is not None and max(value, 1 / value) > 1.15
    medians = [item[1] for item in results if outside(item[0])]
    flagged = sum(1 for case in medians if "disturbed" in table[case].get("flags", ""))
    with_ratios = [item for item in results if item[5]]
    return (f"{len(medians)} of {len(results)} medians ({flagged} of them flagged disturbed in the full run), "
            f"{sum(1 for item in results if outside(item[6]))} of {len(results)} p10s, "
            f"{sum(1 for item in with_ratios if outside(item[5]))} of {len(with_ratios)} ratios")


def repeat(runs: list[Path], suites: set[str]) -> None:
    if len(runs) < 2:
        fail("repeat needs at least two runs")
    tables = [time_rows(path, suites) for path in runs]
    deviations = []
    for case in sorted(tables[0]):
        ratios = [float(table[case][results_csv.RATIO_COLUMN]) for table in tables if case in table]
        if len(ratios) != len(tables):
            fail(f"{' '.join(p for p in case if p)} is missing from a run")
        middle = statistics.median(ratios)
        worst = max(ratios, key=lambda value: abs(value / middle - 1))
        deviations.append((worst / middle - 1, case, ratios))
    deviations.sort(key=lambda item: -abs(item[0]))
    print("case | deviation from the median ratio | ratios")
    for deviation, case, ratios in deviations:
        print(f"{' '.join(p for p in case if p)} | {deviation * 100:+.1f}% | {', '.join(f'{r:.4g}' for r in ratios)}")
    within = sum(1 for deviation, _, _ in deviations if abs(deviation) <= 0.10)
    print(f"within 10% of the median in every run: {within} of {len(deviations)} cases")
    deviation, case, _ = deviations[0]
    print(f"worst: {' '.join(p for p in case if p)} at {deviation * 100:+.1f}% over {len(deviations)} cases "
          f"and {len(runs)} runs")


def p10_medians(runs: list[Path], suites: set[str]) -> dict[tuple[str, ...], float]:
    """Per case, the median over `runs` of its 10th percentile."""
    tables = [time_rows(path, suites) for path in runs]
    medians = {}
    for case in tables[0]:
        values = [float(table[case]["p10"]) for table in tables if case in table]
        if len(values) != len(tables):
            fail(f"{' '.join(p for p in case if p)} is missing from a run")
        medians[case] = statistics.median(values)
    return medians


def builds(first: list[Path], second: list[Path], suites: set[str]) -> None:
    one, other = p10_medians(first, suites), p10_medians(second, suites)
    if set(one) != set(other):
        case = sorted(set(one) ^ set(other))[0]
        fail(f"{' '.join(p for p in case if p)} is measured by one build only")
    differences = sorted(((one[case] / other[case] - 1, case) for case in one), key=lambda item: -abs(item[0]))
    print("case | first build p10 | second build p10 | first/second - 1")
    for difference, case in differences:
        print(f"{' '.join(p for p in case if p)} | {one[case]:.4g} | {other[case]:.4g} | {difference * 100:+.1f}%")
    difference, case = differences[0]
    print(f"worst: {' '.join(p for p in case if p)} at {difference * 100:+.1f}% over {len(differences)} cases")


def main() -> None:
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    alone_parser = sub.add_parser("alone")
    alone_parser.add_argument("full", type=Path, nargs="+")
    alone_parser.add_argument("--bench", default=".build/release/bench")
    alone_parser.add_argument("--suites", default=DEFAULT_SUITES)
    alone_parser.add_argument("--runs", type=int, default=1)
    repeat_parser = sub.add_parser("repeat")
    repeat_parser.add_argument("runs", type=Path, nargs="+")
    repeat_parser.add_argument("--suites", default=DEFAULT_SUITES)
    builds_parser = sub.add_parser("builds")
    builds_parser.add_argument("--first", type=Path, nargs="+", required=True)
    builds_parser.add_argument("--second", type=Path, nargs="+", required=True)
    builds_parser.add_argument("--suites", default="dispatch")
    arguments = parser.parse_args()
    suites = set(arguments.suites.split(","))
    if arguments.command == "alone":
        alone(arguments.full, arguments.bench, suites, arguments.runs)
    elif arguments.command == "builds":
        builds(arguments.first, arguments.second, suites)
    else:
        repeat(arguments.runs, suites)


if __name__ == "__main__":
    main()
