"""The Game and Mille Bornes as OpenSpiel games (the extra ``openspiel``).

Importing this module registers ``cardrules_the_game`` and ``cardrules_mille_bornes`` with pyspiel;
their options are game parameters. Actions are :func:`cardrules.rl.action_space` numbers, tensors
are :func:`cardrules.rl.observation_encoder` vectors and returns are :func:`cardrules.rl.returns`.

>>> import pyspiel
>>> import cardrules.integrations.openspiel
>>> game = pyspiel.load_game("cardrules_the_game(players=2)")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())    # the deal: one card at a time
(True, 98)

Chance is explicit, one chance node per card taken from a hidden pile (the deal included), so the
future draws are not in the state until chance decides them: a search that clones states cannot
read them. The engines fix the whole draw order when they deal; this adapter keeps every hidden
pile sorted instead and, when a move makes the engine draw, asks chance for the cards, puts them
where the engine takes them from and lets the engine make the move. See ``docs/openspiel.md``.
"""

from __future__ import annotations

import bisect
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, Generic, TypeVar

import attrs
import numpy as np

import cardrules
from cardrules import rl
from cardrules.errors import ArgumentError, SerializationError
from cardrules.games import mille_bornes, the_game

try:
    import pyspiel  # type: ignore[import-not-found]
except ImportError as exc:  # pragma: no cover -- CI installs every extra
    raise ImportError('cardrules.integrations.openspiel needs OpenSpiel: pip install "cardrules[openspiel]"'
                      ) from exc

__all__ = [
    "MILLE_BORNES",
    "THE_GAME",
    "CardrulesState",
    "MilleBornesGame",
    "TheGameGame",
    "engine_state",
    "from_engine_state",
    "mille_bornes_rules",
    "the_game_rules",
]

THE_GAME: Final = "cardrules_the_game"
"""The short name of The Game in pyspiel."""
MILLE_BORNES: Final = "cardrules_mille_bornes"
"""The short name of Mille Bornes in pyspiel."""

S = TypeVar("S", the_game.State, mille_bornes.State)
C = TypeVar("C", int, mille_bornes.Card)

_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
# A match to a target score has no length bound in the rules (hands where nobody scores could
# repeat), and max_game_length is a C++ int.
_INT_MAX: Final = 2**31 - 1

# How cards leave a hidden pile; the kind of a pending draw.
_DEAL, _DRAW, _RESHUFFLE, _REDEAL = "deal", "draw", "reshuffle", "redeal"


# --- The parameters -------------------------------------------------------------------------------

THE_GAME_PARAMETERS: Final[Mapping[str, object]] = {
    "players": 1, "expert": False, "reduced_hand": False, "on_fire": False,
}

_PRESETS: Final[Mapping[str, Callable[..., mille_bornes.Rules]]] = {
    "parker": mille_bornes.Rules.parker,
    "french": mille_bornes.Rules.french,
    "wikipedia": mille_bornes.Rules.wikipedia,
    "room": mille_bornes.Rules.room,
}
# The options whose default depends on the preset: "" keeps the preset's.
_CHOICES: Final = ("safety_extra_turn", "hazard_stacking", "coup_fourre", "safety_cancel", "discard",
                   "hand_end")
# The options every preset defaults alike.
_PLAIN: Final = ("hand_size", "max_200s", "reshuffle_discards", "reshuffle_limit", "wrong_way")

MILLE_BORNES_PARAMETERS: Final[Mapping[str, object]] = {
    "preset": "parker", "players": 2, "team_size": 1, "target_score": 0, "race": 0, "extension_to": 0,
    "hand_size": 6, "max_200s": 2, "small_table_deck": "", "reshuffle_discards": False,
    "reshuffle_limit": 3, "wrong_way": False, **dict.fromkeys(_CHOICES, ""),
}


def the_game_rules(params: Mapping[str, object] | None = None) -> the_game.Rules:
    """The Game's rules for OpenSpiel game parameters (those not given take their defaults).

    >>> the_game_rules({"players": 3, "expert": True})
    Rules(players=3, expert=True, reduced_hand=False, on_fire=False)
    """
    values = _parameters(params, THE_GAME_PARAMETERS, THE_GAME)
    return the_game.Rules(**values)  # type: ignore[arg-type]  # Rules checks every value


def mille_bornes_rules(params: Mapping[str, object] | None = None) -> mille_bornes.Rules:
    """Mille Bornes' rules for OpenSpiel game parameters (those not given take their defaults).

    ``preset`` is ``parker``, ``french``, ``wikipedia`` or ``room``; ``target_score`` 0 is a single
    hand; ``race`` and ``extension_to`` 0 and the choices ``""`` keep the preset's (``extension_to``
    -1: no extension); ``small_table_deck`` is ``""``, ``"yes"`` or ``"no"``.

    >>> rules = mille_bornes_rules({"preset": "room", "players": 4, "team_size": 2})
    >>> rules.race, rules.target_score, rules.discard
    (1000, None, 'unplayable_only')
    >>> mille_bornes_rules({"preset": "bridge"})
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: preset is one of parker, french, wikipedia, room, not 'bridge'
    """
    values = _parameters(params, MILLE_BORNES_PARAMETERS, MILLE_BORNES)
    preset = values["preset"]
    if preset not in _PRESETS:
        raise ArgumentError(f"preset is one of {', '.join(_PRESETS)}, not {preset!r}")
    target = values["target_score"]
    rules = _PRESETS[str(preset)](players=values["players"], team_size=values["team_size"],
                                  target_score=None if target == 0 else target)
    changes: dict[str, Any] = {name: values[name] for name in _PLAIN}
    changes.update((name, values[name]) for name in _CHOICES if values[name] != "")
    if values["race"] != 0:
        changes["race"] = values["race"]
    extension = values["extension_to"]
    if extension == -1:
        changes["extension_to"] = None
    elif extension != 0:
        changes["extension_to"] = extension
    small = values["small_table_deck"]
    if small not in ("", "yes", "no"):
        raise ArgumentError(f'small_table_deck is "", "yes" or "no", not {small!r}')
    if small:
        changes["small_table_deck"] = small == "yes"
    return attrs.evolve(rules, **changes)  # Rules checks every value


def _parameters(params: Mapping[str, object] | None, defaults: Mapping[str, object], game: str
                ) -> dict[str, object]:
    values = dict(defaults)
    for name, value in (params or {}).items():
        if name not in defaults:
            raise ArgumentError(f"{game} has no parameter {name!r}; its parameters are {', '.join(defaults)}")
        # OpenSpiel parameters are typed, and a bool is an int to Python: refuse True for a number.
        if type(value) is not type(defaults[name]):
            raise ArgumentError(f"{game}'s parameter {name} is a {type(defaults[name]).__name__}, "
                                f"not {value!r}")
        values[name] = value
    return values


# --- What each game brings: its verbs, its cards and how its hidden piles are drawn -------------

class _Spec(Generic[S, C]):
    """One game under one rules value: everything the OpenSpiel game and its states share."""

    short_name: str
    max_chance_outcomes: int
    module: Any  # the game module; its verbs are typed through the methods below

    def __init__(self, rules: object) -> None:
        self.rules = rules
        self.space = rl.action_space(rules)
        self.encoder = rl.observation_encoder(rules)
        self.players: int = self.module.GAME.players(rules)
        self.deck: tuple[C, ...] = tuple(sorted(self.module.deck(rules)))
        first = self.deal(self.deck)
        self.deal_count = len(self.deck) - len(first.draw_pile)
        """Cards the deal takes from the shuffled deck."""

    # The game's verbs, typed.
    def apply(self, state: S, move: object) -> S:
        return self.module.apply(state, move)  # type: ignore[no-any-return]

    def observe(self, state: S, seat: int) -> object:
        return self.module.observe(state, seat)

    def determinize(self, observation: object, rng: random.Random) -> S:
        return self.module.determinize(observation, rng)  # type: ignore[no-any-return]

    def current_player(self, state: S) -> int | None:
        return self.module.current_player(state)  # type: ignore[no-any-return]

    # What each game defines.
    def deal(self, order: tuple[C, ...]) -> S:
        """The first state, dealt from ``order`` (the deck, the first card dealt first)."""
        raise NotImplementedError

    def outcome(self, card: C) -> int:
        """The chance outcome of ``card``."""
        raise NotImplementedError

    def card(self, outcome: int) -> C:
        """The card of chance outcome ``outcome``."""
        raise NotImplementedError

    def plan(self, before: S, move: object, after: S) -> tuple[str, int, tuple[C, ...]] | None:
        """How ``move`` from ``before`` draws, seen in ``after`` (what the engine made of it with
        the hidden piles sorted): the kind of draw, the number of cards and the pile they come from
        (sorted); ``None`` if it draws nothing."""
        raise NotImplementedError

    def resolve(self, kind: str, before: S | None, move: object, chosen: tuple[C, ...],
                rest: tuple[C, ...]) -> S:
        """The state after ``move`` when the cards drawn are ``chosen`` (in order) and ``rest`` (sorted)
        stays hidden."""
        raise NotImplementedError

    def canonical(self, state: S) -> S:
        """``state`` with its hidden pile sorted (and nothing else hidden that could order it)."""
        raise NotImplementedError

    def max_game_length(self) -> int:
        raise NotImplementedError

    def utilities(self) -> tuple[float, float, float | None]:
        """The lowest and highest return of a seat, and the sum of all returns if it is fixed."""
        raise NotImplementedError

    def text(self, state: S, seat: int | None) -> str:
        """What ``seat`` sees of ``state`` (every hand if ``seat`` is ``None``), in words."""
        raise NotImplementedError


def _without(pool: tuple[C, ...], cards: Iterable[C]) -> tuple[C, ...]:
    """``pool`` (sorted) less ``cards``, each once."""
    rest = list(pool)
    for card in cards:
        del rest[bisect.bisect_left(rest, card)]
    return tuple(rest)


class _TheGameSpec(_Spec[the_game.State, int]):
    short_name = THE_GAME
    max_chance_outcomes = 100  # a chance outcome is the card itself, 2..99
    module = the_game

    def deal(self, order: tuple[int, ...]) -> the_game.State:
        return the_game.new_game(self.rules, deck=order)  # type: ignore[arg-type]

    def outcome(self, card: int) -> int:
        return card

    def card(self, outcome: int) -> int:
        return outcome

    def plan(self, before: the_game.State, move: object, after: the_game.State
             ) -> tuple[str, int, tuple[int, ...]] | None:
        # Ending a turn refills the hand from the draw pile, and only that draws.
        count = before.table.draw_pile_size - after.table.draw_pile_size
        return (_DRAW, count, before.draw_pile) if count else None

    def resolve(self, kind: str, before: the_game.State | None, move: object, chosen: tuple[int, ...],
                rest: tuple[int, ...]) -> the_game.State:
        if before is None:
            return self.deal(chosen + rest)
        # The drawn cards on top of the pile, and the engine makes the move (who is stuck after a
        # refill depends on the cards drawn: the engine decides it, not this adapter).
        arranged = the_game.State(before.rules, before.table, before.hands, chosen + rest)
        return self.apply(arranged, move)

    def canonical(self, state: the_game.State) -> the_game.State:
        return the_game.State(state.rules, state.table, state.hands, tuple(sorted(state.draw_pile)))

    def max_game_length(self) -> int:
        # Each of the 98 cards laid once, and a turn ended after each at most.
        return 2 * len(self.deck)

    def utilities(self) -> tuple[float, float, float | None]:
        return 0.0, 1.0, None

    def text(self, state: the_game.State, seat: int | None) -> str:
        table = state.table
        piles = " | ".join(f"{name} {' '.join(map(str, pile))}"
                           for name, pile in zip(the_game.PILE_NAMES, table.piles, strict=True))
        fire = [f"{name} by turn {due}" for name, due in zip(the_game.PILE_NAMES, table.fire_due, strict=True)
                if due >= 0]
        words = [
            piles,
            f"hands {' '.join(map(str, table.hand_sizes))} | draw pile {table.draw_pile_size}",
            f"turn {table.turn}: seat {table.current}, {table.laid} laid | {table.status}",
        ]
        if fire:
            words.append(f"fire: {', '.join(fire)}")
        return "\n".join([*_hands(state.hands, seat, lambda hand: " ".join(map(str, hand))), *words])


class _MilleBornesSpec(_Spec[mille_bornes.State, mille_bornes.Card]):
    short_name = MILLE_BORNES
    max_chance_outcomes = len(mille_bornes.Card)  # a chance outcome is the kind of card drawn
    module = mille_bornes

    def deal(self, order: tuple[mille_bornes.Card, ...]) -> mille_bornes.State:
        # Seed 0 for every state: later hands and reshuffles come from chance, never from a seed.
        return mille_bornes.new_game(self.rules, deck=order, seed=0)  # type: ignore[arg-type]

    def outcome(self, card: mille_bornes.Card) -> int:
        return int(card)

    def card(self, outcome: int) -> mille_bornes.Card:
        return mille_bornes.Card(outcome)

    def plan(self, before: mille_bornes.State, move: object, after: mille_bornes.State
             ) -> tuple[str, int, tuple[mille_bornes.Card, ...]] | None:
        table = after.table
        if table.phase == "over":
            return None
        if table.match.hand_number != before.table.match.hand_number:
            # The next hand of the match was dealt: from the whole deck, and its first player drew.
            return _REDEAL, len(self.deck) - table.draw_pile_size, self.deck
        if table.reshuffles != before.table.reshuffles:
            drawn = _drawn_after_reshuffle(before, after)
            return _RESHUFFLE, len(drawn), tuple(sorted((*drawn, *after.draw_pile)))
        count = before.table.draw_pile_size - table.draw_pile_size
        return (_DRAW, count, before.draw_pile) if count else None

    def resolve(self, kind: str, before: mille_bornes.State | None, move: object,
                chosen: tuple[mille_bornes.Card, ...], rest: tuple[mille_bornes.Card, ...]
                ) -> mille_bornes.State:
        if before is None:
            return self.deal(chosen + rest)
        if kind == _DRAW:
            return self.apply(mille_bornes.State(before.rules, before.table, before.hands, chosen + rest,
                                                 before.seed), move)
        after = self.apply(before, move)
        if kind == _REDEAL:
            match = after.table.match
            dealt = mille_bornes.new_game(self.rules, deck=chosen + rest, seed=0,  # type: ignore[arg-type]
                                          first_player=(match.dealer + 1) % self.players)
            return attrs.evolve(dealt, table=attrs.evolve(dealt.table, match=match))
        # A reshuffle: the engine drew from the discards in the order of its seed; the cards chance
        # chose take the place of those it drew (nothing in a hand of Mille Bornes depends on which
        # cards were drawn until the drawer plays).
        drawer = after.table.current
        hand = Counter(after.hands[drawer])
        hand.subtract(_drawn_after_reshuffle(before, after))
        hand.update(chosen)
        hands = list(after.hands)
        hands[drawer] = tuple(sorted(hand.elements()))
        return attrs.evolve(after, hands=tuple(hands), draw_pile=rest)

    def canonical(self, state: mille_bornes.State) -> mille_bornes.State:
        return attrs.evolve(state, draw_pile=tuple(sorted(state.draw_pile)), seed=0)

    def max_game_length(self) -> int:
        rules: mille_bornes.Rules = self.rules  # type: ignore[assignment]
        # Every decision but a coup fourré's or an extension's lays a card from a hand; cards reach
        # the hands once per pass through the deck; a hazard asks at most every other seat for a coup
        # fourré; a hand has at most one extension decision.
        passes = 1 + (rules.reshuffle_limit if rules.reshuffle_discards else 0)
        hand = self.players * len(self.deck) * passes + 1
        if rules.target_score is None:
            return hand
        # Assuming every hand gives some side a point: the sides' totals then grow by one a hand.
        return min(_INT_MAX, hand * (rules.sides * (rules.target_score - 1) + 1))

    def utilities(self) -> tuple[float, float, float | None]:
        sides: int = self.rules.sides  # type: ignore[attr-defined]
        return -1 / (sides - 1), 1.0, 0.0

    def text(self, state: mille_bornes.State, seat: int | None) -> str:
        table = state.table
        words = [f"side {side}: {_tableau_text(tableau)}" for side, tableau in enumerate(table.tableaux)]
        words.append(f"discards {_cards(table.discard_pile)}")
        words.append(f"hands {' '.join(map(str, table.hand_sizes))} | draw pile {table.draw_pile_size}"
                     f" | reshuffles {table.reshuffles}")
        decision = f"seat {table.current}: {table.phase} | race {table.target}"
        if table.extended_by is not None:
            decision += f", extended by side {table.extended_by}"
        window = table.window
        if window is not None:
            decision += (f" | seat {window.attacker} played {window.hazard} on side {window.side}, "
                         f"then asks {' '.join(map(str, window.waiting)) or 'nobody'}")
        words.append(decision)
        revealed = [f"seat {other} holds {_cards(cards)}"
                    for other, cards in enumerate(table.revealed) if cards]
        if revealed:
            words.append(" | ".join(revealed))
        match = table.match
        words.append(f"hand {match.hand_number}, dealer {match.dealer}, totals "
                     f"{' '.join(map(str, match.totals))}")
        return "\n".join([*_hands(state.hands, seat, _cards), *words])


def _drawn_after_reshuffle(before: mille_bornes.State, after: mille_bornes.State) -> list[mille_bornes.Card]:
    """The cards the engine drew from the reshuffled discards while making the move from ``before``
    to ``after``: they went to the seat on turn in ``after`` (after the last card of the old draw
    pile, if one was left)."""
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


def _hands(hands: tuple[tuple[C, ...], ...], seat: int | None, show: Callable[[tuple[C, ...]], str]
           ) -> list[str]:
    if seat is not None:
        return [f"seat {seat} holds {show(hands[seat])}"]
    return [f"seat {other} holds {show(hand)}" for other, hand in enumerate(hands)]


def _cards(cards: Iterable[mille_bornes.Card]) -> str:
    return ", ".join(map(str, cards)) or "-"


def _tableau_text(tableau: mille_bornes.Tableau) -> str:
    parts = [f"{tableau.miles} miles ({' '.join(map(str, tableau.distance)) or '-'})",
             f"battle {_cards(tableau.battle)}", f"speed {_cards(tableau.speed)}"]
    if tableau.direction:
        parts.append(f"direction {_cards(tableau.direction)}")
    parts.append(f"safeties {_cards(tableau.safeties)}")
    if tableau.coups_fourres:
        parts.append(f"coups fourrés {_cards(tableau.coups_fourres)}")
    return "; ".join(parts)


_SPECS: dict[tuple[str, object], _Spec[Any, Any]] = {}


def _spec(kind: type[_Spec[Any, Any]], rules: object) -> _Spec[Any, Any]:
    """The spec of ``rules``, built once per rules value."""
    key = (kind.short_name, rules)
    spec = _SPECS.get(key)
    if spec is None:
        spec = _SPECS[key] = kind(rules)
    return spec


# --- The state: an engine state, and the cards being drawn -----------------------------------------

@attrs.frozen
class _Core:
    """All an OpenSpiel state holds, immutable (so cloning a state shares it).

    ``state`` is the engine's state with its hidden piles sorted, or ``None`` before the deal; while
    a move draws, it is the state before the move, ``move`` is the move and ``kind`` how it draws;
    ``chosen`` are the cards chance drew so far, ``remaining`` the cards it may still draw (sorted)
    and ``count`` how many it draws in all. ``player`` is OpenSpiel's current player, worked out
    once (pyspiel asks for it several times a step).
    """

    spec: _Spec[Any, Any]
    state: Any
    player: int
    move: object = None
    kind: str = ""
    count: int = 0
    chosen: tuple[Any, ...] = ()
    remaining: tuple[Any, ...] = ()

    def __deepcopy__(self, memo: object) -> _Core:
        return self

    def __reduce__(self) -> tuple[Callable[[str], _Core], tuple[str]]:
        # pyspiel serializes a Python state by pickling its attributes: this one pickles as the
        # JSON of its engine state, which is read back with every check from_json makes.
        data = {
            "game": self.spec.short_name,
            "rules": cardrules.to_json(self.spec.rules),
            "state": None if self.state is None else cardrules.to_json(self.state),
            "move": None if self.move is None else cardrules.to_json(self.move),
            "chosen": [self.spec.outcome(card) for card in self.chosen],
        }
        return _load_core, (json.dumps(data),)


def _load_core(text: str) -> _Core:
    """The core written by ``_Core.__reduce__``."""
    try:
        data = json.loads(text)
        kinds: dict[str, type[_Spec[Any, Any]]] = {THE_GAME: _TheGameSpec, MILLE_BORNES: _MilleBornesSpec}
        kind = kinds[data["game"]]
        spec = _spec(kind, cardrules.from_json(data["rules"], kind.module.Rules))
        outcomes = data["chosen"]
        if not isinstance(outcomes, list) or not all(type(outcome) is int for outcome in outcomes):
            raise SerializationError("chosen: expected a list of chance outcomes")
        state = None if data["state"] is None else cardrules.from_json(data["state"], kind.module.State)
        move = None if data["move"] is None else cardrules.from_json(data["move"], kind.module.Move)
    except (ValueError, KeyError, TypeError) as error:
        if isinstance(error, SerializationError):
            raise
        raise SerializationError(f"not a state of this OpenSpiel adapter: {error}") from None
    core = _start(spec) if state is None else _after(spec, state, move)
    for outcome in outcomes:
        core = _draw(core, outcome)
    return core


def _start(spec: _Spec[Any, Any]) -> _Core:
    """The core before the deal: chance deals the first ``deal_count`` cards of the deck."""
    return _Core(spec, None, _CHANCE, None, _DEAL, spec.deal_count, (), spec.deck)


def _after(spec: _Spec[Any, Any], before: Any, move: object) -> _Core:
    """The core once ``move`` is made from the engine state ``before`` (``None``: no move yet)."""
    after = before if move is None else spec.apply(before, move)
    plan = None if move is None else spec.plan(before, move, after)
    if plan is None:
        return _settled(spec, after)
    kind, count, pool = plan
    return _Core(spec, before, _CHANCE, move, kind, count, (), pool)


def _settled(spec: _Spec[Any, Any], state: Any) -> _Core:
    """The core of the engine state ``state``, with no card to draw."""
    seat = spec.current_player(state)
    return _Core(spec, state, _TERMINAL if seat is None else seat)


def _draw(core: _Core, outcome: int) -> _Core:
    """The core once chance drew the card of ``outcome``."""
    spec = core.spec
    if not core.kind:
        raise ArgumentError("no card is being drawn: this is not a chance node")
    try:
        card = spec.card(outcome)
    except ValueError:
        card = None
    remaining = core.remaining
    at = bisect.bisect_left(remaining, card) if card is not None else len(remaining)
    if at == len(remaining) or remaining[at] != card:
        raise ArgumentError(f"chance outcome {outcome} is not a card that can be drawn now")
    chosen = (*core.chosen, card)
    rest = remaining[:at] + remaining[at + 1:]
    if len(chosen) < core.count:
        return _Core(spec, core.state, _CHANCE, core.move, core.kind, core.count, chosen, rest)
    return _settled(spec, spec.resolve(core.kind, core.state, core.move, chosen, rest))


class CardrulesState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type information
    """An OpenSpiel state of a cardrules game; get one from ``game.new_initial_state()``.

    Its engine state is :func:`engine_state`. Chance deals the cards one at a time, then draws each
    card a move takes from a hidden pile.
    """

    def __init__(self, game: _CardrulesGame) -> None:
        super().__init__(game)
        self._core = _start(game.spec)

    def current_player(self) -> int:
        return self._core.player

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._core.spec.space.legal_actions(self._core.state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        core = self._core
        if not core.kind:
            return []
        remaining = core.remaining
        share = 1 / len(remaining)
        outcome = core.spec.outcome
        return [(outcome(card), count * share) for card, count in Counter(remaining).items()]

    def _apply_action(self, action: int) -> None:
        core = self._core
        if core.kind:
            self._core = _draw(core, action)
        else:
            self._core = _after(core.spec, core.state, core.spec.space.move(action))

    def _action_to_string(self, player: int, action: int) -> str:
        spec = self._core.spec
        if player == _CHANCE:
            card = spec.card(action)
            return f"{self._core.kind or 'draw'} {card}"
        return str(spec.space.move(action))

    def is_terminal(self) -> bool:
        return self._core.player == _TERMINAL

    def returns(self) -> list[float]:
        core = self._core
        if core.player != _TERMINAL:
            return [0.0] * core.spec.players
        return list(rl.returns(core.state))

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]
                                ) -> CardrulesState:
        """A state that ``player_id`` cannot tell from this one, through the game's ``determinize``
        seeded from ``probability_sampler`` (called once); at decision nodes and terminal states."""
        core = self._core
        spec = core.spec
        if core.kind:
            raise ArgumentError("resample_from_infostate works at decision nodes and terminal states, "
                                "not while chance deals or draws")
        if type(player_id) is not int or not 0 <= player_id < spec.players:
            raise ArgumentError(f"player_id is a seat from 0 to {spec.players - 1}, not {player_id!r}")
        rng = random.Random(repr(probability_sampler()))
        state = spec.canonical(spec.determinize(spec.observe(core.state, player_id), rng))
        sampled: CardrulesState = self.get_game().new_initial_state()
        sampled._core = _settled(spec, state)
        return sampled

    def __str__(self) -> str:
        core = self._core
        if core.state is None:
            return f"dealing: {len(core.chosen)} of {core.count} cards dealt"
        text: str = core.spec.text(core.state, None)
        if core.kind:
            text += f"\n{core.move}: {core.kind} {len(core.chosen)} of {core.count} cards"
        return text


def engine_state(state: CardrulesState) -> Any:
    """The cardrules state inside an OpenSpiel state: ``None`` before the deal ends; while a move's
    cards are drawn, the state before the move. Its hidden piles are sorted (chance orders them).

    >>> import pyspiel
    >>> state = pyspiel.load_game("cardrules_the_game").new_initial_state()
    >>> for _ in range(8):
    ...     state.apply_action(state.legal_actions()[0])     # deal the 8 lowest cards
    >>> engine_state(state).hands
    ((2, 3, 4, 5, 6, 7, 8, 9),)
    """
    if not isinstance(state, CardrulesState):
        raise ArgumentError(f"engine_state() takes a state of a cardrules OpenSpiel game, not "
                            f"{type(state).__name__}")
    return state._core.state


def from_engine_state(game: _CardrulesGame, state: object) -> CardrulesState:
    """An OpenSpiel state of ``game`` at the cardrules state ``state`` (a position of a real game,
    say), played under the game's rules. Its hidden piles are sorted first: what is drawn next is
    up to chance, whatever order ``state`` held. Its ``history()`` is empty.

    >>> import pyspiel
    >>> from cardrules.games import the_game
    >>> game = pyspiel.load_game("cardrules_the_game(players=2)")
    >>> state = from_engine_state(game, the_game.new_game(game.rules, seed=4))
    >>> state.current_player(), [state.action_to_string(action) for action in state.legal_actions()[:2]]
    (0, ['3 on up1', '3 on up2'])
    """
    if not isinstance(game, _CardrulesGame):
        raise ArgumentError(f"from_engine_state() takes a cardrules OpenSpiel game, not "
                            f"{type(game).__name__}")
    spec = game.spec
    if type(state) is not spec.module.State or state.rules != spec.rules:  # type: ignore[attr-defined]
        raise ArgumentError(f"from_engine_state() takes a state of {spec.module.TITLE} under {spec.rules!r}")
    spiel: CardrulesState = game.new_initial_state()
    spiel._core = _settled(spec, spec.canonical(state))
    return spiel


# --- Observations -------------------------------------------------------------------------------

class _Observer:
    """OpenSpiel's Python observer: ``tensor`` (with ``dict``, its named slices) and strings."""

    def __init__(self, spec: _Spec[Any, Any], iig_obs_type: Any, params: Mapping[str, object] | None) -> None:
        if params:
            raise ArgumentError(f"the observations of {spec.short_name} take no parameters, not "
                                f"{dict(params)}")
        if iig_obs_type is not None and (
                not iig_obs_type.public_info
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise ArgumentError(f"{spec.short_name} observes for one seat: its own hand and the public "
                                "table (public_info=True, private_info=SINGLE_PLAYER)")
        self._spec = spec
        self.tensor = np.zeros(spec.encoder.shape, np.float32)
        self.dict = {segment.name: self.tensor[segment.start:segment.stop]
                     for segment in spec.encoder.layout if segment.size}

    def set_from(self, state: CardrulesState, player: int) -> None:
        core = state._core
        if core.state is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self._spec.encoder.encode(self._spec.observe(core.state, player))

    def string_from(self, state: CardrulesState, player: int) -> str:
        core = state._core
        if core.state is None:
            return f"dealing: {len(core.chosen)} of {core.count} cards dealt"
        self._spec.observe(core.state, player)  # checks the seat
        text = self._spec.text(core.state, player)
        if core.kind:
            text += f"\n{core.move}: {core.kind} {len(core.chosen)} of {core.count} cards"
        return text


# --- The games ----------------------------------------------------------------------------------

def _game_type(short_name: str, long_name: str, utility: Any, players: tuple[int, int],
               parameters: Mapping[str, object]) -> Any:
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        min_num_players=players[0],
        max_num_players=players[1],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(parameters),
    )


_THE_GAME_TYPE: Final = _game_type(THE_GAME, "The Game (cardrules)", pyspiel.GameType.Utility.IDENTICAL,
                                   (1, 5), THE_GAME_PARAMETERS)
_MILLE_BORNES_TYPE: Final = _game_type(MILLE_BORNES, "Mille Bornes (cardrules)",
                                       pyspiel.GameType.Utility.ZERO_SUM, (2, 9), MILLE_BORNES_PARAMETERS)


class _CardrulesGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """What both games share: a spec, states and observers."""

    spec: _Spec[Any, Any]

    def __init__(self, game_type: Any, spec: _Spec[Any, Any], params: Mapping[str, object]) -> None:
        self.spec = spec
        low, high, total = spec.utilities()
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.space.size,
            max_chance_outcomes=spec.max_chance_outcomes,
            num_players=spec.players,
            min_utility=low,
            max_utility=high,
            utility_sum=total,
            max_game_length=spec.max_game_length(),
        )
        super().__init__(game_type, info, dict(params))

    @property
    def rules(self) -> Any:
        """The cardrules ``Rules`` this game is played under."""
        return self.spec.rules

    def new_initial_state(self) -> CardrulesState:
        """The state before the deal (a chance node)."""
        return CardrulesState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Mapping[str, object] | None = None
                         ) -> _Observer:
        """The observer OpenSpiel asks for: the observation encoder's vector for one seat, for the
        default observation and the information state alike (see ``docs/openspiel.md``)."""
        return _Observer(self.spec, iig_obs_type, params)


class TheGameGame(_CardrulesGame):
    """The Game in OpenSpiel (``cardrules_the_game``): parameters ``players``, ``expert``,
    ``reduced_hand``, ``on_fire``; cooperative, every seat gets ``(98 - cards left) / 98``.

    >>> import pyspiel
    >>> game = pyspiel.load_game("cardrules_the_game(players=3,expert=True)")
    >>> game.rules, game.num_distinct_actions(), game.max_chance_outcomes()
    (Rules(players=3, expert=True, reduced_hand=False, on_fire=False), 393, 100)
    """

    def __init__(self, params: Mapping[str, object] | None = None) -> None:
        rules = the_game_rules(params)
        super().__init__(_THE_GAME_TYPE, _spec(_TheGameSpec, rules), _parameters(params, THE_GAME_PARAMETERS,
                                                                               THE_GAME))


class MilleBornesGame(_CardrulesGame):
    """Mille Bornes in OpenSpiel (``cardrules_mille_bornes``): see :func:`mille_bornes_rules` for
    the parameters; zero-sum, by side.

    >>> import pyspiel
    >>> game = pyspiel.load_game("cardrules_mille_bornes(players=4,team_size=2)")
    >>> game.rules.race, game.num_players(), game.min_utility(), game.max_utility()
    (1000, 4, -1.0, 1.0)
    """

    def __init__(self, params: Mapping[str, object] | None = None) -> None:
        rules = mille_bornes_rules(params)
        super().__init__(_MILLE_BORNES_TYPE, _spec(_MilleBornesSpec, rules),
                         _parameters(params, MILLE_BORNES_PARAMETERS, MILLE_BORNES))


pyspiel.register_game(_THE_GAME_TYPE, TheGameGame)
pyspiel.register_game(_MILLE_BORNES_TYPE, MilleBornesGame)
