"""The public session: one game in progress for an app, each seat's moves and what each seat may see."""

from __future__ import annotations

import gc
import pickle
import random
import re
import types
from collections import Counter
from collections.abc import Callable
from typing import cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules import (
    ArgumentError,
    Choice,
    GameRecord,
    IllegalMoveError,
    NotationError,
    NotYourTurnError,
    SeatEvent,
    Session,
    from_json,
    to_json,
)
from cardrules.contract import RulesLike
from cardrules.games import mille_bornes as mb
from cardrules.games import the_game
from tests import toy_game

RULES: dict[str, RulesLike] = {
    "the-game": the_game.Rules(players=3),
    "mille-bornes": mb.Rules.parker(players=4, team_size=2, target_score=None),
    "mille-bornes-match": mb.Rules.parker(players=2),
    "toy-mau": toy_game.Rules(players=3),
}


def played(rules: RulesLike, *, seed: int, moves: int | None = None, chooser: int = 0) -> Session:
    """A session dealt from ``seed`` after ``moves`` random moves (every move to the end: None)."""
    session = Session.start(rules, seed=seed)
    rng = random.Random(chooser)
    while not session.over and (moves is None or session.plies < moves):
        seat = session.to_move
        assert seat is not None
        session = session.play(seat, rng.randrange(len(session.choices(seat))))
    return session


def tg(state: object) -> the_game.State:
    assert isinstance(state, the_game.State)
    return state


def mb_state(state: object) -> mb.State:
    assert isinstance(state, mb.State)
    return state


def hand(session: Session, state: object, seat: int) -> tuple[object, ...]:
    return tuple(getattr(session.game.observe(state, seat), "hand", ()))


# --- starting, answering ---------------------------------------------------------------------------


def test_a_new_session_has_no_moves_and_the_first_player_decides() -> None:
    session = Session.start(the_game.Rules(players=2), seed=4, first_player=1)
    assert (session.plies, session.to_move, session.over, session.result()) == (0, 1, False, None)
    assert session.record == GameRecord.start(the_game.Rules(players=2), seed=4, first_player=1)
    assert session.state == the_game.new_game(the_game.Rules(players=2), seed=4, first_player=1)


def test_a_session_without_seed_or_deck_draws_a_seed_its_record_keeps() -> None:
    session = Session.start(the_game.Rules(players=2))
    assert session.record.seed is not None
    assert Session.from_record(session.record) == session


def test_a_session_dealt_from_a_deck_replays_from_it() -> None:
    deck = tuple(range(2, 100))
    session = Session.start(the_game.Rules(players=2), deck=deck).play(0, 0)
    assert session.record.deck == deck
    assert Session.from_record(session.record) == session


def test_choices_number_the_legal_moves_of_the_seat_that_decides_in_the_games_order() -> None:
    session = Session.start(the_game.Rules(players=2), seed=4)
    legal = the_game.legal_moves(tg(session.state))
    assert session.legal_moves(0) == legal
    assert session.choices(0) == tuple(
        Choice(index, move, str(move), the_game.describe_move(move)) for index, move in enumerate(legal))
    assert session.choices(1) == ()
    assert session.legal_moves(1) == ()


def test_a_move_is_played_by_index_by_notation_or_as_a_value_alike() -> None:
    session = Session.start(the_game.Rules(players=2), seed=4)
    choice = session.choices(0)[5]
    by_index, by_notation, by_value = (session.play(0, answer)
                                       for answer in (5, choice.notation, choice.move))
    assert by_index == by_notation == by_value
    assert by_index.record.moves == (choice.move,)
    assert isinstance(choice.move, the_game.Play)
    assert by_index.state == the_game.apply(tg(session.state), choice.move)


def test_play_leaves_the_old_session_unchanged() -> None:
    session = Session.start(mb.Rules.parker(players=2), seed=2)
    copy = pickle.loads(pickle.dumps(session))
    after = session.play(0, 0)
    assert session == copy
    assert session.plies == 0
    assert after.plies == 1
    assert session.state == mb.new_game(mb.Rules.parker(players=2), seed=2)


def test_an_illegal_move_raises_why_it_is_illegal_in_the_players_words() -> None:
    session = Session.start(the_game.Rules(players=2), seed=4).play(0, "3 on up1").play(0, "25 on up1")
    with pytest.raises(IllegalMoveError) as raised:
        session.play(0, the_game.Play(card=50, pile=0))
    assert raised.value.reason == "50 is not in seat 0's hand"
    with pytest.raises(IllegalMoveError, match="3 is not in seat 0's hand"):
        session.play(0, "3 on up1")


def test_an_illegal_move_s_reason_comes_in_every_language() -> None:
    session = Session.start(the_game.Rules(players=2), seed=4)
    with pytest.raises(IllegalMoveError) as raised:
        session.play(0, the_game.EndTurn())
    assert raised.value.reason == the_game.why_illegal(tg(session.state), the_game.EndTurn())
    assert raised.value.wording is not None
    assert len({raised.value.wording(lang) for lang in ("en", "es", "fr")}) == 3


def test_an_index_off_the_list_says_which_indexes_there_are() -> None:
    session = Session.start(the_game.Rules(players=2), seed=4)
    count = len(session.choices(0))
    message = f"there is no choice {count}: choose an index from 0 to {count - 1}"
    with pytest.raises(ArgumentError, match=message):
        session.play(0, count)
    with pytest.raises(ArgumentError, match="there is no choice -1"):
        session.resolve(0, -1)


def test_garbage_notation_is_a_notation_error() -> None:
    session = Session.start(mb.Rules.parker(players=2), seed=2)
    with pytest.raises(NotationError, match="cannot read move 'fly to the moon'"):
        session.play(0, "fly to the moon")


def test_an_answer_of_another_kind_is_refused_with_what_it_was() -> None:
    session = Session.start(the_game.Rules(players=2), seed=4)
    for answer in (1.5, None, True, mb.Discard(mb.Card.STOP)):
        with pytest.raises(ArgumentError, match="an answer is an index, a notation or a move of The Game"):
            session.play(0, answer)


def test_a_seat_that_does_not_decide_now_is_told_who_does() -> None:
    session = Session.start(the_game.Rules(players=3), seed=4)
    with pytest.raises(NotYourTurnError, match="it is not seat 2's decision: seat 0 decides now") as raised:
        session.play(2, 0)
    assert (raised.value.seat, raised.value.to_move) == (2, 0)
    assert isinstance(raised.value, cardrules.CardrulesError)


def test_no_seat_decides_once_the_game_is_over() -> None:
    session = played(RULES["toy-mau"], seed=1)
    assert session.over
    assert session.to_move is None
    assert session.result() is not None
    with pytest.raises(NotYourTurnError, match="the game is over: seat 0 has no decision to make"):
        session.play(0, 0)
    assert session.choices(0) == ()
    assert session.question(0) is None


def test_a_seat_that_does_not_exist_is_refused() -> None:
    session = Session.start(the_game.Rules(players=2), seed=4)
    calls: list[Callable[[], object]] = [
        lambda: session.play(2, 0), lambda: session.events(-1), lambda: session.observation(5),
        lambda: session.choices("0"),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(ArgumentError, match="a seat is a number from 0 to 1"):
            call()


def test_an_unknown_language_is_refused() -> None:
    session = Session.start(the_game.Rules(players=2), seed=4)
    with pytest.raises(ArgumentError, match="lang is one of"):
        session.events(0, lang="de")  # type: ignore[arg-type]


def test_from_record_refuses_an_illegal_record_naming_the_move() -> None:
    record = GameRecord.start(the_game.Rules(players=2), seed=4).extended(the_game.EndTurn())
    with pytest.raises(IllegalMoveError, match="move 1 of the record"):
        Session.from_record(record)


def test_a_session_built_by_hand_must_hold_a_record_and_a_state_of_its_game() -> None:
    record = GameRecord.start(the_game.Rules(players=2), seed=4)
    with pytest.raises(ArgumentError, match="a Session of The Game holds its State, not State"):
        Session(record, mb.new_game(mb.Rules(), seed=1))
    with pytest.raises(ArgumentError, match="a Session holds a GameRecord, not dict"):
        Session({}, record.initial_state())  # type: ignore[arg-type]


def test_observation_is_the_seats_own_view() -> None:
    session = played(RULES["mille-bornes"], seed=5, moves=20)
    assert session.observation(3) == mb.observe(mb_state(session.state), 3)


def test_a_session_survives_json_and_pickle() -> None:
    session = played(RULES["mille-bornes-match"], seed=5, moves=40)
    again = Session.from_record(from_json(to_json(session.record), GameRecord))
    assert again == session == pickle.loads(pickle.dumps(session))
    assert hash(again) == hash(session)


# --- questions, the public table, the score sheet --------------------------------------------------


def first_session(rules: RulesLike, phase: str, *, seeds: range = range(40)) -> Session:
    for seed in seeds:
        session = Session.start(rules, seed=seed)
        rng = random.Random(seed)
        while not session.over:
            if session.state.table.phase == phase:  # type: ignore[attr-defined]
                return session
            seat = session.to_move
            assert seat is not None
            session = session.play(seat, rng.randrange(len(session.legal_moves(seat))))
    raise AssertionError(f"no {phase} in {seeds}")


def test_a_coup_fourre_is_asked_of_the_seat_that_may_call_it_and_no_other() -> None:
    session = first_session(mb.Rules.parker(players=3), "coup_fourre")
    seat = session.to_move
    assert seat is not None
    question = session.question(seat)
    assert question is not None
    assert question.startswith("Coup fourré? Seat ")
    assert f"seat {seat} may answer with" in question
    assert session.question(seat, "es") != question != session.question(seat, "fr")
    assert [session.question(other) for other in range(3) if other != seat] == [None, None]


def test_the_extension_is_asked_of_the_seat_that_completed_the_race() -> None:
    session = first_session(mb.Rules.parker(players=2), "extension", seeds=range(200))
    seat = session.to_move
    assert seat is not None
    question = session.question(seat)
    assert question is not None
    assert "may extend the race to 1000" in question
    assert session.question(1 - seat) is None


def test_an_ordinary_turn_and_the_game_ask_no_question() -> None:
    assert Session.start(mb.Rules.parker(), seed=1).question(0) is None
    assert Session.start(the_game.Rules(players=2), seed=1).question(0) is None


@pytest.mark.parametrize("name", ["the-game", "mille-bornes"])
def test_the_public_table_shows_hand_sizes_but_no_card_of_any_hand(name: str) -> None:
    session = played(RULES[name], seed=8, moves=30)
    text = session.public_text()
    assert "Hands:" in text
    assert re.search(r"seat \d: \d+ cards?", text), text
    assert "(you)" not in text
    for seat in range(session.game.players(session.record.rules)):
        own = session.game.render(session.game.observe(session.state, seat))
        assert own != text
    assert session.public_text("fr") != text


def test_the_public_table_of_the_game_names_no_card_in_a_hand() -> None:
    session = played(RULES["the-game"], seed=8, moves=30)
    hand_line = [line for line in session.public_text().splitlines() if line.startswith("  seat ")]
    assert hand_line
    assert all(re.fullmatch(r"  seat \d: \d+ cards?", line) for line in hand_line)


def test_a_game_without_a_public_table_gives_its_title_and_who_decides() -> None:
    session = Session.start(toy_game.Rules(players=2), seed=1)
    assert session.public_text() == "Toy Mau: seat 0 to decide."
    assert session.public_text("es") == "Toy Mau: decide el jugador 0."
    assert played(RULES["toy-mau"], seed=1).public_text("fr") == "Toy Mau : la partie est finie."


def test_the_score_sheet_waits_for_the_end() -> None:
    session = played(RULES["mille-bornes-match"], seed=2, moves=50)
    assert session.score_sheet() is None


def test_a_matchs_score_sheet_lists_each_hand_the_totals_and_the_winner() -> None:
    session = played(RULES["mille-bornes-match"], seed=2)
    result = session.result()
    assert isinstance(result, mb.Result)
    sheet = session.score_sheet()
    assert sheet is not None
    assert len(sheet) == len(result.hands) + 2
    assert sheet[0].startswith("Hand 1 is over: side 0 ")
    assert sheet[-2] == f"Totals: side 0 {result.totals[0]} points and side 1 {result.totals[1]} points."
    assert sheet[-1] == mb.describe_result(result)
    winner = result.winners[0]
    own = session.score_sheet(seat=winner)
    assert own is not None
    assert own[-1].startswith("Your side wins")


def test_the_games_score_sheet_is_its_result_in_words() -> None:
    session = played(RULES["the-game"], seed=2)
    result = session.result()
    assert isinstance(result, the_game.Result)
    assert session.score_sheet() == (f"You lost, with {result.cards_left} cards left.",)
    assert session.score_sheet("es") == (f"Habéis perdido, con {result.cards_left} cartas sin colocar.",)


def test_a_game_without_words_for_its_result_shows_the_result() -> None:
    session = played(RULES["toy-mau"], seed=1)
    assert session.score_sheet() == (f"Result: {session.result()}",)


# --- events ----------------------------------------------------------------------------------------


def test_every_move_is_an_event_that_every_seat_and_a_spectator_see_alike() -> None:
    session = played(RULES["the-game"], seed=3, moves=12)
    moves = [event for event in session.events(None) if event.kind == "move"]
    assert [event.ply for event in moves] == list(range(12))
    assert [event.notation for event in moves] == [str(move) for move in session.record.moves]
    first = session.record.moves[0]
    assert isinstance(first, the_game.Play | the_game.EndTurn)
    assert moves[0] == SeatEvent(0, "move", 0, f"Seat 0 {the_game.describe_move(first)}.", str(first))
    for seat in range(3):
        assert [event for event in session.events(seat) if event.kind == "move"] == moves


def test_the_seat_that_draws_is_told_its_cards_and_no_one_else() -> None:
    session = Session.start(the_game.Rules(players=2), seed=4).play(0, 0).play(0, 0).play(0, "end turn")
    first = session.record.initial_state()
    drawn = Counter(hand(session, session.state, 0)) - Counter(hand(session, first, 0))
    cards = sorted(cast(int, card) for card in drawn.elements())
    drew = [event for event in session.events(0) if event.kind == "drew"]
    assert drew == [SeatEvent(2, "drew", None, f"You drew {cards[0]} and {cards[1]}.", None, tuple(cards))]
    assert not [event for event in session.events(1) if event.kind == "drew"]
    assert not [event for event in session.events(None) if event.kind == "drew"]


def test_mille_bornes_cards_drawn_are_named_in_the_seats_language() -> None:
    session = played(RULES["mille-bornes"], seed=6, moves=8)
    states = list(session.record.states())
    for seat in range(4):
        drew = [event for event in session.events(seat, lang="fr") if event.kind == "drew"]
        assert drew
        for event in drew:
            gained = Counter(hand(session, states[event.ply + 1], seat)) - Counter(
                hand(session, states[event.ply], seat))
            names = [mb.card_name(card, "fr") for card in gained.elements()]  # type: ignore[arg-type]
            assert len(names) == 1
            assert event.text == f"Vous piochez {names[0]}."
            assert event.cards == tuple(gained.elements())


def test_the_end_of_a_hand_gives_points_and_totals_to_all_and_each_seat_its_new_cards() -> None:
    session = played(RULES["mille-bornes-match"], seed=2, moves=400)
    result_hands = mb_state(session.state).table.match.history
    assert len(result_hands) >= 2
    over = [event for event in session.events(None) if event.kind == "hand_over"]
    assert over[0].text == (f"Hand 1 is over: side 0 {result_hands[0].totals[0]} points and side 1 "
                            f"{result_hands[0].totals[1]} points.")
    assert "Totals: " in over[1].text
    for seat in (0, 1):
        seen = session.events(seat)
        assert [event for event in seen if event.kind == "hand_over"] == over
        dealt = [event for event in seen
                 if event.kind == "drew" and event.text.startswith("Hand 2 is dealt.")]
        assert len(dealt) == 1
        assert dealt[0].ply == over[0].ply


def test_the_end_of_the_game_is_told_to_each_seat_as_it_sees_it() -> None:
    session = played(RULES["mille-bornes-match"], seed=2)
    result = session.result()
    assert isinstance(result, mb.Result)
    winner = result.winners[0]
    last = {seat: session.events(seat, since=session.plies - 1)[-1] for seat in (0, 1, None)}
    assert all(event.kind == "game_over" and event.ply == session.plies - 1 for event in last.values())
    assert last[winner].text.startswith("The game is over. Your side wins")
    assert last[1 - winner].text.startswith("The game is over. Your side loses")
    assert last[None].text == f"The game is over. {mb.describe_result(result)}"


def test_events_come_in_the_seats_language() -> None:
    session = played(RULES["mille-bornes"], seed=6, moves=8)
    texts = {lang: [event.text for event in session.events(1, lang=lang)] for lang in ("en", "es", "fr")}
    assert texts["en"][0].startswith("Seat 0 ")
    assert texts["es"][0].startswith("Jugador 0 ")
    assert texts["fr"][0].startswith("Joueur 0 ")
    assert len({tuple(texts[lang]) for lang in texts}) == 3


def test_events_since_a_ply_are_the_events_of_the_moves_from_there() -> None:
    session = played(RULES["the-game"], seed=3, moves=12)
    assert session.events(1, since=12) == () == session.events(1, since=99)
    assert {event.ply for event in session.events(1, since=7)} == set(range(7, 12))
    with pytest.raises(ArgumentError, match="since is a move number from 0, not -1"):
        session.events(1, since=-1)


@pytest.mark.parametrize("name", sorted(RULES))
def test_a_session_rebuilt_from_its_record_tells_the_same_events(name: str) -> None:
    live = played(RULES[name], seed=9, moves=150)
    rebuilt = Session.from_record(from_json(to_json(live.record), GameRecord))
    # ... and so does one built from the record and the state alone, which replays for them.
    bare = Session(live.record, live.state)
    for seat in (None, 0, 1):
        assert live.events(seat, lang="es") == rebuilt.events(seat, lang="es") == bare.events(seat, lang="es")


def tracked_objects(session: Session) -> int:
    """How many objects the collector tracks that the session holds (its game's move values are
    shared by every game, and the types and functions by everything)."""
    for _ in range(4):  # the collector lets go of a tuple once it has let go of the tuples inside
        gc.collect()    # it, one level of nesting a collection at worst
    shared = {id(move) for move in session.record.moves}
    seen: set[int] = set()
    stack: list[object] = [session]
    while stack:
        held = stack.pop()
        if (id(held) in seen or id(held) in shared or not gc.is_tracked(held)
                or isinstance(held, (type, types.ModuleType, types.FunctionType))):
            continue
        seen.add(id(held))
        stack.extend(gc.get_referents(held))
    return len(seen)


def test_a_session_holds_as_many_tracked_objects_after_30_moves_as_after_10() -> None:
    # A server holds a session per room, and a full collection walks every tracked object: what
    # each move made known is kept in tuples of numbers, which the collector lets go of.
    session = Session.start(RULES["the-game"], seed=4)
    counts = {}
    while session.plies < 30:
        session = session.play(cast(int, session.to_move), 0)
        counts[session.plies] = tracked_objects(session) if session.plies in (10, 30) else None
    assert not session.over
    assert counts[30] == counts[10]


def other_hands(session: Session, state: object, seat: int | None) -> set[object]:
    players = session.game.players(session.record.rules)
    return {card for other in range(players) if other != seat for card in hand(session, state, other)}


@pytest.mark.parametrize("name", ["the-game", "mille-bornes", "mille-bornes-match", "toy-mau"])
@pytest.mark.parametrize("seed", [1, 2])
def test_no_seat_ever_hears_of_a_card_another_seat_drew(name: str, seed: int) -> None:
    session = played(RULES[name], seed=seed, chooser=seed)
    game, players = session.game, session.game.players(session.record.rules)
    states = list(session.record.states())
    spectator = session.events(None)
    assert not [event for event in spectator if event.kind == "drew"]
    public = [event for event in spectator if event.kind != "game_over"]
    for seat in range(players):
        seen = session.events(seat)
        # Everything but a seat's own draws and its view of the result is the same for everyone.
        assert [event for event in seen if event.kind not in ("drew", "game_over")] == public
        for event in seen:
            if event.kind != "drew":
                continue
            before, after = states[event.ply], states[event.ply + 1]
            gained = Counter(hand(session, after, seat)) - Counter(hand(session, before, seat))
            if "dealt" not in event.text:
                gained_words = sorted(str(card) if name.startswith("the") or name == "toy-mau"
                                      else mb.card_name(card, "en") for card in gained.elements())  # type: ignore[arg-type]
                assert gained
                assert all(word in event.text for word in gained_words)
        if name == "the-game":
            # Numbers past the seats' and piles' (2 to 5) that a seat hears are never in another hand.
            for event in seen:
                after = states[event.ply + 1]
                numbers = {int(found) for found in re.findall(r"\b\d+\b", event.text)} - set(range(6))
                assert not numbers & other_hands(session, after, seat), event
    for state in states[:-1]:
        to_move = game.current_player(state)
        for seat in range(players):
            legal = game.legal_moves(state) if seat == to_move else ()
            for move in legal:
                card = getattr(move, "card", None)
                if card is not None:
                    assert card in hand(session, state, seat)


@st.composite
def sessions(draw: st.DrawFn) -> Session:
    """A session reached by random play from a random deal of one of the games."""
    rules = draw(st.sampled_from(sorted(RULES.values(), key=repr)))
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    steps = draw(st.integers(min_value=0, max_value=300))
    return played(rules, seed=seed, moves=steps, chooser=draw(st.integers(min_value=0, max_value=2**16)))


@given(sessions(), st.data())
def test_events_are_a_log_whose_tail_since_any_ply_is_what_since_gives(session: Session,
                                                                      data: st.DataObject) -> None:
    players = session.game.players(session.record.rules)
    seat = data.draw(st.sampled_from([None, *range(players)]))
    since = data.draw(st.integers(min_value=0, max_value=session.plies + 1))
    everything = session.events(seat)
    assert session.events(seat, since=since) == tuple(event for event in everything if event.ply >= since)
    assert [event.ply for event in everything] == sorted(event.ply for event in everything)
    # A later session's log begins with this one's: nothing already told is ever told otherwise.
    if not session.over:
        to_move = session.to_move
        assert to_move is not None
        later = session.play(to_move, 0)
        assert later.events(seat)[:len(everything)] == everything
