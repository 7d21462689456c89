"""Bad arguments to every public function: each parameter in turn gets a value of the wrong kind.

The functions are every name in the ``__all__`` of :data:`CORE_MODULES` and of every registered
game's package — functions, the constructors of classes, and the public methods of classes (on a
sample instance). For each parameter, the others
keep a valid value (:func:`~tools.fuzz.values.sample`, a seat of 0, ...) while that one
gets ``None``, a bool, a float, a negative or a huge number, a string, a list for a tuple, a
value of the other game, ... A call may return, or raise a ``CardrulesError``; anything else fails.

Not called at all: exception classes (any arguments make an exception), ``typing.Protocol``
classes and enumerations (Python refuses their calls itself) and ``register`` (it changes the
registry for the rest of the run). Allowed, because Python raises it before any of our code runs:
a ``TypeError`` raised by the call itself, while binding the arguments (:data:`ALLOWLIST`). A
parameter that is a work budget (:data:`BUDGETS`: ``games`` of a conformance run) gets no huge
numbers: asking for 10**100 games is a long run, not a bug.
"""

from __future__ import annotations

import enum
import functools
import importlib
import inspect
import random
import re
from collections.abc import Callable, Iterator

import attrs

import cardrules
import tools.fuzz.values as values
from cardrules.registry import available, get
from tools.fuzz.bounds import DEFAULT_BOUNDS, Bounds, ErrorInfo, guarded
from tools.fuzz.corpus import package_of
from tools.fuzz.findings import Failure, Reproducer, Target

__all__ = [
    "ALLOWLIST",
    "BUDGETS",
    "CORE_MODULES",
    "FOLLOW_UPS",
    "Call",
    "CallTarget",
    "call_targets",
    "check_call",
    "game_modules",
]

CORE_MODULES = ("cardrules", "cardrules.games", "cardrules.testing", "cardrules.bots", "cardrules.svg")
"""The modules whose ``__all__`` is called with bad arguments, besides each game's package."""

SKIPPED = frozenset({"cardrules.games.register"})
"""Public functions not called: ``register`` would change the registry for the rest of the run."""

BUDGETS = frozenset({"games", "max_steps"})
"""Parameters that say how much work to do: they get no huge numbers."""

ALLOWLIST = (
    "TypeError raised by the call itself, while Python binds the arguments (no library frame)",
)
"""The errors that are not failures, in words (see :func:`allowed`)."""

_GENERIC = (
    "None", "True", "False", "-1", "10**100", "-10**100", "2**63", "1.5", "float('nan')",
    "float('inf')", "''", "'x'", "'9' * 5000", "b'x'", "[]", "()", "{}", "object()", "int",
    "random.Random(0)",
)
_HUGE = frozenset({"10**100", "2**63"})
_ROLES = ("rules", "state", "move", "observation", "result", "record", "card")

# The valid value of a parameter, by its name; {game} is the game the call is about.
_BY_NAME = {
    "state": 'sample("{game}", "state")',
    "move": 'sample("{game}", "move")',
    "observation": 'sample("{game}", "observation")',
    "obs": 'sample("{game}", "observation")',
    "rules": 'sample("{game}", "rules")',
    "record": 'sample("{game}", "record")',
    "card": 'sample("{game}", "card")',
    "text": 'sample("{game}", "text")',
    "legal": 'cardrules.legal_moves(sample("{game}", "state"))',
    "rng": "random.Random(0)",
    "bots": "cardrules.bots.RandomBot(0)",
    "seed": "0",
    "seat": "0",
    "first_player": "0",
    "players": "2",
    "team_size": "1",
    "sides": "2",
    "name": '"{game}"',
    "module": "{module}",
}

# Valid values that only make sense together, by function; they win over _BY_NAME.
_BY_FUNCTION = {
    "cardrules.from_json": {"text": 'cardrules.to_json(sample("{game}", "state"))',
                            "cls": 'cardrules.games.get("{game}").state_type'},
    "cardrules.to_json": {"value": 'sample("{game}", "state")'},
    "cardrules.testing.check_conformance": {"games": "1", "max_steps": "60"},
    "cardrules.testing.check_state": {"game": 'cardrules.games.get("{game}")', "deep": "False"},
    "cardrules.testing.rules_values": {"game": '"{game}"'},
    "cardrules.testing.reachable_states": {"game": '"{game}"'},
    "cardrules.games.get": {"name": '"{game}"'},
    "cardrules.svg.draw": {"value": 'sample("{game}", "observation")'},
    "cardrules.GameRecord.extended": {"moves": 'sample("{game}", "move")'},
    "cardrules.games.mille_bornes.Window": {
        "attacker": "1", "hazard": "cardrules.games.mille_bornes.Card.STOP", "side": "0", "waiting": "()"},
    "cardrules.testing.ConformanceReport": {
        "games": "1", "steps": "0", "terminal_states": "1", "illegal_moves_checked": "0"},
}

# The valid value of a parameter, by the class its annotation names.
_BY_ANNOTATION = {
    "State": "state", "Observation": "observation", "Result": "result", "Rules": "rules", "Move": "move",
    "Card": "card", "GameRecord": "record",
}



@functools.cache
def game_modules() -> dict[str, str]:
    """The package of every registered game (the module that exports its ``option_grid``), by name."""
    found = {}
    for name in available():
        package = package_of(get(name))
        if package is not None:
            found[name] = package.__name__
    return found


@attrs.frozen(kw_only=True)
class Call:
    """One call: ``callee`` (an expression) with ``arguments`` (name to expression); ``positional``
    names the arguments passed by position (positional-only ones)."""

    callee: str
    arguments: tuple[tuple[str, str], ...]
    positional: frozenset[str] = frozenset()

    @property
    def code(self) -> str:
        """The call as Python, in the names of the reproducer's prelude."""
        parts = [value if name in self.positional else f"{name}={value}" for name, value in self.arguments]
        return f"{self.callee}({', '.join(parts)})"


def namespace() -> dict[str, object]:
    """The names the expressions of a :class:`Call` are written in: ``random``, ``sample`` and the
    top-level package of every module called (``cardrules``), its modules imported."""
    names: dict[str, object] = {"random": random, "sample": values.sample}
    for module in (*CORE_MODULES, *game_modules().values()):
        importlib.import_module(module)
        top = module.partition(".")[0]
        names[top] = importlib.import_module(top)
    return names


def prelude() -> str:
    """The imports a printed call needs."""
    modules = ", ".join(("random", *CORE_MODULES, *game_modules().values()))
    return f"import {modules}\nfrom tools.fuzz import sample"


def allowed(error: ErrorInfo) -> bool:
    """Whether ``error`` is on the :data:`ALLOWLIST`: a ``TypeError`` whose innermost frame is the
    call expression itself (Python refused to bind the arguments; no library code ran)."""
    return error.type_name == "TypeError" and error.where.startswith(_CALL_FILE)


_CALL_FILE = "<fuzz call>"


def check_call(
    code: str, *, bounds: Bounds = DEFAULT_BOUNDS, target: str = "", detail: str = ""
) -> Failure | None:
    """Evaluate the call ``code`` (see :class:`Call`) and judge it: a return or a ``CardrulesError``
    is fine; anything else not on the :data:`ALLOWLIST` is a :class:`Failure`. A game record made
    from bad arguments is then replayed and written as JSON (:data:`FOLLOW_UPS`): a bad value let
    in must not break the functions that take it."""
    names = namespace()
    compiled = compile(code, _CALL_FILE, "eval")
    # The code is one of our own generated calls (or a saved one: replaying runs it as Python).
    outcome = guarded(lambda: eval(compiled, names), bounds)
    error = outcome.error
    if error is None:
        for kind, follow_up in FOLLOW_UPS:
            if type(outcome.value) is kind:
                failure = check_call(follow_up.format(code), bounds=bounds, target=target, detail=detail)
                if failure is not None:
                    return failure
        return None
    if error.library or (allowed(error) and not outcome.interrupted):
        return None
    check = "time bound" if outcome.interrupted else "call raised"
    return Failure(target=target or f"call {code.partition('(')[0]}", check=check, error=error,
                   reproducer=Reproducer(data={"kind": "call", "code": code, "prelude": prelude()}),
                   detail=detail)


FOLLOW_UPS: tuple[tuple[type, str], ...] = (
    (cardrules.GameRecord, "cardrules.replay({})"),
    (cardrules.GameRecord, "cardrules.to_json({})"),
)
"""What is done with a value a call returned, by its type (``{}`` is the call)."""


class CallTarget(Target):
    """Every bad-argument call of one public function (for one game), one per :meth:`run_one`."""

    def __init__(self, name: str, calls: list[tuple[Call, str]], seed: int, bounds: Bounds) -> None:
        self.name = name
        self.calls = calls
        random.Random(f"{seed} {name}").shuffle(self.calls)
        self.bounds = bounds

    @property
    def exhausted(self) -> bool:
        """Every call has been made."""
        return self.tried >= len(self.calls)

    def run_one(self) -> list[Failure]:
        """Make the next call; return its failure, if any."""
        if self.exhausted:
            return []
        call, detail = self.calls[self.tried]
        self.tried += 1
        failure = check_call(call.code, bounds=self.bounds, target=self.name, detail=detail)
        self.accepted += failure is None
        return [] if failure is None else [failure]


def call_targets(seed: int, bounds: Bounds) -> tuple[list[CallTarget], list[str]]:
    """The targets of every public callable, and the callables that could not be covered (no valid
    value is known for one of their required parameters) with the reason."""
    targets: list[CallTarget] = []
    uncovered: list[str] = []
    for public in _callables():
        for game in public.games:
            label = f"call {public.name}" + (f" [{game}]" if len(public.games) > 1 else "")
            try:
                calls = list(_bad_calls(public, game))
            except LookupError as exc:
                uncovered.append(f"{label}: {exc.args[0]}")
                continue
            if calls:
                targets.append(CallTarget(label, calls, seed, bounds))
    return targets, uncovered


@attrs.frozen(kw_only=True)
class _Public:
    """A public callable: ``name`` (``cardrules.games.mille_bornes.Rules.side_of``), the function,
    the games it is called for, its class if it is a constructor or a method, and whether it is
    a method of an instance."""

    name: str
    function: Callable[..., object]
    games: tuple[str, ...]
    cls: type | None = None
    on_instance: bool = False

    def callee(self, game: str) -> str:
        """The expression that names the callable (a sample instance's method for ``on_instance``)."""
        if self.on_instance and self.cls is not None:
            return f'sample("{game}", "{self.cls.__name__}").{self.name.rpartition(".")[2]}'
        return self.name


def _callables() -> Iterator[_Public]:
    packages = game_modules()
    for module_name in (*CORE_MODULES, *packages.values()):
        module = importlib.import_module(module_name)
        games = tuple(game for game, name in packages.items() if name == module_name) or tuple(packages)
        for name in module.__all__:
            item = getattr(module, name)
            full = f"{module_name}.{name}"
            if full in SKIPPED:
                continue
            if inspect.isclass(item):
                if issubclass(item, BaseException | enum.Enum) or _is_protocol(item):
                    continue
                yield _Public(name=full, function=item, games=games, cls=item)
                yield from _methods(full, item, games)
            elif inspect.isfunction(item) or inspect.isbuiltin(item):
                yield _Public(name=full, function=item, games=games)


def _is_protocol(cls: type) -> bool:
    return bool(getattr(cls, "_is_protocol", False))


def _methods(full: str, cls: type, games: tuple[str, ...]) -> Iterator[_Public]:
    # Classmethods a class inherits are its constructors too (Mille Bornes' Rules.parker, from Presets).
    inherited = {name: member for kind in cls.__mro__[1:] for name, member in vars(kind).items()
                 if isinstance(member, classmethod)}
    for name, member in {**inherited, **vars(cls)}.items():
        if name.startswith("_"):
            continue
        if isinstance(member, classmethod | staticmethod):
            yield _Public(name=f"{full}.{name}", function=getattr(cls, name), games=games, cls=cls)
        elif inspect.isfunction(member):
            yield _Public(name=f"{full}.{name}", function=member, games=games, cls=cls, on_instance=True)


def _bad_calls(public: _Public, game: str) -> Iterator[tuple[Call, str]]:
    """Every call of ``public`` with one parameter bad and the others valid."""
    try:
        signature = inspect.signature(public.function)
    except (TypeError, ValueError):
        return
    parameters = [p for p in signature.parameters.values() if not (public.on_instance and p.name == "self")]
    valid = {p.name: _valid(public, p, game) for p in parameters}
    spread = any(p.kind is p.VAR_POSITIONAL for p in parameters)
    positional = frozenset(p.name for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.VAR_POSITIONAL)
                           or (spread and p.kind is p.POSITIONAL_OR_KEYWORD))
    names = namespace()
    for parameter in parameters:
        if parameter.kind is parameter.VAR_KEYWORD:
            continue
        for bad in _bad_values(parameter.name, valid[parameter.name], names):
            arguments = tuple((name, bad if name == parameter.name else value or "")
                              for name, value in valid.items() if value is not None or name == parameter.name)
            yield (Call(callee=public.callee(game), arguments=arguments, positional=positional),
                   f"{parameter.name}={bad}")


def _valid(public: _Public, parameter: inspect.Parameter, game: str) -> str | None:
    """The expression of a valid value of ``parameter``; ``None`` to leave its default.

    A constructor's parameters take the fields of a real instance (every field: ``GameRecord``
    gets the seed of a real record, so that a bad ``moves`` is replayed rather than refused for
    want of a seed); a method's parameter named like a field of its instance takes that field."""
    module = game_modules()[game]
    special = _BY_FUNCTION.get(public.name, {})
    if parameter.name in special:
        return special[parameter.name].format(game=game, module=module)
    if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
        return None
    field = _instance_field(public, parameter.name, game)
    if field is not None and not public.on_instance:
        return field
    if parameter.default is not parameter.empty:
        return None
    if parameter.name in _BY_NAME:
        return _BY_NAME[parameter.name].format(game=game, module=module)
    annotation = parameter.annotation if isinstance(parameter.annotation, str) else \
        getattr(parameter.annotation, "__name__", "")
    if annotation in _BY_ANNOTATION:
        return f'sample("{game}", "{_BY_ANNOTATION[annotation]}")'
    if field is not None:
        return field
    raise LookupError(f"no valid value known for parameter {parameter.name!r}")


def _instance_field(public: _Public, name: str, game: str) -> str | None:
    """``sample(game, "Class").name``, if the sample instance of the callable's class has ``name``."""
    if public.cls is None:
        return None
    try:
        instance = values.sample(game, public.cls.__name__)
    except cardrules.CardrulesError:
        return None
    if not hasattr(instance, name):
        return None
    return f'sample("{game}", "{public.cls.__name__}").{name}'


def _bad_values(name: str, valid: str | None, names: dict[str, object]) -> Iterator[str]:
    for bad in _GENERIC:
        if name in BUDGETS and bad in _HUGE:
            continue
        yield bad
    for other in game_modules():
        for role in _ROLES:
            expression = f'sample("{other}", "{role}")'
            if expression != valid:
                yield expression
    if name == "text":
        yield from _bad_texts()
    if valid is not None:
        yield f"[{valid}]"
        if isinstance(eval(valid, names), tuple):
            yield f"list({valid})"


@functools.cache
def _bad_texts() -> tuple[str, ...]:
    """Move texts of every game with a number in them made huge, negative or not ASCII: ``"drive 25"``
    becomes ``"drive " + "9" * 5000`` and so on, for each way of writing a move and each number in it."""
    shapes: set[str] = set()
    found: list[str] = []
    for game in game_modules():
        descriptor = values.sample(game, "game")
        for move in descriptor.all_moves(values.sample(game, "rules")):  # type: ignore[attr-defined]
            text = str(move)
            shape = re.sub(r"\d+", "#", text)
            if "#" not in shape or shape in shapes:
                continue
            shapes.add(shape)
            parts = re.split(r"(\d+)", text)
            for at in range(1, len(parts), 2):
                head, tail = "".join(parts[:at]), "".join(parts[at + 1:])
                for number in ('"9" * 5000', '"-1"', '"\\u0663"'):
                    found.append(" + ".join(filter(None, (repr(head) if head else "", number,
                                                          repr(tail) if tail else ""))))
    return tuple(found)
