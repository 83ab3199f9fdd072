"""The architecture lists outside Swift agree with `ArchitectureID` in Sources/Domain.

docs/adding-an-architecture.md lists every place an architecture is registered. The Swift lists are
checked by Tests/ConformanceTests/RegistryTests.swift; this checks the rest: the chart script's ids
and colours, and the documentation's pages and index. Standard library only: charts.py is read, not
imported, so this runs without matplotlib.

Run from the repository root: python3 -m unittest discover -s scripts -p 'test_*.py'
"""

from __future__ import annotations

import ast
import re
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARCHITECTURE_ID = ROOT / "Sources" / "Domain" / "Harness" / "FeatureDriver.swift"
CHARTS = ROOT / "scripts" / "charts.py"
DOCS = ROOT / "docs"


def architecture_ids(swift_source: str) -> list[str]:
    """The raw values of `enum ArchitectureID`'s cases, in declaration order."""
    match = re.search(r"enum ArchitectureID\b[^{]*\{(.*?)\n\}", swift_source, re.DOTALL)
    if match is None:
        raise ValueError("no `enum ArchitectureID` found")
    return re.findall(r'^\s*case\s+\w+\s*=\s*"([^"]+)"', match.group(1), re.MULTILINE)


def module_constant(python_source: str, name: str):
    """The literal value assigned to the module-level `name` in a Python source file."""
    for node in ast.parse(python_source).body:
        if isinstance(node, ast.Assign) and any(
                isinstance(target, ast.Name) and target.id == name for target in node.targets):
            return ast.literal_eval(node.value)
    raise ValueError(f"no module-level {name} found")


def index_table_ids(markdown: str) -> list[str]:
    """The ids in the first column of docs/README.md's architectures table, in order."""
    section = markdown.split("## The architectures", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([^`]+)` \|", section, re.MULTILINE)


class ArchitectureIDParsingTests(unittest.TestCase):
    def test_reads_raw_values_in_order(self):
        source = ('/// doc\npublic enum ArchitectureID: String, CaseIterable {\n'
                  '    case b = "bee"\n    case a = "ay"\n\n'
                  '    static func < (lhs: Self, rhs: Self) -> Bool { true }\n}\n'
                  'enum Other { case c = "sea" }\n')
        self.assertEqual(architecture_ids(source), ["bee", "ay"])

    def test_missing_enum_is_an_error(self):
        with self.assertRaises(ValueError):
            architecture_ids("enum Something {}")


class RegistryTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.ids = architecture_ids(ARCHITECTURE_ID.read_text(encoding="utf-8"))
        cls.charts = CHARTS.read_text(encoding="utf-8")

    def test_there_are_architectures(self):
        self.assertGreaterEqual(len(self.ids), 7, self.ids)

    def test_charts_know_every_architecture_in_order(self):
        self.assertEqual(module_constant(self.charts, "KNOWN_ARCHITECTURES"), self.ids)

    def test_charts_give_every_architecture_its_own_colour(self):
        colours = module_constant(self.charts, "KNOWN_COLOURS")
        self.assertEqual(sorted(colours), sorted(self.ids))
        self.assertEqual(len(set(colours.values())), len(colours), "two architectures share a colour")

    def test_every_architecture_has_a_docs_page_and_nothing_else_does(self):
        pages = sorted(page.stem for page in (DOCS / "architectures").glob("*.md"))
        self.assertEqual(pages, sorted(self.ids))

    def test_docs_index_lists_every_architecture_in_order(self):
        index = (DOCS / "README.md").read_text(encoding="utf-8")
        self.assertEqual(index_table_ids(index), self.ids)


if __name__ == "__main__":
    unittest.main()
