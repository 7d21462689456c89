"""The tables of ``docs/rl.md``, generated from the code: run ``python -m tests.rl.doc_tables`` to print
them, and ``test_docs.py`` checks that the page shows exactly these."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules import rl
from cardrules.games import mille_bornes, the_game

TABLES: dict[str, object] = {
    "the-game-layout": the_game.Rules(players=3),
    "mille-bornes-layout": mille_bornes.Rules(),
    "mille-bornes-actions": mille_bornes.Rules(),
}
"""Each generated table by the name its markers carry in the page, with the rules it shows."""


def _entries(start: int, stop: int) -> str:
    return str(start) if stop - start == 1 else f"{start}–{stop - 1}"


def layout_table(rules: object) -> str:
    """The observation layout under ``rules`` as a Markdown table."""
    rows = ["| entries | name | meaning |", "|---|---|---|"]
    for segment in rl.observation_encoder(rules).layout:
        rows.append(f"| {_entries(segment.start, segment.stop)} | `{segment.name}` | {segment.description} |")
    return "\n".join(rows)


def _group(move: object) -> tuple[type, object]:
    """Consecutive actions of one group share a row: plays of one hazard (one per side), or of one
    kind of card, or discards, or a single move."""
    if isinstance(move, mille_bornes.Play):
        card = move.card
        if card in mille_bornes.HAZARDS:
            return type(move), card
        return type(move), next(kind for kind in mille_bornes.CardKind
                                if card in _KINDS[kind])
    return type(move), None


_KINDS = {
    mille_bornes.CardKind.DISTANCE: mille_bornes.DISTANCES,
    mille_bornes.CardKind.REMEDY: mille_bornes.REMEDIES,
    mille_bornes.CardKind.SAFETY: mille_bornes.SAFETIES,
    mille_bornes.CardKind.HAZARD: mille_bornes.HAZARDS,
}


def actions_table(rules: object) -> str:
    """The action space under ``rules`` as a Markdown table, consecutive actions grouped."""
    moves: Sequence[object] = rl.action_space(rules).moves
    rows = ["| actions | moves |", "|---|---|"]
    start = 0
    for i in range(1, len(moves) + 1):
        if i == len(moves) or _group(moves[i]) != _group(moves[start]):
            shown = ", ".join(f"`{move}`" for move in moves[start:i])
            rows.append(f"| {_entries(start, i)} | {shown} |")
            start = i
    return "\n".join(rows)


def table(name: str) -> str:
    """The table called ``name`` in the page."""
    rules = TABLES[name]
    return actions_table(rules) if name.endswith("-actions") else layout_table(rules)


if __name__ == "__main__":
    for name in TABLES:
        print(f"<!-- table: {name} -->\n{table(name)}\n<!-- end table -->\n")
