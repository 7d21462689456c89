"""The conformance check: what every game (and every user variant) must satisfy to be trusted."""

from __future__ import annotations

import random
from collections import Counter

import attrs

from cardrules.arguments import check_instance
from cardrules.contract import RulesLike
from cardrules.errors import ArgumentError, CardrulesError, IllegalMoveError
from cardrules.i18n import LANGUAGES
from cardrules.records import GameRecord, replay
from cardrules.registry import Game, SomeGame, game_of
from cardrules.serialization import from_json, to_json

__all__ = ["ConformanceError", "ConformanceReport", "check_conformance", "check_state"]


class ConformanceError(CardrulesError, AssertionError):
    """A game broke one of the conformance rules; the message names the rule, the seed and the step."""


@attrs.frozen(kw_only=True)
class ConformanceReport:
    """What a passing :func:`check_conformance` run covered."""

    games: int
    steps: int
    terminal_states: int
    illegal_moves_checked: int


def check_conformance(
    rules: RulesLike,
    *,
    games: int = 10,
    seed: int = 0,
    max_steps: int = 20_000,
    deep_every: int = 7,
) -> ConformanceReport:
    """Play ``games`` random games under ``rules`` and check the library's contract at every step.

    Raises :class:`ConformanceError` on the first broken rule. Checked:

    - the same seed deals the same game, and the same moves give the same states;
    - ``legal_moves`` is empty iff the state is terminal, iff ``current_player`` is ``None``, iff
      ``result`` is not ``None``; it has no duplicates and the same order every time;
    - every legal move applies, leaves its argument unchanged, and reads back from ``str(move)``
      with ``parse_move``; every other move of the action space raises ``IllegalMoveError``;
    - cards are conserved (the state always holds exactly the rules' deck);
    - states, moves, observations, results, rules and game records round-trip through JSON;
    - ``observe`` hides what it must: ``observe(determinize(obs), seat) == obs``, and a
      determinized state gives the player on turn the same legal moves;
    - ``render`` writes the state and a seat's observation as text (a language and a seat that
      change from state to state), and ``str(state)`` is its English text;
      ``describe_move`` says each legal move in its own words;
    - every game ends within ``max_steps`` moves.

    Every ``deep_every``-th state gets the costly checks (the whole action space, JSON,
    determinization); the others the cheap ones.

    >>> from cardrules.games import the_game
    >>> check_conformance(the_game.Rules(players=2), games=2).games
    2
    """
    game = game_of(rules)
    if type(rules) is not game.rules_type:
        raise ArgumentError(f"{type(rules).__name__} is not a rules value")
    for name, value in (("games", games), ("seed", seed), ("max_steps", max_steps),
                        ("deep_every", deep_every)):
        check_instance(value, int, f"a whole number for {name}")
    if games < 0 or max_steps < 0 or deep_every < 1:
        raise ArgumentError("games and max_steps are at least 0, deep_every at least 1")
    _expect(from_json(to_json(rules), game.rules_type) == rules, "rules must round-trip through JSON")
    _expect(from_json(to_json(rules)) == rules, "rules must round-trip through JSON with no class given")
    steps = terminals = illegal = 0
    for number in range(games):
        game_seed = seed + number
        rng = random.Random(game_seed)
        first = game.new_game(rules, seed=game_seed)
        _expect(first == game.new_game(rules, seed=game_seed),
                f"the same seed must deal the same game (seed {game_seed})")
        state = first
        moves: list[object] = []
        for step in range(max_steps + 1):
            deep = step % deep_every == 0
            try:
                illegal += check_state(game, state, rng, deep=deep)
            except ConformanceError as exc:
                raise ConformanceError(f"{exc} (seed {game_seed}, after {step} moves)") from exc
            legal = game.legal_moves(state)
            if not legal:
                terminals += 1
                break
            move = rng.choice(legal)
            moves.append(move)
            state = game.apply(state, move)
            steps += 1
        else:
            raise ConformanceError(f"a game did not end within {max_steps} moves (seed {game_seed})")
        _check_replay(game, rules, game_seed, moves, state)
    return ConformanceReport(games=games, steps=steps, terminal_states=terminals,
                             illegal_moves_checked=illegal)


def check_state(game: SomeGame, state: object, rng: random.Random, *, deep: bool = True) -> int:
    """Check one state of ``game`` against the contract; returns how many illegal moves were tried.

    ``deep`` adds the costly checks: the whole action space, JSON, observations and determinization,
    and the text for people.
    """
    if not isinstance(game, Game):
        raise ArgumentError(f"check_state() takes a Game descriptor, not {type(game).__name__}")
    if type(state) is not game.state_type:
        raise ArgumentError(f"expected a state of {game.title}, not {type(state).__name__}")
    if not isinstance(rng, random.Random):
        raise ArgumentError(f"rng is a random.Random, not {type(rng).__name__}")
    legal = game.legal_moves(state)
    terminal = game.is_terminal(state)
    _expect(legal == game.legal_moves(state), "legal_moves must give the same order every time")
    _expect(len(set(legal)) == len(legal), "legal_moves must not repeat a move")
    _expect(terminal == (not legal), "legal_moves must be empty exactly when the game is over")
    _expect((game.current_player(state) is None) == terminal,
            "current_player must be None exactly when the game is over")
    _expect((game.result(state) is not None) == terminal,
            "result must be given exactly when the game is over")
    rules = game.rules_of(state)
    _expect(Counter(game.cards(state)) == Counter(game.deck(rules)),
            "the state must hold exactly the rules' deck")
    snapshot = to_json(state) if deep else None
    before = hash(state)
    for move in legal:
        after = game.apply(state, move)
        _expect(type(after) is game.state_type, "apply must return a state")
        if deep:
            _expect(game.parse_move(state, str(move)) == move,
                    f"parse_move must read back {str(move)!r}")
    _expect(hash(state) == before, "apply must not change its argument")
    tried = 0
    if deep:
        _expect(to_json(state) == snapshot, "apply must not change its argument")
        allowed = set(legal)
        for move in game.all_moves(rules):
            if move in allowed:
                continue
            try:
                game.apply(state, move)
            except IllegalMoveError:
                tried += 1
            else:
                raise ConformanceError(f"apply accepted {move}, which legal_moves does not list")
        _check_json(game, state, legal)
        _check_hidden(game, state, legal, rng)
        _check_text(game, state, legal)
    return tried


def _check_json(game: SomeGame, state: object, legal: tuple[object, ...]) -> None:
    _expect(from_json(to_json(state), game.state_type) == state, "states must round-trip through JSON")
    _expect(from_json(to_json(state)) == state, "states must round-trip through JSON with no class given")
    for move in legal[:3]:
        _expect(from_json(to_json(move), game.move_type) == move, "moves must round-trip through JSON")
    outcome = game.result(state)
    if outcome is not None:
        _expect(from_json(to_json(outcome), game.result_type) == outcome,
                "results must round-trip through JSON")


def _check_hidden(game: SomeGame, state: object, legal: tuple[object, ...], rng: random.Random) -> None:
    current = game.current_player(state)
    for seat in range(game.players(game.rules_of(state))):
        observation = game.observe(state, seat)
        _expect(from_json(to_json(observation), game.observation_type) == observation,
                "observations must round-trip through JSON")
        guess = game.determinize(observation, random.Random(rng.random()))
        game.validate_state(guess)
        _expect(game.observe(guess, seat) == observation,
                f"a determinized state must look the same to seat {seat}")
        if seat == current:
            _expect(game.legal_moves(guess) == legal,
                    "a determinized state must give the player on turn the same moves")


def _check_text(game: SomeGame, state: object, legal: tuple[object, ...]) -> None:
    # One language and one seat's observation per state, taken from the number of legal moves: a game
    # sees them all, at a fraction of the cost, and its random choices stay as they were.
    lang = LANGUAGES[len(legal) % len(LANGUAGES)]
    seat = len(legal) % game.players(game.rules_of(state))
    for position in (state, game.observe(state, seat)):
        text = game.render(position, lang=lang)
        _expect(type(text) is str and bool(text), "render must write some text")
    _expect(str(state) == game.render(state), "str() of a state must be its English render")
    words = [game.describe_move(move, lang=lang) for move in legal]
    _expect(all(type(text) is str and text for text in words), "describe_move must write some text")
    _expect(len(set(words)) == len(words), "describe_move must tell the legal moves apart")


def _check_replay(game: SomeGame, rules: RulesLike, seed: int, moves: list[object], final: object) -> None:
    record = GameRecord.start(rules, seed=seed).extended(*moves)
    loaded = from_json(to_json(record), GameRecord)
    _expect(loaded == record, "game records must round-trip through JSON")
    _expect(replay(loaded) == final, "replaying a record must reach the same final state")


def _expect(condition: bool, rule: str) -> None:
    if not condition:
        raise ConformanceError(rule)
