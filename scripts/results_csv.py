"""The one reader of the result CSV `bench` writes, for every script that reads one.

`read(path)` checks the header, the field count of every record and that no row key repeats, and
returns each row as a dict by column name. Only today's header reads: a file an older `bench` wrote
(its header starts with the key columns but is not today's) is refused with one line saying to
record it again, as `bench` itself refuses it. Numbers stay text: what a script needs of them, and
how it reports a bad one, is its own.
"""

from __future__ import annotations

import csv
from pathlib import Path

RATIO_COLUMN = "ratio_to_reference"
# The columns that say how a row was selected, last in the file; older files end before them.
SELECTION_COLUMNS = ["rounds_set_aside", "best_of_process"]
HEADER = [
    "suite", "architecture", "feature", "layout", "n", "metric", "unit", "median", "p10", "p25", "p75",
    "min", "max", "samples", RATIO_COLUMN, "configuration", "flags", *SELECTION_COLUMNS,
]
KEY_COLUMNS = ["suite", "architecture", "feature", "layout", "n", "metric"]
REFERENCE_SUITE = "reference"
REFERENCE_ARCHITECTURE = "reference"
OLDER_FILE = "written by an older bench (its header is not today's): record it again"


class ResultsCSVError(Exception):
    """A problem with a result file, as one line naming the file (and line, where there is one)."""


def read(path: Path) -> list[dict[str, str]]:
    """The rows of the result CSV at `path`, by column name."""
    path = Path(path)
    try:
        with path.open(newline="", encoding="utf-8") as file:
            records = list(csv.reader(file))
    except FileNotFoundError:
        raise ResultsCSVError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise ResultsCSVError(f"{path}: cannot read the CSV ({error})") from None
    if not records:
        raise ResultsCSVError(f"{path}: the file is empty")
    if records[0] != HEADER:
        if records[0][:len(KEY_COLUMNS)] == KEY_COLUMNS:
            raise ResultsCSVError(f"{path} line 1: {OLDER_FILE}")
        raise ResultsCSVError(f"{path} line 1: the header is not {','.join(HEADER)}")
    return rows(path, records[1:])


def rows(path: Path, records: list[list[str]]) -> list[dict[str, str]]:
    """The records after the header, each of HEADER's fields, as rows; blank lines are skipped."""
    found, seen = [], set()
    for line, fields in enumerate(records, start=2):
        if not fields:
            continue
        if len(fields) != len(HEADER):
            raise ResultsCSVError(f"{path} line {line}: expected {len(HEADER)} fields, found {len(fields)}")
        row = dict(zip(HEADER, fields, strict=True))
        key = tuple(row[name] for name in KEY_COLUMNS)
        if key in seen:
            raise ResultsCSVError(f"{path} line {line}: duplicate row {','.join(key)}")
        seen.add(key)
        found.append(row)
    return found
