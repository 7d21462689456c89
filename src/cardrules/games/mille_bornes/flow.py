"""The flow of a hand: turns, automatic draws, reshuffles, a hand's end and the next hand's deal.

A move changes a few parts of the state; the functions here take the state *before* the move (for
what stays: the rules, the match seed, the race, the match record) and the parts the move changed,
and build the next state. They are on the hot path, so they take those parts positionally, and
the hands as a list they may change: the mover's hand and the drawer's are replaced in one list,
turned into the state's tuple once.
"""

from __future__ import annotations

import random
from bisect import bisect_right

from cardrules.games.mille_bornes.cards import Card
from cardrules.games.mille_bornes.rules import Rules
from cardrules.games.mille_bornes.scoring import score_hand
from cardrules.games.mille_bornes.state import Match, State, Table, make_state, make_table
from cardrules.games.mille_bornes.tableau import EMPTY_TABLEAU, Tableau

__all__ = ["can_reshuffle", "deal", "end_hand", "hand_order", "refill", "start_turn"]

Hands = tuple[tuple[Card, ...], ...]
HandList = list[tuple[Card, ...]]


def hand_order(rules: Rules, seed: int, hand_number: int) -> list[Card]:
    """The shuffled deck of hand ``hand_number`` (> 0) of the match dealt from ``seed``."""
    order = list(rules.deck_cards())
    random.Random(f"mille-bornes/{seed}/hand/{hand_number}").shuffle(order)
    return order


def deal(rules: Rules, seed: int, match: Match, order: list[Card]) -> State:
    """Deal ``order`` (seat 0 the first hand, ..., the rest face down) for hand ``match.hand_number``
    and start its first turn, by the seat left of ``match.dealer``."""
    size = rules.hand_size
    players = rules.players
    hands = [tuple(sorted(order[seat * size:(seat + 1) * size])) for seat in range(players)]
    draw_pile = tuple(order[players * size:])
    tableaux = (EMPTY_TABLEAU,) * rules.sides
    revealed: Hands = ((),) * players
    first = (match.dealer + 1) % players
    # The first turn starts from the table as dealt, before its draw (built as on the hot path:
    # every hand of a match is dealt during play).
    dealt = make_table(tableaux, (), tuple(map(len, hands)), len(draw_pile), first, "play", None,
                       rules.race, None, revealed, 0, match)
    before = make_state(rules, dealt, tuple(hands), draw_pile, seed)
    return start_turn(before, first, hands, draw_pile, (), tableaux, revealed, 0)


def can_reshuffle(rules: Rules, discard_pile: tuple[Card, ...], reshuffles: int) -> bool:
    """Whether an empty draw pile would be refilled from the discards (reshuffle variant)."""
    return rules.reshuffle_discards and bool(discard_pile) and reshuffles < rules.reshuffle_limit


def refill(
    before: State, draw_pile: tuple[Card, ...], discard_pile: tuple[Card, ...], reshuffles: int,
) -> tuple[tuple[Card, ...], tuple[Card, ...], int]:
    """The draw pile, the discard pile and the reshuffle count: the draw pile refilled from the
    shuffled discards if it is empty and the variant allows (in the hand of ``before``)."""
    if draw_pile or not can_reshuffle(before.rules, discard_pile, reshuffles):
        return draw_pile, discard_pile, reshuffles
    cards = sorted(discard_pile)
    hand_number = before.table.match.hand_number
    random.Random(f"mille-bornes/{before.seed}/hand/{hand_number}/reshuffle/{reshuffles}"
                  ).shuffle(cards)
    return tuple(cards), (), reshuffles + 1


def start_turn(
    before: State,
    seat: int,
    hands: HandList,
    draw_pile: tuple[Card, ...],
    discard_pile: tuple[Card, ...],
    tableaux: tuple[Tableau, ...],
    revealed: Hands,
    reshuffles: int,
) -> State:
    """Start the turn of ``seat`` (or of the next seat that can play): draw for it, or end the hand.

    ``before`` is the state the move was made in; the other arguments are the parts of the state
    after the move (``hands`` is changed in place).
    """
    rules = before.rules
    if not draw_pile:
        draw_pile, discard_pile, reshuffles = refill(before, draw_pile, discard_pile, reshuffles)
        if not draw_pile:
            players = rules.players
            for _ in range(players):
                if hands[seat]:
                    break
                if rules.hand_end == "any_hand_empty":
                    seat = players  # nobody plays: the hand is over
                    break
                seat = (seat + 1) % players
            else:
                seat = players
            if seat == players:
                return end_hand(before, (seat - 1) % players, hands, draw_pile, discard_pile,
                                tableaux, reshuffles, None)
            table = before.table
            return make_state(rules, make_table(tableaux, discard_pile, tuple(map(len, hands)), 0, seat,
                                                "play", None, table.target, table.extended_by, revealed,
                                                reshuffles, table.match),
                              tuple(hands), draw_pile, before.seed)
    hand = hands[seat]
    card = draw_pile[0]
    # Insert the drawn card in order: hands stay sorted so equal states are equal values.
    at = bisect_right(hand, card)
    hands[seat] = hand[:at] + (card,) + hand[at:]  # noqa: RUF005 -- cheaper than unpacking here
    table = before.table
    return make_state(rules, make_table(tableaux, discard_pile, tuple(map(len, hands)), len(draw_pile) - 1,
                                        seat, "play", None, table.target, table.extended_by, revealed,
                                        reshuffles, table.match),
                      tuple(hands), draw_pile[1:], before.seed)


def end_hand(
    before: State,
    seat: int,
    hands: HandList,
    draw_pile: tuple[Card, ...],
    discard_pile: tuple[Card, ...],
    tableaux: tuple[Tableau, ...],
    reshuffles: int,
    completed_by: int | None,
) -> State:
    """Score the hand (``completed_by`` is the side that completed the trip, if any); then end the
    game, or deal the next hand of the match. ``seat`` is the seat that moved last."""
    rules = before.rules
    table = before.table
    match = table.match
    delayed = not draw_pile and not can_reshuffle(rules, discard_pile, reshuffles)
    sheet = score_hand(rules, match.hand_number, tableaux, completed_by, table.extended_by, delayed)
    totals = tuple(total + points for total, points in zip(match.totals, sheet.totals, strict=True))
    history = (*match.history, sheet)
    if rules.target_score is None or max(totals) >= rules.target_score:
        final = Match(hand_number=match.hand_number, dealer=match.dealer, totals=totals, history=history)
        over = Table(tableaux=tableaux, discard_pile=discard_pile, hand_sizes=tuple(map(len, hands)),
                     draw_pile_size=len(draw_pile), current=seat, phase="over", window=None,
                     target=table.target, extended_by=table.extended_by,
                     revealed=((),) * rules.players, reshuffles=reshuffles, match=final)
        return State(rules=rules, table=over, hands=tuple(hands), draw_pile=draw_pile, seed=before.seed)
    number = match.hand_number + 1
    following = Match(hand_number=number, dealer=(match.dealer + 1) % rules.players, totals=totals,
                      history=history)
    return deal(rules, before.seed, following, hand_order(rules, before.seed, number))
