"""The test-only game modules a browser test's server plays (``python -m tests.web.serve PORT
URL tests.web.extra_modules``): the map pieces of issue 24's board overlay test (a road, a park
marked "P") and the 3x3 apartments of its house kinds test (π and 9¾)."""

from __future__ import annotations

from fcm.rulesets import register_module
from tests.core.test_board_overlay import ROADS
from tests.core.test_house_kinds import APARTMENTS

register_module(ROADS)
register_module(APARTMENTS)
