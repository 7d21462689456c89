"""JSON: every value type round-trips, and loading refuses malformed, unknown or impossible input."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import Any

import pytest

from cardrules import (
    CardrulesError,
    GameRecord,
    InvalidStateError,
    SerializationError,
    from_json,
    to_json,
)
from cardrules.games.the_game import (
    EndTurn,
    Move,
    Observation,
    Play,
    Result,
    Rules,
    State,
    apply,
    legal_moves,
    new_game,
    observe,
    result,
)

JSON = dict[str, Any]


def start(rules: Rules | None = None) -> State:
    return new_game(rules or Rules(players=2), seed=21)


def midgame() -> State:
    """Seat 0 has laid two cards and ended; seat 1 has laid one card."""
    state = start(Rules(players=2, on_fire=True))
    for _ in range(2):
        state = apply(state, next(m for m in legal_moves(state) if isinstance(m, Play)))
    state = apply(state, EndTurn())
    return apply(state, next(m for m in legal_moves(state) if isinstance(m, Play)))


def finished() -> State:
    state = start()
    while legal_moves(state):
        state = apply(state, legal_moves(state)[0])
    return state


VALUES: list[tuple[str, Any, Any]] = [
    ("rules", Rules(players=4, expert=True, reduced_hand=True, on_fire=True), Rules),
    ("play", Play(35, 2), Play),
    ("play as a move", Play(35, 2), Move),
    ("end turn", EndTurn(), EndTurn),
    ("end turn as a move", EndTurn(), Move),
    ("state at the deal", start(), State),
    ("state in play", midgame(), State),
    ("state at the end", finished(), State),
    ("observation", observe(midgame(), 1), Observation),
    ("observation at the end", observe(finished(), 0), Observation),
    ("result", result(finished()), Result),
    ("record", GameRecord.start(Rules(players=2), seed=21), GameRecord),
    ("record with a deck", GameRecord.start(Rules(), deck=range(99, 1, -1), first_player=0), GameRecord),
]


@pytest.mark.parametrize(("value", "cls"), [case[1:] for case in VALUES], ids=[c[0] for c in VALUES])
def test_every_value_type_round_trips_through_json(value: Any, cls: Any) -> None:
    text = to_json(value)
    assert isinstance(json.loads(text), dict)
    assert from_json(text, cls) == value
    assert from_json(text.encode(), cls) == value
    assert from_json(to_json(value, indent=2), cls) == value


def test_moves_are_tagged_objects() -> None:
    assert json.loads(to_json(Play(35, 0))) == {"move": "play", "card": 35, "pile": 0}
    assert json.loads(to_json(EndTurn())) == {"move": "end_turn"}


def test_a_played_record_round_trips_with_its_moves() -> None:
    state = start()
    moves: list[Move] = []
    for _ in range(5):
        moves.append(legal_moves(state)[0])
        state = apply(state, moves[-1])
    record = GameRecord.start(Rules(players=2), seed=21).extended(*moves)
    loaded: GameRecord = from_json(to_json(record), GameRecord)
    assert loaded == record
    assert loaded.moves == tuple(moves)


def test_to_json_refuses_what_it_cannot_write() -> None:
    with pytest.raises(SerializationError, match="cannot write"):
        to_json(object())


@pytest.mark.parametrize("text", ["", "{", "{'move': 'play'}", "nul", b"\xff\xfe", "[1, 2", "{}}"])
def test_from_json_rejects_malformed_json(text: str | bytes) -> None:
    with pytest.raises(SerializationError, match="not valid JSON"):
        from_json(text, State)


@pytest.mark.parametrize("cls", [State, Rules, Observation, Result, Move, GameRecord])
@pytest.mark.parametrize("text", ["null", "[]", "42", '"text"'])
def test_from_json_rejects_json_that_is_not_an_object(cls: Any, text: str) -> None:
    with pytest.raises(SerializationError):
        from_json(text, cls)


def as_data(value: Any) -> JSON:
    data: JSON = json.loads(to_json(value))
    return data


@pytest.mark.parametrize(
    ("value", "cls"),
    [
        (Rules(), Rules),
        (Play(35, 0), Play),
        (Play(35, 0), Move),
        (EndTurn(), Move),
        (start(), State),
        (observe(start(), 0), Observation),
        (result(finished()), Result),
        (GameRecord.start(Rules(), seed=1), GameRecord),
    ],
    ids=["rules", "play", "move", "end-turn", "state", "observation", "result", "record"],
)
def test_from_json_rejects_unknown_fields(value: Any, cls: Any) -> None:
    data = as_data(value)
    data["cheat"] = True
    with pytest.raises(SerializationError, match="cheat"):
        from_json(json.dumps(data), cls)


@pytest.mark.parametrize(
    "field", ["table.piles", "hands", "draw_pile", "table.current", "table.status", "rules", "table"]
)
def test_from_json_rejects_a_state_with_a_missing_field(field: str) -> None:
    data = as_data(start())
    *parents, name = field.split(".")
    inner = data
    for parent in parents:
        inner = inner[parent]
    del inner[name]
    with pytest.raises(SerializationError):
        from_json(json.dumps(data), State)


@pytest.mark.parametrize(
    ("text", "cls"),
    [
        ('{"move": "fly"}', Move),
        ('{"card": 35, "pile": 0}', Move),
        ('{"move": 3, "card": 35, "pile": 0}', Move),
        ('{"move": "end_turn"}', Play),
        ('{"move": "play", "card": 35, "pile": 0}', EndTurn),
        ('{"move": "Play", "card": 35, "pile": 0}', Move),
    ],
)
def test_from_json_rejects_a_wrong_move_tag(text: str, cls: Any) -> None:
    with pytest.raises(SerializationError, match="unknown move type"):
        from_json(text, cls)


@pytest.mark.parametrize(
    "text",
    ['{"move": "play", "card": 1, "pile": 0}', '{"move": "play", "card": 35, "pile": 4}',
     '{"move": "play", "card": 35}'],
)
def test_from_json_rejects_a_move_that_is_not_a_move_of_the_game(text: str) -> None:
    with pytest.raises(SerializationError):
        from_json(text, Move)


def test_from_json_rejects_rules_the_game_does_not_allow() -> None:
    with pytest.raises(SerializationError, match="1 to 5 players, not 6"):
        from_json('{"players": 6, "expert": false, "reduced_hand": false, "on_fire": false}', Rules)


@pytest.mark.parametrize(
    ("text", "cls"),
    [
        ('{"move": "play", "card": 35.5, "pile": 0}', Move),
        ('{"move": "play", "card": "35", "pile": 0}', Move),
        ('{"players": 2.9, "expert": false, "reduced_hand": false, "on_fire": false}', Rules),
        ('{"players": 2, "expert": "no", "reduced_hand": false, "on_fire": false}', Rules),
    ],
    ids=["fractional-card", "card-as-text", "fractional-player-count", "flag-as-text"],
)
def test_from_json_rejects_values_of_the_wrong_json_type(text: str, cls: Any) -> None:
    # to_json never writes these; reading them by coercion would turn 35.5 into 35 and "no" into True.
    with pytest.raises(SerializationError):
        from_json(text, cls)


# Impossible states: each edit of a valid state's JSON makes a state that could never arise.

def with_state_edit(edit: Callable[[JSON], None], state: State | None = None) -> str:
    data = as_data(state if state is not None else start())
    edit(data)
    return json.dumps(data)


def recount(data: JSON) -> None:
    """Bring the table's card counts in step with the hidden cards an edit moved."""
    data["table"]["hand_sizes"] = [len(hand) for hand in data["hands"]]
    data["table"]["draw_pile_size"] = len(data["draw_pile"])


def card_twice(data: JSON) -> None:
    data["draw_pile"][0] = data["hands"][0][0]


def card_missing(data: JSON) -> None:
    data["draw_pile"].pop()


def stranger_card(data: JSON) -> None:
    data["draw_pile"][0] = 100


def pile_breaks_the_rules(data: JSON) -> None:
    # 50 then 45 on an ascending pile: 45 is lower and not exactly 10 lower.
    data["draw_pile"] = [card for card in data["draw_pile"] if card not in (45, 50)]
    data["hands"] = [[card for card in hand if card not in (45, 50)] for hand in data["hands"]]
    data["draw_pile"] += [c for c in range(2, 100)
                          if c not in data["draw_pile"] and c not in (45, 50)
                          and all(c not in hand for hand in data["hands"])]
    data["table"]["piles"][0] = [1, 50, 45]
    for hand in data["hands"]:
        while len(hand) < 7:
            hand.append(data["draw_pile"].pop())
        hand.sort()
    recount(data)


def pile_without_row_card(data: JSON) -> None:
    data["table"]["piles"][2] = []


def pile_on_the_wrong_row_card(data: JSON) -> None:
    data["table"]["piles"][0] = [100]


def unsorted_hand(data: JSON) -> None:
    data["hands"][0].reverse()


def hand_too_big(data: JSON) -> None:
    data["hands"][0].append(data["draw_pile"].pop())
    data["hands"][0].sort()
    recount(data)


def hand_too_small_while_cards_are_left_to_draw(data: JSON) -> None:
    data["draw_pile"].append(data["hands"][1].pop())
    recount(data)


def hand_missing(data: JSON) -> None:
    data["draw_pile"] += data["hands"].pop()


def seat_not_at_the_table(data: JSON) -> None:
    data["table"]["current"] = 2


def negative_turn(data: JSON) -> None:
    data["table"]["turn"] = -1


def won_with_cards_left(data: JSON) -> None:
    data["table"]["status"] = "won"


def stuck_while_the_player_can_lay(data: JSON) -> None:
    data["table"]["status"] = "stuck"


def fire_deadline_without_on_fire(data: JSON) -> None:
    data["table"]["fire_due"] = [1, -1, -1, -1]


def burned_without_on_fire(data: JSON) -> None:
    data["table"]["status"] = "burned"


def burned_with_no_fire_card_on_a_pile(data: JSON) -> None:
    data["rules"]["on_fire"] = True
    data["table"]["status"] = "burned"


def cards_on_the_piles_before_any_turn(data: JSON) -> None:
    # Turn 0 and nothing laid this turn, yet two cards lie on a pile.
    data["draw_pile"] = [card for card in data["draw_pile"] if card not in (98, 99)]
    data["table"]["piles"][0] = [1, 98, 99]
    for hand in data["hands"]:
        for card in (98, 99):
            if card in hand:
                hand.remove(card)
                hand.append(data["draw_pile"].pop())
                hand.sort()
    recount(data)


IMPOSSIBLE: list[tuple[Callable[[JSON], None], str | None]] = [
    (card_twice, "cards held twice: [8]"),
    (card_missing, "cards missing from the game"),
    (stranger_card, "not cards of The Game: [100]"),
    (pile_breaks_the_rules, "45 cannot lie on 50 on pile up1"),
    (pile_without_row_card, "pile down1 must start with 100"),
    (pile_on_the_wrong_row_card, "pile up1 must start with 1"),
    (unsorted_hand, "seat 0's hand is not sorted"),
    (hand_too_big, "seat 0 cannot hold 8 cards"),
    (hand_too_small_while_cards_are_left_to_draw, "seat 1 cannot hold 6 cards"),
    (hand_missing, "1 hands at a 2-player table"),
    (seat_not_at_the_table, "seat 2 is not at the table"),
    (negative_turn, "negative turn"),
    (won_with_cards_left, "won exactly when every card is laid"),
    (stuck_while_the_player_can_lay, "marked stuck but the player on turn can go on"),
    (fire_deadline_without_on_fire, "no fire card can be due on pile up1"),
    # A game is burned only under On Fire, when a fire card on a pile missed its deadline.
    (burned_without_on_fire, None),
    (burned_with_no_fire_card_on_a_pile, None),
    # At turn 0 every card on the piles was laid this turn, so ``laid`` must count them.
    (cards_on_the_piles_before_any_turn, None),
]


@pytest.mark.parametrize(("edit", "words"), IMPOSSIBLE, ids=[edit.__name__ for edit, _ in IMPOSSIBLE])
def test_from_json_rejects_an_impossible_state(edit: Callable[[JSON], None], words: str | None) -> None:
    text = with_state_edit(edit)
    with pytest.raises(InvalidStateError) as caught:
        from_json(text, State)
    if words is not None:
        assert words in str(caught.value)


def test_from_json_rejects_an_unknown_status() -> None:
    with pytest.raises(SerializationError, match="lost"):
        from_json(with_state_edit(lambda data: data["table"].update(status="lost")), State)


@pytest.mark.parametrize(
    "edit",
    [
        lambda data: data["table"].update(piles=data["table"]["piles"][:3]),
        lambda data: data["table"].update(piles=[*data["table"]["piles"], [1]]),
        lambda data: data["table"].update(fire_due=[-1, -1, -1]),
    ],
    ids=["three-piles", "five-piles", "three-deadlines"],
)
def test_from_json_rejects_the_wrong_number_of_piles(edit: Callable[[JSON], None]) -> None:
    with pytest.raises(SerializationError):
        from_json(with_state_edit(edit), State)


def test_state_errors_are_never_anything_but_cardrules_errors() -> None:
    base = as_data(start())
    junks: list[object] = [None, "x", [], {}, -5, [[1, 2], "a"]]
    for field in base:
        for junk in junks:
            data = dict(base)
            data[field] = junk
            with contextlib.suppress(CardrulesError):
                from_json(json.dumps(data), State)
    for field in base["table"]:
        for junk in junks:
            data = dict(base, table=dict(base["table"]))
            data["table"][field] = junk
            with contextlib.suppress(CardrulesError):
                from_json(json.dumps(data), State)


def test_from_json_rejects_an_impossible_observation() -> None:
    data = as_data(observe(start(), 0))
    data["hand"] = data["hand"][1:]
    with pytest.raises(InvalidStateError, match="hand size"):
        from_json(json.dumps(data), Observation)
    data = as_data(observe(start(), 0))
    data["table"]["piles"][0] = [1, data["hand"][0]]
    with pytest.raises(InvalidStateError):
        from_json(json.dumps(data), Observation)
    data = as_data(observe(start(), 0))
    data["table"]["draw_pile_size"] += 1
    with pytest.raises(InvalidStateError, match="do not add up"):
        from_json(json.dumps(data), Observation)
