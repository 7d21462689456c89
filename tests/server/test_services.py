"""A test that needs a service this machine lacks (PostgreSQL, Chromium) skips and says why,
unless CARDRULES_REQUIRE_ALL=1 (CI) makes the absence a failure."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import REQUIRE_ALL, service_missing
from tests.server.conftest import postgres_binaries


def test_a_missing_service_skips_the_test_and_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(REQUIRE_ALL, raising=False)
    with pytest.raises(pytest.skip.Exception, match=r"^Chromium is not installed: no /usr/bin/chromium$"):
        service_missing("Chromium is not installed: no /usr/bin/chromium")


def test_a_missing_service_fails_the_test_when_every_service_is_required(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(REQUIRE_ALL, "1")
    with pytest.raises(pytest.fail.Exception,
                       match=r"^Chromium is not installed: no /usr/bin/chromium \(CARDRULES_REQUIRE_ALL=1"):
        service_missing("Chromium is not installed: no /usr/bin/chromium")


def test_without_postgresql_the_postgres_tests_skip_and_say_why(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(REQUIRE_ALL, raising=False)
    with pytest.raises(pytest.skip.Exception, match=r"^PostgreSQL is not installed: no .*/bin/initdb"):
        postgres_binaries(str(tmp_path / "*" / "bin" / "initdb"))


def test_the_newest_postgresql_installed_is_used(tmp_path: Path) -> None:
    for version in ("9.6", "15", "13"):
        (tmp_path / version / "bin").mkdir(parents=True)
        (tmp_path / version / "bin" / "initdb").touch()
    assert postgres_binaries(str(tmp_path / "*" / "bin" / "initdb")) == tmp_path / "15" / "bin"
