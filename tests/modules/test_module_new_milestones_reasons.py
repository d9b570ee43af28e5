"""New Milestones' refusals in the player's language (issue 27: "module refusal texts come from
the module's own catalog"): while First new restaurant's free mailbox is pending (ketchup.md 3),
any other move is refused with the module's typed reason, which the presentation says from
the module's catalog (why.new_milestones.*), English word for word as before."""

from __future__ import annotations

import pytest
from tests.helpers import add_restaurant, make_state
from tests.modules.test_module_new_milestones import NM, working
from tests.modules.test_module_new_milestones_rewards import B, new_restaurant

from fcm.core.engine import apply
from fcm.core.errors import IllegalActionError, Reason
from fcm.core.state import WorkStep
from fcm.modules.new_milestones.actions import FreeMailbox
from fcm.presentation import explain_error


def test_ketchup_3_the_pending_free_mailbox_refusal_in_german_and_chinese() -> None:
    s = working(make_state(modules=NM), ["local_manager"], step=WorkStep.RESTAURANTS)
    add_restaurant(s, 0, (0, 0), "se")
    s, _ = new_restaurant(s)
    with pytest.raises(IllegalActionError) as caught:
        apply(s, 0, FreeMailbox(7, (5, 3), B))  # another block: the decision still pends
    exc = caught.value
    assert isinstance(exc.reason, Reason)
    assert exc.reason.code == "new_milestones.mailbox_pending"
    english = explain_error(exc.message, s.rules, code=exc.code, reason=exc.reason)
    assert english.startswith("Working 9–5: first build First new restaurant's free mailbox")
    german = explain_error(exc.message, s.rules, lang="de", code=exc.code, reason=exc.reason)
    assert "Baue zuerst den kostenlosen Briefkasten" in german and "first build" not in german
    chinese = explain_error(exc.message, s.rules, lang="zh-Hans", code=exc.code,
                            reason=exc.reason)
    assert "免费信箱广告" in chinese
