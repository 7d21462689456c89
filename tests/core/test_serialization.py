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


def envelope(kind: str, **fields: object) -> str:
    """The JSON text of a top-level value of The Game of type ``kind`` with ``fields``."""
    return json.dumps({"game": "the-game", "format": 1, "type": kind, **fields})


def test_moves_are_tagged_objects_that_say_their_game_and_format() -> None:
    assert json.loads(to_json(Play(35, 0))) == {"game": "the-game", "format": 1, "type": "move",
                                               "move": "play", "card": 35, "pile": 0}
    assert json.loads(to_json(EndTurn())) == {"game": "the-game", "format": 1, "type": "move",
                                             "move": "end_turn"}


@pytest.mark.parametrize(("value", "cls"), [case[1:] for case in VALUES], ids=[c[0] for c in VALUES])
def test_from_json_with_no_class_returns_the_value_of_the_right_type(value: Any, cls: Any) -> None:
    loaded = from_json(to_json(value))
    assert loaded == value
    assert type(loaded) is type(value)


@pytest.mark.parametrize(("value", "kind"), [(Rules(), "rules"), (start(), "state"), (EndTurn(), "move"),
                                             (observe(start(), 0), "observation"),
                                             (result(finished()), "result"),
                                             (GameRecord.start(Rules(), seed=1), "record")])
def test_every_top_level_value_starts_with_its_game_format_and_type(value: Any, kind: str) -> None:
    data = json.loads(to_json(value))
    assert list(data)[:3] == ["game", "format", "type"]
    assert (data["game"], data["format"], data["type"]) == ("the-game", 1, kind)


def test_reading_a_value_as_another_type_says_what_the_json_holds() -> None:
    with pytest.raises(SerializationError, match=r"^this JSON holds a move of The Game, not a state$"):
        from_json(to_json(EndTurn()), State)
    with pytest.raises(SerializationError, match="holds the move 'end turn', not a Play"):
        from_json(to_json(EndTurn()), Play)


def test_reading_another_games_json_says_so_in_one_line() -> None:
    from cardrules.games import mille_bornes

    text = to_json(mille_bornes.Rules())
    with pytest.raises(SerializationError) as caught:
        from_json(text, Rules)
    assert str(caught.value) == "this JSON holds rules of Mille Bornes, not rules of The Game"


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"players": 2}, "no \"format\""),
        ({"game": "the-game", "format": 2, "type": "rules"}, "format 2 cannot be read"),
        ({"game": "the-game", "format": "1", "type": "rules"}, "format \"1\" cannot be read"),
        ({"game": "chess", "format": 1, "type": "rules"}, "game \"chess\", which is not available"),
        ({"game": "the-game", "format": 1, "type": "board"}, "\"type\" is one of rules, state"),
        ({"game": "the-game", "format": 1}, "\"type\" is one of"),
    ],
)
def test_from_json_refuses_an_envelope_it_cannot_read(data: JSON, words: str) -> None:
    with pytest.raises(SerializationError, match=words):
        from_json(json.dumps(data))


def test_a_game_record_written_by_cardrules_0_1_is_still_read() -> None:
    record = GameRecord.start(Rules(players=2), seed=4).extended(Play(35, 0))
    old = {key: value for key, value in json.loads(to_json(record)).items() if key not in ("format", "type")}
    assert from_json(json.dumps(old), GameRecord) == record


def test_an_error_names_the_path_of_the_bad_field() -> None:
    data = as_data(GameRecord.start(Rules(players=2), seed=4).extended(Play(35, 0), EndTurn()))
    data["moves"][1] = {"move": "play", "card": "2", "pile": 0}
    with pytest.raises(SerializationError, match=r'moves\[1\]: card: expected an integer, got "2"'):
        from_json(json.dumps(data), GameRecord)


def test_errors_never_show_cattrs_or_typing_internals() -> None:
    bad = [envelope("rules", players=[1]), envelope("move", move="play", card=[], pile={}),
           envelope("result", won=1, cards_left=None, outcome=3, seat="x"),
           envelope("state", rules={}, piles=7)]
    for text in bad:
        with pytest.raises(SerializationError) as caught:
            from_json(text)
        message = str(caught.value)
        for internal in ("cattrs", "typing", "ClassValidationError", "Traceback", "<class"):
            assert internal not in message


def test_deeply_nested_json_is_refused_cleanly() -> None:
    for text in ("[" * 100_000 + "]" * 100_000, envelope("rules", players=[[[[[[[[[[[[1]]]]]]]]]]]] * 1)
                 .replace("[1]", "[" * 70 + "1" + "]" * 70)):
        with pytest.raises(SerializationError, match="nested"):
            from_json(text)


def test_rules_may_leave_out_fields_that_have_defaults() -> None:
    # Lenient on purpose: a rules file written by hand names only what differs.
    assert from_json(envelope("rules")) == Rules()
    assert from_json(envelope("rules", players=3)) == Rules(players=3)


@pytest.mark.parametrize("text", [envelope("move", move="play", card=35),
                                  envelope("result", won=True, cards_left=0, outcome="won")])
def test_other_values_must_list_every_field(text: str) -> None:
    with pytest.raises(SerializationError, match="missing field"):
        from_json(text)


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
    with pytest.raises(SerializationError, match=r"not valid JSON|not UTF-8"):
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
    ("text", "cls", "words"),
    [
        (envelope("move", move="fly"), Move, 'move: expected one of "play", "end_turn", got "fly"'),
        (envelope("move", card=35, pile=0), Move, "missing field move"),
        (envelope("move", move=3, card=35, pile=0), Move, "got 3"),
        (envelope("move", move="end_turn"), Play, "not a Play"),
        (envelope("move", move="play", card=35, pile=0), EndTurn, "not an EndTurn"),
        (envelope("move", move="Play", card=35, pile=0), Move, 'got "Play"'),
    ],
)
def test_from_json_rejects_a_wrong_move_tag(text: str, cls: Any, words: str) -> None:
    with pytest.raises(SerializationError, match=words):
        from_json(text, cls)


@pytest.mark.parametrize(
    "text",
    [envelope("move", move="play", card=1, pile=0), envelope("move", move="play", card=35, pile=4),
     envelope("move", move="play", card=35)],
)
def test_from_json_rejects_a_move_that_is_not_a_move_of_the_game(text: str) -> None:
    with pytest.raises(SerializationError):
        from_json(text, Move)


def test_from_json_rejects_rules_the_game_does_not_allow() -> None:
    with pytest.raises(SerializationError, match="1 to 5 players, not 6"):
        from_json(envelope("rules", players=6, expert=False, reduced_hand=False, on_fire=False), Rules)


@pytest.mark.parametrize(
    ("text", "cls"),
    [
        (envelope("move", move="play", card=35.5, pile=0), Move),
        (envelope("move", move="play", card="35", pile=0), Move),
        (envelope("rules", players=2.9, expert=False, reduced_hand=False, on_fire=False), Rules),
        (envelope("rules", players=2, expert="no", reduced_hand=False, on_fire=False), Rules),
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
    with pytest.raises(SerializationError, match="not a possible state of The Game") as caught:
        from_json(text, State)
    assert isinstance(caught.value.__cause__, InvalidStateError)
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
    with pytest.raises(SerializationError, match="hand size"):
        from_json(json.dumps(data), Observation)
    data = as_data(observe(start(), 0))
    data["table"]["piles"][0] = [1, data["hand"][0]]
    with pytest.raises(SerializationError):
        from_json(json.dumps(data), Observation)
    data = as_data(observe(start(), 0))
    data["table"]["draw_pile_size"] += 1
    with pytest.raises(SerializationError, match="do not add up"):
        from_json(json.dumps(data), Observation)
