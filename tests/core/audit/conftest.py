"""Fixtures shared by the audit tests."""

from __future__ import annotations

import pytest
from tests.helpers import HoldPhase

from fcm.core.state import Phase
from fcm.rulesets import base_ruleset


@pytest.fixture
def hold_at_dinnertime(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dinnertime is another phase: stop there so a test sees Working 9-5 alone."""
    monkeypatch.setitem(base_ruleset().phases, Phase.DINNERTIME, HoldPhase(Phase.PAYDAY))
