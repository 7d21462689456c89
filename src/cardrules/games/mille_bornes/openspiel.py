"""What OpenSpiel must know of Mille Bornes beyond its verbs: its ``openspiel`` facet.

It holds where the engine takes hidden cards from (the draw pile, the reshuffled discards, the deal of
the next hand of a match), the bounds of a game, and a state in words.

Loaded by :mod:`cardrules.integrations.openspiel` through the descriptor; plain functions over
Mille Bornes' own types (no pyspiel here). The adapter keeps the draw pile sorted and the seed at
0, so that the cards to come are chance's to choose; these functions say where chance's cards go.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import ClassVar, Final

import attrs

from cardrules.games.mille_bornes import Card, Move, Rules, State, Tableau, apply, deck, new_game

__all__ = ["OpenSpielFacts", "drawn_after_reshuffle", "text"]

RESHUFFLE: Final = "reshuffle"
"""Cards drawn from the discards, reshuffled into a new draw pile (the reshuffle variant)."""
REDEAL: Final = "redeal"
"""The deal of the next hand of a match."""

# A match to a target score has no length bound in the rules (hands where nobody scores could
# repeat), and max_game_length is a C++ int.
_INT_MAX: Final = 2**31 - 1


class OpenSpielFacts:
    """Mille Bornes in OpenSpiel (``cardrules_mille_bornes``): zero-sum, by side; a single hand
    unless a ``target_score`` is given. The engine draws at the start of a turn and after a coup
    fourré (from the draw pile), from the reshuffled discards, and when it deals the next hand."""

    players = (2, 9)
    utility = "zero_sum"
    parameter_defaults: ClassVar[Mapping[str, object]] = {"target_score": None}
    """A single hand: what a search or a learner plays, and bounded in length."""

    @staticmethod
    def utilities(rules: Rules) -> tuple[float, float, float | None]:
        """``-1 / (sides - 1)`` for a side beaten alone, 1 for a win; the returns add up to 0."""
        return -1 / (rules.sides - 1), 1.0, 0.0

    @staticmethod
    def max_game_length(rules: Rules) -> int:
        """Every decision but a coup fourré's or an extension's lays a card from a hand; cards reach
        the hands once per pass through the deck; a hazard asks at most every other seat for a coup
        fourré; a hand has at most one extension decision. A match assumes that every hand gives
        some side a point (the sides' totals then grow each hand)."""
        passes = 1 + (rules.reshuffle_limit if rules.reshuffle_discards else 0)
        hand = rules.players * len(deck(rules)) * passes + 1
        if rules.target_score is None:
            return hand
        return min(_INT_MAX, hand * (rules.sides * (rules.target_score - 1) + 1))

    @staticmethod
    def draw_pile(state: State) -> tuple[Card, ...]:
        """The face-down cards, the next to be drawn first."""
        return state.draw_pile

    @staticmethod
    def with_draw_pile(state: State, pile: tuple[Card, ...]) -> State:
        """``state`` with ``pile`` face down and seed 0: the reshuffles and later hands that the
        seed would order come from chance."""
        return State(state.rules, state.table, state.hands, pile, 0)

    @staticmethod
    def draws(before: State, move: Move, after: State) -> tuple[str, int, tuple[Card, ...]] | None:
        """How ``move`` draws: the next hand of a match is dealt from the whole deck (and its first
        player drew); a reshuffle draws from the discards and what was left of the draw pile; any
        other draw takes the top of the draw pile."""
        table = after.table
        if table.phase == "over":
            return None
        if table.match.hand_number != before.table.match.hand_number:
            cards = deck(after.rules)
            return REDEAL, len(cards) - table.draw_pile_size, cards
        if table.reshuffles != before.table.reshuffles:
            drawn = drawn_after_reshuffle(before, after)
            return RESHUFFLE, len(drawn), tuple(sorted((*drawn, *after.draw_pile)))
        count = before.table.draw_pile_size - table.draw_pile_size
        return ("draw", count, before.draw_pile) if count else None

    @staticmethod
    def redraw(kind: str, before: State, move: Move, chosen: tuple[Card, ...], rest: tuple[Card, ...]
               ) -> State:
        """The state after ``move`` once chance chose the cards of a reshuffle or of the next hand."""
        after = apply(before, move)
        rules = after.rules
        if kind == REDEAL:
            match = after.table.match
            first = (match.dealer + 1) % rules.players
            dealt = new_game(rules, deck=chosen + rest, seed=0, first_player=first)
            return attrs.evolve(dealt, table=attrs.evolve(dealt.table, match=match))
        # A reshuffle: the engine drew from the discards in the order of its seed; the cards chance
        # chose take the place of those it drew, as a shuffle that put them on top would have.
        # Nothing the engine did after the draw depends on which cards they were: the drawer is on
        # turn, with its hand still to play.
        drawer = after.table.current
        hand = Counter(after.hands[drawer])
        hand.subtract(drawn_after_reshuffle(before, after))
        hand.update(chosen)
        hands = list(after.hands)
        hands[drawer] = tuple(sorted(hand.elements()))
        return attrs.evolve(after, hands=tuple(hands), draw_pile=rest)

    @staticmethod
    def text(state: State, seat: int | None) -> str:
        """What ``seat`` sees of ``state`` (every hand if ``seat`` is ``None``): see :func:`text`."""
        return text(state, seat)


def drawn_after_reshuffle(before: State, after: State) -> list[Card]:
    """The cards the engine drew from the reshuffled discards while making the move from ``before``
    to ``after``: they went to the seat on turn in ``after``, after the last card of the old draw
    pile if one was left (a coup fourré's replacement)."""
    drawer = after.table.current
    held = Counter(before.hands[drawer])
    if drawer == before.table.current:
        # The mover draws again only after laying a safety (a coup fourré, or a safety's extra
        # turn): that card left its hand for its side's tableau.
        laid = Counter(card for tableau in after.table.tableaux for card in tableau.cards())
        laid.subtract(card for tableau in before.table.tableaux for card in tableau.cards())
        held -= +laid
    drawn = Counter(after.hands[drawer]) - held
    drawn -= Counter(before.draw_pile)
    return sorted(drawn.elements())


def text(state: State, seat: int | None) -> str:
    """What ``seat`` sees of ``state`` (every hand if ``seat`` is ``None``), in words: OpenSpiel's
    observation strings and ``str(state)``.

    >>> print(text(new_game(Rules(), seed=4), 0))
    seat 0 holds 25, 25, 75, 200, Spare Tire, Roll, Roll
    side 0: 0 miles (-); battle -; speed -; safeties -
    side 1: 0 miles (-); battle -; speed -; safeties -
    discards -
    hands 7 6 | draw pile 88 | reshuffles 0
    seat 0: play | race 700
    hand 0, dealer 1, totals 0 0
    """
    table = state.table
    seats = range(len(state.hands)) if seat is None else (seat,)
    lines = [f"seat {other} holds {_cards(state.hands[other])}" for other in seats]
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


def _cards(cards: Iterable[Card]) -> str:
    return ", ".join(map(str, cards)) or "-"


def _tableau_text(tableau: Tableau) -> str:
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
