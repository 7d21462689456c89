"""The picture of a game of Mille Bornes: its ``picture`` facet, which :func:`cardrules.svg.draw` loads.

It shows each side's tableau (battle and speed piles, safeties with coups fourrés turned sideways,
distance cards by value and the miles run), the draw and discard piles, and the hands (face up where
the viewer may see them, else face down).

The game server draws a table after every move (issue 19), so elements whose attributes are numbers
and this module's own words are written as plain f-strings: they hold nothing to escape, and the
generic :func:`~cardrules.svg.canvas.attributes` was the largest cost of a drawing.
"""

from __future__ import annotations

from collections import Counter

from cardrules.games.mille_bornes import Card, CardKind, Observation, Rules, State, Tableau
from cardrules.games.mille_bornes.cards import DISTANCES, KIND, MILES, card_name
from cardrules.games.mille_bornes.state import Table
from cardrules.i18n import Lang
from cardrules.svg.canvas import (
    CARD_HEIGHT,
    CARD_WIDTH,
    INK,
    MUTED,
    Canvas,
    card_back,
    card_face,
    empty_slot,
    fit,
    text,
    text_width,
    wrap,
)
from cardrules.svg.labels import Words, with_words

__all__ = ["picture"]

# The words of this picture beside those every picture shares: key: (English, Spanish, French).
_WORDS: Words = {
    "side": ("Side {n}", "Lado {n}", "Camp {n}"),
    "seats": ("seats {n} and {m}", "jugadores {n} y {m}", "joueurs {n} et {m}"),
    "race": ("race to {n}", "carrera a {n}", "course de {n}"),
    "hand": ("hand {n}", "mano {n}", "manche {n}"),
    "miles": ("{n} / {m} miles", "{n} / {m} millas", "{n} / {m} bornes"),
    "battle": ("Battle", "Batalla", "Bataille"),
    "speed": ("Speed", "Velocidad", "Vitesse"),
    "direction": ("Direction", "Dirección", "Direction"),
    "safeties": ("Safeties", "Seguridades", "Bottes"),
    "distance": ("Distance", "Distancia", "Distance"),
    "coup_fourre": ("{card} (coup fourré)", "{card} (coup fourré)", "{card} (coup fourré)"),
    "wrong_way_miles": ("{card} driven the wrong way", "{card} en contrasentido", "{card} à contresens"),
    "times": ("{card} ×{n}", "{card} ×{n}", "{card} ×{n}"),
    "rolling": ("rolling", "en marcha", "roule"),
    "stopped": ("stopped", "parado", "arrêté"),
    "known": ("known: {card}", "se sabe: {card}", "connue : {card}"),
    "window": ("{who} may call a coup fourré on {card}", "{who} puede cantar coup fourré a {card}",
               "{who} peut annoncer un coup fourré sur {card}"),
    "extension": ("{who} may extend the race to {n}", "{who} puede alargar la carrera a {n}",
                  "{who} peut prolonger la course à {n}"),
    "totals": ("match totals: {card}", "puntos del partido: {card}", "totaux de la partie : {card}"),
}
_label = with_words(_WORDS)

_MARGIN = 20
_SLOT = CARD_WIDTH + 10
_SIDEWAYS_SLOT = CARD_HEIGHT + 10
_PANEL = CARD_HEIGHT + 66
_HAND_X = 170
_PER_ROW = 10
_BAR = 160
_TO_PLAY = "#9a3412"

# Colours as on the real cards: hazards red, remedies green, safeties blue; the distance cards are
# drawn neutral. Each card also names its kind in words on its band.
_COLOURS: dict[CardKind, tuple[str, str, str]] = {
    # kind: (body, band, ink)
    CardKind.HAZARD: ("#fdecea", "#c62828", "#8e1c1c"),
    CardKind.REMEDY: ("#eaf6ec", "#2e7d32", "#1b5e20"),
    CardKind.SAFETY: ("#e8f0fe", "#1565c0", "#0d47a1"),
    CardKind.DISTANCE: ("#ffffff", "#6e7781", INK),
}
_KIND_WORDS: dict[CardKind, tuple[str, str, str]] = {
    CardKind.HAZARD: ("hazard", "ataque", "attaque"),
    CardKind.REMEDY: ("remedy", "defensa", "parade"),
    CardKind.SAFETY: ("safety", "seguridad", "botte"),
    CardKind.DISTANCE: ("distance", "distancia", "étape"),
}
_LANG_INDEX: dict[Lang, int] = {"en": 0, "es": 1, "fr": 2}


def picture(value: State | Observation, lang: Lang) -> tuple[Canvas, str]:
    """The canvas of a state (every hand face up) or an observation (only the observer's hand),
    and its accessible title."""
    if isinstance(value, State):
        hands, viewer = dict(enumerate(value.hands)), None
    else:
        hands, viewer = {value.seat: value.hand}, value.seat
    rules, table = value.rules, value.table
    title = "Mille Bornes"
    if viewer is not None:
        title = f"{title} — {_label(lang, 'you', who=_player(lang, viewer))}"
    status = _status(rules, table, lang)
    elements = [text(_MARGIN, 30, title, size=18, weight="bold", class_="title"),
                text(_MARGIN, 52, status, size=13, class_="status")]
    width = 2 * _MARGIN + max(text_width(title, 18, bold=True), text_width(status, 13))
    if rules.target_score is not None:
        totals = " · ".join(f"{_side_name(rules, side, lang)}: {points}"
                            for side, points in enumerate(table.match.totals))
        line = _label(lang, "totals", card=totals)
        elements.append(text(_MARGIN, 70, line, size=11, fill=MUTED, class_="totals"))
        width = max(width, 2 * _MARGIN + text_width(line, 11))
    elements.append(_piles(table, lang, 96))
    width = max(width, 2 * _SLOT + 3 * _MARGIN + _BAR)
    y = 96 + CARD_HEIGHT + 50
    panels = [_tableau(rules, table, side, tableau, y + side * (_PANEL + 12), lang)
              for side, tableau in enumerate(table.tableaux)]
    # Every panel as wide as the widest, so that the miles bars line up.
    width = max([width] + [needed for _, needed in panels])
    for (parts, _), tableau in zip(panels, table.tableaux, strict=True):
        elements.append(_framed(parts, table, tableau.miles, y, width, lang))
        y += _PANEL + 12
    y += 8
    for seat, size in enumerate(table.hand_sizes):
        hand, height, hand_width = _hand(rules, table, seat, size, hands.get(seat), seat == viewer, y, lang)
        elements.append(hand)
        width = max(width, hand_width)
        y += height
    return Canvas(width=width, height=y, elements=tuple(elements)), title


def _player(lang: Lang, seat: int) -> str:
    return _label(lang, "player", n=seat)


def _side_name(rules: Rules, side: int, lang: Lang) -> str:
    if rules.team_size == 1:
        return _player(lang, side)
    *others, last = [str(seat) for seat in range(rules.players) if rules.side_of(seat) == side]
    return f"{_label(lang, 'side', n=side)} ({_label(lang, 'seats', n=', '.join(others), m=last)})"


def _name(card: Card, lang: Lang) -> str:
    return card_name(card, lang)


def _status(rules: Rules, table: Table, lang: Lang) -> str:
    words = [_label(lang, "race", n=table.target)]
    if rules.target_score is not None:
        words.append(_label(lang, "hand", n=table.match.hand_number + 1))
    who = _player(lang, table.current)
    if table.phase == "over":
        words.append(_label(lang, "game_over"))
    elif table.phase == "coup_fourre" and table.window is not None:
        words.append(_label(lang, "window", who=who, card=_name(table.window.hazard, lang)))
    elif table.phase == "extension":
        words.append(_label(lang, "extension", who=who, n=rules.extension_to))
    else:
        words.append(_label(lang, "to_play", who=who))
    return " · ".join(words)


def _card(x: int, y: int, card: Card, lang: Lang, *, class_: str = "", title: str | None = None,
          sideways: bool = False) -> str:
    kind = KIND[card]
    body, band, ink = _COLOURS[kind]
    distance = kind is CardKind.DISTANCE
    classes = f"card face-up {kind.value}" + (f" {class_}" if class_ else "")
    return card_face(x, y, label=title or _name(card, lang), caption=_name(card, lang), class_=classes,
                     fill=body, stroke=band,
                     ink=ink, band=band, corner=_KIND_WORDS[kind][_LANG_INDEX[lang]],
                     big=str(MILES[card]) if distance else None, sideways=sideways,
                     data={"card": card.name})


def _count(lang: Lang, n: int) -> str:
    return _label(lang, "one_card") if n == 1 else _label(lang, "cards", n=n)


def _piles(table: Table, lang: Lang, y: int) -> str:
    parts = []
    name = _label(lang, "draw_pile")
    size = table.draw_pile_size
    x = _MARGIN
    parts.append(f'<g class="draw-pile" id="draw-pile" data-count="{size}">')
    parts.append(text(x + CARD_WIDTH // 2, y, name, size=fit(name, _SLOT + 6, 11), fill=MUTED,
                      anchor="middle"))
    if size:
        parts.append(card_back(x, y + 8, label=f"{name}: {_count(lang, size)}"))
    else:
        parts.append(empty_slot(x, y + 8, f"{name}: {_label(lang, 'empty')}"))
    parts.append(text(x + CARD_WIDTH // 2, y + CARD_HEIGHT + 24, _count(lang, size), size=11, fill=MUTED,
                      anchor="middle", class_="count"))
    parts.append("</g>")
    name = _label(lang, "discard_pile")
    size = len(table.discard_pile)
    x = _MARGIN + _SLOT + 16
    parts.append(f'<g class="discard-pile" id="discard-pile" data-count="{size}">')
    parts.append(text(x + CARD_WIDTH // 2, y, name, size=fit(name, _SLOT + 6, 11), fill=MUTED,
                      anchor="middle"))
    if size:
        top = table.discard_pile[-1]
        parts.append(_card(x, y + 8, top, lang, title=f"{name}: {_name(top, lang)}"))
    else:
        parts.append(empty_slot(x, y + 8, f"{name}: {_label(lang, 'empty')}"))
    parts.append(text(x + CARD_WIDTH // 2, y + CARD_HEIGHT + 24, _count(lang, size), size=11, fill=MUTED,
                      anchor="middle", class_="count"))
    parts.append("</g>")
    return "".join(parts)


def _tableau(rules: Rules, table: Table, side: int, tableau: Tableau, y: int,
             lang: Lang) -> tuple[list[str], int]:
    """One side's panel but its frame and miles bar (see :func:`_framed`), and the width it needs."""
    miles = tableau.miles
    moving = _label(lang, "rolling") if tableau.moving else _label(lang, "stopped")
    head = f"{_side_name(rules, side, lang)} · {moving}"
    distance = _label(lang, "miles", n=miles, m=table.target)
    parts = [f'<g class="tableau" id="tableau-{side}" data-side="{side}" data-miles="{miles}">',
             text(_MARGIN + 12, y + 22, head, size=13, weight="bold", class_="name")]
    x = _MARGIN + 12
    card_y = y + 48
    piles: list[tuple[str, str, tuple[Card, ...]]] = [("battle-pile", "battle", tableau.battle),
                                                      ("speed-pile", "speed", tableau.speed)]
    if rules.wrong_way or tableau.direction:
        piles.append(("direction-pile", "direction", tableau.direction))
    for class_, key, pile in piles:
        name = _label(lang, key)
        # A card's name is a Python name: nothing in it to escape.
        parts.append(f'<g class="{class_}" data-top="{pile[-1].name}">' if pile else f'<g class="{class_}">')
        parts.append(text(x + CARD_WIDTH // 2, card_y - 6, name, size=fit(name, _SLOT - 6, 10), fill=MUTED,
                          anchor="middle"))
        if pile:
            parts.append(_card(x, card_y, pile[-1], lang, title=f"{name}: {_name(pile[-1], lang)}"))
        else:
            parts.append(empty_slot(x, card_y, f"{name}: {_label(lang, 'no_card')}"))
        parts.append("</g>")
        x += _SLOT
    x += 8
    parts.append(f'<g class="safeties" data-count="{len(tableau.safeties)}">')
    parts.append(text(x, card_y - 6, _label(lang, "safeties"), size=10, fill=MUTED))
    # A heading wider than the cards under it keeps the next heading off it.
    heading_end = x + text_width(_label(lang, "safeties"), 10) + 8
    coups = Counter(tableau.coups_fourres)
    for card in tableau.safeties:
        sideways = coups[card] > 0
        coups[card] -= 1
        name = _label(lang, "coup_fourre", card=_name(card, lang)) if sideways else _name(card, lang)
        if sideways:
            # Turned a quarter about its centre: the card then spans its height across the slot.
            parts.append(_card(x + (CARD_HEIGHT - CARD_WIDTH) // 2 + 2, card_y, card, lang, title=name,
                               class_="coup-fourre", sideways=True))
            x += _SIDEWAYS_SLOT
        else:
            parts.append(_card(x, card_y, card, lang, title=name))
            x += _SLOT
    if not tableau.safeties:
        parts.append(empty_slot(x, card_y, f"{_label(lang, 'safeties')}: {_label(lang, 'no_card')}"))
        x += _SLOT
    parts.append("</g>")
    x = max(x + 8, heading_end)
    parts.append(f'<g class="distance" data-miles="{miles}">')
    parts.append(text(x, card_y - 6, _label(lang, "distance"), size=10, fill=MUTED))
    heading_end = x + text_width(_label(lang, "distance"), 10)
    back = Counter(tableau.backwards)
    ahead = Counter(tableau.distance) - back
    for card in DISTANCES:
        for sign in (1, -1):
            count = (ahead if sign > 0 else back)[card]
            if not count:
                continue
            name = _name(card, lang) if sign > 0 else _label(lang, "wrong_way_miles", card=_name(card, lang))
            parts.append(f'<g class="distance-group" data-miles="{sign * MILES[card]}" data-count="{count}">')
            parts.append(_card(x, card_y, card, lang, title=_label(lang, "times", card=name, n=count),
                               class_="wrong-way" if sign < 0 else ""))
            badge = f"×{count}" if sign > 0 else f"−×{count}"
            parts.append(text(x + CARD_WIDTH // 2, card_y + CARD_HEIGHT - 8, badge, size=11, weight="bold",
                              fill=MUTED, anchor="middle", class_="count badge"))
            parts.append("</g>")
            x += _SLOT
    parts.append("</g>")
    # The side's name and the miles share the top line, left and right of the bar.
    top_line = _MARGIN + 12 + text_width(head, 13, bold=True) + 16 + text_width(distance, 12, bold=True) \
        + 8 + _BAR + 12
    return parts, max(x, heading_end, _MARGIN + 12 + 3 * _SLOT + _BAR + 140, top_line) + _MARGIN


def _framed(parts: list[str], table: Table, miles: int, y: int, width: int, lang: Lang) -> str:
    """A side's panel from :func:`_tableau`'s ``parts``, with its frame and miles bar, ``width`` wide:
    the widest panel's, so each panel is laid out once and framed when every width is known."""
    distance = _label(lang, "miles", n=miles, m=table.target)
    bar_x = width - _MARGIN - 12 - _BAR
    done = max(0, min(miles, table.target)) * _BAR // max(1, table.target)
    frame = (f'<rect x="{_MARGIN}" y="{y}" width="{width - 2 * _MARGIN}" height="{_PANEL}" rx="8" '
             'fill="#ffffff" stroke="#d0d7de"/>')
    bar = (f'<rect x="{bar_x}" y="{y + 12}" width="{_BAR}" height="10" rx="5" fill="#d0d7de"/>'
           f'<rect class="progress" x="{bar_x}" y="{y + 12}" width="{done}" height="10" rx="5" '
           'fill="#2da44e"/>')
    label = text(bar_x - 8, y + 22, distance, size=12, weight="bold", anchor="end", class_="miles")
    return "".join((parts[0], frame, *parts[1:], bar, label, "</g>"))


def _hand(rules: Rules, table: Table, seat: int, size: int, hand: tuple[Card, ...] | None, is_viewer: bool,
          y: int, lang: Lang) -> tuple[str, int, int]:
    """One seat's hand, the height it takes and the width it needs."""
    who = _label(lang, "you", who=_player(lang, seat)) if is_viewer else _player(lang, seat)
    count = _count(lang, size)
    if rules.team_size > 1:
        count = f"{count} · {_label(lang, 'side', n=rules.side_of(seat))}"
    room = _HAND_X - _MARGIN - 10
    parts = [f'<g class="hand" id="hand-{seat}" data-seat="{seat}" data-count="{size}">',
             text(_MARGIN, y + 30, who, size=fit(who, room, 13, bold=True), weight="bold", class_="name"),
             text(_MARGIN, y + 48, count, size=fit(count, room, 11), fill=MUTED, class_="count")]
    below = 84
    if seat == table.current and table.phase != "over":
        parts.append(text(_MARGIN, y + 66, "▶ " + _label(lang, "on_turn"), size=11, weight="bold",
                          fill=_TO_PLAY, class_="on-turn"))
    if hand is None:
        known = table.revealed[seat] if seat < len(table.revealed) else ()
        if known:
            # Left of the cards, on as many lines as it takes.
            names = ", ".join(_name(card, lang) for card in known)
            lines, small = wrap(_label(lang, "known", card=names), room, 10)
            for line in lines:
                parts.append(text(_MARGIN, y + below, line, size=small, fill=MUTED, class_="known"))
                below += small + 3
        # Face down, fanned to fit one row however many there are.
        step = min(18, (_PER_ROW * _SLOT - CARD_WIDTH) // max(1, size))
        face_down = _label(lang, "face_down")
        parts.extend(card_back(_HAND_X + index * step, y, label=face_down) for index in range(size))
        rows, width = (1 if size else 0), _HAND_X + max(0, size - 1) * step + CARD_WIDTH
    else:
        for index, card in enumerate(hand):
            row, column = divmod(index, _PER_ROW)
            parts.append(_card(_HAND_X + column * _SLOT, y + row * (CARD_HEIGHT + 8), card, lang))
        rows = -(-len(hand) // _PER_ROW)
        width = _HAND_X + min(len(hand), _PER_ROW) * _SLOT
    parts.append("</g>")
    # An empty hand keeps the height of its name and count (and of the turn marker).
    return "".join(parts), max(rows * (CARD_HEIGHT + 8) + 12, below), width + _MARGIN
