"""Hypothesis profiles: ``dev`` (the default, quick) and ``ci`` (thorough), chosen by HYPOTHESIS_PROFILE;
and :func:`service_missing`, how a test that needs PostgreSQL or a browser says it is not there.

CI exports ``HYPOTHESIS_PROFILE=ci``; locally the suite runs the ``dev`` profile unless told otherwise.
No deadline in either: reachable states are built by playing, and a slow CI machine must not turn a
correct run into a flaky failure.
"""

from __future__ import annotations

import os
from typing import NoReturn

import pytest
from hypothesis import settings

settings.register_profile("dev", max_examples=50, deadline=None)
settings.register_profile("ci", max_examples=200, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


REQUIRE_ALL = "CARDRULES_REQUIRE_ALL"
"""The environment variable that makes a missing service fail the run (``.ci/run`` sets it to 1)."""


def service_missing(reason: str) -> NoReturn:
    """Skip the test because a service it needs (PostgreSQL, Chromium) is not on this machine,
    saying which and why; fail it instead when ``CARDRULES_REQUIRE_ALL=1``, so CI, which installs
    every service, cannot pass with tests quietly skipped.

    Tests import it as ``from tests.conftest import service_missing``.
    """
    if os.environ.get(REQUIRE_ALL) == "1":
        pytest.fail(f"{reason} ({REQUIRE_ALL}=1: every service must be there)", pytrace=False)
    pytest.skip(reason)
