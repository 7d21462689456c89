"""States and observations in words: OpenSpiel's observation strings and ``str(state)``.

Each text shows everything its seat sees (and, for a whole state, every hand), so two observations
that differ give different texts: search keys its nodes on them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from cardrules.games import mille_bornes, the_game

__all__ = ["mille_bornes_text", "the_game_text"]

C = TypeVar("C")


def the_game_text(state: the_game.State, seat: int | None) -> str:
    """What ``seat`` sees of ``state`` (every hand if ``seat`` is ``None``).

    >>> print(the_game_text(the_game.new_game(the_game.Rules(players=2), seed=4), 1))
    seat 1 holds 11 27 42 43 62 69 76
    up1 1 | up2 1 | down1 100 | down2 100
    hands 7 7 | draw pile 84
    turn 0: seat 0, 0 laid | playing
    """
    table = state.table
    piles = " | ".join(f"{name} {' '.join(map(str, pile))}"
                       for name, pile in zip(the_game.PILE_NAMES, table.piles, strict=True))
    lines = [
        *_hands(state.hands, seat, lambda hand: " ".join(map(str, hand))),
        piles,
        f"hands {' '.join(map(str, table.hand_sizes))} | draw pile {table.draw_pile_size}",
        f"turn {table.turn}: seat {table.current}, {table.laid} laid | {table.status}",
    ]
    fire = [f"{name} by turn {due}" for name, due in zip(the_game.PILE_NAMES, table.fire_due, strict=True)
            if due >= 0]
    if fire:
        lines.append(f"fire: {', '.join(fire)}")
    return "\n".join(lines)


def mille_bornes_text(state: mille_bornes.State, seat: int | None) -> str:
    """What ``seat`` sees of ``state`` (every hand if ``seat`` is ``None``).

    >>> print(mille_bornes_text(mille_bornes.new_game(mille_bornes.Rules(), seed=4), 0))
    seat 0 holds 25, 25, 75, 200, Spare Tire, Roll, Roll
    side 0: 0 miles (-); battle -; speed -; safeties -
    side 1: 0 miles (-); battle -; speed -; safeties -
    discards -
    hands 7 6 | draw pile 88 | reshuffles 0
    seat 0: play | race 700
    hand 0, dealer 1, totals 0 0
    """
    table = state.table
    lines = _hands(state.hands, seat, _cards)
    lines.extend(f"side {side}: {_tableau_text(tableau)}" for side, tableau in enumerate(table.tableaux))
    lines.append(f"discards {_cards(table.discard_pile)}")
    lines.append(f"hands {' '.join(map(str, table.hand_sizes))} | draw pile {table.draw_pile_size}"
                 f" | reshuffles {table.reshuffles}")
    decision = f"seat {table.current}: {table.phase} | race {table.target}"
    if table.extended_by is not None:
        decision += f", extended by side {table.extended_by}"
    window = table.window
    if window is not None:
        decision += (f" | seat {window.attacker} played {window.hazard} on side {window.side}, "
                     f"then asks {' '.join(map(str, window.waiting)) or 'nobody'}")
    lines.append(decision)
    revealed = [f"seat {other} holds {_cards(cards)}" for other, cards in enumerate(table.revealed) if cards]
    if revealed:
        lines.append(" | ".join(revealed))
    match = table.match
    totals = " ".join(map(str, match.totals))
    lines.append(f"hand {match.hand_number}, dealer {match.dealer}, totals {totals}")
    return "\n".join(lines)


def _hands(hands: tuple[tuple[C, ...], ...], seat: int | None, show: Callable[[tuple[C, ...]], str]
           ) -> list[str]:
    if seat is not None:
        return [f"seat {seat} holds {show(hands[seat])}"]
    return [f"seat {other} holds {show(hand)}" for other, hand in enumerate(hands)]


def _cards(cards: Iterable[mille_bornes.Card]) -> str:
    return ", ".join(map(str, cards)) or "-"


def _tableau_text(tableau: mille_bornes.Tableau) -> str:
    ahead = list(tableau.distance)
    for card in tableau.backwards:
        ahead.remove(card)
    drives = [*map(str, ahead), *(f"-{card}" for card in tableau.backwards)]
    parts = [f"{tableau.miles} miles ({' '.join(drives) or '-'})",
             f"battle {_cards(tableau.battle)}", f"speed {_cards(tableau.speed)}"]
    if tableau.direction:
        parts.append(f"direction {_cards(tableau.direction)}")
    parts.append(f"safeties {_cards(tableau.safeties)}")
    if tableau.coups_fourres:
        parts.append(f"coups fourrés {_cards(tableau.coups_fourres)}")
    return "; ".join(parts)
