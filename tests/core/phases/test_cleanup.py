"""Clean up (excerpt 000 "Phase 7"; facts.md E.6, E.7, B)."""

from __future__ import annotations

import pytest
from tests.helpers import (
    add_restaurant,
    current_actors,
    kinds,
    legal_actions,
    make_state,
    play,
    start_phase,
)

from fcm.core import milestones
from fcm.core.actions import Done, ThrowAway
from fcm.core.errors import IllegalActionError
from fcm.core.events import Event, EventLog
from fcm.core.phases import cleanup
from fcm.core.state import Campaign, GameState, Phase
from fcm.core.types import CampaignType, Good

B, P, S, L, BEER = Good.BURGER, Good.PIZZA, Good.SODA, Good.LEMONADE, Good.BEER
EMPTY = {B: 0, P: 0, S: 0, L: 0, BEER: 0}


def run(s: GameState) -> tuple[Phase, list[Event]]:
    """Clean up without decisions, by its phase functions (the engine is not run on)."""
    s.turn.phase = Phase.CLEANUP
    log = EventLog()
    cleanup.begin(s, log)
    assert cleanup.actors(s) == []
    nxt = cleanup.finish(s, log)
    return nxt, list(log)


def test_facts_E6_all_goods_discarded_and_first_throw_away_claimed() -> None:
    s = make_state()
    s.round = 2
    s.players[0].stock.update({B: 3, S: 1})
    nxt, ev = run(s)
    assert nxt is Phase.RESTRUCTURING
    assert s.players[0].stock == EMPTY
    assert kinds(ev, "goods_discarded")[0].data == {
        "seat": 0, "goods": ["burger", "burger", "burger", "soda"]
    }
    assert s.players[0].milestones == {"first_throw_away": 2}
    assert s.players[1].milestones == {}  # discarded nothing
    # removed for everybody else at this Clean up
    assert "first_throw_away" not in s.milestones_available
    assert not milestones.claim(s, 1, "first_throw_away", EventLog())


def test_facts_E7_freezer_works_from_the_round_after_it_was_earned() -> None:
    s = make_state()
    s.round = 2
    s.players[0].stock.update({P: 4})
    run(s)  # round 2: earned now, so it does not work yet
    assert s.players[0].stock == EMPTY
    assert s.players[0].milestones == {"first_throw_away": 2}
    s.round = 3
    s.players[0].stock.update({P: 4, BEER: 6})
    s.players[1].stock.update({P: 2})
    s.turn.phase = Phase.PAYDAY
    ev = start_phase(s, Phase.CLEANUP)
    # exactly 10: the owner may keep them all (or throw some away: its own choice)
    assert current_actors(s) == [0]
    assert legal_actions(s, 0) == [ThrowAway(P), ThrowAway(BEER), Done()]
    s, ev = play(s, 0, Done())
    assert s.players[0].stock == {**EMPTY, P: 4, BEER: 6}
    assert kinds(ev, "freezer_kept")[0].data["seat"] == 0
    assert s.players[1].stock == EMPTY
    assert s.players[1].milestones == {}  # the milestone was removed in round 2


def test_facts_E7_freezer_over_10_throws_away_one_item_at_a_time() -> None:
    """facts.md E.7: up to 10 kept, the owner chooses which."""
    s = make_state()
    s.round = 5
    s.turn.phase = Phase.MARKETING
    s.players[0].milestones = {"first_throw_away": 3}
    s.players[0].stock.update({B: 8, P: 3, BEER: 1})
    s.players[0].at_work = ["kitchen_trainee"]
    s.players[1].stock.update({S: 2})
    s.players[1].at_work = ["errand_boy"]
    ev = start_phase(s, Phase.CLEANUP)
    assert kinds(ev, "freezer_over_capacity")[0].data == {"seat": 0, "items": 12, "capacity": 10}
    assert s.turn.phase is Phase.CLEANUP and current_actors(s) == [0]
    assert s.players[1].stock == EMPTY  # no freezer: already discarded
    assert legal_actions(s, 0) == [ThrowAway(B), ThrowAway(P), ThrowAway(BEER)]
    with pytest.raises(IllegalActionError):
        play(s, 0, ThrowAway(S))
    with pytest.raises(IllegalActionError):
        play(s, 0, Done())
    s, _ = play(s, 0, ThrowAway(BEER))
    assert current_actors(s) == [0]
    s, _ = play(s, 0, ThrowAway(P))
    assert s.players[0].stock == {**EMPTY, B: 8, P: 2}
    assert Done() in legal_actions(s, 0)  # 10 left: keeping them is now legal
    s, ev = play(s, 0, Done())
    assert s.turn.phase is Phase.RESTRUCTURING and s.round == 6
    assert kinds(ev, "freezer_kept")[0].data["goods"] == ["burger"] * 8 + ["pizza"] * 2


def test_facts_E6_cards_go_back_to_hand_busy_marketeers_stay() -> None:
    s = make_state()
    p = s.players[0]
    p.hand = ["recruiting_girl"]
    p.at_work = ["waitress", "burger_cook"]
    p.beach = ["trainer", "campaign_manager"]
    s.campaigns[11] = Campaign(
        11, CampaignType.BILLBOARD, 0, B, "brand_manager", 2, False, 1, ((0, 0),)
    )
    run(s)
    assert p.hand == ["burger_cook", "campaign_manager", "recruiting_girl", "trainer", "waitress"]
    assert p.at_work == [] and p.beach == []
    assert s.campaigns[11].marketeer == "brand_manager"
    assert s.busy_marketeers(0) == ["brand_manager"]


def test_facts_E6_coming_soon_opens_and_drive_ins_are_removed() -> None:
    s = make_state()
    soon = add_restaurant(s, 0, (0, 0), "se", open=False)
    drive = add_restaurant(s, 1, (3, 5), "nw", drive_in=True)
    _, ev = run(s)
    assert soon.open and not soon.drive_in
    assert drive.open and not drive.drive_in
    assert kinds(ev, "restaurant_opened")[0].data == {
        "seat": 0, "restaurant": 0, "cell": [0, 0]
    }
    assert kinds(ev, "drive_in_removed")[0].data == {"seat": 1, "restaurant": 0}


def test_facts_B_milestones_claimed_this_round_are_removed_for_everybody_else() -> None:
    s = make_state()
    s.round = 3
    s.players[0].milestones = {"first_waitress": 3, "first_20": 2}
    s.milestones_this_round = ["first_waitress"]
    _, ev = run(s)
    assert [e.data["milestone"] for e in kinds(ev, "milestone_removed")] == ["first_waitress"]
    assert "first_waitress" not in s.milestones_available
    assert "first_20" in s.milestones_available  # not claimed this round: stays
    assert s.milestones_this_round == []
    assert s.players[0].milestones == {"first_waitress": 3, "first_20": 2}  # owners keep them
    assert not milestones.claim(s, 1, "first_waitress", EventLog())


def test_facts_E6_per_round_bookkeeping_is_reset_demand_and_campaigns_stay() -> None:
    s = make_state()
    s.players[0].hire_discounts = 2
    s.waitresses_this_round = {0: 1, 1: 0}
    s.houses[2].demand = [B, S]
    s.campaigns[15] = Campaign(15, CampaignType.BILLBOARD, 1, S, "", 2, False, 1, ((5, 0),))
    nxt, _ = run(s)
    assert s.players[0].hire_discounts == 0
    assert s.waitresses_this_round == {}
    assert s.houses[2].demand == [B, S]
    assert s.campaigns[15].remaining == 2
    assert nxt is Phase.RESTRUCTURING


def test_engine_clean_up_starts_the_next_round() -> None:
    s = make_state()
    s.turn.phase = Phase.MARKETING
    s.players[0].at_work = ["waitress"]
    events = start_phase(s, Phase.CLEANUP)
    assert s.turn.phase is Phase.RESTRUCTURING and s.round == 2
    assert kinds(events, "round_started")[0].data == {"round": 2}
    assert current_actors(s) == [0]  # the Waitress is back in hand
