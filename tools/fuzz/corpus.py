"""Real values of every kind of every registered game, to mutate: the seeds of the JSON fuzzer.

Random games are played under the rules of each game's ``option_grid()`` (and, for a game package
that has one, its ``variant_grid()`` at several tables). Along the way the corpus keeps states of
every shape met (each phase, an open window, a finished game: anything a state's scalar fields
tell apart), the observations of every seat, the moves played, results, and game records cut at
random points. Everything is reached through the registry, so a newly registered game is fuzzed
without a line here.
"""

from __future__ import annotations

import importlib
import json
import random
from collections import Counter
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import attrs

from cardrules import GameRecord, to_json
from cardrules.registry import SomeGame, available, get
from cardrules.serialization import _converter as converter
from tools.fuzz.findings import KINDS

__all__ = ["Corpus", "Sample", "build_corpus", "package_of", "rules_grids", "type_of"]

MAX_STEPS = 20_000
"""A random game longer than this is a game that does not end (the soak reports it)."""


def type_of(game: str, kind: str) -> object:
    """The class ``from_json`` is given for ``kind`` (one of :data:`KINDS`) of the game ``game``.

    >>> type_of("the-game", "state").__name__
    'State'
    """
    descriptor = get(game)
    types: dict[str, object] = {
        "rules": descriptor.rules_type,
        "state": descriptor.state_type,
        "move": descriptor.move_type,
        "observation": descriptor.observation_type,
        "result": descriptor.result_type,
        "record": GameRecord,
    }
    return types[kind]


@attrs.frozen(kw_only=True)
class Sample:
    """One real value and its JSON text."""

    game: str
    kind: str
    value: object
    text: str

    @property
    def shape(self) -> tuple[object, ...]:
        """The value's scalar fields (phase, status, which optional fields are set): samples of a
        rare shape are drawn as often as samples of a common one."""
        return _shape(self.value)


@attrs.frozen(kw_only=True)
class Corpus:
    """The samples by ``(game, kind)``, and the pools mutations draw replacements from.

    ``leaves`` holds every scalar met in a game's JSON (a dictionary of plausible values: card
    names, pile numbers, phases); ``cards`` each card of the game as JSON; ``tags`` every value met
    under a ``game``, ``format`` or ``type`` key, to swap one game's or type's tag for another's;
    ``optional`` the keys met with a ``null`` in some value of the game (a field that may be empty,
    whose emptiness a state elsewhere may rely on).
    """

    samples: dict[tuple[str, str], tuple[Sample, ...]]
    leaves: dict[str, tuple[object, ...]]
    cards: dict[str, tuple[object, ...]]
    tags: dict[str, tuple[object, ...]]
    optional: dict[str, frozenset[str]]

    def games(self) -> tuple[str, ...]:
        """The games the corpus covers."""
        return tuple(sorted({game for game, _ in self.samples}))


def rules_grids(game: SomeGame) -> dict[str, tuple[Any, ...]]:
    """The grids of rules values to play, by name: ``option grid``, and ``variant grid`` where the
    game's package defines ``variant_grid(players, team_size)`` (at every table of its ``TABLES``)."""
    grids: dict[str, tuple[Any, ...]] = {"option grid": tuple(game.option_grid())}
    package = package_of(game)
    variant_grid = getattr(package, "variant_grid", None)
    if callable(variant_grid):
        tables = getattr(package, "TABLES", ((2, 1),))
        variants = [rules for players, team_size in tables for rules in variant_grid(players, team_size)]
        grids["variant grid"] = tuple(variants)
    return grids


def package_of(game: SomeGame) -> ModuleType | None:
    """The outermost package of the game's modules that exports its ``option_grid``: the game's
    package (``cardrules.games.mille_bornes``)."""
    found = None
    module = game.rules_type.__module__
    while module:
        imported = importlib.import_module(module)
        if getattr(imported, "option_grid", None) is game.option_grid:
            found = imported
        module = module.rpartition(".")[0]
    return found


def build_corpus(seed: int, *, games_per_game: int = 16) -> Corpus:
    """Play ``games_per_game`` random games of every game and keep what they show.

    >>> corpus = build_corpus(0, games_per_game=2)
    >>> sorted({kind for _, kind in corpus.samples}) == sorted(KINDS)
    True
    """
    rng = random.Random(f"corpus {seed}")
    samples: dict[tuple[str, str], list[Sample]] = {}
    leaves: dict[str, tuple[object, ...]] = {}
    cards: dict[str, tuple[object, ...]] = {}
    tags: set[object] = set()
    optional: dict[str, frozenset[str]] = {}
    for name in available():
        game = get(name)
        values: dict[str, list[object]] = {kind: [] for kind in KINDS}
        grids = rules_grids(game)
        every_rules = [rules for grid in grids.values() for rules in grid]
        values["rules"].extend(grids["option grid"])
        values["rules"].extend(rng.sample(every_rules, min(8, len(every_rules))))
        values["rules"].extend(_spelled_out(game, rules) for rules in grids["option grid"][:4])
        chosen = rng.sample(every_rules, min(games_per_game, len(every_rules)))
        for number, rules in enumerate(chosen):
            _play_into(values, game, rules, rng.randrange(2**32), keep_every=number < 4)
        found = []
        for kind in KINDS:
            unique = _unique(values[kind])
            samples[(name, kind)] = [Sample(game=name, kind=kind, value=v, text=to_json(v)) for v in unique]
            found.extend(samples[(name, kind)])
        pool: set[tuple[str, object]] = set()
        for sample in found:
            for _, leaf in _items(json.loads(sample.text)):
                if not isinstance(leaf, dict | list):
                    pool.add((type(leaf).__name__, leaf))
        leaves[name] = tuple(value for _, value in sorted(pool, key=repr))
        deck = game.deck(game.option_grid()[0])
        # Cards are written inside values (by the converter, which the samples above configured).
        cards[name] = tuple(converter.unstructure(card) for card in sorted(set(deck), key=repr))
        nullable: set[str] = set()
        for sample in found:
            tree = json.loads(sample.text)
            for key, node in _items(tree):
                if key in ("game", "format", "type") and not isinstance(node, dict | list):
                    tags.add(node)
                if node is None and isinstance(key, str):
                    nullable.add(key)
        optional[name] = frozenset(nullable)
    return Corpus(
        samples={key: tuple(found) for key, found in samples.items()},
        leaves=leaves,
        cards=cards,
        tags={"any": tuple(sorted(tags, key=repr))},
        optional=optional,
    )


def _play_into(
    values: dict[str, list[object]], game: SomeGame, rules: Any, seed: int, *, keep_every: bool
) -> None:
    rng = random.Random(seed)
    if rng.random() < 0.5:
        record = GameRecord.start(rules, seed=seed)
    else:
        # Half the records name their deck card by card instead of a seed.
        deck = list(game.deck(rules))
        rng.shuffle(deck)
        record = GameRecord.start(rules, deck=deck)
    state: object = record.initial_state()
    moves: list[Any] = []
    shapes: set[tuple[object, ...]] = set()
    cut = rng.randrange(1, 40)
    for step in range(MAX_STEPS):
        shape = _shape(state)
        if shape not in shapes or (keep_every and step & (step - 1) == 0):
            shapes.add(shape)
            values["state"].append(state)
            players = game.rules_of(state).players
            values["observation"].extend(game.observe(state, seat) for seat in range(players))
        legal = game.legal_moves(state)
        if not legal:
            break
        move = rng.choice(legal)
        if len(values["move"]) < 400:
            values["move"].append(move)
        moves.append(move)
        if step == cut:
            values["record"].append(record.extended(*moves))
        state = game.apply(state, move)
    outcome = game.result(state)
    if outcome is not None:
        values["result"].append(outcome)
    values["state"].append(state)
    values["record"].append(record.extended(*moves))


def _spelled_out(game: SomeGame, rules: Any) -> Any:
    """``rules`` with its deck spelled out as ``(card, count)`` pairs, where the rules have a
    ``deck`` field that is empty (the standard deck): so that counts can be mutated."""
    if not attrs.has(type(rules)) or getattr(rules, "deck", True) is not None:
        return rules
    counts = Counter(game.deck(rules))
    try:
        return attrs.evolve(rules, deck=tuple(sorted(counts.items(), key=repr)))
    except (TypeError, ValueError):
        return rules


def _shape(value: object) -> tuple[object, ...]:
    """The scalar fields of an attrs value (phase, status, ...) and which optional fields are set."""
    cls = type(value)
    if not attrs.has(cls):
        return ()
    shape: list[object] = []
    for field in attrs.fields(cls):
        if not field.eq:
            continue  # not part of the value (cardrules._trust's mark)
        item = getattr(value, field.name)
        if item is None or isinstance(item, str | bool):
            shape.append((field.name, item))
        elif attrs.has(type(item)):
            shape.append((field.name, _shape(item)))
    return tuple(shape)


def _unique(values: list[object]) -> list[object]:
    seen: set[object] = set()
    kept = []
    for value in values:
        try:
            key: object = value if hash(value) is not None else None
        except TypeError:
            key = id(value)
        if key not in seen:
            seen.add(key)
            kept.append(value)
    return kept


def _items(tree: object, key: object = None) -> Iterator[tuple[object, object]]:
    """Every node of the JSON ``tree`` with the key it is under (an index in a list, ``None`` at the
    root), the root first."""
    yield key, tree
    children = tree.items() if isinstance(tree, dict) else enumerate(tree) if isinstance(tree, list) else ()
    for child_key, item in children:
        yield from _items(item, child_key)
