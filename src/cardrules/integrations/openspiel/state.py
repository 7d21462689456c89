"""The OpenSpiel state: an engine state with its hidden piles sorted, and the cards being drawn.

Everything a state holds is one immutable :class:`Core`, so ``clone`` (which pyspiel does by
deep-copying a Python state's attributes) shares it, and a step builds a new one.
"""

from __future__ import annotations

import bisect
import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any, Final, Protocol

import attrs
import pyspiel  # type: ignore[import-not-found]

import cardrules
from cardrules.arguments import shown
from cardrules.errors import ArgumentError, CardrulesError, SerializationError
from cardrules.integrations.openspiel.draws import DEAL, Spec, spec_for, spiel_game

__all__ = ["CHANCE", "TERMINAL", "Core", "OpenSpielState", "after", "describe", "draw", "engine_state",
           "load_core", "settled", "start"]

CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
"""OpenSpiel's current player at a chance node."""
TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
"""OpenSpiel's current player once the game is over."""

@attrs.frozen
class Core:
    """All an OpenSpiel state holds.

    ``state`` is the engine's state with its hidden piles sorted, or ``None`` before the first deal;
    while a move draws, it is the state before the move, ``move`` is the move and ``kind`` how it
    draws; ``chosen`` are the cards chance drew so far, ``remaining`` the cards it may still draw
    (sorted) and ``count`` how many it draws in all. ``player`` is OpenSpiel's current player,
    worked out once (pyspiel asks for it several times a step).
    """

    spec: Spec
    state: Any
    player: int
    move: object = None
    kind: str = ""
    count: int = 0
    chosen: tuple[Any, ...] = ()
    remaining: tuple[Any, ...] = ()

    def __deepcopy__(self, memo: object) -> Core:
        return self

    def __reduce__(self) -> tuple[Callable[[str], Core], tuple[str]]:
        # pyspiel's own serialization of a Python state (its C++ ``Serialize``, behind
        # ``serialize_game_and_state`` and ``random_sim_test``) pickles the state's attributes: this
        # one pickles as its JSON, read back by load_core with every check from_json makes.
        return load_core, (core_json(self),)


def core_json(core: Core) -> str:
    """``core`` as JSON: its engine state's cardrules JSON, the move under way and the chance
    outcomes drawn for it (drawn again when it is read), all on one line."""
    data = {
        "game": core.spec.short_name,
        "rules": cardrules.to_json(core.spec.rules),
        "state": None if core.state is None else cardrules.to_json(core.state),
        "move": None if core.move is None else cardrules.to_json(core.move),
        "chosen": [core.spec.outcome(card) for card in core.chosen],
    }
    return json.dumps(data)


def load_core(text: str) -> Core:
    """The core :func:`core_json` wrote as ``text``; :class:`~cardrules.errors.SerializationError`
    if it is not one."""
    try:
        data = json.loads(text)
        game = spiel_game(data["game"])
        spec = spec_for(game, cardrules.from_json(data["rules"], game.rules_type))
        outcomes = data["chosen"]
        if not isinstance(outcomes, list) or not all(type(outcome) is int for outcome in outcomes):
            raise SerializationError("chosen: expected a list of chance outcomes")
        state = None if data["state"] is None else cardrules.from_json(data["state"], game.state_type)
        move = None if data["move"] is None else cardrules.from_json(data["move"], game.move_type)
    except SerializationError:
        raise
    except (ValueError, KeyError, TypeError, RecursionError) as error:
        raise SerializationError(f"not a state of this OpenSpiel adapter: {shown(error, 80)}") from None
    if state is not None and game.rules_of(state) != spec.rules:
        raise SerializationError("not a state of this OpenSpiel adapter: its state is not under its rules")
    try:
        core = start(spec) if state is None else after(spec, state, move)
        for outcome in outcomes:
            core = draw(core, outcome)
    except CardrulesError as error:  # a move or a card the state does not allow
        raise SerializationError(f"not a state of this OpenSpiel adapter: {error}") from None
    return core


def start(spec: Spec) -> Core:
    """The core before the first deal: chance deals the first ``deal_count`` cards of the deck."""
    return Core(spec, None, CHANCE, None, DEAL, spec.deal_count, (), spec.deck)


def after(spec: Spec, before: Any, move: object) -> Core:
    """The core once ``move`` is made from the engine state ``before`` (``None``: no move): settled,
    or waiting for chance to draw the move's cards."""
    made = before if move is None else spec.apply(before, move)
    plan = None if move is None else spec.plan(before, move, made)
    if plan is None:
        return settled(spec, made)
    kind, count, pool = plan
    return Core(spec, before, CHANCE, move, kind, count, (), pool)


def settled(spec: Spec, state: Any) -> Core:
    """The core of the engine state ``state`` (hidden piles sorted), with no card to draw."""
    seat = spec.current_player(state)
    return Core(spec, state, TERMINAL if seat is None else seat)


def draw(core: Core, outcome: int) -> Core:
    """The core once chance drew the card of ``outcome``."""
    spec = core.spec
    if not core.kind:
        raise ArgumentError("no card is being drawn: this is not a chance node")
    card = spec.card(outcome)
    remaining = core.remaining
    at = len(remaining) if card is None else bisect.bisect_left(remaining, card)
    if at == len(remaining) or remaining[at] != card:
        raise ArgumentError(f"chance outcome {outcome} is not a card that can be drawn now")
    chosen = (*core.chosen, card)
    rest = remaining[:at] + remaining[at + 1:]
    if len(chosen) < core.count:
        return Core(spec, core.state, CHANCE, core.move, core.kind, core.count, chosen, rest)
    return settled(spec, spec.resolve(core.kind, core.state, core.move, chosen, rest))


class _Game(Protocol):
    spec: Spec


class OpenSpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type information
    """An OpenSpiel state of a cardrules game; get one from ``game.new_initial_state()``.

    Chance deals the cards one at a time, then draws each card a move takes from a hidden pile.
    :func:`engine_state` is the cardrules state inside.
    """

    def __init__(self, game: _Game) -> None:
        super().__init__(game)
        self._core = start(game.spec)
        # The position its history starts from, when not the deal (a state of from_engine_state):
        # written by serialize, so that the history can be replayed from it.
        self._start: Core | None = None

    def current_player(self) -> int:
        """The seat on turn, ``pyspiel.PlayerId.CHANCE`` or ``pyspiel.PlayerId.TERMINAL``."""
        return self._core.player

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._core.spec.space.legal_actions(self._core.state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that can be drawn now and their probabilities (``[]`` off a chance node)."""
        core = self._core
        if not core.kind:
            return []
        remaining = core.remaining
        share = 1 / len(remaining)
        # A card's outcome is its number (Spec.outcome), written inline: this runs for every card left.
        return [(int(card), count * share) for card, count in Counter(remaining).items()]

    def _apply_action(self, action: int) -> None:
        core = self._core
        if core.kind:
            self._core = draw(core, action)
        else:
            self._core = after(core.spec, core.state, core.spec.space.move(action))

    def _action_to_string(self, player: int, action: int) -> str:
        spec = self._core.spec
        if player == CHANCE:
            card = spec.card(action)
            if card is None:
                raise ArgumentError(f"chance outcome {shown(action)} is not a card of this game")
            return f"{self._core.kind or 'draw'} {card}"
        return str(spec.space.move(action))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._core.player == TERMINAL

    def returns(self) -> list[float]:
        """The game's returns of the engine state once the game is over (its ``returns`` facet, or
        else read from its result: ``cardrules.rl.returns`` for the built-in games); zeros until then."""
        core = self._core
        if core.player != TERMINAL:
            return [0.0] * core.spec.players
        return list(core.spec.returns(core.state))

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]
                                ) -> OpenSpielState:
        """A state that ``player_id`` cannot tell from this one, through the game's ``determinize``
        seeded from one call of ``probability_sampler``; at decision nodes and terminal states."""
        core = self._core
        spec = core.spec
        if core.kind:
            raise ArgumentError("resample_from_infostate works at decision nodes and terminal states, "
                                "not while chance deals or draws")
        if type(player_id) is not int or not 0 <= player_id < spec.players:
            raise ArgumentError(f"player_id is a seat from 0 to {spec.players - 1}, not {shown(player_id)}")
        if not callable(probability_sampler):
            raise ArgumentError(f"probability_sampler is a function of no argument returning a number in "
                                f"[0, 1), not {shown(probability_sampler)}")
        rng = random.Random(repr(probability_sampler()))
        state = spec.canonical(spec.determinize(spec.observe(core.state, player_id), rng))
        sampled: OpenSpielState = self.get_game().new_initial_state()
        sampled._core = settled(spec, state)
        return sampled

    def serialize(self) -> str:
        """The state as text, read back by ``game.deserialize_state``: pyspiel's ``history=`` and
        ``move_number=`` lines, for a position started by ``from_engine_state`` a ``start=`` line
        with the JSON of that position, then ``cardrules=`` and the JSON of the engine state (never
        a pickle; see ``docs/openspiel.md``)."""
        history = ",".join(f"{item.player}:{item.action}" for item in self.full_history())
        start = "" if self._start is None else f"start={core_json(self._start)}\n"
        return (f"history={history}\nmove_number={self.move_number()}\n{start}"
                f"cardrules={core_json(self._core)}")

    def __reduce__(self) -> tuple[Callable[[str, str], OpenSpielState], tuple[str, str]]:
        # pyspiel pickles a state as its SerializeGameAndState text, whose state part is a pickle of
        # the attributes; this state pickles as its game's text and serialize(), read back by
        # deserialize_state's checks instead.
        return _unpickle_state, (str(self.get_game()), self.serialize())

    def __str__(self) -> str:
        return describe(self._core, None)


def _unpickle_state(game: str, text: str) -> OpenSpielState:
    """The state ``OpenSpielState.__reduce__`` wrote: ``text`` read by ``game``'s ``deserialize_state``."""
    state: OpenSpielState = pyspiel.load_game(game).deserialize_state(text)
    return state


def describe(core: Core, seat: int | None) -> str:
    """The text of ``core`` for ``seat`` (every hand if ``None``): the deal so far, or the engine
    state and the move whose cards are being drawn."""
    if core.state is None:
        return f"dealing: {len(core.chosen)} of {core.count} cards dealt"
    text = core.spec.text(core.state, seat)
    if core.kind:
        text += f"\n{core.move}: {core.kind} {len(core.chosen)} of {core.count} cards"
    return text


def engine_state(state: OpenSpielState) -> Any:
    """The cardrules state inside an OpenSpiel state: ``None`` before the first deal ends; while a
    move's cards are drawn, the state before the move. Its hidden piles are sorted: chance orders
    them.

    >>> import pyspiel
    >>> state = pyspiel.load_game("cardrules_the_game").new_initial_state()
    >>> for _ in range(8):
    ...     state.apply_action(state.legal_actions()[0])     # deal the 8 lowest cards
    >>> engine_state(state).hands
    ((2, 3, 4, 5, 6, 7, 8, 9),)
    """
    if not isinstance(state, OpenSpielState):
        raise ArgumentError(f"engine_state() takes a state of a cardrules OpenSpiel game, not "
                            f"{type(state).__name__}")
    return state._core.state
