"""Every relative link in every Markdown file of the repository resolves inside the repository.

A newcomer who clones the repository must be able to open everything the documentation cites, so a
link may not leave the repository (the project's workspace has folders next to it that a clone does
not). A link to a Markdown file's section (`page.md#section`, or `#section` within the page) must
name a heading that page has, spelled as GitHub spells heading anchors. Web links (`https:`,
`mailto:`) are not checked. Every Markdown file counts, except in hidden folders (`.build`, `.git`,
`.venv`). The documentation also cites the source articles by title, never by the workspace's file
numbers.

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


HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)


def documentation_files(root: Path) -> list[Path]:
    """Every Markdown file under `root`, outside hidden folders."""
    return sorted(path for path in root.rglob("*.md")
                  if not any(part.startswith(".") for part in path.relative_to(root).parts[:-1]))


def anchors(markdown_file: Path) -> set[str]:
    """The anchors GitHub gives the headings of `markdown_file`: lower case, punctuation dropped,
    spaces as hyphens, and -1, -2, ... after a repeated one."""
    seen: dict[str, int] = {}
    text = FENCE.sub("", markdown_file.read_text(encoding="utf-8"))
    for heading in HEADING.findall(text):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        if count:
            seen[f"{slug}-{count}"] = 1
    return set(seen)


def broken_links(markdown_file: Path, root: Path) -> list[str]:
    """The relative link targets in `markdown_file` that are missing, outside `root`, or name a
    section their Markdown file does not have."""
    broken = []
    text = FENCE.sub("", markdown_file.read_text(encoding="utf-8"))
    for target in LINK.findall(text):
        if EXTERNAL.match(target):
            continue
        path, _, anchor = target.partition("#")
        resolved = (markdown_file.parent / path).resolve() if path else markdown_file.resolve()
        if not resolved.is_relative_to(root.resolve()) or not resolved.exists():
            broken.append(target)
        elif anchor and resolved.suffix == ".md" and anchor not in anchors(resolved):
            broken.append(target)
    return broken


class BrokenLinksTests(unittest.TestCase):
    """The checker itself, on a small made-up repository."""

    def test_a_section_link_must_name_a_heading_of_its_page(self):
        with tempfile.TemporaryDirectory() as directory:
            root = Path(directory)
            page = root / "page.md"
            page.write_text("# Page\n\n## Round trips on one CPU\n\n## The machine's speed\n\n## `bench` runs\n"
                            "\n## Notes\n\n## Notes\n\n```sh\n# not a heading\n```\n")
            other = root / "other.md"
            other.write_text("[a](page.md#round-trips-on-one-cpu) [b](page.md#the-machines-speed) "
                             "[c](page.md#bench-runs) [d](page.md#notes-1) [e](#top)\n"
                             "[f](page.md#not-a-heading) [g](page.md#notes-2) [h](page.md#round-trips)\n"
                             "# Top\n")
            self.assertEqual(broken_links(other, root),
                             ["page.md#not-a-heading", "page.md#notes-2", "page.md#round-trips"])

    def test_every_markdown_file_outside_hidden_folders_is_checked(self):
        with tempfile.TemporaryDirectory() as directory:
            root = Path(directory)
            for name in ("README.md", "docs/a.md", "Sources/X/notes.md", ".build/dep/README.md"):
                (root / name).parent.mkdir(parents=True, exist_ok=True)
                (root / name).write_text("# x\n")
            self.assertEqual([str(p.relative_to(root)) for p in documentation_files(root)],
                             ["README.md", "Sources/X/notes.md", "docs/a.md"])

    def test_finds_missing_and_escaping_links_and_ignores_urls(self):
        with tempfile.TemporaryDirectory() as directory:
            outside = Path(directory)
            root = outside / "repo"
            (root / "docs").mkdir(parents=True)
            (root / "Sources").mkdir()
            (outside / "shared.md").write_text("exists, but outside the repository")
            page = root / "docs" / "page.md"
            page.write_text(
                "[ok](../Sources) [ok](page.md#anchor) [anchor](#here) [web](https://example.com)\n"
                "[missing](gone.md) [outside](../../shared.md) ![img](../Sources/x.svg)\n\n## Anchor\n\n## Here\n")
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
