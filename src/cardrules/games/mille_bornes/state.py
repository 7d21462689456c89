"""The full state of a Mille Bornes game (a match of hands, or a single hand), hidden cards included."""

from __future__ import annotations

from typing import Literal, TypeAlias

import attrs

from cardrules.games.mille_bornes.cards import Card
from cardrules.games.mille_bornes.rules import Rules
from cardrules.games.mille_bornes.scoring import HandScore
from cardrules.games.mille_bornes.tableau import Tableau

__all__ = ["Match", "Phase", "State", "Window"]

Phase: TypeAlias = Literal["play", "coup_fourre", "extension", "over"]
"""What the seat on turn decides: ``play`` (play or discard a card, having drawn), ``coup_fourre``
(call a coup fourré or decline), ``extension`` (extend the race or decline); ``over``: the game
has ended."""


@attrs.frozen
class Match:
    """The match around the hand being played.

    ``seed`` deals the later hands and reshuffles (it is hidden: observations leave it out);
    ``hand_number`` counts from 0; ``dealer`` is the seat right of the hand's first player;
    ``totals`` are each side's points from finished hands; ``history`` their score sheets.
    """

    seed: int
    hand_number: int
    dealer: int
    totals: tuple[int, ...]
    history: tuple[HandScore, ...]


@attrs.frozen
class Window:
    """An open coup fourré window: ``attacker`` played ``hazard`` on side ``side``; the seat on turn
    holds the matching safety and decides; ``waiting`` are further holders still to be asked (only
    with a deck that has several copies of a safety)."""

    attacker: int
    hazard: Card
    side: int
    waiting: tuple[int, ...]


@attrs.frozen
class State:
    """Everything about a Mille Bornes game, including hands and the draw-pile order.

    Fields, in constructor order:

    - ``rules``, ``match`` (see :class:`Match`).
    - ``hands``: each seat's hand, sorted; the seat on turn has already drawn.
    - ``draw_pile``: face down, the next card first. ``discard_pile``: face up, the last on top.
    - ``tableaux``: one :class:`~cardrules.games.mille_bornes.tableau.Tableau` per side.
    - ``current``: the seat that decides (when the game is over: the seat that moved last).
    - ``phase``: see :data:`Phase`; ``window``: the open coup fourré window, if any.
    - ``target``: the race's length now (``Rules.race``, or ``Rules.extension_to`` once extended).
    - ``extended_by``: the side that called the extension, if any.
    - ``revealed``: per seat, cards the whole table knows it holds (a coup fourré window asks
      only a holder of the safety, which tells everyone).
    - ``reshuffles``: discard-pile reshuffles so far this hand.
    """

    rules: Rules
    match: Match
    hands: tuple[tuple[Card, ...], ...]
    draw_pile: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    tableaux: tuple[Tableau, ...]
    current: int
    phase: Phase
    window: Window | None
    target: int
    extended_by: int | None
    revealed: tuple[tuple[Card, ...], ...]
    reshuffles: int
