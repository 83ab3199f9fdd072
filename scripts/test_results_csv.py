"""Tests for results_csv.py: the one reader of bench's result CSV for the scripts."""
import csv
import os
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, os.path.dirname(__file__))
import results_csv  # noqa: E402

RESULTS = Path(__file__).parent.parent / "results"


def write(path, header, records):
    with path.open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file, lineterminator="\r\n")
        writer.writerow(header)
        writer.writerows(records)
    return path


def record(suite="dispatch", architecture="a", ratio="1.5", selection=("", "")):
    return [suite, architecture, "counter/increment", "", "", "time", "ns", "2", "1", "1", "3", "1", "3", "7",
            ratio, "release", "", *selection]


class ResultsCSVTests(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()
        self.folder = Path(self.directory.name)

    def tearDown(self):
        self.directory.cleanup()

    def test_rows_come_back_by_column_name(self):
        path = write(self.folder / "new.csv", results_csv.HEADER, [record()])
        [row] = results_csv.read(path)
        self.assertEqual((row["suite"], row["architecture"], row[results_csv.RATIO_COLUMN]), ("dispatch", "a", "1.5"))

    def test_the_selection_columns_read(self):
        path = write(self.folder / "new.csv", results_csv.HEADER, [record(selection=("3", "2"))])
        [row] = results_csv.read(path)
        self.assertEqual((row["rounds_set_aside"], row["best_of_process"]), ("3", "2"))

    def test_a_file_an_older_bench_wrote_is_refused_saying_to_record_it_again(self):
        before_selection = results_csv.HEADER[:-len(results_csv.SELECTION_COLUMNS)]
        old_names = [name if name != "ratio_to_reference" else "ratio_to_baseline" for name in before_selection]
        for header in (before_selection, old_names):
            path = write(self.folder / "old.csv", header, [record(suite="baseline", architecture="reference")[:17]])
            with self.assertRaises(results_csv.ResultsCSVError) as raised:
                results_csv.read(path)
            message = str(raised.exception)
            self.assertIn("old.csv line 1: written by an older bench", message)
            self.assertIn("record it again", message)
            self.assertEqual(len(message.splitlines()), 1)

    def test_the_committed_baselines_read(self):
        for name in ("baseline.csv", "instructions-baseline.csv"):
            rows = results_csv.read(RESULTS / name)
            self.assertTrue(rows)
            self.assertNotIn("baseline", {row["suite"] for row in rows})

    def test_problems_are_one_line_naming_the_file_and_line(self):
        cases = [
            (write(self.folder / "header.csv", ["suite", "n"], []), "line 1: the header is not"),
            (write(self.folder / "short.csv", results_csv.HEADER, [record()[:-1]]), "line 2: expected 19 fields"),
            (write(self.folder / "long.csv", results_csv.HEADER, [record() + [""]]),
             "line 2: expected 19 fields, found 20"),
            (write(self.folder / "half.csv", results_csv.HEADER[1:], []), "line 1: the header is not"),
            (write(self.folder / "twice.csv", results_csv.HEADER, [record(), record(ratio="2")]),
             "line 3: duplicate row"),
            (self.folder / "absent.csv", "no such file"),
        ]
        for path, problem in cases:
            with self.assertRaises(results_csv.ResultsCSVError) as raised:
                results_csv.read(path)
            self.assertIn(problem, str(raised.exception))
            self.assertIn(path.name, str(raised.exception))
            self.assertEqual(len(str(raised.exception).splitlines()), 1)


if __name__ == "__main__":
    unittest.main()
