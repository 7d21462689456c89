"""Game records: how a game started and every move, replayed exactly, refused when tampered with."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardrules import (
    ArgumentError,
    GameRecord,
    IllegalMoveError,
    SerializationError,
    from_json,
    replay,
    to_json,
)
from cardrules.games.the_game import (
    RULES_VERSION,
    EndTurn,
    Move,
    Play,
    Rules,
    State,
    apply,
    legal_moves,
    new_game,
)


def played(count: int, rules: Rules | None = None, seed: int = 5) -> tuple[GameRecord, list[State]]:
    rules = rules or Rules(players=2)
    state = new_game(rules, seed=seed)
    states = [state]
    moves: list[Move] = []
    for _ in range(count):
        moves.append(legal_moves(state)[0])
        state = apply(state, moves[-1])
        states.append(state)
    return GameRecord.start(rules, seed=seed).extended(*moves), states


def test_record_starts_the_game_it_describes() -> None:
    record = GameRecord.start(Rules(players=3), seed=9, first_player=2)
    assert record.game == "the-game"
    assert record.rules_version == RULES_VERSION
    assert record.moves == ()
    assert record.initial_state() == new_game(Rules(players=3), seed=9, first_player=2)


def test_record_from_a_deck_replays_that_deal() -> None:
    deck = list(range(99, 1, -1))
    record = GameRecord.start(Rules(players=2), deck=deck)
    assert record.deck == tuple(deck)
    assert record.initial_state() == new_game(Rules(players=2), deck=deck)
    assert from_json(to_json(record), GameRecord) == record


def test_replay_reaches_the_state_the_moves_reached() -> None:
    record, states = played(12)
    assert replay(record) == states[-1]
    assert list(record.states()) == states


def test_replay_of_a_record_without_moves_is_the_deal() -> None:
    record = GameRecord.start(Rules(), seed=4)
    assert replay(record) == new_game(Rules(), seed=4)


def test_extended_adds_moves_without_changing_the_record() -> None:
    record, _ = played(3)
    longer = record.extended(EndTurn())
    assert len(record.moves) == 3
    assert longer.moves == (*record.moves, EndTurn())


def test_record_round_trips_through_json() -> None:
    record, states = played(20, Rules(players=4, expert=True, on_fire=True))
    loaded: GameRecord = from_json(to_json(record), GameRecord)
    assert loaded == record
    assert replay(loaded) == states[-1]


def tampered_record() -> tuple[GameRecord, int]:
    """A six-move record whose fourth move was edited in its JSON to lay a card of the other seat."""
    record, states = played(6)
    assert all(isinstance(move, Play) for move in record.moves)  # seat 0 lays six cards
    foreign = states[0].hands[1][0]
    data = json.loads(to_json(record))
    data["moves"][3] = {"move": "play", "card": foreign, "pile": 3}
    return from_json(json.dumps(data), GameRecord), foreign


def test_tampered_record_names_the_move_number_of_the_illegal_move() -> None:
    tampered, foreign = tampered_record()
    with pytest.raises(IllegalMoveError) as caught:
        replay(tampered)
    assert caught.value.reason == f"move 4 of the record: {foreign} is not in seat 0's hand"
    assert caught.value.move == Play(foreign, 3)


def test_tampered_record_yields_the_states_before_the_illegal_move() -> None:
    tampered, _ = tampered_record()
    states = tampered.states()
    good = [next(states) for _ in range(4)]  # the deal and the first three moves
    assert isinstance(good[-1], State)
    assert good[-1].table.laid == 3
    with pytest.raises(IllegalMoveError, match="move 4 of the record"):
        next(states)


def test_record_with_a_card_the_player_does_not_hold_is_refused_on_replay() -> None:
    start = new_game(Rules(players=2), seed=5)
    missing = next(card for card in range(2, 100) if card not in start.hands[0])
    record = GameRecord.start(Rules(players=2), seed=5).extended(Play(missing, 0))
    with pytest.raises(IllegalMoveError, match=rf"move 1 of the record: {missing} is not in seat 0's hand"):
        replay(record)


def test_record_with_a_different_rules_version_is_refused() -> None:
    record, _ = played(3)
    data: dict[str, Any] = json.loads(to_json(record))
    data["rules_version"] = RULES_VERSION + 1
    with pytest.raises(SerializationError, match=rf"rules version {RULES_VERSION + 1}"):
        from_json(json.dumps(data), GameRecord)
    data["rules_version"] = None
    with pytest.raises(SerializationError, match="rules version"):
        from_json(json.dumps(data), GameRecord)


def test_record_of_an_unknown_game_is_refused() -> None:
    data = json.loads(to_json(GameRecord.start(Rules(), seed=1)))
    data["game"] = "chess"
    with pytest.raises(SerializationError, match="chess"):
        from_json(json.dumps(data), GameRecord)


@pytest.mark.parametrize(
    ("field", "value"),
    [("seed", "5"), ("seed", 5.5), ("first_player", "0"), ("moves", [{"move": "fly"}]),
     ("rules", {"players": 9})],
)
def test_record_with_a_malformed_field_is_refused(field: str, value: object) -> None:
    data = json.loads(to_json(GameRecord.start(Rules(), seed=1)))
    data[field] = value
    with pytest.raises(SerializationError):
        from_json(json.dumps(data), GameRecord)


def test_record_needs_a_seed_or_a_deck() -> None:
    with pytest.raises(ArgumentError, match="seed or a deck"):
        GameRecord.start(Rules())


def test_record_start_checks_the_deal() -> None:
    with pytest.raises(ArgumentError):
        GameRecord.start(Rules(), deck=range(3, 100))
    with pytest.raises(ArgumentError):
        GameRecord.start(Rules(players=2), seed=1, first_player=2)


def test_record_start_refuses_what_is_not_rules() -> None:
    with pytest.raises(ArgumentError, match="not a rules value"):
        GameRecord.start(Play(35, 0), seed=1)  # type: ignore[arg-type]


def test_replay_refuses_what_is_not_a_record() -> None:
    with pytest.raises(ArgumentError, match="GameRecord"):
        replay({"game": "the-game"})  # type: ignore[arg-type]


def test_replay_of_a_record_whose_moves_are_null_is_refused_clearly() -> None:
    # Bug 7: this raised a bare TypeError from inside replay.
    data = json.loads(to_json(GameRecord.start(Rules(players=2), seed=1)))
    data["moves"] = None
    with pytest.raises(SerializationError, match="moves: expected a list of moves"):
        from_json(json.dumps(data), GameRecord)
    with pytest.raises(ArgumentError, match="moves are a tuple of moves, not NoneType"):
        GameRecord(game="the-game", rules_version=RULES_VERSION, rules=Rules(), seed=1,
                   moves=None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"game": "chess"}, "no game called 'chess'"),
        ({"rules_version": "1"}, "rules_version is a whole number"),
        ({"rules": None}, "holds its Rules, not NoneType"),
        ({"seed": 1.5}, "a seed is a whole number"),
        ({"deck": [2, 3]}, "deck is a tuple of cards or None, not list"),
        ({"first_player": 3}, "first_player is a seat from 0 to 1"),
        ({"moves": (EndTurn(), "35 on up1")}, "str is not a move of The Game"),
    ],
)
def test_a_record_built_by_hand_with_a_wrong_field_is_refused(fields: dict[str, Any], words: str) -> None:
    values: dict[str, Any] = {"game": "the-game", "rules_version": RULES_VERSION,
                              "rules": Rules(players=2), "seed": 1}
    with pytest.raises(ArgumentError, match=words):
        GameRecord(**{**values, **fields})


def test_extending_a_record_with_what_is_not_a_move_is_refused() -> None:
    record = GameRecord.start(Rules(players=2), seed=1)
    with pytest.raises(ArgumentError, match="NoneType is not a move of The Game"):
        record.extended(None)


def test_a_record_with_a_ten_thousand_card_deck_is_checked_in_linear_time() -> None:
    # Bug 5: the deck check was quadratic; a long deck is refused before it is even read through.
    data = json.loads(to_json(GameRecord.start(Rules(players=2), deck=range(2, 100))))
    data["deck"] = list(range(2, 100)) * 102  # 9,996 cards: under the size limit, so the deal checks it
    with pytest.raises(SerializationError, match="exactly its 98 cards"):
        from_json(json.dumps(data), GameRecord)
