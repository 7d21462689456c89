"""How The Game's values are written as JSON: by the shared serialization alone.

:func:`configure_converter` is the game's side of the serialization (every game has one); The Game
adds nothing to a cattrs converter.
"""

from __future__ import annotations

import cattrs

__all__: list[str] = []  # configure_converter is reached through the registry, not a public name


def configure_converter(converter: cattrs.Converter) -> None:
    """Teach ``converter`` The Game's values: nothing to add. Cards are numbers, and the moves are
    tagged by the shared serialization from :data:`MOVE_CLASSES` (``"move": "play"`` or
    ``"end_turn"``), as every game's are.

    >>> configure_converter(cattrs.Converter())
    """
