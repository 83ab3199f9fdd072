"""The architecture lists outside Swift agree with `ArchitectureID.builtIn` in Sources/Domain.

docs/adding-an-architecture.md lists every place an architecture is registered. The Swift lists are
checked by Tests/Conformance/ConformanceTests/RegistryTests.swift; this checks the rest: the chart script's ids
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
    """The raw values of `ArchitectureID.builtIn`, in order: each listed `.name` looked up in the
    `static let name: ArchitectureID = "raw"` declarations."""
    listing = re.search(r"static let builtIn: \[ArchitectureID\] = \[(.*?)\]", swift_source, re.DOTALL)
    if listing is None:
        raise ValueError("no `ArchitectureID.builtIn` found")
    raw = dict(re.findall(r'static let (\w+): ArchitectureID = "([^"]+)"', swift_source))
    names = re.findall(r"\.(\w+)", listing.group(1))
    missing = [name for name in names if name not in raw]
    if missing:
        raise ValueError(f"builtIn lists ids with no declaration: {missing}")
    return [raw[name] for name in names]


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
    def test_reads_raw_values_in_builtin_order(self):
        source = ('public struct ArchitectureID {\n'
                  '    public static let ay: ArchitectureID = "ay"\n'
                  '    public static let bee: ArchitectureID = "bee"\n'
                  '    public static let builtIn: [ArchitectureID] = [\n        .bee, .ay,\n    ]\n}\n')
        self.assertEqual(architecture_ids(source), ["bee", "ay"])

    def test_missing_list_is_an_error(self):
        with self.assertRaises(ValueError):
            architecture_ids("struct Something {}")

    def test_undeclared_id_is_an_error(self):
        with self.assertRaises(ValueError):
            architecture_ids('static let builtIn: [ArchitectureID] = [.ghost]')


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
