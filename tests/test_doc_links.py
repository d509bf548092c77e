"""What ships points inside the repository (issue 39: "Game pages link rulebook files outside the
repository: name the rulebook and section instead").

The rulebooks are not part of the repository: a page, a content file's comment or a docstring
cites one by its title and section ("the Forgotten Souls rulebook, "Assembling the Exploration
Deck""), never by a path to its text file, and no link of a page leads out of the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: a path to the rulebooks' text files, as once written: ../shared/rules/heldentaufe.txt, or their names
RULEBOOK_FILE = re.compile(r"shared/" + r"rules|(?:\.\./)+shared/|\brules/[\w-]+\.txt\b|\b(?:descent-forgotten-souls|"
                           r"heroes-in-the-underworld|return-of-the-heroes|under-the-shadow-of-the-dragon|heldentaufe)"
                           r"\.txt\b")
MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)\)")
RELATIVE = re.compile(r"(?:^|(?<=[\s`(\"']))((?:\.\./)+[\w.-][\w./-]*)")
FENCE = re.compile(r"^\s*```")


def shipped_text() -> list[Path]:
    """The repository's own text: the pages, the content and its comments, the code and its
    docstrings, the tests, the bench scripts and their kept runs' notes."""
    files = [ROOT / "README.md", ROOT / "pyproject.toml"]
    for folder, patterns in (("docs", ("*.md",)), ("scenarios", ("*.yaml",)), ("decks", ("*.yaml",)),
                             ("overlord", ("*.py",)), ("tests", ("*.py", "*.yaml")), ("bench", ("*.py", "*.md"))):
        for pattern in patterns:
            files += sorted((ROOT / folder).rglob(pattern))
    return [f for f in files if f.is_file() and f != Path(__file__).resolve()]


def pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")), *sorted((ROOT / "bench").rglob("*.md"))]


def _inside(path: Path) -> bool:
    try:
        path.resolve().relative_to(ROOT)
    except ValueError:
        return False
    return True


def _prose(text: str):
    """The lines of a page outside its code blocks (a console example runs in a folder of its
    own: its ``../`` is that folder's), with their numbers."""
    fenced = False
    for n, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield n, line


def test_no_file_of_the_repository_names_the_rulebooks_text_files():
    found = [f"{f.relative_to(ROOT)}:{n}: {line.strip()[:100]}"
             for f in shipped_text()
             for n, line in enumerate(f.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
             if RULEBOOK_FILE.search(line)]
    assert found == [], "cite the rulebook by its title and section instead:\n" + "\n".join(found)


@pytest.mark.parametrize("page", pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_a_page_links_and_points_only_inside_the_repository(page):
    """A link's target is a web address, an anchor, or a file of the repository beside the page;
    a path a page writes from the repository's root (``decks/descent/``) never climbs out of it."""
    out = []
    for n, line in _prose(page.read_text(encoding="utf-8")):
        for target in MARKDOWN_LINK.findall(line):
            if re.match(r"[a-z][a-z0-9+.-]*:|#", target):
                continue
            where = page.parent / target.split("#")[0]
            if not (_inside(where) and where.exists()):
                out.append(f"{page.relative_to(ROOT)}:{n}: link to {target}")
        for path in RELATIVE.findall(line):
            if not _inside(ROOT / path):
                out.append(f"{page.relative_to(ROOT)}:{n}: {path} is outside the repository")
    assert out == [], "\n".join(out)


def anchors(page: Path) -> set[str]:
    """The anchors of a page's headings, as GitHub makes them: lower case, punctuation dropped,
    spaces as hyphens, a heading met again numbered (``-1``, ``-2``)."""
    seen: dict[str, int] = {}
    out = set()
    for _, line in _prose(page.read_text(encoding="utf-8")):
        m = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        slug = re.sub(r"[^\w\- ]", "", m.group(1).lower()).replace(" ", "-")
        out.add(slug if slug not in seen else f"{slug}-{seen[slug]}")
        seen[slug] = seen.get(slug, 0) + 1
    return out


@pytest.mark.parametrize("page", pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_a_links_anchor_is_a_heading_of_the_page_it_names(page):
    """A link to a section (``readings.md#heldentaufe``, ``#the-layers``) lands on a heading that
    is there: a section that moved or was renamed is found here, not by a reader."""
    out = []
    for n, line in _prose(page.read_text(encoding="utf-8")):
        for target in MARKDOWN_LINK.findall(line):
            if re.match(r"[a-z][a-z0-9+.-]*:", target) or "#" not in target:
                continue
            name, anchor = target.split("#", 1)
            where = (page.parent / name) if name else page
            if where.suffix == ".md" and where.exists() and anchor not in anchors(where):
                out.append(f"{page.relative_to(ROOT)}:{n}: no heading #{anchor} in {where.relative_to(ROOT)}")
    assert out == [], "\n".join(out)


@pytest.mark.parametrize("heading, anchor", [
    ("## The layers", "the-layers"),
    ("## 4. State machines", "4-state-machines"),
    ("## Descent: Forgotten Souls", "descent-forgotten-souls"),
    ("## Many games: `simulate`", "many-games-simulate"),
])
def test_anchors_are_githubs(heading, anchor, tmp_path):
    page = tmp_path / "page.md"
    page.write_text(f"# Title\n\n{heading}\n\n```\n# not a heading\n```\n")
    assert anchors(page) == {"title", anchor}


@pytest.mark.parametrize("line, outside", [
    ("Heldentaufe (`../shared/rules/heldentaufe.txt`): heroes", True),
    ("# the rules they follow are the rulebook's (../../shared/rules/", True),
    ("Solitaire Play (heroes-in-the-underworld" + ".txt, \"Solitaire Play\")", True),
    ("see [the rules](../../elsewhere/rules.md)", True),
    ("Heldentaufe (the rules: the *Heldentaufe* rulebook): heroes", False),
    ("the shipped quest's decks (`decks/forgotten-souls/`)", False),
    ("`# yaml-language-server: $schema=../overlord.schema.json`", False),
])
def test_what_the_checks_catch(line, outside):
    """The checks above on lines of a page in docs/: the old citations are caught, the new ones and
    the paths pages write from the repository's root are not."""
    links = [t for t in MARKDOWN_LINK.findall(line) if not _inside(ROOT / "docs" / t)]
    climbs = [p for p in RELATIVE.findall(line) if not _inside(ROOT / p)]
    assert bool(RULEBOOK_FILE.search(line) or links or climbs) is outside
