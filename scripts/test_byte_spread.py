"""Tests of byte_spread.py: the spread of round-trip rows over runs, and the runs it measures, on
fabricated result files and a stand-in for `bench`."""

from __future__ import annotations

import csv
import os
import stat
import subprocess
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path

SCRIPT = Path(__file__).with_name("byte_spread.py")
sys.path.insert(0, str(SCRIPT.parent))
from results_csv import HEADER  # noqa: E402


def write(path: Path, rows: list[tuple[str, str, str, str, str, float, float]]) -> Path:
    """Rows of (suite, architecture, feature, n, metric, min, max)."""
    with path.open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(HEADER)
        for suite, architecture, feature, n, metric, low, high in rows:
            writer.writerow([suite, architecture, feature, "", n, metric, "B", low, low, low, high, low, high, 3, "",
                             "release", "", "", ""])
    return path


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *arguments], capture_output=True, text=True)


class SpreadTests(unittest.TestCase):
    def setUp(self) -> None:
        self.folder = Path(tempfile.mkdtemp())

    def test_the_widest_row_is_worst_over_every_repetition(self) -> None:
        first = write(self.folder / "a.csv", [("effects", "a", "counter/loadQuote", "", "bytes", 1000, 1000),
                                              ("effects", "b", "counter/loadQuote", "", "bytes", 2000, 2000)])
        second = write(self.folder / "b.csv", [("effects", "a", "counter/loadQuote", "", "bytes", 1000, 1000),
                                               ("effects", "b", "counter/loadQuote", "", "bytes", 2000, 2100)])
        result = run("spread", str(first), str(second))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.splitlines()[-1], "worst: 5.000% (effects b counter/loadQuote)")
        self.assertIn("0.000%", result.stdout)

    def test_only_round_trips_are_read(self) -> None:
        rows = [("state-copy", "a", "transfer/submitTransfer", "10", "bytes", 4266.04, 4266.04),
                ("state-copy", "a", "transfer/updateAmount", "10", "bytes", 100, 900),
                ("effects", "reference", "reference/round-trip", "", "bytes", 10, 90),
                ("effects", "a", "counter/loadQuote", "", "mallocs", 10, 90)]
        result = run("spread", str(write(self.folder / "a.csv", rows)))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("1 rows of bytes", result.stdout)
        self.assertTrue(result.stdout.endswith("worst: 0.000% (state-copy a transfer/submitTransfer n=10)\n"))

    def test_rows_missing_from_a_run_are_left_out_and_counted(self) -> None:
        first = write(self.folder / "a.csv", [("effects", "a", "counter/loadQuote", "", "bytes", 1000, 1000),
                                              ("effects", "b", "counter/loadQuote", "", "bytes", 1000, 1000)])
        second = write(self.folder / "b.csv", [("effects", "a", "counter/loadQuote", "", "bytes", 1000, 1000)])
        result = run("spread", str(first), str(second))
        self.assertIn("(1 not in every run left out)", result.stdout)

    def test_a_file_without_round_trips_is_bad_input(self) -> None:
        path = write(self.folder / "a.csv", [("dispatch", "a", "counter/increment", "", "bytes", 0, 0)])
        result = run("spread", str(path))
        self.assertEqual(result.returncode, 2)
        self.assertEqual(len(result.stderr.splitlines()), 1)
        self.assertTrue(result.stderr.startswith("byte_spread.py: error: "))


class MeasureTests(unittest.TestCase):
    def test_runs_each_filter_quick_and_full_and_reads_a_runs_files_as_one_run(self) -> None:
        folder = Path(tempfile.mkdtemp())
        log = folder / "calls.txt"
        stand_in = folder / "bench"
        stand_in.write_text(textwrap.dedent(f"""\
            #!{sys.executable}
            import sys
            arguments = sys.argv[1:]
            open({str(log)!r}, "a").write(" ".join(arguments) + "\\n")
            output = arguments[arguments.index("--output") + 1]
            suite = "effects" if "effects" in arguments else "state-copy"
            feature = "counter/loadQuote" if suite == "effects" else "transfer/submitTransfer"
            value = 1000 if "--quick" in arguments else 1010
            open(output, "w").write({",".join(HEADER)!r} + "\\n" + suite + ",a," + feature
                                    + ",,,bytes,B," + ",".join([str(value)] * 6) + ",3,,release,,,\\n")
            """))
        stand_in.chmod(stand_in.stat().st_mode | stat.S_IXUSR)
        result = run("measure", "--bench", str(stand_in), "--quick-runs", "2", "--full-runs", "1",
                     "--keep", str(folder / "runs"))
        self.assertEqual(result.returncode, 0, result.stderr)
        calls = log.read_text().splitlines()
        self.assertEqual(len(calls), 6)
        self.assertEqual(sum("--quick" in call for call in calls), 4)
        self.assertIn("3 runs, 2 rows of bytes", result.stdout)
        self.assertTrue(result.stdout.endswith("worst: 1.000% (effects a counter/loadQuote)\n"))
        self.assertTrue(os.path.exists(folder / "runs" / "full-0-1.csv"))

    def test_a_missing_bench_is_bad_input(self) -> None:
        result = run("measure", "--bench", "/nonexistent/bench")
        self.assertEqual(result.returncode, 2)
        self.assertIn("no executable at /nonexistent/bench", result.stderr)


if __name__ == "__main__":
    unittest.main()
