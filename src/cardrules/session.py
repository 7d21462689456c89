"""A game in progress for apps: one value that takes each seat's moves and tells each seat what it may see.

A :class:`Session` holds a game's :class:`~cardrules.GameRecord` and its current state. Every seat
answers its decisions by an index into its :meth:`~Session.choices`, by the move's notation or by the
move itself; :meth:`~Session.play` returns a new session and leaves the old one as it was. Each seat
(or a spectator, ``None``) reads what happened since its last look with :meth:`~Session.events`, in
its language; the events are worked out from the record alone, so a session rebuilt with
:meth:`~Session.from_record` (after a restart, say) tells the same story. A seat's events never name
another seat's cards or the order of the draw pile.

>>> from cardrules.games import the_game
>>> session = Session.start(the_game.Rules(players=2), seed=4)
>>> session.to_move, session.plies
(0, 0)
>>> session.choices(0)[0]
Choice(index=0, move=Play(card=3, pile=0), notation='3 on up1', words='plays 3 on ascending pile 1')
>>> session.choices(1)
()
>>> after = session.play(0, 0).play(0, "25 on up1")
>>> after.plies, session.plies
(2, 0)
>>> after.play(0, "two on up1")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardrules.errors.NotationError: cannot read move 'two on up1': write a move like '35 on up1', ...
>>> try:
...     after.play(0, the_game.Play(card=50, pile=0))
... except IllegalMoveError as error:
...     print(error.reason)
50 is not in seat 0's hand
>>> after.play(1, 0)
Traceback (most recent call last):
...
cardrules.errors.NotYourTurnError: it is not seat 1's decision: seat 0 decides now
>>> done = after.play(0, "end turn")
>>> for event in done.events(0, since=2):
...     print(event.ply, event.kind, event.text)
2 move Seat 0 ends the turn and draws.
2 drew You drew 64 and 83.
>>> [event.kind for event in done.events(1, since=2)]
['move']
>>> print(done.events(None, lang="es")[0].text)
Jugador 0 coloca el 3 en la pila ascendente 1.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Literal, TypeAlias, cast

import attrs

from cardrules.arguments import shown
from cardrules.contract import AnyState, RulesLike
from cardrules.errors import ArgumentError, CardrulesError, IllegalMoveError, NotYourTurnError
from cardrules.i18n import Lang, Phrase, check_lang, join_words
from cardrules.records import GameRecord
from cardrules.registry import SomeGame, get

__all__ = ["PHRASES", "Choice", "SeatEvent", "Session"]

P = Phrase

PHRASES: Mapping[str, Phrase] = {
    "seat": P("Seat {seat}", "Jugador {seat}", "Joueur {seat}"),
    "drew": P("You drew {cards}.", "Robas {cards}.", "Vous piochez {cards}."),
    "hand_over": P("Hand {n} is over: {scores}.", "Termina la mano {n}: {scores}.",
                   "La manche {n} est finie : {scores}."),
    "side_points": P("side {side} {points} points", "lado {side} {points} puntos",
                     "camp {side} {points} points"),
    "totals": P("Totals: {scores}.", "Totales: {scores}.", "Totaux : {scores}."),
    "new_hand": P("Hand {n} is dealt. Your cards: {cards}.", "Se reparte la mano {n}. Tus cartas: {cards}.",
                  "La manche {n} est distribuée. Vos cartes : {cards}."),
    "over": P("The game is over.", "La partida ha terminado.", "La partie est finie."),
    "result": P("Result: {result}", "Resultado: {result}", "Résultat : {result}"),
    "to_move": P("{title}: seat {seat} to decide.", "{title}: decide el jugador {seat}.",
                 "{title} : au joueur {seat} de décider."),
    "ended": P("{title}: the game is over.", "{title}: la partida ha terminado.",
               "{title} : la partie est finie."),
}
"""The words of the events, shared with ``cardrules play`` (which says them to its person)."""

Kind = Literal["move", "drew", "hand_over", "game_over"]


@attrs.frozen
class Choice:
    """One legal move of a seat, to show and to answer by: its ``index`` in the seat's legal moves
    (the game's own stable order), the ``move``, its ``notation`` (``str(move)``, what
    ``parse_move`` reads back) and its ``words`` in the seat's language."""

    index: int
    move: object
    notation: str
    words: str


@attrs.frozen
class SeatEvent:
    """Something a seat may see, its text already in the seat's language.

    - ``ply``: the index (from 0) of the move that caused it; every event of one move shares it.
    - ``kind``: ``"move"`` (a seat's move: every seat and spectator sees it), ``"drew"`` (only the
      seat whose hand gained cards, named in ``text``), ``"hand_over"`` (a hand of a match ended:
      points and totals), ``"game_over"`` (the result, as the seat sees it).
    - ``seat``: who moved, for a ``"move"``; else ``None``.
    - ``text``: one line for people; ``notation``: the move's notation, for a ``"move"``.
    - ``cards``: for a ``"drew"``, the cards drawn (a new hand's cards when a hand was dealt), for
      a program to show them; else ``()``.
    """

    ply: int
    kind: Kind
    seat: int | None
    text: str
    notation: str | None
    cards: tuple[object, ...] = ()


_HandOver: TypeAlias = tuple[int, tuple[int, ...], tuple[int, ...]]
_Known: TypeAlias = tuple[int, tuple[tuple[object, ...], ...], _HandOver | None, bool, object]
"""What one move made known, kept so that events need no replay: who moved; the cards each seat
gained (its new hand when a hand of a match was dealt); a hand's number, points and the match's
totals when one ended; whether the game ended, and its result then.

A plain tuple, not a class: a server holds one per move of every room it serves, and the collector
stops tracking a tuple of numbers and such tuples once it has looked at it (an attrs instance it
tracks for good, so every full collection would walk every move of every room)."""


def _known(game: SomeGame, before: object, after: object) -> _Known:
    mover = game.current_player(before)
    assert mover is not None  # a move was made in ``before``
    seats = range(game.players(game.rules_of(before)))
    hands_before, hands_after = _hands(game, before), _hands(game, after)
    over = game.is_terminal(after)
    hand_over = None
    if len(hands_after) > len(hands_before):
        hand_over = (len(hands_after), hands_after[-1], _totals(hands_after))
        gained = tuple(() if over else _hand(game, after, seat) for seat in seats)
    else:
        gained = tuple(_drawn(_hand(game, before, seat), _hand(game, after, seat)) for seat in seats)
    return (mover, gained, hand_over, over, game.result(after) if over else None)


def _drawn(before: tuple[object, ...], after: tuple[object, ...]) -> tuple[object, ...]:
    """The cards of hand ``after`` that hand ``before`` did not hold, in the order of ``after``."""
    return tuple((Counter(after) - Counter(before)).elements())


def _replayed(record: GameRecord) -> tuple[AnyState, tuple[_Known, ...]]:
    """The last state of ``record`` and what each of its moves made known."""
    game = get(record.game)
    states = record.states()
    before = next(states)
    known = []
    for after in states:
        known.append(_known(game, before, after))
        before = after
    return before, tuple(known)


@attrs.frozen
class Session:
    """A game in progress: its ``record`` and the ``state`` it reached (the full state, every hand
    in it: never show it to a seat; show :meth:`observation`).

    Build one with :meth:`start` or :meth:`from_record`. It is an immutable value: every method
    returns something or raises, and :meth:`play` returns a new session.
    """

    record: GameRecord
    state: AnyState
    # What each move of the record made known (a few small tuples a move, far less than the
    # states), kept so that events need no replay; not part of the value (equal sessions may or may
    # not have it), and worked out from the record again when absent.
    _known: tuple[_Known, ...] = attrs.field(default=(), eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        # Built directly, a session is trusted to hold its record's last state (checking that would
        # replay the record); its kinds are checked, so that a mix-up fails here and not later.
        if not isinstance(self.record, GameRecord):
            raise ArgumentError(f"a Session holds a GameRecord, not {type(self.record).__name__}")
        game = get(self.record.game)
        if type(self.state) is not game.state_type:
            raise ArgumentError(f"a Session of {game.title} holds its State, not {type(self.state).__name__}")

    # --- building

    @classmethod
    def start(cls, rules: RulesLike, *, seed: int | None = None, deck: Iterable[object] | None = None,
              first_player: int = 0) -> Session:
        """A new game dealt from ``seed`` (or in the order of ``deck``), ``first_player`` to begin.

        Without a seed or a deck the seed is drawn at random (the record keeps it, so the game can
        still be replayed).
        """
        if seed is None and deck is None:
            seed = random.SystemRandom().randrange(2**63)
        record = GameRecord.start(rules, seed=seed, deck=deck, first_player=first_player)
        return cls(record, record.initial_state())

    @classmethod
    def from_record(cls, record: GameRecord) -> Session:
        """The game of ``record``, at its last move; an illegal move in it raises
        :class:`~cardrules.errors.IllegalMoveError` naming its number."""
        if not isinstance(record, GameRecord):
            raise ArgumentError(f"from_record() takes a GameRecord, not {type(record).__name__}")
        state, known = _replayed(record)
        return cls(record, state, known)

    # --- what anyone may ask

    @property
    def game(self) -> SomeGame:
        """The game's registry descriptor."""
        return get(self.record.game)

    @property
    def plies(self) -> int:
        """How many moves have been made."""
        return len(self.record.moves)

    @property
    def to_move(self) -> int | None:
        """The seat that decides now (in turn, or out of turn as in a coup fourré); ``None`` once over."""
        return self.game.current_player(self.state)

    @property
    def over(self) -> bool:
        """Whether the game (a match: the whole match) has ended."""
        return self.game.is_terminal(self.state)

    def result(self) -> object | None:
        """The game's result, or ``None`` while it goes on."""
        return self.game.result(self.state)

    def observation(self, seat: int) -> object:
        """What ``seat`` may see now: its own hand and the public table."""
        return self.game.observe(self.state, self._seat(seat))

    def legal_moves(self, seat: int) -> tuple[object, ...]:
        """``seat``'s legal moves now, in the game's order; ``()`` unless it is ``seat``'s decision."""
        game = self.game
        return game.legal_moves(self.state) if game.current_player(self.state) == self._seat(seat) else ()

    def choices(self, seat: int, lang: Lang = "en") -> tuple[Choice, ...]:
        """``seat``'s legal moves to show, numbered from 0, in words in ``lang``; ``()`` unless it is
        ``seat``'s decision."""
        lang = check_lang(lang)
        game = self.game
        return tuple(Choice(index, move, str(move), _words(game, move, lang))
                     for index, move in enumerate(self.legal_moves(seat)))

    def question(self, seat: int, lang: Lang = "en") -> str | None:
        """The decision asked of ``seat`` out of turn (a coup fourré, an extension...) as a question
        in ``lang``, from the game's command line; ``None`` when there is none (The Game has none)."""
        lang = check_lang(lang)
        ask = _facet_function(self.game, "question")
        if ask is None or self.game.current_player(self.state) != self._seat(seat):
            return None
        return cast(str | None, ask(self.state, seat, lang))

    def public_text(self, lang: Lang = "en") -> str:
        """What a spectator may see of the table, in words: piles or tableaux, how many cards each
        hand and the draw pile hold, the scores; never a card in a hand. It is the game's command
        line's ``spectate``; a game without one gives its title and who decides."""
        lang = check_lang(lang)
        spectate = _facet_function(self.game, "spectate")
        if spectate is not None:
            return cast(str, spectate(self.state, lang))
        to_move = self.to_move
        if to_move is None:
            return PHRASES["ended"](lang, title=self.game.title)
        return PHRASES["to_move"](lang, title=self.game.title, seat=to_move)

    def score_sheet(self, lang: Lang = "en", *, seat: int | None = None) -> tuple[str, ...] | None:
        """The final score in lines once the game is over (``None`` before): each hand's points and
        the totals for a match, then the result as ``seat`` sees it (``None``: as a spectator does)."""
        lang = check_lang(lang)
        if seat is not None:
            self._seat(seat)
        if not self.over:
            return None
        game, state = self.game, self.state
        hands = _hands(game, state)
        lines: list[str] = []
        for number, points in enumerate(hands, start=1):
            lines.append(PHRASES["hand_over"](lang, n=number, scores=_sides_text(points, lang)))
        if len(hands) > 1:
            lines.append(PHRASES["totals"](lang, scores=_sides_text(_totals(hands), lang)))
        lines.append(_result_text(game, self.record.rules, game.result(state), seat, lang))
        return tuple(lines)

    # --- answering

    def resolve(self, seat: int, answer: int | str | object) -> object:
        """The move ``seat`` means by ``answer``: an index into :meth:`choices`, a move's notation,
        or a move.

        Raises :class:`~cardrules.errors.NotYourTurnError` when ``seat`` does not decide now (or the
        game is over), :class:`~cardrules.errors.ArgumentError` for an index that is not on the
        list, :class:`~cardrules.errors.NotationError` for text the game cannot read and
        :class:`~cardrules.errors.IllegalMoveError` (saying why) for a move that is not legal now.
        """
        game, state = self.game, self.state
        to_move = game.current_player(state)
        if to_move != self._seat(seat):
            raise NotYourTurnError(seat, to_move)
        legal = game.legal_moves(state)
        if type(answer) is int:
            if not 0 <= answer < len(legal):
                raise ArgumentError(f"there is no choice {shown(answer)}: "
                                    f"choose an index from 0 to {len(legal) - 1}")
            return legal[answer]
        if isinstance(answer, str):
            return game.parse_move(state, answer)
        if type(answer) in game.move_classes and answer in legal:
            return answer
        if type(answer) not in game.move_classes:
            raise ArgumentError(f"an answer is an index, a notation or a move of {game.title}, "
                                f"not {shown(answer)}")
        # The game's own apply raises saying why, with the reason worded in every language.
        game.apply(state, answer)
        raise IllegalMoveError(answer, game.why_illegal(state, answer) or "not a legal move now")

    def play(self, seat: int, answer: int | str | object) -> Session:
        """The session after ``seat``'s move meant by ``answer`` (see :meth:`resolve`, whose errors
        it raises); this session stays as it was."""
        move = self.resolve(seat, answer)
        game = self.game
        after = cast(AnyState, game.apply(self.state, move))
        known = self._known if len(self._known) == self.plies else _replayed(self.record)[1]
        return Session(self.record.extended(move), after, (*known, _known(game, self.state, after)))

    # --- what each seat may read

    def events(self, seat: int | None, *, since: int = 0, lang: Lang = "en") -> tuple[SeatEvent, ...]:
        """Every event that ``seat`` may see (``None``: a spectator, who sees the public ones only)
        caused by the moves from number ``since`` (counted from 0) on, in order, in ``lang``.

        Every move is public, so every seat sees each ``"move"``; cards drawn are told only to the
        seat that drew them; a hand's end and the game's end are told to everyone.
        """
        lang = check_lang(lang)
        if seat is not None:
            self._seat(seat)
        if type(since) is not int or since < 0:
            raise ArgumentError(f"since is a move number from 0, not {shown(since)}")
        if since >= self.plies:
            return ()
        game, known = self.game, self._known_all()
        rules, moves = self.record.rules, self.record.moves
        card_words = _facet_function(game, "card_words")
        events: list[SeatEvent] = []
        for ply in range(since, len(moves)):
            move = moves[ply]
            mover, gained, hand_over, over, result = known[ply]
            text = f"{PHRASES['seat'](lang, seat=mover)} {_words(game, move, lang)}."
            events.append(SeatEvent(ply, "move", mover, text, str(move)))
            if hand_over is not None:
                number, points, totals = hand_over
                lines = [PHRASES["hand_over"](lang, n=number, scores=_sides_text(points, lang))]
                if number > 1:
                    lines.append(PHRASES["totals"](lang, scores=_sides_text(totals, lang)))
                events.append(SeatEvent(ply, "hand_over", None, " ".join(lines), None))
            cards = () if seat is None else gained[seat]
            if cards:
                words = _cards_text(card_words, cards, lang)
                if hand_over is None:
                    text = PHRASES["drew"](lang, cards=words)
                else:
                    text = PHRASES["new_hand"](lang, n=hand_over[0] + 1, cards=words)
                events.append(SeatEvent(ply, "drew", None, text, None, cards))
            if over:
                said = _result_text(game, rules, result, seat, lang)
                events.append(SeatEvent(ply, "game_over", None, f"{PHRASES['over'](lang)} {said}", None))
        return tuple(events)

    # --- inside

    def _seat(self, seat: object) -> int:
        players = self.game.players(self.record.rules)
        if type(seat) is not int or not 0 <= seat < players:
            raise ArgumentError(f"a seat is a number from 0 to {players - 1}, not {shown(seat)}")
        return seat

    def _known_all(self) -> tuple[_Known, ...]:
        if len(self._known) == self.plies:
            return self._known
        return _replayed(self.record)[1]


def _words(game: SomeGame, move: object, lang: Lang) -> str:
    try:
        return game.describe_move(move, lang=lang)
    except CardrulesError:  # a game without words for its moves: its notation
        return str(move)


def _facet_function(game: SomeGame, name: str) -> Callable[..., object] | None:
    """The optional function ``name`` of the game's command line, if it has one."""
    found = getattr(game.facet("command_line"), name, None)
    return found if callable(found) else None


def _hand(game: SomeGame, state: object, seat: int) -> tuple[object, ...]:
    """The cards in ``seat``'s hand, read from its own observation (none for a game that shows no hand)."""
    return tuple(getattr(game.observe(state, seat), "hand", ()))


def _hands(game: SomeGame, state: object) -> tuple[tuple[int, ...], ...]:
    """Each side's points in each finished hand of a match (from the game's command line); none for
    a game of one hand."""
    hands = _facet_function(game, "hands")
    return () if hands is None else cast(tuple[tuple[int, ...], ...], hands(state))


def _totals(hands: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    return tuple(map(sum, zip(*hands, strict=True)))


def _sides_text(points: tuple[int, ...], lang: Lang) -> str:
    return join_words([PHRASES["side_points"](lang, side=side, points=total)
                       for side, total in enumerate(points)], lang)


def _cards_text(card_words: Callable[..., object] | None, cards: tuple[object, ...], lang: Lang) -> str:
    return join_words([str(card) if card_words is None else str(card_words(card, lang)) for card in cards],
                      lang)


def _result_text(game: SomeGame, rules: RulesLike, result: object, seat: int | None, lang: Lang) -> str:
    """The result as ``seat`` sees it (``None``: a spectator), in the game's words when it has them."""
    describe = _facet_function(game, "describe_result")
    if describe is None:
        return PHRASES["result"](lang, result=result)
    return cast(str, describe(rules, result, seat, lang))

