"""Checks that a table, state or observation read from outside could arise in a real game.

One check of the public :class:`Table` serves both records: :func:`validate_state` adds the hidden
cards (every card exactly once, hands that match the table), :func:`validate_observation` adds what
the seat holds and whether any hidden hand could make the table true. A record these functions
accept never makes a verb fail. The checks are linear in the size of the record, and they check
shapes and types before they compute with them, so any value of the right class gets an answer.

The check of a table is remembered, for the last tables checked, by identity: a table and its rules
are frozen records made of tuples of numbers and strings (which the check makes sure of), so a
table found valid under some rules stays valid under them. ``determinize``, asked again and again
about the same observation by a search, checks its table once; the engine never fills this memory,
so ``apply`` costs what it did.
"""

from __future__ import annotations

import itertools
from collections import Counter
from operator import sub

from cardrules._trust import check_vouched_or_valid
from cardrules.arguments import check_instance, shown
from cardrules.errors import InvalidStateError
from cardrules.games.the_game.cards import CARDS, FIRE_CARDS, PILE_NAMES, ROW_CARDS, TRICK, dead_cards, fits
from cardrules.games.the_game.rules import Rules
from cardrules.games.the_game.state import Observation, State
from cardrules.games.the_game.table import PLAYING, STATUSES, Pile, Table

__all__ = ["check_observation", "validate_observation", "validate_state", "validate_table"]

_CARD_SET = frozenset(CARDS)
_ALL_CARDS = bytes(CARDS)
_INT = frozenset({int})
_TUPLE = frozenset({tuple})
_NO_FIRE = (-1, -1, -1, -1)


def validate_state(state: State) -> None:
    """Raise :class:`~cardrules.errors.InvalidStateError` unless ``state`` could arise in play.

    Checked: the table (see :func:`validate_table`); every card exactly once; hands sorted and as
    large as the table says; a hand on turn that agrees with the status (a player who owes cards
    can lay one while the game goes on, and cannot in a game lost by being stuck).

    >>> from cardrules.games.the_game import Rules, new_game
    >>> validate_state(new_game(Rules(players=2), seed=3))
    """
    check_instance(state, State, "a state of The Game")
    rules, table, hands, draw_pile = state.rules, state.table, state.hands, state.draw_pile
    _check_parts(rules, table)
    if type(hands) is not tuple or not _TUPLE.issuperset(map(type, hands)):
        raise InvalidStateError("the hands are a tuple of tuples of cards")
    if type(draw_pile) is not tuple:
        raise InvalidStateError("the draw pile is a tuple of cards")
    if len(hands) != rules.players:
        raise InvalidStateError(f"{len(hands)} hands at a {rules.players}-player table")
    # The cards on the piles, in the hands and in the draw pile, checked together (one C-level pass
    # over each: a state read from JSON is checked card by card).
    held = _check_table(rules, table, [*itertools.chain.from_iterable(hands), *draw_pile])
    if len(held) != len(CARDS):
        missing = sorted(_CARD_SET.difference(held))
        raise InvalidStateError(f"cards missing from the game: {missing[:5]}")
    for seat, (hand, size) in enumerate(zip(hands, table.hand_sizes, strict=True)):
        if len(hand) != size:
            raise InvalidStateError(f"seat {seat}'s hand size does not match its hand "
                                    f"({len(hand)} cards, the table says {size})")
        if list(hand) != sorted(hand):
            raise InvalidStateError(f"seat {seat}'s hand is not sorted")
    if len(draw_pile) != table.draw_pile_size:
        raise InvalidStateError(f"the draw pile holds {len(draw_pile)} cards, the table says "
                                f"{table.draw_pile_size}")
    _check_hand_on_turn(rules, table, hands[table.current])


def check_observation(observation: Observation) -> None:
    """Check ``observation`` as a verb or a bot that plays from it must: an :class:`Observation`,
    checked in full by :func:`validate_observation` unless the library vouches for it
    (:func:`cardrules._trust.check_vouched_or_valid`)."""
    check_vouched_or_valid(observation, Observation, "an observation of The Game", validate_observation)


def validate_observation(observation: Observation) -> None:
    """Raise :class:`~cardrules.errors.InvalidStateError` unless ``observation`` could be seen in play.

    Checked: the table (see :func:`validate_table`); the seat and its hand (sorted, as large as the
    table says, holding no card that is on a pile); and that the hidden cards can make the table
    true: if another seat is on turn and owes cards, some unseen card must fit a pile, and if that
    seat is stuck, enough unseen cards must fit none.

    >>> from cardrules.games.the_game import Rules, new_game, observe
    >>> validate_observation(observe(new_game(Rules(players=2), seed=3), 1))
    """
    check_instance(observation, Observation, "an observation of The Game")
    rules, table, seat, hand = observation.rules, observation.table, observation.seat, observation.hand
    _check_parts(rules, table)
    if type(seat) is not int or not 0 <= seat < rules.players:
        raise InvalidStateError(f"seat {shown(seat)} is not at the table")
    if type(hand) is not tuple:
        raise InvalidStateError("the hand is a tuple of cards")
    held = _check_table(rules, table, list(hand))
    if len(hand) != table.hand_sizes[seat]:
        raise InvalidStateError(f"the observer's hand size does not match its hand "
                                f"({len(hand)} cards, the table says {table.hand_sizes[seat]})")
    if list(hand) != sorted(hand):
        raise InvalidStateError(f"seat {seat}'s hand is not sorted")
    current = table.current
    if seat == current:
        _check_hand_on_turn(rules, table, hand)
        return
    status = table.status
    owes = table.laid < (rules.minimum if table.draw_pile_size else 1)
    if (status == PLAYING and owes) or status == "stuck":
        unseen = _CARD_SET.difference(held)
        dead = len(dead_cards(unseen, table.tops))
        if status == PLAYING and dead == len(unseen):
            raise InvalidStateError(f"seat {current} owes cards, yet no unseen card fits a pile: "
                                    "the game would be lost")
        if status == "stuck" and dead < table.hand_sizes[current]:
            raise InvalidStateError(f"seat {current} is stuck with {table.hand_sizes[current]} cards, "
                                    f"yet only {dead} unseen cards fit no pile")


def validate_table(rules: Rules, table: Table) -> None:
    """Raise :class:`~cardrules.errors.InvalidStateError` unless ``table`` could be seen in a game
    played under ``rules``.

    Checked: four piles from their row cards, each card laid by the rules and none twice; the card
    counts (98 in all; full hands while cards are left to draw); the turn bookkeeping; the fire
    deadlines; a status that matches the table.

    >>> from cardrules.games.the_game import Rules, new_game
    >>> validate_table(Rules(players=2), new_game(Rules(players=2), seed=3).table)
    >>> validate_table(Rules(players=3), new_game(Rules(players=2), seed=3).table)
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidStateError: the table has 2 hand sizes at a 3-player table
    """
    check_instance(rules, Rules, "The Game's Rules")
    check_instance(table, Table, "a table of The Game")
    _check_table(rules, table)


_KNOWN_TABLES: dict[int, tuple[Table, Rules, tuple[int, ...]]] = {}
"""Tables found valid, by ``id``, each with its rules and the cards on its piles. An entry holds its
table, so that no other object can take the table's ``id`` while the entry is kept."""
_KNOWN_TABLES_KEPT = 256


def _check_table(rules: Rules, table: Table, hidden: list[int] | None = None) -> list[int]:
    """:func:`validate_table` of a table known to be a :class:`Table`; the cards on its piles,
    followed by ``hidden`` (cards off the table, such as hands), which are checked with them to be
    cards of The Game, none of them twice."""
    known = _KNOWN_TABLES.get(id(table))
    if known is not None and known[0] is table and known[1] is rules:
        if hidden is None:
            return list(known[2])
        held = [*known[2], *hidden]
        _check_cards(held)
        return held
    held = _check_new_table(rules, table, hidden)
    if len(_KNOWN_TABLES) >= _KNOWN_TABLES_KEPT:
        _KNOWN_TABLES.clear()
    _KNOWN_TABLES[id(table)] = (table, rules, tuple(held[:len(held) - len(hidden or ())]))
    return held


def _check_new_table(rules: Rules, table: Table, hidden: list[int] | None) -> list[int]:
    piles = table.piles
    if type(piles) is not tuple or len(piles) != 4:
        raise InvalidStateError("The Game has four piles")
    on_piles: list[int] = []
    for number, pile in enumerate(piles):
        _check_pile_start(number, pile)
        on_piles.extend(pile[1:])
    held = on_piles if hidden is None else [*on_piles, *hidden]
    _check_cards(held)
    for number, pile in enumerate(piles):
        _check_pile_order(number, pile)
    sizes, draw_size, current = table.hand_sizes, table.draw_pile_size, table.current
    laid, turn, fire_due, status = table.laid, table.turn, table.fire_due, table.status
    players = rules.players
    # Types first, with C-level tests (map, issuperset): from_json checks every state it reads.
    # Bounded before any sum or message: a size read from JSON may have thousands of digits, and
    # a sum past 4300 digits cannot even be printed.
    if (type(sizes) is not tuple or not _INT.issuperset(map(type, sizes))
            or (sizes and (min(sizes) < 0 or max(sizes) > len(CARDS)))):
        raise InvalidStateError(f"the hand sizes are a tuple of whole numbers from 0 up to {len(CARDS)}")
    if len(sizes) != players:
        raise InvalidStateError(f"the table has {len(sizes)} hand sizes at a {players}-player table")
    if type(draw_size) is not int or type(turn) is not int or type(laid) is not int:
        raise InvalidStateError("draw_pile_size, turn and laid are whole numbers")
    if turn < 0 or laid < 0 or draw_size < 0:
        raise InvalidStateError("negative turn or card count")
    if type(current) is not int or not 0 <= current < players:
        raise InvalidStateError(f"seat {shown(current)} is not at the table")
    if status not in STATUSES:
        raise InvalidStateError(f"unknown status {shown(status)}")
    if type(fire_due) is not tuple or len(fire_due) != 4 or not _INT.issuperset(map(type, fire_due)):
        raise InvalidStateError("fire_due has one turn number (or -1) per pile")
    in_hands = sum(sizes)
    if len(on_piles) + in_hands + draw_size != len(CARDS):
        raise InvalidStateError(
            f"the cards on the piles ({len(on_piles)}), in the hands ({in_hands}) and in the draw "
            f"pile ({shown(draw_size)}) do not add up to {len(CARDS)}"
        )
    full = rules.hand_size
    for seat, size in enumerate(sizes):
        owed = laid if seat == current else 0
        if size + owed > full or (draw_size and size + owed != full):
            raise InvalidStateError(f"seat {seat} cannot hold {size} cards now")
    if (status == "won") != (draw_size == 0 and in_hands == 0):
        raise InvalidStateError("a game is won exactly when every card is laid")
    if sizes[current] == 0 and laid == 0:
        # Play passes over empty hands, so every turn starts in a hand that holds cards.
        raise InvalidStateError("a seat with no cards cannot be on turn")
    if status == "stuck" and laid >= (rules.minimum if draw_size else 1):
        raise InvalidStateError("the game is marked stuck but the player on turn can go on")
    earlier = len(on_piles) - laid
    if not turn <= earlier <= turn * full:
        raise InvalidStateError(f"{shown(earlier)} cards laid in {shown(turn)} finished turns is impossible")
    if rules.on_fire or fire_due != _NO_FIRE or status == "burned":
        _check_fire(rules, table)
    return held


def _check_fire(rules: Rules, table: Table) -> None:
    """The fire deadlines: one exactly for each fire card on top of a pile, and a burned game."""
    tops, turn, fire_due, status = table.tops, table.turn, table.fire_due, table.status
    for number, due in enumerate(fire_due):
        if due == -1:
            continue
        if not rules.on_fire or tops[number] not in FIRE_CARDS or due not in (turn, turn + 1):
            raise InvalidStateError(f"no fire card can be due on pile {PILE_NAMES[number]}")
        if due == turn + 1 and table.laid == 0:
            raise InvalidStateError(f"the fire card on {PILE_NAMES[number]} was laid in no turn")
    if status == "burned" and not any(
        due == turn and tops[number] in FIRE_CARDS for number, due in enumerate(fire_due)
    ):
        raise InvalidStateError("a game is burned only by a fire card due this turn and uncovered")
    if status != "burned":
        for number, top in enumerate(tops):
            if top in FIRE_CARDS and fire_due[number] == -1:
                raise InvalidStateError(f"the fire card on {PILE_NAMES[number]} has no deadline")


def _check_parts(rules: object, table: object) -> None:
    """The rules and table of a record are The Game's (a record holding others is impossible)."""
    if type(rules) is not Rules:
        raise InvalidStateError(f"the rules are not The Game's Rules but {type(rules).__name__}")
    if type(table) is not Table:
        raise InvalidStateError(f"the table is not a Table of The Game but {type(table).__name__}")


def _check_pile_start(number: int, pile: Pile) -> None:
    """Pile ``number`` is a tuple that starts with its row card."""
    if type(pile) is not tuple or not pile or type(pile[0]) is not int or pile[0] != ROW_CARDS[number]:
        raise InvalidStateError(f"pile {PILE_NAMES[number]} must start with {ROW_CARDS[number]}")


def _check_pile_order(number: int, pile: Pile) -> None:
    """Every card on pile ``number`` (all known to be cards) was laid on the one below by the rules."""
    # Each card lies above the one below it (ascending) or below it (descending), or exactly 10
    # against the direction: so every step along the pile, measured with the pile, is > 0 or -10.
    # The steps are taken by C-level maps: a state read from JSON is checked card by card.
    steps = set(map(sub, pile[1:], pile) if number < 2 else map(sub, pile, pile[1:]))
    steps.discard(-TRICK)
    if steps and min(steps) <= 0:
        for below, card in itertools.pairwise(pile):
            if not fits(card, number, below):
                raise InvalidStateError(f"{card} cannot lie on {below} on pile {PILE_NAMES[number]}")


def _check_cards(cards: list[int]) -> None:
    """Every one of ``cards`` is a card of The Game (an ``int`` from 2 to 99), none of them twice."""
    if _INT.issuperset(map(type, cards)):
        # The common case proved with C-level byte operations (a state read from JSON is checked
        # card by card): deleting every card of the game leaves nothing, so all are cards; and
        # deleting the given cards from the 98 leaves 98 less as many as there are, so none is
        # there twice. Anything else is told apart, with its message, below.
        try:
            numbers = bytes(cards)
        except ValueError:  # a number below 0 or above 255: not a card
            numbers = b"\x00"
        if (not numbers.translate(None, _ALL_CARDS)
                and len(_ALL_CARDS.translate(None, numbers)) == len(_ALL_CARDS) - len(numbers)):
            return
    if not _INT.issuperset(map(type, cards)) or not _CARD_SET.issuperset(cards):
        strangers = [card for card in cards if type(card) is not int or card not in _CARD_SET]
        names = sorted(shown(card) for card in strangers if type(card) is not int)
        names[:0] = map(shown, sorted(card for card in strangers if type(card) is int))
        raise InvalidStateError(f"not cards of The Game: [{', '.join(names[:5])}]")
    if len(set(cards)) != len(cards):
        twice = sorted(card for card, count in Counter(cards).items() if count > 1)
        raise InvalidStateError(f"cards held twice: {twice[:5]}")


def _check_hand_on_turn(rules: Rules, table: Table, hand: tuple[int, ...]) -> None:
    """The hand of the seat on turn agrees with the status: it can go on while the game does."""
    status = table.status
    owes = table.laid < (rules.minimum if table.draw_pile_size else 1)
    if (status == PLAYING and owes) or status == "stuck":
        a, b, c, d = tops = table.tops
        # The hand is sorted (checked before): a card below the highest descending top or above
        # the lowest ascending one fits a pile; only a hand within those bounds needs the count.
        can_lay = bool(hand) and (hand[0] < max(c, d) or hand[-1] > min(a, b)
                                  or len(dead_cards(set(hand), tops)) < len(hand))
        if status == PLAYING and not can_lay:
            raise InvalidStateError("the player on turn owes cards and cannot lay one: that is a loss")
        if status == "stuck" and can_lay:
            raise InvalidStateError("the game is marked stuck but the player on turn can go on")
