"""The Game as text for people, in English, Spanish and French, and each move in words.

The text shows the table, the hands a viewer may see, whose turn it is and how the game ended.

The Spanish words are those of the Spanish rulebook (pila ascendente, pila de robo, colocar); the
French ones are the plain words of French card games (pile ascendante, pioche, poser).
"""

from __future__ import annotations

import functools
from typing import Literal

from cardrules.arguments import shown
from cardrules.errors import ArgumentError
from cardrules.games.the_game.cards import ASCENDING, PILE_NAMES
from cardrules.games.the_game.moves import EndTurn, Move, Play, all_moves
from cardrules.games.the_game.rules import Rules
from cardrules.games.the_game.state import Observation, Result, State
from cardrules.games.the_game.table import PLAYING, Table
from cardrules.i18n import COLON, Counted, Lang, Phrase, check_lang

__all__ = ["describe_move", "describe_result", "pile_name", "render", "render_public"]

P = Phrase
C = Counted

_PILE = (P("ascending pile {n}", "pila ascendente {n}", "pile ascendante {n}"),
         P("descending pile {n}", "pila descendente {n}", "pile descendante {n}"))
_PLAYERS = C(P("{n} player", "{n} jugador", "{n} joueur"), P("{n} players", "{n} jugadores", "{n} joueurs"))
_MINIMUM = P("at least {n} cards a turn", "al menos {n} cartas por turno", "au moins {n} cartes par tour")
_REDUCED = P("smaller hands", "manos reducidas", "mains réduites")
_ON_FIRE = P("On Fire", "On Fire", "On Fire")
_SEEN_BY = P("seen by seat {seat}", "vista del jugador {seat}", "vue du joueur {seat}")
_PILES = P("Piles:", "Pilas:", "Piles :")
_FIRE_NOW = P("on fire: cover it this turn", "en llamas: cúbrela en este turno",
              "en feu : à couvrir ce tour-ci")
_FIRE_NEXT = P("on fire: cover it by the end of the next turn",
               "en llamas: cúbrela antes del final del próximo turno",
               "en feu : à couvrir avant la fin du tour suivant")
_DRAW = C(P("Draw pile: {n} card", "Pila de robo: {n} carta", "Pioche : {n} carte"),
          P("Draw pile: {n} cards", "Pila de robo: {n} cartas", "Pioche : {n} cartes"))
_EMPTY_DRAW = P("Draw pile: empty", "Pila de robo: vacía", "Pioche : vide")
_HANDS = P("Hands:", "Manos:", "Mains :")
_SEAT = P("seat {seat}", "jugador {seat}", "joueur {seat}")
_YOU = P("seat {seat} (you)", "jugador {seat} (tú)", "joueur {seat} (vous)")
_COUNT = C(P("{n} card", "{n} carta", "{n} carte"), P("{n} cards", "{n} cartas", "{n} cartes"))
_NO_CARDS = P("no cards", "sin cartas", "aucune carte")
_TURN = P("Turn {turn}: seat {seat} to play.", "Turno {turn}: juega el jugador {seat}.",
          "Tour {turn} : au joueur {seat} de jouer.")
_LAID = C(P("{n} laid this turn", "{n} colocada en este turno", "{n} posée ce tour-ci"),
          P("{n} laid this turn", "{n} colocadas en este turno", "{n} posées ce tour-ci"))
_MORE = C(P("{n} more to lay.", "falta {n}.", "encore {n} à poser."),
          P("{n} more to lay.", "faltan {n}.", "encore {n} à poser."))
_MAY_END = P("may end the turn.", "puede terminar el turno.", "peut finir son tour.")
_WON = P("Won: all 98 cards are laid!", "¡Ganado! Las 98 cartas están colocadas.",
         "Gagné : les 98 cartes sont posées !")
_STUCK = P("Lost: seat {seat} cannot lay the cards it must",
           "Perdido: el jugador {seat} no puede colocar las cartas que debe",
           "Perdu : le joueur {seat} ne peut pas poser les cartes qu'il doit")
_BURNED = P("Lost: a fire card was not covered in time",
            "Perdido: una carta de fuego no se cubrió a tiempo",
            "Perdu : une carte de feu n'a pas été couverte à temps")
_LEFT = C(P("{n} card left", "queda {n} carta", "{n} carte restante"),
          P("{n} cards left", "quedan {n} cartas", "{n} cartes restantes"))
_EXCELLENT = P("an excellent result", "un resultado excelente", "un excellent résultat")
_PLAY = P("plays {card} on {pile}", "coloca el {card} en la {pile}", "pose le {card} sur la {pile}")
_END_TURN = P("ends the turn and draws", "termina el turno y roba", "finit son tour et pioche")


def pile_name(pile: int, lang: Lang = "en") -> str:
    """The name of pile ``pile`` (0 to 3) for people, in ``lang``.

    >>> pile_name(0), pile_name(3, "es"), pile_name(2, "fr")
    ('ascending pile 1', 'pila descendente 2', 'pile descendante 1')
    """
    if type(pile) is not int or not 0 <= pile <= 3:
        raise ArgumentError(f"piles are numbered 0 to 3, not {shown(pile)}")
    return _pile_name(pile, check_lang(lang))


def _pile_name(pile: int, lang: Lang) -> str:
    return _PILE[0 if ASCENDING[pile] else 1](lang, n=pile % 2 + 1)


def describe_move(move: Move, *, lang: Lang = "en") -> str:
    """``move`` in words, as a sentence without its subject ("seat 1 ...", "you ...").

    >>> describe_move(Play(45, 0)), describe_move(Play(45, 3), lang="es")
    ('plays 45 on ascending pile 1', 'coloca el 45 en la pila descendente 2')
    >>> describe_move(EndTurn(), lang="fr")
    'finit son tour et pioche'
    """
    lang = check_lang(lang)
    if type(move) is not Play and type(move) is not EndTurn:
        raise ArgumentError(f"describe_move() takes a move of The Game, not {type(move).__name__}")
    return _descriptions(lang)[move]


@functools.cache
def _descriptions(lang: Lang) -> dict[Move, str]:
    # Every move of the game, written once per language on first use: a list of legal moves is then
    # described by lookups (a Play can only be built with a card and pile that exist).
    return {
        move: _PLAY(lang, card=move.card, pile=_pile_name(move.pile, lang)) if type(move) is Play
        else _END_TURN(lang)
        for move in all_moves(Rules())
    }


def render(x: State | Observation, *, lang: Lang = "en") -> str:
    """``x`` as text: the rules, the four piles, the draw pile, the hands, and whose turn it is or how
    the game ended. A state shows every hand; an observation only its seat's, the others as counts.

    >>> from cardrules.games.the_game import new_game, observe
    >>> state = new_game(Rules(players=2), seed=4)
    >>> print(render(observe(state, 0)))
    The Game: 2 players, at least 2 cards a turn (seen by seat 0)
    Piles:
      ascending pile 1 (up1): 1
      ascending pile 2 (up2): 1
      descending pile 1 (down1): 100
      descending pile 2 (down2): 100
    Draw pile: 84 cards
    Hands:
      seat 0 (you): 3 25 44 59 73 82 86
      seat 1: 7 cards
    Turn 1: seat 0 to play. 0 laid this turn, 2 more to lay.
    """
    lang = check_lang(lang)
    if type(x) is State:
        hands: tuple[tuple[int, ...] | None, ...] = x.hands
        seat = None
    elif type(x) is Observation:
        seat = x.seat
        hands = tuple(x.hand if other == seat else None for other in range(x.rules.players))
    else:
        raise ArgumentError(f"render() takes a State or an Observation of The Game, not {type(x).__name__}")
    return _text(x, hands, seat, lang)


def render_public(x: State | Observation, *, lang: Lang = "en") -> str:
    """What anyone at the table may see of ``x``, as text: ``render`` with every hand as a count.

    >>> from cardrules.games.the_game import new_game
    >>> print(render_public(new_game(Rules(players=2), seed=4)).splitlines()[-3:])
    ['  seat 0: 7 cards', '  seat 1: 7 cards', 'Turn 1: seat 0 to play. 0 laid this turn, 2 more to lay.']
    """
    lang = check_lang(lang)
    if type(x) is not State and type(x) is not Observation:
        raise ArgumentError(f"render_public() takes a State or an Observation of The Game, not "
                            f"{type(x).__name__}")
    return _text(x, (None,) * x.rules.players, None, lang)


def _text(x: State | Observation, hands: tuple[tuple[int, ...] | None, ...], seat: int | None,
          lang: Lang) -> str:
    table = x.table
    lines = [_header(x.rules, seat, lang), _PILES(lang)]
    lines.extend(_pile_lines(table, lang))
    size = table.draw_pile_size
    lines.append(_DRAW(lang, size) if size else _EMPTY_DRAW(lang))
    lines.append(_HANDS(lang))
    for other, hand in enumerate(hands):
        who = _YOU(lang, seat=other) if other == seat else _SEAT(lang, seat=other)
        if hand is None:
            shown = _COUNT(lang, table.hand_sizes[other])
        else:
            shown = " ".join(map(str, hand)) if hand else _NO_CARDS(lang)
        lines.append(f"  {who}{COLON(lang)}{shown}")
    lines.append(_turn_line(x, lang) if table.status == PLAYING else _end_line(x, lang))
    return "\n".join(lines)


def _header(rules: Rules, seat: int | None, lang: Lang) -> str:
    parts = [_PLAYERS(lang, rules.players), _MINIMUM(lang, n=rules.minimum)]
    if rules.reduced_hand:
        parts.append(_REDUCED(lang))
    if rules.on_fire:
        parts.append(_ON_FIRE(lang))
    header = "The Game" + COLON(lang) + ", ".join(parts)
    return header if seat is None else f"{header} ({_SEEN_BY(lang, seat=seat)})"


def _pile_lines(table: Table, lang: Lang) -> list[str]:
    lines = []
    for pile, cards in enumerate(table.piles):
        line = f"  {_pile_name(pile, lang)} ({PILE_NAMES[pile]}){COLON(lang)}{cards[-1]}"
        due = table.fire_due[pile]
        if due >= 0 and table.status == PLAYING:
            line += ", " + (_FIRE_NOW if due == table.turn else _FIRE_NEXT)(lang)
        lines.append(line)
    return lines


def _turn_line(x: State | Observation, lang: Lang) -> str:
    table = x.table
    turn = _TURN(lang, turn=table.turn + 1, seat=table.current)
    owed = x.minimum - table.laid
    done = _MORE(lang, owed) if owed > 0 else _MAY_END(lang)
    return f"{turn} {_LAID(lang, table.laid)}, {done}"


def _end_line(x: State | Observation, lang: Lang) -> str:
    table = x.table
    # The result as ``result`` gives it, read from the table, which a state and its observations share.
    left = table.draw_pile_size + sum(table.hand_sizes)
    outcome: Literal["won", "stuck", "burned"] = (
        "won" if table.status == "won" else "stuck" if table.status == "stuck" else "burned"
    )
    return describe_result(Result(won=outcome == "won", cards_left=left, outcome=outcome, seat=table.current),
                           lang=lang)


def describe_result(result: Result, *, lang: Lang = "en") -> str:
    """How a game ended, in a sentence: the last line of ``render`` of a finished game.

    >>> describe_result(Result(won=False, cards_left=7, outcome="stuck", seat=1), lang="es")
    'Perdido: el jugador 1 no puede colocar las cartas que debe (quedan 7 cartas, un resultado excelente).'
    """
    lang = check_lang(lang)
    if type(result) is not Result:
        raise ArgumentError(f"describe_result() takes a Result of The Game, not {type(result).__name__}")
    if result.won:
        return _WON(lang)
    ending = _STUCK(lang, seat=result.seat) if result.outcome == "stuck" else _BURNED(lang)
    tail = _LEFT(lang, result.cards_left)
    if result.excellent:
        tail += ", " + _EXCELLENT(lang)
    return f"{ending} ({tail})."
