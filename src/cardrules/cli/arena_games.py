"""The arena's games: bots against each other on the same deals, and what the games say about them.

A competitive game (one with sides) plays every pairing of the bots: each deal twice, the bots'
sides swapped the second time, so the luck of the deal cancels. A cooperative game seats each bot
alone at the table (every seat) on the same deals, and compares the bots pairwise deal by deal.
See ``docs/arena.md`` for what is measured and the formulas.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

import attrs

from cardrules import registry
from cardrules.cli.options import MAX_GAMES
from cardrules.contract import RulesLike
from cardrules.errors import ArgumentError
from cardrules.records import GameRecord
from cardrules.run.botspec import BotSpec, build_seat
from cardrules.run.playing import decide
from cardrules.run.simulator import Simulator, Tally, bot_seed
from cardrules.run.statistics import Interval, PairUnit, elo_ratings, mean_interval, wilson

__all__ = ["ArenaGame", "ArenaSummary", "BotLine", "PairLine", "play_arena", "summarize_arena"]


@attrs.frozen(kw_only=True)
class ArenaGame:
    """One game of the arena: the ``deal`` seed, the bot (label) on each side (one entry for a
    cooperative game), each side's ``scores`` and share of the ``wins``, and the game's ``record``."""

    deal: int
    bots: tuple[str, ...]
    scores: tuple[float, ...]
    wins: tuple[float, ...]
    record: GameRecord


@attrs.frozen(kw_only=True)
class BotLine:
    """One bot over all its games: win rate (Wilson), mean score per side it held, Elo rating."""

    bot: str
    games: int
    win_rate: Interval
    mean_score: Interval
    rating: Interval | None


@attrs.frozen(kw_only=True)
class PairLine:
    """Bot ``first`` against bot ``second`` on the same deals: ``first``'s share of the wins
    (a cooperative game: of the deals where it did better; ties half) and the mean score
    difference ``first - second`` per deal."""

    first: str
    second: str
    deals: int
    games: int
    win_rate: Interval
    score_difference: Interval


@attrs.frozen(kw_only=True)
class ArenaSummary:
    """What an arena run found; the same for the same seed, bots and rules."""

    game: str
    rules: str
    mode: str
    score_name: str
    higher_is_better: bool
    seed: int
    deals: int
    bots: tuple[BotLine, ...]
    pairs: tuple[PairLine, ...]
    rating_method: str


def _sides(simulator: Simulator[RulesLike, object], rules: RulesLike) -> tuple[int, ...] | None:
    return None if simulator.sides is None else simulator.sides(rules)


def arena_jobs(simulator: Simulator[RulesLike, object], rules: RulesLike, bots: Sequence[BotSpec],
               deals: int, seed: int) -> list[tuple[int, tuple[int, ...]]]:
    """Every game to play, in order: ``(deal seed, bot index on each side)``.

    A competitive game: for each pairing ``(a, b)`` and deal, sides alternate ``a, b, a, ...``,
    then ``b, a, b, ...``. A cooperative one: for each deal, each bot alone.
    """
    _scoring(simulator)
    if deals < 1:
        raise ArgumentError(f"the arena plays at least 1 deal, not {deals}")
    if not bots:
        raise ArgumentError("name at least one bot")
    if len({bot.label for bot in bots}) != len(bots):
        raise ArgumentError("a bot is named twice: give each bot once (or with different options)")
    sides = _sides(simulator, rules)
    pairings = len(bots) if sides is None else len(bots) * (len(bots) - 1)  # each pairing plays a deal twice
    if deals * pairings > MAX_GAMES:
        raise ArgumentError(f"the arena would play {deals * pairings} games ({deals} deals for each of "
                            f"{pairings} {'bots' if sides is None else 'seatings'}): at most {MAX_GAMES}")
    if sides is None:
        return [(deal, (bot,)) for deal in range(seed, seed + deals) for bot in range(len(bots))]
    count = max(sides) + 1
    if len(bots) < 2:
        raise ArgumentError(f"{simulator.game} is played side against side: name at least 2 bots")
    jobs = []
    for a, b in itertools.combinations(range(len(bots)), 2):
        for deal in range(seed, seed + deals):
            for pair in ((a, b), (b, a)):
                jobs.append((deal, tuple(pair[side % 2] for side in range(count))))
    return jobs


def play_arena_game(simulator: Simulator[RulesLike, object], rules: RulesLike,
                    bots: Sequence[BotSpec], deal: int, seating: tuple[int, ...]) -> ArenaGame:
    """Play one game of the arena: ``seating`` gives the bot of each side; the first player
    rotates with the deal (``deal % players``) and is the same for every bot on that deal."""
    game = registry.get(simulator.game)
    scoring = _scoring(simulator)
    players = game.players(rules)
    sides = _sides(simulator, rules) or (0,) * players
    specs = [bots[seating[side]] for side in sides]
    seats = [build_seat(spec, rules=rules, seed=bot_seed(deal, seat), seat=seat, move=1, deal=deal)
             for seat, spec in enumerate(specs)]
    first_player = deal % players
    state = game.new_game(rules, seed=deal, first_player=first_player)
    legal_moves, apply, observe = game.legal_moves, game.apply, game.observe
    current_player = game.current_player
    moves: list[object] = []
    legal = legal_moves(state)
    while legal:
        seat = current_player(state)
        if seat is None:
            raise ArgumentError(f"{game.title} lists legal moves in a state where nobody is on turn")
        move = decide(seats[seat], specs[seat].label, observe(state, seat), legal, seat=seat,
                      move=len(moves) + 1, deal=deal)
        state = apply(state, move)
        moves.append(move)
        legal = legal_moves(state)
    result = game.result(state)
    record = GameRecord(game=game.name, rules_version=game.rules_version, rules=rules, seed=deal,
                        first_player=first_player, moves=tuple(moves))
    return ArenaGame(deal=deal, bots=tuple(bots[index].label for index in seating),
                     scores=scoring.scores(result), wins=scoring.wins(result), record=record)


def play_arena(simulator: Simulator[RulesLike, object], rules: RulesLike, bots: Sequence[BotSpec],
               *, deals: int, seed: int, advance: Callable[[], None] = lambda: None) -> list[ArenaGame]:
    """Play every game of the arena (:func:`arena_jobs`), in order, calling ``advance`` after each.

    >>> from cardrules.run.simulator import simulators
    >>> from cardrules.run.botspec import parse_bots
    >>> from cardrules.games import the_game
    >>> simulator = simulators()["the-game"]
    >>> games = play_arena(simulator, the_game.Rules(), parse_bots("greedy,random", simulator.bots),
    ...                    deals=2, seed=1)
    >>> [(game.deal, game.bots) for game in games]
    [(1, ('greedy',)), (1, ('random',)), (2, ('greedy',)), (2, ('random',))]
    """
    played = []
    for deal, seating in arena_jobs(simulator, rules, bots, deals, seed):
        played.append(play_arena_game(simulator, rules, bots, deal, seating))
        advance()
    return played


def _scoring(simulator: Simulator[RulesLike, object]) -> Tally[object]:
    if simulator.scoring is None:
        raise ArgumentError(f"{simulator.game} has no arena scoring")
    return simulator.scoring


def _side_means(game: ArenaGame, label: str) -> tuple[float, float]:
    """The mean score and the win share of the sides ``label`` held in ``game``."""
    held = [side for side, bot in enumerate(game.bots) if bot == label]
    return (sum(game.scores[side] for side in held) / len(held), sum(game.wins[side] for side in held))


def summarize_arena(simulator: Simulator[RulesLike, object], rules: RulesLike, bots: Sequence[BotSpec],
                    played: Sequence[ArenaGame], *, seed: int) -> ArenaSummary:
    """The summary of an arena run: per bot, per pairing, and the ratings."""
    scoring = _scoring(simulator)
    labels = [bot.label for bot in bots]
    cooperative = _sides(simulator, rules) is None
    better = 1.0 if scoring.higher_is_better else -1.0
    groups: dict[tuple[int, frozenset[str]], list[ArenaGame]] = {}
    for game in played:
        groups.setdefault((game.deal, frozenset(game.bots)), []).append(game)
    deals = sorted({game.deal for game in played})
    units: dict[tuple[int, int], list[PairUnit]] = {}
    pairs = []
    for a, b in itertools.combinations(range(len(labels)), 2):
        first, second = labels[a], labels[b]
        wins, differences, games, unit_list = 0.0, [], 0, []
        for deal in deals:
            # A run that stopped early may lack a deal's game for one of the two: that deal is left out.
            if cooperative:
                if (deal, frozenset((first,))) not in groups or (deal, frozenset((second,))) not in groups:
                    continue
                (alone,), (other,) = groups[deal, frozenset((first,))], groups[deal, frozenset((second,))]
                difference = alone.scores[0] - other.scores[0]
                unit = PairUnit(0.5 if difference == 0 else float(better * difference > 0), 1)
            else:
                if (deal, frozenset((first, second))) not in groups:
                    continue
                pair_games = groups[deal, frozenset((first, second))]
                difference = sum(_side_means(game, first)[0] - _side_means(game, second)[0]
                                 for game in pair_games) / len(pair_games)
                unit = PairUnit(sum(_side_means(game, first)[1] for game in pair_games), len(pair_games))
            wins += unit.wins
            games += unit.games
            differences.append(difference)
            unit_list.append(unit)
        units[a, b] = unit_list
        if games:
            pairs.append(PairLine(first=first, second=second, deals=len(unit_list), games=games,
                                  win_rate=wilson(wins, games), score_difference=mean_interval(differences)))
    ratings: list[Interval | None] = [None] * len(labels)
    if len(labels) >= 2:
        won_of = {pair: sum(unit.wins for unit in chosen) for pair, chosen in units.items()}
        games_of = {pair: float(sum(unit.games for unit in chosen)) for pair, chosen in units.items()}
        ratings = list(elo_ratings(won_of, games_of, len(labels)))
    lines = []
    for index, label in enumerate(labels):
        mine = [game for game in played if label in game.bots]
        if not mine:  # a run that stopped early before this bot's first game
            continue
        scores = [_side_means(game, label)[0] for game in mine]
        won = sum(_side_means(game, label)[1] for game in mine)
        lines.append(BotLine(bot=label, games=len(mine), win_rate=wilson(won, len(mine)),
                             mean_score=mean_interval(scores), rating=ratings[index]))
    description = simulator.describe(rules)
    return ArenaSummary(
        game=simulator.game, rules=description, mode="cooperative" if cooperative else "competitive",
        score_name=scoring.score_name, higher_is_better=scoring.higher_is_better, seed=seed,
        deals=len(deals), bots=tuple(lines), pairs=tuple(pairs),
        rating_method="Bradley-Terry fitted by MM on the pairwise wins, one virtual draw per pair, "
                      "Elo scale centred on 0; intervals from the Fisher information")
