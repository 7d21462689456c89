"""The flow of a hand: whose turn it is, the automatic draws, reshuffles, the end of a hand,
its score sheet, and the deal of the next hand of a match."""

from __future__ import annotations

import random

from cardrules.games.mille_bornes.cards import Card
from cardrules.games.mille_bornes.rules import Rules
from cardrules.games.mille_bornes.scoring import score_hand
from cardrules.games.mille_bornes.state import Match, State
from cardrules.games.mille_bornes.tableau import EMPTY_TABLEAU, Tableau

__all__ = ["can_reshuffle", "deal", "end_hand", "hand_order", "refill", "start_turn"]


def hand_order(rules: Rules, match: Match) -> list[Card]:
    """The shuffled deck of hand ``match.hand_number`` (> 0) of a match, from the match seed."""
    order = list(rules.deck_cards())
    random.Random(f"mille-bornes/{match.seed}/hand/{match.hand_number}").shuffle(order)
    return order


def deal(rules: Rules, match: Match, order: list[Card]) -> State:
    """Deal ``order`` (seat 0 the first hand, ..., the rest face down) and start the first turn."""
    size = rules.hand_size
    players = rules.players
    hands = [tuple(sorted(order[seat * size:(seat + 1) * size])) for seat in range(players)]
    return start_turn(
        rules, match, hands, tuple(order[players * size:]), (), (EMPTY_TABLEAU,) * rules.sides,
        (match.dealer + 1) % players, rules.race, None, ((),) * players, 0,
    )


def can_reshuffle(rules: Rules, discard_pile: tuple[Card, ...], reshuffles: int) -> bool:
    """Whether an empty draw pile would be refilled from the discards (reshuffle variant)."""
    return rules.reshuffle_discards and bool(discard_pile) and reshuffles < rules.reshuffle_limit


def refill(
    rules: Rules, match: Match, draw_pile: tuple[Card, ...], discard_pile: tuple[Card, ...],
    reshuffles: int,
) -> tuple[tuple[Card, ...], tuple[Card, ...], int]:
    """The draw pile, refilled from the shuffled discards if it is empty and the variant allows."""
    if draw_pile or not can_reshuffle(rules, discard_pile, reshuffles):
        return draw_pile, discard_pile, reshuffles
    cards = sorted(discard_pile)
    random.Random(f"mille-bornes/{match.seed}/hand/{match.hand_number}/reshuffle/{reshuffles}"
                  ).shuffle(cards)
    return tuple(cards), (), reshuffles + 1


def start_turn(
    rules: Rules,
    match: Match,
    hands: tuple[tuple[Card, ...], ...] | list[tuple[Card, ...]],
    draw_pile: tuple[Card, ...],
    discard_pile: tuple[Card, ...],
    tableaux: tuple[Tableau, ...],
    seat: int,
    target: int,
    extended_by: int | None,
    revealed: tuple[tuple[Card, ...], ...],
    reshuffles: int,
) -> State:
    """Start the turn of ``seat`` (or of the next seat that can play): draw for it, or end the hand."""
    if not draw_pile:
        draw_pile, discard_pile, reshuffles = refill(rules, match, draw_pile, discard_pile,
                                                      reshuffles)
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
                return end_hand(rules, match, tuple(hands), draw_pile, discard_pile, tableaux,
                                (seat - 1) % players, target, extended_by, reshuffles, None)
            return State(rules, match, tuple(hands), draw_pile, discard_pile, tableaux, seat,
                         "play", None, target, extended_by, revealed, reshuffles)
    hand = hands[seat]
    card = draw_pile[0]
    # Insert the drawn card in order: hands stay sorted so equal states are equal values.
    at = 0
    for at, held in enumerate(hand):  # noqa: B007
        if held > card:
            break
    else:
        at = len(hand)
    hands = (*hands[:seat], (*hand[:at], card, *hand[at:]), *hands[seat + 1:])
    return State(rules, match, hands, draw_pile[1:], discard_pile, tableaux, seat, "play", None,
                 target, extended_by, revealed, reshuffles)


def end_hand(
    rules: Rules,
    match: Match,
    hands: tuple[tuple[Card, ...], ...],
    draw_pile: tuple[Card, ...],
    discard_pile: tuple[Card, ...],
    tableaux: tuple[Tableau, ...],
    seat: int,
    target: int,
    extended_by: int | None,
    reshuffles: int,
    completed_by: int | None,
) -> State:
    """Score the hand; then end the game, or deal the next hand of the match."""
    delayed = not draw_pile and not can_reshuffle(rules, discard_pile, reshuffles)
    sheet = score_hand(rules, match.hand_number, tableaux, completed_by, extended_by, delayed)
    totals = tuple(total + points for total, points in zip(match.totals, sheet.totals, strict=True))
    history = (*match.history, sheet)
    if rules.target_score is None or max(totals) >= rules.target_score:
        final = Match(match.seed, match.hand_number, match.dealer, totals, history)
        return State(rules, final, hands, draw_pile, discard_pile, tableaux, seat, "over", None,
                     target, extended_by, ((),) * rules.players, reshuffles)
    following = Match(match.seed, match.hand_number + 1, (match.dealer + 1) % rules.players,
                      totals, history)
    return deal(rules, following, hand_order(rules, following))
