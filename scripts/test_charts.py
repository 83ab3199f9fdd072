"""Tests for charts.py: every chart from a small generated CSV, and the one-line errors.

Run from the repository root: python3 -m unittest discover -s scripts -p 'test_*.py'
"""

from __future__ import annotations

import csv
import json
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent
SCRIPT = SCRIPTS / "charts.py"
sys.path.insert(0, str(SCRIPTS))

import charts  # noqa: E402  (found through the path above)

SVG = "{http://www.w3.org/2000/svg}svg"
DC_TITLE = ".//{http://purl.org/dc/elements/1.1/}title"
HEADER = charts.HEADER
ARCHITECTURES = ["store-subclass", "observable-viewmodel", "effect-values", "team-custom"]
COMMIT = "0123456789abcdef0123456789abcdef01234567"
# A word each chart's title must contain.
TITLE_WORDS = {
    "dispatch.svg": "Dispatch",
    "allocations.svg": "allocations",
    "layout.svg": "layout",
    "observers.svg": "Observers",
    "effects.svg": "Effect",
    "state-copy.svg": "State",
}


# The fixture's app/increment growth exponent per layout, and its app/no-op exponent (which the
# layout chart must not show).
LAYOUT_EXPONENTS = {"single-store": 1.0, "single-store-scoped": 0.5, "multi-store": 0.0}
NO_OP_EXPONENT = 0.25


def stat_row(suite, arch, feature, metric, unit, median, *, layout="", n="", spread=0.1,
             configuration="release"):
    """One CSV record with p25/p75 and min/max around `median`."""
    low, high = median * (1 - spread), median * (1 + spread)
    return [suite, arch, feature, layout, str(n), metric, unit, repr(median), repr(low), repr(low),
            repr(high), repr(low), repr(high), "5", "", configuration, "", "", ""]


def fixture_records(configuration: str = "release") -> list[list[str]]:
    """A small result set with rows for every suite the charts read."""
    records = [stat_row("baseline", "reference", "reference/empty", "time", "ns", 1.0,
                        configuration=configuration)]
    for index, arch in enumerate(ARCHITECTURES, start=1):
        def add(*args, **kwargs):
            records.append(stat_row(*args, configuration=configuration, **kwargs))

        for feature in ("counter/increment", "transfer/updateAmount"):
            for suite in ("dispatch", "dispatch-adapter"):
                add(suite, arch, feature, "time", "ns", 30.0 * index)
                add(suite, arch, feature, "mallocs", "count", float(index - 1), spread=0)
        for feature in ("counter/loadQuote", "transfer/submitTransfer"):
            add("effects", arch, feature, "time", "us", 70.0 + index)
            add("effects", arch, feature, "mallocs", "count", 10.0 * index, spread=0)
        for layout, exponent in LAYOUT_EXPONENTS.items():
            for n in (1, 10, 100):
                add("layout", arch, "app/increment", "time", "ns", 50.0 * index * n ** exponent,
                    layout=layout, n=n)
                add("layout", arch, "app/increment", "observers-woken", "count",
                    float(n ** exponent), layout=layout, n=n, spread=0)
                add("layout", arch, "app/no-op", "time", "ns", 7.0 * index, layout=layout, n=n)
                add("layout", arch, "app/no-op", "observers-woken", "count", 0.0, layout=layout,
                    n=n, spread=0)
            add("layout", arch, "app/increment", "growth-exponent", "exponent", exponent,
                layout=layout, spread=0)
            add("layout", arch, "app/no-op", "growth-exponent", "exponent", NO_OP_EXPONENT,
                layout=layout, spread=0)
        for n in (10, 100):
            add("state-copy", arch, "transfer/updateAmount", "time", "ns", 40.0 * index, n=n)
            add("state-copy", arch, "transfer/submitTransfer", "time", "us", 60.0 * index, n=n)
            add("state-copy", arch, "transfer/submitTransfer", "bytes", "B", 48.0 * n * index,
                n=n, spread=0)
    return records


def metadata(configuration: str = "release") -> dict:
    """A sidecar like the one bench writes."""
    return {
        "commit": COMMIT, "configuration": configuration, "cores": 2, "cpu": "Test CPU",
        "date": "2026-01-02T03:04:05Z", "operatingSystem": "Test OS 1",
        "options": ["--quick"], "swiftVersion": "Swift version 6.3.1 (swift-6.3.1-RELEASE)",
    }


def write_inputs(folder: Path, records: list[list[str]], header: list[str] = HEADER,
                 configuration: str = "release") -> Path:
    """Write results.csv and results.meta.json into `folder`; returns the CSV path."""
    path = folder / "results.csv"
    with path.open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file, lineterminator="\r\n")
        writer.writerow(header)
        writer.writerows(records)
    (folder / "results.meta.json").write_text(json.dumps(metadata(configuration)))
    return path


def settled_svg(path: Path) -> str:
    """The SVG's text with every number rounded to 4 decimals and clip-path ids (hashes of their
    rectangles) numbered in order: matplotlib's constrained layout can place a panel of a grid with
    hidden cells 1e-6 apart from one process to the next, which changes nothing a reader sees."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"-?\d+\.\d+", lambda m: f"{float(m.group()):.4f}", text)
    ids: dict[str, str] = {}
    return re.sub(r"\bp[0-9a-f]{10}\b", lambda m: ids.setdefault(m.group(), f"clip{len(ids)}"), text)


def run_charts(*args: str) -> subprocess.CompletedProcess:
    """Run charts.py as a user would."""
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          timeout=300, check=False)


def drawn_texts(path: Path) -> list[str]:
    """Every string drawn in the SVG: text is drawn as paths, each preceded by a comment."""
    parser = ET.XMLParser(target=ET.TreeBuilder(insert_comments=True))
    root = ET.parse(path, parser=parser).getroot()
    return [node.text.strip() for node in root.iter() if node.tag is ET.Comment]


class ChartsTest(unittest.TestCase):
    """Renders the fixture once (default --out) and checks the files."""

    @classmethod
    def setUpClass(cls):
        cls.folder = Path(tempfile.mkdtemp(prefix="charts-test-"))
        cls.csv = write_inputs(cls.folder, fixture_records())
        cls.result = run_charts(str(cls.csv))
        cls.out = cls.folder / "charts"

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.folder)

    def test_run_succeeds_quietly_on_stderr(self):
        self.assertEqual(self.result.returncode, 0, self.result.stderr)
        self.assertEqual(self.result.stderr, "")

    def test_every_chart_is_a_non_empty_svg_with_its_title(self):
        self.assertEqual(sorted(p.name for p in self.out.iterdir()), sorted(charts.CHARTS))
        for name, word in TITLE_WORDS.items():
            with self.subTest(chart=name):
                root = ET.parse(self.out / name).getroot()
                self.assertEqual(root.tag, SVG)
                self.assertGreater(len(root), 0)
                title = root.find(DC_TITLE)
                self.assertIsNotNone(title)
                self.assertIn(word, title.text)
                self.assertEqual(root.findtext("{http://www.w3.org/2000/svg}title"), title.text)
                self.assertIn(title.text, drawn_texts(self.out / name))

    def test_every_chart_names_the_architectures_and_the_machine(self):
        for name in charts.CHARTS:
            texts = drawn_texts(self.out / name)
            with self.subTest(chart=name):
                for arch in ARCHITECTURES:
                    self.assertTrue(any(arch in text for text in texts), arch)
                self.assertIn("Test CPU, 2 cores, Test OS 1", texts)
                self.assertIn("Swift 6.3.1, release build, quick run, 2026-01-02 03:04 UTC, "
                              f"commit {COMMIT[:7]}", texts)

    def test_layout_legend_shows_growth_exponents(self):
        texts = drawn_texts(self.out / "layout.svg")
        self.assertIn("store-subclass, single-store  ($k$ = 1.00)", texts)
        self.assertIn("store-subclass, multi-store  ($k$ = 0.00)", texts)
        self.assertIn("store-subclass, single-store-scoped  ($k$ = 0.50)", texts)
        self.assertFalse([text for text in texts if "0.25" in text], "a no-op exponent is shown")

    def test_style_floor_rows_and_own_selectors_are_labelled_in_every_legend(self):
        for name in ["dispatch.svg", "layout.svg", "state-copy.svg"]:
            with self.subTest(chart=name):
                texts = drawn_texts(self.out / name)
                self.assertTrue(any(text.startswith("effect-values (style's floor)") for text in texts))
                self.assertFalse(any("store-subclass (" in text for text in texts))
        texts = drawn_texts(self.out / "layout.svg")
        self.assertIn("effect-values (style's floor), single-store-scoped (own selector)  ($k$ = 0.50)",
                      texts)
        self.assertIn("effect-values (style's floor), multi-store  ($k$ = 0.00)", texts)
        self.assertIn("store-subclass, single-store-scoped  ($k$ = 0.50)", texts)

    def test_state_copy_chart_shows_the_bytes_of_a_completed_transfer(self):
        texts = drawn_texts(self.out / "state-copy.svg")
        self.assertIn("completed transfer: bytes allocated (log scale)", texts)
        self.assertIn("updateAmount: time per action (log scale)", texts)

    def test_output_is_identical_on_a_second_run(self):
        second = self.folder / "again"
        result = run_charts(str(self.csv), "--out", str(second))
        self.assertEqual(result.returncode, 0, result.stderr)
        for name in charts.CHARTS:
            with self.subTest(chart=name):
                self.assertEqual(settled_svg(second / name), settled_svg(self.out / name))


def instruction_records(layout: bool = True) -> list[list[str]]:
    """Rows like those of `bench --instructions`: dispatch and, if `layout`, app/increment at each N."""
    records = []
    for index, arch in enumerate(ARCHITECTURES, start=1):
        for feature in ("counter/increment", "transfer/updateAmount"):
            records.append(stat_row("dispatch", arch, feature, "instructions", "count",
                                    1000.0 * index + 234, spread=0))
        for name in LAYOUT_EXPONENTS if layout else ():
            for n in (1, 10, 100):
                records.append(stat_row("layout", arch, "app/increment", "instructions", "count",
                                        900.0 * index * n, layout=name, n=n, spread=0))
    return records


def retain_records() -> list[list[str]]:
    """Retains per dispatch intent, as the default run writes them."""
    return [stat_row("dispatch", arch, feature, "retains", "count", float(10 * index + 7), spread=0)
            for index, arch in enumerate(ARCHITECTURES, start=1)
            for feature in ("counter/increment", "transfer/updateAmount")]


class CountsChartTest(unittest.TestCase):
    """--instructions adds counts.svg: instructions and retains per intent, instructions by N."""

    def run_with(self, instructions: list[list[str]]) -> tuple[subprocess.CompletedProcess, Path]:
        main = write_inputs(self.folder, fixture_records() + retain_records())
        extra = self.folder / "instructions"
        extra.mkdir(exist_ok=True)
        out = self.folder / "out"
        result = run_charts(str(main), "--instructions", str(write_inputs(extra, instructions)),
                            "--out", str(out))
        return result, out

    def setUp(self):
        self.folder = Path(tempfile.mkdtemp(prefix="charts-counts-"))

    def tearDown(self):
        shutil.rmtree(self.folder)

    def test_counts_chart_shows_instructions_and_retains_per_intent_and_layout(self):
        result, out = self.run_with(instruction_records())
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(sorted(p.name for p in out.iterdir()), sorted([*charts.CHARTS, "counts.svg"]))
        self.assertIn(str(out / "counts.svg"), result.stdout.splitlines())
        texts = drawn_texts(out / "counts.svg")
        self.assertIn("Exact counts per operation (same in every run)", texts)
        self.assertIn("Layout: instructions per app/increment", texts)
        self.assertIn("instructions: Swift 6.3.1, release build, quick run, 2026-01-02 03:04 UTC, "
                      f"commit {COMMIT[:7]}; retains: commit {COMMIT[:7]}", texts)
        for index in range(1, len(ARCHITECTURES) + 1):
            self.assertEqual(texts.count(str(1000 * index + 234)), 2)
            self.assertEqual(texts.count(str(10 * index + 7)), 2)

    def test_instructions_without_layout_rows_name_the_chart(self):
        result, out = self.run_with(instruction_records(layout=False))
        self.assertEqual(result.returncode, 2)
        self.assertIn("counts.svg", result.stderr)
        self.assertIn("no rows", result.stderr)
        self.assertFalse(out.exists())


class ErrorTest(unittest.TestCase):
    """Bad input: one `charts.py: error:` line, exit status 2, no chart written."""

    def setUp(self):
        self.folder = Path(tempfile.mkdtemp(prefix="charts-error-"))
        self.out = self.folder / "charts"

    def tearDown(self):
        shutil.rmtree(self.folder)

    def assert_fails(self, csv_path: Path, *words: str, extra: tuple[str, ...] = ()):
        """Run on `csv_path`; expect exit 2, one error line holding `words`, nothing written."""
        result = run_charts(str(csv_path), "--out", str(self.out), *extra)
        self.assertEqual(result.returncode, 2, result.stderr)
        self.assertEqual(result.stdout, "")
        lines = result.stderr.splitlines()
        self.assertEqual(len(lines), 1, result.stderr)
        self.assertTrue(lines[0].startswith("charts.py: error: "), lines[0])
        for word in words:
            self.assertIn(word, lines[0])
        self.assertFalse(self.out.exists())

    def test_missing_csv(self):
        self.assert_fails(self.folder / "absent.csv", "absent.csv", "no such file")

    def test_missing_sidecar(self):
        path = write_inputs(self.folder, fixture_records())
        (self.folder / "results.meta.json").unlink()
        self.assert_fails(path, "results.meta.json", "no such file")

    def test_wrong_header(self):
        header = ["suite", "architecture", "feature", "layout", "n", "metric", "unit", "median"]
        path = write_inputs(self.folder, fixture_records(), header=header)
        self.assert_fails(path, "line 1", "header")

    def test_non_numeric_median(self):
        records = fixture_records()
        records[3][HEADER.index("median")] = "fast"
        self.assert_fails(write_inputs(self.folder, records), "line 5", "median", "'fast'")

    def test_missing_column_in_a_row(self):
        records = fixture_records()
        del records[2][HEADER.index("p75")]
        self.assert_fails(write_inputs(self.folder, records), "line 4", f"expected {len(HEADER)} fields")

    def test_debug_rows_are_refused(self):
        records = fixture_records()
        records[5][HEADER.index("configuration")] = "debug"
        self.assert_fails(write_inputs(self.folder, records), "debug", "--allow-debug")

    def test_no_rows_for_a_chart(self):
        records = [record for record in fixture_records() if record[0] != "state-copy"]
        self.assert_fails(write_inputs(self.folder, records), "state-copy.svg", "no rows")

    def test_unknown_option(self):
        self.assert_fails(write_inputs(self.folder, fixture_records()), "--colour",
                          extra=("--colour",))

    def test_failure_leaves_existing_charts_alone(self):
        self.out.mkdir()
        (self.out / "dispatch.svg").write_text("old")
        records = [record for record in fixture_records() if record[0] != "effects"]
        result = run_charts(str(write_inputs(self.folder, records)), "--out", str(self.out))
        self.assertEqual(result.returncode, 2)
        self.assertEqual(sorted(p.name for p in self.out.iterdir()), ["dispatch.svg"])
        self.assertEqual((self.out / "dispatch.svg").read_text(), "old")


class DebugTest(unittest.TestCase):
    """--allow-debug charts debug rows and says so in every title."""

    def test_allow_debug_marks_every_title(self):
        with tempfile.TemporaryDirectory(prefix="charts-debug-") as folder:
            path = write_inputs(Path(folder), fixture_records("debug"), configuration="debug")
            out = Path(folder) / "out"
            result = run_charts(str(path), "--out", str(out), "--allow-debug")
            self.assertEqual(result.returncode, 0, result.stderr)
            for name in charts.CHARTS:
                with self.subTest(chart=name):
                    title = ET.parse(out / name).getroot().find(DC_TITLE).text
                    self.assertTrue(title.startswith("DEBUG"), title)


class StyleTest(unittest.TestCase):
    """Architecture order and colours come from the CSV but stay fixed per id."""

    def test_known_ids_first_in_project_order_then_others(self):
        rows = [charts.Row("dispatch", arch, "f", "", None, "time", "ns", 1, 1, 1, "release")
                for arch in ["zeta", "effect-objects", "reference", "store-subclass", "alpha"]]
        self.assertEqual(charts.ordered_architectures(rows),
                         ["store-subclass", "effect-objects", "zeta", "alpha"])

    def test_colour_of_a_known_id_does_not_depend_on_the_others(self):
        alone = charts.architecture_colours(["effect-values"])
        together = charts.architecture_colours(["observable-viewmodel", "effect-values", "x"])
        self.assertEqual(alone["effect-values"], together["effect-values"])

    def test_labels_come_from_the_one_list_in_results_table(self):
        import results_table
        self.assertIs(charts.STYLE_FLOOR_ROWS, results_table.STYLE_FLOOR_ROWS)
        for arch in charts.KNOWN_ARCHITECTURES:
            with self.subTest(architecture=arch):
                floor = arch in results_table.STYLE_FLOOR_ROWS
                self.assertEqual(charts.architecture_label(arch).endswith("(style's floor)"), floor)
        self.assertEqual(charts.series_label("effect-values", "single-store"),
                         "effect-values (style's floor), single-store")

    def test_every_architecture_gets_its_own_colour(self):
        ids = [*charts.KNOWN_ARCHITECTURES, "extra-one", "extra-two"]
        self.assertEqual(len(set(charts.architecture_colours(ids).values())), len(ids))


if __name__ == "__main__":
    unittest.main()
