"""The drawing code remembers what recurs (issue 19: the game server draws every table after every
move): a picture is the same bytes with its memos as without them, and the memos stay bounded."""

from __future__ import annotations

import random
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules import svg
from cardrules.games import mille_bornes, the_game
from cardrules.games.mille_bornes import picture as mille_bornes_picture
from cardrules.games.the_game import picture as the_game_picture
from cardrules.svg import canvas, fonts, labels
from cardrules.testing import reachable_states

DRAWING_MODULES: tuple[ModuleType, ...] = (canvas, fonts, labels, the_game_picture, mille_bornes_picture)


def memos() -> Iterator[tuple[ModuleType, str, Any]]:
    """Every memo (a ``functools.lru_cache``) of the drawing code, with its module and name."""
    for module in DRAWING_MODULES:
        for name, value in vars(module).items():
            if hasattr(value, "cache_info") and hasattr(value, "__wrapped__"):
                yield module, name, value


def without_memos(value: Any, lang: svg.Lang, size: int | None = None) -> str:
    """``value`` drawn with every memo replaced by the plain function it remembers."""
    with pytest.MonkeyPatch.context() as patch:
        for module, name, memo in memos():
            patch.setattr(module, name, memo.__wrapped__)
        return svg.draw(value, lang=lang, size=size)


def test_the_drawing_code_has_memos_to_check() -> None:
    # Keeps the test below from passing on nothing if the memos are moved or renamed.
    assert {name for _, name, _ in memos()} >= {"_face", "_back", "_slot", "_text", "_text_width",
                                                "_pile_group", "_hand_group"}


def test_every_memo_is_bounded() -> None:
    for module, name, memo in memos():
        assert memo.cache_info().maxsize is not None, f"{module.__name__}.{name} grows without bound"
        assert memo.cache_info().maxsize <= 8192, f"{module.__name__}.{name} may hold too much"


@given(st.one_of(reachable_states(game="the-game"), reachable_states(game="mille-bornes")),
       st.sampled_from(svg.LANGUAGES), st.data())
def test_a_picture_is_the_same_bytes_with_the_memos_as_without(state: Any, lang: svg.Lang,
                                                               data: st.DataObject) -> None:
    # The memos are kept from one example to the next, as in a server: later pictures reuse what
    # earlier ones drew at other places, in other hands, in other games.
    seat = data.draw(st.integers(min_value=0, max_value=len(state.table.hand_sizes) - 1))
    size = data.draw(st.none() | st.integers(min_value=1, max_value=2000))
    for value in (state, cardrules.observe(state, seat)):
        assert svg.draw(value, lang=lang, size=size) == without_memos(value, lang, size)


@pytest.mark.parametrize(("verbs", "rules"), [
    (the_game, the_game.Rules(players=5, expert=True, on_fire=True)),
    (mille_bornes, mille_bornes.Rules(players=6, team_size=2, target_score=None)),
    (mille_bornes, mille_bornes.Rules.room(players=6, team_size=3, accumulate=True)),
], ids=["the-game-5p-on-fire", "mille-bornes-3x2", "mille-bornes-room-2x3"])
def test_whole_games_draw_the_same_bytes_with_the_memos_as_without(verbs: Any, rules: Any) -> None:
    # Every position of a whole game, as each seat sees it, in every language: the same cards come
    # back at other places, coups fourrés and wrong-way miles included.
    rng = random.Random(5)
    state = verbs.new_game(rules, seed=5)
    step = 0
    while True:
        if step % 3 == 0:
            lang = svg.LANGUAGES[step % len(svg.LANGUAGES)]
            for value in (state, *(verbs.observe(state, seat) for seat in range(rules.players))):
                assert svg.draw(value, lang=lang) == without_memos(value, lang)
        moves = verbs.legal_moves(state)
        if not moves:
            break
        state = verbs.apply(state, rng.choice(moves))
        step += 1


def test_equal_numbers_of_different_types_are_written_as_given() -> None:
    # 1, 1.0 and True are equal as memo keys, yet each writes its own text.
    assert 'x="1"' in canvas.text(1, 2, "a")
    assert 'x="1.0"' in canvas.text(1.0, 2, "a")
    assert 'data-n="1"' in canvas.card_face(0, 0, label="a", class_="card", data={"n": 1})
    assert 'data-n="True"' in canvas.card_face(0, 0, label="a", class_="card", data={"n": True})
    assert 'translate(0.5 0)' in canvas.card_back(0.5, 0, label="a")


def test_a_wrapped_label_handed_out_can_be_changed_without_changing_the_next() -> None:
    lines, _ = canvas.wrap("End of Limit", 56, 10, bold=True)
    lines.append("changed")
    assert canvas.wrap("End of Limit", 56, 10, bold=True) == (["End of", "Limit"], 10)
