"""What may be played on what, the legal moves, and why a move is not legal (rules §4).

The rules are §4 of docs/rules/mille-bornes.md: distance, remedies, hazards, safeties, discards.
:func:`legal_moves` (and :func:`legal_moves_of` for an observation) lists every legal move. The
predicates are small and flat because ``legal_moves`` calls them for every card in hand at
every step; :func:`why_illegal` turns a refusal into words (:func:`illegal_reason` into words for any
language, from :mod:`~cardrules.games.mille_bornes.reasons`) and is only called when a move fails.
"""

from __future__ import annotations

from cardrules.arguments import check_instance
from cardrules.errors import IllegalMoveError
from cardrules.games.mille_bornes.cards import (
    HAZARD_OF,
    KIND,
    MILES,
    SAFETY_OF,
    Card,
    CardKind,
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
from cardrules.games.mille_bornes.reasons import CARD, reason
from cardrules.games.mille_bornes.rules import HazardStacking, Rules
from cardrules.games.mille_bornes.state import Observation, State, Table
from cardrules.games.mille_bornes.tableau import Tableau
from cardrules.i18n import Wording

__all__ = [
    "can_attack",
    "can_drive",
    "can_remedy",
    "has_play",
    "illegal_reason",
    "legal_moves",
    "legal_moves_of",
    "longest_drive",
    "refusal",
    "why_illegal",
]

_CHOICE_MOVES = (COUP_FOURRE, DECLINE)
_EXTENSION_MOVES = (EXTEND, DECLINE)
# Card kinds as small ints, indexed by card, for the hot loops of legal_moves and apply.
_DISTANCE, _HAZARD, _REMEDY, _SAFETY = 0, 1, 2, 3
_KIND_CODE = tuple(
    {CardKind.DISTANCE: _DISTANCE, CardKind.HAZARD: _HAZARD, CardKind.REMEDY: _REMEDY,
     CardKind.SAFETY: _SAFETY}[KIND[card]]
    for card in Card
)
_MILES = tuple(MILES.get(card, 0) for card in Card)

_ROW = Card.RIGHT_OF_WAY
_ACE = Card.DRIVING_ACE
_ROLL = Card.ROLL
_STOP = Card.STOP
_LIMIT = Card.SPEED_LIMIT
_WRONG = Card.WRONG_WAY
_ONLY_STOP = frozenset((_STOP,))


def longest_drive(t: Tableau, rules: Rules, target: int) -> int:
    """The longest distance card side tableau ``t`` may play in a race to ``target`` (0: none).

    Every shorter card may be played too: each limit (not moving, a speed limit, the 200s already
    played, the miles left to the target or, going the wrong way, back to 0) is a ceiling, so
    ``legal_moves`` asks once per turn and compares each card's miles with the answer.
    """
    # The tableau's properties, read here without calling them: this runs at every step.
    safeties = t.safeties
    if t.problems or not (t.rolling or _ROW in safeties):
        return 0
    direction = t.direction
    backwards = direction and direction[-1] is _WRONG and _ACE not in safeties
    longest = t.miles if backwards else target - t.miles
    if longest > 50 and t.speed and t.speed[-1] is _LIMIT and _ROW not in safeties:
        longest = 50
    if longest >= 200 and t.twos >= rules.max_200s:
        longest = 100
    return longest


def can_drive(t: Tableau, miles: int, rules: Rules, target: int) -> bool:
    """Whether side tableau ``t`` may play a distance card of ``miles`` in a race to ``target``."""
    return miles <= longest_drive(t, rules, target)


def can_remedy(t: Tableau, card: Card) -> bool:
    """Whether a remedy ``card`` may go on side tableau ``t``."""
    if card is _ROLL:
        return not t.rolling and _ROW not in t.safeties and (
            not t.problems or t.problems == _ONLY_STOP
        )
    if card is Card.END_OF_LIMIT:
        return bool(t.speed) and t.speed[-1] is _LIMIT
    if card is Card.END_OF_WRONG_WAY:
        return bool(t.direction) and t.direction[-1] is _WRONG
    return HAZARD_OF[card] in t.problems


def can_attack(t: Tableau, hazard: Card, stacking: HazardStacking) -> bool:
    """Whether ``hazard`` may be played on side tableau ``t`` under the hand's stacking rule."""
    safeties = t.safeties
    if SAFETY_OF[hazard] in safeties:
        return False
    if hazard is _LIMIT:
        return not (t.speed and t.speed[-1] is _LIMIT)
    if hazard is _WRONG:
        return not (t.direction and t.direction[-1] is _WRONG)
    if stacking == "none":
        return not t.problems and (t.rolling or _ROW in safeties)
    if stacking == "topmost":
        return bool(t.battle) or _ROW in safeties
    return hazard not in t.problems


def has_play(rules: Rules, table: Table, card: Card) -> bool:
    """Whether the seat on turn could play ``card`` (on its own side, or on some opponent)."""
    sides = rules.sides
    own = rules.side_of_seat[table.current]
    tableaux = table.tableaux
    kind = KIND[card]
    if kind is CardKind.SAFETY:
        return True
    if kind is CardKind.DISTANCE:
        return MILES[card] <= longest_drive(tableaux[own], rules, table.target)
    if kind is CardKind.REMEDY:
        return can_remedy(tableaux[own], card)
    stacking = rules.hazard_stacking
    # A loop, not any(...) over a generator: under discard="unplayable_only" this runs at every discard.
    for side in range(sides):  # noqa: SIM110
        if side != own and can_attack(tableaux[side], card, stacking):
            return True
    return False


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move, each distinct action once: plays (by card; hazards by target side), then
    discards; or the two answers of a coup fourré or extension decision. Empty iff the game is over.

    >>> from cardrules.games.mille_bornes import Rules, new_game
    >>> state = new_game(Rules(), seed=1)
    >>> [str(move) for move in legal_moves(state)][:3]
    ['roll', 'discard 25', 'discard 75']
    """
    if state.__class__ is not State:
        check_instance(state, State, "a state of Mille Bornes")
    table = state.table
    return _legal_moves(state.rules, table, state.hands[table.current])


def legal_moves_of(observation: Observation) -> tuple[Move, ...]:
    """The observer's legal moves when it decides now (those of ``legal_moves`` of any state it
    observes), else ``()``: what a bot playing from its observation may do.

    >>> from cardrules.games.mille_bornes import Rules, new_game, observe
    >>> state = new_game(Rules(), seed=1)
    >>> legal_moves_of(observe(state, 0)) == legal_moves(state), legal_moves_of(observe(state, 1))
    (True, ())
    """
    if observation.__class__ is not Observation:
        check_instance(observation, Observation, "an observation of Mille Bornes")
    table = observation.table
    if table.current != observation.seat:
        return ()
    return _legal_moves(observation.rules, table, observation.hand)


def _legal_moves(rules: Rules, table: Table, hand: tuple[Card, ...]) -> tuple[Move, ...]:
    """The legal moves of the seat deciding at ``table``, holding ``hand``: read from the table
    and that hand alone, so a state and its observations share it."""
    phase = table.phase
    if phase != "play":
        if phase == "coup_fourre":
            return _CHOICE_MOVES
        if phase == "extension":
            return _EXTENSION_MOVES
        return ()
    sides = rules.sides
    seat = table.current
    own = rules.side_of_seat[seat]
    tableaux = table.tableaux
    mine = tableaux[own]
    longest = longest_drive(mine, rules, table.target)
    any_discard = rules.discard == "any"
    stacking = rules.hazard_stacking
    plays: list[Move] = []
    discards: list[Move] = []
    previous = None
    for card in hand:
        if card is previous:
            continue
        previous = card
        kind = _KIND_CODE[card]
        if kind == _DISTANCE:
            playable = _MILES[card] <= longest
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


def why_illegal(state: State, move: object) -> str | None:
    """Why ``move`` may not be made now, in a player's words; ``None`` if it is legal.

    >>> from cardrules.games.mille_bornes import Rules, new_game
    >>> state = new_game(Rules(), deck=None, seed=3)
    >>> why_illegal(state, Play(Card.D100))
    'cannot drive 100: the side has no ROLL showing'
    """
    wording = illegal_reason(state, move)
    return None if wording is None else str(wording)


def illegal_reason(state: State, move: object) -> Wording | None:
    """:func:`why_illegal`'s reason as a :class:`~cardrules.i18n.Wording`, to be written in any of the
    languages; ``None`` if ``move`` is legal.

    >>> from cardrules.games.mille_bornes import Rules, new_game
    >>> state = new_game(Rules(), deck=None, seed=3)
    >>> illegal_reason(state, Play(Card.D100))("fr")
    "impossible de rouler 100 : le camp n'a pas de Feu vert"
    """
    check_instance(state, State, "a state of Mille Bornes")
    table = state.table
    phase = table.phase
    if phase == "over":
        return reason("game_over")
    if isinstance(move, CoupFourre):
        return None if phase == "coup_fourre" else reason("no_coup_fourre")
    if isinstance(move, Extend):
        return None if phase == "extension" else reason("no_extension")
    if isinstance(move, Decline):
        return None if phase in ("coup_fourre", "extension") else reason("nothing_to_decline")
    if not isinstance(move, Play | Discard):
        return reason("not_a_move", kind=type(move).__name__)
    if phase == "coup_fourre":
        return reason("answer_coup_fourre")
    if phase == "extension":
        return reason("answer_extension")
    card = move.card
    seat = table.current
    if card not in state.hands[seat]:
        return reason("not_in_hand", card=CARD[card], seat=seat)
    if isinstance(move, Discard):
        if state.rules.discard == "unplayable_only" and has_play(state.rules, table, card):
            return reason("could_be_played", card=CARD[card])
        return None
    return _why_not_play(state.rules, table, card, move.side)


def refusal(state: State, move: object) -> IllegalMoveError:
    """The error that refuses ``move`` in ``state``, with its reason in every language."""
    wording = illegal_reason(state, move) or reason("not_legal")
    return IllegalMoveError(move, str(wording), wording=wording)


def _why_not_play(rules: Rules, table: Table, card: Card, side: int | None) -> Wording | None:
    own = rules.side_of(table.current)
    kind = KIND[card]
    name = CARD[card]
    if kind is not CardKind.HAZARD:
        if side is not None:
            return reason("own_side_only", card=name)
        t = table.tableaux[own]
        if kind is CardKind.SAFETY:
            return None
        if kind is CardKind.REMEDY:
            return None if can_remedy(t, card) else _why_not_remedy(t, card)
        miles = MILES[card]
        if can_drive(t, miles, rules, table.target):
            return None
        return _why_not_drive(t, miles, rules, table.target)
    if side is None:
        return reason("which_side", card=name)
    if not 0 <= side < rules.sides:
        return reason("no_such_side", side=side)
    if side == own:
        return reason("not_own_side", card=name)
    t = table.tableaux[side]
    if can_attack(t, card, rules.hazard_stacking):
        return None
    if SAFETY_OF[card] in t.safeties:
        return reason("protected", side=side, safety=CARD[SAFETY_OF[card]])
    if card is _LIMIT:
        return reason("already_limited", side=side)
    if card is _WRONG:
        return reason("already_wrong_way", side=side)
    if rules.hazard_stacking == "accumulate":
        return reason("already_suffers", side=side, card=name)
    if rules.hazard_stacking == "topmost":
        return reason("not_started", side=side)
    return reason("not_moving", side=side)


def _why_not_remedy(t: Tableau, card: Card) -> Wording:
    if card is _ROLL:
        if _ROW in t.safeties:
            return reason("needs_no_roll")
        if t.rolling:
            return reason("already_rolling")
        return reason("remedy_first")
    if card is Card.END_OF_LIMIT:
        return reason("no_limit")
    if card is Card.END_OF_WRONG_WAY:
        return reason("not_wrong_way")
    return reason("not_in_effect", card=CARD[card], hazard=CARD[HAZARD_OF[card]])


def _why_not_drive(t: Tableau, miles: int, rules: Rules, target: int) -> Wording:
    if t.problems:
        return reason("stopped_by", miles=miles, hazard=CARD[sorted(t.problems)[0]])
    if not (t.rolling or _ROW in t.safeties):
        return reason("no_roll", miles=miles)
    if miles > 50 and t.speed and t.speed[-1] is _LIMIT and _ROW not in t.safeties:
        return reason("speed_limit", miles=miles)
    if miles == 200 and t.twos >= rules.max_200s:
        return reason("max_200s", most=rules.max_200s)
    if t.wrong_way:
        return reason("below_zero", miles=miles)
    return reason("past_target", miles=miles, target=target)
