"""Tests for results_table.py: python3 -m unittest discover -s scripts -p 'test_*.py'"""

from __future__ import annotations

import csv
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent
sys.path.insert(0, str(SCRIPTS))

import results_table  # noqa: E402  (found through the path above)

BASELINE = SCRIPTS.parent / "results" / "baseline.csv"
INSTRUCTIONS = SCRIPTS.parent / "results" / "instructions-baseline.csv"


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPTS / "results_table.py"), *arguments],
                          capture_output=True, text=True, timeout=60, check=False)


def key(row: dict[str, str]) -> tuple[str, ...]:
    return tuple(row[column] for column in ("suite", "architecture", "feature", "layout", "n", "metric"))


def with_new_cases(rows: list[dict[str, str]]) -> list[dict[str, str]]:
    """`rows` plus the rows the table reads that a baseline written before them lacks: the
    `single-store-scoped` layout (a copy of the single store's rows), `app/no-op` in every layout
    (a copy of `app/increment`, no observer woken) and state-copy's `submitTransfer` bytes (48 per
    account). Rows the baseline has are kept as they are."""
    extra = []
    for row in rows:
        if (row["suite"], row["feature"]) == ("layout", "app/increment"):
            no_op = dict(row, feature="app/no-op")
            if row["metric"] == "observers-woken":
                no_op["median"] = "0"
            extra.append(no_op)
            if row["layout"] == "single-store":
                extra += [dict(row, layout="single-store-scoped"),
                          dict(no_op, layout="single-store-scoped")]
        if (row["suite"], row["feature"], row["metric"]) == ("state-copy", "transfer/updateAmount", "bytes"):
            extra.append(dict(row, feature="transfer/submitTransfer", median=str(48 * int(row["n"]))))
    present = {key(row) for row in rows}
    return rows + [row for row in extra if key(row) not in present]


class ResultsTableTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = Path(tempfile.mkdtemp(prefix="results-table-test-"))
        with BASELINE.open(newline="", encoding="utf-8") as file:
            reader = csv.DictReader(file)
            cls.header = reader.fieldnames
            cls.rows = with_new_cases(list(reader))
        cls.baseline = cls.folder / "baseline.csv"
        with cls.baseline.open("w", newline="", encoding="utf-8") as file:
            writer = csv.DictWriter(file, fieldnames=cls.header)
            writer.writeheader()
            writer.writerows(cls.rows)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.folder)

    def write(self, name: str, rows: list[dict[str, str]]) -> Path:
        path = self.folder / name
        with path.open("w", newline="", encoding="utf-8") as file:
            writer = csv.DictWriter(file, fieldnames=self.header)
            writer.writeheader()
            writer.writerows(rows)
        return path

    def test_one_row_per_architecture_with_every_column(self):
        result = run(str(self.baseline))
        self.assertEqual(result.returncode, 0, result.stderr)
        lines = result.stdout.splitlines()
        lines = lines[lines.index(next(line for line in lines if line.startswith("| architecture"))):]
        architectures = list(dict.fromkeys(r["architecture"] for r in self.rows if r["suite"] == "dispatch"))
        self.assertEqual([line.split(" | ")[0] for line in lines[2:2 + len(architectures)]],
                         [f"| {results_table.architecture_cell(a)}" for a in architectures])
        for line in lines[:2 + len(architectures)]:
            self.assertEqual(line.count("|"), 17, line)

    def test_style_floor_rows_are_labelled_in_both_tables_and_explained(self):
        result = run(str(self.baseline), "--instructions", str(INSTRUCTIONS))
        self.assertEqual(result.returncode, 0, result.stderr)
        rows = [line for line in result.stdout.splitlines() if line.startswith("| `")]
        for arch in results_table.STYLE_FLOOR_ROWS:
            with self.subTest(architecture=arch):
                labelled = [line for line in rows if line.startswith(f"| `{arch}` (style's floor")]
                self.assertEqual(len(labelled), 2, "one row in each table")
        self.assertEqual(len([line for line in rows if "(style's floor" in line]),
                         2 * len(results_table.STYLE_FLOOR_ROWS))
        self.assertTrue(rows[0].startswith("| `observable-viewmodel` | "), "other rows carry no label")
        self.assertIn("`effect-values` (style's floor; scoped: own selector) |", result.stdout)
        self.assertIn("so its figures are the least the style costs, not the library's cost", result.stdout)

    def test_no_label_and_no_note_without_a_style_floor_row(self):
        self.assertEqual(results_table.architecture_cell("store-subclass"), "`store-subclass`")
        self.assertEqual(results_table.floor_note(["store-subclass", "local-reducer"]), "")

    def test_values_come_from_the_csv(self):
        rows = [dict(r) for r in self.rows]
        for row in rows:
            if (row["suite"], row["feature"], row["metric"]) == ("dispatch", "counter/increment", "time"):
                row["median"] = "1234.5"
        result = run(str(self.write("changed.csv", rows)))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.count("| 1234.5 |"), len({r["architecture"] for r in rows
                                                                  if r["suite"] == "dispatch"}))

    def test_layout_columns_show_single_scoped_and_multi_in_that_order(self):
        rows = [dict(r) for r in self.rows]
        woken = {"single-store": "777", "single-store-scoped": "1", "multi-store": "0"}
        for row in rows:
            if (row["suite"], row["feature"], row["n"], row["metric"]) == (
                    "layout", "app/no-op", "1000", "observers-woken"):
                row["median"] = woken[row["layout"]]
        result = run(str(self.write("no-op.csv", rows)))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.count("| 777 / 1 / 0 |"), len({r["architecture"] for r in rows
                                                                        if r["suite"] == "dispatch"}))

    def test_an_exponent_that_rounds_to_zero_has_no_sign(self):
        rows = [dict(r) for r in self.rows]
        exponents = {"single-store": "-0.004", "single-store-scoped": "-0.006", "multi-store": "0.001"}
        for row in rows:
            if (row["suite"], row["feature"], row["metric"]) == ("layout", "app/increment", "growth-exponent"):
                row["median"] = exponents[row["layout"]]
        result = run(str(self.write("exponents.csv", rows)))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.count("| 0.00 / -0.01 / 0.00 |"), len({r["architecture"] for r in rows
                                                                                if r["suite"] == "dispatch"}))

    def test_check_passes_on_a_readme_holding_the_table_and_fails_otherwise(self):
        table = run(str(self.baseline)).stdout
        readme = self.folder / "README.md"
        readme.write_text(f"# Title\n\n{table}\nMore text.\n", encoding="utf-8")
        self.assertEqual(run(str(self.baseline), "--check", str(readme)).returncode, 0)
        first_number = table.splitlines()[2].split(" | ")[1]
        readme.write_text(table.replace(f" | {first_number} | ", " | 0.1 | ", 1), encoding="utf-8")
        result = run(str(self.baseline), "--check", str(readme))
        self.assertEqual(result.returncode, 1)
        self.assertIn("differ from the CSVs", result.stderr)

    def test_counts_table_takes_instructions_from_their_csv_and_retains_from_the_first(self):
        with INSTRUCTIONS.open(newline="", encoding="utf-8") as file:
            instructions = [dict(r) for r in csv.DictReader(file)]
        for row in instructions:
            if (row["suite"], row["feature"]) == ("dispatch", "counter/increment"):
                row["median"] = "4321.4"
        rows = [dict(r) for r in self.rows]
        for row in rows:
            if (row["suite"], row["feature"], row["metric"]) == ("dispatch", "transfer/selectFrom", "retains"):
                row["median"] = "91"
        result = run(str(self.write("counts.csv", rows)), "--instructions",
                     str(self.write("instructions.csv", instructions)))
        self.assertEqual(result.returncode, 0, result.stderr)
        architectures = len({r["architecture"] for r in rows if r["suite"] == "dispatch"})
        counts = result.stdout.split("| architecture | increment instr/op")[1]
        self.assertEqual(counts.count("| 4,321 |"), architectures)
        self.assertEqual(counts.count("| 91 / "), architectures)
        self.assertNotIn("increment instr/op", run(str(self.baseline)).stdout)

    def test_metadata_lookup_column_from_the_rows_outside_the_lookups(self):
        with INSTRUCTIONS.open(newline="", encoding="utf-8") as file:
            instructions = [dict(r) for r in csv.DictReader(file)
                            if r["metric"] != "instructions-outside-metadata-lookups"]
        without = run(str(self.baseline), "--instructions", str(self.write("without.csv", instructions)))
        self.assertEqual(without.returncode, 0, without.stderr)
        self.assertNotIn("in metadata lookups", without.stdout)
        cases = {("layout", "app/increment", "single-store", "1000"): 100, ("effects", "counter/loadQuote", "", ""): 7}
        outside = []
        for row in instructions:
            spent = cases.get((row["suite"], row["feature"], row["layout"], row["n"]))
            if spent is not None and row["metric"] == "instructions":
                outside.append(dict(row, metric="instructions-outside-metadata-lookups",
                                    median=str(float(row["median"]) - spent)))
        result = run(str(self.baseline), "--instructions", str(self.write("with.csv", instructions + outside)))
        self.assertEqual(result.returncode, 0, result.stderr)
        architectures = len({r["architecture"] for r in self.rows if r["suite"] == "dispatch"})
        self.assertIn("| in metadata lookups, N=1000 single-store increment / loadQuote |", result.stdout)
        self.assertEqual(result.stdout.count(" | 100 / 7 |"), architectures)

    def test_write_replaces_the_marked_region_and_check_then_passes(self):
        arguments = [str(self.baseline), "--instructions", str(INSTRUCTIONS)]
        readme = self.folder / "WRITE.md"
        readme.write_text("# Title\n\n<!-- results tables: generated by scripts/results_table.py, do not "
                          "edit by hand -->\nSTALE TABLE\n<!-- end of results tables -->\n\nAfter.\n", encoding="utf-8")
        failed = run(*arguments, "--check", str(readme))
        self.assertEqual(failed.returncode, 1)
        self.assertIn(f"--instructions {INSTRUCTIONS} --write {readme}", failed.stderr)
        self.assertEqual(run(*arguments, "--write", str(readme)).returncode, 0)
        text = readme.read_text(encoding="utf-8")
        self.assertTrue(text.startswith("# Title\n\n<!-- results tables"))
        self.assertTrue(text.endswith("<!-- end of results tables -->\n\nAfter.\n"))
        self.assertNotIn("STALE TABLE", text)
        self.assertEqual(text.count("<!-- end of results tables -->"), 1)
        self.assertIn("increment instr/op", text)
        self.assertEqual(run(*arguments, "--check", str(readme)).returncode, 0)

    def region_file(self, name: str, *regions: str) -> Path:
        path = self.folder / name
        body = "".join(f"Text before.\n<!-- {r}: generated by scripts/results_table.py, do not edit by hand -->\n"
                       f"STALE\n<!-- end of {r} -->\n" for r in regions)
        path.write_text(f"# Title\n{body}After.\n", encoding="utf-8")
        return path

    def test_summary_table_has_one_row_per_architecture_and_its_figures_come_from_the_csv(self):
        rows = [dict(r) for r in self.rows]
        for row in rows:
            if (row["suite"], row["feature"], row["metric"]) == ("effects", "counter/loadQuote", "time"):
                row["median"] = "98.76"
        page = self.region_file("SUMMARY.md", "summary table")
        arguments = [str(self.write("summary.csv", rows)), "--instructions", str(INSTRUCTIONS)]
        self.assertEqual(run(*arguments, "--write", str(page)).returncode, 0)
        lines = [line for line in page.read_text(encoding="utf-8").splitlines() if line.startswith("| `")]
        architectures = list(dict.fromkeys(r["architecture"] for r in rows if r["suite"] == "dispatch"))
        self.assertEqual([line.split(" | ")[0] for line in lines],
                         [f"| {results_table.architecture_cell(a)}" for a in architectures])
        self.assertTrue(all(" | 98.8 | " in line and line.count("|") == 10 for line in lines))

    def test_key_figures_name_the_cheapest_style_from_the_csvs(self):
        with INSTRUCTIONS.open(newline="", encoding="utf-8") as file:
            instructions = [dict(r) for r in csv.DictReader(file)]
        last = [r for r in instructions if r["suite"] == "dispatch"][-1]["architecture"]
        for row in instructions:
            if (row["suite"], row["architecture"], row["feature"]) == ("dispatch", last, "counter/increment"):
                row["median"] = "42"
        page = self.region_file("FIGURES.md", "key figures")
        arguments = [str(self.baseline), "--instructions", str(self.write("cheap.csv", instructions))]
        self.assertEqual(run(*arguments, "--write", str(page)).returncode, 0)
        self.assertIn(f"`counter/increment` 42 (`{last}`) to ", page.read_text(encoding="utf-8"))

    def test_check_covers_every_region_of_every_file_and_names_the_stale_ones(self):
        arguments = [str(self.baseline), "--instructions", str(INSTRUCTIONS)]
        fresh = self.region_file("FRESH.md", "summary table", "key figures")
        stale = self.region_file("STALE.md", "results tables", "key figures")
        self.assertEqual(run(*arguments, "--write", str(fresh), str(stale)).returncode, 0)
        self.assertEqual(run(*arguments, "--check", str(fresh), str(stale)).returncode, 0)
        stale.write_text(stale.read_text(encoding="utf-8").replace("times a bare", "times one bare"), encoding="utf-8")
        result = run(*arguments, "--check", str(fresh), str(stale))
        self.assertEqual(result.returncode, 1)
        self.assertIn(f"{stale}: the generated tables differ", result.stderr)
        self.assertNotIn(f"{fresh}:", result.stderr)

    def test_an_unknown_region_is_refused(self):
        page = self.region_file("UNKNOWN.md", "summary table", "favourite colours")
        result = run(str(self.baseline), "--write", str(page))
        self.assertEqual(result.returncode, 2)
        self.assertIn("unknown generated region 'favourite colours'", result.stderr)

    def test_write_without_markers_is_refused(self):
        readme = self.folder / "PLAIN.md"
        readme.write_text("# Title\n", encoding="utf-8")
        result = run(str(self.baseline), "--write", str(readme))
        self.assertEqual(result.returncode, 2)
        self.assertIn("region to replace", result.stderr)
        self.assertEqual(readme.read_text(encoding="utf-8"), "# Title\n")

    def test_a_missing_row_is_named(self):
        rows = [r for r in self.rows if not (r["suite"] == "effects" and r["metric"] == "tasks")]
        result = run(str(self.write("missing.csv", rows)))
        self.assertEqual(result.returncode, 2)
        self.assertEqual(len(result.stderr.splitlines()), 1)
        self.assertIn("no row for effects", result.stderr)

    def test_debug_rows_are_refused(self):
        rows = [dict(r, configuration="debug") for r in self.rows]
        result = run(str(self.write("debug.csv", rows)))
        self.assertEqual(result.returncode, 2)
        self.assertIn("debug", result.stderr)

    def test_a_malformed_median_names_its_line(self):
        rows = [dict(r) for r in self.rows]
        rows[3]["median"] = "fast"
        result = run(str(self.write("malformed.csv", rows)))
        self.assertEqual(result.returncode, 2)
        self.assertIn("line 5", result.stderr)

    def test_a_missing_file_is_one_line(self):
        result = run(str(self.folder / "absent.csv"))
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stderr.count("\n"), 1)


class GeneratedFilesTest(unittest.TestCase):
    def test_ci_checks_every_markdown_file_that_holds_a_generated_region(self):
        root = SCRIPTS.parent
        holders = sorted(str(path.relative_to(root)) for path in root.rglob("*.md")
                         if not any(part.startswith(".") for part in path.relative_to(root).parts[:-1])
                         and "generated by scripts/results_table.py, do not edit by hand -->"
                         in path.read_text(encoding="utf-8"))
        ci = (root / ".ci" / "run").read_text(encoding="utf-8")
        command = next(line for line in ci.splitlines() if "results_table.py" in line and "--check" in line)
        self.assertEqual(sorted(command.split("--check", 1)[1].split()), holders)


if __name__ == "__main__":
    unittest.main()
