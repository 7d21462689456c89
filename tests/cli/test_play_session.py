"""The session behind ``cardrules play``: bots' turns, undo, hint, save and load."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules.cli.play_session import (
    BotError,
    Drew,
    GameOver,
    HandOver,
    Moved,
    SaveFileError,
    Session,
    advise,
)
from cardrules.errors import ArgumentError, IllegalMoveError
from cardrules.games import mille_bornes as mb
from cardrules.games import the_game
from cardrules.games.mille_bornes.command_line import MILLE_BORNES
from cardrules.games.the_game.command_line import THE_GAME
from cardrules.run.botspec import BotSpec, parse_bot

GREEDY = parse_bot("greedy", THE_GAME.bots)
HEURISTIC = parse_bot("heuristic", MILLE_BORNES.bots)


def the_game_session(players: int = 3, seed: int = 1, seat: int = 0) -> Session:
    return Session.start(the_game.Rules(players=players), seat=seat, bots=[GREEDY] * (players - 1),
                         seed=seed, adviser=GREEDY).session


def mille_bornes_session(seed: int = 1, players: int = 2, team_size: int = 1) -> Session:
    rules = mb.Rules.parker(players=players, team_size=team_size, target_score=None)
    return Session.start(rules, seat=0, bots=[HEURISTIC], seed=seed, adviser=HEURISTIC).session


def hinted(session: Session, decisions: int) -> Session:
    """``session`` after the person follows the hint ``decisions`` times."""
    for _ in range(decisions):
        session = session.play(session.hint()).session
    return session


def test_the_bots_play_until_it_is_the_persons_turn() -> None:
    step = Session.start(the_game.Rules(players=3), seat=2, bots=[GREEDY], seed=1, adviser=GREEDY)
    assert step.session.your_turn
    assert the_game.current_player(step.session.state) == 2  # type: ignore[arg-type]
    movers = [event.seat for event in step.events if isinstance(event, Moved)]
    assert set(movers) == {0, 1}
    assert len(step.session.record.moves) == len(movers)
    assert cardrules.replay(step.session.record) == step.session.state


def test_the_record_replays_to_the_state_after_every_step() -> None:
    session = the_game_session()
    for _ in range(12):
        session = session.play(session.legal_moves()[-1]).session
        assert cardrules.replay(session.record) == session.state
        assert session.states == tuple(session.record.states())


def test_undo_restores_exactly_the_earlier_session() -> None:
    session = hinted(the_game_session(), 5)
    later = hinted(session, 1)
    assert later.record.moves[:len(session.record.moves)] == session.record.moves
    assert len(later.record.moves) > len(session.record.moves) + 1  # the bots moved too
    back = later.undo()
    assert back.events == ()
    assert back.session == session


def test_undo_can_go_back_to_the_first_decision_and_no_further() -> None:
    start = the_game_session(seat=1)
    assert not start.can_undo
    with pytest.raises(ArgumentError, match="no decision of yours"):
        start.undo()
    session = hinted(start, 4)
    for _ in range(4):
        session = session.undo().session
    assert session == start


def test_the_bots_play_the_same_after_an_undo() -> None:
    session = hinted(mille_bornes_session(players=3), 3)
    move = session.legal_moves()[0]
    first = session.play(move)
    again = first.session.undo().session.play(move)
    assert again == first


def test_undo_after_the_end_goes_back_to_the_last_decision() -> None:
    session = mille_bornes_session(seed=2)
    while not session.over:
        last = session
        session = session.play(session.hint()).session
    assert session.result() is not None
    assert session.undo().session == last


def test_an_illegal_move_changes_nothing() -> None:
    session = the_game_session()
    with pytest.raises(IllegalMoveError):
        session.play(the_game.EndTurn())
    with pytest.raises(IllegalMoveError):
        session.parse("99 up1")
    assert session == the_game_session()


def test_what_the_person_draws_is_announced_once_per_step() -> None:
    session = the_game_session(players=2)
    hand = session.hand()
    session = session.play(session.legal_moves()[0]).session
    step = session.play(session.legal_moves()[0])
    session = step.session
    events = session.play(the_game.EndTurn()).events
    drew = [event for event in events if isinstance(event, Drew)]
    assert len(drew) == 1
    assert set(drew[0].cards) <= set(the_game_session(players=2).state.draw_pile[:2])  # type: ignore[attr-defined]
    assert len(drew[0].cards) == 2
    assert not set(drew[0].cards) & set(hand)


class Spy:
    """Records what the adviser is shown."""

    seen: list[object] = []  # noqa: RUF012 -- shared on purpose: each decision builds a new bot

    def __init__(self, seed: int | None = None) -> None:
        self.inner = GREEDY.build(rules=None, seed=seed or 0)

    def choose(self, observation: object, legal: tuple[object, ...]) -> object:
        Spy.seen.append(observation)
        return self.inner.choose(observation, legal)


def test_hint_is_a_legal_move_chosen_from_the_persons_observation_only() -> None:
    Spy.seen.clear()
    session = Session.start(the_game.Rules(players=3), seat=1, bots=[GREEDY], seed=4,
                            adviser=BotSpec("spy", Spy, {})).session
    hint = session.hint()
    assert hint in session.legal_moves()
    assert Spy.seen == [session.observation()]
    assert type(Spy.seen[0]) is the_game.Observation


def test_hint_does_not_depend_on_cards_the_person_cannot_see() -> None:
    session = hinted(mille_bornes_session(seed=5, players=4, team_size=2), 2)
    observation = session.observation()
    hint = session.hint()
    for seed in range(5):
        other = mb.determinize(observation, random.Random(seed))  # type: ignore[arg-type]
        assert other.hands[1:] != session.state.hands[1:]  # type: ignore[attr-defined]
        assert advise(HEURISTIC, mb.observe(other, 0), seed=0) == advise(HEURISTIC, observation, seed=0)
    assert hint in session.legal_moves()


def test_save_then_load_goes_on_with_the_same_game(tmp_path: Path) -> None:
    session = hinted(mille_bornes_session(seed=6, players=3), 4)
    path = tmp_path / "game.json"
    session.save(path)
    loaded = mille_bornes_session(seed=99, players=3).load(path)
    assert loaded.events == ()
    assert loaded.session == session
    move = session.legal_moves()[0]
    assert loaded.session.play(move) == session.play(move)


def test_loading_a_record_that_stops_before_the_persons_turn_lets_the_bots_play(tmp_path: Path) -> None:
    session = the_game_session(players=2, seat=1)
    record = session.record.extended()
    path = tmp_path / "start.json"
    path.write_text(cardrules.to_json(cardrules.GameRecord.start(record.rules, seed=record.seed)))
    step = session.load(path)
    assert step.session == session
    assert [event for event in step.events if isinstance(event, Moved)]


def test_save_leaves_no_half_written_file_when_it_fails(tmp_path: Path) -> None:
    session = the_game_session()
    with pytest.raises(SaveFileError) as raised:
        session.save(tmp_path / "no-such-folder" / "game.json")
    assert raised.value.problem == "unreadable"
    with pytest.raises(SaveFileError):
        session.save(tmp_path)  # a folder
    assert sorted(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("content", "problem"), [
    (None, "missing"),
    ("", "corrupt"),
    ("not json at all", "corrupt"),
    ('{"game": "the-game", "format": 1, "type": "record", "rules_version": 1', "corrupt"),
    (cardrules.to_json(the_game.new_game(the_game.Rules(players=3), seed=1)), "corrupt"),
    (cardrules.to_json(cardrules.GameRecord.start(mb.Rules(), seed=1)), "other_game"),
    (cardrules.to_json(cardrules.GameRecord.start(the_game.Rules(players=1), seed=1)), "seats"),
    (cardrules.to_json(cardrules.GameRecord.start(the_game.Rules(players=3), seed=1)
                       .extended(the_game.EndTurn())), "illegal"),
])
def test_a_bad_save_file_is_refused_and_the_session_stays(tmp_path: Path, content: str | None,
                                                         problem: str) -> None:
    path = tmp_path / "game.json"
    if content is not None:
        path.write_text(content)
    session = hinted(the_game_session(), 2)
    with pytest.raises(SaveFileError) as raised:
        session.load(path)
    assert raised.value.problem == problem
    assert raised.value.path == str(path)
    assert session == hinted(the_game_session(), 2)


def test_a_file_that_is_not_text_is_corrupt(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(SaveFileError) as raised:
        the_game_session().load(path)
    assert raised.value.problem == "corrupt"


def test_the_game_ends_with_its_result() -> None:
    session = the_game_session(players=2, seed=3)
    events: list[object] = []
    while not session.over:
        step = session.play(session.hint())
        session, events = step.session, [*events, *step.events]
    assert isinstance(events[-1], GameOver)
    assert events[-1].result == session.result() == the_game.result(session.state)  # type: ignore[arg-type]
    assert session.legal_moves() == ()
    with pytest.raises(ArgumentError, match="the game is over"):
        session.hint()


@pytest.mark.parametrize(("players", "seat", "bots", "message"), [
    (3, 3, 1, "the seat is a number from 0 to 2, not 3"),
    (3, -1, 1, "not -1"),
    (4, 0, 2, "this table has 3 other seats: name one bot for each, or one bot for all of them, not 2"),
    (2, 0, 0, "name at least one bot"),
])
def test_a_table_that_does_not_fit_is_refused(players: int, seat: int, bots: int, message: str) -> None:
    with pytest.raises(ArgumentError, match=message):
        Session.start(the_game.Rules(players=players), seat=seat, bots=[GREEDY] * bots, seed=1,
                      adviser=GREEDY)


class Cheater:
    """Ends the turn at once, which The Game never allows before laying cards."""

    def choose(self, observation: object, legal: tuple[object, ...]) -> object:
        return the_game.EndTurn()


def test_a_bot_that_breaks_the_rules_is_named_and_nothing_is_played() -> None:
    session = Session.start(the_game.Rules(players=2), seat=0, bots=[BotSpec("cheater", Cheater, {})],
                            seed=1, adviser=GREEDY).session
    session = session.play(session.legal_moves()[0]).session
    session = session.play(session.legal_moves()[0]).session
    failed = r"^bot cheater at seat 1 failed on move 4: chose end turn, not a legal move$"
    with pytest.raises(BotError, match=failed):
        session.play(the_game.EndTurn())
    assert len(session.record.moves) == 2
    assert session.your_turn


def test_a_coup_fourre_window_stops_the_bots_for_the_person() -> None:
    session = mille_bornes_session(seed=24)
    for _ in range(5):
        session = session.play(session.legal_moves()[0]).session
    state = session.state
    assert isinstance(state, mb.State)
    assert state.table.phase == "coup_fourre"
    assert session.your_turn
    window = state.table.window
    assert window is not None
    called = session.play(mb.CoupFourre()).session.state
    assert isinstance(called, mb.State)
    assert called.table.tableaux[0].coups_fourres


@given(choices=st.lists(st.integers(min_value=0, max_value=40), min_size=1, max_size=25),
       seed=st.integers(min_value=0, max_value=10_000), mille_bornes=st.booleans())
def test_play_then_undo_and_save_then_load_give_back_the_same_session(
        choices: list[int], seed: int, mille_bornes: bool) -> None:
    session = mille_bornes_session(seed=seed, players=3) if mille_bornes else the_game_session(seed=seed)
    for choice in choices:
        if session.over:
            break
        legal = session.legal_moves()
        after = session.play(legal[choice % len(legal)]).session
        assert after.undo().session == session
        session = after
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        session.save(path)
        other = seed + 1
        fresh = mille_bornes_session(seed=other, players=3) if mille_bornes else the_game_session(seed=other)
        assert fresh.load(path).session == session


def test_a_hand_over_carries_each_sides_points_and_the_running_totals_of_the_match() -> None:
    # The session knows a match of hands only through the game's command line (its hands facet).
    session = Session.start(mb.Rules.parker(players=2), seat=0, bots=[HEURISTIC], seed=3,
                            adviser=HEURISTIC).session
    over: list[HandOver] = []
    while not cardrules.is_terminal(session.state) and len(over) < 2:
        step = session.play(session.legal_moves()[0])
        session = step.session
        over += [event for event in step.events if isinstance(event, HandOver)]
    assert [event.number for event in over] == [1, 2]
    final = over[-1].state
    assert isinstance(final, mb.State)
    assert final.table.match is not None
    history = final.table.match.history
    assert over[0].points == history[0].totals
    assert over[1].points == history[1].totals
    assert over[1].totals == final.table.match.totals


def test_a_game_of_one_hand_announces_no_hand_over() -> None:
    session = the_game_session(players=2)
    while not cardrules.is_terminal(session.state):
        step = session.play(session.legal_moves()[0])
        assert not [event for event in step.events if isinstance(event, HandOver)]
        session = step.session
