"""Hypothesis profiles: ``dev`` (the default, quick) and ``ci`` (thorough), chosen by HYPOTHESIS_PROFILE.

CI exports ``HYPOTHESIS_PROFILE=ci``; locally the suite runs the ``dev`` profile unless told otherwise.
No deadline in either: reachable states are built by playing, and a slow CI machine must not turn a
correct run into a flaky failure.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("dev", max_examples=50, deadline=None)
settings.register_profile("ci", max_examples=200, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
