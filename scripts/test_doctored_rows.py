"""Tests for doctored_rows.py: python3 -m unittest discover -s scripts -p 'test_*.py'"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent
sys.path.insert(0, str(SCRIPTS))
import results_csv  # noqa: E402

HEADER = ",".join(results_csv.HEADER) + "\n"
ROWS = (
    "dispatch,a,counter/increment,,,instructions,count,1000,1000,1000,1000,1000,1000,1,,release,,,\n"
    "dispatch,b,counter/increment,,,instructions,count,2000,2000,2000,2000,2000,2000,1,,release,,,\n"
    "dispatch,b,counter/increment,,,mallocs,count,1,1,1,1,1,1,1,,release,,,\n"
)

# A stand-in for `bench compare BASELINE CURRENT --counts-only`: exit 1 when any current median
# exceeds the baseline's by more than ALLOWANCE percent, else 0.
FAKE_BENCH = """#!{python}
import csv, sys
allowance = {allowance}
def medians(path):
    with open(path, newline="") as file:
        return {{tuple(r[k] for k in ("suite", "architecture", "feature", "metric")): float(r["median"])
                for r in csv.DictReader(file)}}
before, after = medians(sys.argv[2]), medians(sys.argv[3])
sys.exit(1 if any(after[k] > v * (1 + allowance / 100) for k, v in before.items()) else 0)
"""


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPTS / "doctored_rows.py"), *arguments],
                          capture_output=True, text=True, timeout=60, check=False)


class DoctoredRowsTests(unittest.TestCase):
    def setUp(self):
        self.folder = Path(tempfile.mkdtemp(prefix="doctored-rows-test-"))
        self.baseline = self.folder / "baseline.csv"
        self.current = self.folder / "current.csv"
        for path in (self.baseline, self.current):
            path.write_text(HEADER + ROWS, encoding="utf-8")
            path.with_suffix(".meta.json").write_text("{}", encoding="utf-8")

    def tearDown(self):
        shutil.rmtree(self.folder)

    def bench(self, allowance: float) -> str:
        path = self.folder / f"bench-{allowance}"
        path.write_text(FAKE_BENCH.format(python=sys.executable, allowance=allowance), encoding="utf-8")
        path.chmod(0o755)
        return str(path)

    def test_every_row_caught(self):
        result = run(self.bench(0), str(self.baseline), str(self.current))
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("2 instructions rows raised by 1% one at a time: 2 failed the gate, 0 passed",
                      result.stdout)

    def test_filter_is_passed_to_every_compare(self):
        # A stand-in that fails every comparison it is not given `--filter n=1` for.
        path = self.folder / "bench-filter"
        path.write_text(f"#!{sys.executable}\nimport sys\n"
                        "sys.exit(0 if sys.argv[-2:] == ['--filter', 'n=1'] and not sys.argv[3].endswith('doctored.csv')"
                        " else 1)\n", encoding="utf-8")
        path.chmod(0o755)
        result = run(str(path), str(self.baseline), str(self.current), "--filter", "n=1")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        without = run(str(path), str(self.baseline), str(self.current))
        self.assertIn("the clean file does not pass the gate", without.stdout)

    def test_a_gate_that_lets_one_percent_through_fails(self):
        result = run(self.bench(2), str(self.baseline), str(self.current))
        self.assertEqual(result.returncode, 1)
        self.assertIn("let through: dispatch / a / counter/increment /  / ", result.stdout)
        self.assertIn("0 failed the gate, 2 passed", result.stdout)

    def test_a_larger_rise_is_caught_by_a_looser_gate(self):
        result = run(self.bench(2), str(self.baseline), str(self.current), "--rise", "3")
        self.assertEqual(result.returncode, 0, result.stdout)

    def test_a_clean_file_that_fails_is_reported(self):
        self.current.write_text(HEADER + ROWS.replace(",1000,1000,1000,1000,1000,1000,", ",1100,1100,1100,1100,1100,1100,"),
                                encoding="utf-8")
        result = run(self.bench(0), str(self.baseline), str(self.current))
        self.assertEqual(result.returncode, 1)
        self.assertIn("the clean file does not pass the gate", result.stdout)

    def test_unusable_input_is_one_line(self):
        self.current.with_suffix(".meta.json").unlink()
        result = run(self.bench(0), str(self.baseline), str(self.current))
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stderr.count("\n"), 1)
        self.assertIn("doctored_rows.py: error:", result.stderr)

    def test_a_row_of_zero_is_left_alone(self):
        self.current.write_text(HEADER + ROWS + "dispatch,c,counter/increment,,,instructions,count,0,0,0,0,0,0,1,,release,,,\n",
                                encoding="utf-8")
        result = run(self.bench(0), str(self.baseline), str(self.current))
        self.assertIn("2 instructions rows raised by 1% one at a time: 2 failed the gate, 0 passed (1 counting 0 left as it is)",
                      result.stdout)

    def test_the_companion_row_rises_by_the_same_amount_unless_alone(self):
        companion = "dispatch,a,counter/increment,,,instructions-outside-metadata-lookups,count,900,900,900,900,900,900,1,,release,,,\n"
        for path in (self.baseline, self.current):
            path.write_text(HEADER + ROWS + companion, encoding="utf-8")
        # A gate that lets 2% through on every row but the companion, which it compares exactly.
        path = self.folder / "bench-companion"
        path.write_text(FAKE_BENCH.format(python=sys.executable, allowance=2).replace(
            "v * (1 + allowance / 100)", "v * (1 + (0 if k[3].endswith('metadata-lookups') else allowance) / 100)"),
            encoding="utf-8")
        path.chmod(0o755)
        result = run(str(path), str(self.baseline), str(self.current))
        self.assertIn("let through: dispatch / b / ", result.stdout)
        self.assertNotIn("let through: dispatch / a / ", result.stdout)
        self.assertIn("1 failed the gate, 1 passed", result.stdout)
        alone = run(str(path), str(self.baseline), str(self.current), "--alone")
        self.assertIn("0 failed the gate, 2 passed", alone.stdout)

    def test_no_rows_of_the_metric_is_one_line(self):
        result = run(self.bench(0), str(self.baseline), str(self.current), "--metric", "retains")
        self.assertEqual(result.returncode, 2)
        self.assertIn("has no retains rows", result.stderr)


if __name__ == "__main__":
    unittest.main()
