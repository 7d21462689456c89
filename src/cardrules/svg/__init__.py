"""Pictures of games: a state or an observation drawn as an SVG document, cards as cards.

>>> from cardrules import svg
>>> from cardrules.games import the_game
>>> state = the_game.new_game(the_game.Rules(players=2), seed=4)
>>> picture = svg.draw(the_game.observe(state, 0), lang="fr", size=400)
>>> picture.startswith("<svg ") and 'width="400"' in picture
True

Jupyter shows every state and observation as its picture: their ``_repr_svg_`` (on the contract's
bases) calls this module, which the package root imports. A state shows every hand; an observation
shows what its seat may see, and draws the other hands face down, so the picture of an observation
never tells a hidden card. The same value gives the same bytes, and drawing does no I/O.

This package is the canvas and what every picture shares (labels, fonts); a game draws itself in
its own ``picture`` facet (``picture(value, lang) -> (Canvas, title)``, declared in its
:class:`~cardrules.contract.Game`), which :func:`draw` loads the first time a value of that game is
drawn: ``import cardrules`` imports this package and still no game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeAlias, cast

from cardrules._trust import vouched
from cardrules.arguments import shown
from cardrules.contract import GameObservation, GameState, set_picture_drawer
from cardrules.errors import ArgumentError, UnknownGameError
from cardrules.i18n import LANGUAGES, Lang, check_lang
from cardrules.registry import SomeGame, game_of

if TYPE_CHECKING:
    from cardrules.svg.canvas import Canvas

__all__ = ["LANGUAGES", "Lang", "draw"]

_MAX_SIZE = 10_000

_Picture: TypeAlias = "Callable[[Any, Lang], tuple[Canvas, str]]"


def draw(value: object, *, lang: Lang = "en", size: int | None = None) -> str:
    """``value`` (a state or an observation) drawn as an SVG document, labelled in ``lang``.

    ``size`` is the width in pixels (the height follows); ``None`` draws it at its own size, one
    pixel per unit of its ``viewBox``. Hidden cards are never drawn: an observation shows the
    observer's hand face up and the others face down, with their counts. Every card is a group
    (``<g class="card ...">``) with a ``<title>`` that names it, so the picture reads aloud as well
    as it looks. A value that could not arise in play (built by hand) raises
    :class:`~cardrules.errors.InvalidStateError` saying why, as ``from_json`` would.

    >>> from cardrules.games import mille_bornes
    >>> state = mille_bornes.new_game(mille_bornes.Rules(), seed=1)
    >>> draw(state).count('class="tableau"')
    2
    >>> draw(state, lang="de")
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: lang is one of 'en', 'es', 'fr', not 'de'
    """
    lang = check_lang(lang)
    if size is not None and (type(size) is not int or not 1 <= size <= _MAX_SIZE):
        raise ArgumentError(f"size is a width in pixels from 1 to {_MAX_SIZE}, or None, not {_shown(size)}")
    if not isinstance(value, GameState | GameObservation):
        raise ArgumentError(f"draw() takes a state or an observation, not {type(value).__name__}")
    game = _game(value)
    picture = _picture_of(game)
    if game is None or picture is None:
        what = (f"the game {game.name!r}" if game is not None
                else f"{type(value).__name__}, of no registered game")
        raise ArgumentError(f"there is no picture of {what}")
    # A value built by hand may be one no game reaches (no piles, text for a card, a hand of a
    # million cards); the drawing trusts what it draws, so it is checked first, in microseconds.
    # One the library made (cardrules._trust) is valid by construction: a server draws one a move.
    if not vouched(value):
        if isinstance(value, GameState):
            game.validate_state(value)
        else:
            game.validate_observation(value)
    # The drawing code loads with the first picture, so that importing a game (which imports the
    # package root, which imports this drawer) loads no SVG code.
    from cardrules.svg.canvas import document

    canvas, title = picture(value, lang)
    return document(canvas, title=title, class_=f"cardrules {game.name}", size=size)


def _shown(value: object) -> str:
    return shown(value) if type(value) is int else type(value).__name__


def _game(value: object) -> SomeGame | None:
    try:
        return game_of(value)
    except UnknownGameError:
        return None


def _picture_of(game: SomeGame | None) -> _Picture | None:
    """The game's ``picture`` facet (imported on first use), or ``None`` for a game without one."""
    return None if game is None else cast("_Picture | None", game.facet("picture"))


def _repr_svg(value: object) -> str | None:
    """What ``_repr_svg_`` returns: the picture, or ``None`` (IPython then shows the text) for a game
    that has none."""
    return draw(value) if _picture_of(_game(value)) is not None else None


set_picture_drawer(_repr_svg)
