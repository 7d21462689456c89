"""A number too long for Python to print (past 4300 digits) gets the same clear error as a small wrong one.

Python refuses to turn such a number into text, so an error message that shows the caller's value
must not try: every check below once crashed with that ``ValueError`` while building its message.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

import cardrules
from cardrules import CardrulesError
from cardrules.arguments import check_first_player, check_seat, check_seed, shown
from cardrules.bots.search import ISMCTSBot
from cardrules.games import mille_bornes, the_game
from cardrules.games.mille_bornes.expert_bot import ExpertBot
from cardrules.games.the_game.bots import GreedyBot
from cardrules.svg import draw

HUGE = 10**4999  # 5000 digits
ev = attrs.evolve

TG = the_game.new_game(the_game.Rules(players=3, on_fire=True), seed=2)
TG_OBS = the_game.observe(TG, 0)
MB = mille_bornes.new_game(mille_bornes.Rules(players=4, team_size=2), seed=2)
MB_OBS = mille_bornes.observe(MB, 0)


def _tg_table(**changes: object) -> Callable[[], object]:
    return lambda: the_game.validate_state(ev(TG, table=ev(TG.table, **changes)))


def _tg_obs_table(**changes: object) -> Callable[[], object]:
    return lambda: the_game.validate_observation(ev(TG_OBS, table=ev(TG_OBS.table, **changes)))


def _mb_table(**changes: object) -> Callable[[], object]:
    return lambda: mille_bornes.validate_state(ev(MB, table=ev(MB.table, **changes)))


def _mb_obs_table(**changes: object) -> Callable[[], object]:
    return lambda: mille_bornes.validate_observation(ev(MB_OBS, table=ev(MB_OBS.table, **changes)))


def _mb_tableau(**changes: object) -> Callable[[], object]:
    tableaux = (ev(MB.table.tableaux[0], **changes), *MB.table.tableaux[1:])
    return _mb_table(tableaux=tableaux)


def _mb_match(**changes: object) -> Callable[[], object]:
    return _mb_table(match=ev(MB.table.match, **changes))


def _tg_rules(n: int) -> object:
    return the_game.Rules(players=n)


# Each case builds, from a number, a call that must refuse it; ``wrong`` is a small number it refuses
# the same way.
CASES: dict[str, tuple[Callable[[int], Callable[[], object]], int]] = {
    # The Game: its state, table and observation.
    "the_game table.draw_pile_size": (lambda n: _tg_table(draw_pile_size=n), 1000),
    "the_game table.current": (lambda n: _tg_table(current=n), 7),
    "the_game table.laid": (lambda n: _tg_table(laid=n), 1000),
    "the_game table.turn": (lambda n: _tg_table(turn=n), -1),
    "the_game table.hand_sizes": (lambda n: _tg_table(hand_sizes=(n, 6, 6)), 1000),
    "the_game table.fire_due": (lambda n: _tg_table(fire_due=(n, -1, -1, -1)), 1000),
    "the_game state.draw_pile card": (lambda n: lambda: the_game.validate_state(
        ev(TG, draw_pile=(n, *TG.draw_pile[1:]))), 1000),
    "the_game state.hands card": (lambda n: lambda: the_game.validate_state(
        ev(TG, hands=((n, *TG.hands[0][1:]), *TG.hands[1:]))), 1000),
    "the_game observation.seat": (lambda n: lambda: the_game.validate_observation(ev(TG_OBS, seat=n)), 7),
    "the_game observation.hand card": (lambda n: lambda: the_game.validate_observation(
        ev(TG_OBS, hand=(n, *TG_OBS.hand[1:]))), 1000),
    "the_game observation table.current": (lambda n: _tg_obs_table(current=n), 7),
    "the_game observation table.turn": (lambda n: _tg_obs_table(turn=n), -1),
    "the_game observation table.draw_pile_size": (lambda n: _tg_obs_table(draw_pile_size=n), 1000),
    "the_game observation table.hand_sizes": (lambda n: _tg_obs_table(hand_sizes=(n, 6, 6)), 1000),
    # The Game: rules, moves and public functions.
    "the_game Rules(players)": (lambda n: lambda: _tg_rules(n), 9),
    "the_game Play(card)": (lambda n: lambda: the_game.Play(n, 0), 1000),
    "the_game Play(pile)": (lambda n: lambda: the_game.Play(50, n), 7),
    "the_game observe(seat)": (lambda n: lambda: cardrules.observe(TG, n), 7),
    "the_game new_game(first_player)": (lambda n: lambda: the_game.new_game(
        the_game.Rules(players=2), first_player=n), 7),
    "the_game determinize(rng)": (lambda n: lambda: cardrules.determinize(TG_OBS, (n,)), 7),  # type: ignore[arg-type]
    # Mille Bornes: its state, table, tableaux, match and observation.
    "mille_bornes table.draw_pile_size": (lambda n: _mb_table(draw_pile_size=n), 1000),
    "mille_bornes table.current": (lambda n: _mb_table(current=n), 7),
    "mille_bornes table.target": (lambda n: _mb_table(target=n), -7),
    "mille_bornes table.extended_by": (lambda n: _mb_table(extended_by=n), 7),
    "mille_bornes table.reshuffles": (lambda n: _mb_table(reshuffles=n), 1000),
    "mille_bornes table.hand_sizes": (lambda n: _mb_table(hand_sizes=(n, 6, 6, 6)), 1000),
    "mille_bornes tableau.distance": (lambda n: _mb_tableau(distance=(n,)), 7),
    "mille_bornes match.hand_number": (lambda n: _mb_match(hand_number=n), 1000),
    "mille_bornes match.dealer": (lambda n: _mb_match(dealer=n), 7),
    "mille_bornes match.totals": (lambda n: _mb_match(totals=(n, 0)), 1000),
    "mille_bornes observation.seat": (lambda n: lambda: mille_bornes.validate_observation(
        ev(MB_OBS, seat=n)), 7),
    "mille_bornes observation table.current": (lambda n: _mb_obs_table(current=n), 7),
    "mille_bornes observation table.target": (lambda n: _mb_obs_table(target=n), -7),
    "mille_bornes observation table.hand_sizes": (lambda n: _mb_obs_table(hand_sizes=(n, 6, 6, 6)), 1000),
    # Mille Bornes: rules, moves and public functions.
    "mille_bornes Rules(players)": (lambda n: lambda: mille_bornes.Rules(players=n), 10),
    "mille_bornes Rules(team_size)": (lambda n: lambda: mille_bornes.Rules(players=4, team_size=n), 3),
    "mille_bornes Rules(race)": (lambda n: lambda: mille_bornes.Rules(race=n), -5),
    "mille_bornes Rules(extension_to)": (lambda n: lambda: mille_bornes.Rules(race=700, extension_to=n), -5),
    "mille_bornes Rules(hand_size)": (lambda n: lambda: mille_bornes.Rules(hand_size=n), 1000),
    "mille_bornes Rules(reshuffle_limit)": (lambda n: lambda: mille_bornes.Rules(reshuffle_limit=n), -1),
    "mille_bornes Rules(target_score)": (lambda n: lambda: mille_bornes.Rules(target_score=n), -1),
    "mille_bornes Rules(deck)": (lambda n: lambda: mille_bornes.Rules(
        deck=((mille_bornes.Card.D25, n),)), 10**6),
    "mille_bornes Rules.room(players)": (lambda n: lambda: mille_bornes.Rules.room(players=n), 10),
    "mille_bornes Play(side)": (lambda n: lambda: mille_bornes.Play(mille_bornes.Card.D25, n), 99),
    "mille_bornes Play(card)": (lambda n: lambda: mille_bornes.Play(n), 7),  # type: ignore[arg-type]
    "mille_bornes observe(seat)": (lambda n: lambda: cardrules.observe(MB, n), 7),
    "mille_bornes new_game(first_player)": (lambda n: lambda: mille_bornes.new_game(first_player=n), 7),
    "mille_bornes Rules.side_of": (lambda n: lambda: MB.rules.side_of(n), 7),
    # Public functions of every game.
    "apply(move)": (lambda n: lambda: cardrules.apply(TG, n), 7),
    "render(lang)": (lambda n: lambda: cardrules.render(TG, lang=n), 7),  # type: ignore[arg-type]
    "svg.draw(size)": (lambda n: lambda: draw(TG, size=n), 0),
    "to_json(indent)": (lambda n: lambda: cardrules.to_json(TG, indent=n), 17),
    # Bots' settings.
    "the_game GreedyBot(reach)": (lambda n: lambda: GreedyBot(-abs(n)), -1),
    "the_game GreedyBot(depth)": (lambda n: lambda: GreedyBot(depth=-abs(n)), 0),
    "mille_bornes ExpertBot(aggression)": (lambda n: lambda: ExpertBot(aggression=n), -1),
    "mille_bornes ExpertBot(caution)": (lambda n: lambda: ExpertBot(caution=-abs(n)), -1),
    "ISMCTSBot(iterations)": (lambda n: lambda: ISMCTSBot(iterations=-abs(n)), 0),
    "ISMCTSBot(seconds)": (lambda n: lambda: ISMCTSBot(seconds=n), -1),
    "ISMCTSBot(exploration)": (lambda n: lambda: ISMCTSBot(exploration=n), -1),
    "ISMCTSBot(widening)": (lambda n: lambda: ISMCTSBot(widening=n), -1),
    "ISMCTSBot(guard)": (lambda n: lambda: ISMCTSBot(guard=n), -1),
    # The library's own argument checks.
    "check_seat": (lambda n: lambda: check_seat(n, 3), 3),
    "check_seat in a tuple": (lambda n: lambda: check_seat((n,), 3), 3),
    "check_first_player": (lambda n: lambda: check_first_player(n, 3), 3),
    "check_seed in a tuple": (lambda n: lambda: check_seed((n,)), 3),
}


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("huge", [HUGE, -HUGE], ids=["huge", "huge_negative"])
def test_a_number_too_long_to_print_gets_the_error_of_a_small_wrong_one(case: str, huge: int) -> None:
    build, wrong = CASES[case]
    with pytest.raises(CardrulesError) as small:
        build(wrong)()
    with pytest.raises(CardrulesError) as big:
        build(huge)()
    assert type(big.value) is type(small.value)
    assert len(str(big.value)) < 1000


@pytest.mark.parametrize("huge", [HUGE, -HUGE], ids=["huge", "huge_negative"])
def test_a_mille_bornes_seed_may_be_any_whole_number(huge: int) -> None:
    mille_bornes.validate_state(ev(MB, seed=huge))
    assert mille_bornes.new_game(seed=huge).seed == huge
    assert check_seed(huge) == huge


def test_a_state_with_a_seed_too_long_to_write_is_refused_by_to_json() -> None:
    with pytest.raises(cardrules.SerializationError, match="more than 4300 digits"):
        cardrules.to_json(mille_bornes.new_game(seed=HUGE))


def test_a_game_of_the_game_may_be_dealt_from_a_huge_seed() -> None:
    the_game.validate_state(the_game.new_game(seed=HUGE))


def test_shown_describes_a_number_too_long_to_print() -> None:
    assert shown(10**4999) == "a whole number of 5000 digits"
    assert shown(10**5000 - 1) == "a whole number of 5000 digits"
    assert shown(-(10**5000)) == "a negative whole number of 5001 digits"
    assert shown((1, HUGE)) == "<tuple too large to show>"
    assert shown([HUGE]) == "<list too large to show>"


@pytest.mark.parametrize("digits", [4301, 4302, 4400, 5000, 9999])
def test_shown_counts_the_digits_exactly(digits: int) -> None:
    for number in (10 ** (digits - 1), 10**digits - 1, 2 * 10 ** (digits - 1) + 12345):
        assert shown(number) == f"a whole number of {digits} digits"


def test_shown_cuts_what_prints_as_the_messages_always_did() -> None:
    assert shown(7) == "7"
    assert shown("x" * 40) == repr("x" * 40)[:37] + "..."
    assert shown("x" * 38) == repr("x" * 38)
    assert shown(list(range(100)), limit=10) == "[0, 1, ..."
