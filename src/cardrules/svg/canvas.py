"""The drawing surface shared by every game's picture: an SVG document built from cards and text.

Everything here is plain string building, so a picture is the same bytes for the same value. Text
is escaped once, in :func:`text` and :func:`attributes`; nothing else writes user-visible strings.
Styles are attributes on each element, never a ``<style>`` sheet, because Jupyter inlines the SVG
into the notebook's page, where a sheet would restyle everything else on it.

Drawing is on the game server's hot path (it draws every seat's table after every move), so what is
pure and recurs is remembered: a card's markup apart from its position, a text element, an escaped
string. Each memo is a :func:`functools.lru_cache` with a ``maxsize``, so that memory stays bounded
(under 20 MB in all) whatever is drawn; the markup is the same bytes as without them
(``tests/core/test_svg_memos.py`` draws with and without).
"""

from __future__ import annotations

import math
from functools import lru_cache
from html import escape

import attrs

from cardrules.svg.fonts import text_width as _text_width

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "FONT",
    "INK",
    "MUTED",
    "Canvas",
    "attributes",
    "card_back",
    "card_face",
    "document",
    "empty_slot",
    "fit",
    "text",
    "text_width",
    "wrap",
]

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
"""Fonts with wide coverage (accents, arrows) that most systems have."""

INK = "#1f2328"
"""The colour of text on light ground."""

MUTED = "#57606a"
"""The colour of secondary text (counts, labels)."""

CARD_WIDTH = 64
CARD_HEIGHT = 92
"""A card's size in user units (about the 2:3 of a playing card)."""

_SMALLEST = 6
"""The smallest font size a label shrinks to: smaller is not legible."""


def attributes(**values: object) -> str:
    """``name="value"`` pairs (escaped), in the order given; ``class_`` writes ``class``, an
    underscore in a name writes a hyphen, and ``None`` values are left out.

    >>> attributes(class_="card", font_size=12, title=None, data_top='1 < 2')
    'class="card" font-size="12" data-top="1 &lt; 2"'
    """
    # A number needs no escaping (its text holds none of &<>"'); a string's escape is remembered:
    # this runs tens of times per picture, escape() was a third of a drawing's time (issue 19).
    return " ".join(f'{_key(name)}="{value if type(value) in _NUMBERS else _escaped(str(value))}"'
                    for name, value in values.items() if value is not None)


_NUMBERS = (int, float)
_MEMO = 4096
"""The most entries the memos of card faces and escaped strings keep (texts: twice as many; the
memos of fewer distinct values, such as backs and empty slots, less). Measured: every memo full
holds about 16 MB; every seat's view of twenty whole games, in three languages, fills about 4."""


@lru_cache(maxsize=256)
def _key(name: str) -> str:
    return "class" if name == "class_" else name.replace("_", "-")


@lru_cache(maxsize=_MEMO)
def _escaped(value: str) -> str:
    return escape(value, quote=True)


def text(x: float, y: float, content: str, *, size: int = 12, weight: str | None = None,
         fill: str = INK, anchor: str = "start", class_: str | None = None) -> str:
    """A ``<text>`` element with ``content`` escaped.

    >>> text(0, 10, "Stop & go", anchor="middle")
    '<text x="0" y="10" font-size="12" fill="#1f2328" text-anchor="middle">Stop &amp; go</text>'
    """
    # Keyed on the numbers' text: equal numbers of different types (1, 1.0, True) write differently.
    return _text(str(x), str(y), content, str(size), weight, fill, anchor, class_)


@lru_cache(maxsize=2 * _MEMO, typed=True)
def _text(x: str, y: str, content: str, size: str, weight: str | None, fill: str, anchor: str,
          class_: str | None) -> str:
    head = attributes(x=x, y=y, font_size=size, font_weight=weight, fill=fill,
                      text_anchor=None if anchor == "start" else anchor, class_=class_)
    return f"<text {head}>{escape(content, quote=False)}</text>"


def text_width(content: str, size: int, *, bold: bool = False) -> int:
    """The width ``content`` takes at font ``size``, measured with :mod:`cardrules.svg.fonts` and
    rounded up, to lay the picture out by.

    >>> text_width("race to 700", 13)
    79
    """
    return math.ceil(_text_width(content, size, bold=bold))


def fit(content: str, width: float, size: int, *, bold: bool = False) -> int:
    """The largest font size up to ``size`` at which ``content`` is at most ``width`` wide (never below
    6, where it may still be wider).

    >>> fit("distancia", 52, 11, bold=True), fit("distance", 52, 11, bold=True)
    (9, 10)
    """
    return _fit(content, width, size, bold)


@lru_cache(maxsize=_MEMO // 2, typed=True)
def _fit(content: str, width: float, size: int, bold: bool) -> int:
    fitting = int(width * size / max(_text_width(content, size, bold=bold), 1e-9))
    return max(_SMALLEST, min(size, fitting))


def wrap(label: str, width: float, size: int, *, bold: bool = False) -> tuple[list[str], int]:
    """``label`` broken into lines that fit ``width`` at the font size returned: ``size``, or smaller
    if its longest word needs it (never below 6). Words break after a hyphen too.

    >>> wrap("End of Limit", 56, 10, bold=True)
    (['End of', 'Limit'], 10)
    >>> wrap("Contrasentido", 56, 10, bold=True)
    (['Contrasentido'], 6)
    """
    lines, size = _wrap(label, width, size, bold)
    return list(lines), size


@lru_cache(maxsize=_MEMO // 4, typed=True)
def _wrap(label: str, width: float, size: int, bold: bool) -> tuple[tuple[str, ...], int]:
    # Remembered as a tuple: a caller may change the list it is given.
    words = label.replace("-", "- ").split() or [""]
    size = min(fit(word, width, size, bold=bold) for word in words)
    lines: list[str] = []
    for word in words:
        if lines:
            joined = f"{lines[-1]}{'' if lines[-1].endswith('-') else ' '}{word}"
            if _text_width(joined, size, bold=bold) <= width:
                lines[-1] = joined
                continue
        lines.append(word)
    return tuple(lines), size


def card_face(x: float, y: float, *, label: str, class_: str, caption: str | None = None,
              fill: str = "#ffffff", stroke: str = "#8c959f", ink: str = INK, big: str | None = None,
              band: str | None = None, corner: str | None = None, sideways: bool = False,
              data: dict[str, object] | None = None) -> str:
    """A face-up card at ``(x, y)``: ``label`` is its accessible name (``<title>``) and, unless
    ``big`` is given (a large number in the middle), ``caption`` (by default ``label``) is written
    on it, wrapped to fit; an optional coloured ``band``
    across the top with ``corner`` text on it. ``sideways`` turns it a quarter (a coup fourré).
    ``data`` become ``data-*`` attributes, for programs that read the picture.
    """
    # A table draws the same cards at new places move after move: all but the position is remembered
    # (it was half of a Mille Bornes table's drawing time, issue 19). The data values are keyed on
    # their text, as they are written: 1, 1.0 and True are equal keys but different attributes.
    shown_data = tuple((key, None if value is None else str(value)) for key, value in (data or {}).items())
    before, after = _face(label, class_, caption, fill, stroke, ink, big, band, corner, sideways, shown_data)
    return f"{before}{_escaped(f'{x} {y}')}{after}"


@lru_cache(maxsize=_MEMO, typed=True)
def _face(label: str, class_: str, caption: str | None, fill: str, stroke: str, ink: str, big: str | None,
          band: str | None, corner: str | None, sideways: bool,
          data: tuple[tuple[str, str | None], ...]) -> tuple[str, str]:
    """A face-up card's markup before and after the ``x y`` of its position."""
    w, h = CARD_WIDTH, CARD_HEIGHT
    turn = f" rotate(90 {w // 2} {h // 2})" if sideways else ""
    extra = attributes(**{f"data_{key}": value for key, value in data})
    parts = [f'){turn}"{" " if extra else ""}{extra}>',
             f"<title>{escape(label, quote=False)}</title>",
             f'<rect {attributes(width=w, height=h, rx=6, fill=fill, stroke=stroke, stroke_width=1.5)}/>']
    top = 6
    if band is not None:
        parts.append(f'<rect {attributes(x=3, y=3, width=w - 6, height=18, rx=4, fill=band)}/>')
        if corner is not None:
            small = fit(corner, w - 12, 11, bold=True)
            parts.append(text(w // 2, 12 + small // 3 + 1, corner, size=small, weight="bold", fill="#ffffff",
                              anchor="middle"))
        top = 24
    if big is not None:
        parts.append(text(w // 2, top + (h - top) // 2 + 9, big, size=26 if len(big) < 3 else 22,
                          weight="bold", fill=ink, anchor="middle"))
    else:
        lines, size = wrap(label if caption is None else caption, w - 8, 10, bold=True)
        start = top + (h - top) // 2 - (len(lines) - 1) * (size + 2) // 2 + size // 3
        for index, line in enumerate(lines):
            parts.append(text(w // 2, start + index * (size + 2), line, size=size, weight="bold",
                              fill=ink, anchor="middle"))
    parts.append("</g>")
    return f'<g {attributes(class_=class_)} transform="translate(', "".join(parts)


def card_back(x: float, y: float, *, label: str, class_: str = "card face-down") -> str:
    """A face-down card at ``(x, y)``, named ``label`` for screen readers."""
    before, after = _back(label, class_)
    return f"{before}{_escaped(f'{x} {y}')}{after}"


@lru_cache(maxsize=_MEMO // 4, typed=True)
def _back(label: str, class_: str) -> tuple[str, str]:
    """A face-down card's markup before and after the ``x y`` of its position."""
    w, h = CARD_WIDTH, CARD_HEIGHT
    outer = attributes(width=w, height=h, rx=6, fill="#3b4a6b", stroke="#ffffff", stroke_width=1.5)
    inner = attributes(x=6, y=6, width=w - 12, height=h - 12, rx=4, fill="none", stroke="#9fb3d9",
                       stroke_width=1)
    return (f'<g {attributes(class_=class_)} transform="translate(',
            f')"><title>{escape(label, quote=False)}</title><rect {outer}/><rect {inner}/></g>')


def empty_slot(x: float, y: float, label: str) -> str:
    """The dashed outline of a card where a pile has none yet, named ``label``."""
    return f'<g class="empty" transform="translate({_escaped(f"{x} {y}")})">{_slot(label)}'


@lru_cache(maxsize=_MEMO // 16, typed=True)
def _slot(label: str) -> str:
    """An empty slot's markup after its opening tag."""
    outline = attributes(width=CARD_WIDTH, height=CARD_HEIGHT, rx=6, fill="none", stroke="#8c959f",
                         stroke_dasharray="4 3")
    return f"<title>{escape(label, quote=False)}</title><rect {outline}/></g>"


@attrs.frozen
class Canvas:
    """A picture being laid out: its size in user units and its elements, in drawing order."""

    width: int
    height: int
    elements: tuple[str, ...]


def document(canvas: Canvas, *, title: str, class_: str, size: int | None) -> str:
    """The SVG document of ``canvas``: a ``viewBox`` of its size, drawn ``size`` pixels wide (its
    own width when ``None``), named ``title`` for screen readers."""
    width = canvas.width if size is None else size
    height = canvas.height if size is None else max(1, round(size * canvas.height / canvas.width))
    head = attributes(xmlns="http://www.w3.org/2000/svg", viewBox=f"0 0 {canvas.width} {canvas.height}",
                      width=width, height=height, role="img", aria_label=title, class_=class_,
                      font_family=FONT)
    return (f"<svg {head}><title>{escape(title, quote=False)}</title>"
            f'<rect {attributes(width=canvas.width, height=canvas.height, fill="#f6f8fa")}/>'
            + "".join(canvas.elements) + "</svg>\n")
