"""A griffe extension for the API reference: our docstrings are written for ``help()``, doctest and
Sphinx-style readers, and this turns their reST habits into the Markdown mkdocstrings renders.

- A run of doctest lines (``>>>``, ``...`` and the expected output, up to a blank line) becomes a
  fenced ``pycon`` block; Markdown would otherwise read ``>>>`` as three nested block quotes.
- A reST role (``:class:`~cardrules.games.the_game.State```, ``:func:`play_out```) becomes a code span
  of the name as written (``~`` keeps only the last part), since relative names cannot be resolved
  to cross-references.
- A paragraph ending in ``::`` (a reST literal block follows) ends in ``:``; the indented block under
  it is already a code block in Markdown.

It runs only in ``mkdocs build`` (``mkdocs.yml`` names it); the docstrings themselves are unchanged.
The test suite runs the examples below without the docs extra, so griffe is needed only for the
extension class.
"""

from __future__ import annotations

import ast
import re
from typing import Any

_ROLE = re.compile(r":(?:py:)?(?:class|func|meth|mod|data|attr|exc|obj|const|term):`(~?)([^`]+)`")
_LITERAL_INTRO = re.compile(r"(?<=\S)::[ \t]*$", re.MULTILINE)


def _role(match: re.Match[str]) -> str:
    tilde, target = match.groups()
    return f"`{target.rsplit('.', 1)[-1] if tilde else target}`"


def fence_doctests(text: str) -> str:
    """``text`` with each run of doctest lines fenced as ``pycon``.

    >>> fence_doctests("Play:\\n\\n>>> 1 + 1\\n2\\n\\nDone.").splitlines()
    ['Play:', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'Done.']
    """
    out: list[str] = []
    indent: str | None = None  # the indentation of the open ``pycon`` fence, if one is open
    in_fence = False  # inside a fence the docstring wrote itself
    for line in text.split("\n"):
        stripped = line.lstrip()
        if stripped.startswith("```") and indent is None:
            in_fence = not in_fence
        elif not in_fence and indent is None and stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            out.append(f"{indent}```pycon")
        elif indent is not None and not stripped:
            out.append(f"{indent}```")
            indent = None
        out.append(line)
    if indent is not None:
        out.append(f"{indent}```")
    return "\n".join(out)


def markdown_of(text: str) -> str:
    """The Markdown of a docstring written with reST habits (see the module's docstring).

    >>> print(markdown_of("A :class:`~cardrules.games.the_game.State` from :func:`new_game`::"))
    A `State` from `new_game`:
    """
    return fence_doctests(_LITERAL_INTRO.sub(":", _ROLE.sub(_role, text)))


try:
    import griffe
except ImportError:  # no docs extra: the test suite runs the functions above, and needs no extension
    pass
else:

    class ReSTToMarkdown(griffe.Extension):
        """Rewrite each docstring as it is loaded; see the module's docstring."""

        def on_instance(self, *, node: ast.AST | griffe.ObjectNode, obj: griffe.Object,
                        agent: griffe.Visitor | griffe.Inspector, **kwargs: Any) -> None:
            if obj.docstring is not None:
                obj.docstring.value = markdown_of(obj.docstring.value)
