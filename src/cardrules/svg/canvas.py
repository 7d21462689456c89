"""The drawing surface shared by every game's picture: an SVG document built from cards and text.

Everything here is plain string building, so a picture is the same bytes for the same value. Text
is escaped once, in :func:`text` and :func:`attributes`; nothing else writes user-visible strings.
Styles are attributes on each element, never a ``<style>`` sheet, because Jupyter inlines the SVG
into the notebook's page, where a sheet would restyle everything else on it.
"""

from __future__ import annotations

from html import escape

import attrs

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

# A generous average advance of a bold DejaVu Sans glyph, in ems: enough to keep labels inside their
# cards without measuring fonts (the picture must not depend on the machine that draws it).
_EM_PER_CHAR = 0.7


def attributes(**values: object) -> str:
    """``name="value"`` pairs (escaped), in the order given; ``class_`` writes ``class``, an
    underscore in a name writes a hyphen, and ``None`` values are left out.

    >>> attributes(class_="card", font_size=12, title=None, data_top='1 < 2')
    'class="card" font-size="12" data-top="1 &lt; 2"'
    """
    pairs = []
    for name, value in values.items():
        if value is None:
            continue
        key = "class" if name == "class_" else name.replace("_", "-")
        pairs.append(f'{key}="{escape(str(value), quote=True)}"')
    return " ".join(pairs)


def text(x: float, y: float, content: str, *, size: int = 12, weight: str | None = None,
         fill: str = INK, anchor: str = "start", class_: str | None = None) -> str:
    """A ``<text>`` element with ``content`` escaped.

    >>> text(0, 10, "Stop & go", anchor="middle")
    '<text x="0" y="10" font-size="12" fill="#1f2328" text-anchor="middle">Stop &amp; go</text>'
    """
    head = attributes(x=x, y=y, font_size=size, font_weight=weight, fill=fill,
                      text_anchor=None if anchor == "start" else anchor, class_=class_)
    return f"<text {head}>{escape(content, quote=False)}</text>"


def text_width(content: str, size: int, *, bold: bool = False) -> int:
    """A generous estimate of the width of ``content`` at font ``size``, to size the picture by.

    >>> text_width("race to 700", 13)
    86
    """
    return -(-len(content) * size * (7 if bold else 6) // 10)


def wrap(label: str, width: float, size: int) -> tuple[list[str], int]:
    """``label`` broken into lines that fit ``width`` at font ``size``, and the font size that makes
    the longest word fit (never below 6).

    >>> wrap("End of Limit", 56, 10)
    (['End of', 'Limit'], 10)
    >>> wrap("Contrasentido", 56, 10)
    (['Contrasentido'], 6)
    """
    words = label.replace("-", "- ").split()
    longest = max((len(word) for word in words), default=1)
    size = max(6, min(size, int(width / (longest * _EM_PER_CHAR))))
    per_line = max(1, int(width / (size * _EM_PER_CHAR)))
    lines: list[str] = []
    for word in words:
        if lines and len(lines[-1]) + 1 + len(word) <= per_line:
            joiner = "" if lines[-1].endswith("-") else " "
            lines[-1] = f"{lines[-1]}{joiner}{word}"
        else:
            lines.append(word)
    return lines, size


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
    w, h = CARD_WIDTH, CARD_HEIGHT
    turn = f" rotate(90 {w // 2} {h // 2})" if sideways else ""
    extra = {f"data_{key}": value for key, value in (data or {}).items()}
    parts = [f"<g {attributes(class_=class_, transform=f'translate({x} {y}){turn}', **extra)}>",
             f"<title>{escape(label, quote=False)}</title>",
             f'<rect {attributes(width=w, height=h, rx=6, fill=fill, stroke=stroke, stroke_width=1.5)}/>']
    top = 6
    if band is not None:
        parts.append(f'<rect {attributes(x=3, y=3, width=w - 6, height=18, rx=4, fill=band)}/>')
        if corner is not None:
            fit = max(6, min(11, int((w - 12) / (len(corner) * _EM_PER_CHAR))))
            parts.append(text(w // 2, 12 + fit // 3 + 1, corner, size=fit, weight="bold", fill="#ffffff",
                              anchor="middle"))
        top = 24
    if big is not None:
        parts.append(text(w // 2, top + (h - top) // 2 + 9, big, size=26 if len(big) < 3 else 22,
                          weight="bold", fill=ink, anchor="middle"))
    else:
        lines, size = wrap(label if caption is None else caption, w - 8, 10)
        start = top + (h - top) // 2 - (len(lines) - 1) * (size + 2) // 2 + size // 3
        for index, line in enumerate(lines):
            parts.append(text(w // 2, start + index * (size + 2), line, size=size, weight="bold",
                              fill=ink, anchor="middle"))
    parts.append("</g>")
    return "".join(parts)


def card_back(x: float, y: float, *, label: str, class_: str = "card face-down") -> str:
    """A face-down card at ``(x, y)``, named ``label`` for screen readers."""
    w, h = CARD_WIDTH, CARD_HEIGHT
    outer = attributes(width=w, height=h, rx=6, fill="#3b4a6b", stroke="#ffffff", stroke_width=1.5)
    inner = attributes(x=6, y=6, width=w - 12, height=h - 12, rx=4, fill="none", stroke="#9fb3d9",
                       stroke_width=1)
    return (f"<g {attributes(class_=class_, transform=f'translate({x} {y})')}>"
            f"<title>{escape(label, quote=False)}</title><rect {outer}/><rect {inner}/></g>")


def empty_slot(x: float, y: float, label: str) -> str:
    """The dashed outline of a card where a pile has none yet, named ``label``."""
    outline = attributes(width=CARD_WIDTH, height=CARD_HEIGHT, rx=6, fill="none", stroke="#8c959f",
                         stroke_dasharray="4 3")
    return (f"<g {attributes(class_='empty', transform=f'translate({x} {y})')}>"
            f"<title>{escape(label, quote=False)}</title><rect {outline}/></g>")


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
