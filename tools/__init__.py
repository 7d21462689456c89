"""Maintainer tools of cardrules, run from the repository root (``python -m tools.fuzz``); they are
not part of the installed package."""
