"""Toy Mau's values: its cards, rules, moves, result, observation and state.

Toy Mau is Mau-Mau without special cards: 24 cards (ranks 1 to 6 in four suits), hands of five, one
card turned up. On your turn, lay a card of the top card's suit or rank, or draw one from the stock;
once the stock is gone, lay a card or pass. The first to shed every card wins; if every seat passes
in a row, the game is blocked and the fewest cards win.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from cardrules import ArgumentError, GameObservation, GameState, RulesError
from cardrules.arguments import check_instance

SUITS = "cdhs"
RANKS = 6
DECK: tuple[int, ...] = tuple(range(len(SUITS) * RANKS))
"""Card ``c`` is rank ``c % 6 + 1`` of suit ``SUITS[c // 6]``: 0 is ``1c``, 23 is ``6s``."""


def card_name(card: int) -> str:
    """A card as players write it: rank, then suit (``card_name(8) == "3d"``)."""
    return f"{card % RANKS + 1}{SUITS[card // RANKS]}"


def matches(card: int, top: int) -> bool:
    """Whether ``card`` may be laid on ``top``: same suit or same rank."""
    return card // RANKS == top // RANKS or card % RANKS == top % RANKS


def _check_players(_: object, __: object, players: object) -> None:
    if type(players) is not int or not 2 <= players <= 4:
        raise RulesError(f"Toy Mau is played by 2 to 4 players, not {players!r}")


def _check_hand_size(rules: Rules, _: object, hand_size: object) -> None:
    size = check_instance(hand_size, int, "a whole number of cards per hand")
    if size < 1 or rules.players * size >= len(DECK):
        raise RulesError(f"{rules.players} hands of {size} cards and a card turned up do not fit "
                         f"in a deck of {len(DECK)}")


@attrs.frozen(kw_only=True)
class Rules:
    """How a game is played: ``players`` (2 to 4) and ``hand_size`` (5 by default)."""

    players: int = attrs.field(default=2, validator=_check_players)
    hand_size: int = attrs.field(default=5, validator=_check_hand_size)


@attrs.frozen
class Play:
    """Lay ``card`` on the discard pile."""

    card: int = attrs.field()

    @card.validator
    def _check_card(self, _: object, card: object) -> None:
        if type(card) is not int or not 0 <= card < len(DECK):
            raise ArgumentError(f"a card of Toy Mau is a number from 0 to {len(DECK) - 1}, not {card!r}")

    def __str__(self) -> str:
        return f"play {card_name(self.card)}"


@attrs.frozen
class Draw:
    """Take the top card of the stock; the turn passes."""

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class Pass:
    """Pass, once the stock is empty."""

    def __str__(self) -> str:
        return "pass"


Move: TypeAlias = Play | Draw | Pass
"""Any move of Toy Mau."""


@attrs.frozen(kw_only=True)
class Result:
    """How a game ended: ``cards_left`` per seat, and the ``winners`` (the seats with fewest)."""

    winners: tuple[int, ...]
    cards_left: tuple[int, ...]

    def __str__(self) -> str:
        if len(self.winners) == 1 and not self.cards_left[self.winners[0]]:
            return f"seat {self.winners[0]} went out"
        seats = " and ".join(map(str, self.winners))
        return f"blocked: seat{'s' if len(self.winners) > 1 else ''} {seats} with {min(self.cards_left)} left"


@attrs.frozen(kw_only=True)
class Observation(GameObservation["State"]):
    """The game as ``seat`` sees it: its own ``hand``, every hand's size, the public table."""

    rules: Rules
    seat: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    discard: tuple[int, ...]
    stock_size: int
    current: int
    passes: int


@attrs.frozen
class State(GameState["State", Move, Observation, Result]):
    """A game in progress: ``discard`` (its top card last), sorted ``hands``, the ``stock`` (drawn from
    the front), the seat on turn and how many seats in a row have passed."""

    rules: Rules
    discard: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    current: int
    passes: int
