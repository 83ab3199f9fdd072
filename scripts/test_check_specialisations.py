"""Tests of check_specialisations.sh on fabricated symbol lists: it passes only when every subject's
timed body of every Catalog builder is specialised, whatever else of the builder is."""

from __future__ import annotations

import subprocess
import tempfile
import textwrap
import unittest
from pathlib import Path

SCRIPT = Path(__file__).with_name("check_specialisations.sh")
GENERIC = "<A where A: BenchmarkSuites.ArchitectureSubject>"


def run(*arguments: str, symbols: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", str(SCRIPT), *arguments], input=symbols, capture_output=True, text=True)


def expected() -> list[tuple[str, str, str]]:
    """(subject, builder, timed function) of every timed body the script looks for."""
    listing = run("--list")
    assert listing.returncode == 0, listing.stderr
    return [tuple(line.split()) for line in listing.stdout.splitlines()]


def specialised(subject: str, builder: str, function: str) -> str:
    """The line `nm | swift demangle` prints for a timed body specialised for `subject`."""
    return (f"00000000000e6da0 t partial apply forwarder for generic specialization <BenchmarkSuites.{subject}> "
            f"of {function} #1 {GENERIC}(Swift.Int) -> () in static BenchmarkSuites.Catalog.{builder}{GENERIC}"
            f"(A.Type) -> [BenchmarkSuites.BenchmarkCase]")


def unspecialised(builder: str, function: str) -> str:
    """The line of a timed body compiled once for every subject, as a build that cannot specialise
    the builder leaves it."""
    return (f"00000000000e6da0 t partial apply forwarder for {function} #1 {GENERIC}(Swift.Int) -> () in static "
            f"BenchmarkSuites.Catalog.{builder}{GENERIC}(A.Type) -> [BenchmarkSuites.BenchmarkCase]")


def observer(subject: str, builder: str) -> str:
    """A specialised observer callback of `builder`: not timed."""
    return (f"00000000000e6da0 t generic specialization <BenchmarkSuites.{subject}> of closure #1 () -> () in "
            f"static BenchmarkSuites.Catalog.{builder}{GENERIC}(A.Type) -> [BenchmarkSuites.BenchmarkCase]")


class CheckSpecialisationsTests(unittest.TestCase):
    def setUp(self) -> None:
        self.expected = expected()
        self.lines = [specialised(*entry) for entry in self.expected]

    def test_every_builder_that_times_something_is_listed(self) -> None:
        builders = {builder for _, builder, _ in self.expected}
        self.assertEqual(builders, {"dispatchCases", "effectCases", "submitTransferBenchmark", "singleStoreLayoutCases",
                                    "multiStoreLayoutCases", "amountStateCopyCase", "submitStateCopyCase"})
        self.assertEqual(len({subject for subject, _, _ in self.expected}), 7)

    def test_passes_when_every_timed_body_is_specialised(self) -> None:
        result = run("--symbols", "-", symbols="\n".join(self.lines) + "\n")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("specialised for all 7 architectures", result.stdout)

    def test_fails_when_one_architecture_runs_a_generic_loop(self) -> None:
        subject, builder, function = self.expected[-1]
        lines = [line for line in self.lines if line != specialised(subject, builder, function)]
        lines += [unspecialised(builder, function), observer(subject, builder)]
        with tempfile.NamedTemporaryFile("w", suffix=".txt") as file:
            file.write("\n".join(lines) + "\n")
            file.flush()
            result = run("--symbols", file.name)
        self.assertEqual(result.returncode, 1, result.stdout)
        self.assertIn(f"missing: the timed body {function} of Catalog.{builder} specialised for {subject}",
                      result.stdout)
        self.assertEqual(result.stdout.count("missing:"), 1)

    def test_another_closure_of_the_builder_does_not_stand_for_the_timed_body(self) -> None:
        subject, builder, function = next(entry for entry in self.expected if entry[1] == "submitTransferBenchmark")
        setup = specialised(subject, builder, function).replace(f"of {function} #1", "of closure #1")
        lines = [setup if line == specialised(subject, builder, function) else line for line in self.lines]
        result = run("--symbols", "-", symbols="\n".join(lines) + "\n")
        self.assertEqual(result.returncode, 1, result.stdout)
        self.assertIn(f"{function} of Catalog.{builder} specialised for {subject}", result.stdout)

    def test_a_builder_timing_a_closure_literal_fails(self) -> None:
        catalog = textwrap.dedent('''\
            enum Catalog {
                static func dispatchCases<S: ArchitectureSubject>(_ subject: S.Type) -> [BenchmarkCase] {
                    func timedIncrement(_ iterations: Int) {}
                    let increment = Benchmark("\\(id) counter/increment", timedIncrement)
                    let selectFrom = Benchmark("\\(id) transfer/selectFrom") { iterations in
                        S.selectFrom(transfer, selectable[iterations & 1])
                    }
                }
            }
            ''')
        wrapped = catalog.replace('Benchmark("\\(id) transfer/selectFrom") { iterations in',
                                  'Benchmark(\n            "\\(id) transfer/selectFrom"\n        ) { iterations in')
        self.assertNotEqual(wrapped, catalog)
        for text in (catalog, wrapped):
            with tempfile.NamedTemporaryFile("w", suffix=".swift") as file:
                file.write(text)
                file.flush()
                result = run("--catalog", file.name, "--list")
            self.assertEqual(result.returncode, 1, text)
            self.assertIn("Catalog.dispatchCases gives Benchmark a timed body that is not a local function",
                          result.stderr)

    def test_a_missing_symbol_file_is_bad_input(self) -> None:
        result = run("--symbols", "/nonexistent/symbols.txt")
        self.assertEqual(result.returncode, 2)
        self.assertEqual(len(result.stderr.splitlines()), 1)


if __name__ == "__main__":
    unittest.main()
