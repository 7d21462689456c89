"""``cardrules play --lang es|fr``: everything a player reads is in their language — every reason
either game can give for a refused move, every move's label — and the words around the menu."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import cardrules
from cardrules.cli.play_session import Session
from cardrules.cli.play_text import move_lines, no_such_number
from cardrules.games import mille_bornes as mb
from cardrules.games import the_game
from cardrules.games.mille_bornes.command_line import MILLE_BORNES
from cardrules.games.mille_bornes.reasons import REASONS as MB_REASONS
from cardrules.games.the_game.reasons import REASONS as TG_REASONS
from cardrules.i18n import Wording
from cardrules.run.botspec import parse_bot
from tests.cli.test_play import play

MB_RULES = [
    mb.Rules.parker(players=2, target_score=None),
    mb.Rules.parker(players=3, target_score=None),
    mb.Rules.french(players=2, target_score=None),
    mb.Rules.wikipedia(players=3, target_score=None),
    mb.Rules.room(players=4, team_size=2, accumulate=True, target_score=None),
    mb.Rules(players=2, hazard_stacking="topmost", discard="unplayable_only", wrong_way=True,
             target_score=None),
    mb.Rules(players=2, target_score=1500),
]
TG_RULES = [the_game.Rules(players=1), the_game.Rules(players=3, expert=True),
            the_game.Rules(players=2, on_fire=True, reduced_hand=True)]


def walk(game: Any, rules: object, seed: int) -> Iterator[Any]:
    """Every state of a random game of ``game`` under ``rules``."""
    rng = random.Random(seed)
    state = game.new_game(rules, seed=seed)
    while True:
        yield state
        legal = game.legal_moves(state)
        if not legal:
            return
        state = game.apply(state, rng.choice(legal))


def mb_candidates(rules: mb.Rules) -> list[object]:
    """The whole action space, and the moves a person might type that no action space holds: a
    hazard with no side or a side that does not exist, a card of one's own on a side, a move of
    another game."""
    odd = [move for card in mb.Card
           for move in (mb.Play(card, None), mb.Play(card, 0), mb.Play(card, rules.sides))]
    return [*mb.all_moves(rules), *odd, the_game.END_TURN]


def english_left(text: str) -> list[str]:
    """The English words of the reasons found in ``text`` (card names, pile names and notation aside)."""
    words = re.findall(r"[a-z]+", text.replace("coup fourré", ""))
    return [word for word in words if word in {"the", "side", "cannot", "is", "not", "hand", "seat", "first",
                                               "already", "may", "must", "play", "drive", "fits"}]


def check(wording: Wording | None, english: str | None, seen: Counter[str]) -> None:
    assert wording is not None
    assert english is not None
    assert str(wording) == english
    seen[wording.code] += 1
    for lang in ("es", "fr"):
        words = wording(lang)
        assert words != english, (lang, english)
        assert not english_left(words), (lang, english, words)


@pytest.mark.parametrize("rules", MB_RULES, ids=[f"mb{at}" for at in range(len(MB_RULES))])
def test_every_reason_and_label_of_mille_bornes_reads_in_spanish_and_french(rules: mb.Rules) -> None:
    seen: Counter[str] = Counter()
    labels = 0
    for seed in (1, 2):
        for state in walk(mb, rules, seed):
            legal = set(mb.legal_moves(state))
            for move in mb_candidates(rules):
                if move in legal:
                    english = mb.describe_move(move)
                    assert mb.describe_move(move, lang="es") != english
                    assert mb.describe_move(move, lang="fr") != english
                    labels += 1
                else:
                    check(mb.illegal_reason(state, move), mb.why_illegal(state, move), seen)
    assert labels > 100
    assert len(seen) >= 15, seen


@pytest.mark.parametrize("rules", TG_RULES, ids=[f"tg{at}" for at in range(len(TG_RULES))])
def test_every_reason_and_label_of_the_game_reads_in_spanish_and_french(rules: the_game.Rules) -> None:
    seen: Counter[str] = Counter()
    candidates = [*the_game.all_moves(the_game.Rules()), mb.DECLINE]
    for state in walk(the_game, rules, 3):
        legal = set(the_game.legal_moves(state))
        for move in candidates:
            if move in legal:
                english = the_game.describe_move(move)
                assert english not in (the_game.describe_move(move, lang="es"),
                                       the_game.describe_move(move, lang="fr"))
            else:
                check(the_game.illegal_reason(state, move), the_game.why_illegal(state, move), seen)
    assert {"not_in_hand", "higher", "lower", "game_over", "not_a_move"} <= set(seen), seen


@pytest.mark.parametrize("reasons", [MB_REASONS, TG_REASONS], ids=["mille-bornes", "the-game"])
def test_every_reason_a_game_words_has_a_spanish_and_a_french_form(reasons: dict[str, object]) -> None:
    for code, phrase in reasons.items():
        assert phrase.en not in (phrase.es, phrase.fr), code  # type: ignore[attr-defined]


def test_play_in_spanish_says_why_a_move_is_refused_in_spanish(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = play(monkeypatch, capsys, "99 up1\nend turn\n", "the-game", "--players", "2", "--seed", "1",
                     "--lang", "es")
    lines = out.splitlines()
    assert "No está permitido: el jugador 0 no tiene el 99 en la mano." in lines
    assert "No está permitido: antes coloca al menos 2 cartas en este turno (llevas 0)." in lines


def test_play_in_french_says_why_a_typed_move_is_refused_in_french(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = play(monkeypatch, capsys, "coup fourre\nfly\n", "mille-bornes", "--seed", "1", "--lang", "fr")
    lines = out.splitlines()
    assert "Interdit : aucune attaque n'attend de coup fourré." in lines
    assert any(line.startswith("« fly » n'est ni un coup ni une commande (carte inconnue 'fly' ; les cartes")
               for line in lines)


def test_every_move_label_play_shows_in_french_is_french() -> None:
    heuristic = parse_bot("heuristic", MILLE_BORNES.bots)
    session = Session.start(mb.Rules.parker(players=3, target_score=None), seat=0, bots=[heuristic],
                            seed=5, adviser=heuristic).session
    for line in move_lines(session, "fr", notation=False):
        assert not english_left(line), line
        assert "drives" not in line, line
        assert "plays" not in line, line


def test_a_number_alone_chooses_from_the_list_and_says_how_to_type_a_distance() -> None:
    heuristic = parse_bot("heuristic", MILLE_BORNES.bots)
    rules = mb.Rules.parker(players=2, target_score=None)
    session = Session.start(rules, seat=0, bots=[heuristic], seed=4, adviser=heuristic).session
    session = session.play(mb.Play(mb.Card.ROLL)).session
    assert mb.Play(mb.Card.D25) in session.legal_moves()
    assert no_such_number(session, "25", "en") == (
        f"There is no move 25: choose a number from 1 to {len(session.legal_moves())}. A number alone "
        "chooses from the list: to play 25 as a move, type \"drive 25\".")
    assert "tapez « drive 25 »" in no_such_number(session, "25", "fr")


def test_describe_move_at_the_package_root_takes_a_move_alone_like_the_games() -> None:
    move = mb.Play(mb.Card.STOP, 1)
    assert cardrules.describe_move(move) == mb.describe_move(move)
    assert cardrules.describe_move(move, lang="es") == "juega Semáforo rojo contra el lado 1"
    play45 = the_game.Play(45, 0)
    assert cardrules.describe_move(play45, lang="fr") == the_game.describe_move(play45, lang="fr")
    state = the_game.new_game(the_game.Rules(), seed=1)
    with pytest.raises(cardrules.ArgumentError, match="takes a move"):
        cardrules.describe_move(state)
    with pytest.raises(cardrules.UnknownGameError):
        cardrules.describe_move(42)


def test_arena_help_shows_a_single_percent_sign(capsys: pytest.CaptureFixture[str]) -> None:
    from cardrules.cli import main

    main(["arena", "--help"])
    out = capsys.readouterr().out
    assert "95% intervals" in " ".join(out.split())
    assert "%%" not in out


def test_a_number_of_thousands_of_digits_is_no_move_and_the_game_goes_on(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = play(monkeypatch, capsys, "9" * 5000 + "\n", "mille-bornes", "--seed", "1")
    assert status == 0
    assert "There is no move 999999999...: choose a number from 1 to 8." in out.splitlines()
