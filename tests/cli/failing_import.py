"""A module of a user's own that raises as it is imported, for the command-line tests."""

raise RuntimeError("this module is broken")
