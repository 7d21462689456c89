"""The play of Mille Bornes: dealing, whose turn it is, and applying a move.

``apply`` (with ``legality.legal_moves``) is the hot path of every bot: moves are shared instances, states are
built positionally, and the meaning of a battle pile is kept on the tableau instead of re-read.
Every move is still checked, and a refusal explains itself (see ``legality.why_illegal``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import attrs

from cardrules.arguments import check_deck, check_first_player, check_instance, check_seed
from cardrules.errors import RulesError
from cardrules.games.mille_bornes.cards import HAZARD_OF, SAFETY_OF, Card
from cardrules.games.mille_bornes.flow import can_reshuffle, deal, end_hand, refill, start_turn
from cardrules.games.mille_bornes.legality import (
    _DISTANCE,
    _HAZARD,
    _KIND_CODE,
    _MILES,
    _REMEDY,
    _SAFETY,
    can_attack,
    can_remedy,
    has_play,
    longest_drive,
    refusal,
)
from cardrules.games.mille_bornes.moves import (
    CoupFourre,
    Decline,
    Discard,
    Extend,
    Move,
    Play,
)
from cardrules.games.mille_bornes.rules import Rules
from cardrules.games.mille_bornes.safeties import holders, safety_played, without_hazard
from cardrules.games.mille_bornes.state import (
    Match,
    State,
    Window,
    make_state,
    make_table,
    vouch_for_state,
)
from cardrules.games.mille_bornes.tableau import drive

__all__ = ["apply", "current_player", "is_terminal", "new_game"]

_A_STATE = "a state of Mille Bornes"
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
    >>> state.table.hand_sizes, state.table.draw_pile_size, state.table.current
    ((7, 6), 88, 0)
    """
    if rules is None:
        rules = Rules()
    elif type(rules) is not Rules:
        raise RulesError(f"new_game() takes Mille Bornes' Rules, not {type(rules).__name__}")
    check_first_player(first_player, rules.players)
    seed = check_seed(seed)
    if deck is not None:
        order = check_deck(deck, rules.deck_cards(), Card, name="Mille Bornes under these rules")
        if seed is None:
            seed = random.Random(",".join(card.name for card in order)).getrandbits(63)
    else:
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        order = list(rules.deck_cards())
        random.Random(seed).shuffle(order)
    dealer = (first_player - 1) % rules.players
    state = deal(rules, seed, Match(hand_number=0, dealer=dealer, totals=(0,) * rules.sides, history=()),
                 order)
    vouch_for_state(state, True)
    return state


def current_player(state: State) -> int | None:
    """The seat that decides now, or ``None`` once the game is over.

    >>> current_player(new_game(Rules(players=3), seed=1, first_player=2))
    2
    """
    check_instance(state, State, _A_STATE)
    table = state.table
    return None if table.phase == "over" else table.current


def is_terminal(state: State) -> bool:
    """Whether the game (a match, or a single hand) is over.

    >>> is_terminal(new_game(Rules(), seed=1))
    False
    """
    check_instance(state, State, _A_STATE)
    return state.table.phase == "over"


def apply(state: State, move: Move) -> State:
    """The state after ``move`` (``state`` is unchanged); the engine then draws for the next
    player, asks for coups fourrés, scores finished hands and deals the next one.

    Raises :class:`~cardrules.errors.IllegalMoveError` with the reason when ``move`` is not legal.

    >>> state = new_game(Rules(), seed=1)
    >>> state = apply(state, Play(Card.ROLL))
    >>> state.table.tableaux[0].rolling, state.table.current
    (True, 1)
    >>> apply(state, Play(Card.D200))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalMoveError: illegal move drive 200: cannot drive 200: the side has no ROLL showing
    """
    if state.__class__ is not State:
        check_instance(state, State, _A_STATE)
    kind = move.__class__
    table = state.table
    phase = table.phase
    after: State | None = None
    if phase == "play":
        if kind is Play:
            after = _play(state, move)  # type: ignore[arg-type]
        elif kind is Discard:
            after = _discard(state, move)  # type: ignore[arg-type]
    elif phase == "coup_fourre":
        window = table.window
        if kind is CoupFourre and window is not None:
            after = _call_coup_fourre(state, window)
        elif kind is Decline and window is not None:
            after = _decline_coup_fourre(state, window)
    elif phase == "extension":
        extension_to = state.rules.extension_to
        if kind is Extend and extension_to is not None:
            after = _extend(state, extension_to)
        elif kind is Decline:
            after = end_hand(state, table.current, list(state.hands), state.draw_pile, table.discard_pile,
                             table.tableaux, table.reshuffles, state.rules.side_of(table.current))
    if after is None:
        raise refusal(state, move)
    # Vouched for (cardrules._trust) iff ``state`` is: a legal move keeps a valid state valid, and
    # a hand-made state's successors are never vouched for.
    vouch_for_state(after, state._trusted)
    return after


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
    table = state.table
    seat = table.current
    hand = state.hands[seat]
    rules = state.rules
    try:
        at = hand.index(card)
    except ValueError:
        at = -1
    if at < 0 or (rules.discard != "any" and has_play(rules, table, card)):
        raise refusal(state, move)
    hands = list(state.hands)
    hands[seat] = hand[:at] + hand[at + 1:]
    revealed = _forget(table.revealed, seat, card) if table.revealed[seat] else table.revealed
    # Concatenation copies the discard pile once; unpacking would copy it twice.
    discard_pile = table.discard_pile + (card,)  # noqa: RUF005
    return start_turn(state, (seat + 1) % rules.players, hands, state.draw_pile, discard_pile,
                      table.tableaux, revealed, table.reshuffles)


def _play(state: State, move: Play) -> State:
    card = move.card
    side = move.side
    table = state.table
    seat = table.current
    rules = state.rules
    hand = state.hands[seat]
    sides = rules.sides
    own = rules.side_of_seat[seat]
    tableaux = table.tableaux
    kind = _KIND_CODE[card]
    try:
        at = hand.index(card)
    except ValueError:
        raise refusal(state, move) from None
    if side is None:
        if not ((kind == _DISTANCE and _MILES[card] <= longest_drive(tableaux[own], rules, table.target))
                or (kind == _REMEDY and can_remedy(tableaux[own], card)) or kind == _SAFETY):
            raise refusal(state, move)
    elif not (kind == _HAZARD and side != own and side < sides
              and can_attack(tableaux[side], card, rules.hazard_stacking)):
        raise refusal(state, move)
    hands = list(state.hands)
    hands[seat] = hand[:at] + hand[at + 1:]
    revealed = _forget(table.revealed, seat, card) if table.revealed[seat] else table.revealed
    nxt = (seat + 1) % rules.players
    if side is not None:
        return _attack(state, card, side, hands, revealed)
    if kind == _DISTANCE:
        t = tableaux[own]
        wrong = t.wrong_way
        t = drive(t, card, wrong)
        tableaux = (*tableaux[:own], t, *tableaux[own + 1:])
        target = table.target
        if not wrong and t.miles == target:
            if rules.extension_to is not None and target == rules.race:
                return make_state(rules, make_table(tableaux, table.discard_pile, tuple(map(len, hands)),
                                                    table.draw_pile_size, seat, "extension", None, target,
                                                    None, revealed, table.reshuffles, table.match),
                                  tuple(hands), state.draw_pile, state.seed)
            return end_hand(state, seat, hands, state.draw_pile, table.discard_pile, tableaux,
                            table.reshuffles, own)
        return start_turn(state, nxt, hands, state.draw_pile, table.discard_pile, tableaux, revealed,
                          table.reshuffles)
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
        return start_turn(state, nxt, hands, state.draw_pile, table.discard_pile, tableaux, revealed,
                          table.reshuffles)
    t, discarded = safety_played(rules, tableaux[own], card, coup=False)
    tableaux = (*tableaux[:own], t, *tableaux[own + 1:])
    discard_pile = (*table.discard_pile, *discarded) if discarded else table.discard_pile
    again = rules.safety_extra_turn == "always" or bool(state.draw_pile) or can_reshuffle(
        rules, discard_pile, table.reshuffles)
    return start_turn(state, seat if again else nxt, hands, state.draw_pile, discard_pile, tableaux,
                      revealed, table.reshuffles)


def _attack(
    state: State, card: Card, side: int, hands: list[tuple[Card, ...]],
    revealed: tuple[tuple[Card, ...], ...],
) -> State:
    """``card``, a hazard, played by the seat on turn onto side ``side``."""
    rules = state.rules
    table = state.table
    seat = table.current
    tableaux = table.tableaux
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
        for holder in asked:
            revealed = _reveal(revealed, holder, SAFETY_OF[card])
        return make_state(rules, make_table(tableaux, table.discard_pile, tuple(map(len, hands)),
                                            table.draw_pile_size, asked[0], "coup_fourre",
                                            Window(seat, card, side, asked[1:]), table.target,
                                            table.extended_by, revealed, table.reshuffles, table.match),
                          tuple(hands), state.draw_pile, state.seed)
    return start_turn(state, (seat + 1) % rules.players, hands, state.draw_pile, table.discard_pile,
                      tableaux, revealed, table.reshuffles)


def _reveal(revealed: tuple[tuple[Card, ...], ...], seat: int, card: Card) -> tuple[tuple[Card, ...], ...]:
    if card in revealed[seat]:
        return revealed
    return (*revealed[:seat], tuple(sorted((*revealed[seat], card))), *revealed[seat + 1:])


def _call_coup_fourre(state: State, window: Window) -> State:
    rules = state.rules
    table = state.table
    caller = table.current
    safety = SAFETY_OF[window.hazard]
    hands = list(state.hands)
    hands[caller] = _without(hands[caller], safety)
    revealed = _forget(table.revealed, caller, safety)
    tableaux = list(table.tableaux)
    discard_pile = table.discard_pile
    own = rules.side_of(caller)
    if own == window.side:
        tableaux[own] = without_hazard(rules, tableaux[own], window.hazard)
        discard_pile = (*discard_pile, window.hazard)
    tableaux[own], discarded = safety_played(rules, tableaux[own], safety, coup=True)
    discard_pile = (*discard_pile, *discarded)
    draw_pile, discard_pile, reshuffles = refill(state, state.draw_pile, discard_pile, table.reshuffles)
    if draw_pile:
        # The replacement for the safety; the turn that follows draws once more.
        hands[caller] = tuple(sorted((*hands[caller], draw_pile[0])))
        draw_pile = draw_pile[1:]
    return start_turn(state, caller, hands, draw_pile, discard_pile, tuple(tableaux), revealed,
                      reshuffles)


def _decline_coup_fourre(state: State, window: Window) -> State:
    rules = state.rules
    table = state.table
    if window.waiting:
        asked = attrs.evolve(table, current=window.waiting[0],
                             window=Window(window.attacker, window.hazard, window.side,
                                           window.waiting[1:]))
        return State(rules=rules, table=asked, hands=state.hands, draw_pile=state.draw_pile,
                     seed=state.seed)
    return start_turn(state, (window.attacker + 1) % rules.players, list(state.hands), state.draw_pile,
                      table.discard_pile, table.tableaux, table.revealed, table.reshuffles)


def _extend(state: State, extension_to: int) -> State:
    rules = state.rules
    table = state.table
    seat = table.current
    # The longer race holds from the next turn on: start it from a table that already says so.
    extended = attrs.evolve(state, table=attrs.evolve(table, target=extension_to,
                                                      extended_by=rules.side_of(seat)))
    return start_turn(extended, (seat + 1) % rules.players, list(state.hands), state.draw_pile,
                      table.discard_pile, table.tableaux, table.revealed, table.reshuffles)
