"""Every relative link of the README, the changelog and the docs reaches a file of the repository, and
every ``#anchor`` a heading of the page it names, as GitHub renders it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.docs.examples import PAGES, ROOT

_FENCE = re.compile(r"^[ \t]*(```|~~~).*?^[ \t]*\1[ \t]*$", re.MULTILINE | re.DOTALL)
_CODE_SPAN = re.compile(r"`[^`\n]*`")
_INLINE_LINK = re.compile(r"\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_REFERENCE_LINK = re.compile(r"^[ \t]*\[[^\]]+\]:[ \t]*<?(\S+?)>?(?:[ \t].*)?$", re.MULTILINE)
_HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$", re.MULTILINE)
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def _prose(text: str) -> str:
    """``text`` without its fenced blocks and code spans, where brackets are code, not links."""
    return _CODE_SPAN.sub("", _FENCE.sub("", text))


def anchors(page: Path) -> set[str]:
    """The anchors GitHub gives the headings of ``page``: lower case, punctuation dropped, spaces as
    hyphens, a repeated heading numbered ``-1``, ``-2``..."""
    seen: dict[str, int] = {}
    for heading in _HEADING.findall(_FENCE.sub("", page.read_text(encoding="utf-8"))):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        if count:
            seen[f"{slug}-{count}"] = 1
    return set(seen)


def broken_links(page: Path, root: Path = ROOT) -> list[str]:
    """The relative links of ``page`` that reach no file inside ``root`` or no heading of it."""
    text = _prose(page.read_text(encoding="utf-8"))
    targets = _INLINE_LINK.findall(text) + _REFERENCE_LINK.findall(text)
    broken = []
    for target in targets:
        if _SCHEME.match(target):
            continue  # http:, https:, mailto: are not files of the repository
        path_part, _, anchor = target.partition("#")
        linked = (page.parent / path_part).resolve() if path_part else page
        if not linked.is_relative_to(root.resolve()) or not linked.is_file():
            broken.append(f"{target}: no such file in the repository")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            broken.append(f"{target}: no heading #{anchor} in {linked.name}")
    return broken


@pytest.mark.parametrize("page", [*PAGES, ROOT / "CHANGELOG.md"], ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_reaches_a_file_and_heading_of_the_repository(page: Path) -> None:
    assert broken_links(page) == []


def test_a_link_to_a_missing_file_or_heading_is_reported(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "rules.md").write_text("# Rules\n\n## 9. Variants — and presets\n", encoding="utf-8")
    page = tmp_path / "docs" / "page.md"
    page.write_text(
        "# Page\n"
        "[ok](rules.md), [ok too](rules.md#9-variants--and-presets), [here](#page), [web](https://example.org)\n"
        "[gone](../shared/rules/the-game.md), [no heading](rules.md#10-presets), [self](#nowhere)\n"
        "[out of the repository](../../outside.md)\n"
        "`[code](not-a-link.md)`\n"
        "```python\nx = [1](2)\n```\n"
        "[ref]: missing.md\n",
        encoding="utf-8",
    )
    (tmp_path.parent / "outside.md").write_text("# Outside\n", encoding="utf-8")

    assert broken_links(page, root=tmp_path) == [
        "../shared/rules/the-game.md: no such file in the repository",
        "rules.md#10-presets: no heading #10-presets in rules.md",
        "#nowhere: no heading #nowhere in page.md",
        "../../outside.md: no such file in the repository",
        "missing.md: no such file in the repository",
    ]
