"""Toy Mau's ``picture`` facet: the discard pile's top card, the stock, and one row per hand (face up
where the viewer may see it, else face down), drawn on the canvas of :mod:`cardrules.svg`."""

from __future__ import annotations

from cardrules.i18n import Lang, Phrase
from cardrules.svg.canvas import (
    CARD_HEIGHT,
    CARD_WIDTH,
    MUTED,
    Canvas,
    card_back,
    card_face,
    empty_slot,
    text,
)
from tests.toy_game.values import Observation, State, card_name

_MARGIN = 20
_STEP = CARD_WIDTH + 8
_ROW = CARD_HEIGHT + 30
_TITLE = Phrase("Toy Mau", "Toy Mau", "Toy Mau")
_SEAT = Phrase("seat {seat}", "jugador {seat}", "joueur {seat}")
_STOCK = Phrase("stock: {n} cards", "mazo: {n} cartas", "talon : {n} cartes")
_HIDDEN = Phrase("a hidden card", "una carta oculta", "une carte cachée")


def picture(value: State | Observation, lang: Lang) -> tuple[Canvas, str]:
    """The canvas of a state (every hand face up) or an observation (only the observer's hand), and
    its title."""
    if isinstance(value, State):
        hands: dict[int, tuple[int, ...]] = dict(enumerate(value.hands))
        sizes, stock = tuple(map(len, value.hands)), len(value.stock)
    else:
        hands, sizes, stock = {value.seat: value.hand}, value.hand_sizes, value.stock_size
    title = _TITLE(lang)
    top = value.discard[-1]
    elements = [text(_MARGIN, 30, title, size=18, weight="bold", class_="title"),
                card_face(_MARGIN, 44, label=card_name(top), class_="card face-up discard",
                          big=card_name(top), data={"card": top})]
    if stock:
        elements.append(card_back(_MARGIN + _STEP, 44, label=_STOCK(lang, n=stock),
                                  class_="card face-down stock"))
    else:
        elements.append(empty_slot(_MARGIN + _STEP, 44, _STOCK(lang, n=0)))
    y = 44 + _ROW
    for seat, size in enumerate(sizes):
        elements.append(text(_MARGIN, y + 16, _SEAT(lang, seat=seat), size=13, weight="bold", fill=MUTED))
        hand = hands.get(seat)
        for index in range(size):
            x = _MARGIN + 90 + index * _STEP
            if hand is None:
                elements.append(card_back(x, y, label=_HIDDEN(lang)))
            else:
                card = hand[index]
                elements.append(card_face(x, y, label=card_name(card), class_="card face-up",
                                          big=card_name(card), data={"card": card, "seat": seat}))
        y += _ROW
    width = 2 * _MARGIN + 90 + max((*sizes, 2)) * _STEP
    return Canvas(width=width, height=y, elements=tuple(elements)), title
