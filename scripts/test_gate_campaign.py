"""Tests for gate_campaign.py: python3 -m unittest discover -s scripts -p 'test_*.py'"""

from __future__ import annotations

import json
import re
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


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPTS / "gate_campaign.py"), *arguments],
                          capture_output=True, text=True, timeout=60, check=False)


def ratio(name: str, baseline: float, change: float) -> dict:
    return {"name": name, "unit": "ratio", "baseline": baseline, "current": baseline * (1 + change / 100),
            "changePercent": change, "tolerance": "+25%", "verdict": "unchanged", "fails": False}


class GateCampaignTests(unittest.TestCase):
    def setUp(self):
        self.folder = Path(tempfile.mkdtemp(prefix="gate-campaign-test-"))
        self.baseline = self.folder / "baseline.csv"
        self.baseline.write_text(
            HEADER
            + "layout,a,app/increment,single-store,1000,bytes,B,70000,,,,,,1,,release,,,\n"
            + "layout,a,app/increment,multi-store,1000,bytes,B,64,,,,,,1,,release,,,\n",
            encoding="utf-8")

    def tearDown(self):
        shutil.rmtree(self.folder)

    def comparison(self, name: str, metrics: list[dict], verdict: str = "pass") -> Path:
        path = self.folder / name
        verdicts = {"regression": 0, "improvement": 0, "unchanged": len(metrics)}
        path.write_text(json.dumps({"verdict": verdict, "verdicts": verdicts, "metrics": metrics}), encoding="utf-8")
        return path

    def test_sorts_ratios_into_the_gate_classes_and_reports_the_extremes(self):
        first = self.comparison("1.json", [
            ratio("layout/a/app/increment/single-store/n=1000/time", 9.0, 12.5),
            ratio("layout/a/app/increment/multi-store/n=1000/time", 0.5, -3.0),
            ratio("dispatch/a/counter/increment/time", 1.2, 4.0),
            ratio("effects/a/counter/loadQuote/time", 1.3, 40.0),
            ratio("state-copy/a/transfer/submitTransfer/n=10/time", 1.1, -7.5),
            {"name": "dispatch/a/counter/increment/mallocs", "unit": "count", "baseline": 0, "current": 0,
             "changePercent": 900, "verdict": "unchanged", "fails": False},
        ])
        second = self.comparison("2.json", [ratio("dispatch/a/counter/increment/time", 1.2, -2.0)], verdict="fail")
        result = run(str(self.baseline), str(first), str(second))
        self.assertEqual(result.returncode, 0, result.stderr)
        lines = result.stdout.splitlines()
        self.assertEqual(lines[0], "light    3 ratios, -3.0% to +4.0% (highest: dispatch/a/counter/increment/time)")
        self.assertEqual(lines[1], "heavy    1 ratios, +12.5% to +12.5% "
                                   "(highest: layout/a/app/increment/single-store/n=1000/time)")
        self.assertTrue(lines[2].startswith("effects  1 ratios, +40.0% to +40.0%"))
        self.assertTrue(lines[3].startswith("submit   1 ratios, -7.5% to -7.5%"))
        self.assertEqual(lines[4], "comparisons: 2, 1 passed; verdicts: improvement 0, regression 0")

    def test_min_ratio_leaves_out_the_smallest_rows(self):
        report = self.comparison("1.json", [ratio("dispatch/a/app/no-op/time", 0.003, 100.0),
                                            ratio("dispatch/a/counter/increment/time", 1.2, 4.0)])
        result = run(str(self.baseline), str(report), "--min-ratio", "0.02")
        self.assertIn("light    1 ratios, +4.0% to +4.0%", result.stdout)

    def test_a_file_that_is_not_a_comparison_is_one_line(self):
        bad = self.folder / "bad.json"
        bad.write_text("[1, 2]", encoding="utf-8")
        result = run(str(self.baseline), str(bad))
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stderr.count("\n"), 1)
        self.assertIn("not the JSON of 'bench compare --format json'", result.stderr)

    def test_a_missing_baseline_is_one_line(self):
        result = run(str(self.folder / "absent.csv"), str(self.comparison("1.json", [])))
        self.assertEqual(result.returncode, 2)
        self.assertIn("absent.csv: no such file", result.stderr)

    def test_the_heavy_bounds_are_the_gates(self):
        """HEAVY must say what ResultRow.swift says, or the campaign sorts rows the gate does not."""
        sys.path.insert(0, str(SCRIPTS))
        import gate_campaign
        source = (SCRIPTS.parent / "Sources" / "Harness" / "BenchmarkResults" / "ResultRow.swift").read_text(encoding="utf-8")
        bounds = {name: float(value.replace("_", "")) for name, value in
                  re.findall(r"static let heavy(Bytes|Retains)PerOperation = ([\d_.]+)", source)}
        self.assertEqual(bounds, {"Bytes": 32_768, "Retains": 10_000})
        self.assertEqual(gate_campaign.HEAVY, {"bytes": bounds["Bytes"], "retains": bounds["Retains"]})


if __name__ == "__main__":
    unittest.main()
