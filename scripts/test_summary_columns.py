"""The columns of `bench --format table` and of the README's summary table are the same list:
python3 -m unittest discover -s scripts -p 'test_*.py'

The Swift list is RunSummary.columns (Sources/Harness/BenchmarkSummary/RunSummary.swift); its titles are read
from the source. The Python table's titles are read from the header row summary_table prints."""

from __future__ import annotations

import re
import sys
import unittest
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent
sys.path.insert(0, str(SCRIPTS))

import results_table  # noqa: E402

SWIFT = SCRIPTS.parent / "Sources" / "Harness" / "BenchmarkSummary" / "RunSummary.swift"
COLUMN = re.compile(r'^\s*Column\("([^"]+)"(.*)$', re.MULTILINE)


def swift_titles(source: str, instructions: bool) -> list[str]:
    """The titles of RunSummary.columns, in order; those marked `needsInstructions: true` only when
    `instructions`."""
    body = source.split("static let columns: [Column] = [", 1)[1].split("\n    ]\n", 1)[0]
    return [title for title, rest in COLUMN.findall(body)
            if instructions or "needsInstructions: true" not in rest]


class FakeResults:
    """Enough of results_table.Results for summary_table: one architecture, every median 1."""

    architectures = ["closure-effects"]
    path = link = results_page = "results.csv"

    def median(self, *key: str) -> float:
        return 1.0


def python_titles(instructions: bool) -> list[str]:
    table = results_table.summary_table(FakeResults(), FakeResults() if instructions else None)
    return [cell.strip() for cell in table.splitlines()[0].strip("|").split("|")]


class SummaryColumnsTests(unittest.TestCase):
    def test_swift_list_is_read(self) -> None:
        titles = swift_titles(SWIFT.read_text(encoding="utf-8"), instructions=True)
        self.assertEqual(titles[0], "architecture")
        self.assertIn("increment (instructions)", titles)
        self.assertNotIn("increment (instructions)",
                         swift_titles(SWIFT.read_text(encoding="utf-8"), instructions=False))

    def test_same_titles_in_the_same_order(self) -> None:
        source = SWIFT.read_text(encoding="utf-8")
        for instructions in (False, True):
            with self.subTest(instructions=instructions):
                self.assertEqual(swift_titles(source, instructions), python_titles(instructions))

    def test_a_drift_is_caught(self) -> None:
        source = SWIFT.read_text(encoding="utf-8").replace('Column("tasks/effect")', 'Column("tasks")')
        self.assertNotEqual(swift_titles(source, False), python_titles(False))


if __name__ == "__main__":
    unittest.main()
