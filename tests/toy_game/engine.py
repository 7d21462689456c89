"""Toy Mau's verbs: the deal, the legal moves, applying a move, observing, and the validators."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable
from typing import TypeGuard

from cardrules import ArgumentError, IllegalMoveError, InvalidStateError, NotationError, RulesError
from cardrules.arguments import (
    check_deck,
    check_first_player,
    check_instance,
    check_rng,
    check_seat,
    check_seed,
    check_text,
)
from cardrules.i18n import Lang, Phrase, check_lang
from tests.toy_game.values import (
    DECK,
    Draw,
    Move,
    Observation,
    Pass,
    Play,
    Result,
    Rules,
    State,
    card_name,
    matches,
)

DRAW, PASS = Draw(), Pass()
PLAYS = tuple(Play(card) for card in DECK)
"""The engine hands out these shared moves rather than building new ones every turn."""
ALL_MOVES: tuple[Move, ...] = (*PLAYS, DRAW, PASS)
"""The whole action space, the same under every rules value: a play per card, draw, pass."""


def new_game(rules: Rules | None = None, *, seed: int | None = None, deck: Iterable[int] | None = None,
             first_player: int = 0) -> State:
    """Deal: shuffled from ``seed``, or in the order ``deck`` (hands first, then the card turned up)."""
    rules = Rules() if rules is None else check_instance(rules, Rules, "Toy Mau's Rules")
    check_first_player(first_player, rules.players)
    if seed is not None and deck is not None:
        raise RulesError("give a seed or a deck, not both")
    if deck is None:
        order = list(DECK)
        random.Random(check_seed(seed)).shuffle(order)
    else:
        order = check_deck(deck, DECK, int, name="Toy Mau")
    size, dealt = rules.hand_size, rules.players * rules.hand_size
    hands = tuple(tuple(sorted(order[seat * size:(seat + 1) * size])) for seat in range(rules.players))
    return State(rules, (order[dealt],), hands, tuple(order[dealt + 1:]), first_player, 0)


def is_terminal(state: State) -> bool:
    """Whether someone has shed every card, or every seat has passed in a row."""
    check_instance(state, State, "a state of Toy Mau")
    return state.passes == state.rules.players or not all(state.hands)


def current_player(state: State) -> int | None:
    """The seat on turn; ``None`` once the game is over."""
    return None if is_terminal(state) else state.current


def legal_moves(state: State) -> tuple[Move, ...]:
    """The cards that match the top card, in card order, then ``draw`` (or ``pass`` without a stock)."""
    if is_terminal(state):
        return ()
    return _legal_moves(state.discard[-1], state.hands[state.current], bool(state.stock))


def legal_moves_of(observation: Observation) -> tuple[Move, ...]:
    """The observer's legal moves when it is on turn, else ``()``."""
    check_instance(observation, Observation, "an observation of Toy Mau")
    if (observation.current != observation.seat or observation.passes == observation.rules.players
            or 0 in observation.hand_sizes):
        return ()
    return _legal_moves(observation.discard[-1], observation.hand, observation.stock_size > 0)


def _legal_moves(top: int, hand: tuple[int, ...], stock: bool) -> tuple[Move, ...]:
    plays: tuple[Move, ...] = tuple(PLAYS[card] for card in hand if matches(card, top))
    return (*plays, DRAW if stock else PASS)


def why_illegal(state: State, move: Move) -> str | None:
    """Why ``move`` is not legal in ``state``, in a player's words; ``None`` if it is."""
    if is_terminal(state):
        return "the game is over"
    if type(move) is Play:
        if move.card not in state.hands[state.current]:
            return f"you do not hold {card_name(move.card)}" if move.card in DECK else "no such card"
        if not matches(move.card, state.discard[-1]):
            return f"{card_name(move.card)} matches neither suit nor rank of {card_name(state.discard[-1])}"
        return None
    if type(move) is Draw:
        return None if state.stock else "the stock is empty: play or pass"
    if type(move) is Pass:
        return "you may pass only once the stock is empty: draw instead" if state.stock else None
    return f"{type(move).__name__} is not a move of Toy Mau"


def apply(state: State, move: Move) -> State:
    """The state after ``move``; an illegal move raises ``IllegalMoveError`` saying why."""
    reason = why_illegal(state, move)
    if reason is not None:
        raise IllegalMoveError(move, reason)
    seat, hands = state.current, list(state.hands)
    following = (seat + 1) % state.rules.players
    if type(move) is Play:
        hands[seat] = tuple(card for card in hands[seat] if card != move.card)
        # Whoever sheds the last card stays "current": the game is over and they won it.
        return State(state.rules, (*state.discard, move.card), tuple(hands), state.stock,
                     following if hands[seat] else seat, 0)
    if type(move) is Draw:
        hands[seat] = tuple(sorted((*hands[seat], state.stock[0])))
        return State(state.rules, state.discard, tuple(hands), state.stock[1:], following, 0)
    return State(state.rules, state.discard, state.hands, state.stock, following, state.passes + 1)


def result(state: State) -> Result | None:
    """Who won, once the game is over: the seats holding the fewest cards."""
    if not is_terminal(state):
        return None
    left = tuple(len(hand) for hand in state.hands)
    return Result(winners=tuple(seat for seat, n in enumerate(left) if n == min(left)), cards_left=left)


_BY_NAME = {str(move): move for move in ALL_MOVES}


def parse_move(state: State, text: str) -> Move:
    """The legal move written as ``text`` (``"play 3d"``, ``"draw"``, ``"pass"``)."""
    move = _BY_NAME.get(" ".join(check_text(text).lower().split()))
    if move is None:
        raise NotationError(text, "write a move like 'play 3d', 'draw' or 'pass'")
    reason = why_illegal(check_instance(state, State, "a state of Toy Mau"), move)
    if reason is not None:
        raise IllegalMoveError(move, reason)
    return move


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` may know: its own hand, the size of every hand and of the stock, the table."""
    check_seat(seat, check_instance(state, State, "a state of Toy Mau").rules.players)
    return Observation(rules=state.rules, seat=seat, hand=state.hands[seat],
                       hand_sizes=tuple(len(hand) for hand in state.hands), discard=state.discard,
                       stock_size=len(state.stock), current=state.current, passes=state.passes)


_DISCARD = Phrase("Discard pile: {card} on top", "Descarte: {card} encima", "Défausse : {card} dessus")
_STOCK = Phrase("Stock: {n} cards", "Mazo: {n} cartas", "Talon : {n} cartes")
_HAND = Phrase("seat {seat}: {cards}", "jugador {seat}: {cards}", "joueur {seat} : {cards}")
_COUNT = Phrase("{n} cards", "{n} cartas", "{n} cartes")
_TURN = Phrase("Seat {seat} to play.", "Juega el jugador {seat}.", "Au joueur {seat} de jouer.")
_OVER = Phrase("Game over: {result}.", "Fin de la partida: {result}.", "Partie terminée : {result}.")
_PLAY = Phrase("plays {card}", "juega {card}", "joue {card}")
_DRAW = Phrase("draws a card", "roba una carta", "pioche une carte")
_PASS = Phrase("passes", "pasa", "passe")


def render(x: State | Observation, *, lang: Lang = "en") -> str:
    """The discard pile's top, the stock, the hands ``x`` may show (an observation: only its seat's),
    and whose turn it is or how the game ended."""
    lang = check_lang(lang)
    if type(x) is State:
        sizes = tuple(len(hand) for hand in x.hands)
        hands = [" ".join(map(card_name, hand)) for hand in x.hands]
        stock = len(x.stock)
    elif type(x) is Observation:
        sizes = x.hand_sizes
        hands = [" ".join(map(card_name, x.hand)) if seat == x.seat else _COUNT(lang, n=size)
                 for seat, size in enumerate(sizes)]
        stock = x.stock_size
    else:
        raise ArgumentError(f"render() takes a State or an Observation of Toy Mau, not {type(x).__name__}")
    lines = [_DISCARD(lang, card=card_name(x.discard[-1])), _STOCK(lang, n=stock)]
    lines.extend(_HAND(lang, seat=seat, cards=cards) for seat, cards in enumerate(hands))
    if x.passes == x.rules.players or not all(sizes):
        winners = tuple(seat for seat, n in enumerate(sizes) if n == min(sizes))
        lines.append(_OVER(lang, result=Result(winners=winners, cards_left=sizes)))
    else:
        lines.append(_TURN(lang, seat=x.current))
    return "\n".join(lines)


def describe_move(move: Move, *, lang: Lang = "en") -> str:
    """``move`` in words: ``plays 3d``, ``draws a card``, ``passes``."""
    lang = check_lang(lang)
    if type(move) is Play:
        return _PLAY(lang, card=card_name(move.card))
    if type(move) is Draw:
        return _DRAW(lang)
    if type(move) is Pass:
        return _PASS(lang)
    raise ArgumentError(f"describe_move() takes a move of Toy Mau, not {type(move).__name__}")


def determinize(observation: Observation, rng: random.Random | int) -> State:
    """A state ``observation``'s seat cannot tell from the real one: the unseen cards dealt at random."""
    draw = check_rng(rng)
    validate_observation(observation)
    seen = {*observation.hand, *observation.discard}
    unseen = [card for card in DECK if card not in seen]
    draw.shuffle(unseen)
    hands = []
    for seat, size in enumerate(observation.hand_sizes):
        if seat == observation.seat:
            hands.append(observation.hand)
        else:
            hands.append(tuple(sorted(unseen[:size])))
            del unseen[:size]
    return State(observation.rules, observation.discard, tuple(hands), tuple(unseen), observation.current,
                 observation.passes)


def validate_state(state: State) -> None:
    """Raise ``InvalidStateError`` unless ``state`` could arise in play."""
    if type(state) is not State or type(state.hands) is not tuple or not _are_cards(state.stock):
        raise InvalidStateError("not a state of Toy Mau")
    for hand in state.hands:
        _check_hand(hand)
    _check_table(state.rules, state.discard, tuple(len(hand) for hand in state.hands), len(state.stock),
                 state.current, state.passes)
    held = sorted([*state.discard, *state.stock, *(card for hand in state.hands for card in hand)])
    if held != list(DECK):
        raise InvalidStateError("the state must hold each of the 24 cards exactly once")


def validate_observation(observation: Observation) -> None:
    """Raise ``InvalidStateError`` unless ``observation`` could be seen in play."""
    if type(observation) is not Observation:
        raise InvalidStateError("not an observation of Toy Mau")
    _check_hand(observation.hand)
    _check_table(observation.rules, observation.discard, observation.hand_sizes, observation.stock_size,
                 observation.current, observation.passes)
    if type(observation.seat) is not int or not 0 <= observation.seat < len(observation.hand_sizes):
        raise InvalidStateError(f"seat {observation.seat!r} is not at the table")
    if len(observation.hand) != observation.hand_sizes[observation.seat]:
        raise InvalidStateError("the observer's hand size does not match its hand")
    if set(observation.hand) & set(observation.discard):
        raise InvalidStateError("a card is both in the observer's hand and on the discard pile")


def validate_result(value: Result) -> None:
    """Raise ``InvalidStateError`` unless ``value`` could end a game."""
    left = value.cards_left if type(value) is Result else None
    if not _are_counts(left) or not 2 <= len(left) <= 4 or sum(left) >= len(DECK) or left.count(0) > 1:
        raise InvalidStateError(f"no game of Toy Mau ends with these cards left: {left}")
    if value.winners != tuple(seat for seat, n in enumerate(left) if n == min(left)):
        raise InvalidStateError("the winners are the seats with the fewest cards left")


def _check_table(rules: Rules, discard: tuple[int, ...], sizes: tuple[int, ...], stock: int, current: int,
                 passes: int) -> None:
    """What every seat can check: the public part of a state or an observation."""
    if type(rules) is not Rules or not _are_counts(sizes) or not _are_counts((stock, current, passes)):
        raise InvalidStateError("not a table of Toy Mau")
    if len(sizes) != rules.players or current >= rules.players:
        raise InvalidStateError("the hands or the seat on turn do not fit the table")
    if not _are_cards(discard) or not discard or len(set(discard)) != len(discard):
        raise InvalidStateError("the discard pile holds a card that is not in the deck, or one twice")
    if not all(matches(card, below) for below, card in itertools.pairwise(discard)):
        raise InvalidStateError("a card on the discard pile matches neither suit nor rank of the card below")
    drawn = len(DECK) - rules.players * rules.hand_size - 1 - stock
    if len(discard) + sum(sizes) + stock != len(DECK) or drawn < 0:
        raise InvalidStateError("the card counts do not add up to the deck")
    if sum(max(0, size - rules.hand_size) for size in sizes) > drawn:
        raise InvalidStateError("the hands hold more cards than were dealt and drawn")
    if passes > rules.players or (passes and stock):
        raise InvalidStateError(f"{passes} passes in a row are impossible here")
    if 0 in sizes and (sizes.index(0) != current or sizes.count(0) > 1 or passes):
        raise InvalidStateError("only the seat that just laid its last card may hold none")


def _check_hand(hand: tuple[int, ...]) -> None:
    if not _are_cards(hand) or list(hand) != sorted(set(hand)):
        raise InvalidStateError("a hand holds a card that is not in the deck, or is not sorted")


def _are_cards(cards: object) -> TypeGuard[tuple[int, ...]]:
    return type(cards) is tuple and all(type(card) is int and 0 <= card < len(DECK) for card in cards)


def _are_counts(counts: object) -> TypeGuard[tuple[int, ...]]:
    return type(counts) is tuple and all(type(n) is int and n >= 0 for n in counts)
