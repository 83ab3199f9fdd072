"""The one reader of the result CSV `bench` writes, for every script that reads one.

`read(path)` checks the header, the field count of every record and that no row key repeats, and
returns each row as a dict by column name. Files written before the reference suite and its ratio
column were renamed still read: the old header spelling `ratio_to_baseline` is accepted, and both
that column and the suite `baseline` come back under today's names (`ratio_to_reference`,
`reference`), so a script only ever sees one spelling. Files written before the selection columns
(`rounds_set_aside`, `best_of_process`: how many disturbed rounds a time row left out, and which
`--best-of` process a row came from) still read, with those columns empty. Numbers stay text: what
a script needs of them, and how it reports a bad one, is its own.
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
HEADER_BEFORE_SELECTION = HEADER[:-len(SELECTION_COLUMNS)]
KEY_COLUMNS = ["suite", "architecture", "feature", "layout", "n", "metric"]
REFERENCE_SUITE = "reference"
REFERENCE_ARCHITECTURE = "reference"
# The spellings of files written before the renames, and what they are called now.
OLD_COLUMNS = {"ratio_to_baseline": RATIO_COLUMN}
OLD_SUITES = {"baseline": REFERENCE_SUITE}


class ResultsCSVError(Exception):
    """A problem with a result file, as one line naming the file (and line, where there is one)."""


def read(path: Path) -> list[dict[str, str]]:
    """The rows of the result CSV at `path`, by today's column names and suite names."""
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
    header = [OLD_COLUMNS.get(name, name) for name in records[0]]
    if header not in (HEADER, HEADER_BEFORE_SELECTION):
        raise ResultsCSVError(f"{path} line 1: the header is not {','.join(HEADER)}")
    return rows(path, records[1:], len(header))


def rows(path: Path, records: list[list[str]], width: int = len(HEADER)) -> list[dict[str, str]]:
    """The records after the header, each of `width` fields (the header's), as rows with every
    column of HEADER (those the file was written without, empty); blank lines are skipped."""
    found, seen = [], set()
    for line, fields in enumerate(records, start=2):
        if not fields:
            continue
        if len(fields) != width:
            raise ResultsCSVError(f"{path} line {line}: expected {width} fields, found {len(fields)}")
        row = dict(zip(HEADER, fields + [""] * (len(HEADER) - width), strict=True))
        row["suite"] = OLD_SUITES.get(row["suite"], row["suite"])
        key = tuple(row[name] for name in KEY_COLUMNS)
        if key in seen:
            raise ResultsCSVError(f"{path} line {line}: duplicate row {','.join(key)}")
        seen.add(key)
        found.append(row)
    return found
