"""Fixtures shared by the phase tests."""

from __future__ import annotations

import pytest
from tests.helpers import HoldPhase

from fcm.core.ruleset import base_ruleset
from fcm.core.state import Phase


@pytest.fixture
def hold_at_dinnertime(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dinnertime is another phase: stop there so a test sees Working 9-5 alone."""
    monkeypatch.setitem(base_ruleset().phases, Phase.DINNERTIME, HoldPhase(Phase.PAYDAY))
