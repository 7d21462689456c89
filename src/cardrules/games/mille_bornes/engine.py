"""The play of Mille Bornes: dealing, legal moves, applying a move, and the flow of turns and hands.

``legal_moves`` and ``apply`` are the hot path of every bot: moves are shared instances, states are
built positionally, and the meaning of a battle pile is kept on the tableau instead of re-read.
Every move is still checked, and a refusal explains itself (see ``legality.why_illegal``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

from cardrules.errors import ArgumentError, IllegalMoveError, RulesError
from cardrules.games.mille_bornes.cards import HAZARD_OF, KIND, MILES, SAFETY_OF, Card
from cardrules.games.mille_bornes.flow import can_reshuffle, deal, end_hand, refill, start_turn
from cardrules.games.mille_bornes.legality import (
    can_attack,
    can_drive,
    can_remedy,
    has_play,
    why_illegal,
)
from cardrules.games.mille_bornes.moves import (
    _DISCARD,
    _PLAY,
    COUP_FOURRE,
    DECLINE,
    EXTEND,
    CoupFourre,
    Decline,
    Discard,
    Extend,
    Move,
    Play,
)
from cardrules.games.mille_bornes.rules import Rules
from cardrules.games.mille_bornes.safeties import holders, safety_played, without_hazard
from cardrules.games.mille_bornes.state import Match, State, Window

__all__ = ["apply", "check_state", "current_player", "is_terminal", "legal_moves", "new_game"]

_CHOICE_MOVES = (COUP_FOURRE, DECLINE)
_EXTENSION_MOVES = (EXTEND, DECLINE)
# Card kinds as small ints, indexed by card, for the hot loop of legal_moves.
_DISTANCE, _HAZARD, _REMEDY, _SAFETY = 0, 1, 2, 3
_KIND_CODE = tuple({"distance": 0, "hazard": 1, "remedy": 2, "safety": 3}[KIND[c]] for c in Card)
_MILES = tuple(MILES.get(card, 0) for card in Card)
_ROLL = Card.ROLL


def new_game(
    rules: Rules | None = None,
    *,
    seed: int | None = None,
    deck: Iterable[Card] | None = None,
    first_player: int = 0,
) -> State:
    """Deal the first hand: shuffled from ``seed``, or in the explicit order ``deck``.

    ``deck`` must be exactly the rules' deck: seat 0 takes the first ``hand_size`` cards, seat 1
    the next, and the draw pile is the rest, drawn from the front. Later hands of a match (and the
    reshuffles of the reshuffle variant) are dealt from ``seed``; with a ``deck`` and no seed, from
    a seed derived from the deck. With neither, the deal is random. ``first_player`` is the seat
    left of the dealer; it draws at once, so the state asks it to play.

    >>> state = new_game(Rules(), seed=1)
    >>> [len(hand) for hand in state.hands], len(state.draw_pile), state.current
    ([7, 6], 88, 0)
    """
    if rules is None:
        rules = Rules()
    elif type(rules) is not Rules:
        raise RulesError(f"new_game() takes Mille Bornes' Rules, not {type(rules).__name__}")
    if type(first_player) is not int or not 0 <= first_player < rules.players:
        raise RulesError(f"first_player is a seat from 0 to {rules.players - 1}, not {first_player!r}")
    if seed is not None and type(seed) is not int:
        raise RulesError(f"a seed is a whole number, not {seed!r}")
    if deck is not None:
        order = _check_deck(rules, deck)
        if seed is None:
            seed = random.Random(",".join(card.name for card in order)).getrandbits(63)
    else:
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        order = list(rules.deck_cards())
        random.Random(seed).shuffle(order)
    dealer = (first_player - 1) % rules.players
    match = Match(seed, 0, dealer, (0,) * rules.sides, ())
    return deal(rules, match, order)


def _check_deck(rules: Rules, deck: Iterable[Card]) -> list[Card]:
    try:
        order = list(deck)
    except TypeError:
        raise RulesError("a deck is a sequence of cards") from None
    if any(not isinstance(card, Card) for card in order):
        raise RulesError("a deck holds Card values only")
    expected = Counter(rules.deck_cards())
    given = Counter(order)
    if given != expected:
        missing = sorted((expected - given).elements())
        extra = sorted((given - expected).elements())
        raise RulesError(
            f"the deck must be exactly the rules' {sum(expected.values())} cards"
            + (f"; missing {[c.name for c in missing[:5]]}" if missing else "")
            + (f"; not in the rules' deck {[c.name for c in extra[:5]]}" if extra else "")
        )
    return order


def current_player(state: State) -> int | None:
    """The seat that decides now, or ``None`` once the game is over.

    >>> current_player(new_game(Rules(players=3), seed=1, first_player=2))
    2
    """
    check_state(state)
    return None if state.phase == "over" else state.current


def is_terminal(state: State) -> bool:
    """Whether the game (a match, or a single hand) is over.

    >>> is_terminal(new_game(Rules(), seed=1))
    False
    """
    check_state(state)
    return state.phase == "over"


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move, each distinct action once: plays (by card; hazards by target side), then
    discards; or the two answers of a coup fourré or extension decision. Empty iff the game is over.

    >>> state = new_game(Rules(), seed=1)
    >>> [str(move) for move in legal_moves(state)][:3]
    ['roll', 'discard 25', 'discard 75']
    """
    if state.__class__ is not State:
        check_state(state)
    phase = state.phase
    if phase != "play":
        if phase == "coup_fourre":
            return _CHOICE_MOVES
        if phase == "extension":
            return _EXTENSION_MOVES
        return ()
    rules = state.rules
    sides = rules.players // rules.team_size
    seat = state.current
    own = seat % sides
    tableaux = state.tableaux
    mine = tableaux[own]
    any_discard = rules.discard == "any"
    stacking = rules.hazard_stacking
    plays: list[Move] = []
    discards: list[Move] = []
    previous = None
    for card in state.hands[seat]:
        if card is previous:
            continue
        previous = card
        kind = _KIND_CODE[card]
        if kind == _DISTANCE:
            playable = can_drive(mine, _MILES[card], rules, state.target)
            if playable:
                plays.append(_PLAY[card][0])
        elif kind == _HAZARD:
            playable = False
            row = _PLAY[card]
            for side in range(sides):
                if side != own and can_attack(tableaux[side], card, stacking):
                    plays.append(row[side + 1])
                    playable = True
        elif kind == _REMEDY:
            playable = can_remedy(mine, card)
            if playable:
                plays.append(_PLAY[card][0])
        else:
            playable = True
            plays.append(_PLAY[card][0])
        if any_discard or not playable:
            discards.append(_DISCARD[card])
    return (*plays, *discards)


def apply(state: State, move: Move) -> State:
    """The state after ``move`` (``state`` is unchanged); the engine then draws for the next
    player, asks for coups fourrés, scores finished hands and deals the next one.

    Raises :class:`~cardrules.errors.IllegalMoveError` with the reason when ``move`` is not legal.

    >>> state = new_game(Rules(), seed=1)
    >>> state = apply(state, Play(Card.ROLL))
    >>> state.tableaux[0].rolling, state.current
    (True, 1)
    >>> apply(state, Play(Card.D200))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalMoveError: illegal move drive 200: cannot drive 200: the side has no ROLL showing
    """
    if state.__class__ is not State:
        check_state(state)
    kind = move.__class__
    phase = state.phase
    if phase == "play":
        if kind is Play:
            return _play(state, move)  # type: ignore[arg-type]
        if kind is Discard:
            return _discard(state, move)  # type: ignore[arg-type]
    elif phase == "coup_fourre":
        if kind is CoupFourre:
            return _call_coup_fourre(state)
        if kind is Decline:
            return _decline_coup_fourre(state)
    elif phase == "extension":
        if kind is Extend:
            return _extend(state)
        if kind is Decline:
            return end_hand(state.rules, state.match, state.hands, state.draw_pile,
                            state.discard_pile, state.tableaux, state.current, state.target,
                            state.extended_by, state.reshuffles, state.rules.side_of(state.current))
    raise IllegalMoveError(move, why_illegal(state, move) or "not legal now")


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    at = hand.index(card)
    return hand[:at] + hand[at + 1:]


def _forget(revealed: tuple[tuple[Card, ...], ...], seat: int, card: Card) -> tuple[tuple[Card, ...], ...]:
    known = revealed[seat]
    if card not in known:
        return revealed
    return (*revealed[:seat], _without(known, card), *revealed[seat + 1:])


def _discard(state: State, move: Discard) -> State:
    card = move.card
    seat = state.current
    hand = state.hands[seat]
    rules = state.rules
    if card not in hand or (rules.discard != "any" and has_play(state, card)):
        raise IllegalMoveError(move, why_illegal(state, move) or "not legal now")
    hands = (*state.hands[:seat], _without(hand, card), *state.hands[seat + 1:])
    revealed = _forget(state.revealed, seat, card) if state.revealed[seat] else state.revealed
    return start_turn(rules, state.match, hands, state.draw_pile, (*state.discard_pile, card),
                      state.tableaux, (seat + 1) % rules.players, state.target, state.extended_by,
                      revealed, state.reshuffles)


def _play(state: State, move: Play) -> State:
    card = move.card
    side = move.side
    seat = state.current
    rules = state.rules
    hand = state.hands[seat]
    sides = rules.players // rules.team_size
    own = seat % sides
    tableaux = state.tableaux
    kind = _KIND_CODE[card]
    if card not in hand or not (
        (side is None and (
            (kind == _DISTANCE and can_drive(tableaux[own], _MILES[card], rules, state.target))
            or (kind == _REMEDY and can_remedy(tableaux[own], card))
            or kind == _SAFETY))
        or (kind == _HAZARD and side is not None and side != own and side < sides
            and can_attack(tableaux[side], card, rules.hazard_stacking))
    ):
        raise IllegalMoveError(move, why_illegal(state, move) or "not legal now")
    hands = (*state.hands[:seat], _without(hand, card), *state.hands[seat + 1:])
    revealed = _forget(state.revealed, seat, card) if state.revealed[seat] else state.revealed
    match = state.match
    nxt = (seat + 1) % rules.players
    if kind == _DISTANCE:
        t = tableaux[own]
        wrong = t.wrong_way
        miles = -_MILES[card] if wrong else _MILES[card]
        t = t.with_distance(miles)
        tableaux = (*tableaux[:own], t, *tableaux[own + 1:])
        if not wrong and t.miles == state.target:
            if rules.extension_to is not None and state.target == rules.race:
                return State(rules, match, hands, state.draw_pile, state.discard_pile, tableaux,
                             seat, "extension", None, state.target, None, revealed, state.reshuffles)
            return end_hand(rules, match, hands, state.draw_pile, state.discard_pile, tableaux,
                            seat, state.target, state.extended_by, state.reshuffles, own)
        return start_turn(rules, match, hands, state.draw_pile, state.discard_pile, tableaux, nxt,
                          state.target, state.extended_by, revealed, state.reshuffles)
    if kind == _REMEDY:
        t = tableaux[own]
        if card is Card.END_OF_LIMIT:
            t = t.with_speed(card)
        elif card is Card.END_OF_WRONG_WAY:
            t = t.with_direction(card)
        elif card is _ROLL:
            t = t.with_battle(card, t.problems - {Card.STOP}, True)
        else:
            t = t.with_battle(card, t.problems - {HAZARD_OF[card]}, False)
        tableaux = (*tableaux[:own], t, *tableaux[own + 1:])
        return start_turn(rules, match, hands, state.draw_pile, state.discard_pile, tableaux, nxt,
                          state.target, state.extended_by, revealed, state.reshuffles)
    if kind == _SAFETY:
        t, discarded = safety_played(rules, tableaux[own], card, coup=False)
        tableaux = (*tableaux[:own], t, *tableaux[own + 1:])
        discard_pile = (*state.discard_pile, *discarded) if discarded else state.discard_pile
        again = rules.safety_extra_turn == "always" or bool(state.draw_pile) or can_reshuffle(
            rules, discard_pile, state.reshuffles)
        return start_turn(rules, match, hands, state.draw_pile, discard_pile, tableaux,
                          seat if again else nxt, state.target, state.extended_by, revealed,
                          state.reshuffles)
    assert side is not None
    t = tableaux[side]
    if card is Card.SPEED_LIMIT:
        t = t.with_speed(card)
    elif card is Card.WRONG_WAY:
        t = t.with_direction(card)
    elif rules.hazard_stacking == "accumulate":
        t = t.with_battle(card, t.problems | {card}, False)
    else:
        # Without accumulation only the top card counts: the new hazard is the one problem.
        t = t.with_battle(card, frozenset((card,)), False)
    tableaux = (*tableaux[:side], t, *tableaux[side + 1:])
    asked = holders(rules, hands, seat, card, side)
    if asked:
        window = Window(seat, card, side, asked[1:])
        for holder in asked:
            revealed = _reveal(revealed, holder, SAFETY_OF[card])
        return State(rules, match, hands, state.draw_pile, state.discard_pile, tableaux, asked[0],
                     "coup_fourre", window, state.target, state.extended_by, revealed,
                     state.reshuffles)
    return start_turn(rules, match, hands, state.draw_pile, state.discard_pile, tableaux, nxt,
                      state.target, state.extended_by, revealed, state.reshuffles)


def _reveal(revealed: tuple[tuple[Card, ...], ...], seat: int, card: Card) -> tuple[tuple[Card, ...], ...]:
    if card in revealed[seat]:
        return revealed
    return (*revealed[:seat], tuple(sorted((*revealed[seat], card))), *revealed[seat + 1:])


def _call_coup_fourre(state: State) -> State:
    window = state.window
    assert window is not None
    rules = state.rules
    caller = state.current
    safety = SAFETY_OF[window.hazard]
    hands = list(state.hands)
    hands[caller] = _without(hands[caller], safety)
    revealed = _forget(state.revealed, caller, safety)
    tableaux = list(state.tableaux)
    discard_pile = state.discard_pile
    own = rules.side_of(caller)
    if own == window.side:
        tableaux[own] = without_hazard(rules, tableaux[own], window.hazard)
        discard_pile = (*discard_pile, window.hazard)
    tableaux[own], discarded = safety_played(rules, tableaux[own], safety, coup=True)
    discard_pile = (*discard_pile, *discarded)
    draw_pile, discard_pile, reshuffles = refill(rules, state.match, state.draw_pile, discard_pile,
                                                  state.reshuffles)
    if draw_pile:
        # The replacement for the safety; the turn that follows draws once more.
        hands[caller] = tuple(sorted((*hands[caller], draw_pile[0])))
        draw_pile = draw_pile[1:]
    return start_turn(rules, state.match, tuple(hands), draw_pile, discard_pile, tuple(tableaux), caller,
                      state.target, state.extended_by, revealed, reshuffles)


def _decline_coup_fourre(state: State) -> State:
    window = state.window
    assert window is not None
    rules = state.rules
    if window.waiting:
        return State(rules, state.match, state.hands, state.draw_pile, state.discard_pile,
                     state.tableaux, window.waiting[0], "coup_fourre",
                     Window(window.attacker, window.hazard, window.side, window.waiting[1:]),
                     state.target, state.extended_by, state.revealed, state.reshuffles)
    return start_turn(rules, state.match, state.hands, state.draw_pile, state.discard_pile, state.tableaux,
                      (window.attacker + 1) % rules.players, state.target, state.extended_by,
                      state.revealed, state.reshuffles)


def _extend(state: State) -> State:
    rules = state.rules
    assert rules.extension_to is not None
    return start_turn(rules, state.match, state.hands, state.draw_pile, state.discard_pile,
                      state.tableaux, (state.current + 1) % rules.players, rules.extension_to,
                      rules.side_of(state.current), state.revealed, state.reshuffles)


def check_state(state: object) -> None:
    """Raise :class:`~cardrules.errors.ArgumentError` unless ``state`` is a Mille Bornes state."""
    if type(state) is not State:
        raise ArgumentError(f"expected a state of Mille Bornes, not {type(state).__name__}")
