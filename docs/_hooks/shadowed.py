"""A griffe extension for the API reference: a package's name that Python binds to a function, while a
submodule of the same name exists, is documented as that function.

``cardrules.games.the_game`` imports ``result`` from its submodule ``result`` (and ``render``, and
``cards`` from ``contract``); ``cardrules.rl`` does the same with ``returns``, and Mille Bornes defines
``cards`` beside its submodule ``cards``. Python's attribute is the function, since the package binds
the name after importing the submodule, but griffe keeps one member per name and lets the submodule
win (griffe issue #124), so the reference would show neither. This puts back, under the package, what
the package bound the name to; the submodule stays reachable for the names it exports.

It runs only in ``mkdocs build`` (``mkdocs.yml`` names it); without griffe the module defines nothing.
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any

try:
    import griffe
except ImportError:  # no docs extra: the test suite imports this file, and needs no extension
    pass
else:

    def _aliases(obj: griffe.Object | griffe.Alias) -> list[griffe.Alias]:
        found: list[griffe.Alias] = []
        for member in obj.members.values():
            if isinstance(member, griffe.Alias):
                found.append(member)
            else:
                found.extend(_aliases(member))
        return found

    class PackageNamesOverSubmodules(griffe.Extension):
        """Remember what each package binds at its top level; restore it where a submodule took the name."""

        def __init__(self) -> None:
            super().__init__()
            self._bound: dict[str, dict[str, griffe.Object | griffe.Alias]] = {}

        def on_module_members(self, *, mod: griffe.Module, **kwargs: Any) -> None:
            # Called once the package's own code is visited, before its submodules are attached.
            if mod.is_init_module:
                self._bound[mod.path] = dict(mod.members)

        def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
            for path, bound in self._bound.items():
                if path != pkg.path and not path.startswith(f"{pkg.path}."):
                    continue
                module = pkg if path == pkg.path else pkg.get_member(path.removeprefix(f"{pkg.path}."))
                for name, value in bound.items():
                    submodule = module.members.get(name)
                    if submodule is None or submodule is value or not submodule.is_module or value.is_module:
                        continue
                    # Resolve, while the submodule still answers to its path, every alias that goes
                    # through it: an alias keeps the target it resolved to.
                    for alias in _aliases(pkg):
                        if alias.target_path.startswith(f"{submodule.path}."):
                            with suppress(griffe.AliasResolutionError):
                                _ = alias.final_target
                    if isinstance(value, griffe.Alias):
                        value = griffe.Alias(name, value.final_target, parent=module)
                    module.set_member(name, value)
