"""The Game's ``command_line`` facet: its options, bots, summary and benchmark variants.

It also holds what ``play`` says of the game's results and moves.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Literal, cast

from cardrules.arguments import shown
from cardrules.bots import STRONGEST
from cardrules.bots.search import SearchBot
from cardrules.games import the_game
from cardrules.games.the_game.bots import GreedyBot
from cardrules.games.the_game.render import render_public
from cardrules.i18n import Lang, Phrase
from cardrules.run.options import whole
from cardrules.run.simulator import Simulator, Tally, reference_bots
from cardrules.run.simulator import percent as _percent

__all__ = ["THE_GAME", "GreedySearchBot"]


class GreedySearchBot(SearchBot):
    """The command line's ``ismcts``: :class:`~cardrules.bots.ISMCTSBot` with ``GreedyBot`` rollouts."""

    rollout_bot = GreedyBot


def _the_game_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("rules of The Game")
    group.add_argument("--players", type=whole(), default=1, metavar="N", help="1 to 5 players (default: 1)")
    group.add_argument("--expert", action="store_true", help="expert mode: lay at least 3 cards a turn")
    group.add_argument("--reduced-hand", action="store_true", help="every hand one card smaller")
    group.add_argument("--on-fire", action="store_true",
                       help="On Fire expansion: 22, 33, ..., 77 must be covered by the next turn's end")
    group.add_argument("--first-player", type=_first_player, default=None, metavar="SEAT|strongest",
                       help="the seat that starts (default: 0); simulate also takes 'strongest': the "
                            "seat whose bot rates its dealt hand strongest (the same deal either way)")


def _first_player(text: str) -> int | Literal["strongest"]:
    if text == STRONGEST:
        return STRONGEST
    try:
        return whole(what="a seat number or 'strongest'")(text)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"a seat number or 'strongest', not {shown(text)}") from None


def _the_game_rules(args: argparse.Namespace) -> the_game.Rules:
    return the_game.Rules(players=args.players, expert=args.expert, reduced_hand=args.reduced_hand,
                          on_fire=args.on_fire)


def _the_game_describe(rules: the_game.Rules) -> str:
    options = [name for name, on in (("expert", rules.expert), ("reduced hand", rules.reduced_hand),
                                     ("On Fire", rules.on_fire)) if on]
    players = "1 player" if rules.players == 1 else f"{rules.players} players"
    return f"{players}, {', '.join(options) if options else 'normal rules'}"


_CARDS_LEFT_BINS = ((0, 0), (1, 4), (5, 9), (10, 14), (15, 19), (20, 29), (30, 49), (50, 69), (70, 98))


def _the_game_summary(results: Sequence[the_game.Result]) -> list[str]:
    games = len(results)
    won = sum(result.won for result in results)
    left = [result.cards_left for result in results]
    excellent = sum(result.excellent for result in results)
    outcomes = {outcome: sum(result.outcome == outcome for result in results)
                for outcome in ("won", "stuck", "burned")}
    lines = [
        f"win rate          {_percent(won, games)}  ({won} won)",
        f"mean cards left   {sum(left) / games:.2f}",
        f"excellent (<10)   {_percent(excellent, games)}",
        "outcomes          " + ", ".join(f"{count} {name}" for name, count in outcomes.items()
                                         if count or name != "burned"),
        "cards left        games    share",
    ]
    counts = [sum(low <= n <= high for n in left) for low, high in _CARDS_LEFT_BINS]
    widest = max(counts)
    for (low, high), count in zip(_CARDS_LEFT_BINS, counts, strict=True):
        label = "0 (won)" if high == 0 else f"{low}+" if high == 98 else f"{low}-{high}"
        bar = "#" * round(30 * count / widest) if widest else ""
        lines.append(f"  {label:<14} {count:>6}  {_percent(count, games):>7}  {bar}".rstrip())
    return lines


def _the_game_bench_variants() -> tuple[tuple[str, the_game.Rules], ...]:
    return tuple(
        (f"{players} player{'s' if players > 1 else ''}, {label}", the_game.Rules(players=players, **options))
        for players in (1, 3, 5)
        for label, options in (("normal", {}), ("expert", {"expert": True}), ("On Fire", {"on_fire": True}))
    )


_WON = Phrase("You won: every card is laid!", "¡Habéis ganado: todas las cartas están colocadas!",
             "Vous avez gagné : toutes les cartes sont posées !")
_LOST = Phrase("You lost, with {n} cards left.", "Habéis perdido, con {n} cartas sin colocar.",
               "Vous avez perdu, avec {n} cartes restantes.")
_LOST_ONE = Phrase("You lost, with 1 card left.", "Habéis perdido, con 1 carta sin colocar.",
                   "Vous avez perdu, avec 1 carte restante.")
_LAY = Phrase("lay {card}", "colocar {card}", "poser {card}")


def _describe_result(rules: the_game.Rules, result: the_game.Result, seat: int | None, lang: Lang) -> str:
    if result.won:
        return _WON(lang)
    return (_LOST_ONE if result.cards_left == 1 else _LOST)(lang, n=result.cards_left)


def _move_table(legal: tuple[object, ...], lang: Lang) -> tuple[list[str], frozenset[int]]:
    """The plays of one card on one line, numbered by pile in notation, so that a hand's 30 moves
    fit in a few lines::

        lay 6:   1 up1     2 up2     3 down1   4 down2
    """
    by_card: dict[int, list[str]] = {}
    shown_numbers = set()
    for number, move in enumerate(legal, start=1):
        if isinstance(move, the_game.Play):
            by_card.setdefault(move.card, []).append(f"{number:>2} {the_game.PILE_NAMES[move.pile]:<5}")
            shown_numbers.add(number)
    width = max((len(_LAY(lang, card=card)) for card in by_card), default=0) + 1
    lines = [f"  {_LAY(lang, card=card) + ':':<{width}} {'  '.join(piles)}".rstrip()
             for card, piles in by_card.items()]
    return lines, frozenset(shown_numbers)


THE_GAME: Simulator[the_game.Rules, the_game.Result] = Simulator(
    game=the_game.NAME,
    help="The Game: lay all 98 cards on two ascending and two descending piles",
    add_arguments=_the_game_arguments,
    rules=_the_game_rules,
    describe=_the_game_describe,
    bots=reference_bots(the_game.GAME, search=GreedySearchBot),
    bot_help="greedy: plans whole turns (GreedyBot); random: any legal move; ismcts: search "
             "(ISMCTSBot with GreedyBot rollouts, e.g. ismcts:iterations=200)",
    default_bot="greedy",
    # The flat search leaves fewer cards than GreedyBot at 1 to 5 players, significantly, over 300
    # to 600 paired deals (docs/bots.md), at 0.06 s of CPU a decision: against a person, where a
    # game is one and a decision may take that long, it plays; simulate keeps the 3 ms GreedyBot.
    play_bot="ismcts:iterations=60,flat=true",
    summarize=lambda rules, played: _the_game_summary([game.result for game in played]),
    bench_variants=_the_game_bench_variants,
    scoring=Tally(
        score_name="cards left",
        higher_is_better=False,
        scores=lambda result: (result.cards_left,),
        wins=lambda result: (1.0 if result.won else 0.0,),
    ),
    describe_result=_describe_result,
    move_table=_move_table,
    spectate=lambda state, lang: render_public(cast(the_game.State, state), lang=lang),
)
"""The Game's command line: its ``command_line`` facet."""
