"""Tests of time_stability.py: the repeat and alone checks, on fabricated result files."""

from __future__ import annotations

import csv
import subprocess
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path

SCRIPT = Path(__file__).with_name("time_stability.py")
HEADER = ["suite", "architecture", "feature", "layout", "n", "metric", "unit", "median", "p10", "p25", "p75",
          "min", "max", "samples", "ratio_to_reference", "configuration", "flags", "rounds_set_aside",
          "best_of_process"]


def write(path: Path, rows: list[tuple[str, str, str, str, float, float]]) -> Path:
    """Rows of (suite, architecture, layout, n, median, ratio) as time rows."""
    with path.open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(HEADER)
        for suite, architecture, layout, n, median, ratio in rows:
            writer.writerow([suite, architecture, "app/increment", layout, n, "time", "ns", median, median,
                             median, median, median, median, 25, ratio, "release", "", "", ""])
    return path


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *arguments], capture_output=True, text=True)


class RepeatTests(unittest.TestCase):
    def setUp(self) -> None:
        self.folder = Path(tempfile.mkdtemp())

    def test_worst_deviation_from_the_median(self) -> None:
        runs = [write(self.folder / f"run{i}.csv", [("layout", "a", "single-store", "10", 10, ratio),
                                                    ("layout", "b", "single-store", "10", 10, 4)])
                for i, ratio in enumerate([10, 11, 9, 10, 13])]
        done = run("repeat", *map(str, runs))
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("worst: layout a app/increment single-store 10 at +30.0% over 2 cases and 5 runs", done.stdout)
        self.assertIn("within 10% of the median in every run: 1 of 2 cases", done.stdout)

    def test_a_case_missing_from_a_run_is_an_error(self) -> None:
        first = write(self.folder / "one.csv", [("layout", "a", "single-store", "10", 10, 10)])
        second = write(self.folder / "two.csv", [("layout", "b", "single-store", "10", 10, 10)])
        done = run("repeat", str(first), str(second))
        self.assertEqual(done.returncode, 2)
        self.assertIn("time_stability.py: error:", done.stderr)
        self.assertEqual(len(done.stderr.strip().splitlines()), 1)

    def test_an_unreadable_file_is_one_line(self) -> None:
        done = run("repeat", str(self.folder / "absent.csv"), str(self.folder / "absent.csv"))
        self.assertEqual(done.returncode, 2)
        self.assertIn("cannot read", done.stderr)


class AloneTests(unittest.TestCase):
    def test_each_case_is_run_on_its_own_with_a_filter_naming_it(self) -> None:
        folder = Path(tempfile.mkdtemp())
        full = write(folder / "full.csv", [("layout", "a", "single-store", "10", 30, 3),
                                           ("layout", "b", "multi-store", "1", 10, 1)])
        fake = folder / "bench"
        fake.write_text(textwrap.dedent(f"""\
            #!{sys.executable}
            import csv, sys
            terms = sys.argv[sys.argv.index("--filter") + 1].split(",")
            output = sys.argv[sys.argv.index("--output") + 1]
            architecture, layout, n = terms[1], terms[3], terms[4][2:]
            with open(output, "w", newline="") as file:
                writer = csv.writer(file)
                writer.writerow({HEADER!r})
                writer.writerow(["layout", architecture, "app/increment", layout, n, "time", "ns", 20, 20, 20,
                                 20, 20, 20, 25, 2, "release", "", "", ""])
            """))
        fake.chmod(0o755)
        done = run("alone", str(full), "--bench", str(fake))
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("layout a app/increment single-store 10 | 30 ns | 20 ns | 1.500 | 1.500 | 1.500", done.stdout)
        self.assertIn("outside 15%: 2 of 2 medians (0 of them flagged disturbed in the full run), 2 of 2 p10s, "
                      "2 of 2 ratios", done.stdout)
        self.assertIn("worst ratio: layout b app/increment multi-store 1 at 0.500 (full/alone of ratio_to_reference)",
                      done.stdout)
        self.assertIn("worst: layout b app/increment multi-store 1 at 0.500 (full/alone) over 2 cases", done.stdout)

    def test_further_full_runs_are_compared_with_the_same_alone_values(self) -> None:
        folder = Path(tempfile.mkdtemp())
        first = write(folder / "first.csv", [("layout", "a", "single-store", "10", 20, 2)])
        second = write(folder / "second.csv", [("layout", "a", "single-store", "10", 30, 3)])
        rows = second.read_text().replace("release,", "release,disturbed")
        second.write_text(rows)
        calls = folder / "calls"
        fake = folder / "bench"
        fake.write_text(textwrap.dedent(f"""\
            #!{sys.executable}
            import csv, sys
            open({str(calls)!r}, "a").write("call\\n")
            output = sys.argv[sys.argv.index("--output") + 1]
            with open(output, "w", newline="") as file:
                writer = csv.writer(file)
                writer.writerow({HEADER!r})
                writer.writerow(["layout", "a", "app/increment", "single-store", "10", "time", "ns", 20, 20, 20,
                                 20, 20, 20, 25, 2, "release", "", "", ""])
            """))
        fake.chmod(0o755)
        done = run("alone", str(first), str(second), "--bench", str(fake))
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(calls.read_text().splitlines(), ["call"], "each case runs alone once")
        self.assertIn("outside 15%: 0 of 1 medians (0 of them flagged", done.stdout)
        self.assertIn(f"against {second}: outside 15%: 1 of 1 medians (1 of them flagged disturbed in the full "
                      "run), 1 of 1 p10s, 1 of 1 ratios; worst median layout a app/increment single-store 10 at "
                      "1.500", done.stdout)

    def test_full_runs_of_different_cases_are_an_error(self) -> None:
        folder = Path(tempfile.mkdtemp())
        first = write(folder / "first.csv", [("layout", "a", "single-store", "10", 20, 2)])
        second = write(folder / "second.csv", [("layout", "b", "single-store", "10", 20, 2)])
        done = run("alone", str(first), str(second), "--bench", "/nonexistent")
        self.assertEqual(done.returncode, 2)
        self.assertEqual(done.stderr.strip(), f"time_stability.py: error: layout a app/increment single-store 10 is in "
                         f"only one of {first} and {second}")

    def test_with_several_runs_alone_is_the_median_of_the_processes(self) -> None:
        folder = Path(tempfile.mkdtemp())
        full = write(folder / "full.csv", [("layout", "a", "single-store", "10", 30, 3)])
        calls = folder / "calls"
        fake = folder / "bench"
        # The k-th process gives 20, 60 and 24 ns (ratios 2, 6 and 2.4): the median is 24 ns and 2.4.
        fake.write_text(textwrap.dedent(f"""\
            #!{sys.executable}
            import csv, sys
            calls = open({str(calls)!r}, "a+")
            calls.seek(0)
            k = len(calls.read().splitlines())
            calls.write("call\\n")
            time, ratio = [(20, 2), (60, 6), (24, 2.4)][k]
            output = sys.argv[sys.argv.index("--output") + 1]
            with open(output, "w", newline="") as file:
                writer = csv.writer(file)
                writer.writerow({HEADER!r})
                writer.writerow(["layout", "a", "app/increment", "single-store", "10", "time", "ns", time, time,
                                 time, time, time, time, 25, ratio, "release", "", "", ""])
            """))
        fake.chmod(0o755)
        done = run("alone", str(full), "--bench", str(fake), "--runs", "3")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(calls.read_text().splitlines(), ["call"] * 3)
        self.assertIn("layout a app/increment single-store 10 | 30 ns | 24 ns | 1.250 | 1.250 | 1.250", done.stdout)
        self.assertIn("over 1 cases, alone the median of 3 processes", done.stdout)

    def test_fewer_than_one_run_is_an_error(self) -> None:
        folder = Path(tempfile.mkdtemp())
        full = write(folder / "full.csv", [("layout", "a", "single-store", "10", 30, 3)])
        done = run("alone", str(full), "--runs", "0")
        self.assertEqual(done.returncode, 2)
        self.assertEqual(done.stderr.strip(), "time_stability.py: error: --runs must be at least 1, not 0")



class BuildsTests(unittest.TestCase):
    def setUp(self) -> None:
        self.folder = Path(tempfile.mkdtemp())

    def runs(self, name: str, times: list[tuple[float, float]]) -> list[str]:
        return [str(write(self.folder / f"{name}{i}.csv", [("dispatch", "a", "", "", a, 1),
                                                          ("dispatch", "b", "", "", b, 1)]))
                for i, (a, b) in enumerate(times)]

    def test_the_largest_difference_of_the_median_p10s_comes_last(self) -> None:
        first = self.runs("with", [(120, 100), (130, 101), (500, 99)])
        second = self.runs("without", [(100, 100), (100, 100), (90, 100)])
        done = run("builds", "--first", *first, "--second", *second)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("dispatch a app/increment | 130 | 100 | +30.0%", done.stdout)
        self.assertIn("worst: dispatch a app/increment at +30.0% over 2 cases", done.stdout)

    def test_a_case_of_one_build_only_is_an_error(self) -> None:
        first = [str(write(self.folder / "one.csv", [("dispatch", "a", "", "", 1, 1)]))]
        second = [str(write(self.folder / "two.csv", [("dispatch", "b", "", "", 1, 1)]))]
        done = run("builds", "--first", *first, "--second", *second)
        self.assertEqual(done.returncode, 2)
        self.assertIn("is measured by one build only", done.stderr)


if __name__ == "__main__":
    unittest.main()
