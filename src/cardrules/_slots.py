"""Building frozen attrs records fast, for the engines' hot paths.

attrs' ``__init__`` of a frozen slotted class sets each field through ``object.__setattr__``,
which looks the slot up by name. An engine that builds a record at every move may instead take the
slot descriptors' setters once, at import, and fill a fresh ``object.__new__(cls)`` with them: the
same value, about a third cheaper to build. :func:`slot_setters` hands out those setters and checks
that the engine names every field of the class, in order, so a field added later fails loudly at
import instead of leaving a record half-built.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

__all__ = ["slot_setters"]


def slot_setters(cls: type, *names: str) -> tuple[Callable[[object, object], None], ...]:
    """The slot setters of the frozen attrs class ``cls``'s fields ``names`` — all of its fields, in
    order — for filling ``object.__new__(cls)``.

    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     y: int
    >>> set_x, set_y = slot_setters(Point, "x", "y")
    >>> point = object.__new__(Point)
    >>> set_x(point, 1); set_y(point, 2)
    >>> point == Point(1, 2)
    True
    >>> slot_setters(Point, "x")
    Traceback (most recent call last):
    ...
    TypeError: a Point is built from ('x',), which are not its fields ('x', 'y')
    """
    fields = tuple(field.name for field in attrs.fields(cls))
    if names != fields:
        raise TypeError(f"a {cls.__name__} is built from {names}, which are not its fields {fields}")
    return tuple(cls.__dict__[name].__set__ for name in names)
