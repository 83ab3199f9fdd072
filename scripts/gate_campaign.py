#!/usr/bin/env python3
"""Summarise a campaign of gate comparisons: how far clean runs' time ratios moved, per class of row.

Usage: python3 scripts/gate_campaign.py BASELINE.csv COMPARISON.json [COMPARISON.json ...]
                                        [--min-ratio R]

Each COMPARISON.json is what `bench compare BASELINE.csv CURRENT.csv --format json` printed. The
script reads every compared time ratio (metrics of unit `ratio`), sorts it into one of four classes
the gate gives tolerances to (docs/gate.md): `effects` (round trips of the effects suite),
`submit` (state-copy's transfer/submitTransfer round trips), `heavy` (a synchronous case that
allocates at least 32 KiB or retains at least 10,000 objects per operation in BASELINE.csv, as
`ResultRow.heavyCases` says) and `light` (every other synchronous case), and prints per class how many ratios were
compared, the largest fall and the largest rise in percent, and the row of the largest rise; then
how many comparisons passed and the verdicts they reported. With --min-ratio, rows whose baseline
ratio is below R are left out (the gate never fails a ratio that moves by less than 0.01).

This is the command behind the campaigns in docs/evidence/ that chose and checked the gate's time
tolerances. BASELINE.csv is read with results_csv.py. Problems with the input are one line on
stderr, `gate_campaign.py: error: ...`, exit status 2. Needs only the standard library.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import NoReturn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results_csv  # noqa: E402

PROG = "gate_campaign.py"
HEAVY = {"bytes": 32 * 1024, "retains": 10_000}
CLASSES = ("light", "heavy", "effects", "submit")


class CampaignError(Exception):
    """A problem with the input, reported as one line."""


def fail(message: str) -> NoReturn:
    print(f"{PROG}: error: {message}", file=sys.stderr)
    sys.exit(2)


def case_name(row: dict[str, str]) -> str:
    """The report's name of a row's case, without the metric: suite/architecture/feature[/layout][/n=N]."""
    parts = [row["suite"], row["architecture"], row["feature"]]
    parts += [row["layout"]] if row["layout"] else []
    parts += [f"n={row['n']}"] if row["n"] else []
    return "/".join(parts)


def heavy_cases(baseline: Path) -> set[str]:
    """The names of the cases that allocate at least 32 KiB or retain at least 10,000 objects per
    operation in `baseline`."""
    try:
        rows = results_csv.read(baseline)
    except results_csv.ResultsCSVError as error:
        raise CampaignError(str(error)) from None
    heavy = set()
    for line, row in enumerate(rows, start=2):
        try:
            if row["metric"] in HEAVY and float(row["median"]) >= HEAVY[row["metric"]]:
                heavy.add(case_name(row))
        except ValueError:
            raise CampaignError(f"{baseline} line {line}: the median is not a number") from None
    return heavy


def row_class(name: str, heavy: set[str]) -> str:
    """Which tolerance class a time metric's name belongs to."""
    case = name.rsplit("/", 1)[0]
    if name.startswith("effects/"):
        return "effects"
    if name.startswith("state-copy/") and "/transfer/submitTransfer/" in name:
        return "submit"
    return "heavy" if case in heavy else "light"


def read_comparison(path: Path) -> dict:
    try:
        report = json.loads(path.read_text(encoding="utf-8"))
        report["metrics"], report["verdict"], report["verdicts"]
    except OSError as error:
        raise CampaignError(f"cannot read {path}: {error.strerror}") from None
    except (ValueError, KeyError, TypeError):
        raise CampaignError(f"{path}: not the JSON of 'bench compare --format json'") from None
    return report


def summary(reports: list[dict], heavy: set[str], min_ratio: float) -> list[str]:
    """The lines to print: one per class, then the comparisons' verdicts."""
    moves: dict[str, list[tuple[float, str]]] = {name: [] for name in CLASSES}
    for report in reports:
        for metric in report["metrics"]:
            if metric.get("unit") != "ratio" or "changePercent" not in metric:
                continue
            if metric["baseline"] < min_ratio:
                continue
            moves[row_class(metric["name"], heavy)].append((metric["changePercent"], metric["name"]))
    lines = []
    for name in CLASSES:
        if not moves[name]:
            lines.append(f"{name:8} 0 ratios")
            continue
        lowest, highest = min(moves[name]), max(moves[name])
        lines.append(f"{name:8} {len(moves[name])} ratios, {lowest[0]:+.1f}% to {highest[0]:+.1f}% "
                     f"(highest: {highest[1]})")
    passed = sum(report["verdict"] == "pass" for report in reports)
    totals: dict[str, int] = {}
    for report in reports:
        for verdict, number in report["verdicts"].items():
            totals[verdict] = totals.get(verdict, 0) + number
    reported = ", ".join(f"{verdict} {number}" for verdict, number in sorted(totals.items())
                         if verdict != "unchanged")
    lines.append(f"comparisons: {len(reports)}, {passed} passed; verdicts: {reported}")
    return lines


def main(arguments: list[str]) -> int:
    parser = argparse.ArgumentParser(prog=PROG, description="Summarise gate comparisons' time ratios per class.")
    parser.add_argument("baseline", type=Path, help="the baseline CSV the comparisons were made against")
    parser.add_argument("comparisons", type=Path, nargs="+", metavar="COMPARISON.json")
    parser.add_argument("--min-ratio", type=float, default=0.0, metavar="R",
                        help="leave out rows whose baseline ratio is below R")
    parsed = parser.parse_args(arguments)
    try:
        heavy = heavy_cases(parsed.baseline)
        reports = [read_comparison(path) for path in parsed.comparisons]
    except CampaignError as error:
        fail(str(error))
    print("\n".join(summary(reports, heavy, parsed.min_ratio)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
