"""Tests for results_table.py's style-against-library table: python3 -m unittest discover -s scripts -p 'test_*.py'"""

from __future__ import annotations

import csv
import shutil
import sys
import tempfile
import unittest
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent
sys.path.insert(0, str(SCRIPTS))

import results_table  # noqa: E402  (found through the path above)

ROOT = SCRIPTS.parent
MOBIUS = ROOT / "Examples" / "RealMobius" / "results"


def rows_of(path: Path) -> tuple[list[str], list[dict[str, str]]]:
    with path.open(newline="", encoding="utf-8") as file:
        reader = csv.DictReader(file)
        return list(reader.fieldnames or []), list(reader)


def median(rows: list[dict[str, str]], architecture: str, suite: str, feature: str, metric: str,
           layout: str = "", n: str = "") -> float:
    return next(float(row["median"]) for row in rows
                if (row["suite"], row["architecture"], row["feature"], row["metric"], row["layout"], row["n"])
                == (suite, architecture, feature, metric, layout, n))


class LibraryTableTest(unittest.TestCase):
    """The table reads each example's committed CSVs, from a copy of the repository's examples."""

    def setUp(self):
        self.root = Path(tempfile.mkdtemp(prefix="library-table-test-"))
        self.saved_root = results_table.EXAMPLES_ROOT
        results_table.EXAMPLES_ROOT = self.root
        self.mobius = self.root / "Examples" / "RealMobius" / "results"
        shutil.copytree(MOBIUS, self.mobius)
        self.results = results_table.Results(ROOT / "results" / "baseline.csv")

    def tearDown(self):
        results_table.EXAMPLES_ROOT = self.saved_root
        shutil.rmtree(self.root)

    def write(self, path: Path, header: list[str], rows: list[dict[str, str]]) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("w", newline="", encoding="utf-8") as file:
            writer = csv.DictWriter(file, fieldnames=header)
            writer.writeheader()
            writer.writerows(rows)

    def test_a_present_library_has_a_line_per_case_with_figures_and_ratios_from_its_csvs(self):
        table = results_table.library_table(self.results, None)
        _, quick = rows_of(MOBIUS / "quick.csv")
        _, counted = rows_of(MOBIUS / "instructions.csv")
        mine = median(counted, "mobius-core", "dispatch", "counter/increment", "instructions")
        theirs = median(counted, "effect-values", "dispatch", "counter/increment", "instructions")
        line = next(line for line in table.splitlines() if line.startswith("| MobiusCore") and "per action" in line)
        self.assertIn(results_table.count(mine), line)
        self.assertIn(results_table.count(theirs), line)
        self.assertIn(f"{mine / theirs:.1f}x", line)
        mallocs = median(quick, "mobius-core", "layout", "app/increment", "mallocs", "single-store", "1000")
        single = next(line for line in table.splitlines() if line.startswith("| MobiusCore") and "N = 1,000" in line)
        self.assertIn(f" · {mallocs:,.0f} · ", single)
        self.assertEqual(sum(line.startswith("| MobiusCore") for line in table.splitlines()),
                         len(results_table.LIBRARY_CASES))
        self.assertIn("**MobiusCore** beside `effect-values`", table)

    def test_an_effect_round_trip_without_instructions_shows_a_dash_and_its_time_in_microseconds(self):
        table = results_table.library_table(self.results, None)
        _, quick = rows_of(MOBIUS / "quick.csv")
        line = next(line for line in table.splitlines() if line.startswith("| MobiusCore") and "loadQuote" in line)
        time = median(quick, "mobius-core", "effects", "counter/loadQuote", "time")
        self.assertIn("| – · ", line)
        self.assertIn(results_table.duration(time * 1000), line)

    def test_a_library_without_committed_csvs_is_left_out_and_named(self):
        table = results_table.library_table(self.results, None)
        for library in results_table.LIBRARIES[1:]:
            self.assertNotIn(f"| {library.name} ", table)
            self.assertIn(f"- **{library.name}**: not in the table, as {library.folder}/results has no", table)
            self.assertIn(f"compared with `{library.nearest}`", table)
        self.assertIn("OneWay not in the table yet", results_table.library_line(self.results, None))

    def test_the_readme_line_gives_each_present_library_its_instruction_ratio(self):
        line = results_table.library_line(self.results, None)
        _, counted = rows_of(MOBIUS / "instructions.csv")
        ratio = (median(counted, "mobius-core", "dispatch", "counter/increment", "instructions")
                 / median(counted, "effect-values", "dispatch", "counter/increment", "instructions"))
        self.assertIn(f"MobiusCore {ratio:.1f}x `effect-values`'s instructions per increment", line)
        self.assertEqual(line.count("\n"), 0)

    def test_a_run_without_the_nearest_row_is_left_out_and_says_why(self):
        header, quick = rows_of(MOBIUS / "quick.csv")
        self.write(self.mobius / "quick.csv", header, [row for row in quick if row["architecture"] != "effect-values"])
        table = results_table.library_table(self.results, None)
        self.assertNotIn("| MobiusCore ", table)
        self.assertIn("- **MobiusCore**: not in the table, as Examples/RealMobius/results/quick.csv has no "
                      "`effect-values` rows measured in the same run", table)

    def test_a_run_with_two_outside_architectures_is_refused(self):
        header, quick = rows_of(MOBIUS / "quick.csv")
        extra = [dict(row, architecture="other-store") for row in quick if row["architecture"] == "mobius-core"]
        self.write(self.mobius / "quick.csv", header, quick + extra)
        with self.assertRaisesRegex(results_table.TableError, "mobius-core, other-store"):
            results_table.library_table(self.results, None)

    def test_a_ratio_over_zero_is_a_dash_and_one_over_100_has_no_decimals(self):
        self.assertEqual(results_table.ratio_cell((4.0, 2.0, None), (2.0, 0.0, 5.0)), "2.0x · – · –")
        self.assertEqual(results_table.ratio_cell((1004.0, 3.0), (3.0, 3.0)), "335x · 1.0x")

    def test_style_floor_note_links_to_the_library_table(self):
        note = results_table.floor_note(["effect-values"], "results.md")
        self.assertIn(f"(results.md#{results_table.LIBRARY_ANCHOR})", note)
        page = (ROOT / "docs" / "results.md").read_text(encoding="utf-8")
        self.assertIn(f"## {results_table.LIBRARY_HEADING}\n", page)


if __name__ == "__main__":
    unittest.main()
