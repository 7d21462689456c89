"""What a game tells its OpenSpiel game (:class:`Facts`), and what its states share (:class:`Spec`).

:class:`Facts` is the game's ``openspiel`` facet; a :class:`Spec` is what every OpenSpiel state of one
game under one rules value shares.

A :class:`Spec`'s chance model: :meth:`Spec.plan` reads, from what the engine made of a move with
the hidden pile sorted, whether and how the move draws, and :meth:`Spec.resolve` makes the move
again once chance has chosen the cards. Neither decides a rule: the engine makes every move, and
the game's facet says only where the engine takes hidden cards from.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Protocol, cast

from cardrules import rl
from cardrules.arguments import shown
from cardrules.bots.search import outcome_returns
from cardrules.errors import ArgumentError, RegistrationError
from cardrules.registry import Game, SomeGame, get

__all__ = ["DEAL", "DRAW", "UTILITIES", "Facts", "Spec", "descriptor_of", "facts_of", "spec_for",
           "spiel_game", "spiel_name"]

DEAL: Final = "deal"
"""The first deal: the first cards of the deck, in the engine's order of dealing."""
DRAW: Final = "draw"
"""Cards from the top of the draw pile."""

UTILITIES: Final = ("identical", "zero_sum", "constant_sum", "general_sum")
"""The words a game's :attr:`Facts.utility` may take (OpenSpiel's ``GameType.Utility``)."""


class Facts(Protocol):
    """What a game tells OpenSpiel beyond its verbs: the object its descriptor's ``openspiel``
    facet names (a class of static methods, say), plain data and functions over the game's own
    types, which need not import pyspiel.

    Required: :attr:`players`, :attr:`utility`, :meth:`utilities`, :meth:`max_game_length`,
    :meth:`draw_pile`, :meth:`with_draw_pile` and :meth:`text`. Optional:

    - ``parameter_defaults``: a mapping of ``Rules`` options to the values an OpenSpiel game takes
      when the parameter is not given, where they differ from the rules' own defaults (Mille
      Bornes: ``{"target_score": None}``, a single hand).
    - ``draws(before, move, after)`` and ``redraw(kind, before, move, chosen, rest)``, both or
      neither, for an engine that takes hidden cards from elsewhere than the top of its draw pile
      (Mille Bornes' reshuffled discards and next hands). ``draws`` tells how ``move`` from
      ``before`` draws, seen in ``after`` (what the engine made of it with the hidden pile sorted):
      ``None`` if it draws nothing, else a word for the draw (``"draw"`` for the top of the draw
      pile, or the game's own word), the number of cards drawn and the cards they are drawn from,
      sorted. ``redraw`` makes a move of the game's own kind once chance has ``chosen`` its cards,
      in order, ``rest`` (sorted) staying hidden. Without them a move draws the cards its draw
      pile loses, from that pile.
    """

    players: tuple[int, int]
    """The fewest and the most seats at a table."""
    utility: str
    """How the returns add up: ``"identical"`` (every seat gets the same: a game played together),
    ``"zero_sum"``, ``"constant_sum"`` or ``"general_sum"``."""

    def utilities(self, rules: Any) -> tuple[float, float, float | None]:
        """The lowest and highest return of a seat under ``rules``, and the sum of all returns if
        it is fixed (else ``None``)."""
        ...

    def max_game_length(self, rules: Any) -> int:
        """The most decisions a game under ``rules`` can take (at most ``2**31 - 1``)."""
        ...

    def draw_pile(self, state: Any) -> Sequence[Any]:
        """The hidden cards ``state`` will draw from, the next one first."""
        ...

    def with_draw_pile(self, state: Any, pile: tuple[Any, ...]) -> Any:
        """``state`` with ``pile`` as its draw pile, and nothing else hidden that would order the
        cards to come (Mille Bornes: seed 0)."""
        ...

    def text(self, state: Any, seat: int | None) -> str:
        """What ``seat`` sees of ``state`` in words (every hand if ``seat`` is ``None``): two
        observations that differ give different texts (search keys its nodes on them)."""
        ...


_REQUIRED: Final = ("players", "utility", "utilities", "max_game_length", "draw_pile", "with_draw_pile",
                    "text")
_FACTS: dict[SomeGame, Facts] = {}
_BY_SPIEL_NAME: dict[str, SomeGame] = {}


def descriptor_of(game: SomeGame | str) -> SomeGame:
    """``game`` itself, or the game called ``game`` in the registry."""
    if isinstance(game, str):
        return get(game)
    if not isinstance(game, Game):
        raise ArgumentError(f"expected a game's descriptor or its name, not {shown(game)}")
    return game


def spiel_name(game: SomeGame) -> str:
    """The name of ``game`` in pyspiel: ``cardrules_`` and its name, ``-`` written ``_``."""
    return "cardrules_" + game.name.replace("-", "_")


def spiel_game(short_name: str) -> SomeGame:
    """The game whose pyspiel name is ``short_name`` (``KeyError`` if the adapter registered none)."""
    return _BY_SPIEL_NAME[short_name]


def facts_of(game: SomeGame) -> Facts:
    """``game``'s ``openspiel`` facet, loaded and checked once; :class:`RegistrationError` if the
    game declares none or it lacks a member."""
    facts = _FACTS.get(game)
    if facts is not None:
        return facts
    found = game.facet("openspiel")
    if found is None:
        raise RegistrationError(f"{game.title} has no openspiel facet: its descriptor names none")
    missing = [name for name in _REQUIRED if not hasattr(found, name)]
    if hasattr(found, "draws") != hasattr(found, "redraw"):
        missing.append("redraw" if hasattr(found, "draws") else "draws")
    if missing:
        raise RegistrationError(f"{game.name}'s openspiel facet ({game.openspiel}) lacks "
                                f"{', '.join(missing)}")
    facts = cast(Facts, found)
    if facts.utility not in UTILITIES:
        raise RegistrationError(f"{game.name}'s openspiel utility is one of {', '.join(UTILITIES)}, not "
                                f"{shown(facts.utility)}")
    _FACTS[game] = facts
    _BY_SPIEL_NAME[spiel_name(game)] = game
    return facts


class Spec:
    """One game under one rules value: everything its OpenSpiel game and states share. Build it
    with :func:`spec_for`."""

    def __init__(self, game: SomeGame, rules: Any) -> None:
        facts = facts_of(game)
        self.game = game
        self.facts = facts
        self.rules = rules
        self.short_name = spiel_name(game)
        """The game's name in pyspiel."""
        self.space = rl.action_space(rules)
        # A game without an encoder offers strings only (its games provide no tensors).
        self.encoder = None if game.encoder is None else rl.observation_encoder(rules)
        self.players: int = game.players(rules)
        # The game's verbs and facts, bound once: a step calls several of them.
        self.apply: Callable[[Any, object], Any] = game.apply
        self.observe: Callable[[Any, int], object] = game.observe
        self.determinize: Callable[[Any, random.Random], Any] = game.determinize
        self.current_player: Callable[[Any], int | None] = game.current_player
        self.returns = cast(Callable[[Any], Sequence[float]], game.facet("returns") or outcome_returns)
        self.draw_pile: Callable[[Any], Sequence[Any]] = facts.draw_pile
        self.with_draw_pile: Callable[[Any, tuple[Any, ...]], Any] = facts.with_draw_pile
        self._draws: Callable[[Any, object, Any], tuple[str, int, tuple[Any, ...]] | None] | None = \
            getattr(facts, "draws", None)
        self._redraw: Callable[..., Any] | None = getattr(facts, "redraw", None)
        self.deck: tuple[Any, ...] = tuple(sorted(game.deck(rules)))
        """The deck, sorted."""
        # A chance outcome is the card's number: The Game's cards are numbers, Mille Bornes' an IntEnum.
        if not all(isinstance(card, int) and not isinstance(card, bool) and card >= 0 for card in self.deck):
            raise RegistrationError(f"OpenSpiel numbers chance outcomes by card: {game.title}'s cards are "
                                    f"not whole numbers from 0 up")
        cards: Mapping[int, Any] = {int(card): card for card in self.deck}
        self.card: Callable[[int], Any] = cards.get
        """The card of a chance outcome; ``None`` if the deck holds none."""
        self.max_chance_outcomes = max(cards) + 1
        """Chance outcomes are numbered from 0 to this, excluded."""
        self.deal_count = len(self.deck) - len(self.draw_pile(self.deal(self.deck)))
        """Cards the first deal takes from the shuffled deck."""

    def outcome(self, card: Any) -> int:
        """The chance outcome of ``card``."""
        return int(card)

    def deal(self, order: tuple[Any, ...]) -> Any:
        """The first state, dealt from ``order`` (the deck, the first card dealt first)."""
        return self.canonical(self.game.new_game(self.rules, deck=order))

    def plan(self, before: Any, move: object, after: Any) -> tuple[str, int, tuple[Any, ...]] | None:
        """How ``move`` from ``before`` draws, seen in ``after`` (what the engine made of it with
        the hidden pile sorted): the kind of draw, the number of cards and the pile they come from
        (sorted); ``None`` if it draws nothing."""
        if self._draws is not None:
            return self._draws(before, move, after)
        pile = self.draw_pile(before)
        count = len(pile) - len(self.draw_pile(after))
        if count < 0:
            # Refilled in an order of the engine's, which the state would then hold: the future.
            raise RegistrationError(f"{self.game.title}'s draw pile grew on {move}: its openspiel facet must "
                                    "say where the cards came from (draws and redraw)")
        return (DRAW, count, tuple(pile)) if count else None

    def resolve(self, kind: str, before: Any, move: object, chosen: tuple[Any, ...],
                rest: tuple[Any, ...]) -> Any:
        """The state after ``move`` from ``before`` (``None``: the first deal) when the cards drawn
        are ``chosen``, in order, and ``rest`` (sorted) stays hidden."""
        if before is None:
            return self.deal(chosen + rest)
        if kind == DRAW:
            # The drawn cards on top of the pile, and the engine makes the move: whatever depends
            # on the cards drawn (who is stuck after a refill, say) the engine decides.
            return self.apply(self.with_draw_pile(before, chosen + rest), move)
        assert self._redraw is not None  # facts_of checked: draws named this kind
        return self._redraw(kind, before, move, chosen, rest)

    def canonical(self, state: Any) -> Any:
        """``state`` with its hidden pile sorted, and nothing else hidden that could order it."""
        return self.with_draw_pile(state, tuple(sorted(self.draw_pile(state))))

    def max_game_length(self) -> int:
        """The most decisions a game can take."""
        return self.facts.max_game_length(self.rules)

    def utilities(self) -> tuple[float, float, float | None]:
        """The lowest and highest return of a seat, and the sum of all returns if it is fixed."""
        return self.facts.utilities(self.rules)

    def text(self, state: Any, seat: int | None) -> str:
        """What ``seat`` sees of ``state`` (every hand if ``seat`` is ``None``), in words."""
        return self.facts.text(state, seat)


_SPECS: dict[tuple[SomeGame, object], Spec] = {}


def spec_for(game: SomeGame, rules: object) -> Spec:
    """The spec of ``game`` under ``rules``, built once per rules value (its action space and
    encoder are cached by ``cardrules.rl`` too)."""
    key = (game, rules)
    spec = _SPECS.get(key)
    if spec is None:
        spec = _SPECS[key] = Spec(game, rules)
    return spec
