"""The records: a State is the public Table plus the hidden cards, an Observation the same Table plus
one hand; the validators accept exactly the records that could arise, and determinize deals only
states that validate_state accepts."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import ArgumentError, CardrulesError, IllegalMoveError, InvalidStateError, NotationError
from cardrules.games import mille_bornes
from cardrules.games.the_game import (
    CARDS,
    END_TURN,
    Observation,
    Play,
    Result,
    Rules,
    State,
    Table,
    all_moves,
    apply,
    cards,
    current_player,
    deck,
    determinize,
    is_terminal,
    legal_moves,
    new_game,
    observe,
    parse_move,
    result,
    rules_of,
    validate_observation,
    validate_result,
    validate_state,
    validate_table,
    why_illegal,
)
from cardrules.testing import reachable_states

from .positions import build_state
from .strategies import careful_states

states: st.SearchStrategy[State] = st.one_of(reachable_states(game="the-game"), careful_states())


def test_a_state_is_the_public_table_plus_the_hidden_hands_and_draw_pile() -> None:
    # The constructor's fields (the private ``_trusted`` mark of cardrules._trust is not one).
    assert [field.name for field in attrs.fields(State) if field.init] == [
        "rules", "table", "hands", "draw_pile"]
    assert [field.name for field in attrs.fields(Table)] == [
        "piles", "hand_sizes", "draw_pile_size", "current", "laid", "turn", "fire_due", "status",
    ]
    assert [field.name for field in attrs.fields(Observation) if field.init] == [
        "rules", "seat", "table", "hand"]


def test_every_seat_observes_the_very_table_of_the_state() -> None:
    state = new_game(Rules(players=3), seed=4)
    for seat in range(3):
        observation = observe(state, seat)
        assert observation.table is state.table
        assert observation.hand == state.hands[seat]
        assert determinize(observation, seat).table is state.table


@given(states)
def test_the_engine_builds_the_same_records_as_their_constructors(state: State) -> None:
    # The engine builds records slot by slot; every slot must be set, and set as attrs would.
    table = state.table
    rebuilt = State(
        rules=state.rules,
        table=Table(**{field.name: getattr(table, field.name) for field in attrs.fields(Table)}),
        hands=state.hands,
        draw_pile=state.draw_pile,
    )
    assert rebuilt == state
    assert hash(rebuilt) == hash(state)
    assert repr(rebuilt) == repr(state)
    validate_state(state)


# determinize deals only states that validate_state accepts.

def test_determinize_refuses_an_observation_with_an_unsorted_hand() -> None:
    # It used to deal the hand as given, into a state that validate_state then refused.
    observation = observe(new_game(Rules(players=3), seed=2), 0)
    backwards = attrs.evolve(observation, hand=observation.hand[::-1])
    with pytest.raises(InvalidStateError, match="seat 0's hand is not sorted"):
        validate_observation(backwards)
    with pytest.raises(InvalidStateError, match="not sorted"):
        determinize(backwards, 1)


def stuck_position() -> State:
    """Seat 1 is on turn, owes two cards and can lay none of its six: the game is lost."""
    return build_state(
        Rules(players=2),
        tops=(90, 91, 10, 11),
        hands=((92, 93, 94, 95, 96, 97, 98), (40, 41, 42, 43, 44, 45, 46)),
        draw_pile=(50, 51, 52, 53, 54, 55),
        current=1,
        status="stuck",
    )


def test_determinize_deals_the_stuck_player_a_hand_that_cannot_be_laid() -> None:
    observation = observe(stuck_position(), 0)
    for seed in range(20):
        guess = determinize(observation, seed)
        validate_state(guess)
        assert is_terminal(guess)
        assert all(why_illegal(guess, Play(card, pile)) for card in guess.hands[1] for pile in range(4))
        assert observe(guess, 0) == observation


def test_determinize_refuses_a_stuck_player_whose_dead_hand_the_unseen_cards_cannot_make() -> None:
    # Declared stuck with 7 cards, but with up2 showing 39 every one of the 13 unseen cards fits a
    # pile. determinize used to deal seat 1 no card at all, into a state validate_state refused.
    state = stuck_position()
    piles = state.table.piles
    moved = ((*(card for card in piles[0] if card != 39), 91), (1, 39), piles[2], piles[3])
    observation = attrs.evolve(observe(state, 0), table=attrs.evolve(state.table, piles=moved))
    with pytest.raises(InvalidStateError, match="only 0 unseen cards fit no pile"):
        validate_observation(observation)
    with pytest.raises(InvalidStateError, match="only 0 unseen cards fit no pile"):
        determinize(observation, 1)


def test_determinize_refuses_a_game_going_on_where_the_player_on_turn_could_lay_nothing() -> None:
    # The table says seat 1 owes cards and the game goes on, yet no unseen card fits a pile.
    # determinize used to give up with StopIteration.
    state = stuck_position()
    going_on = attrs.evolve(observe(state, 0), table=attrs.evolve(state.table, status="playing"))
    with pytest.raises(InvalidStateError, match="no unseen card fits a pile"):
        validate_observation(going_on)
    with pytest.raises(InvalidStateError, match="no unseen card fits a pile"):
        determinize(going_on, 1)


def late_observation() -> Observation:
    """Seat 0's view of a three-player game whose draw pile is empty."""
    state = build_state(
        Rules(players=3),
        tops=(60, 61, 40, 39),
        hands=((62, 63, 64), (65, 66), (67,)),
        current=0,
    )
    return observe(state, 0)


def with_table(observation: Observation, **changes: Any) -> Observation:
    return attrs.evolve(observation, table=attrs.evolve(observation.table, **changes))


def test_determinize_refuses_a_negative_hand_size() -> None:
    # The sizes still add up (3 + 4 - 1 == 3 + 2 + 1); the observation used to be accepted.
    observation = with_table(late_observation(), hand_sizes=(3, 4, -1))
    with pytest.raises(InvalidStateError, match="from 0 up"):
        determinize(observation, 1)


IMPOSSIBLE_OBSERVATIONS: dict[str, Callable[[Observation], Observation]] = {
    "card above 99 in the hand": lambda o: attrs.evolve(o, hand=(*o.hand[:-1], 150)),
    "card below 2 in the hand": lambda o: attrs.evolve(o, hand=(0, *o.hand[1:])),
    "row card laid on a pile": lambda o: with_table(o, piles=((1, 1), *o.table.piles[1:])),
    "card both on a pile and in the hand": lambda o: with_table(
        o, piles=((*o.table.piles[0], o.hand[-1]), *o.table.piles[1:])),
    "three piles": lambda o: with_table(o, piles=o.table.piles[:3]),
    "an empty pile": lambda o: with_table(o, piles=((), *o.table.piles[1:])),
    "three fire deadlines": lambda o: with_table(o, fire_due=(-1, -1, -1)),
    "seat outside the table": lambda o: attrs.evolve(o, seat=7),
    "negative seat": lambda o: attrs.evolve(o, seat=-1),
    "player on turn outside the table": lambda o: with_table(o, current=3),
    "two hand sizes at three seats": lambda o: with_table(o, hand_sizes=o.table.hand_sizes[:2]),
    "hand size that is not the hand's": lambda o: attrs.evolve(o, hand=o.hand[1:]),
    "one card too many to draw": lambda o: with_table(o, draw_pile_size=1),
    "negative cards laid this turn": lambda o: with_table(o, laid=-1),
    "unknown status": lambda o: with_table(o, status="lost"),
    "a card that is not a whole number": lambda o: attrs.evolve(o, hand=(62.0, *o.hand[1:])),  # type: ignore[arg-type]
    "rules of another game": lambda o: attrs.evolve(o, rules=mille_bornes.Rules()),  # type: ignore[arg-type]
    "a table that is not a table": lambda o: attrs.evolve(o, table=None),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("edit", IMPOSSIBLE_OBSERVATIONS.values(), ids=IMPOSSIBLE_OBSERVATIONS.keys())
def test_an_impossible_observation_is_an_invalid_state_for_validate_and_determinize(
    edit: Callable[[Observation], Observation],
) -> None:
    observation = edit(late_observation())
    with pytest.raises(InvalidStateError):
        validate_observation(observation)
    with pytest.raises(InvalidStateError):
        determinize(observation, 1)


_TABLE_JUNK: list[object] = [
    -1, 0, 1, 2, 7, 99, 150, (), (1,), (100,), ((1,),), "playing", "won", "stuck", "burned", None,
]


def edited_observation(data: st.DataObject, observation: Observation) -> Observation:
    """``observation`` with one to three fields (of the observation or its table) replaced."""
    for _ in range(data.draw(st.integers(1, 3))):
        if data.draw(st.booleans()):
            field = data.draw(st.sampled_from(["seat", "hand"]))
            hand = observation.hand
            nearby = [hand[::-1], hand[1:]] if isinstance(hand, tuple) else []
            value = data.draw(st.sampled_from([*_TABLE_JUNK, *nearby]))
            changes: dict[str, Any] = {field: value}
            observation = attrs.evolve(observation, **changes)
        else:
            table = observation.table
            field = data.draw(st.sampled_from([field.name for field in attrs.fields(Table)]))
            old = getattr(table, field)
            pool: list[object] = list(_TABLE_JUNK)
            if isinstance(old, tuple) and old:
                index = data.draw(st.integers(0, len(old) - 1))
                pool += [(*old[:index], junk, *old[index + 1:]) for junk in _TABLE_JUNK]
                pool += [old[:index] + old[index + 1:], old[::-1]]
            elif isinstance(old, int):
                pool += [old - 1, old + 1]
            table_changes: dict[str, Any] = {field: data.draw(st.sampled_from(pool))}
            observation = attrs.evolve(observation, table=attrs.evolve(table, **table_changes))
    return observation


@given(states, st.data())
def test_every_edited_observation_is_refused_or_determinizes_to_a_valid_state(
    state: State, data: st.DataObject
) -> None:
    seat = data.draw(st.integers(0, state.rules.players - 1))
    observation = edited_observation(data, observe(state, seat))
    try:
        validate_observation(observation)
    except InvalidStateError:
        with pytest.raises(InvalidStateError):
            determinize(observation, 3)
        return
    guess = determinize(observation, 3)
    validate_state(guess)
    assert observe(guess, observation.seat) == observation


# Every verb and validator answers a wrong argument with a cardrules error.

WRONG_ARGUMENTS: list[object] = [None, 3, "state", Rules(), mille_bornes.new_game(seed=1)]

VERBS: dict[str, Callable[[Any], object]] = {
    "legal_moves": legal_moves,
    "apply": lambda x: apply(x, END_TURN),
    "current_player": current_player,
    "is_terminal": is_terminal,
    "result": result,
    "observe": lambda x: observe(x, 0),
    "determinize": lambda x: determinize(x, 1),
    "parse_move": lambda x: parse_move(x, "end"),
    "why_illegal": lambda x: why_illegal(x, END_TURN),
    "validate_state": validate_state,
    "validate_observation": validate_observation,
    "validate_result": validate_result,
    "validate_table with these rules": lambda x: validate_table(x, new_game(seed=1).table),
    "validate_table with this table": lambda x: validate_table(Rules(), x),
    "cards": cards,
    "rules_of": rules_of,
    "all_moves": all_moves,
    "deck": deck,
}


TAKE_RULES = {"all_moves", "deck", "validate_table with these rules"}


@pytest.mark.parametrize("name", VERBS)
@pytest.mark.parametrize("argument", WRONG_ARGUMENTS, ids=lambda x: type(x).__name__)
def test_a_verb_or_validator_given_the_wrong_type_raises_an_argument_error(
    name: str, argument: object
) -> None:
    # validate_observation(None) and validate_result(None) used to raise AttributeError.
    if isinstance(argument, Rules) and name in TAKE_RULES:
        return
    with pytest.raises(ArgumentError):
        VERBS[name](argument)


def test_validate_result_refuses_fields_of_the_wrong_type() -> None:
    with pytest.raises(InvalidStateError):
        validate_result(Result(won=0, cards_left=3, outcome="stuck", seat=0))  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError):
        validate_result(Result(won=False, cards_left="3", outcome="stuck", seat=0))  # type: ignore[arg-type]


# parse_move reads any text without a bare ValueError.

@pytest.mark.parametrize("text", [None, 35, b"end", ["end"]])
def test_parse_move_refuses_what_is_not_text_as_an_argument_error(text: object) -> None:
    # It used to answer with a NotationError, as if the text were a misspelt move.
    with pytest.raises(ArgumentError, match="written as text"):
        parse_move(new_game(seed=1), text)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["9" * 4300, "end " * 1000, "35 on up1" + " " * 500])
def test_parse_move_refuses_text_longer_than_a_move_could_be(text: str) -> None:
    with pytest.raises(ArgumentError, match="at most 200 characters"):
        parse_move(new_game(seed=1), text)


@given(st.text(max_size=300))
def test_parse_move_of_any_text_is_a_move_or_a_cardrules_error(text: str) -> None:
    state = new_game(Rules(players=2), seed=5)
    try:
        move = parse_move(state, text)
    except (NotationError, IllegalMoveError, ArgumentError):
        return
    assert move in legal_moves(state)


# No state that validate_state accepts makes a verb fail.

def edited_state(data: st.DataObject, state: State) -> State:
    """``state`` with one or two parts (of the state or its table) replaced by nearby values."""
    for _ in range(data.draw(st.integers(1, 2))):
        if data.draw(st.booleans()):
            field = data.draw(st.sampled_from(["hands", "draw_pile"]))
            old = getattr(state, field)
            pool: list[object] = [old[::-1], old[1:], (*old, 50)] if isinstance(old, tuple) else [()]
            if field == "hands" and isinstance(old, tuple) and old:
                seat = data.draw(st.integers(0, len(old) - 1))
                hand = old[seat]
                if isinstance(hand, tuple):
                    pool += [(*old[:seat], changed, *old[seat + 1:])
                             for changed in (hand[1:], hand[::-1], (*hand, 2), ())]
            changes: dict[str, Any] = {field: data.draw(st.sampled_from(pool))}
            state = attrs.evolve(state, **changes)
        else:
            table = state.table
            field = data.draw(st.sampled_from([field.name for field in attrs.fields(Table)]))
            old_value = getattr(table, field)
            options: list[object] = list(_TABLE_JUNK)
            if isinstance(old_value, int):
                options += [old_value - 1, old_value + 1]
            table_changes: dict[str, Any] = {field: data.draw(st.sampled_from(options))}
            state = attrs.evolve(state, table=attrs.evolve(table, **table_changes))
    return state


@given(states, st.data())
def test_no_state_that_validate_state_accepts_makes_a_verb_fail(state: State, data: st.DataObject) -> None:
    state = edited_state(data, state)
    try:
        validate_state(state)
    except InvalidStateError:
        return
    moves = legal_moves(state)
    assert (not moves) == is_terminal(state) == (result(state) is not None)
    for move in moves:
        apply(state, move)
    for seat in range(state.rules.players):
        assert observe(determinize(observe(state, seat), seat), seat) == observe(state, seat)
    for text in ("end", "50", "50 up1"):
        with contextlib.suppress(CardrulesError):
            parse_move(state, text)
    assert sorted(cards(state)) == list(CARDS)


def test_greedy_bot_given_moves_of_another_position_says_so() -> None:
    from cardrules.games.the_game.bots import GreedyBot

    state = new_game(Rules(), deck=range(2, 100))
    with pytest.raises(ArgumentError, match="not the moves of its observation"):
        GreedyBot().choose(observe(state, 0), (Play(99, 3),))
    with pytest.raises(ArgumentError, match="no legal move"):
        GreedyBot().choose(observe(state, 0), ())


def test_determinize_deals_the_hidden_cards_anew_for_each_seed() -> None:
    observation = observe(new_game(Rules(players=2), seed=6), 0)
    deals = {determinize(observation, random.Random(seed)).hands[1] for seed in range(30)}
    assert len(deals) == 30
