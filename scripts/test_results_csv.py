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

    def test_files_with_the_old_names_read_under_the_new_ones(self):
        old = [name if name != "ratio_to_reference" else "ratio_to_baseline"
               for name in results_csv.HEADER_BEFORE_SELECTION]
        path = write(self.folder / "old.csv", old, [record(suite="baseline", architecture="reference")[:17]])
        [row] = results_csv.read(path)
        self.assertEqual(row["suite"], "reference")
        self.assertEqual(row["ratio_to_reference"], "1.5")
        self.assertNotIn("ratio_to_baseline", row)

    def test_the_selection_columns_read_and_files_without_them_read_them_empty(self):
        path = write(self.folder / "new.csv", results_csv.HEADER, [record(selection=("3", "2"))])
        [row] = results_csv.read(path)
        self.assertEqual((row["rounds_set_aside"], row["best_of_process"]), ("3", "2"))
        old = write(self.folder / "old.csv", results_csv.HEADER_BEFORE_SELECTION, [record()[:17]])
        [row] = results_csv.read(old)
        self.assertEqual(list(row), results_csv.HEADER)
        self.assertEqual((row["rounds_set_aside"], row["best_of_process"], row["flags"]), ("", "", ""))

    def test_the_committed_baselines_read(self):
        for name in ("baseline.csv", "instructions-baseline.csv"):
            rows = results_csv.read(RESULTS / name)
            self.assertTrue(rows)
            self.assertNotIn("baseline", {row["suite"] for row in rows})

    def test_problems_are_one_line_naming_the_file_and_line(self):
        cases = [
            (write(self.folder / "header.csv", ["suite", "n"], []), "line 1: the header is not"),
            (write(self.folder / "short.csv", results_csv.HEADER, [record()[:-1]]), "line 2: expected 19 fields"),
            (write(self.folder / "long.csv", results_csv.HEADER_BEFORE_SELECTION, [record()]),
             "line 2: expected 17 fields, found 19"),
            (write(self.folder / "half.csv", results_csv.HEADER[:-1], []), "line 1: the header is not"),
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
