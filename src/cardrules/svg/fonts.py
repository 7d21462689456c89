"""How much room text takes in a picture: the advance of each character in the pictures' font.

Layout measures every label with it instead of guessing from its length.

The pictures ask for ``DejaVu Sans, Verdana, Arial, sans-serif`` (:data:`cardrules.svg.canvas.FONT`).
The advances below are DejaVu Sans's and DejaVu Sans Bold's own (read from the fonts' ``hmtx`` tables,
in thousandths of an em, rounded up). DejaVu Sans is a wide face: Arial and the usual generic
sans-serif faces set the same text narrower. The other faces were not measured (they are not on the
machine the table was made on), so the model adds :data:`MARGIN` for a fallback a little wider. A
character the table lacks counts as the widest one it has. A picture never depends on the machine that
draws it: nothing here reads a font file.

>>> text_width("roule", 13, bold=True) < text_width("arrêté", 13, bold=True)
True
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["ASCENT", "DESCENT", "MARGIN", "advance", "text_width"]

ASCENT = 0.93
"""How far glyphs reach above the baseline, in ems (DejaVu Sans's ascender, 1901 of 2048 units)."""

DESCENT = 0.24
"""How far glyphs reach below the baseline, in ems (its descender, 483 of 2048 units)."""

MARGIN = 1.05
"""The factor every measured width is multiplied by: room for a fallback font a little wider than
DejaVu Sans, and for renderers that round each advance up to a whole pixel."""

# Generated once from /usr/share/fonts/truetype/dejavu/DejaVuSans{,-Bold}.ttf with fontTools;
# tests/core/test_svg.py checks the numbers against the fonts when both are at hand.
_CODES = (
    *range(0x20, 0x7F), *range(0xA0, 0x100),
    0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2026, 0x2212, 0x2191, 0x2193, 0x25B6,
)
_REGULAR = (
    318, 401, 460, 838, 637, 951, 780, 275, 391, 391, 500, 838, 318, 361, 318, 337, 637, 637, 637, 637, 637,
    637, 637, 637, 637, 637, 337, 337, 838, 838, 838, 531, 1000, 685, 687, 699, 771, 632, 576, 775, 752,
    295, 295, 656, 558, 863, 749, 788, 604, 788, 695, 635, 611, 732, 685, 989, 686, 611, 686, 391, 337, 391,
    838, 500, 500, 613, 635, 550, 635, 616, 353, 635, 634, 278, 278, 580, 278, 975, 634, 612, 635, 635, 412,
    521, 393, 634, 592, 818, 592, 592, 525, 637, 337, 637, 838, 318, 401, 637, 637, 637, 637, 337, 500, 500,
    1000, 472, 612, 838, 361, 1000, 500, 500, 838, 401, 401, 500, 637, 637, 318, 500, 401, 472, 612, 970,
    970, 970, 531, 685, 685, 685, 685, 685, 685, 975, 699, 632, 632, 632, 632, 295, 295, 295, 295, 775, 749,
    788, 788, 788, 788, 788, 838, 788, 732, 732, 732, 732, 611, 605, 630, 613, 613, 613, 613, 613, 613, 982,
    550, 616, 616, 616, 616, 278, 278, 278, 278, 612, 634, 612, 612, 612, 612, 612, 838, 612, 634, 634, 634,
    634, 592, 635, 592, 500, 1000, 318, 318, 519, 519, 1000, 838, 838, 838, 770,
)

_BOLD = (
    349, 457, 521, 838, 696, 1002, 873, 307, 458, 458, 523, 838, 380, 416, 380, 366, 696, 696, 696, 696,
    696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 581, 1000, 774, 763, 734, 831, 684, 684, 821,
    837, 373, 373, 775, 638, 996, 837, 851, 733, 851, 771, 721, 683, 813, 774, 1104, 771, 725, 726, 458,
    366, 458, 838, 500, 500, 675, 716, 593, 716, 679, 436, 716, 712, 343, 343, 666, 343, 1042, 712, 688,
    716, 716, 494, 596, 479, 712, 652, 924, 646, 652, 583, 712, 366, 712, 838, 349, 457, 696, 696, 637, 696,
    366, 500, 500, 1000, 564, 646, 838, 416, 1000, 500, 500, 838, 438, 438, 500, 736, 637, 380, 500, 438,
    564, 646, 1036, 1036, 1036, 581, 774, 774, 774, 774, 774, 774, 1085, 734, 684, 684, 684, 684, 373, 373,
    373, 373, 838, 837, 851, 851, 851, 851, 851, 838, 851, 813, 813, 813, 813, 725, 738, 720, 675, 675, 675,
    675, 675, 675, 1048, 593, 679, 679, 679, 679, 343, 343, 343, 343, 688, 712, 688, 688, 688, 688, 688,
    838, 688, 712, 712, 712, 712, 652, 716, 652, 500, 1000, 380, 380, 658, 658, 1000, 838, 838, 838, 770,
)

_ADVANCES: tuple[dict[str, int], dict[str, int]] = (
    {chr(code): width for code, width in zip(_CODES, _REGULAR, strict=True)},
    {chr(code): width for code, width in zip(_CODES, _BOLD, strict=True)},
)
_WIDEST = (max(_REGULAR), max(_BOLD))


def advance(character: str, *, bold: bool = False) -> int:
    """The advance of ``character`` in thousandths of an em; the widest known advance for one the table
    lacks.

    >>> advance("i"), advance("m"), advance("m", bold=True)
    (278, 975, 1042)
    """
    return _ADVANCES[bold].get(character, _WIDEST[bold])


def text_width(content: str, size: float, *, bold: bool = False) -> float:
    """The width of ``content`` drawn at font ``size``, in the same units as ``size``, erring wide.

    >>> round(text_width("600 / 1000 bornes", 12, bold=True), 1)
    128.1
    """
    return _text_width(content, size, bold)


# Layout measures the same labels on every picture, and a sum over characters per label added up to
# a tenth of a drawing (issue 19): widths are remembered, in a bounded memo.
@lru_cache(maxsize=4096, typed=True)
def _text_width(content: str, size: float, bold: bool) -> float:
    advances = _ADVANCES[bold]
    widest = _WIDEST[bold]
    return sum(advances.get(character, widest) for character in content) * size * MARGIN / 1000
