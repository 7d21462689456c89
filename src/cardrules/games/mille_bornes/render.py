"""Mille Bornes as text for people, in English, Spanish and French, and each move in words.

The text shows every side's tableau, the race, the hands a viewer may see, the draw and discard piles,
who decides what, the score sheets of the match and its result.

Card names are :data:`~cardrules.games.mille_bornes.cards.NAMES`. The table's words follow the
rulebooks of each language: Parker's Spanish rules (pila de batalla, pila de velocidad, área de
seguridad, lado, montón, viaje completo, acción retardada, viaje seguro) and the French rules
(pile de bataille, bottes, bornes, pioche, défausse, allonge, capot).
"""

from __future__ import annotations

import functools
from collections import Counter

from cardrules.errors import ArgumentError
from cardrules.games.mille_bornes.cards import MILES, NAMES, SAFETY_OF, Card
from cardrules.games.mille_bornes.moves import CoupFourre, Decline, Discard, Extend, Move, Play
from cardrules.games.mille_bornes.rules import Rules
from cardrules.games.mille_bornes.score_sheet import LINES, HandScore, Result
from cardrules.games.mille_bornes.state import Observation, State, Table
from cardrules.games.mille_bornes.tableau import Tableau
from cardrules.i18n import COLON, Counted, Lang, Phrase, check_lang, join_words

__all__ = ["describe_move", "describe_result", "question", "render", "render_public"]

P = Phrase
C = Counted

_PLAYERS = C(P("{n} player", "{n} jugador", "{n} joueur"), P("{n} players", "{n} jugadores", "{n} joueurs"))
_TEAMS = P("{sides} teams of {size}", "{sides} equipos de {size}", "{sides} équipes de {size}")
_RACE = P("race of {miles} miles", "viaje de {miles} millas", "course de {miles} bornes")
_MAY_EXTEND = P("extension to {miles}", "extensión a {miles}", "allonge à {miles}")
_EXTENDED = P("extended to {miles} by side {side}", "extendido a {miles} por el lado {side}",
              "allongée à {miles} par le camp {side}")
_HAND = P("hand {n}", "mano {n}", "manche {n}")
_MATCH_TO = P("match to {points} points", "partida a {points} puntos", "partie en {points} points")
_ONE_HAND = P("a single hand", "una sola mano", "une seule manche")
_SEEN_BY = P("seen by seat {seat}", "vista del jugador {seat}", "vue du joueur {seat}")
_SIDE = P("Side {side}", "Lado {side}", "Camp {side}")
_SEATS = (P("seat {seats}", "jugador {seats}", "joueur {seats}"),
          P("seats {seats}", "jugadores {seats}", "joueurs {seats}"))
_BATTLE = P("battle pile", "pila de batalla", "pile de bataille")
_SPEED = P("speed pile", "pila de velocidad", "pile de vitesse")
_DIRECTION = P("direction pile", "pila de dirección", "pile de direction")
_SAFETIES = P("safeties", "seguridad", "bottes")
_DISTANCE = P("distance", "distancia", "distance")
_EMPTY = P("empty", "vacía", "vide")
_NONE = P("none", "ninguna", "aucune")
_MOVING = P("moving", "en marcha", "roule")
_STOPPED = P("stopped", "parado", "arrêté")
_LIMITED = P("only 25 and 50", "solo 25 y 50", "25 et 50 seulement")
_BACKWARDS = P("driving the wrong way", "en contrasentido", "à contresens")
_WRONG_WAY_MILES = P("{n} × {miles} the wrong way", "{n} × {miles} en contrasentido",
                     "{n} × {miles} à contresens")
_COUP_FOURRE = P("coup fourré", "coup fourré", "coup fourré")
_MILES_OF = P("{miles} of {target} miles", "{miles} de {target} millas", "{miles} sur {target} bornes")
_TWOS = P("200s played: {n} of {most}", "200 jugados: {n} de {most}", "200 posés : {n} sur {most}")
_DRAW = C(P("Draw pile: {n} card", "Montón: {n} carta", "Pioche : {n} carte"),
          P("Draw pile: {n} cards", "Montón: {n} cartas", "Pioche : {n} cartes"))
_EMPTY_DRAW = P("Draw pile: empty", "Montón: vacío", "Pioche : vide")
_DISCARDS = C(P("Discard pile: {n} card, {card} on top", "Pila de descarte: {n} carta, {card} encima",
                "Défausse : {n} carte, {card} dessus"),
              P("Discard pile: {n} cards, {card} on top", "Pila de descarte: {n} cartas, {card} encima",
                "Défausse : {n} cartes, {card} dessus"))
_NO_DISCARDS = P("Discard pile: empty", "Pila de descarte: vacía", "Défausse : vide")
_HANDS = P("Hands:", "Manos:", "Mains :")
_SEAT = P("seat {seat}", "jugador {seat}", "joueur {seat}")
_YOU = P("seat {seat} (you)", "jugador {seat} (tú)", "joueur {seat} (vous)")
_CARDS = C(P("{n} card", "{n} carta", "{n} carte"), P("{n} cards", "{n} cartas", "{n} cartes"))
_KNOWN = P("known to hold {cards}", "se sabe que tiene {cards}", "on sait qu'il a {cards}")
_NO_CARDS = P("no cards", "sin cartas", "aucune carte")
_TO_PLAY = P("Seat {seat} to play.", "Juega el jugador {seat}.", "Au joueur {seat} de jouer.")
_WINDOW = P("Coup fourré? Seat {attacker} played {hazard} on side {side}: seat {seat} may answer with "
            "{safety} or decline.",
            "¿Coup fourré? El jugador {attacker} jugó {hazard} contra el lado {side}: el jugador {seat} "
            "puede responder con {safety} o pasar.",
            "Coup fourré ? Le joueur {attacker} a posé {hazard} sur le camp {side} : le joueur {seat} "
            "peut répondre avec {safety} ou refuser.")
_EXTENSION = P("Side {side} completed the {race} miles: seat {seat} may extend the race to {to} or "
               "decline (which ends the hand).",
               "El lado {side} completó las {race} millas: el jugador {seat} puede extender el viaje a "
               "{to} o no (y la mano termina).",
               "Le camp {side} a parcouru les {race} bornes : le joueur {seat} peut annoncer l'allonge "
               "à {to} ou refuser (la manche s'arrête).")
_SHEETS = P("Score sheets:", "Hojas de puntaje:", "Feuilles de marque :")
_SHEET = P("Hand {n}", "Mano {n}", "Manche {n}")
_COMPLETED = P("trip completed by side {side}", "viaje completado por el lado {side}",
               "course terminée par le camp {side}")
_NOT_COMPLETED = P("no trip completed", "ningún viaje completado", "aucune course terminée")
_TOTAL = P("Total", "Total", "Total")
_SCORES = P("Scores: {scores}", "Puntos: {scores}", "Points : {scores}")
_SIDE_SCORE = P("{points} for side {side}", "{points} para el lado {side}", "{points} pour le camp {side}")
_TO_WIN = P("(to {points})", "(a {points})", "(en {points})")
_WINNER = P("Game over: side {side} wins with {points} points.",
            "Fin de la partida: gana el lado {side} con {points} puntos.",
            "Partie terminée : le camp {side} gagne avec {points} points.")
_TIE = P("Game over: sides {sides} tie with {points} points.",
         "Fin de la partida: empate entre los lados {sides} con {points} puntos.",
         "Partie terminée : égalité des camps {sides} avec {points} points.")

_LINE_NAMES: dict[str, Phrase] = {
    "miles": P("Miles travelled", "Millas recorridas", "Bornes parcourues"),
    "safeties": P("Safeties", "Cartas de seguridad", "Bottes"),
    "all_safeties": P("All four safeties", "Las cuatro de seguridad", "Les quatre bottes"),
    "coups_fourres": P("Coups fourrés", "Coups fourrés", "Coups fourrés"),
    "trip": P("Trip completed", "Viaje completo", "Course terminée"),
    "delayed_action": P("Delayed action", "Acción retardada", "Action retardée"),
    "safe_trip": P("Safe trip", "Viaje seguro", "Sans 200"),
    "shutout": P("Shutout", "Encierro", "Capot"),
    "extension": P("Extension", "Extensión", "Allonge"),
}

_DRIVE = P("drives {miles} miles", "avanza {miles} millas", "roule {miles} bornes")
_ATTACK = P("plays {card} on side {side}", "juega {card} contra el lado {side}",
            "pose {card} sur le camp {side}")
_OWN = P("plays {card}", "juega {card}", "pose {card}")
_DISCARD = P("discards {card}", "descarta {card}", "défausse {card}")
_CALL_COUP_FOURRE = P("calls a coup fourré", "canta coup fourré", "annonce un coup fourré")
_EXTEND = P("extends the race", "extiende el viaje", "annonce l'allonge")
_DECLINE = P("declines", "pasa", "refuse")


def _name(card: Card, lang: Lang) -> str:
    return NAMES[lang][card]


def describe_move(move: Move, *, lang: Lang = "en") -> str:
    """``move`` in words, as a sentence without its subject ("seat 1 ...", "you ...").

    >>> describe_move(Play(Card.D100)), describe_move(Play(Card.STOP, 1), lang="fr")
    ('drives 100 miles', 'pose Feu rouge sur le camp 1')
    >>> describe_move(Discard(Card.ACCIDENT), lang="es"), describe_move(CoupFourre())
    ('descarta Accidente', 'calls a coup fourré')
    """
    lang = check_lang(lang)
    kind = type(move)
    if kind is Play:
        assert isinstance(move, Play)
        if move.card in MILES:
            return _DRIVE(lang, miles=MILES[move.card])
        if move.side is not None:
            return _ATTACK(lang, card=_name(move.card, lang), side=move.side)
        return _OWN(lang, card=_name(move.card, lang))
    if kind is Discard:
        assert isinstance(move, Discard)
        return _DISCARD(lang, card=_name(move.card, lang))
    if kind is CoupFourre:
        return _CALL_COUP_FOURRE(lang)
    if kind is Extend:
        return _EXTEND(lang)
    if kind is Decline:
        return _DECLINE(lang)
    raise ArgumentError(f"describe_move() takes a move of Mille Bornes, not {type(move).__name__}")


def render(x: State | Observation, *, lang: Lang = "en") -> str:
    """``x`` as text: the race, every side's tableau, the piles, the hands, who decides what, the
    score sheets of the match and, once it is over, who won. A state shows every hand; an
    observation only its seat's (the others as counts, with any card a coup fourré window revealed).

    >>> from cardrules.games.mille_bornes import new_game, observe
    >>> print(render(observe(new_game(Rules(), seed=1), 1), lang="es"))
    Mille Bornes: 2 jugadores, viaje de 700 millas, extensión a 1000
    Mano 1, partida a 5000 puntos, vista del jugador 1
    Lado 0 (jugador 0):
      pila de batalla: vacía (parado)
      pila de velocidad: vacía
      seguridad: ninguna
      distancia: 0 de 700 millas
    Lado 1 (jugador 1):
      pila de batalla: vacía (parado)
      pila de velocidad: vacía
      seguridad: ninguna
      distancia: 0 de 700 millas
    Montón: 88 cartas
    Pila de descarte: vacía
    Manos:
      jugador 0: 7 cartas
      jugador 1 (tú): 25, 50, 100, 100, 200, Semáforo verde
    Juega el jugador 0.
    Puntos: 0 para el lado 0, 0 para el lado 1 (a 5000)
    """
    lang = check_lang(lang)
    if type(x) is State:
        hands: tuple[tuple[Card, ...] | None, ...] = x.hands
        seat = None
    elif type(x) is Observation:
        seat = x.seat
        hands = tuple(x.hand if other == seat else None for other in range(x.rules.players))
    else:
        raise ArgumentError(f"render() takes a State or an Observation of Mille Bornes, not "
                            f"{type(x).__name__}")
    return _text(x, hands, seat, lang)


def render_public(x: State | Observation, *, lang: Lang = "en") -> str:
    """What anyone at the table may see of ``x``, as text: ``render`` with every hand as a count
    (and the cards a coup fourré window showed everyone).

    >>> from cardrules.games.mille_bornes import new_game
    >>> print(render_public(new_game(Rules(), seed=1)).splitlines()[-5:-2])
    ['Hands:', '  seat 0: 7 cards', '  seat 1: 6 cards']
    """
    lang = check_lang(lang)
    if type(x) is not State and type(x) is not Observation:
        raise ArgumentError(f"render_public() takes a State or an Observation of Mille Bornes, not "
                            f"{type(x).__name__}")
    return _text(x, (None,) * x.rules.players, None, lang)


def question(x: State | Observation, *, lang: Lang = "en") -> str | None:
    """The decision asked out of turn in ``x`` (a coup fourré, an extension) as a question, as
    ``render`` writes it; ``None`` in an ordinary turn or once the game is over.

    >>> from cardrules.games.mille_bornes import new_game
    >>> question(new_game(Rules(), seed=1)) is None
    True
    """
    lang = check_lang(lang)
    if type(x) is not State and type(x) is not Observation:
        raise ArgumentError(f"question() takes a State or an Observation of Mille Bornes, not "
                            f"{type(x).__name__}")
    if x.table.phase not in ("coup_fourre", "extension"):
        return None
    lines = _decision_lines(x.rules, x.table, lang)
    return lines[0] if lines else None


def _text(x: State | Observation, hands: tuple[tuple[Card, ...] | None, ...], seat: int | None,
          lang: Lang) -> str:
    rules, table = x.rules, x.table
    lines = _header(rules, table, seat, lang)
    for side, tableau in enumerate(table.tableaux):
        lines.extend(_tableau_lines(rules, table, side, tableau, lang))
    size = table.draw_pile_size
    lines.append(_DRAW(lang, size) if size else _EMPTY_DRAW(lang))
    if table.discard_pile:
        lines.append(_DISCARDS(lang, len(table.discard_pile), card=_name(table.discard_pile[-1], lang)))
    else:
        lines.append(_NO_DISCARDS(lang))
    lines.append(_HANDS(lang))
    for other, hand in enumerate(hands):
        lines.append(_hand_line(table, other, hand, seat, lang))
    lines.extend(_decision_lines(rules, table, lang))
    lines.extend(_score_lines(rules, table, lang))
    return "\n".join(lines)


def _header(rules: Rules, table: Table, seat: int | None, lang: Lang) -> list[str]:
    parts = [_PLAYERS(lang, rules.players)]
    if rules.team_size > 1:
        parts.append(_TEAMS(lang, sides=rules.sides, size=rules.team_size))
    parts.append(_RACE(lang, miles=rules.race))
    if table.extended_by is not None:
        parts.append(_EXTENDED(lang, miles=table.target, side=table.extended_by))
    elif rules.extension_to is not None:
        parts.append(_MAY_EXTEND(lang, miles=rules.extension_to))
    match = [_HAND(lang, n=table.match.hand_number + 1)]
    target = rules.target_score
    match.append(_ONE_HAND(lang) if target is None else _MATCH_TO(lang, points=target))
    if seat is not None:
        match.append(_SEEN_BY(lang, seat=seat))
    second = ", ".join(match)
    return ["Mille Bornes" + COLON(lang) + ", ".join(parts), second[:1].upper() + second[1:]]


def _tableau_lines(rules: Rules, table: Table, side: int, tableau: Tableau, lang: Lang) -> list[str]:
    seats = [str(seat) for seat, of in enumerate(rules.side_of_seat) if of == side]
    heading = f"{_SIDE(lang, side=side)} ({_SEATS[len(seats) > 1](lang, seats=join_words(seats, lang))})"
    colon = COLON(lang)
    battle = _name(tableau.battle[-1], lang) if tableau.battle else _EMPTY(lang)
    battle += f" ({(_MOVING if tableau.moving else _STOPPED)(lang)})"
    speed = _name(tableau.speed[-1], lang) if tableau.speed else _EMPTY(lang)
    if tableau.limited:
        speed += f" ({_LIMITED(lang)})"
    lines = [heading + colon.rstrip(), f"  {_BATTLE(lang)}{colon}{battle}", f"  {_SPEED(lang)}{colon}{speed}"]
    if rules.wrong_way:
        direction = _name(tableau.direction[-1], lang) if tableau.direction else _EMPTY(lang)
        if tableau.wrong_way:
            direction += f" ({_BACKWARDS(lang)})"
        lines.append(f"  {_DIRECTION(lang)}{colon}{direction}")
    safeties = [
        _name(card, lang) + (f" ({_COUP_FOURRE(lang)})" if card in tableau.coups_fourres else "")
        for card in tableau.safeties
    ]
    lines.append(f"  {_SAFETIES(lang)}{colon}{', '.join(safeties) if safeties else _NONE(lang)}")
    distance = _MILES_OF(lang, miles=tableau.miles, target=table.target)
    if tableau.distance:
        back = Counter(tableau.backwards)
        ahead = Counter(tableau.distance) - back
        cards = [*(f"{ahead[card]} × {MILES[card]}" for card in sorted(ahead)),
                 *(_WRONG_WAY_MILES(lang, n=back[card], miles=MILES[card]) for card in sorted(back))]
        distance += " (" + ", ".join(cards) + ")"
    if tableau.twos:
        distance += "; " + _TWOS(lang, n=tableau.twos, most=rules.max_200s)
    lines.append(f"  {_DISTANCE(lang)}{colon}{distance}")
    return lines


def _hand_line(table: Table, seat: int, hand: tuple[Card, ...] | None, viewer: int | None,
               lang: Lang) -> str:
    who = _YOU(lang, seat=seat) if seat == viewer else _SEAT(lang, seat=seat)
    if hand is not None:
        shown = ", ".join(_name(card, lang) for card in hand) if hand else _NO_CARDS(lang)
        return f"  {who}{COLON(lang)}{shown}"
    shown = _CARDS(lang, table.hand_sizes[seat])
    revealed = table.revealed[seat]
    if revealed:
        shown += ", " + _KNOWN(lang, cards=join_words([_name(card, lang) for card in revealed], lang))
    return f"  {who}{COLON(lang)}{shown}"


def _decision_lines(rules: Rules, table: Table, lang: Lang) -> list[str]:
    phase = table.phase
    if phase == "play":
        return [_TO_PLAY(lang, seat=table.current)]
    if phase == "coup_fourre" and table.window is not None:
        window = table.window
        safety = SAFETY_OF[window.hazard]
        return [_WINDOW(lang, attacker=window.attacker, hazard=_name(window.hazard, lang), side=window.side,
                        seat=table.current, safety=_name(safety, lang))]
    if phase == "extension":
        side = rules.side_of(table.current)
        return [_EXTENSION(lang, side=side, race=table.target, seat=table.current, to=rules.extension_to)]
    return []


def _score_lines(rules: Rules, table: Table, lang: Lang) -> list[str]:
    lines = []
    history = table.match.history
    if history:
        lines.append(_SHEETS(lang))
        for sheet in history:
            lines.extend(_sheet_lines(sheet, lang))
    totals = table.match.totals
    scores = _SCORES(lang, scores=", ".join(
        _SIDE_SCORE(lang, side=side, points=points) for side, points in enumerate(totals)))
    if rules.target_score is not None:
        scores += " " + _TO_WIN(lang, points=rules.target_score)
    lines.append(scores)
    if table.phase == "over":
        best = max(totals)
        winners = tuple(side for side, points in enumerate(totals) if points == best)
        lines.append(describe_result(Result(totals=totals, winners=winners, hands=history), lang=lang))
    return lines


def describe_result(result: Result, *, lang: Lang = "en") -> str:
    """Who won, in a sentence: the last line of ``render`` of a finished game.

    >>> describe_result(Result(totals=(5200, 3100), winners=(0,), hands=()), lang="fr")
    'Partie terminée : le camp 0 gagne avec 5200 points.'
    """
    lang = check_lang(lang)
    if type(result) is not Result:
        raise ArgumentError(f"describe_result() takes a Result of Mille Bornes, not {type(result).__name__}")
    best = max(result.totals)
    if len(result.winners) == 1:
        return _WINNER(lang, side=result.winners[0], points=best)
    return _TIE(lang, sides=join_words([str(side) for side in result.winners], lang), points=best)


@functools.lru_cache(maxsize=256)
def _sheet_lines(sheet: HandScore, lang: Lang) -> tuple[str, ...]:
    """A hand's score sheet as a table: a line per kind of points someone scored, a column per side.

    Kept for the last sheets written: a match's history is the same at every move of a hand.
    """
    completed = (_NOT_COMPLETED(lang) if sheet.completed_by is None
                 else _COMPLETED(lang, side=sheet.completed_by))
    lines_of_points = zip(*(side.points() for side in sheet.sides), strict=True)
    rows = [(_LINE_NAMES[field](lang), points)
            for (field, _), points in zip(LINES, lines_of_points, strict=True) if any(points)]
    rows.append((_TOTAL(lang), sheet.totals))
    width = max(len(label) for label, _ in rows)
    heads = [_SIDE(lang, side=side.side) for side in sheet.sides]
    widths = [max(len(head), 6) for head in heads]
    lines = [f"  {_SHEET(lang, n=sheet.hand + 1)} ({completed}){COLON(lang).rstrip()}",
             "    " + " " * width + "".join(f"  {head:>{w}}" for head, w in zip(heads, widths, strict=True))]
    for label, points in rows:
        cells = "".join(f"  {value:>{w}}" for value, w in zip(points, widths, strict=True))
        lines.append(f"    {label:<{width}}{cells}")
    return tuple(lines)
