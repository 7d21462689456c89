"""The boundary: states, observations and results that could never arise are refused with
``InvalidStateError`` whatever they hold, arguments of the wrong kind with ``ArgumentError``, and
whatever the validators accept can be played on (no verb fails on it)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import assume, given, note
from hypothesis import strategies as st

from cardrules import (
    ArgumentError,
    CardrulesError,
    IllegalMoveError,
    InvalidStateError,
    SerializationError,
    from_json,
    to_json,
)
from cardrules.games.mille_bornes import (
    EXTEND,
    Card,
    CardKind,
    Observation,
    Play,
    Result,
    Rules,
    State,
    all_moves,
    apply,
    current_player,
    determinize,
    is_terminal,
    legal_moves,
    new_game,
    observe,
    parse_move,
    result,
    validate_observation,
    validate_result,
    validate_state,
    validate_table,
    why_illegal,
)
from cardrules.games.mille_bornes.score_sheet import LINES
from cardrules.games.mille_bornes.validation import check_sheet
from cardrules.testing import reachable_states

from .positions import deal, solo

C = Card
TWO = Rules.parker(players=2, target_score=None)


def walk(rules: Rules, seed: int) -> Iterator[State]:
    """Every state of a random game, the deal first."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    yield state
    while legal_moves(state):
        state = apply(state, rng.choice(legal_moves(state)))
        yield state


def second_hand() -> State:
    """The first state of the second hand of a Parker match: its history holds one score sheet."""
    return next(state for state in walk(Rules.parker(players=2), 3) if state.table.match.hand_number == 1)


def tampered(value: object, change: Callable[[dict[str, Any]], None]) -> str:
    data = json.loads(to_json(value))
    change(data)
    return json.dumps(data)


# Arguments that are not values of the game ------------------------------------------------------

STATE_VERBS: list[Callable[[Any], object]] = [
    legal_moves, current_player, is_terminal, result, validate_state,
    lambda value: apply(value, Play(C.ROLL)),
    lambda value: observe(value, 0),
    lambda value: why_illegal(value, Play(C.ROLL)),
    lambda value: parse_move(value, "roll"),
]


@pytest.mark.parametrize("verb", STATE_VERBS)
@pytest.mark.parametrize("value", [None, "state", 7, TWO])
def test_a_verb_given_something_else_than_a_state_raises_an_argument_error(
    verb: Callable[[Any], object], value: object
) -> None:
    with pytest.raises(ArgumentError, match="a state of Mille Bornes"):
        verb(value)


@pytest.mark.parametrize("value", [None, "observation", new_game(TWO, seed=1)])
def test_observation_and_result_checks_given_something_else_raise_an_argument_error(value: object) -> None:
    with pytest.raises(ArgumentError, match="an observation of Mille Bornes"):
        validate_observation(value)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="an observation of Mille Bornes"):
        determinize(value, 1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="a result of Mille Bornes"):
        validate_result(value)  # type: ignore[arg-type]


def test_determinize_needs_a_random_generator_or_a_seed() -> None:
    with pytest.raises(ArgumentError, match="rng"):
        determinize(observe(new_game(TWO, seed=1), 0), "5")  # type: ignore[arg-type]


# Impossible values: refused, never a KeyError ------------------------------------------------------


def test_a_distance_that_is_no_distance_card_is_refused_not_a_key_error() -> None:
    state = new_game(TWO, seed=1)
    for junk, words in (((30,), "tuple of cards, not \\(30,\\)"), ((C.STOP,), "wrong pile"),
                        ((C.D200,) * 3, "impossible distance")):
        tableau = attrs.evolve(state.table.tableaux[0], distance=junk)  # type: ignore[arg-type]
        with pytest.raises(InvalidStateError, match=words):
            validate_table(TWO, attrs.evolve(state.table, tableaux=(tableau, state.table.tableaux[1])))

    def thirty_miles(data: dict[str, Any]) -> None:
        data["table"]["tableaux"][0]["distance"] = [30]

    with pytest.raises(SerializationError, match="unknown card 30"):
        from_json(tampered(state, thirty_miles), State)


def test_cards_driven_the_wrong_way_are_among_the_distance_cards_and_need_the_variant() -> None:
    state = new_game(TWO, seed=1)
    for distance, backwards, words in (((C.D100,), (C.D75,), "among its distance cards"),
                                       ((C.D100, C.D75), (C.D75,), "these rules do not have")):
        tableau = attrs.evolve(state.table.tableaux[0], distance=distance, backwards=backwards)
        with pytest.raises(InvalidStateError, match=words):
            validate_table(TWO, attrs.evolve(state.table, tableaux=(tableau, state.table.tableaux[1])))


def impossible_observations() -> Iterator[tuple[str, Observation]]:
    state = solo(deal(TWO, [[C.ROLL, C.D100, C.D75]]), "roll", "drive 100")
    seen = observe(state, 1)
    table = seen.table
    thirty = attrs.evolve(table.tableaux[0], distance=(30,))  # type: ignore[arg-type]
    yield "a distance no card has", attrs.evolve(
        seen, table=attrs.evolve(table, tableaux=(thirty, table.tableaux[1])))
    yield "a card the deck does not hold", attrs.evolve(
        seen, table=attrs.evolve(table, discard_pile=(C.WRONG_WAY,)))
    yield "a card that is not a card", attrs.evolve(
        seen, table=attrs.evolve(table, discard_pile=(99,)))  # type: ignore[arg-type]
    yield "a hand out of order", attrs.evolve(seen, hand=tuple(reversed(seen.hand)))
    yield "a hand of the wrong size", attrs.evolve(seen, hand=seen.hand[1:])
    yield "more copies of a card than the deck has", attrs.evolve(seen, hand=(C.RIGHT_OF_WAY,) * 6)
    yield "a seat that is not at the table", attrs.evolve(seen, seat=2)
    yield "a window outside its phase", attrs.evolve(
        seen, table=attrs.evolve(table, window=state.table.window or "open"))  # type: ignore[arg-type]


@pytest.mark.parametrize(("case", "observation"), list(impossible_observations()),
                         ids=[case for case, _ in impossible_observations()])
def test_an_impossible_observation_is_refused_by_validation_and_determinize(
    case: str, observation: Observation
) -> None:
    with pytest.raises(InvalidStateError):
        validate_observation(observation)
    with pytest.raises(InvalidStateError):
        determinize(observation, 1)


@pytest.mark.parametrize("rules", [TWO, Rules.wikipedia(players=3), Rules.room(players=4, team_size=2,
                                                                            reshuffle=True)])
def test_determinize_returns_only_states_that_validate_state_accepts(rules: Rules) -> None:
    rng = random.Random(5)
    for number, state in enumerate(walk(rules, 2)):
        if number % 9:
            continue
        for seat in range(rules.players):
            observation = observe(state, seat)
            guess = determinize(observation, rng)
            validate_state(guess)
            assert observe(guess, seat) == observation


# The match history --------------------------------------------------------------------------------


def _columns_swapped(data: dict[str, Any]) -> None:
    # The columns change places, each keeping its side number; the totals follow them.
    data["table"]["match"]["history"][0]["sides"].reverse()
    data["table"]["match"]["totals"].reverse()


def _a_side_that_does_not_exist(data: dict[str, Any]) -> None:
    data["table"]["match"]["history"][0]["completed_by"] = 5


def _three_sides_of_miles(data: dict[str, Any]) -> None:
    data["table"]["match"]["history"][0]["miles"].append(0)


def _a_bonus_the_rules_do_not_give(data: dict[str, Any]) -> None:
    data["table"]["match"]["history"][0]["sides"][1]["trip"] += 1
    data["table"]["match"]["totals"][1] += 1


def _negative_points(data: dict[str, Any]) -> None:
    data["table"]["match"]["history"][0]["sides"][0]["safeties"] -= 1000
    data["table"]["match"]["totals"][0] -= 1000


def _miles_past_the_race(data: dict[str, Any]) -> None:
    sheet = data["table"]["match"]["history"][0]
    sheet["miles"][0] += 1000
    sheet["sides"][0]["miles"] += 1000
    data["table"]["match"]["totals"][0] += 1000


def _a_match_that_went_on_past_its_end(data: dict[str, Any]) -> None:
    data["rules"]["target_score"] = 1


@pytest.mark.parametrize(
    "change",
    [_columns_swapped, _a_side_that_does_not_exist, _three_sides_of_miles, _a_bonus_the_rules_do_not_give,
     _negative_points, _miles_past_the_race, _a_match_that_went_on_past_its_end],
    ids=lambda change: change.__name__.strip("_"),
)
def test_a_match_history_that_cannot_be_is_refused(change: Callable[[dict[str, Any]], None]) -> None:
    state = second_hand()
    assert max(state.table.match.totals) > 1
    with pytest.raises(SerializationError):
        from_json(tampered(state, change), State)
    with pytest.raises(SerializationError):
        from_json(tampered(observe(state, 0), change), Observation)


def _negative_miles(data: dict[str, Any]) -> None:
    data["hands"][0]["miles"][1] = -25


def _negative_line(data: dict[str, Any]) -> None:
    data["hands"][0]["sides"][1]["miles"] -= 50
    data["hands"][0]["sides"][1]["shutout"] += 50


def _sheet_columns_swapped(data: dict[str, Any]) -> None:
    data["hands"][0]["sides"].reverse()
    data["totals"].reverse()
    data["winners"] = [1 - winner for winner in data["winners"]]


@pytest.mark.parametrize("change", [_negative_miles, _negative_line, _sheet_columns_swapped],
                         ids=lambda change: change.__name__.strip("_"))
def test_a_result_that_cannot_be_is_refused(change: Callable[[dict[str, Any]], None]) -> None:
    final = list(walk(TWO, 4))[-1]
    outcome = result(final)
    assert outcome is not None
    assert outcome.hands[0].miles[1] > 0
    with pytest.raises(SerializationError):
        from_json(tampered(outcome, change), Result)


# The decision under way --------------------------------------------------------------------------


def test_an_extension_decision_under_rules_without_an_extension_is_refused() -> None:
    state = deal(TWO, [[C.ROLL, C.D200, C.D200, C.D100, C.D100, C.D100]])
    state = solo(state, "roll", "drive 200", "drive 200", "drive 100", "drive 100", "drive 100")
    assert legal_moves(state) == (EXTEND, legal_moves(state)[1])

    def no_extension(data: dict[str, Any]) -> None:
        data["rules"]["extension_to"] = None

    with pytest.raises(SerializationError, match="extension"):
        from_json(tampered(state, no_extension), State)


def test_a_hand_larger_than_a_turn_allows_is_refused() -> None:
    # Seat 1 is not on turn: it has drawn nothing and holds at most a full hand.
    state = new_game(TWO, seed=1)
    given = state.hands[0][-1]
    bigger = attrs.evolve(state, hands=(state.hands[0][:-1], tuple(sorted((*state.hands[1], given)))),
                          table=attrs.evolve(state.table, hand_sizes=(6, 7)))
    with pytest.raises(InvalidStateError, match="seat 1 holds 7 cards"):
        validate_state(bigger)


# Anything accepted can be played on ---------------------------------------------------------------

SWEEP_RULES = [
    Rules.parker(players=2, target_score=1500),
    Rules.wikipedia(players=3, target_score=None, race=1000, extension_to=1200),
    Rules.room(players=4, team_size=2, target_score=None, accumulate=True, reshuffle=True, wrong_way=True),
]


def mutations(data: Any, rng: random.Random, count: int) -> Iterator[Any]:
    """``count`` copies of the JSON value ``data``, each with one value changed, dropped, repeated or
    swapped somewhere inside."""
    paths: list[tuple[Any, ...]] = []

    def collect(value: Any, path: tuple[Any, ...]) -> None:
        paths.append(path)
        if isinstance(value, dict):
            items: Any = value.items()
        else:
            items = enumerate(value) if isinstance(value, list) else ()
        for key, inner in items:
            collect(inner, (*path, key))

    collect(data, ())
    names = list(Card.__members__)
    for _ in range(count):
        copy = json.loads(json.dumps(data))
        *where, key = rng.choice(paths[1:])
        parent = copy
        for step in where:
            parent = parent[step]
        value = parent[key]
        if isinstance(value, bool) or value is None:
            parent[key] = rng.choice([True, False, None, 0, 1])
        elif isinstance(value, int):
            parent[key] = rng.choice([value + 1, value - 1, -value, value + 25, 2 * value, 0, 10**30])
        elif isinstance(value, str):
            parent[key] = rng.choice([*names, "play", "coup_fourre", "extension", "over"])
        elif isinstance(value, list) and value:
            action = rng.randrange(3)
            if action == 0:
                value.pop(rng.randrange(len(value)))
            elif action == 1:
                value.append(json.loads(json.dumps(rng.choice(value))))
            else:
                value.reverse()
        else:
            parent[key] = None
        yield copy


def play_on(state: State) -> None:
    """Every verb on ``state``, every legal move applied, every other move refused."""
    result(state)
    for seat in range(state.rules.players):
        observation = observe(state, seat)
        assert observe(determinize(observation, 1), seat) == observation
    legal = legal_moves(state)
    for move in legal:
        assert parse_move(state, str(move)) == move
        validate_state(apply(state, move))
    for move in all_moves(state.rules):
        if move not in legal:
            with pytest.raises(IllegalMoveError):
                apply(state, move)


@pytest.mark.parametrize("rules", SWEEP_RULES, ids=lambda rules: f"{rules.players}x{rules.team_size}")
def test_changed_json_is_refused_or_can_be_played_on(rules: Rules) -> None:
    rng = random.Random(8)
    accepted = 0
    for number, state in enumerate(walk(rules, 1)):
        if number % 25 and state.table.phase == "play":
            continue
        for data in mutations(json.loads(to_json(state)), rng, 25):
            try:
                loaded = from_json(json.dumps(data), State)
            except CardrulesError:
                continue
            accepted += 1
            play_on(loaded)
        for data in mutations(json.loads(to_json(observe(state, state.table.current))), rng, 25):
            try:
                seen = from_json(json.dumps(data), Observation)
            except CardrulesError:
                continue
            accepted += 1
            play_on(determinize(seen, rng))
    assert accepted


# Something else where a card or a number belongs --------------------------------------------------
# The validators count cards as bytes of their numbers and check types over whole tables at once:
# an int that is not a card (its number, a number past a byte, an int subclass, True) or anything
# else must still be refused, wherever it sits.


class _Number(int):
    """An int that is not quite an int (a subclass), as a careless caller might build."""


NOT_CARDS = st.one_of(
    st.integers(min_value=-300, max_value=600),
    st.integers(min_value=0, max_value=20).map(_Number),
    st.sampled_from([True, False, None, "ROLL", 5.0, 2**64, (), CardKind.HAZARD]),
)
# A distance pile holds distance cards: miles (as cardrules 0.2 kept them), card numbers and
# other cards are not ones.
NOT_DISTANCES = st.one_of(
    st.integers(min_value=-10**30, max_value=10**30),
    st.sampled_from([25, 50, 75, 100, 200]).map(_Number),
    st.sampled_from([True, 25.0, "25", None, 200, -75, 4, C.STOP, C.ROLL, C.DRIVING_ACE]),
)
SHEETS = [second_hand(), list(walk(Rules.room(players=4, team_size=2, target_score=2000), 2))[-1]]

Rebuild = Callable[[Any], State]


def card_piles(state: State) -> Iterator[tuple[str, tuple[Any, ...] | frozenset[Any], Rebuild, int | None]]:
    """Every place that holds cards: its name, its cards, how to put other cards there, and the
    seat whose observation shows it (``None``: no observation does)."""
    table = state.table
    evolve: Any = attrs.evolve  # deliberately ill-typed values

    def in_table(**change: Any) -> State:
        changed: State = evolve(state, table=evolve(table, **change))
        return changed

    def in_hand(seat: int) -> Rebuild:
        def rebuild(cards: Any) -> State:
            changed: State = evolve(state, hands=tuple(
                cards if other == seat else held for other, held in enumerate(state.hands)))
            return changed
        return rebuild

    def revealed(seat: int) -> Rebuild:
        def rebuild(cards: Any) -> State:
            return in_table(revealed=tuple(
                cards if other == seat else known for other, known in enumerate(table.revealed)))
        return rebuild

    for seat, hand in enumerate(state.hands):
        yield f"hand {seat}", hand, in_hand(seat), seat
        yield f"revealed {seat}", table.revealed[seat], revealed(seat), 0
    yield "draw pile", state.draw_pile, lambda cards: attrs.evolve(state, draw_pile=cards), None
    yield "discard pile", table.discard_pile, lambda cards: in_table(discard_pile=cards), 0
    for side, tableau in enumerate(table.tableaux):
        for pile in ("battle", "speed", "direction", "safeties", "coups_fourres", "problems"):

            def rebuild(cards: Any, side: int = side, pile: str = pile) -> State:
                changed = evolve(table.tableaux[side], **{
                    pile: frozenset(cards) if pile == "problems" else cards})
                return in_table(tableaux=tuple(
                    changed if other == side else t for other, t in enumerate(table.tableaux)))

            yield f"side {side}'s {pile}", getattr(tableau, pile), rebuild, 0


def refused(state: State, seat: int | None) -> None:
    """``state`` is refused, and so is what ``seat`` sees of it."""
    with pytest.raises(InvalidStateError):
        validate_state(state)
    if seat is not None:
        seen = Observation(rules=state.rules, seat=seat, table=state.table, hand=state.hands[seat])
        with pytest.raises(InvalidStateError):
            validate_observation(seen)


@given(reachable_states(game="mille-bornes"), st.data())
def test_what_is_not_a_card_where_a_card_belongs_is_refused(state: Any, data: st.DataObject) -> None:
    where, cards, rebuild, seat = data.draw(st.sampled_from(list(card_piles(state))), label="place")
    note(where)
    junk = data.draw(NOT_CARDS, label="junk")
    # A set that holds the card equal to the junk (Card.STOP == 8) keeps the card and drops the
    # junk, so nothing would change: no case for this test.
    assume(not isinstance(cards, frozenset) or junk not in cards)
    at = data.draw(st.integers(min_value=0, max_value=len(cards)), label="at")
    listed = list(cards)
    # Put in place of a card, or added at the end.
    listed[at:at + 1] = [junk]
    refused(rebuild(tuple(listed)), seat)


@given(reachable_states(game="mille-bornes"), st.data())
def test_a_distance_no_card_has_is_refused_wherever_it_is_played(state: Any, data: st.DataObject) -> None:
    table = state.table
    side = data.draw(st.integers(min_value=0, max_value=len(table.tableaux) - 1), label="side")
    distance = list(table.tableaux[side].distance)
    at = data.draw(st.integers(min_value=0, max_value=len(distance)), label="at")
    distance[at:at + 1] = [data.draw(NOT_DISTANCES, label="miles")]
    changed = attrs.evolve(table.tableaux[side], distance=tuple(distance))
    refused(attrs.evolve(state, table=attrs.evolve(table, tableaux=tuple(
        changed if other == side else t for other, t in enumerate(table.tableaux)))), 0)


@given(st.sampled_from(SHEETS), st.data())
def test_a_score_sheet_line_that_is_not_points_is_refused(state: State, data: st.DataObject) -> None:
    match = state.table.match
    number = data.draw(st.integers(min_value=0, max_value=len(match.history) - 1), label="hand")
    sheet = match.history[number]
    side = data.draw(st.integers(min_value=0, max_value=len(sheet.sides) - 1), label="side")
    lines = ["side", *(name for name, _ in LINES), "miles of the sheet"]
    line = data.draw(st.sampled_from(lines), label="line")
    junk = data.draw(st.one_of(st.integers(max_value=-1), st.sampled_from([True, False, None, 0.0, "0"]),
                               st.integers(min_value=0, max_value=1000).map(_Number)), label="junk")
    evolve: Any = attrs.evolve  # deliberately ill-typed values
    if line == "miles of the sheet":
        changed = evolve(sheet, miles=tuple(
            junk if other == side else miles for other, miles in enumerate(sheet.miles)))
    else:
        column = evolve(sheet.sides[side], **{line: junk})
        changed = evolve(sheet, sides=tuple(
            column if other == side else kept for other, kept in enumerate(sheet.sides)))
    with pytest.raises(InvalidStateError):
        check_sheet(changed, number, state.rules.sides)
    history = tuple(changed if at == number else kept for at, kept in enumerate(match.history))
    later = attrs.evolve(match, history=history)
    refused(attrs.evolve(state, table=attrs.evolve(state.table, match=later)), 0)


def test_a_finished_game_that_claims_hand_minus_one_is_refused_not_an_index_error() -> None:
    # With no score sheet at all, hand -1 would be "the last hand": there is no sheet to end on.
    final = list(walk(TWO, 4))[-1]
    assert final.table.phase == "over"
    empty = attrs.evolve(final.table.match, hand_number=-1, history=(), totals=(0, 0))
    refused(attrs.evolve(final, table=attrs.evolve(final.table, match=empty)), 0)
