"""``cardrules games``: every game cardrules can play, with its title."""

from __future__ import annotations

import argparse

from cardrules import registry

__all__ = ["list_games"]


def list_games(args: argparse.Namespace) -> int:
    """List every available game; a game that cannot be loaded says why."""
    for name in registry.available():
        try:
            title = registry.get(name).title
        except Exception as exc:  # a game that fails to load must not hide the others
            title = f"(cannot be loaded: {exc})"
        print(f"{name:<14} {title}")
    return 0
