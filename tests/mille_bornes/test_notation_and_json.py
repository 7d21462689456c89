"""Moves as text (``str`` and ``parse_move``) and every value as JSON, including the refusal of
states that could never arise."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import cardrules
from cardrules import (
    ArgumentError,
    CardrulesError,
    GameRecord,
    IllegalMoveError,
    NotationError,
    SerializationError,
    from_json,
    replay,
    to_json,
)
from cardrules.games.mille_bornes import (
    COUP_FOURRE,
    DECLINE,
    EXTEND,
    Card,
    CoupFourre,
    Decline,
    Discard,
    Extend,
    Move,
    Observation,
    Play,
    Result,
    Rules,
    Scoring,
    State,
    apply,
    legal_moves,
    new_game,
    observe,
    option_grid,
    parse_move,
    result,
)

from .positions import PASS, deal, deck_order, play, rules_id, solo

C = Card
TWO = Rules.parker(players=2, target_score=None)
THREE = Rules.parker(players=3, target_score=None)

# Notation ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (Play(C.D100), "drive 100"),
        (Play(C.D25), "drive 25"),
        (Play(C.STOP, 1), "stop -> side 1"),
        (Play(C.OUT_OF_GAS, 2), "out of gas -> side 2"),
        (Play(C.SPEED_LIMIT, 0), "speed limit -> side 0"),
        (Play(C.ROLL), "roll"),
        (Play(C.END_OF_LIMIT), "end of limit"),
        (Play(C.RIGHT_OF_WAY), "right of way"),
        (Discard(C.D75), "discard 75"),
        (Discard(C.PUNCTURE_PROOF), "discard puncture proof"),
        (COUP_FOURRE, "coup fourre"),
        (EXTEND, "extend"),
        (DECLINE, "decline"),
    ],
)
def test_a_move_prints_in_table_talk(move: Move, text: str) -> None:
    assert str(move) == text


def walk(rules: Rules, seed: int, steps: int = 400) -> list[State]:
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    states = [state]
    for _ in range(steps):
        legal = legal_moves(state)
        if not legal:
            break
        state = apply(state, rng.choice(legal))
        states.append(state)
    return states


@pytest.mark.parametrize("rules", [r for r in option_grid() if r.target_score is None], ids=rules_id)
def test_every_legal_move_reads_back_from_its_text(rules: Rules) -> None:
    checked = 0
    for seed in range(2):
        for state in walk(rules, seed):
            for move in legal_moves(state):
                assert parse_move(state, str(move)) == move
                checked += 1
    assert checked > 500


def coup_fourre_window() -> State:
    state = deal(TWO, [[C.DRIVING_ACE, C.ROLL], [C.ACCIDENT]])
    return play(state, "roll", "accident -> side 0")


def extension_decision() -> State:
    state = deal(TWO, [[C.ROLL, C.D200, C.D200, C.D100, C.D100, C.D100]])
    return solo(state, "roll", "drive 200", "drive 200", "drive 100", "drive 100", "drive 100")


def test_the_answers_read_back() -> None:
    window = coup_fourre_window()
    assert parse_move(window, "coup fourre") == COUP_FOURRE
    assert parse_move(window, "Coup fourré") == COUP_FOURRE
    assert parse_move(window, "decline") == DECLINE
    decision = extension_decision()
    assert parse_move(decision, "extend") == EXTEND
    assert parse_move(decision, "decline") == DECLINE


def three_rolling() -> State:
    state = deal(THREE, [[C.STOP, C.SPEED_LIMIT, C.ROLL, C.D100, C.FLAT_TIRE], [C.ROLL], [C.ROLL]])
    return play(state, "roll", "roll", "roll")


def test_looser_forms_are_read() -> None:
    state = three_rolling()
    assert parse_move(state, "100") == Play(C.D100)
    assert parse_move(state, "  DRIVE   100 ") == Play(C.D100)
    assert parse_move(state, "stop > side 2") == Play(C.STOP, 2)
    assert parse_move(state, "stop on side 1") == Play(C.STOP, 1)
    assert parse_move(state, "Speed-Limit -> side 1") == Play(C.SPEED_LIMIT, 1)
    assert parse_move(state, "SPEED_LIMIT -> side 2") == Play(C.SPEED_LIMIT, 2)
    assert parse_move(state, "discard FLAT_TIRE") == Discard(C.FLAT_TIRE)


def test_the_side_may_be_left_out_when_only_one_can_be_attacked() -> None:
    state = deal(TWO, [[C.ROLL], [C.STOP, C.ROLL]])
    state = play(state, "roll")
    assert parse_move(state, "stop") == Play(C.STOP, 0)


def test_the_side_must_be_said_when_several_can_be_attacked() -> None:
    with pytest.raises(NotationError, match="say which side"):
        parse_move(three_rolling(), "stop")


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("Semáforo rojo -> side 1", Play(C.STOP, 1)),
        ("semaforo rojo -> side 2", Play(C.STOP, 2)),
        ("Límite de velocidad -> side 1", Play(C.SPEED_LIMIT, 1)),
        ("Neumático pinchado -> side 2", Play(C.FLAT_TIRE, 2)),
        ("discard Límite de velocidad", Discard(C.SPEED_LIMIT)),
        ("Feu rouge -> side 1", Play(C.STOP, 1)),
        ("Limitation de vitesse -> side 2", Play(C.SPEED_LIMIT, 2)),
        ("Crevaison -> side 1", Play(C.FLAT_TIRE, 1)),
        ("discard Feu rouge", Discard(C.STOP)),
        ("discard Crevaison", Discard(C.FLAT_TIRE)),
    ],
)
def test_spanish_and_french_card_names_are_read(text: str, move: Move) -> None:
    assert parse_move(three_rolling(), text) == move


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("Semáforo verde", Play(C.ROLL)),
        ("Feu vert", Play(C.ROLL)),
        ("Prioridad de paso", Play(C.RIGHT_OF_WAY)),
        ("Véhicule prioritaire", Play(C.RIGHT_OF_WAY)),
        ("As del volante", Play(C.DRIVING_ACE)),
        ("As du volant", Play(C.DRIVING_ACE)),
        ("Tanque extra", Play(C.EXTRA_TANK)),
        ("Citerne d'essence", Play(C.EXTRA_TANK)),
        ("A prueba de pinchazos", Play(C.PUNCTURE_PROOF)),
        ("Increvable", Play(C.PUNCTURE_PROOF)),
    ],
)
def test_spanish_and_french_names_of_ones_own_cards_are_read(text: str, move: Move) -> None:
    hand = [C.ROLL, C.RIGHT_OF_WAY, C.DRIVING_ACE, C.EXTRA_TANK, C.PUNCTURE_PROOF]
    assert parse_move(deal(TWO, [hand]), text) == move


@pytest.mark.parametrize(
    "text",
    ["", "fly", "drive 300", "drive", "discard banana", "discard", "stop -> side 7", "roll roll", "42"],
)
def test_unreadable_text_raises_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_move(three_rolling(), text)
    assert isinstance(caught.value, CardrulesError)
    assert isinstance(caught.value, ValueError)


def test_text_that_is_not_a_string_raises_an_argument_error() -> None:
    with pytest.raises(ArgumentError, match="written as text"):
        parse_move(three_rolling(), 100)  # type: ignore[arg-type]


def test_a_text_too_long_to_be_a_move_raises_an_argument_error() -> None:
    with pytest.raises(ArgumentError, match="at most 200 characters"):
        parse_move(three_rolling(), "stop -> side " + "9" * 5000)


def test_a_side_number_too_large_to_be_a_side_raises_a_notation_error() -> None:
    with pytest.raises(NotationError, match="there is no side"):
        parse_move(three_rolling(), "stop -> side " + "9" * 150)


def test_a_readable_move_that_is_not_legal_raises_an_illegal_move_error_with_the_reason() -> None:
    state = deal(TWO, [[C.D100, C.STOP]])
    with pytest.raises(IllegalMoveError, match="no ROLL"):
        parse_move(state, "drive 100")
    with pytest.raises(IllegalMoveError, match="no side can take a stop"):
        parse_move(state, "stop")
    with pytest.raises(IllegalMoveError, match="no 200"):
        parse_move(state, "discard 200")


def test_the_package_root_reads_moves_too() -> None:
    state = deal(TWO, [[C.ROLL]])
    assert cardrules.parse_move(state, "roll") == Play(C.ROLL)


# JSON ----------------------------------------------------------------------------------------------


def finished_match() -> State:
    rng = random.Random(1)
    state = new_game(Rules.parker(players=2), seed=1)
    while legal_moves(state):
        state = apply(state, rng.choice(legal_moves(state)))
    return state


def over() -> State:
    state = extension_decision()
    return play(state, "decline")


RULES = [
    Rules.parker(players=2),
    Rules.french(players=6, team_size=2),
    Rules.wikipedia(players=4, team_size=2, race=1000, extension_to=1200),
    Rules.room(players=3, accumulate=True, reshuffle=True, wrong_way=True),
    Rules.parker(players=2, target_score=None, scoring=Scoring(trip=1000, shutout_per_opponent=False)),
    Rules.parker(players=2, deck=((C.ROLL, 30), (C.D100, 30), (C.STOP, 10))),
]

VALUES: list[tuple[str, Callable[[], Any], Any]] = [
    ("state at the deal", lambda: new_game(Rules.parker(players=4, team_size=2), seed=5), State),
    ("state in a coup fourré window", coup_fourre_window, State),
    ("state deciding an extension", extension_decision, State),
    ("state after a hand", over, State),
    ("state after a match", finished_match, State),
    ("observation in a window", lambda: observe(coup_fourre_window(), 1), Observation),
    ("observation after a match", lambda: observe(finished_match(), 0), Observation),
    ("result of a hand", lambda: result(over()), Result),
    ("result of a match", lambda: result(finished_match()), Result),
    ("play", lambda: Play(C.STOP, 2), Play),
    ("play as a move", lambda: Play(C.D200), Move),
    ("discard as a move", lambda: Discard(C.RIGHT_OF_WAY), Move),
    ("coup fourre as a move", lambda: CoupFourre(), Move),
    ("extend", lambda: Extend(), Extend),
    ("decline as a move", lambda: Decline(), Move),
    ("record from a seed", lambda: GameRecord.start(THREE, seed=4), GameRecord),
    ("record from a deck", lambda: GameRecord.start(TWO, deck=deck_order(TWO), first_player=1), GameRecord),
]


@pytest.mark.parametrize("rules", RULES, ids=rules_id)
def test_rules_round_trip_through_json(rules: Rules) -> None:
    assert from_json(to_json(rules), Rules) == rules


@pytest.mark.parametrize(("make", "cls"), [value[1:] for value in VALUES], ids=[value[0] for value in VALUES])
def test_every_value_round_trips_through_json(make: Callable[[], Any], cls: Any) -> None:
    value = make()
    text = to_json(value)
    assert isinstance(json.loads(text), dict)
    assert from_json(text, cls) == value


def test_states_of_one_match_read_from_json_keep_their_score_sheets() -> None:
    # Every later state of a match holds the sheets of the hands before it: each is read back as it
    # was written, and a sheet changed in the text is refused.
    end = finished_match()
    history = end.table.match.history
    assert len(history) >= 2
    before_last = new_game(Rules.parker(players=2), seed=1)
    rng = random.Random(1)
    while len(before_last.table.match.history) < len(history) - 1 or before_last.table.phase == "over":
        before_last = apply(before_last, rng.choice(legal_moves(before_last)))
    first, second = from_json(to_json(before_last), State), from_json(to_json(end), State)
    assert first == before_last
    assert second == end
    assert second.table.match.history[:len(first.table.match.history)] == first.table.match.history
    changed = json.loads(to_json(end))
    changed["table"]["match"]["history"][0]["sides"][0]["miles"] += 1
    with pytest.raises(SerializationError):
        from_json(json.dumps(changed, ensure_ascii=False), State)


def test_a_shared_score_sheet_is_checked_again_under_other_rules() -> None:
    # The validation may remember the sheets it found valid: but only under the rules it checked them
    # with. The same sheets under rules that score a trip otherwise are refused, even right after
    # they were read and accepted.
    end = finished_match()
    text = to_json(end)
    assert from_json(text, State) == end
    data = json.loads(text)
    data["rules"]["scoring"]["trip"] += 100
    with pytest.raises(SerializationError, match="score sheet: side 1's trip bonuses are not the rules'"):
        from_json(json.dumps(data, ensure_ascii=False), State)


def test_rules_that_break_the_table_rules_are_refused() -> None:
    data = json.loads(to_json(Rules.parker(players=2)))
    data["players"] = 12
    with pytest.raises(SerializationError, match="2 to 9 players"):
        from_json(json.dumps(data), Rules)
    data = json.loads(to_json(Rules.parker(players=2)))
    data["deck"] = [["D100", 3]]
    with pytest.raises(SerializationError, match="cannot deal"):
        from_json(json.dumps(data), Rules)


def test_cards_are_written_by_name() -> None:
    envelope = {"game": "mille-bornes", "format": 1, "type": "move"}
    assert json.loads(to_json(Play(C.STOP, 1))) == {**envelope, "move": "play", "card": "STOP", "side": 1}
    assert json.loads(to_json(Discard(C.D100))) == {**envelope, "move": "discard", "card": "D100"}


def test_a_game_record_replays_to_the_same_state() -> None:
    rules = TWO
    order = deck_order(rules, [[C.DRIVING_ACE, C.ROLL, C.D100], [C.ACCIDENT]])
    record = GameRecord.start(rules, deck=order)
    state = record.initial_state()
    assert isinstance(state, State)
    made: list[Move] = []
    for text in ("roll", "accident -> side 0", "coup fourre", "drive 100"):
        move = parse_move(state, text)
        made.append(move)
        state = apply(state, move)
    record = record.extended(*made)
    loaded: GameRecord = from_json(to_json(record), GameRecord)
    assert loaded == record
    assert replay(loaded) == state


def test_a_record_with_an_illegal_move_names_it() -> None:
    record = GameRecord.start(TWO, deck=deck_order(TWO)).extended(Play(C.D200))
    with pytest.raises(IllegalMoveError, match="move 1 of the record"):
        replay(record)


def tamper(state: State, change: Callable[[dict[str, Any]], None]) -> str:
    data = json.loads(to_json(state))
    change(data)
    return json.dumps(data)


def midgame() -> State:
    state = deal(TWO, [[C.ROLL, C.D100], [C.ROLL, C.SPEED_LIMIT]])
    return play(state, "roll", "roll", "drive 100", "speed limit -> side 0", PASS)


def test_the_untampered_midgame_is_accepted() -> None:
    state = midgame()
    assert from_json(tamper(state, lambda data: None), State) == state


def _swap_draw_card(data: dict[str, Any]) -> None:
    pile = data["draw_pile"]
    pile[0] = next(card for card in pile if card != pile[0])


def _drop_draw_card(data: dict[str, Any]) -> None:
    data["draw_pile"].pop()


def _roll_on_speed_pile(data: dict[str, Any]) -> None:
    data["draw_pile"].remove("ROLL")
    data["table"]["tableaux"][1]["speed"].append("ROLL")


def _problems_disagree(data: dict[str, Any]) -> None:
    data["table"]["tableaux"][1]["problems"] = ["STOP"]


def _not_rolling(data: dict[str, Any]) -> None:
    data["table"]["tableaux"][0]["rolling"] = False


def _roll_among_safeties(data: dict[str, Any]) -> None:
    data["draw_pile"].remove("ROLL")
    data["table"]["tableaux"][0]["safeties"] = ["ROLL"]


def _unsorted_hand(data: dict[str, Any]) -> None:
    data["hands"][0].reverse()


def _unknown_card(data: dict[str, Any]) -> None:
    data["draw_pile"][0] = "TURBO"


def _window_without_phase(data: dict[str, Any]) -> None:
    data["table"]["window"] = {"attacker": 1, "hazard": "SPEED_LIMIT", "side": 0, "waiting": []}


def _totals_disagree(data: dict[str, Any]) -> None:
    data["table"]["match"]["totals"] = [100, 0]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (_swap_draw_card, "extra"),
        (_drop_draw_card, "the table shows"),
        (_roll_on_speed_pile, "wrong pile"),
        (_problems_disagree, "battle status"),
        (_not_rolling, "battle status"),
        (_roll_among_safeties, "non-safety"),
        (_unsorted_hand, "not sorted"),
        (_unknown_card, "TURBO"),
        (_window_without_phase, "window"),
        (_totals_disagree, "totals"),
    ],
    ids=lambda value: getattr(value, "__name__", str(value)).strip("_"),
)
def test_an_impossible_state_is_refused(change: Callable[[dict[str, Any]], None], words: str) -> None:
    text = tamper(midgame(), change)
    with pytest.raises(SerializationError, match=words):
        from_json(text, State)


def test_a_card_twice_is_refused_as_an_invalid_state() -> None:
    with pytest.raises(SerializationError, match="exactly"):
        from_json(tamper(midgame(), _swap_draw_card), State)


def test_three_200s_or_more_miles_than_the_race_are_refused() -> None:
    def three_200s(data: dict[str, Any]) -> None:
        for _ in range(3):
            data["draw_pile"].remove("D200")
        data["table"]["tableaux"][0]["distance"] = ["D100", "D200", "D200", "D200"]

    with pytest.raises(SerializationError, match="impossible distance"):
        from_json(tamper(midgame(), three_200s), State)

    def past_700(data: dict[str, Any]) -> None:
        for _ in range(7):
            data["draw_pile"].remove("D100")
        data["table"]["tableaux"][0]["distance"] = ["D100"] * 8

    with pytest.raises(SerializationError, match="impossible distance"):
        from_json(tamper(midgame(), past_700), State)


def test_malformed_json_is_refused() -> None:
    with pytest.raises(SerializationError, match="not valid JSON"):
        from_json("{", State)
    with pytest.raises(SerializationError):
        from_json('{"move": "fly"}', Move)
    with pytest.raises(SerializationError):
        from_json('{"move": "play", "card": "D100", "side": "1"}', Move)


def test_an_impossible_observation_is_refused() -> None:
    data = json.loads(to_json(observe(midgame(), 1)))
    data["table"]["draw_pile_size"] += 1
    with pytest.raises(SerializationError, match="do not add up"):
        from_json(json.dumps(data), Observation)
    data = json.loads(to_json(observe(midgame(), 1)))
    data["hand"].append("RIGHT_OF_WAY")
    with pytest.raises(SerializationError):
        from_json(json.dumps(data), Observation)


def test_a_result_that_does_not_add_up_is_refused() -> None:
    data = json.loads(to_json(result(over())))
    data["totals"] = [0, 1600]
    with pytest.raises(SerializationError, match="totals"):
        from_json(json.dumps(data), Result)
    data = json.loads(to_json(result(over())))
    data["winners"] = [1]
    with pytest.raises(SerializationError, match="winners"):
        from_json(json.dumps(data), Result)
