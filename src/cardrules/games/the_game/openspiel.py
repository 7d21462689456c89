"""What OpenSpiel must know of The Game beyond its verbs: its ``openspiel`` facet.

It holds where the engine takes hidden cards from, the bounds of a game, and a state in words.

Loaded by :mod:`cardrules.integrations.openspiel` through the descriptor; plain functions over The
Game's own types (no pyspiel here).
"""

from __future__ import annotations

from cardrules.games.the_game import PILE_NAMES, Rules, State, deck

__all__ = ["OpenSpielFacts", "text"]


class OpenSpielFacts:
    """The Game in OpenSpiel (``cardrules_the_game``): cooperative, every seat gets
    ``(98 - cards left) / 98``; only ending a turn draws, from the top of the draw pile."""

    players = (1, 5)
    utility = "identical"

    @staticmethod
    def utilities(rules: Rules) -> tuple[float, float, float | None]:
        """Every seat gets the same return, from 0 to 1 (a win)."""
        return 0.0, 1.0, None

    @staticmethod
    def max_game_length(rules: Rules) -> int:
        """Each of the 98 cards laid once, and a turn ended after each at most."""
        return 2 * len(deck(rules))

    @staticmethod
    def draw_pile(state: State) -> tuple[int, ...]:
        """The face-down cards, the next to be drawn first."""
        return state.draw_pile

    @staticmethod
    def with_draw_pile(state: State, pile: tuple[int, ...]) -> State:
        """``state`` with ``pile`` face down."""
        return State(state.rules, state.table, state.hands, pile)

    @staticmethod
    def text(state: State, seat: int | None) -> str:
        """What ``seat`` sees of ``state`` (every hand if ``seat`` is ``None``): see :func:`text`."""
        return text(state, seat)


def text(state: State, seat: int | None) -> str:
    """What ``seat`` sees of ``state`` (every hand if ``seat`` is ``None``), in words: OpenSpiel's
    observation strings and ``str(state)``.

    >>> from cardrules.games.the_game import new_game
    >>> print(text(new_game(Rules(players=2), seed=4), 1))
    seat 1 holds 11 27 42 43 62 69 76
    up1 1 | up2 1 | down1 100 | down2 100
    hands 7 7 | draw pile 84
    turn 0: seat 0, 0 laid | playing
    """
    table = state.table
    hands = state.hands if seat is None else (state.hands[seat],)
    seats = range(len(state.hands)) if seat is None else (seat,)
    piles = " | ".join(f"{name} {' '.join(map(str, pile))}"
                       for name, pile in zip(PILE_NAMES, table.piles, strict=True))
    lines = [
        *(f"seat {other} holds {' '.join(map(str, hand))}" for other, hand in zip(seats, hands, strict=True)),
        piles,
        f"hands {' '.join(map(str, table.hand_sizes))} | draw pile {table.draw_pile_size}",
        f"turn {table.turn}: seat {table.current}, {table.laid} laid | {table.status}",
    ]
    fire = [f"{name} by turn {due}" for name, due in zip(PILE_NAMES, table.fire_due, strict=True) if due >= 0]
    if fire:
        lines.append(f"fire: {', '.join(fire)}")
    return "\n".join(lines)
