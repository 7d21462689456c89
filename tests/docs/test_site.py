"""The docs site (``mkdocs.yml``): every page of ``docs/`` is in its navigation, every page it names
exists, and every API reference page documents modules that exist. ``mkdocs build --strict`` in CI
checks the same and more; this runs without the docs extra, so a forgotten page fails the suite too."""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
import re
import subprocess
import sys
from typing import Any

import pytest

from tests.docs.examples import ROOT

DOCS = ROOT / "docs"
HIDDEN = "_hooks"
"""The folder of ``docs/`` that holds the site's build code, not pages (``exclude_docs`` in mkdocs.yml)."""

_NAV_ENTRY = re.compile(r"^\s*-\s+(?:[^\n]*?:\s+)?([\w./-]+\.md)\s*$", re.MULTILINE)
_DIRECTIVE = re.compile(r"^:::\s+([\w.]+)\s*$", re.MULTILINE)


def nav_pages(config: str) -> list[str]:
    """The pages the ``nav`` of a mkdocs.yml text lists, relative to ``docs/``, in order.

    >>> nav_pages("site_name: x\\nnav:\\n  - Home: index.md\\n  - Guides:\\n      - 'A: b': guides/a.md\\n")
    ['index.md', 'guides/a.md']
    """
    nav = config[config.index("\nnav:") :]
    return _NAV_ENTRY.findall(nav)


def docs_pages() -> list[str]:
    """Every Markdown page under ``docs/``, relative to it."""
    return sorted(str(page.relative_to(DOCS)) for page in DOCS.rglob("*.md")
                  if HIDDEN not in page.relative_to(DOCS).parts)


def test_the_navigation_lists_every_page_of_docs_once() -> None:
    listed = nav_pages((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert len(listed) == len(set(listed)), "a page is listed twice"
    assert sorted(listed) == docs_pages()


def test_every_reference_page_documents_modules_that_exist() -> None:
    pages = sorted((DOCS / "reference").glob("*.md"))
    assert pages
    for page in pages:
        modules = _DIRECTIVE.findall(page.read_text(encoding="utf-8"))
        assert modules, f"{page.name} documents nothing"
        for module in modules:
            assert importlib.util.find_spec(module) is not None, f"{page.name}: no module {module}"


def test_the_api_reference_covers_every_public_package() -> None:
    documented = {module for page in (DOCS / "reference").glob("*.md")
                  for module in _DIRECTIVE.findall(page.read_text(encoding="utf-8"))}
    src = ROOT / "src"
    packages = {".".join(init.parent.relative_to(src).parts) for init in src.rglob("__init__.py")}
    # The command line is documented by its --help and the README (its subpackages with it);
    # cardrules.games and cardrules.integrations only re-export or hold packages.
    elsewhere = ("cardrules.cli", "cardrules.games", "cardrules.integrations")
    exempt = {name for name in packages if name in elsewhere or name.startswith("cardrules.cli.")}
    assert packages - documented - exempt == set()


# --- The built site: what the API reference shows -------------------------------------------------------

_HEADING = re.compile(r'<h\d id="([\w.]+)" class="doc doc-heading">\s*<code class="[^"]*doc-symbol-(\w+)"')


def documented_modules() -> list[str]:
    """The modules the API reference pages document, in page order."""
    return [module for page in sorted((DOCS / "reference").glob("*.md"))
            for module in _DIRECTIVE.findall(page.read_text(encoding="utf-8"))]


def imported(module_name: str) -> Any:
    """The module, or ``None`` when it needs an extra that is not installed here."""
    try:
        return importlib.import_module(module_name)
    except ImportError:
        return None


def kind_of(value: object) -> set[str]:
    """The symbol kinds mkdocstrings may show ``value`` as."""
    if inspect.ismodule(value):
        return {"module"}
    if inspect.isclass(value):
        return {"class"}
    if inspect.isroutine(value):
        return {"function"}
    return {"attribute", "type_alias"}


@pytest.fixture(scope="module")
def headings(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Each documented object's heading id in the built site, and the kind of symbol it shows."""
    pytest.importorskip("mkdocs")
    pytest.importorskip("mkdocstrings_handlers.python")
    site = tmp_path_factory.mktemp("site")
    environment = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    built = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "--site-dir", str(site)],
                           cwd=ROOT, env=environment, capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr
    found: dict[str, str] = {}
    for page in (site / "reference").rglob("*.html"):
        found.update(_HEADING.findall(page.read_text(encoding="utf-8")))
    return found


def test_every_name_of_every_documented_modules_all_is_in_the_built_reference(headings: dict[str, str]) \
        -> None:
    missing = []
    for module_name in documented_modules():
        module = imported(module_name)
        for name in getattr(module, "__all__", ()):
            path = f"{module_name}.{name}"
            if headings.get(path) not in kind_of(getattr(module, name)):
                missing.append(f"{path} (shown as {headings.get(path, 'nothing')})")
    assert missing == []


def test_every_bot_class_is_in_the_built_reference(headings: dict[str, str]) -> None:
    src = ROOT / "src"
    names = {".".join(path.with_suffix("").relative_to(src).parts) for path in src.rglob("*.py")}
    bots: set[str] = set()
    for module_name in sorted(names):
        module_name = module_name.removesuffix(".__init__")
        private = any(part.startswith("_") for part in module_name.split("."))
        if private or module_name.startswith("cardrules.cli"):
            continue
        module = imported(module_name)
        bots.update(name for name in getattr(module, "__all__", ()) if name.endswith("Bot"))
    shown = {path.rsplit(".", 1)[-1] for path, kind in headings.items() if kind == "class"}
    assert {"ExpertBot", "HeuristicBot", "GreedyBot", "RandomBot", "ISMCTSBot"} <= bots
    assert bots - shown == set()
