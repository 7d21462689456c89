"""Mille Bornes' ``command_line`` facet: its options, bots, summary and benchmark variants.

It also holds what ``play`` says of the game's cards and results.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any, cast

from cardrules.bots.search import SearchBot
from cardrules.errors import ArgumentError
from cardrules.games import mille_bornes as mb
from cardrules.games.mille_bornes.expert_bot import ExpertBot
from cardrules.games.mille_bornes.render import question, render_public
from cardrules.i18n import Lang, Phrase
from cardrules.run.options import whole
from cardrules.run.simulator import Played, Simulator, Tally, percent, reference_bots

__all__ = ["MILLE_BORNES", "ExpertSearchBot"]

_PRESETS: dict[str, Callable[..., mb.Rules]] = {
    "parker": mb.Rules.parker,
    "french": mb.Rules.french,
    "wikipedia": mb.Rules.wikipedia,
    "room": mb.Rules.room,
}
_PRESET_TITLES = {"parker": "Parker", "french": "French", "wikipedia": "Wikipedia", "room": "room"}

_ROOM_VARIANTS = {"accumulate": "accumulate", "reshuffle": "reshuffle", "wrong-way": "wrong_way"}
"""``--room-variants`` names -> keywords of :meth:`Rules.room <cardrules.games.mille_bornes.Rules.room>`."""

_EPILOG = """\
bots:
  heuristic  HeuristicBot, the rules of thumb a beginner is taught, from its own seat's view only:
             always call a coup fourré; fix its own side first (remedy, roll, end of limit); then
             drive the longest distance that fits; then attack the opponent side that has gone
             furthest; hold safeties back for a coup fourré until needed or the draw pile is low
             (under 10); discard the card it can least use; extend the race while the draw pile
             holds at least 20 cards.
  expert     ExpertBot, by the odds from its own seat's view only: counts the unseen hazards, remedies
             and safeties; holds a safety for a coup fourré while the wait is worth it; attacks the
             side most likely to win when the damage outweighs the risk of a coup fourré; lands
             exactly on the target; extends a race by the odds of finishing the longer one first.
  random     any legal move, uniformly.

--bot plays side 0's seats, and every seat unless --versus is given; --versus plays every other
side (so --bot heuristic --versus random measures the heuristic against random play).
Sides are seated alternately: with 4 players in teams of 2, seats 0 and 2 are side 0.

summary: mean score per side (the match's final totals, or the hand's score with --single-hand);
win rate per side (a tie shares the win); the share of hands in which a side completed the trip;
coups fourrés per hand; hand length in decisions (every choice a bot makes, coup fourré and
extension calls included); hands per match."""


class ExpertSearchBot(SearchBot):
    """The command line's ``ismcts``: :class:`~cardrules.bots.ISMCTSBot` with ``ExpertBot`` rollouts."""

    rollout_bot = ExpertBot


def _room_variants(text: str) -> tuple[str, ...]:
    names = tuple(dict.fromkeys(name.strip() for name in text.split(",") if name.strip()))
    unknown = [name for name in names if name not in _ROOM_VARIANTS]
    if unknown or not names:
        raise argparse.ArgumentTypeError(
            f"not a room variant: {', '.join(map(repr, unknown)) or repr(text)}; "
            f"choose from {', '.join(_ROOM_VARIANTS)}")
    return names


def _arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("rules of Mille Bornes")
    group.add_argument("--players", type=whole(), default=2, metavar="N", help="2 to 9 players (default: 2)")
    group.add_argument("--team-size", type=whole(), default=1, metavar="T",
                       help="players per side; they sit alternately (default: 1, individual play)")
    group.add_argument("--rules", choices=list(_PRESETS), default="parker",
                       help="the rulebook: parker (the default; race 700, or 1000 for 2 teams of 2), "
                            "french (no extra turn for a safety once the draw pile is empty), "
                            "wikipedia (hazards stack, any player may call a coup fourré), "
                            "room (the game room's: race 1000, its scoring, discard only unplayable "
                            "cards, the hand ends when a player has no cards)")
    group.add_argument("--room-variants", type=_room_variants, default=(), metavar="LIST",
                       help="with --rules room, any of: accumulate (several hazards at once), reshuffle "
                            "(the discards become a new draw pile), wrong-way (the wrong-way card); "
                            "comma-separated")
    group.add_argument("--single-hand", action="store_true",
                       help="each game is one hand (default: a match, hands until a side has 5000)")


def _rules(args: argparse.Namespace) -> mb.Rules:
    if args.room_variants and args.rules != "room":
        raise ArgumentError(f"--room-variants needs --rules room, not --rules {args.rules}")
    options: dict[str, Any] = {_ROOM_VARIANTS[name]: True for name in args.room_variants}
    if args.single_hand:
        options["target_score"] = None
    return _PRESETS[args.rules](players=args.players, team_size=args.team_size, **options)


def _room_flags(rules: mb.Rules) -> dict[str, bool]:
    return {"accumulate": rules.hazard_stacking == "accumulate", "reshuffle": rules.reshuffle_discards,
            "wrong_way": rules.wrong_way}


def _preset_of(rules: mb.Rules) -> str:
    """The preset that ``rules`` is, with its room variants, in words ("custom" for none)."""
    table = {"players": rules.players, "team_size": rules.team_size, "target_score": rules.target_score}
    for name, preset in _PRESETS.items():
        flags = _room_flags(rules) if name == "room" else {}
        if preset(**table, **flags) == rules:
            variants = [variant.replace("_", " ") for variant, on in flags.items() if on]
            return f"{_PRESET_TITLES[name]} rules" + (f" with {', '.join(variants)}" if variants else "")
    return "custom rules"


def _describe(rules: mb.Rules) -> str:
    if rules.team_size == 1:
        table = f"{rules.players} players"
    else:
        table = f"{rules.players} players in {rules.sides} teams of {rules.team_size}"
    race = f"race {rules.race}" + (f" extendable to {rules.extension_to}" if rules.extension_to else "")
    length = "single hand" if rules.target_score is None else f"match to {rules.target_score}"
    return f"{table}, {_preset_of(rules)}, {race}, {length}"


def _sides(rules: mb.Rules) -> tuple[int, ...]:
    return tuple(rules.side_of(seat) for seat in range(rules.players))


def _summary(rules: mb.Rules, played: Sequence[Played[mb.Result]]) -> list[str]:
    games, sides = len(played), rules.sides
    seats_of = [[seat for seat, of in enumerate(_sides(rules)) if of == side] for side in range(sides)]
    hands = [hand for game in played for hand in game.result.hands]
    score = [sum(game.result.totals[side] for game in played) / games for side in range(sides)]
    wins = [0.0] * sides
    for game in played:
        for side in game.result.winners:
            wins[side] += 1 / len(game.result.winners)
    tied = sum(len(game.result.winners) > 1 for game in played)
    trips = [sum(hand.completed_by == side for hand in hands) for side in range(sides)]
    coups = [sum(game.choices[seat][mb.CoupFourre] for game in played for seat in seats_of[side])
             for side in range(sides)]
    decisions = sum(game.decisions for game in played)
    lines = []
    if rules.target_score is not None:
        lines.append(f"hands per match   {len(hands) / games:.2f}  ({len(hands)} hands)")
    lines += [
        f"hand length       {decisions / len(hands):.1f} moves (decisions per hand)",
        f"trip completed    {percent(sum(trips), len(hands))} of hands",
        f"coups fourrés     {sum(coups) / len(hands):.3f} per hand",
        f"tied games        {tied} (a tie shares the win)",
        f"side  seats      {'mean score':>10}  {'win rate':>8}  {'trip completed':>14}  coups fourrés/hand",
    ]
    for side in range(sides):
        seats = ",".join(map(str, seats_of[side]))
        lines.append(f"{side:>4}  {seats:<9}  {score[side]:>10.1f}  {percent(wins[side], games):>8}  "
                     f"{percent(trips[side], len(hands)):>14}  {coups[side] / len(hands):.3f}")
    return lines


def _win_shares(result: mb.Result) -> tuple[float, ...]:
    return tuple(1 / len(result.winners) if side in result.winners else 0.0
                 for side in range(len(result.totals)))


_SIDE_WON = Phrase("Your side wins, {mine} to {best}!", "¡Tu lado gana, {mine} a {best}!",
                   "Votre camp gagne, {mine} à {best} !")
_SIDE_TIED = Phrase("Your side ties for first place with {mine} points.",
                    "Tu lado empata en cabeza con {mine} puntos.",
                    "Votre camp est premier ex æquo avec {mine} points.")
_SIDE_LOST = Phrase("Your side loses, {mine} to {best}.", "Tu lado pierde, {mine} a {best}.",
                    "Votre camp perd, {mine} à {best}.")


def _describe_result(rules: mb.Rules, result: mb.Result, seat: int | None, lang: Lang) -> str:
    if seat is None:  # a spectator: who won, with how many points
        return mb.describe_result(result, lang=lang)
    side = rules.side_of(seat)
    mine = result.totals[side]
    best = max(total for other, total in enumerate(result.totals) if other != side)
    if side not in result.winners:
        return _SIDE_LOST(lang, mine=mine, best=max(result.totals))
    return (_SIDE_WON if len(result.winners) == 1 else _SIDE_TIED)(lang, mine=mine, best=best)


def _card_words(card: object, lang: Lang) -> str:
    return mb.card_name(card, lang) if isinstance(card, mb.Card) else str(card)


def _hand(preset: str, players: int = 2, team_size: int = 1, **options: Any) -> mb.Rules:
    """A single hand of ``preset`` at this table."""
    return _PRESETS[preset](players=players, team_size=team_size, target_score=None, **options)


def _bench_variants() -> tuple[tuple[str, mb.Rules], ...]:
    return (
        ("2 players", _hand("parker")),
        ("4 players, 2×2", _hand("parker", 4, 2)),
        ("6 players, 3×2", _hand("parker", 6, 2)),
        ("6 players, individual", _hand("parker", 6)),
        ("2 players, match", mb.Rules.parker()),
        ("2×2, wikipedia", _hand("wikipedia", 4, 2)),
        ("2×2, room", _hand("room", 4, 2)),
        ("2×2, room accumulate", _hand("room", 4, 2, accumulate=True)),
        ("2×2, room reshuffle", _hand("room", 4, 2, reshuffle=True)),
        ("2×2, room wrong way", _hand("room", 4, 2, wrong_way=True)),
        ("2×2, room all three", _hand("room", 4, 2, accumulate=True, reshuffle=True, wrong_way=True)),
        ("3×3, room", _hand("room", 9, 3)),
    )


def _question(state: object, seat: int, lang: Lang) -> str | None:
    """The coup fourré or extension asked of ``seat`` now, as ``render`` words it."""
    if mb.current_player(cast(mb.State, state)) != seat:
        return None
    return question(cast(mb.State, state), lang=lang)


def _spectate(state: object, lang: Lang) -> str:
    return render_public(cast(mb.State, state), lang=lang)


def _hands(state: object) -> tuple[tuple[int, ...], ...]:
    """The points each side scored in each finished hand of the match, in order."""
    return tuple(sheet.totals for sheet in cast(mb.State, state).table.match.history)


MILLE_BORNES: Simulator[mb.Rules, mb.Result] = Simulator(
    game=mb.NAME,
    help="Mille Bornes: race 700 or 1000 miles while attacking the other sides",
    epilog=_EPILOG,
    add_arguments=_arguments,
    rules=_rules,
    describe=_describe,
    bots=reference_bots(mb.GAME, search=ExpertSearchBot),
    bot_help="heuristic: rules of thumb (HeuristicBot, see below); expert: by the odds (ExpertBot); "
             "random: any legal move; ismcts: search (ISMCTSBot with ExpertBot rollouts, "
             "e.g. ismcts:iterations=200)",
    default_bot="expert",
    sides=_sides,
    summarize=_summary,
    bench_variants=_bench_variants,
    bench_note="Mille Bornes: Parker rules unless named; one hand per game except 'match' (to 5000); "
               "S×T is S sides of T players.",
    scoring=Tally(
        score_name="points",
        higher_is_better=True,
        scores=lambda result: tuple(map(float, result.totals)),
        wins=_win_shares,
    ),
    card_words=_card_words,
    describe_result=_describe_result,
    hands=_hands,
    question=_question,
    spectate=_spectate,
)
"""Mille Bornes' command line: its ``command_line`` facet."""
