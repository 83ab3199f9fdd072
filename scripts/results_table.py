#!/usr/bin/env python3
"""Print the README's results table from a CSV written by `bench`, or check the README against it.

Usage: python3 scripts/results_table.py results/baseline.csv [--check README.md]

Without --check, prints the Markdown table (one row per architecture, in the order the CSV's
`dispatch` suite names them) and the note under it. With --check, exits 1 if README.md does not
contain exactly that text, so the README's numbers cannot drift from the committed baseline.
Any problem with the input is reported as one line, `results_table.py: error: ...`, on stderr
with exit status 2. Needs only the standard library.
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path
from typing import NoReturn

PROG = "results_table.py"

COLUMNS = [
    "architecture", "increment (ns)", "updateAmount (ns)", "selectFrom (ns)", "sync mallocs/op",
    "loadQuote (µs)", "loadQuote mallocs", "submitTransfer (µs)", "tasks/effect",
    "N=1000 (µs), single / scoped / multi", "observers woken, single / scoped / multi",
    "growth exponent, single / scoped / multi", "no-op observers woken, single / scoped / multi",
    "state-copy N=10,000 (ns)", "completed transfer N=10,000 (B)", "retained B/effect",
]
LAYOUTS = ["single-store", "single-store-scoped", "multi-store"]
DISPATCH_FEATURES = ["counter/increment", "transfer/updateAmount", "transfer/selectFrom"]
NOTE_END = "Every row of every suite is in the CSV."


class TableError(Exception):
    """A problem with the input, reported as one line."""


def fail(message: str) -> NoReturn:
    print(f"{PROG}: error: {message}", file=sys.stderr)
    sys.exit(2)


class Results:
    """The medians of a result CSV, looked up by row key."""

    def __init__(self, path: Path) -> None:
        try:
            with path.open(newline="", encoding="utf-8") as file:
                rows = list(csv.DictReader(file))
        except OSError as error:
            raise TableError(f"cannot read {path}: {error.strerror}") from None
        self.medians: dict[tuple[str, ...], float] = {}
        self.architectures: list[str] = []
        for line, row in enumerate(rows, start=2):
            try:
                key = tuple(row[column] for column in
                            ("suite", "architecture", "feature", "metric", "layout", "n"))
                self.medians[key] = float(row["median"])
            except (KeyError, TypeError, ValueError):
                raise TableError(f"{path}, line {line}: not a bench result row") from None
            if row["configuration"] == "debug":
                raise TableError(f"{path}, line {line}: a debug-build row; tables need release runs")
            if row["suite"] == "dispatch" and row["architecture"] not in self.architectures:
                self.architectures.append(row["architecture"])
        if not self.architectures:
            raise TableError(f"{path}: no dispatch rows")

    def median(self, suite: str, architecture: str, feature: str, metric: str,
               layout: str = "", n: str = "") -> float:
        key = (suite, architecture, feature, metric, layout, n)
        if key not in self.medians:
            described = " ".join(part for part in key if part)
            raise TableError(f"no row for {described}")
        return self.medians[key]


def short(value: float) -> str:
    """A time in few characters: 2651, 13.0, 0.18."""
    return f"{value:.0f}" if value >= 100 else f"{value:.1f}" if value >= 1 else f"{value:.2f}"


def per_layout(results: Results, architecture: str, feature: str, metric: str, n: str,
               formatted) -> str:
    """One figure per layout (single / scoped / multi), `formatted` and joined with slashes."""
    return " / ".join(formatted(results.median("layout", architecture, feature, metric, layout, n))
                      for layout in LAYOUTS)


def table(results: Results) -> str:
    """The Markdown table and the note under it, as the README shows them."""
    m = results.median
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + " --- |" * len(COLUMNS)]
    for a in results.architectures:
        sync_mallocs = max(m("dispatch", a, f, "mallocs") for f in DISPATCH_FEATURES)
        cells = [
            f"`{a}`",
            f"{m('dispatch', a, 'counter/increment', 'time'):.1f}",
            f"{m('dispatch', a, 'transfer/updateAmount', 'time'):.1f}",
            f"{m('dispatch', a, 'transfer/selectFrom', 'time'):.1f}",
            f"{sync_mallocs:g}",
            f"{m('effects', a, 'counter/loadQuote', 'time'):.1f}",
            f"{m('effects', a, 'counter/loadQuote', 'mallocs'):.1f}",
            f"{m('effects', a, 'transfer/submitTransfer', 'time'):.1f}",
            f"{m('effects', a, 'counter/loadQuote', 'tasks'):g}",
            per_layout(results, a, "app/increment", "time", "1000", lambda ns: short(ns / 1000)),
            per_layout(results, a, "app/increment", "observers-woken", "1000", "{:g}".format),
            per_layout(results, a, "app/increment", "growth-exponent", "", "{:.2f}".format),
            per_layout(results, a, "app/no-op", "observers-woken", "1000", "{:g}".format),
            f"{m('state-copy', a, 'transfer/updateAmount', 'time', '', '10000'):.1f}",
            f"{m('state-copy', a, 'transfer/submitTransfer', 'bytes', '', '10000'):.0f}",
            f"{m('retention', a, 'counter/loadQuote', 'retained-bytes'):.3f}",
        ]
        lines.append("| " + " | ".join(cells) + " |")
    reference = m("baseline", "reference", "reference/struct-mutation", "time")
    closure = m("baseline", "reference", "reference/closure-call", "time")
    empty = m("baseline", "reference", "reference/empty", "time")
    round_trip = m("effects", "reference", "reference/round-trip", "time")
    decimal = m("baseline", "reference", "reference/decimal-equality", "mallocs")
    lines += [
        "",
        "Medians; \"sync mallocs/op\" is the largest of the three dispatch intents; effect counts "
        "are taken in serial mode. Layout figures are for `app/increment` at N = 1,000 (the "
        "exponent over N = 1 … 10,000), except the no-op's (`app/no-op`: selecting the tab already "
        "shown); \"completed transfer\" is what one `submitTransfer` allocates on a state of 10,000 "
        "accounts. The synchronous reference (`struct-mutation`) ran at "
        f"{reference:.2f} ns, an empty closure call at {closure:.2f} ns, a bare main actor → pool → "
        f"main actor round trip (the effects' reference) at {round_trip:.1f} µs; the harness costs "
        f"{empty:.0f} ns per sample (an empty body), and one `Decimal ==` allocates {decimal:.0f} "
        f"times. {NOTE_END}",
    ]
    return "\n".join(lines)


def main(arguments: list[str]) -> int:
    parser = argparse.ArgumentParser(prog=PROG, description="Print or check the README results table.")
    parser.add_argument("csv", type=Path, help="a CSV written by bench (results/baseline.csv)")
    parser.add_argument("--check", type=Path, metavar="README",
                        help="exit 1 unless this file contains the table exactly")
    parsed = parser.parse_args(arguments)
    try:
        text = table(Results(parsed.csv))
    except TableError as error:
        fail(str(error))
    if parsed.check is None:
        print(text)
        return 0
    try:
        readme = parsed.check.read_text(encoding="utf-8")
    except OSError as error:
        fail(f"cannot read {parsed.check}: {error.strerror}")
    if text in readme:
        print(f"{parsed.check}: the results table matches {parsed.csv}")
        return 0
    print(f"{parsed.check}: the results table differs from {parsed.csv}; replace it with the output of "
          f"'python3 scripts/{PROG} {parsed.csv}'", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
