"""Pictures (``cardrules.svg``): what each game's picture shows, what an observer's never shows, and
``_repr_svg_`` for Jupyter. The pictures are read back with ElementTree and searched by the class and
id attributes the drawing puts there for programs."""

from __future__ import annotations

import random
import re
import runpy
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules import ArgumentError, svg
from cardrules.games import mille_bornes, the_game
from cardrules.games.mille_bornes import Card
from cardrules.games.mille_bornes.cards import KIND, card_name
from cardrules.games.the_game import FIRE_CARDS
from cardrules.registry import game_of_state, get
from cardrules.svg import fonts
from cardrules.svg.canvas import CARD_HEIGHT, CARD_WIDTH
from cardrules.testing import reachable_states
from tests import toy_game
from tests.toy_game.redeclared import redeclare

SVG = "{http://www.w3.org/2000/svg}"
REPO = Path(__file__).resolve().parents[2]


def parse(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    return root


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    """Every element whose class attribute holds the word ``name``, in document order."""
    return [element for element in root.iter() if name in element.get("class", "").split()]


def by_id(root: ET.Element, ident: str) -> ET.Element:
    found = [element for element in root.iter() if element.get("id") == ident]
    assert len(found) == 1, ident
    return found[0]


def texts(element: ET.Element) -> list[str]:
    return [node.text or "" for node in element.iter(f"{SVG}text")]


def title(element: ET.Element) -> str:
    node = element.find(f"{SVG}title")
    assert node is not None
    return node.text or ""


def play(verbs: Any, state: Any, moves: int, seed: int) -> Any:
    rng = random.Random(seed)
    for _ in range(moves):
        legal = verbs.legal_moves(state)
        if not legal:
            break
        state = verbs.apply(state, rng.choice(legal))
    return state


def states_until(verbs: Any, rules: Any, wanted: Callable[[Any], bool]) -> Any:
    """The first state of random games from seeds 0, 1, ... for which ``wanted`` holds."""
    for seed in range(500):
        state = verbs.new_game(rules, seed=seed)
        rng = random.Random(seed)
        while verbs.legal_moves(state):
            state = verbs.apply(state, rng.choice(verbs.legal_moves(state)))
            if wanted(state):
                return state
    raise AssertionError("no game reached the position")


# --- The Game ---------------------------------------------------------------------------------------


def test_each_pile_is_a_card_showing_its_top_number_and_direction() -> None:
    state = play(the_game, the_game.new_game(the_game.Rules(players=2), seed=4), 9, 1)
    root = parse(svg.draw(state))
    for pile, top in enumerate(state.table.tops):
        group = by_id(root, f"pile-{pile}")
        assert group.get("data-top") == str(top)
        assert ("ascending" if pile < 2 else "descending") in group.get("class", "").split()
        (card,) = with_class(group, "card")
        assert str(top) in texts(card)
        assert ("1 ↑" if pile < 2 else "100 ↓") in texts(card)


def test_a_state_shows_every_hand_face_up() -> None:
    state = play(the_game, the_game.new_game(the_game.Rules(players=3), seed=2), 5, 2)
    root = parse(svg.draw(state))
    for seat, hand in enumerate(state.hands):
        group = by_id(root, f"hand-{seat}")
        assert [card.get("data-card") for card in with_class(group, "face-up")] == [str(c) for c in hand]
        assert with_class(group, "face-down") == []


def test_an_observation_shows_its_own_hand_and_the_others_face_down_with_their_counts() -> None:
    state = play(the_game, the_game.new_game(the_game.Rules(players=3), seed=2), 5, 2)
    root = parse(svg.draw(the_game.observe(state, 1)))
    for seat, hand in enumerate(state.hands):
        group = by_id(root, f"hand-{seat}")
        face_up = [card.get("data-card") for card in with_class(group, "face-up")]
        if seat == 1:
            assert face_up == [str(card) for card in hand]
            assert "Seat 1 (you)" in texts(group)
        else:
            assert face_up == []
            assert len(with_class(group, "face-down")) == len(hand)
            assert f"{len(hand)} cards" in texts(group)


def test_the_draw_pile_shows_how_many_cards_it_holds() -> None:
    state = the_game.new_game(the_game.Rules(players=2), seed=4)
    group = by_id(parse(svg.draw(state)), "draw-pile")
    assert group.get("data-count") == "84"
    assert "84 cards" in texts(group)
    assert len(with_class(group, "face-down")) == 1


def test_the_seat_on_turn_is_marked_and_the_minimum_is_said() -> None:
    state = play(the_game, the_game.new_game(the_game.Rules(players=3), seed=5), 1, 0)
    root = parse(svg.draw(state))
    (marker,) = with_class(root, "on-turn")
    assert marker in list(by_id(root, f"hand-{state.table.current}").iter())
    (status,) = with_class(root, "status")
    assert f"Seat {state.table.current} to play" in (status.text or "")
    assert f"lay at least {state.minimum} ({state.table.laid} laid)" in (status.text or "")


def test_fire_cards_are_marked_in_words_and_a_burning_pile_says_when_it_must_be_covered() -> None:
    rules = the_game.Rules(players=3, on_fire=True)
    state = states_until(the_game, rules, lambda s: s.table.status == "playing"
                         and any(due >= 0 for due in s.table.fire_due))
    root = parse(svg.draw(state))
    fire_in_hands = [card for hand in state.hands for card in hand if card in FIRE_CARDS]
    burning = [pile for pile, due in enumerate(state.table.fire_due) if due >= 0]
    marked = with_class(root, "fire")
    assert sorted(int(card.get("data-card", "")) for card in marked) == sorted(
        fire_in_hands + [state.table.tops[pile] for pile in burning])
    assert all("fire card" in title(card) for card in marked if card.get("data-card") in
               {str(state.table.tops[pile]) for pile in burning})
    notices = [node.text or "" for node in with_class(root, "fire-due")]
    assert len(notices) == len(burning)
    for pile, notice in zip(burning, notices, strict=True):
        now = state.table.fire_due[pile] == state.table.turn
        when = "this turn" if now else "by the end of the next turn"
        assert notice.endswith(f"is on fire: cover it {when}")


def test_without_on_fire_no_card_is_marked() -> None:
    state = play(the_game, the_game.new_game(the_game.Rules(players=2), seed=1), 20, 1)
    assert with_class(parse(svg.draw(state)), "fire") == []


def test_a_lost_game_says_how_it_was_lost() -> None:
    state = play(the_game, the_game.new_game(the_game.Rules(players=2), seed=1), 10_000, 3)
    assert state.table.status == "stuck"
    (status,) = with_class(parse(svg.draw(state)), "status")
    assert status.text == f"Lost: Seat {state.table.current} could not lay enough"
    assert with_class(parse(svg.draw(state)), "on-turn") == []


# --- Mille Bornes -----------------------------------------------------------------------------------


def test_each_side_has_a_tableau_with_its_miles_against_the_race() -> None:
    state = play(mille_bornes, mille_bornes.new_game(mille_bornes.Rules(), seed=3), 60, 2)
    root = parse(svg.draw(state))
    tableaux = with_class(root, "tableau")
    assert len(tableaux) == 2
    for side, tableau in enumerate(state.table.tableaux):
        group = by_id(root, f"tableau-{side}")
        assert group.get("data-miles") == str(tableau.miles)
        assert f"{tableau.miles} / {state.table.target} miles" in texts(group)
        groups = with_class(group, "distance-group")
        miles = sum(int(g.get("data-miles", "")) * int(g.get("data-count", "")) for g in groups)
        assert miles == tableau.miles
        assert sorted(int(g.get("data-miles", "")) for g in groups) == sorted(
            {mille_bornes.MILES[card] for card in tableau.distance})
        for class_, pile in (("battle-pile", tableau.battle), ("speed-pile", tableau.speed)):
            (drawn,) = with_class(group, class_)
            assert drawn.get("data-top") == (pile[-1].name if pile else None)
            if pile:
                (card,) = with_class(drawn, "card")
                assert card.get("data-card") == pile[-1].name


def test_safeties_are_drawn_and_coups_fourres_lie_sideways() -> None:
    rules = mille_bornes.Rules(players=4, team_size=2, wrong_way=True)
    state = states_until(mille_bornes, rules, lambda s: any(t.coups_fourres for t in s.table.tableaux))
    root = parse(svg.draw(state))
    assert len(with_class(root, "tableau")) == 2
    for side, tableau in enumerate(state.table.tableaux):
        (safeties,) = with_class(by_id(root, f"tableau-{side}"), "safeties")
        cards = with_class(safeties, "card")
        assert [card.get("data-card") for card in cards] == [card.name for card in tableau.safeties]
        sideways = [card.get("data-card") for card in cards if "coup-fourre" in card.get("class", "").split()]
        assert sideways == [card.name for card in tableau.coups_fourres]
        assert all("rotate(90" in card.get("transform", "") for card in with_class(safeties, "coup-fourre"))
        assert all("(coup fourré)" in title(card) for card in with_class(safeties, "coup-fourre"))


def test_cards_name_their_kind_in_words_as_well_as_in_colour() -> None:
    state = mille_bornes.new_game(mille_bornes.Rules(), seed=1)
    root = parse(svg.draw(state))
    kinds = {mille_bornes.CardKind.HAZARD: "hazard", mille_bornes.CardKind.REMEDY: "remedy",
             mille_bornes.CardKind.SAFETY: "safety", mille_bornes.CardKind.DISTANCE: "distance"}
    for card in with_class(root, "face-up"):
        kind = KIND[Card[card.get("data-card", "")]]
        assert kinds[kind] in card.get("class", "").split()
        assert kinds[kind] in texts(card)
        assert title(card) == card_name(Card[card.get("data-card", "")])


def test_the_observers_hand_is_face_up_and_the_others_are_counted_face_down() -> None:
    state = play(mille_bornes, mille_bornes.new_game(mille_bornes.Rules(players=3), seed=5), 20, 4)
    root = parse(svg.draw(mille_bornes.observe(state, 2)))
    for seat, hand in enumerate(state.hands):
        group = by_id(root, f"hand-{seat}")
        if seat == 2:
            assert [card.get("data-card") for card in with_class(group, "face-up")] == [c.name for c in hand]
        else:
            assert with_class(group, "face-up") == []
            assert len(with_class(group, "face-down")) == len(hand) == int(group.get("data-count", ""))


def test_draw_and_discard_piles_show_their_counts_and_the_discard_top() -> None:
    state = states_until(mille_bornes, mille_bornes.Rules(), lambda s: len(s.table.discard_pile) >= 2)
    root = parse(svg.draw(state))
    assert by_id(root, "draw-pile").get("data-count") == str(state.table.draw_pile_size)
    discard = by_id(root, "discard-pile")
    assert discard.get("data-count") == str(len(state.table.discard_pile))
    (top,) = with_class(discard, "card")
    assert top.get("data-card") == state.table.discard_pile[-1].name


def test_labels_follow_the_language() -> None:
    state = mille_bornes.new_game(mille_bornes.Rules(), seed=1)
    french = parse(svg.draw(mille_bornes.observe(state, 0), lang="fr"))
    assert "Joueur 0 (vous)" in texts(by_id(french, "hand-0"))
    assert "Bottes" in texts(by_id(french, "tableau-0"))
    names = {title(card) for card in with_class(by_id(french, "hand-0"), "face-up")}
    assert names == {card_name(card, "fr") for card in state.hands[0]}
    spanish = parse(svg.draw(the_game.new_game(the_game.Rules(players=2), seed=1), lang="es"))
    assert "Mazo" in texts(by_id(spanish, "draw-pile"))


# --- every game, every position ---------------------------------------------------------------------


def observers(state: Any) -> Iterator[Any]:
    verbs = game_of_state(state)
    for seat in range(len(state.table.hand_sizes)):
        yield verbs.observe(state, seat)


@given(reachable_states(game="the-game"), st.sampled_from(svg.LANGUAGES))
def test_every_reachable_position_of_the_game_draws_a_well_formed_picture(state: Any, lang: svg.Lang) \
        -> None:
    for value in (state, *observers(state)):
        root = parse(svg.draw(value, lang=lang))
        assert len(with_class(root, "pile")) == 4
        assert root.get("viewBox", "").startswith("0 0 ")


@given(reachable_states(game="mille-bornes"), st.sampled_from(svg.LANGUAGES))
def test_every_reachable_position_of_mille_bornes_draws_a_well_formed_picture(state: Any, lang: svg.Lang) \
        -> None:
    for value in (state, *observers(state)):
        root = parse(svg.draw(value, lang=lang))
        assert len(with_class(root, "tableau")) == state.rules.sides


@pytest.mark.parametrize("game", ["the-game", "mille-bornes"])
@given(data=st.data())
def test_an_observers_picture_is_the_same_whatever_the_hidden_cards(game: str, data: st.DataObject) -> None:
    state: Any = data.draw(reachable_states(game=game))
    verbs = get(game)
    seat = data.draw(st.integers(min_value=0, max_value=len(state.table.hand_sizes) - 1))
    observation = verbs.observe(state, seat)
    other = verbs.determinize(observation, data.draw(st.integers(min_value=0, max_value=2**32 - 1)))
    assert svg.draw(observation) == svg.draw(verbs.observe(other, seat))


def test_the_same_value_draws_the_same_bytes() -> None:
    state = play(mille_bornes, mille_bornes.new_game(mille_bornes.Rules(), seed=8), 30, 8)
    again = cardrules.from_json(cardrules.to_json(state), mille_bornes.State)
    assert svg.draw(state, lang="fr") == svg.draw(again, lang="fr")


def test_size_sets_the_width_in_pixels_and_keeps_the_view_box() -> None:
    state = the_game.new_game(the_game.Rules(players=2), seed=4)
    natural = parse(svg.draw(state))
    small = parse(svg.draw(state, size=300))
    assert small.get("viewBox") == natural.get("viewBox")
    _, _, width, height = (int(part) for part in natural.get("viewBox", "").split())
    assert natural.get("width") == str(width)
    assert small.get("width") == "300"
    assert small.get("height") == str(round(300 * height / width))


def test_text_is_escaped() -> None:
    # French card names hold apostrophes, and the accessible name is an attribute.
    state = states_until(mille_bornes, mille_bornes.Rules(), lambda s: Card.OUT_OF_GAS in s.hands[0])
    picture = svg.draw(mille_bornes.observe(state, 0), lang="fr")
    root = parse(picture)
    assert "Panne d'essence" in {title(card) for card in with_class(root, "face-up")}
    assert root.get("aria-label") == "Mille Bornes — Joueur 0 (vous)"


@pytest.mark.parametrize(("arguments", "message"), [
    ({"lang": "de"}, "lang is one of 'en', 'es', 'fr', not 'de'"),
    ({"lang": None}, "lang is one of 'en', 'es', 'fr', not None"),
    ({"lang": ["en"]}, "not ['en']"),
    ({"size": 0}, "size is a width in pixels from 1 to 10000, or None, not 0"),
    ({"size": True}, "not bool"),
    ({"size": 2.5}, "not float"),
])
def test_bad_arguments_raise_argument_error(arguments: dict[str, Any], message: str) -> None:
    state = the_game.new_game(the_game.Rules(players=2), seed=4)
    with pytest.raises(ArgumentError, match=re.escape(message)):
        svg.draw(state, **arguments)


@pytest.mark.parametrize("value", [42, "state", None, the_game.Rules(), the_game.EndTurn()])
def test_only_states_and_observations_are_drawn(value: object) -> None:
    with pytest.raises(ArgumentError, match="draw\\(\\) takes a state or an observation"):
        svg.draw(value)


# --- Jupyter ----------------------------------------------------------------------------------------


def test_states_and_observations_show_their_picture_in_jupyter() -> None:
    state = mille_bornes.new_game(mille_bornes.Rules(), seed=1)
    assert state._repr_svg_() == svg.draw(state)
    observation = the_game.observe(the_game.new_game(the_game.Rules(players=2), seed=1), 1)
    assert observation._repr_svg_() == svg.draw(observation)


def test_a_game_without_a_picture_shows_its_text_in_jupyter(monkeypatch: pytest.MonkeyPatch) -> None:
    # IPython reads None from a _repr_*_ method as "no such format" and falls back to the text.
    redeclare(monkeypatch, picture=None)
    state = toy_game.new_game(toy_game.Rules(players=2), seed=1)
    assert state._repr_svg_() is None
    assert toy_game.observe(state, 0)._repr_svg_() is None
    with pytest.raises(ArgumentError, match="there is no picture of the game 'toy-mau'"):
        svg.draw(state)


class Unregistered(cardrules.GameState[object, object, object, object]):
    """A state type that no game registered."""


def test_a_state_of_no_registered_game_has_no_picture() -> None:
    assert Unregistered()._repr_svg_() is None
    with pytest.raises(ArgumentError, match="there is no picture of Unregistered, of no registered game"):
        svg.draw(Unregistered())


def test_importing_cardrules_draws_pictures_without_importing_a_game() -> None:
    code = ("import sys, cardrules\n"
            "assert not [m for m in sys.modules if m.startswith('cardrules.games')], 'a game was imported'\n"
            "from cardrules.games import the_game\n"
            "assert the_game.new_game(the_game.Rules(), seed=1)._repr_svg_().startswith('<svg ')\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_hand_cards_are_counted_once() -> None:
    # Each card of a state is drawn exactly once across the hands, face up.
    state = play(mille_bornes, mille_bornes.new_game(mille_bornes.Rules(players=2), seed=2), 15, 2)
    root = parse(svg.draw(state))
    hands = [by_id(root, f"hand-{seat}") for seat in range(2)]
    drawn = Counter(card.get("data-card") for hand in hands for card in with_class(hand, "face-up"))
    assert drawn == Counter(card.name for hand in state.hands for card in hand)


def test_the_pictures_in_the_docs_are_what_the_code_draws_now() -> None:
    script = runpy.run_path(str(REPO / "examples" / "draw_pictures.py"))
    drawn: dict[str, str] = script["pictures"]()
    assert {path.name for path in (REPO / "docs" / "images").glob("*.svg")} == set(drawn)
    for name, picture in drawn.items():
        committed = (REPO / "docs" / "images" / name).read_text(encoding="utf-8")
        assert committed == picture, f"docs/images/{name} is stale: run python examples/draw_pictures.py"
    page = (REPO / "docs" / "svg.md").read_text(encoding="utf-8")
    assert all(f"(images/{name})" in page for name in drawn)


# --- Layout: every label measured with the pictures' own width model ----------------------------------

Box = tuple[float, float, float, float]
"""Left, top, right, bottom, in the picture's user units."""

Matrix = tuple[float, float, float, float, float, float]
"""An SVG transform ``matrix(a b c d e f)``: ``(x, y)`` goes to ``(a x + c y + e, b x + d y + f)``."""

_IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)
_STEP = re.compile(r"(translate|rotate)\(([^)]*)\)")


def _then(outer: Matrix, inner: Matrix) -> Matrix:
    a, b, c, d, e, f = outer
    p, q, r, s, t, u = inner
    return (a * p + c * q, b * p + d * q, a * r + c * s, b * r + d * s, a * t + c * u + e, b * t + d * u + f)


def _transform(outer: Matrix, transform: str | None) -> Matrix:
    """``outer`` followed by the steps of a ``transform`` attribute (the pictures use only these two)."""
    matrix = outer
    for name, arguments in _STEP.findall(transform or ""):
        numbers = [float(number) for number in arguments.split()]
        if name == "translate":
            matrix = _then(matrix, (1, 0, 0, 1, numbers[0], numbers[1]))
        else:
            assert numbers[0] == 90, transform
            cx, cy = numbers[1], numbers[2]
            matrix = _then(matrix, (0, 1, -1, 0, cx + cy, cy - cx))
    return matrix


def _box(matrix: Matrix, left: float, top: float, right: float, bottom: float) -> Box:
    a, b, c, d, e, f = matrix
    xs, ys = [], []
    for x, y in ((left, top), (right, top), (left, bottom), (right, bottom)):
        xs.append(a * x + c * y + e)
        ys.append(b * x + d * y + f)
    return min(xs), min(ys), max(xs), max(ys)


def _overlap(one: Box, other: Box) -> bool:
    return (min(one[2], other[2]) - max(one[0], other[0]) > 0.01
            and min(one[3], other[3]) - max(one[1], other[1]) > 0.01)


def _inside(inner: Box, outer: Box) -> bool:
    return (inner[0] >= outer[0] - 0.01 and inner[1] >= outer[1] - 0.01 and inner[2] <= outer[2] + 0.01
            and inner[3] <= outer[3] + 0.01)


def _classes(element: ET.Element) -> list[str]:
    return element.get("class", "").split()


def layout(picture: str) -> tuple[Box, list[tuple[str, Box, Box]], list[Box]]:
    """The canvas, each text with its box and the box it must stay in (its card, else its tableau's
    panel, else the canvas), and each card's box: a text's box is as wide as ``svg.fonts`` measures
    it and reaches from the font's ascent above the baseline to its descent below."""
    root = parse(picture)
    _, _, width, height = (float(number) for number in (root.get("viewBox") or "").split())
    canvas: Box = (0, 0, width, height)
    placed: list[tuple[str, Box, Box]] = []
    cards: list[Box] = []

    def visit(element: ET.Element, matrix: Matrix, container: Box) -> None:
        matrix = _transform(matrix, element.get("transform"))
        if element.tag == f"{SVG}g" and {"card", "empty"} & set(_classes(element)):
            container = _box(matrix, 0, 0, CARD_WIDTH, CARD_HEIGHT)
            cards.append(container)
        elif element.tag == f"{SVG}g" and "tableau" in _classes(element):
            frame = element.find(f"{SVG}rect")
            assert frame is not None
            x, y, w, h = (float(frame.get(name, "")) for name in ("x", "y", "width", "height"))
            container = _box(matrix, x, y, x + w, y + h)
        if element.tag == f"{SVG}text":
            content = element.text or ""
            size = float(element.get("font-size", ""))
            wide = fonts.text_width(content, size, bold=element.get("font-weight") == "bold")
            shift = {"start": 0.0, "middle": 0.5, "end": 1.0}[element.get("text-anchor", "start")]
            x, y = float(element.get("x", "")), float(element.get("y", ""))
            box = _box(matrix, x - shift * wide, y - fonts.ASCENT * size, x + (1 - shift) * wide,
                       y + fonts.DESCENT * size)
            # A distance card's count is written on the card it counts.
            placed.append((content, box, cards[-1] if "badge" in _classes(element) else container))
        for child in element:
            visit(child, matrix, container)

    visit(root, _IDENTITY, canvas)
    return canvas, placed, cards


def layout_faults(picture: str) -> list[str]:
    """Every text that leaves its card, panel or the canvas, runs into another text, or (outside a
    card) runs into a card."""
    canvas, placed, cards = layout(picture)
    faults = []
    for content, box, container in placed:
        if not _inside(box, canvas):
            faults.append(f"{content!r} leaves the picture")
        if not _inside(box, container):
            faults.append(f"{content!r} leaves its card or panel")
    # Boxes sorted by their left edge: each is compared only with those that start before it ends.
    boxes = sorted([(box, content, container not in cards) for content, box, container in placed]
                   + [(card, "a card", False) for card in cards])
    for index, (box, content, outside) in enumerate(boxes):
        for other, other_content, other_outside in boxes[index + 1:]:
            if other[0] >= box[2]:
                break
            is_text, other_is_text = content != "a card", other_content != "a card"
            # Cards may overlap (a fanned hand); a text may not touch another, nor a card unless on it.
            relevant = (is_text and (other_is_text or outside)) or (other_is_text and other_outside)
            if relevant and _overlap(box, other):
                faults.append(f"{content!r} runs into {other_content!r}")
    return faults


def whole_games(verbs: Any, rules: Any, seed: int, count: int) -> Iterator[Any]:
    """``count`` states spread evenly along a random game from ``seed``, its first and last among them."""
    state = verbs.new_game(rules, seed=seed)
    states = [state]
    rng = random.Random(seed)
    while verbs.legal_moves(state):
        state = verbs.apply(state, rng.choice(verbs.legal_moves(state)))
        states.append(state)
    picked = sorted({round(index * (len(states) - 1) / (count - 1)) for index in range(count)})
    yield from (states[index] for index in picked)


TABLES: list[tuple[Any, Any]] = [
    *((the_game, the_game.Rules(players=players)) for players in range(1, 6)),
    (the_game, the_game.Rules(players=5, expert=True, on_fire=True)),
    (the_game, the_game.Rules(players=3, reduced_hand=True, on_fire=True)),
    *((mille_bornes, mille_bornes.Rules(players=players)) for players in (2, 3, 4, 6)),
    *((mille_bornes, mille_bornes.Rules(players=players, team_size=team))
      for players, team in ((4, 2), (6, 2), (6, 3))),
    (mille_bornes, mille_bornes.Rules.wikipedia(players=6, team_size=2)),
    (mille_bornes, mille_bornes.Rules.room(players=6, team_size=3, accumulate=True)),
    (mille_bornes, mille_bornes.Rules.french(players=3)),
]


def test_a_two_by_two_side_name_does_not_run_into_its_miles_in_french() -> None:
    state = mille_bornes.new_game(mille_bornes.Rules(players=4, team_size=2), seed=1)
    assert layout_faults(svg.draw(state, lang="fr")) == []


def table_id(value: Any) -> str:
    if not hasattr(value, "players"):
        return str(value.__name__).rsplit(".", 1)[-1]
    team = getattr(value, "team_size", 1)
    return f"{value.players // team}x{team}" if team > 1 else f"{value.players}p"


@pytest.mark.parametrize(("verbs", "rules"), TABLES, ids=table_id)
def test_no_label_runs_into_another_or_out_of_its_card_panel_or_picture(verbs: Any, rules: Any) -> None:
    faults: set[str] = set()
    for seed in (1, 2):
        for state in whole_games(verbs, rules, seed, count=12):
            for lang in svg.LANGUAGES:
                for value in (state, verbs.observe(state, 0), verbs.observe(state, rules.players - 1)):
                    faults.update(f"{lang}: {fault}" for fault in layout_faults(svg.draw(value, lang=lang)))
    assert sorted(faults) == []


def test_the_width_model_holds_the_fonts_own_advances() -> None:
    # The fonts matplotlib ships (the plot extra, installed with the tests): the same DejaVu Sans
    # on every machine, where a system folder of fonts may be missing.
    ttlib = pytest.importorskip("fontTools.ttLib")
    matplotlib = pytest.importorskip("matplotlib")
    folder = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
    for name, bold in (("DejaVuSans.ttf", False), ("DejaVuSans-Bold.ttf", True)):
        font = ttlib.TTFont(folder / name)
        cmap, metrics, units = font.getBestCmap(), font["hmtx"], font["head"].unitsPerEm
        for character in "Aa0 ·×éñ—▶":
            expected = -(-metrics[cmap[ord(character)]][0] * 1000 // units)
            assert fonts.advance(character, bold=bold) == expected, (name, character)


def _hand_built() -> list[object]:
    """Values built by hand that no game could reach (draw crashed, wrote text that is not XML, or
    drew every one of 100,000 cards)."""
    import attrs

    # Typed Any: the values are wrong on purpose, some of them in type.
    the: Any = the_game.new_game(the_game.Rules(players=2), seed=1)
    mille: Any = mille_bornes.new_game(mille_bornes.Rules(), seed=1)
    seen: Any = the_game.observe(the, 0)
    return [
        attrs.evolve(the, table=attrs.evolve(the.table, piles=())),
        attrs.evolve(the, table=attrs.evolve(the.table, piles=(("\x1b[2J",), (1,), (100,), (100,)))),
        attrs.evolve(seen, hand=tuple(range(2, 100_000))),
        attrs.evolve(mille, hands=(("\x1b[2J", 5, None), mille.hands[1])),
    ]


@pytest.mark.parametrize("value", _hand_built(), ids=["no piles", "a pile of text", "a hand of 100,000 cards",
                                                      "a hand of junk"])
def test_a_value_that_could_not_arise_is_refused_with_the_reason(value: object) -> None:
    with pytest.raises(cardrules.InvalidStateError) as raised:
        svg.draw(value)
    assert str(raised.value).isprintable()
