"""Structure-aware mutations of JSON: parse a real value's text, change its tree, write it back.

The tree is what ``json.loads`` gives (dicts, lists, strings, numbers, ``True``/``False``/``None``);
a mutation picks a node — by a random walk down from the root, so a top-level field is as likely
as a card deep in a pile — and changes it: another JSON type, an extreme number, an odd string,
a key removed, added or nulled (an optional field emptied above all), list elements duplicated,
dropped or shuffled, a subtree swapped with another of the same tree or spliced from another value
(of this game or the other), deep nesting, a card name or number changed, the
``game``/``format``/``type`` tags swapped. Some inputs also get a change to the text itself (cut
short, a character in or out, bytes that are not UTF-8).

Numbers JSON can spell but Python's ``json.dumps`` cannot write (4,000 digits, ``NaN``, ``1e400``)
go into the tree as :class:`Raw` tokens, written out verbatim.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence

import attrs

from tools.fuzz.corpus import Corpus, Sample

__all__ = ["Mutant", "Mutator", "Raw", "dump", "grow", "node_at", "paths", "replace_at", "show_path"]

Path = tuple[str | int, ...]
Tree = object


class Raw(str):
    """A token written into the JSON text as is (``NaN``, a 4,000-digit number, ...)."""

    __slots__ = ()


def dump(tree: Tree) -> str:
    """The JSON text of ``tree``, :class:`Raw` tokens written verbatim.

    >>> dump({"a": [Raw("NaN"), 1]})
    '{"a": [NaN, 1]}'
    """
    raws: list[str] = []

    def mark(node: Tree) -> Tree:
        if isinstance(node, Raw):
            raws.append(str(node))
            return f"@@raw{len(raws) - 1}@@"
        if isinstance(node, dict):
            return {key: mark(item) for key, item in node.items()}
        if isinstance(node, list):
            return [mark(item) for item in node]
        return node

    text = json.dumps(mark(tree), ensure_ascii=False)
    for number, raw in enumerate(raws):
        text = text.replace(f'"@@raw{number}@@"', raw, 1)
    return text


@attrs.frozen(kw_only=True)
class Mutant:
    """A mutated input: its text (``bytes`` for the bytes form) and what was done, step by step."""

    text: str | bytes
    steps: tuple[str, ...]

    @property
    def size(self) -> int:
        """Its length in characters (or bytes)."""
        return len(self.text)


_SCALARS: tuple[object, ...] = (None, True, False, 0, 1, -1, "", "x", [], {}, 0.5, "0", "null")
_INTS: tuple[object, ...] = (
    -1, 0, 1, 2, 7, 24, 25, 99, 100, 101, 2**31, 2**63, 10**8, 10**9, 10**18, -(10**18), 10**100,
    Raw("9" * 4000), Raw("9" * 4301), Raw("1e400"), Raw("-1e400"), Raw("NaN"), Raw("Infinity"),
    Raw("-Infinity"), Raw("-0"), Raw("1.0"), Raw("1e2"), 1.5, -0.0,
)
_STRINGS: tuple[object, ...] = (
    "", " ", "NaN", "nan", "inf", "Infinity", "-0", "1e400", "null", "true", "None", "\u0000",
    "\ud800", "é", "x" * 100_000, "0" * 5000, "__class__", "drive 100", "end turn",
)
_NESTING = (1, 2, 10, 100, 1000, 100_000)


class Mutator:
    """Mutations of one game's JSON, drawing from ``rng`` and from the corpus' pools."""

    def __init__(self, corpus: Corpus, game: str, rng: random.Random) -> None:
        self.corpus = corpus
        self.game = game
        self.rng = rng
        self._ops: tuple[Callable[[Tree, Path, Sample], tuple[Tree, str] | None], ...] = (
            self._retype, self._retype, self._number, self._number, self._string, self._leaf,
            self._leaf, self._card, self._card, self._remove_key, self._remove_key, self._add_key,
            self._null, self._null, self._optional, self._optional, self._rename_key, self._list,
            self._list, self._list, self._swap, self._splice, self._splice, self._nest, self._tag,
            self._tag,
        )

    def mutate(self, sample: Sample) -> Mutant:
        """One mutant of ``sample``: one to three tree mutations, sometimes a text mutation."""
        rng = self.rng
        tree: Tree = json.loads(sample.text)
        steps: list[str] = []
        for _ in range(rng.choice((1, 1, 1, 1, 1, 2, 2, 3))):
            for _attempt in range(20):
                path = self._pick(tree)
                done = rng.choice(self._ops)(tree, path, sample)
                if done is not None:
                    tree, step = done
                    steps.append(step)
                    break
        text = dump(tree)
        roll = rng.random()
        if roll < 0.08:
            return self._text(text, steps)
        if roll < 0.12:
            return self._bytes(text, steps)
        return Mutant(text=text, steps=tuple(steps))

    # -- choosing a node -------------------------------------------------------------------------

    def _pick(self, tree: Tree) -> Path:
        rng = self.rng
        if rng.random() < 0.3:
            return rng.choice(list(paths(tree)))
        path: Path = ()
        node = tree
        while isinstance(node, dict | list) and node and rng.random() > 0.3:
            key: str | int = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
            path = (*path, key)
            node = node[key]  # type: ignore[index]
        return path

    # -- the mutations ---------------------------------------------------------------------------

    def _retype(self, tree: Tree, path: Path, sample: Sample) -> tuple[Tree, str]:
        old = node_at(tree, path)
        choices = [value for value in _SCALARS if type(value) is not type(old) or value != old]
        if isinstance(old, int) and not isinstance(old, bool):
            choices.extend((str(old), float(old), [old]))
        if isinstance(old, str):
            choices.extend(([old], {old: old}))
        new = self.rng.choice(choices)
        return replace_at(tree, path, new), f"{show_path(path)}: {_brief(old)} -> {_brief(new)}"

    def _number(self, tree: Tree, path: Path, sample: Sample) -> tuple[Tree, str] | None:
        numbers = [p for p in paths(tree) if type(node_at(tree, p)) is int]
        if not numbers:
            return None
        path = path if path in numbers else self.rng.choice(numbers)
        old = node_at(tree, path)
        if not isinstance(old, int):
            return None
        new = self.rng.choice((*_INTS, old + 1, old - 1, -old, old * 1000))
        return replace_at(tree, path, new), f"{show_path(path)}: {old} -> {_brief(new)}"

    def _string(self, tree: Tree, path: Path, sample: Sample) -> tuple[Tree, str] | None:
        strings = [p for p in paths(tree) if type(node_at(tree, p)) is str]
        if not strings:
            return None
        path = path if path in strings else self.rng.choice(strings)
        old = str(node_at(tree, path))
        new = self.rng.choice((*_STRINGS, old.upper(), old.lower(), old + "x", old[:-1], old * 2))
        return replace_at(tree, path, new), f"{show_path(path)}: {_brief(old)} -> {_brief(new)}"

    def _leaf(self, tree: Tree, path: Path, sample: Sample) -> tuple[Tree, str]:
        game = self.game if self.rng.random() < 0.8 else self.rng.choice(self.corpus.games())
        new = self.rng.choice(self.corpus.leaves[game])
        old = node_at(tree, path)
        step = f"{show_path(path)}: {_brief(old)} -> {_brief(new)} (a value seen in {game})"
        return replace_at(tree, path, new), step

    def _card(self, tree: Tree, path: Path, sample: Sample) -> tuple[Tree, str] | None:
        own = set(map(repr, self.corpus.cards[self.game]))
        held = [p for p in paths(tree) if repr(node_at(tree, p)) in own]
        if not held:
            return None
        path = path if path in held else self.rng.choice(held)
        game = self.game if self.rng.random() < 0.7 else self.rng.choice(self.corpus.games())
        old = node_at(tree, path)
        choices = list(self.corpus.cards[game])
        if isinstance(old, str):
            choices.extend((old.lower(), old + "_", "CARD"))
        elif isinstance(old, int):
            choices.extend((0, 1, 100, 101, -old))
        new = self.rng.choice(choices)
        return replace_at(tree, path, new), f"{show_path(path)}: card {_brief(old)} -> {_brief(new)}"

    def _remove_key(self, tree: Tree, path: Path, sample: Sample) -> tuple[Tree, str] | None:
        found = self._dict_at(tree, path)
        if found is None:
            return None
        path, node = found
        key = self.rng.choice(list(node))
        smaller = {k: v for k, v in node.items() if k != key}
        return replace_at(tree, path, smaller), f"{show_path(path)}: removed key {key!r}"

    def _add_key(self, tree: Tree, path: Path, sample: Sample) -> tuple[Tree, str] | None:
        found = self._dict_at(tree, path, empty=True)
        if found is None:
            return None
        path, node = found
        key = self.rng.choice(("unknown", "", "__class__", "move", "type", "game", "format", "rules"))
        value = self.rng.choice(_SCALARS)
        step = f"{show_path(path)}: added key {key!r}: {_brief(value)}"
        return replace_at(tree, path, {**node, key: value}), step

    def _null(self, tree: Tree, path: Path, sample: Sample) -> tuple[Tree, str] | None:
        found = self._dict_at(tree, path)
        if found is None:
            return None
        path, node = found
        key = self.rng.choice(list(node))
        return replace_at(tree, (*path, key), None), f"{show_path((*path, key))}: {_brief(node[key])} -> null"

    def _optional(self, tree: Tree, path: Path, sample: Sample) -> tuple[Tree, str] | None:
        """Empty a field that may be empty (its key is met with ``null`` elsewhere) where it is set."""
        keys = self.corpus.optional[self.game]
        filled = [p for p in paths(tree) if p and p[-1] in keys and node_at(tree, p) is not None]
        if not filled:
            return None
        path = path if path in filled else self.rng.choice(filled)
        step = f"{show_path(path)}: {_brief(node_at(tree, path))} -> null (an optional field)"
        return replace_at(tree, path, None), step

    def _rename_key(self, tree: Tree, path: Path, sample: Sample) -> tuple[Tree, str] | None:
        found = self._dict_at(tree, path)
        if found is None:
            return None
        path, node = found
        key = self.rng.choice(list(node))
        new_key = self.rng.choice((key.upper(), key + "_", key.replace("_", "")))
        renamed = {(new_key if k == key else k): v for k, v in node.items()}
        return replace_at(tree, path, renamed), f"{show_path(path)}: renamed key {key!r} -> {new_key!r}"

    def _list(self, tree: Tree, path: Path, sample: Sample) -> tuple[Tree, str] | None:
        lists = [p for p in paths(tree) if isinstance(node_at(tree, p), list)]
        if not lists:
            return None
        path = path if path in lists else self.rng.choice(lists)
        old = node_at(tree, path)
        if not isinstance(old, list):
            return None
        rng = self.rng
        what = rng.choice(("duplicate", "drop", "shuffle", "reverse", "empty", "halve", "repeat",
                           "append", "object", "wrap"))
        new: Tree
        if not old and what not in ("append", "object"):
            what = "append"
        if what == "duplicate":
            at = rng.randrange(len(old))
            new = [*old[:at], old[at], *old[at:]]
        elif what == "drop":
            at = rng.randrange(len(old))
            new = old[:at] + old[at + 1:]
        elif what == "shuffle":
            new = list(old)
            rng.shuffle(new)
        elif what == "reverse":
            new = old[::-1]
        elif what == "empty":
            new = []
        elif what == "halve":
            new = old[:len(old) // 2]
        elif what == "repeat":
            # At most about 20,000 elements: a bigger input is the scaling experiments' business.
            new = old * min(rng.choice((2, 10, 1000)), max(2, 20_000 // len(old)))
        elif what == "append":
            new = [*old, rng.choice((*self.corpus.leaves[self.game], *_SCALARS))]
        elif what == "object":
            new = {str(number): item for number, item in enumerate(old)}
        else:
            at = rng.randrange(len(old))
            new = [*old[:at], [old[at]], *old[at + 1:]]
        return replace_at(tree, path, new), f"{show_path(path)}: list {what} ({len(old)} elements)"

    def _swap(self, tree: Tree, path: Path, sample: Sample) -> tuple[Tree, str] | None:
        other = self._pick(tree)
        if not path or not other or path == other or _inside(path, other) or _inside(other, path):
            return None
        first, second = node_at(tree, path), node_at(tree, other)
        swapped = replace_at(replace_at(tree, path, second), other, first)
        return swapped, f"swapped {show_path(path)} and {show_path(other)}"

    def _splice(self, tree: Tree, path: Path, sample: Sample) -> tuple[Tree, str] | None:
        rng = self.rng
        game = self.game if rng.random() < 0.6 else rng.choice(self.corpus.games())
        kinds = [kind for owner, kind in self.corpus.samples if owner == game]
        kind = sample.kind if rng.random() < 0.8 else rng.choice(kinds)
        donors = self.corpus.samples.get((game, kind), ())
        if not donors:
            return None
        donor = rng.choice(donors)
        donor_tree = json.loads(donor.text)
        try:
            new = node_at(donor_tree, path)
        except (KeyError, IndexError, TypeError):
            if path:
                return None
            new = donor_tree
        return replace_at(tree, path, new), f"{show_path(path)}: taken from another {game} {kind}"

    def _nest(self, tree: Tree, path: Path, sample: Sample) -> tuple[Tree, str]:
        depth = self.rng.choice(_NESTING)
        as_object = self.rng.random() < 0.3
        new = _nested(node_at(tree, path), depth, as_object=as_object)
        shape = "objects" if as_object else "arrays"
        return replace_at(tree, path, new), f"{show_path(path)}: wrapped in {depth} nested {shape}"

    def _tag(self, tree: Tree, path: Path, sample: Sample) -> tuple[Tree, str] | None:
        tagged = [p for p in paths(tree) if p and p[-1] in ("game", "format", "type")]
        if not tagged:
            return None
        path = path if path in tagged else self.rng.choice(tagged)
        old = node_at(tree, path)
        new = self.rng.choice((*self.corpus.tags["any"], None, 0, 10**9, "", "x", -1))
        return replace_at(tree, path, new), f"{show_path(path)}: tag {_brief(old)} -> {_brief(new)}"

    # -- text and bytes --------------------------------------------------------------------------

    def _text(self, text: str, steps: list[str]) -> Mutant:
        rng = self.rng
        what = rng.choice(("cut", "delete", "insert", "bom", "pad", "duplicate key"))
        at = rng.randrange(len(text) + 1)
        if what == "cut":
            text = text[:at]
        elif what == "delete":
            text = text[:at] + text[at + 1:]
        elif what == "insert":
            text = text[:at] + rng.choice('{}[]",:0-9aeE.\\ \n') + text[at:]
        elif what == "bom":
            text = "\ufeff" + text
        elif what == "pad":
            text = " " * rng.choice((1, 1000, 1_000_000)) + text
        elif text.startswith("{") and len(text) > 2:
            # JSON allows a key twice; the last one wins in Python's parser.
            first_key = text[1:].split(":", 1)[0]
            text = "{" + first_key + ": null, " + text[1:]
        return Mutant(text=text, steps=(*steps, f"text: {what} at {at}"))

    def _bytes(self, text: str, steps: list[str]) -> Mutant:
        rng = self.rng
        what = rng.choice(("utf-8", "utf-16", "utf-32", "not utf-8"))
        if what == "not utf-8":
            raw = text.encode("utf-8", "surrogatepass")
            at = rng.randrange(len(raw) + 1)
            data = raw[:at] + b"\xff\xfe\x80" + raw[at:]
        else:
            data = text.encode(what, "surrogatepass")
        return Mutant(text=data, steps=(*steps, f"as bytes: {what}"))

    def _dict_at(self, tree: Tree, path: Path, *, empty: bool = False) -> tuple[Path, dict[str, Tree]] | None:
        while True:
            node = node_at(tree, path)
            if isinstance(node, dict) and (node or empty):
                return path, node
            if not path:
                dicts = [p for p in paths(tree)
                         if isinstance(node_at(tree, p), dict) and (node_at(tree, p) or empty)]
                if not dicts:
                    return None
                path = self.rng.choice(dicts)
                continue
            path = path[:-1]


def grow(tree: Tree, path: Path, how: str, size: int) -> Tree:
    """``tree`` with the node at ``path`` grown to ``size``: a list to ``size`` elements (its own,
    cycled), a string to ``size`` characters, a number to ``size`` digits or to the value
    ``10**size`` (``how="value"``), or the node wrapped in ``size`` nested arrays.

    >>> grow({"a": [1, 2]}, ("a",), "list", 5)
    {'a': [1, 2, 1, 2, 1]}
    """
    node = node_at(tree, path)
    new: Tree
    if how == "list":
        items = node if isinstance(node, list) and node else [node]
        new = [items[number % len(items)] for number in range(size)]
    elif how == "string":
        text = str(node) or "x"
        new = (text * (size // len(text) + 1))[:size]
    elif how == "digits":
        new = Raw("9" * size)
    elif how == "value":
        new = 10**size
    else:
        new = _nested(node, size, as_object=False)
    return replace_at(tree, path, new)


def _nested(node: Tree, depth: int, *, as_object: bool) -> Raw:
    # Written as text: Python's own json module cannot write (or read) 100,000 levels.
    inner = dump(node)
    if as_object:
        return Raw('{"x": ' * depth + inner + "}" * depth)
    return Raw("[" * depth + inner + "]" * depth)


def paths(tree: Tree, path: Path = ()) -> Iterator[Path]:
    """Every path of ``tree``, the root's (``()``) first, depth first."""
    yield path
    if isinstance(tree, dict):
        for key, item in tree.items():
            yield from paths(item, (*path, key))
    elif isinstance(tree, list):
        for number, item in enumerate(tree):
            yield from paths(item, (*path, number))


def node_at(tree: Tree, path: Path) -> Tree:
    """The node of ``tree`` at ``path``."""
    node = tree
    for key in path:
        node = node[key]  # type: ignore[index]
    return node


def replace_at(tree: Tree, path: Path, value: Tree) -> Tree:
    """A copy of ``tree`` with ``value`` at ``path``; only the nodes along the path are copied."""
    if not path:
        return value
    key, rest = path[0], path[1:]
    if isinstance(tree, dict):
        return {**tree, key: replace_at(tree[key], rest, value)}
    if isinstance(tree, list) and isinstance(key, int):
        return [*tree[:key], replace_at(tree[key], rest, value), *tree[key + 1:]]
    raise KeyError(path)  # paths come from paths(tree), so never: a bug of the harness


def _inside(path: Path, other: Path) -> bool:
    return other[:len(path)] == path


def show_path(path: Sequence[str | int]) -> str:
    """``piles[2].cards``: where a node is, as a person reads it."""
    text = "".join(f"[{key}]" if isinstance(key, int) else f".{key}" for key in path)
    return text.lstrip(".") or "(the whole value)"


def _brief(value: object) -> str:
    text = str(value) if isinstance(value, Raw) else json.dumps(value, ensure_ascii=True) \
        if not isinstance(value, float) or value == value else "NaN"
    return text if len(text) <= 40 else f"{text[:20]}...({len(text)} chars)"
