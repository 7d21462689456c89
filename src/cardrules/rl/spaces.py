"""Integer action spaces: every move of a game under its rules numbered once, both ways in O(1).

The numbering is the game's ``all_moves(rules)``: a move's action is its index there, the order the
game documents (``docs/rl.md`` shows the tables). Legal actions and masks are read from a state, or
from an observation through the game's ``legal_moves_of``, so a bot never needs the hidden cards.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
import numpy.typing as npt

from cardrules.arguments import shown
from cardrules.contract import RulesLike
from cardrules.errors import ArgumentError, CardrulesError, RegistrationError
from cardrules.registry import SomeGame
from cardrules.rl.lookup import game_of_rules

__all__ = ["ActionSpace", "action_space"]

Mask = npt.NDArray[np.bool_]
"""A boolean array with one entry per action."""

_NOTHING = object()
_BOOL = np.dtype(np.bool_)
_frombuffer = np.frombuffer
"""What no caller passes: the last object asked about, before the first."""


class ActionSpace:
    """The fixed-size integer action space of a game under one rules value.

    Build it with :func:`action_space` (cached per rules). Action ``i`` is ``all_moves(rules)[i]``.

    >>> from cardrules import rl
    >>> from cardrules.games import the_game
    >>> space = rl.action_space(the_game.Rules(players=2))
    >>> space.size, space.index(the_game.Play(35, 2)), str(space.move(134))
    (393, 134, '35 on down1')
    >>> state = the_game.new_game(the_game.Rules(players=2), seed=11)
    >>> space.legal_actions(state)[:3], int(space.mask(state).sum())
    ((36, 37, 38), 28)
    """

    __slots__ = ("_action_of_id", "_by_id", "_by_value", "_classes", "_game", "_last",
                 "_legal_of_observation", "_legal_of_state", "_observation_type", "_rules_seen",
                 "_state_type", "moves", "rules", "size")

    def __init__(self, game: SomeGame, rules: RulesLike) -> None:
        self._game = game
        self.rules = rules
        """The rules this space was built for (any rules of the game with the same moves share it)."""
        self.moves: tuple[object, ...] = tuple(game.all_moves(rules))
        """Every move, action ``i`` at position ``i``."""
        self.size = len(self.moves)
        """The number of actions."""
        by_value: dict[object, int] = {}
        for i, move in enumerate(self.moves):
            if move in by_value:
                raise RegistrationError(f"{game.title}'s all_moves lists {move} twice")
            by_value[move] = i
        self._by_value = by_value
        # The engines hand out shared move instances; keyed on their identity, a legal move's action
        # is one dict lookup without hashing the move. The space holds every one of those instances,
        # so no other object can take one of their ids while the space lives.
        self._by_id = {id(move): i for i, move in enumerate(self.moves)}
        self._action_of_id = self._by_id.__getitem__
        self._classes = frozenset(game.move_classes)
        self._state_type = game.state_type
        self._observation_type = game.observation_type
        self._legal_of_state = game.legal_moves
        self._legal_of_observation = game.legal_moves_of
        # Rules objects already found to number their moves as this space does (by identity; the
        # value is held so that its id stays taken).
        self._rules_seen: dict[int, object] = {id(rules): rules}
        # The last object asked about and its legal actions: ``mask`` right after ``legal_actions``
        # of the same state (what every adapter does) reads them instead of asking the game again.
        self._last: tuple[object, tuple[int, ...]] = (_NOTHING, ())

    @property
    def game_name(self) -> str:
        """The registry name of the game (``"the-game"``)."""
        return self._game.name

    def __repr__(self) -> str:
        return f"<ActionSpace of {self._game.title}: {self.size} actions>"

    def __len__(self) -> int:
        return self.size

    def index(self, move: object) -> int:
        """The action of ``move``; :class:`~cardrules.errors.ArgumentError` for anything that is not
        a move of this space.

        >>> from cardrules import rl
        >>> from cardrules.games import the_game
        >>> rl.action_space(the_game.Rules()).index(the_game.EndTurn())
        392
        """
        i = self._by_id.get(id(move))
        if i is not None:
            return i
        if move.__class__ not in self._classes:
            raise ArgumentError(f"{type(move).__name__} is not a move of {self._game.title}")
        i = self._by_value.get(move)
        if i is None:
            raise ArgumentError(f"{move} is not in the action space of {self._game.title} under these rules")
        return i

    def move(self, action: int | np.integer[Any]) -> object:
        """The move of ``action`` (a whole number from 0 to ``size - 1``; numpy integers too).

        >>> from cardrules import rl
        >>> from cardrules.games import the_game
        >>> str(rl.action_space(the_game.Rules()).move(0))
        '2 on up1'
        """
        if action.__class__ is not int:
            if isinstance(action, np.integer):
                action = int(action)
            else:
                raise ArgumentError(f"an action is a whole number, not {shown(action)}")
        if not 0 <= action < self.size:
            raise ArgumentError(f"action {action} is out of range: there are {self.size} actions (0 to "
                                f"{self.size - 1})")
        return self.moves[action]

    def legal_actions(self, state_or_observation: object) -> tuple[int, ...]:
        """The actions of the legal moves, ascending: of the seat on turn for a state, of the
        observer for an observation (``()`` when it is not on turn, or the game is over).

        >>> from cardrules import rl
        >>> from cardrules.games import the_game
        >>> state = the_game.new_game(the_game.Rules(players=2), seed=11)
        >>> space = rl.action_space(state.rules)
        >>> space.legal_actions(the_game.observe(state, 1))
        ()
        >>> space.legal_actions(the_game.observe(state, 0)) == space.legal_actions(state)
        True
        """
        last = self._last
        if last[0] is state_or_observation:
            return last[1]
        kind = state_or_observation.__class__
        if kind is self._observation_type:
            moves = self._legal_of_observation(state_or_observation)
        elif kind is self._state_type:
            moves = self._legal_of_state(state_or_observation)
        else:
            raise ArgumentError(f"legal_actions() takes a state or an observation of {self._game.title}, "
                                f"not {kind.__name__}")
        rules = getattr(state_or_observation, "rules", None)
        if rules is not None and id(rules) not in self._rules_seen:
            self._check_rules(rules)
        try:
            # map over builtins: the lookup of every move runs in C.
            actions = tuple(sorted(map(self._action_of_id, map(id, moves))))
        except KeyError:
            # A move the engine built afresh rather than handed out shared: look it up by value.
            actions = tuple(sorted(self.index(move) for move in moves))
        self._last = (state_or_observation, actions)
        return actions

    def mask(self, state_or_observation: object) -> Mask:
        """A boolean array of ``size``: ``True`` at each legal action (see :meth:`legal_actions`).

        >>> from cardrules import rl
        >>> from cardrules.games import the_game
        >>> state = the_game.new_game(the_game.Rules(players=2), seed=11)
        >>> mask = rl.action_space(state.rules).mask(state)
        >>> mask.dtype, mask.shape, bool(mask[36])
        (dtype('bool'), (393,), True)
        """
        # Set as bytes, then viewed as booleans: a third of the cost of numpy's fancy indexing.
        flags = bytearray(self.size)
        for action in self.legal_actions(state_or_observation):
            flags[action] = 1
        return _frombuffer(flags, _BOOL)  # positional: numpy parses keywords slowly

    def _check_rules(self, rules: object) -> None:
        """Accept ``rules`` if the game numbers its moves under them as under this space's rules."""
        try:
            moves = self._game.all_moves(rules)  # type: ignore[arg-type]  # checked by the game
        except CardrulesError:
            raise ArgumentError(f"{shown(rules)} are not rules of {self._game.title}") from None
        if moves is not self.moves and tuple(moves) != self.moves:
            raise ArgumentError(f"this action space is for {self.rules!r}; a game under {rules!r} numbers "
                                f"its moves differently")
        if len(self._rules_seen) >= 64:
            self._rules_seen = {id(self.rules): self.rules}
        self._rules_seen[id(rules)] = rules


_SPACES: dict[object, ActionSpace] = {}
_LOCK = threading.Lock()


def action_space(rules: object) -> ActionSpace:
    """The action space of the game ``rules`` belong to, under those rules; the same object for
    equal rules.

    >>> from cardrules import rl
    >>> from cardrules.games import mille_bornes
    >>> space = rl.action_space(mille_bornes.Rules(players=4, team_size=2))
    >>> space.size, str(space.move(5)), space is rl.action_space(mille_bornes.Rules(players=4, team_size=2))
    (51, 'accident -> side 0', True)
    """
    space = _SPACES.get(rules)
    if space is not None:
        return space
    game, checked = game_of_rules(rules)
    with _LOCK:
        space = _SPACES.get(rules)
        if space is None:
            space = _SPACES[rules] = ActionSpace(game, checked)
    return space

