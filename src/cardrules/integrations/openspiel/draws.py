"""What each game brings to its OpenSpiel game: its verbs, its cards as chance outcomes, and where
its engine takes hidden cards from.

A :class:`Spec` is one game under one rules value. Its chance model: :meth:`Spec.plan` reads, from
what the engine made of a move with the hidden piles sorted, whether and how the move draws, and
:meth:`Spec.resolve` makes the move again once chance has chosen the cards. Neither decides a rule:
the engine makes every move.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Final, Generic, TypeVar

import attrs

from cardrules import rl
from cardrules.games import mille_bornes, the_game
from cardrules.integrations.openspiel.parameters import MILLE_BORNES, THE_GAME
from cardrules.integrations.openspiel.text import mille_bornes_text, the_game_text

__all__ = ["DEAL", "DRAW", "KINDS", "REDEAL", "RESHUFFLE", "MilleBornesSpec", "Spec", "TheGameSpec",
           "drawn_after_reshuffle", "spec_for"]

S = TypeVar("S", the_game.State, mille_bornes.State)
C = TypeVar("C", int, mille_bornes.Card)

DEAL: Final = "deal"
"""The first deal: the first cards of the deck, in the engine's order of dealing."""
DRAW: Final = "draw"
"""Cards from the top of the draw pile."""
RESHUFFLE: Final = "reshuffle"
"""Cards from the discards, reshuffled into a new draw pile (Mille Bornes' reshuffle variant)."""
REDEAL: Final = "redeal"
"""The deal of the next hand of a match (Mille Bornes)."""
KINDS: Final = (DEAL, DRAW, RESHUFFLE, REDEAL)
"""How cards can leave a hidden pile."""

# A match to a target score has no length bound in the rules (hands where nobody scores could
# repeat), and max_game_length is a C++ int.
_INT_MAX: Final = 2**31 - 1


class Spec(Generic[S, C]):
    """One game under one rules value: everything its OpenSpiel game and states share. Build it
    with :func:`spec_for`."""

    short_name: str
    """The game's name in pyspiel."""
    max_chance_outcomes: int
    """Chance outcomes are numbered from 0 to this, excluded."""
    module: Any
    """The game module (its verbs are typed through the methods below)."""

    def __init__(self, rules: object) -> None:
        self.rules = rules
        self.space = rl.action_space(rules)
        self.encoder = rl.observation_encoder(rules)
        self.players: int = self.module.GAME.players(rules)
        self.deck: tuple[C, ...] = tuple(sorted(self.module.deck(rules)))
        """The deck, sorted."""
        self.deal_count = len(self.deck) - len(self.deal(self.deck).draw_pile)
        """Cards the first deal takes from the shuffled deck."""

    # The game's verbs, typed.
    def apply(self, state: S, move: object) -> S:
        """The game's ``apply``."""
        return self.module.apply(state, move)  # type: ignore[no-any-return]

    def observe(self, state: S, seat: int) -> object:
        """The game's ``observe``."""
        return self.module.observe(state, seat)

    def determinize(self, observation: object, rng: random.Random) -> S:
        """The game's ``determinize``."""
        return self.module.determinize(observation, rng)  # type: ignore[no-any-return]

    def current_player(self, state: S) -> int | None:
        """The game's ``current_player``."""
        return self.module.current_player(state)  # type: ignore[no-any-return]

    # What each game defines.
    def deal(self, order: tuple[C, ...]) -> S:
        """The first state, dealt from ``order`` (the deck, the first card dealt first)."""
        raise NotImplementedError

    def outcome(self, card: C) -> int:
        """The chance outcome of ``card``."""
        raise NotImplementedError

    def card(self, outcome: int) -> C:
        """The card of chance outcome ``outcome``; ``ValueError`` if there is none."""
        raise NotImplementedError

    def plan(self, before: S, move: object, after: S) -> tuple[str, int, tuple[C, ...]] | None:
        """How ``move`` from ``before`` draws, seen in ``after`` (what the engine made of it with
        the hidden piles sorted): the kind of draw (one of :data:`KINDS`), the number of cards and
        the pile they come from (sorted); ``None`` if it draws nothing."""
        raise NotImplementedError

    def resolve(self, kind: str, before: S | None, move: object, chosen: tuple[C, ...],
                rest: tuple[C, ...]) -> S:
        """The state after ``move`` from ``before`` (``None``: the first deal) when the cards drawn
        are ``chosen``, in order, and ``rest`` (sorted) stays hidden."""
        raise NotImplementedError

    def canonical(self, state: S) -> S:
        """``state`` with its hidden pile sorted, and nothing else hidden that could order it."""
        raise NotImplementedError

    def max_game_length(self) -> int:
        """The most decisions a game can take."""
        raise NotImplementedError

    def utilities(self) -> tuple[float, float, float | None]:
        """The lowest and highest return of a seat, and the sum of all returns if it is fixed."""
        raise NotImplementedError

    def text(self, state: S, seat: int | None) -> str:
        """What ``seat`` sees of ``state`` (every hand if ``seat`` is ``None``), in words."""
        raise NotImplementedError


class TheGameSpec(Spec[the_game.State, int]):
    """The Game: a chance outcome is the card itself; only ending a turn draws."""

    short_name = THE_GAME
    max_chance_outcomes = 100  # cards 2..99
    module = the_game

    def deal(self, order: tuple[int, ...]) -> the_game.State:
        return the_game.new_game(self.rules, deck=order)  # type: ignore[arg-type]

    def outcome(self, card: int) -> int:
        return card

    def card(self, outcome: int) -> int:
        return outcome

    def plan(self, before: the_game.State, move: object, after: the_game.State
             ) -> tuple[str, int, tuple[int, ...]] | None:
        count = before.table.draw_pile_size - after.table.draw_pile_size
        return (DRAW, count, before.draw_pile) if count else None

    def resolve(self, kind: str, before: the_game.State | None, move: object, chosen: tuple[int, ...],
                rest: tuple[int, ...]) -> the_game.State:
        if before is None:
            return self.deal(chosen + rest)
        # The drawn cards on top of the pile, and the engine makes the move: who is stuck after a
        # refill depends on the cards drawn, and the engine decides it.
        return self.apply(the_game.State(before.rules, before.table, before.hands, chosen + rest), move)

    def canonical(self, state: the_game.State) -> the_game.State:
        return the_game.State(state.rules, state.table, state.hands, tuple(sorted(state.draw_pile)))

    def max_game_length(self) -> int:
        # Each of the 98 cards laid once, and a turn ended after each at most.
        return 2 * len(self.deck)

    def utilities(self) -> tuple[float, float, float | None]:
        return 0.0, 1.0, None

    def text(self, state: the_game.State, seat: int | None) -> str:
        return the_game_text(state, seat)


class MilleBornesSpec(Spec[mille_bornes.State, mille_bornes.Card]):
    """Mille Bornes: a chance outcome is a kind of card; the engine draws at the start of a turn,
    after a coup fourré, from reshuffled discards and when it deals the next hand of a match."""

    short_name = MILLE_BORNES
    max_chance_outcomes = len(mille_bornes.Card)
    module = mille_bornes

    def deal(self, order: tuple[mille_bornes.Card, ...]) -> mille_bornes.State:
        # Seed 0 in every state: the reshuffles and later hands it would order come from chance.
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
            # The next hand of the match: dealt from the whole deck, and its first player drew.
            return REDEAL, len(self.deck) - table.draw_pile_size, self.deck
        if table.reshuffles != before.table.reshuffles:
            drawn = drawn_after_reshuffle(before, after)
            return RESHUFFLE, len(drawn), tuple(sorted((*drawn, *after.draw_pile)))
        count = before.table.draw_pile_size - table.draw_pile_size
        return (DRAW, count, before.draw_pile) if count else None

    def resolve(self, kind: str, before: mille_bornes.State | None, move: object,
                chosen: tuple[mille_bornes.Card, ...], rest: tuple[mille_bornes.Card, ...]
                ) -> mille_bornes.State:
        if before is None:
            return self.deal(chosen + rest)
        if kind == DRAW:
            return self.apply(mille_bornes.State(before.rules, before.table, before.hands, chosen + rest,
                                                 before.seed), move)
        after = self.apply(before, move)
        if kind == REDEAL:
            match = after.table.match
            dealt = mille_bornes.new_game(self.rules, deck=chosen + rest, seed=0,  # type: ignore[arg-type]
                                          first_player=(match.dealer + 1) % self.players)
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
        # Assuming that every hand gives some side a point: the sides' totals then grow a hand.
        return min(_INT_MAX, hand * (rules.sides * (rules.target_score - 1) + 1))

    def utilities(self) -> tuple[float, float, float | None]:
        sides: int = self.rules.sides  # type: ignore[attr-defined]
        return -1 / (sides - 1), 1.0, 0.0

    def text(self, state: mille_bornes.State, seat: int | None) -> str:
        return mille_bornes_text(state, seat)


def drawn_after_reshuffle(before: mille_bornes.State, after: mille_bornes.State) -> list[mille_bornes.Card]:
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


_SPECS: dict[tuple[type[Spec[Any, Any]], object], Spec[Any, Any]] = {}


def spec_for(kind: type[Spec[Any, Any]], rules: object) -> Spec[Any, Any]:
    """The ``kind`` spec of ``rules``, built once per rules value (its action space and encoder are
    cached by ``cardrules.rl`` too)."""
    key = (kind, rules)
    spec = _SPECS.get(key)
    if spec is None:
        spec = _SPECS[key] = kind(rules)
    return spec
