"""What ``cardrules play`` says to the person, in English, Spanish and French.

The table and the moves in words come from the games' own ``render`` and ``describe_move``; this
module holds the rest: who did what, what you drew, the list of your moves, the commands and their
help, the end of the game, and every message about bad input. Both front ends use it.

>>> help_lines("es", example="45 on up1")[0]
'Escribe el número de una jugada, o la jugada en la notación del juego (por ejemplo «45 on up1»).'
>>> command("GUARDAR partida.json")
('save', 'partida.json')
"""

from __future__ import annotations

import cardrules
from cardrules.arguments import printable
from cardrules.cli.play_session import (
    BotError,
    Drew,
    Event,
    GameOver,
    HandOver,
    Moved,
    SaveFileError,
    Session,
)
from cardrules.contract import AnyState, RulesLike
from cardrules.errors import CardrulesError, IllegalMoveError, NotationError
from cardrules.i18n import Lang, Phrase, join_words
from cardrules.run.simulator import Simulator, simulator_of
from cardrules.session import PHRASES

__all__ = [
    "COMMANDS",
    "announce",
    "board_lines",
    "card_text",
    "command",
    "counted",
    "error_text",
    "help_lines",
    "move_lines",
    "no_such_number",
    "outcome",
    "prompt_line",
    "seat_name",
    "text",
    "welcome",
]

P = Phrase

COMMANDS: dict[str, tuple[str, ...]] = {
    "help": ("help", "?", "ayuda", "aide"),
    "hint": ("hint", "pista", "indice"),
    "undo": ("undo", "deshacer", "annuler"),
    "save": ("save", "guardar", "sauver", "enregistrer"),
    "load": ("load", "cargar", "charger"),
    "board": ("board", "mesa", "table"),
    "quit": ("quit", "exit", "salir", "quitter"),
}
"""Each command and the words that call it, in any of the three languages."""

_WORDS = {word: name for name, words in COMMANDS.items() for word in words}

_TEXT: dict[str, Phrase] = {
    # What the public session says of events (a seat, cards drawn, a hand's end, the result) is
    # said the same way here.
    **PHRASES,
    "you": P("Seat {seat} (you)", "Jugador {seat} (tú)", "Joueur {seat} (vous)"),
    "partner": P("Seat {seat} (your partner)", "Jugador {seat} (tu compañero)",
                 "Joueur {seat} (votre partenaire)"),
    "welcome": P("{title}. You are seat {seat}.", "{title}. Eres el jugador {seat}.",
                 "{title}. Vous êtes le joueur {seat}."),
    "alone": P("You play alone.", "Juegas solo.", "Vous jouez seul."),
    "bots": P("The bots: {bots}.", "Los bots: {bots}.", "Les bots : {bots}."),
    "bot": P("seat {seat} {bot}", "jugador {seat} {bot}", "joueur {seat} {bot}"),
    "bot_partner": P("seat {seat} {bot} (your partner)", "jugador {seat} {bot} (tu compañero)",
                     "joueur {seat} {bot} (votre partenaire)"),
    "seed": P("Seed {seed}: play this deal again with --seed {seed}.",
              "Semilla {seed}: vuelve a jugar este reparto con --seed {seed}.",
              "Graine {seed} : rejouez cette donne avec --seed {seed}."),
    "ask_help": P("Type help for the commands.", "Escribe ayuda para ver los comandos.",
                  "Tapez aide pour voir les commandes."),
    "your_moves": P("Your moves:", "Tus jugadas:", "Vos coups :"),
    "prompt": P("Your move (1 to {n}, or a move, or help):", "Tu jugada (de 1 a {n}, una jugada o ayuda):",
                "Votre coup (de 1 à {n}, un coup ou aide) :"),
    "prompt_one": P("Your move (1, or help):", "Tu jugada (1 o ayuda):", "Votre coup (1 ou aide) :"),
    "prompt_over": P("The game is over: undo, save FILE, load FILE or quit.",
                     "La partida ha terminado: deshacer, guardar ARCHIVO, cargar ARCHIVO o salir.",
                     "La partie est finie : annuler, sauver FICHIER, charger FICHIER ou quitter."),
    "hint": P("Hint: {move} (move {n}: {notation}).", "Pista: {move} (jugada {n}: {notation}).",
              "Indice : {move} (coup {n} : {notation})."),
    "undone": P("Taken back: you are at your previous decision again ({n} moves undone).",
                "Deshecho: vuelves a tu decisión anterior ({n} jugadas deshechas).",
                "Annulé : vous revoilà à votre décision précédente ({n} coups annulés)."),
    "nothing_to_undo": P("There is nothing to take back: you have not decided anything yet.",
                         "No hay nada que deshacer: todavía no has decidido nada.",
                         "Rien à annuler : vous n'avez encore rien décidé."),
    "undone_one": P("Taken back: you are at your previous decision again (1 move undone).",
                    "Deshecho: vuelves a tu decisión anterior (1 jugada deshecha).",
                    "Annulé : vous revoilà à votre décision précédente (1 coup annulé)."),
    "saved_one": P("Saved to {path} (1 move).", "Guardada en {path} (1 jugada).",
                   "Enregistrée dans {path} (1 coup)."),
    "loaded_one": P("Loaded {path} (1 move); the game goes on from there.",
                    "Cargada {path} (1 jugada); la partida sigue desde ahí.",
                    "Chargée {path} (1 coup) ; la partie reprend de là."),
    "saved": P("Saved to {path} ({n} moves).", "Guardada en {path} ({n} jugadas).",
               "Enregistrée dans {path} ({n} coups)."),
    "loaded": P("Loaded {path} ({n} moves); the game goes on from there.",
                "Cargada {path} ({n} jugadas); la partida sigue desde ahí.",
                "Chargée {path} ({n} coups) ; la partie reprend de là."),
    "needs_file": P("Name the file: {command} FILE.", "Indica el archivo: {command} ARCHIVO.",
                    "Indiquez le fichier : {command} FICHIER."),
    "missing": P("Cannot load {path}: there is no such file.",
                 "No se puede cargar {path}: el archivo no existe.",
                 "Impossible de charger {path} : ce fichier n'existe pas."),
    "unreadable": P("Cannot use {path}: {detail}.", "No se puede usar {path}: {detail}.",
                    "Impossible d'utiliser {path} : {detail}."),
    "corrupt": P("Cannot load {path}: it is not a saved game ({detail}).",
                 "No se puede cargar {path}: no es una partida guardada ({detail}).",
                 "Impossible de charger {path} : ce n'est pas une partie enregistrée ({detail})."),
    "other_game": P("Cannot load {path}: it holds a game of {detail}, not of {title}.",
                    "No se puede cargar {path}: contiene una partida de {detail}, no de {title}.",
                    "Impossible de charger {path} : c'est une partie de {detail}, pas de {title}."),
    "seats": P("Cannot load {path}: its table does not fit your seat and bots ({detail}).",
               "No se puede cargar {path}: su mesa no encaja con tu asiento y los bots ({detail}).",
               "Impossible de charger {path} : sa table ne convient pas à votre place et aux bots "
               "({detail})."),
    "illegal_record": P("Cannot load {path}: {detail}.", "No se puede cargar {path}: {detail}.",
                        "Impossible de charger {path} : {detail}."),
    "bot_failed": P("A bot failed, so the game ends here: {reason}.",
                    "Un bot ha fallado, así que la partida termina aquí: {reason}.",
                    "Un bot a échoué, la partie s'arrête donc ici : {reason}."),
    "game_goes_on": P("The game goes on unchanged.", "La partida sigue sin cambios.",
                      "La partie continue sans changement."),
    "no_such_number": P("There is no move {n}: choose a number from 1 to {count}.",
                        "No hay jugada {n}: elige un número de 1 a {count}.",
                        "Il n'y a pas de coup {n} : choisissez un numéro de 1 à {count}."),
    "type_it_out": P("A number alone chooses from the list: to play {n} as a move, type \"{notation}\".",
                     "Un número solo elige de la lista: para jugar {n} como jugada, escribe «{notation}».",
                     "Un nombre seul choisit dans la liste : pour jouer {n} comme coup, tapez "
                     "« {notation} »."),
    "as_move_illegal": P("A number alone chooses from the list; as a move, {n} is not allowed: {reason}.",
                         "Un número solo elige de la lista; como jugada, {n} no está permitido: {reason}.",
                         "Un nombre seul choisit dans la liste ; comme coup, {n} est interdit : {reason}."),
    "illegal": P("Not allowed: {reason}.", "No está permitido: {reason}.", "Interdit : {reason}."),
    "unreadable_move": P("\"{text}\" is neither a move nor a command ({reason}). "
                         "Type help for the commands.",
                         "«{text}» no es ni una jugada ni un comando ({reason}). "
                         "Escribe ayuda para ver los comandos.",
                         "« {text} » n'est ni un coup ni une commande ({reason}). "
                         "Tapez aide pour voir les commandes."),
    "not_text": P("That line is not {encoding} text: type it again.",
                  "Esa línea no es texto {encoding}: escríbela de nuevo.",
                  "Cette ligne n'est pas du texte {encoding} : tapez-la de nouveau."),
    "game_is_over": P("The game is over: there are no moves left to make.",
                      "La partida ha terminado: ya no quedan jugadas.",
                      "La partie est finie : il n'y a plus de coup à jouer."),
    "bye": P("Goodbye.", "Hasta luego.", "Au revoir."),
    # the full-screen app
    "needs_textual": P("cardrules play --tui needs Textual: pip install 'cardrules[tui]'",
                       "cardrules play --tui necesita Textual: pip install 'cardrules[tui]'",
                       "cardrules play --tui a besoin de Textual : pip install 'cardrules[tui]'"),
    "needs_terminal": P("cardrules play --tui needs a terminal (standard input and output); without --tui, "
                        "the game is played line by line",
                        "cardrules play --tui necesita un terminal (entrada y salida estándar); sin --tui, "
                        "la partida se juega línea a línea",
                        "cardrules play --tui a besoin d'un terminal (entrée et sortie standard) ; sans "
                        "--tui, la partie se joue ligne à ligne"),
    "key_hint": P("Hint", "Pista", "Indice"),
    "key_move": P("Type a move", "Escribir jugada", "Taper un coup"),
    "type_move": P("Your move, in the game's notation (for example \"{example}\"):",
                   "Tu jugada, en la notación del juego (por ejemplo «{example}»):",
                   "Votre coup, dans la notation du jeu (par exemple « {example} ») :"),
    "tui_notation": P("m types a move in the game's notation (for example \"{example}\").",
                      "m escribe una jugada en la notación del juego (por ejemplo «{example}»).",
                      "m tape un coup dans la notation du jeu (par exemple « {example} »)."),
    "key_undo": P("Undo", "Deshacer", "Annuler"),
    "key_save": P("Save", "Guardar", "Sauver"),
    "key_load": P("Load", "Cargar", "Charger"),
    "key_help": P("Help", "Ayuda", "Aide"),
    "key_quit": P("Quit", "Salir", "Quitter"),
    "keys": P("Arrows or digits choose a move and Enter plays it; m type a move, h hint, u undo, s save, "
              "l load, ? help, q quit.",
              "Las flechas o las cifras eligen una jugada y Intro la juega; m escribir jugada, h pista, "
              "u deshacer, s guardar, l cargar, ? ayuda, q salir.",
              "Les flèches ou les chiffres choisissent un coup et Entrée le joue ; m taper un coup, "
              "h indice, u annuler, s sauver, l charger, ? aide, q quitter."),
    "save_as": P("Save the game to the file:", "Guardar la partida en el archivo:",
                 "Enregistrer la partie dans le fichier :"),
    "load_from": P("Load the game saved in the file:", "Cargar la partida guardada en el archivo:",
                   "Charger la partie enregistrée dans le fichier :"),
    "file_keys": P("Enter to confirm, Escape to cancel.", "Intro para confirmar, Escape para cancelar.",
                   "Entrée pour confirmer, Échap pour annuler."),
    "tui_prompt": P("Choose with the arrows or 1 to {n}, play with Enter.",
                    "Elige con las flechas o de 1 a {n}, juega con Intro.",
                    "Choisissez avec les flèches ou de 1 à {n}, jouez avec Entrée."),
    "tui_over": P("The game is over: u undo, s save, l load, q quit.",
                  "La partida ha terminado: u deshacer, s guardar, l cargar, q salir.",
                  "La partie est finie : u annuler, s sauver, l charger, q quitter."),
    "selected": P("Move {n} chosen: Enter plays it.", "Jugada {n} elegida: Intro la juega.",
                  "Coup {n} choisi : Entrée le joue."),
    "title_seat": P("seat {seat}, seed {seed}", "jugador {seat}, semilla {seed}",
                    "joueur {seat}, graine {seed}"),
}

_HELP: dict[Lang, tuple[str, ...]] = {
    "en": (
        "Type the number of a move, or the move in the game's notation (for example \"{example}\").",
        "A number alone is always a move's number in the list: to type a move, write it out in full.",
        "Commands:",
        "  hint        what the best bot would do in your place",
        "  undo        take back your last decision, and the bots' moves after it",
        "  save FILE   save the game to FILE",
        "  load FILE   load the game saved in FILE and go on from there",
        "  board       show the table and your moves again",
        "  help        this help",
        "  quit        leave the game (the end of the input does the same)",
    ),
    "es": (
        "Escribe el número de una jugada, o la jugada en la notación del juego (por ejemplo «{example}»).",
        "Un número solo es siempre el número de una jugada de la lista: para escribir una jugada, "
        "escríbela entera.",
        "Comandos:",
        "  pista            lo que haría el mejor bot en tu lugar",
        "  deshacer         retira tu última decisión y las jugadas de los bots que la siguieron",
        "  guardar ARCHIVO  guarda la partida en ARCHIVO",
        "  cargar ARCHIVO   carga la partida guardada en ARCHIVO y sigue desde ahí",
        "  mesa             muestra de nuevo la mesa y tus jugadas",
        "  ayuda            esta ayuda",
        "  salir            deja la partida (el final de la entrada hace lo mismo)",
        "Los comandos en inglés (hint, undo, save, load, board, help, quit) también valen.",
    ),
    "fr": (
        "Tapez le numéro d'un coup, ou le coup dans la notation du jeu (par exemple « {example} »).",
        "Un nombre seul est toujours le numéro d'un coup de la liste : pour taper un coup, "
        "écrivez-le en entier.",
        "Commandes :",
        "  indice           ce que ferait le meilleur bot à votre place",
        "  annuler          reprend votre dernière décision et les coups des bots qui ont suivi",
        "  sauver FICHIER   enregistre la partie dans FICHIER",
        "  charger FICHIER  charge la partie enregistrée dans FICHIER et reprend de là",
        "  table            affiche de nouveau la table et vos coups",
        "  aide             cette aide",
        "  quitter          quitte la partie (la fin de l'entrée fait de même)",
        "Les commandes anglaises (hint, undo, save, load, board, help, quit) marchent aussi.",
    ),
}


def text(key: str, lang: Lang, **values: object) -> str:
    """The message ``key`` in ``lang``, its fields filled from ``values``.

    >>> text("saved", "fr", path="p.json", n=12)
    'Enregistrée dans p.json (12 coups).'
    """
    return _TEXT[key](lang, **values)


def counted(key: str, lang: Lang, n: int, **values: object) -> str:
    """The message ``key`` about ``n`` things, in the singular when ``n`` is 1.

    >>> counted("undone", "en", 1)
    'Taken back: you are at your previous decision again (1 move undone).'
    """
    return text(f"{key}_one" if n == 1 and f"{key}_one" in _TEXT else key, lang, n=n, **values)


def help_lines(lang: Lang, *, example: str) -> list[str]:
    """The help, in ``lang``; ``example`` is a move to show the notation with."""
    return [line.format(example=example) for line in _HELP[lang]]


def command(line: str) -> tuple[str, str] | None:
    """The command ``line`` calls and its argument (a file name, or ``""``), or ``None`` if the line
    is not a command.

    >>> command("hint"), command("  charger  ma partie.json "), command("45 up1")
    (('hint', ''), ('load', 'ma partie.json'), None)
    """
    word, _, argument = line.strip().partition(" ")
    name = _WORDS.get(word.lower())
    return None if name is None else (name, argument.strip())


def _simulator(session: Session) -> Simulator[RulesLike, object]:
    """What the game's command line says beyond its ``render`` (its ``command_line`` facet)."""
    return simulator_of(session.game)


def card_text(session: Session, cards: tuple[object, ...], lang: Lang) -> str:
    """``cards`` as words, in a sentence."""
    words = _simulator(session).card_words
    names = [str(card) if words is None else words(card, lang) for card in cards]
    return join_words(names, lang)


def _is_partner(session: Session, seat: int) -> bool:
    sides = _simulator(session).sides
    if sides is None or seat == session.seat:
        return False
    of = sides(session.record.rules)
    return of[seat] == of[session.seat]


def seat_name(session: Session, seat: int, lang: Lang) -> str:
    """How a seat is named in announcements: "Seat 1", "Seat 0 (you)", "Seat 2 (your partner)"."""
    if seat == session.seat:
        return text("you", lang, seat=seat)
    return text("partner" if _is_partner(session, seat) else "seat", lang, seat=seat)


def welcome(session: Session, lang: Lang, *, ask_help: bool = True) -> list[str]:
    """The opening lines: the game, the person's seat, the bots, the seed, and (``ask_help``) how to
    see the commands."""
    lines = [text("welcome", lang, title=session.game.title, seat=session.seat)]
    bots = [text("bot_partner" if _is_partner(session, seat) else "bot", lang, seat=seat, bot=bot.label)
            for seat, bot in enumerate(session.bots) if bot is not None]
    lines.append(text("bots", lang, bots=join_words(bots, lang)) if bots else text("alone", lang))
    if session.record.seed is not None:
        lines.append(text("seed", lang, seed=session.record.seed))
    if ask_help:
        lines.append(text("ask_help", lang))
    return lines


def move_text(session: Session, state: AnyState, move: object, lang: Lang) -> str:
    """``move`` (made in ``state``) in words, without its subject."""
    try:
        return cardrules.describe_move(state, move, lang=lang)
    except CardrulesError:  # a game without words for its moves: its notation
        return str(move)


def announce(session: Session, event: Event, lang: Lang) -> list[str]:
    """The lines that announce ``event``."""
    if isinstance(event, Moved):
        what = move_text(session, event.state, event.move, lang)
        return [f"{seat_name(session, event.seat, lang)} {what}."]
    if isinstance(event, Drew):
        return [text("drew", lang, cards=card_text(session, event.cards, lang))]
    if isinstance(event, HandOver):
        return _hand_over(session, event, lang)
    if isinstance(event, GameOver):
        return [text("over", lang), outcome(session, event.result, lang)]
    raise AssertionError(f"unknown event {event!r}")


def _hand_over(session: Session, event: HandOver, lang: Lang) -> list[str]:
    after = event.state
    points = [text("side_points", lang, side=side, points=total) for side, total in enumerate(event.points)]
    totals = [text("side_points", lang, side=side, points=total) for side, total in enumerate(event.totals)]
    lines = [text("hand_over", lang, n=event.number, scores=join_words(points, lang))]
    if event.number > 1 or not cardrules.is_terminal(after):  # else the totals are this hand's points
        lines.append(text("totals", lang, scores=join_words(totals, lang)))
    if not cardrules.is_terminal(after):
        lines.append(text("new_hand", lang, n=event.number + 1, cards=card_text(session, event.hand, lang)))
    return lines


def outcome(session: Session, result: object, lang: Lang) -> str:
    """The end of the game as the person sees it: won or lost, and by how much (as the game's
    command line words it; the result as text for a game that does not)."""
    describe = _simulator(session).describe_result
    if describe is None:
        return text("result", lang, result=result)
    return describe(session.record.rules, result, session.seat, lang)


def move_lines(session: Session, lang: Lang, *, compact: bool = False, notation: bool = True) -> list[str]:
    """The person's legal moves, numbered from 1, in words and (``notation``) as they can be typed,
    one a line.

    ``compact`` lets the game's command line group moves on a few lines (The Game puts the plays
    of one card on one line, numbered by pile in notation, so that a hand's 30 moves fit)::

        lay 6:   1 up1     2 up2     3 down1   4 down2
    """
    state, legal = session.state, session.legal_moves()

    def line(number: int, move: object) -> str:
        words = f"{number:>3}. {move_text(session, state, move, lang)}"
        return f"{words}  [{move}]" if notation else words

    table = _simulator(session).move_table
    if compact and table is not None:
        grouped, numbers = table(legal, lang)
        return grouped + [line(number, move) for number, move in enumerate(legal, start=1)
                          if number not in numbers]
    return [line(number, move) for number, move in enumerate(legal, start=1)]


def error_text(error: CardrulesError, session: Session, lang: Lang) -> str:
    """What went wrong with the person's input or file, in their language: an illegal or unreadable
    move's reason too, when the game words it in every language (both built-in games do); the
    details of a file's problem stay English."""
    if isinstance(error, SaveFileError):
        key = "illegal_record" if error.problem == "illegal" else error.problem
        # The file name is the person's text: a terminal escape in it must not reach the terminal.
        return text(key, lang, path=printable(error.path, 80), detail=error.detail, title=session.game.title)
    if isinstance(error, BotError):
        return text("bot_failed", lang, reason=str(error))
    if isinstance(error, IllegalMoveError):
        return text("illegal", lang, reason=_reason(error, lang))
    if isinstance(error, NotationError):
        return text("unreadable_move", lang, text=printable(error.text, 60), reason=_reason(error, lang))
    return str(error)


def _reason(error: IllegalMoveError | NotationError, lang: Lang) -> str:
    # A game that words its reasons (both built-in games do) gives them in every language; any
    # other reason is shown as the library gives it, in English.
    return error.reason if error.wording is None else error.wording(lang)


def no_such_number(session: Session, typed: str, lang: Lang) -> str:
    """What a number ``typed`` that is not on the list of moves gets: the list's numbers, and, when
    the game's notation reads the number as a legal move (Mille Bornes' ``200`` for ``drive 200``),
    how to type that move instead: a number alone always chooses from the list."""
    count = len(session.legal_moves())
    number = typed if len(typed) <= 12 else f"{typed[:9]}..."
    message = text("no_such_number", lang, n=number, count=count)
    try:
        move = session.parse(typed)
    except IllegalMoveError as exc:
        return f"{message} {text('as_move_illegal', lang, n=number, reason=_reason(exc, lang))}"
    except CardrulesError:
        return message
    return f"{message} {text('type_it_out', lang, n=number, notation=move)}"


def board_lines(session: Session, lang: Lang) -> list[str]:
    """The person's view of the table, then their moves (or, when the game is over, what they can
    still do)."""
    lines = cardrules.render(session.observation(), lang=lang).splitlines()
    if session.over:
        return [*lines, text("prompt_over", lang)]
    moves = move_lines(session, lang, compact=True)
    return [*lines, text("your_moves", lang), *moves, prompt_line(session, lang)]


def prompt_line(session: Session, lang: Lang) -> str:
    """What the person is asked to type now."""
    if session.over:
        return text("prompt_over", lang)
    count = len(session.legal_moves())
    return text("prompt", lang, n=count) if count > 1 else text("prompt_one", lang)
