"""The picture of a game of The Game: its ``picture`` facet, which :func:`cardrules.svg.draw` loads.

It shows the draw pile, the four piles with their top cards and directions, and the hands (face up
where the viewer may see them, else face down).

The game server draws a table after every move (issue 19), so elements whose attributes are numbers
and this module's own words are written as plain f-strings: they hold nothing to escape, and the
generic :func:`~cardrules.svg.canvas.attributes` was the largest cost of a drawing.
"""

from __future__ import annotations

from functools import lru_cache

from cardrules.games.the_game import FIRE_CARDS, Observation, State
from cardrules.games.the_game.table import Table
from cardrules.i18n import Lang
from cardrules.svg.canvas import (
    CARD_HEIGHT,
    CARD_WIDTH,
    MUTED,
    Canvas,
    attributes,
    card_back,
    card_face,
    empty_slot,
    text,
    text_width,
)
from cardrules.svg.labels import Words, with_words

__all__ = ["picture"]

# The words of this picture beside those every picture shares: key: (English, Spanish, French).
_WORDS: Words = {
    "up": ("ascending pile {n}", "pila ascendente {n}", "pile montante {n}"),
    "down": ("descending pile {n}", "pila descendente {n}", "pile descendante {n}"),
    "ascending": ("{pile}: from 1 up", "{pile}: de 1 hacia arriba", "{pile} : de 1 vers le haut"),
    "descending": ("{pile}: from 100 down", "{pile}: de 100 hacia abajo", "{pile} : de 100 vers le bas"),
    "top": ("top card {n}", "carta superior {n}", "carte du dessus {n}"),
    "must_lay": ("lay at least {n} ({m} laid)", "jugar al menos {n} ({m} jugadas)",
                 "poser au moins {n} ({m} posées)"),
    "fire": ("fire card", "carta de fuego", "carte de feu"),
    "fire_now": ("{pile} is on fire: cover it this turn", "{pile} está en llamas: cúbrela en este turno",
                 "{pile} est en feu : couvrez-la ce tour-ci"),
    "fire_next": ("{pile} is on fire: cover it by the end of the next turn",
                  "{pile} está en llamas: cúbrela antes del final del próximo turno",
                  "{pile} est en feu : couvrez-la avant la fin du prochain tour"),
    "won": ("Won: every card laid", "Ganada: todas las cartas jugadas", "Gagné : toutes les cartes posées"),
    "stuck": ("Lost: {who} could not lay enough", "Perdida: {who} no pudo jugar lo necesario",
              "Perdu : {who} ne pouvait pas poser assez"),
    "burned": ("Lost: a fire card burned", "Perdida: una carta de fuego ardió",
               "Perdu : une carte de feu a brûlé"),
}
_label = with_words(_WORDS)

_KEPT = 4096
"""The most pile and hand groups each memo keeps: a few MB at most (a group is a few hundred
bytes to two KB); a busy server's tables share their faces, counts and empty hands."""

_MARGIN = 20
_PILES_X = 140
_PILE_STEP = 86
_HAND_X = 170
_CARD_STEP = CARD_WIDTH + 8
_BACK_STEP = 18
_ROW = CARD_HEIGHT + 34
_FIRE = "#d1242f"
_UP = "#c2410c"
_DOWN = "#1d4ed8"


def picture(value: State | Observation, lang: Lang) -> tuple[Canvas, str]:
    """The canvas of a state (every hand face up) or an observation (only the observer's hand),
    and its accessible title."""
    if isinstance(value, State):
        table, hands, viewer = value.table, dict(enumerate(value.hands)), None
    else:
        table, hands, viewer = value.table, {value.seat: value.hand}, value.seat
    on_fire = value.rules.on_fire
    minimum = value.minimum
    title = "The Game"
    if viewer is not None:
        title = f"{title} — {_label(lang, 'you', who=_player(lang, viewer))}"
    status = _status(table, minimum, lang)
    elements = [text(_MARGIN, 30, title, size=18, weight="bold", class_="title"),
                text(_MARGIN, 52, status, size=13, class_="status")]
    elements.append(_draw_pile(table, lang))
    elements.extend(_pile(table, pile, on_fire, lang) for pile in range(4))
    longest = max([len(hand) for hand in hands.values()] + [1])
    notices = [text_width(notice, 11, bold=True) for pile in range(4)
               if (notice := _fire_notice(table, pile, lang)) is not None]
    width = _MARGIN + max(_PILES_X + 4 * _PILE_STEP, _HAND_X + longest * _CARD_STEP,
                          _HAND_X + 8 * _BACK_STEP + CARD_WIDTH, _MARGIN + text_width(status, 13),
                          _MARGIN + text_width(title, 18, bold=True), *(_MARGIN + wide for wide in notices))
    y = 84 + CARD_HEIGHT + 34 + 16 * sum(1 for due in table.fire_due if due >= 0)
    for seat, size in enumerate(table.hand_sizes):
        elements.append(_hand(seat, size, hands.get(seat), seat == viewer, table, on_fire, y, lang))
        y += _ROW
    return Canvas(width=width, height=y, elements=tuple(elements)), title


def _player(lang: Lang, seat: int) -> str:
    return _label(lang, "player", n=seat)


def _status(table: Table, minimum: int, lang: Lang) -> str:
    who = _player(lang, table.current)
    if table.status == "won":
        return _label(lang, "won")
    if table.status == "stuck":
        return _label(lang, "stuck", who=who)
    if table.status == "burned":
        return _label(lang, "burned")
    return " · ".join((_label(lang, "turn", n=table.turn + 1), _label(lang, "to_play", who=who),
                       _label(lang, "must_lay", n=minimum, m=table.laid)))


def _count(lang: Lang, n: int) -> str:
    return _label(lang, "one_card") if n == 1 else _label(lang, "cards", n=n)


def _draw_pile(table: Table, lang: Lang) -> str:
    size = table.draw_pile_size
    name = _label(lang, "draw_pile")
    parts = [f'<g class="draw-pile" id="draw-pile" data-count="{size}">',
             text(_MARGIN + CARD_WIDTH // 2, 76, name, size=11, fill=MUTED, anchor="middle")]
    if size:
        parts.append(card_back(_MARGIN, 84, label=f"{name}: {_count(lang, size)}"))
    else:
        parts.append(empty_slot(_MARGIN, 84, f"{name}: {_label(lang, 'empty')}"))
    parts.append(text(_MARGIN + CARD_WIDTH // 2, 84 + CARD_HEIGHT + 16, _count(lang, size), size=11,
                      fill=MUTED, anchor="middle", class_="count"))
    parts.append("</g>")
    return "".join(parts)


def _pile(table: Table, pile: int, on_fire: bool, lang: Lang) -> str:
    notice = _fire_notice(table, pile, lang)
    # One line per burning pile under the row of piles: the notice is wider than a pile.
    line = 84 + CARD_HEIGHT + 38 + 16 * sum(1 for due in table.fire_due[:pile] if due >= 0)
    return _pile_group(pile, table.piles[pile][-1], len(table.piles[pile]) - 1, on_fire, notice,
                       line, lang)


@lru_cache(maxsize=_KEPT)
def _pile_group(pile: int, top: int, laid: int, on_fire: bool, notice: str | None, line: int,
                lang: Lang) -> str:
    """A pile's group, from all it shows (a table changes a pile or two a move: the rest is
    remembered, as for :func:`_hand_group`)."""
    ascending = pile < 2
    x = _PILES_X + pile * _PILE_STEP
    direction = "ascending" if ascending else "descending"
    corner = "1 ↑" if ascending else "100 ↓"
    pile_name = _label(lang, "up" if ascending else "down", n=pile % 2 + 1)
    name = f"{_label(lang, direction, pile=pile_name)}, {_label(lang, 'top', n=top)}"
    if on_fire and top in FIRE_CARDS:
        name = f"{name} ({_label(lang, 'fire')})"
    parts = [f'<g class="pile {direction}" id="pile-{pile}" data-top="{top}">',
             _number_card(x, 84, top, name, on_fire, band=_UP if ascending else _DOWN, corner=corner),
             text(x + CARD_WIDTH // 2, 84 + CARD_HEIGHT + 16, _count(lang, laid),
                  size=11, fill=MUTED, anchor="middle", class_="count")]
    if notice is not None:
        parts.append(text(_MARGIN, line, notice, size=11, weight="bold", fill=_FIRE, class_="fire-due"))
    parts.append("</g>")
    return "".join(parts)


def _fire_notice(table: Table, pile: int, lang: Lang) -> str | None:
    """What a burning pile's line under the piles says, or ``None`` if ``pile`` is not burning."""
    if table.fire_due[pile] < 0:
        return None
    when = "fire_now" if table.fire_due[pile] <= table.turn else "fire_next"
    return _label(lang, when, pile=_label(lang, "up" if pile < 2 else "down", n=pile % 2 + 1))


def _number_card(x: int, y: int, number: int, name: str, on_fire: bool, *, band: str | None = None,
                 corner: str | None = None) -> str:
    fire = on_fire and number in FIRE_CARDS
    card = card_face(x, y, label=name, class_="card face-up fire" if fire else "card face-up",
                     fill="#fff4ec" if fire else "#ffffff", stroke=_FIRE if fire else "#8c959f",
                     big=str(number), band=band, corner=corner, data={"card": number})
    if not fire:
        return card
    # A flame in the corner marks a fire card on top of the red frame, so colour is not the only sign.
    where = f"translate({x + CARD_WIDTH - 12} {y + CARD_HEIGHT - 14})"
    flame = attributes(class_="fire-mark", transform=where, d="M0 -9 C6 -3 6 3 0 6 C-6 3 -6 -3 0 -9 Z",
                       fill="#e8590c")
    return f"{card}<path {flame}/>"


def _hand(seat: int, size: int, hand: tuple[int, ...] | None, is_viewer: bool, table: Table, on_fire: bool,
          y: int, lang: Lang) -> str:
    on_turn = seat == table.current and table.status == "playing"
    return _hand_group(seat, size, hand, is_viewer, on_turn, on_fire, y, lang)


@lru_cache(maxsize=_KEPT)
def _hand_group(seat: int, size: int, hand: tuple[int, ...] | None, is_viewer: bool, on_turn: bool,
                on_fire: bool, y: int, lang: Lang) -> str:
    """A hand's group, from all it shows. A table is drawn after every move (the game server draws
    each seat's): most hands and piles look as they did a move before, and drawing them again was
    half of a picture's time."""
    who = _label(lang, "you", who=_player(lang, seat)) if is_viewer else _player(lang, seat)
    parts = [f'<g class="hand" id="hand-{seat}" data-seat="{seat}" data-count="{size}">',
             text(_MARGIN, y + 30, who, size=13, weight="bold", class_="name"),
             text(_MARGIN, y + 48, _count(lang, size), size=11, fill=MUTED, class_="count")]
    if on_turn:
        parts.append(text(_MARGIN, y + 66, "▶ " + _label(lang, "on_turn"), size=11,
                          weight="bold", fill=_UP, class_="on-turn"))
    if hand is None:
        face_down = _label(lang, "face_down")
        parts.extend(card_back(_HAND_X + index * _BACK_STEP, y, label=face_down) for index in range(size))
    else:
        parts.extend(_number_card(_HAND_X + index * _CARD_STEP, y, card, str(card), on_fire)
                     for index, card in enumerate(hand))
    parts.append("</g>")
    return "".join(parts)
