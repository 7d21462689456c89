"""Runs the examples of ``README.md`` and ``docs/`` as tests (see ``tests/docs/examples.py``)."""

from tests.docs.examples import DOCS

pytest_collect_file = DOCS.pytest()
