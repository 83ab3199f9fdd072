"""Every relative link in README.md and docs/ points at a file or folder inside the repository.

A newcomer who clones the repository must be able to open everything the documentation cites, so a
link may not leave the repository (the project's workspace has folders next to it that a clone does
not). Anchors (`#section`) are ignored; web links (`https:`, `mailto:`) are not checked. The
documentation also cites the source articles by title, never by the workspace's file numbers.

Run from the repository root: python3 -m unittest discover -s scripts -p 'test_*.py'
"""

from __future__ import annotations

import re
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINK = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
EXTERNAL = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
SEED_CITATION = re.compile(r"\bseeds? 0?0\d\b", re.IGNORECASE)


def documentation_files(root: Path) -> list[Path]:
    """README.md and every Markdown file under docs/."""
    return [root / "README.md", *sorted((root / "docs").rglob("*.md"))]


def broken_links(markdown_file: Path, root: Path) -> list[str]:
    """The relative link targets in `markdown_file` that are missing or outside `root`."""
    broken = []
    text = markdown_file.read_text(encoding="utf-8")
    for target in LINK.findall(text):
        if EXTERNAL.match(target) or target.startswith("#"):
            continue
        path = target.split("#", 1)[0]
        resolved = (markdown_file.parent / path).resolve()
        if not resolved.is_relative_to(root.resolve()) or not resolved.exists():
            broken.append(target)
    return broken


class BrokenLinksTests(unittest.TestCase):
    """The checker itself, on a small made-up repository."""

    def test_finds_missing_and_escaping_links_and_ignores_anchors_and_urls(self):
        with tempfile.TemporaryDirectory() as directory:
            outside = Path(directory)
            root = outside / "repo"
            (root / "docs").mkdir(parents=True)
            (root / "Sources").mkdir()
            (outside / "shared.md").write_text("exists, but outside the repository")
            page = root / "docs" / "page.md"
            page.write_text(
                "[ok](../Sources) [ok](page.md#anchor) [anchor](#here) [web](https://example.com)\n"
                "[missing](gone.md) [outside](../../shared.md) ![img](../Sources/x.svg)\n")
            self.assertEqual(broken_links(page, root), ["gone.md", "../../shared.md", "../Sources/x.svg"])


class DocumentationTests(unittest.TestCase):
    def test_every_relative_link_resolves_inside_the_repository(self):
        for markdown_file in documentation_files(ROOT):
            with self.subTest(file=str(markdown_file.relative_to(ROOT))):
                self.assertEqual(broken_links(markdown_file, ROOT), [])

    def test_articles_are_cited_by_title_not_by_seed_number(self):
        for markdown_file in documentation_files(ROOT):
            with self.subTest(file=str(markdown_file.relative_to(ROOT))):
                text = markdown_file.read_text(encoding="utf-8")
                self.assertEqual(SEED_CITATION.findall(text), [])


if __name__ == "__main__":
    unittest.main()
