"""Working 9–5 steps 1 and 2: hire and train employees.

Sources: excerpt 002 "Working 9–5" ("Hire employees", "Train employees"), excerpt 000
"Phase 3", facts.md A.1–A.3 (career tree, hiring and training rules) and B (milestones
First to hire 3 people in 1 turn, First to train someone, First to pay $20, First to have $100).
"""

from __future__ import annotations

import pytest
from tests.helpers import add_restaurant, kinds, make_state, start_phase
from tests.helpers import assert_illegal as illegal
from tests.helpers import run_actions as run

from fcm.core.actions import Done, Hire, Train
from fcm.core.engine import current_actors, legal_actions
from fcm.core.state import Campaign, GameState, Phase, WorkStep
from fcm.core.types import CampaignType, Good

pytestmark = pytest.mark.usefixtures("hold_at_dinnertime")

MT = "management_trainee"
JVP = "junior_vice_president"
VP = "vice_president"


def position(at_work: list[str], beach: list[str] | None = None, **supply: int) -> GameState:
    """Seat 0 first in turn order with these cards; seat 1 with only its CEO."""
    state = make_state()
    add_restaurant(state, 0, (3, 3), "nw")
    add_restaurant(state, 1, (8, 3), "nw")
    state.players[0].at_work = sorted(at_work)
    state.players[0].beach = sorted(beach or [])
    state.supply.update(supply)
    start_phase(state, Phase.WORKING)
    return state


def to_train(state: GameState) -> GameState:
    state, _ = run(state, 0, Done())
    assert state.turn.working is not None and state.turn.working.step is WorkStep.TRAIN
    return state


def trains(state: GameState) -> list[Train]:
    return [a for a in legal_actions(state, 0) if isinstance(a, Train)]


# -- hiring ---------------------------------------------------------------------------------------


def test_excerpt_002_hires_ceo_girl_manager_hr() -> None:
    """Excerpt 002 "Hire employees": CEO 1 + Recruiting Girl 1 + Recruiting Manager 2 + HR
    Director 4 hires."""
    state = position(["recruiting_girl", "recruiting_manager", "hr_director"])
    assert state.turn.working is not None
    assert state.turn.working.hires_left == 8
    assert state.turn.working.discount_hires == 6


def test_excerpt_002_hire_puts_entry_level_card_on_the_beach() -> None:
    """Excerpt 002: "take one entry-level employee from the supply and put it on the beach"."""
    state = position(["recruiting_girl"])
    before = state.supply["waitress"]
    state, events = run(state, 0, Hire("waitress"))
    assert state.players[0].beach == ["waitress"]
    assert state.supply["waitress"] == before - 1
    assert kinds(events, "hired")[0].data["employee"] == "waitress"
    hires = {a.employee for a in legal_actions(state, 0) if isinstance(a, Hire)}
    assert hires == {
        "errand_boy",
        "kitchen_trainee",
        MT,
        "marketing_trainee",
        "pricing_manager",
        "recruiting_girl",
        "trainer",
        "waitress",
    }


def test_facts_a3_only_entry_level_cards_can_be_hired() -> None:
    """facts.md A.3 "Hire: only entry-level cards"."""
    state = position([])
    illegal(state, 0, Hire("coach"), "'Hire employees'", "only entry-level")


def test_excerpt_002_no_hire_beyond_the_hire_count() -> None:
    """Excerpt 002: the CEO gives 1 hire; when it is used the step ends by itself."""
    state = position(["trainer"])
    state, events = run(state, 0, Hire("kitchen_trainee"))
    assert state.turn.working is not None and state.turn.working.step is WorkStep.TRAIN
    assert [e.data["step"] for e in kinds(events, "step_ended")] == ["hire"]
    illegal(state, 0, Hire("waitress"), "'Hire employees' is over")


@pytest.mark.parametrize(("hires", "discounts"), [(0, 2), (1, 2), (2, 1), (3, 0)])
def test_excerpt_002_unused_recruiting_manager_hires_become_discounts(
    hires: int, discounts: int
) -> None:
    """Excerpt 002: every unused Recruiting Manager action becomes a mandatory $5 discount;
    facts.md A.3: unused CEO hires give nothing (plain hires are used first)."""
    state = position(["recruiting_manager"])
    state, events = run(state, 0, *[Hire("waitress")] * hires, *([Done()] if hires < 3 else []))
    assert state.players[0].hire_discounts == discounts
    assert bool(kinds(events, "hire_discounts")) == bool(discounts)


def test_facts_b_hire_3_milestone_gives_two_trainable_management_trainees() -> None:
    """facts.md B "First to hire 3 people in 1 turn": 2 Management Trainees to the beach at
    once, trainable this turn."""
    state = position(["recruiting_manager", "trainer"])
    mts = state.supply[MT]
    state, events = run(state, 0, Hire("waitress"), Hire("waitress"))
    assert not state.players[0].has("first_hire_3")
    state, events = run(state, 0, Hire("errand_boy"))
    assert state.players[0].has("first_hire_3")
    assert state.players[0].beach == sorted(["waitress", "waitress", "errand_boy", MT, MT])
    assert state.supply[MT] == mts - 2
    assert kinds(events, "milestone_gift")[0].data["count"] == 2
    assert Train("trainer", MT, JVP) in trains(state)


# -- training ----------------------------------------------------------------------------------


def test_excerpt_002_trainer_trains_one_step_and_first_to_train() -> None:
    """Excerpt 002 "Train employees": return the employee to the supply and take one of the new
    type; facts.md B "First to train someone" is claimed on the first training."""
    state = to_train(position(["trainer"], [MT]))
    jvps, mts = state.supply[JVP], state.supply[MT]
    state, events = run(state, 0, Train("trainer", MT, JVP))
    assert state.players[0].beach == [JVP]
    assert (state.supply[JVP], state.supply[MT]) == (jvps - 1, mts + 1)
    assert state.players[0].has("first_train")
    assert kinds(events, "trained")[0].data["into"] == JVP


def test_excerpt_002_hire_and_train_the_same_card_in_one_turn() -> None:
    """Excerpt 002: "You can train someone you hired this turn: they are on the beach"."""
    state = position(["trainer"])
    state, _ = run(state, 0, Hire("kitchen_trainee"))
    state, _ = run(state, 0, Train("trainer", "kitchen_trainee", "burger_cook"))
    assert state.players[0].beach == ["burger_cook"]


def test_facts_a3_cards_at_work_cannot_be_trained() -> None:
    """facts.md A.3: training is on beach cards only, not on cards at work."""
    state = to_train(position(["trainer", "kitchen_trainee"], [MT]))
    illegal(
        state, 0, Train("trainer", "kitchen_trainee", "pizza_cook"), "'Train employees'", "beach"
    )


def test_facts_a3_busy_marketeer_cannot_be_trained() -> None:
    """Excerpt 002 "A busy marketeer ... can't be trained"."""
    state = make_state()
    add_restaurant(state, 0, (3, 3), "nw")
    state.players[0].at_work = ["trainer"]
    state.players[0].beach = ["kitchen_trainee"]
    state.campaigns[15] = Campaign(
        15, CampaignType.BILLBOARD, 0, Good.BURGER, "marketing_trainee", 2, False, 1, ((4, 5),)
    )
    start_phase(state, Phase.WORKING)
    state = to_train(state)
    illegal(state, 0, Train("trainer", "marketing_trainee", "campaign_manager"), "beach")


def test_excerpt_002_training_follows_the_card() -> None:
    """facts.md A.2: one step along the career tree (a Management Trainee can't become a VP)."""
    state = to_train(position(["trainer"], [MT]))
    illegal(state, 0, Train("trainer", MT, VP), "one training step")


def test_excerpt_002_coach_trains_same_card_two_steps() -> None:
    """Excerpt 002: a Coach has 2 Train actions and "may train the same person two steps"."""
    state = to_train(position(["coach"], [MT]))
    state, _ = run(state, 0, Train("coach", MT, JVP))
    assert Train("coach", JVP, VP, fresh=True) in trains(state)
    state, _ = run(state, 0, Train("coach", JVP, VP, fresh=True))
    assert state.players[0].beach == [VP]


def test_facts_a2_guru_trains_hired_card_three_steps_to_regional_manager() -> None:
    """facts.md A.2 (DLX p16 example): hire + a guru's 3 trains give a Regional Manager."""
    state = position(["guru"])
    state, _ = run(
        state,
        0,
        Hire(MT),
        Train("guru", MT, JVP),
        Train("guru", JVP, VP, fresh=True),
        Train("guru", VP, "regional_manager", fresh=True),
    )
    assert state.players[0].beach == ["regional_manager"]
    assert current_actors(state) == [1]  # all of the guru's actions used


def test_excerpt_002_different_trainers_may_not_train_the_same_employee() -> None:
    """Excerpt 002: "Different trainers may not train the same employee in one turn"."""
    state = to_train(position(["trainer", "trainer"], [MT]))
    state, _ = run(state, 0, Train("trainer", MT, JVP))
    assert not trains(state)  # the JVP is fresh; the other trainer may not touch it
    assert current_actors(state) == [1]  # so the step (and the turn) ended by itself


def test_excerpt_002_trained_card_not_continued_by_another_trainer_type() -> None:
    """Excerpt 002: a card a Trainer trained can't get a Coach step the same turn."""
    state = to_train(position(["trainer", "coach"], [MT, "errand_boy"]))
    state, _ = run(state, 0, Train("trainer", MT, JVP))
    illegal(state, 0, Train("coach", JVP, VP, fresh=True), "different trainers may not train")
    assert Train("coach", "errand_boy", "cart_operator") in trains(state)


def test_excerpt_002_first_pay_20_lets_different_trainers_stack() -> None:
    """Excerpt 002: "... unless you have the First to Pay $20 or More in Salaries milestone";
    facts.md A.3: 2 trainers + a coach take a Management Trainee to an Executive VP."""
    state = make_state()
    add_restaurant(state, 0, (3, 3), "nw")
    p = state.players[0]
    p.at_work = ["coach", "trainer", "trainer"]
    p.beach = [MT]
    p.milestones["first_pay_20"] = 0  # claimed at an earlier Payday
    state.round = 2
    start_phase(state, Phase.WORKING)
    state = to_train(state)
    state, _ = run(
        state,
        0,
        Train("trainer", MT, JVP),
        Train("trainer", JVP, VP, fresh=True),
        Train("coach", VP, "senior_vice_president", fresh=True),
        Train("coach", "senior_vice_president", "executive_vice_president", fresh=True),
    )
    assert state.players[0].beach == ["executive_vice_president"]


def test_excerpt_002_two_coaches_can_each_give_a_second_step() -> None:
    """Excerpt 002: one Coach may use both actions on one person. Which Coach card did which
    step is not part of the action: after one step on each of two cards, each card can still
    get its second step (one Coach each)."""
    state = to_train(position(["coach", "coach"], [MT, "kitchen_trainee"]))
    state, _ = run(
        state, 0, Train("coach", MT, JVP), Train("coach", "kitchen_trainee", "pizza_cook")
    )
    state, _ = run(state, 0, Train("coach", JVP, "coach", fresh=True))
    state, _ = run(state, 0, Train("coach", "pizza_cook", "pizza_chef", fresh=True))
    assert state.players[0].beach == ["coach", "pizza_chef"]


def test_excerpt_002_coach_limit_two_steps_on_one_person() -> None:
    """Excerpt 002: a Coach gives 2 steps: a third step on one person needs a Guru."""
    state = to_train(position(["coach", "coach"], [MT, "errand_boy"]))
    state, _ = run(state, 0, Train("coach", MT, JVP), Train("coach", JVP, VP, fresh=True))
    illegal(state, 0, Train("coach", VP, "senior_vice_president", fresh=True), "at most 2 step")


def test_excerpt_002_cannot_train_into_a_1x_type_you_already_own() -> None:
    """Excerpt 002: "You can't train into a 1x type you already own" (the Guru at work)."""
    state = to_train(position(["guru", "trainer"], [VP]))
    illegal(
        state,
        0,
        Train("trainer", VP, "guru"),
        "'Train employees'",
        "you can't train into a 1x type you already own",
    )
    assert Train("trainer", VP, "regional_manager") in trains(state)


def test_excerpt_002_1x_rule_counts_busy_marketeers() -> None:
    """facts.md A.1: a player owns at most one 1x card, "beach and busy included"."""
    state = make_state()
    add_restaurant(state, 0, (3, 3), "nw")
    state.players[0].at_work = ["trainer"]
    state.players[0].beach = ["brand_manager", MT]
    state.campaigns[1] = Campaign(
        1, CampaignType.RADIO, 0, Good.BEER, "brand_director", 3, False, 1, ((4, 5),)
    )
    start_phase(state, Phase.WORKING)
    state = to_train(state)
    illegal(state, 0, Train("trainer", "brand_manager", "brand_director"), "1x")


def test_facts_a3_no_cfo_after_first_to_have_100() -> None:
    """facts.md A.3 / B: "Cannot train a CFO after earning First to have $100"."""
    state = make_state()
    add_restaurant(state, 0, (3, 3), "nw")
    state.players[0].at_work = ["trainer"]
    state.players[0].beach = ["senior_vice_president"]
    state.players[0].milestones["first_100"] = 1
    start_phase(state, Phase.WORKING)
    state = to_train(state)
    illegal(state, 0, Train("trainer", "senior_vice_president", "cfo"), "First to have $100")
    assert Train("trainer", "senior_vice_president", "hr_director") in trains(state)


# -- limited cards: only the final card must be available ----------------------------------


def test_excerpt_002_hire_from_empty_pile_when_trained_on_same_turn() -> None:
    """Excerpt 002: "Steps in between don't need a card: hire and train at once, and only the
    final card must be available" (DLX example: hire + 1 train gives a New Business Developer).
    """
    state = position(["trainer"], **{MT: 0})
    assert Hire(MT) in legal_actions(state, 0)
    state, _ = run(state, 0, Hire(MT))
    assert state.supply[MT] == -1  # taken "at once": it exists only until it is trained on
    assert state.turn.working is not None and state.turn.working.step is WorkStep.TRAIN
    # while the pile is short, only training that card on is offered, and Done is not legal
    assert Done() not in legal_actions(state, 0)
    illegal(state, 0, Done(), "only the final card must be available")
    nbd = state.supply["new_business_developer"]
    state, _ = run(state, 0, Train("trainer", MT, "new_business_developer"))
    assert state.supply[MT] == 0
    assert state.supply["new_business_developer"] == nbd - 1
    assert state.players[0].beach == ["new_business_developer"]


def test_excerpt_002_no_hire_from_empty_pile_without_training() -> None:
    """Excerpt 002: "if none of a type is left, you can't hire ... into it" (no trainer)."""
    state = position([], **{MT: 0})
    assert Hire(MT) not in legal_actions(state, 0)
    illegal(state, 0, Hire(MT), "employee cards are limited")


def test_excerpt_002_no_hire_from_empty_pile_when_every_next_card_is_gone() -> None:
    """Only the final card must be available: a single Trainer step can't reach one here."""
    state = position(
        ["trainer"], **{MT: 0, JVP: 0, "new_business_developer": 0, "luxuries_manager": 0}
    )
    illegal(state, 0, Hire(MT), "employee cards are limited")


def test_excerpt_002_empty_intermediate_step_with_a_coach() -> None:
    """Excerpt 002: "Steps in between don't need a card": with no Junior VP left, a Coach takes
    a Management Trainee through Junior VP to Vice President."""
    state = to_train(position(["coach", "trainer"], [MT, "kitchen_trainee"], **{JVP: 0}))
    # a Trainer can't leave a Junior VP behind (none in the supply), a Coach can go on
    assert Train("trainer", MT, JVP) not in trains(state)
    illegal(state, 0, Train("trainer", MT, JVP), f"no {JVP} is left")
    state, _ = run(state, 0, Train("coach", MT, JVP))
    assert state.supply[JVP] == -1
    # only the short card may be trained now, and the step may not end
    assert {a.employee for a in trains(state)} == {JVP}
    illegal(state, 0, Train("trainer", "kitchen_trainee", "burger_cook"), "first train on")
    state, _ = run(state, 0, Train("coach", JVP, VP, fresh=True))
    assert state.supply[JVP] == 0
    assert state.players[0].beach == ["kitchen_trainee", VP]
    assert Done() in legal_actions(state, 0)


def test_excerpt_002_final_card_must_be_available() -> None:
    """Excerpt 002: "only the final card must be available": no Coach can stop on an empty
    Junior VP pile, even with actions left."""
    state = to_train(
        position(
            ["coach"],
            [MT],
            **{
                JVP: 0,
                VP: 0,
                "local_manager": 0,
                "discount_manager": 0,
                "recruiting_manager": 0,
                "coach": 0,
            },
        )
    )
    assert {a.into for a in trains(state)} == {"new_business_developer", "luxuries_manager"}


def test_excerpt_002_returned_card_can_be_the_final_card() -> None:
    """The pile only has to hold the final card when it is taken: a Junior VP trained away this
    turn can be the final card of another chain (Coach MT -> JVP, Trainer JVP -> VP)."""
    state = to_train(position(["coach", "trainer"], [MT, JVP], **{JVP: 0}))
    state, _ = run(state, 0, Train("coach", MT, JVP))
    assert state.supply[JVP] == -1
    # the old Junior VP can be trained on by the Trainer: that fixes the pile
    state, _ = run(state, 0, Train("trainer", JVP, "local_manager"))
    assert state.supply[JVP] == 0
    assert state.players[0].beach == [JVP, "local_manager"]
    assert Done() in legal_actions(state, 0)


def test_excerpt_002_second_trainer_may_not_continue_a_trained_card() -> None:
    """Excerpt 002: "Different trainers may not train the same employee in one turn": the
    second Trainer can't take the new Junior VP a step further."""
    state = to_train(position(["trainer", "trainer"], [MT, "errand_boy"]))
    state, _ = run(state, 0, Train("trainer", MT, JVP))
    illegal(
        state,
        0,
        Train("trainer", JVP, VP, fresh=True),
        "different trainers may not train the same employee",
    )
