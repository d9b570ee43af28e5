"""fcm.presentation: what the browser draws is what the engine says (no browser needed)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import fcm
from fcm.bots import make_bot
from fcm.core.company import board_of, salary_due, structure_fits
from fcm.core.engine import current_actors
from fcm.core.geometry import restaurant_entrances
from fcm.core.phases.marketing import houses_reached
from fcm.presentation import action_key, board_picture, catalog_info, present, static_info

RESTRUCTURING: dict[str, Any] = {
    "format": "fcm-scenario/1",
    "players": 2,
    "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
    "round": 2,
    "phase": "restructuring",
    "turn_order": [0, 1],
    "companies": [
        {"hand": ["waitress", "trainer", "kitchen_trainee", "errand_boy"], "reserve": 300},
        {"hand": ["kitchen_trainee"], "reserve": 100},
    ],
}


def test_board_picture_is_the_engines_board() -> None:
    state = fcm.new_game(3, seed=4)
    board = board_of(state)
    pic = board_picture(state)
    assert (pic["height"], pic["width"]) == (board.height, board.width)
    assert (pic["tile_rows"], pic["tile_cols"]) == (3, 4)
    for r in range(board.height):
        for c in range(board.width):
            assert pic["squares"][r][c] == board.square_kind((r, c))
    road_squares = {tuple(n["cell"]) for n in pic["roads"]}
    assert road_squares == {
        (r, c) for r in range(board.height) for c in range(board.width) if board.is_road((r, c))
    }
    # links are the road graph's: symmetric between neighbours
    links = {(tuple(n["cell"]), n["axis"]): n["links"] for n in pic["roads"]}
    step = {"n": (-1, 0), "s": (1, 0), "e": (0, 1), "w": (0, -1)}
    back = {"n": "s", "s": "n", "e": "w", "w": "e"}
    for (cell, _axis), dirs in links.items():
        for d in dirs:
            other = (cell[0] + step[d][0], cell[1] + step[d][1])
            assert any(back[d] in v for (c2, _), v in links.items() if c2 == other)
    assert {tuple(s["cell"]): s["good"] for s in pic["suppliers"]} == {
        c: g.value for c, g in board.suppliers.items()
    }
    assert {tuple(b) for b in pic["bridges"]} == {
        (r, c) for r in range(board.height) for c in range(board.width) if board.is_bridge((r, c))
    }
    json.dumps(static_info(state))  # plain JSON


def test_catalog_names_every_card_and_milestone() -> None:
    cat = catalog_info()
    assert cat["employees"]["kitchen_trainee"]["name"] == "Kitchen Trainee"
    assert cat["employees"]["management_trainee"]["is_manager"] is True
    assert cat["milestones"]["first_billboard"]["name"]
    six = {k: v for k, v in cat["campaigns"]["6"].items() if k not in ("rule", "reach")}
    assert six == {"type": "airplane", "name": "airplane", "height": 1, "width": 5, "span": 5,
                   "icon": "AIR", "beside_board": False}  # fmt: skip
    # + its rules text, and what it reaches in words (a beside-the-board tile's warning)
    assert cat["campaigns"]["6"]["reach"] in cat["campaigns"]["6"]["rule"]
    assert [r["money"] for r in cat["reserve_cards"]] == [100, 200, 300]
    # facts.md E.4: $5 per salaried card; the rules pane shows the engine's figure
    assert cat["employees"]["new_business_developer"]["salary_dollars"] == 5
    assert cat["employees"]["kitchen_trainee"]["salary_dollars"] == 0


def test_price_and_distance_per_house_match_dinnertime() -> None:
    """Before each Dinnertime of a bot game, the presentation's price + distance for every
    house and chain equal what Dinnertime then reports for the houses that eat out."""
    bots = [make_bot("heuristic", 1), make_bot("heuristic", 2)]
    state = fcm.new_game(2, seed=9)
    checked = 0
    predicted: dict[int, dict[int, Any]] = {}
    while not fcm.is_over(state) and state.round <= 12:
        seat = current_actors(state)[0]
        legal = fcm.legal_actions(state, seat)
        pres = present(fcm.view(state, None), None)
        predicted = {h["number"]: {c["seat"]: c for c in h["chains"]} for h in pres["houses"]}
        state, events = fcm.apply(
            state, seat, bots[seat].choose(fcm.view(state, seat), seat, legal)
        )
        for e in events:
            if e.kind not in ("house_served", "house_stays_home"):
                continue
            for chain in e.data["chains"]:
                mine = predicted[e.data["house"]][chain["seat"]]
                # prices may drop at the start of Dinnertime (First to lower prices): compare
                # distances always, prices when no milestone was claimed in between
                assert mine["distance"] == chain["distance"], (e.data["house"], chain)
                assert mine["restaurant"] == chain["restaurant"]
                if not any(x.kind == "milestone_claimed" for x in events):
                    assert mine["price"] == chain["price"]
                checked += 1
    assert checked > 10


def test_chain_distances_are_the_boards() -> None:
    state = fcm.load_scenario(
        RESTRUCTURING
        | {
            "restaurants": [
                {"owner": 0, "cell": [0, 0], "entrance": "se"},
                {"owner": 1, "cell": [8, 8], "entrance": "nw", "open": False},
            ],
            "houses": [{"number": 2, "demand": ["burger"]}],
        }
    )
    board = board_of(state)
    pres = present(fcm.view(state, 0), 0)
    r0 = next(r for r in state.restaurants if r.owner == 0)
    for h in pres["houses"]:
        house = state.houses[h["number"]]
        expected = board.distance_house_to_restaurant(
            house.footprint, restaurant_entrances(r0.cell, r0.entrance, r0.drive_in)
        )
        mine, theirs = h["chains"][0], h["chains"][1]
        assert mine["distance"] == expected
        assert mine["status"] == ("connected" if expected is not None else "not_connected")
        assert theirs["status"] == "no_open_restaurant"  # a Coming Soon restaurant only
        assert mine["price"] == 10
        if h["demand"]:
            assert mine["missing"] == ["burger"] and mine["can_serve"] is False


def test_restructuring_draft_and_overfill_warning() -> None:
    state = fcm.load_scenario(RESTRUCTURING)
    for card in ("waitress", "trainer", "kitchen_trainee"):
        state, _ = fcm.apply(state, 0, fcm.SendToWork(card))
    draft = present(fcm.view(state, 0), 0)["chains"][0]["draft"]
    assert draft["fits"] is True and draft["warning"] is None
    assert sorted(c for node in draft["structure"] for c in [node["card"], *node["reports"]]) == [
        "kitchen_trainee",
        "trainer",
        "waitress",
    ]
    assert draft["in_hand"] == ["errand_boy"]
    state, _ = fcm.apply(state, 0, fcm.SendToWork("errand_boy"))
    draft = present(fcm.view(state, 0), 0)["chains"][0]["draft"]
    assert draft["fits"] is structure_fits(draft["cards"], state.ceo_slots, state.rules) is False
    assert "only the CEO works" in draft["warning"]
    # the other seat sees nothing of it
    other = present(fcm.view(state, 1), 1)
    assert "draft" not in other["chains"][0]
    assert other["chains"][0]["reserve"] is None and other["chains"][1]["reserve"] == 100
    assert "300" not in json.dumps(other["chains"][0])


def test_annotated_actions_match_the_legal_actions() -> None:
    state = fcm.new_game(2, seed=7)
    state, _ = fcm.apply(state, 0, fcm.ChooseReserve(300))
    state, _ = fcm.apply(state, 1, fcm.ChooseReserve(200))
    seat = current_actors(state)[0]
    legal = fcm.legal_actions(state, seat)
    pres = present(fcm.view(state, seat), seat, legal)
    assert [a["action"] for a in pres["actions"]] == [a.to_json() for a in legal]
    for note, action in zip(pres["actions"], legal, strict=True):
        assert note["key"] == action_key(action.to_json())
        assert note["text"] == str(action)
        if isinstance(action, fcm.PlaceRestaurant):
            assert note["anchor"] == list(action.cell)
            assert len(note["cells"]) == 4 and note["entrances"][0] in note["cells"]


def test_hire_train_and_campaign_annotations() -> None:
    bots = [make_bot("heuristic", 1), make_bot("heuristic", 2)]
    state = fcm.new_game(2, seed=5)
    seen: Counter[str] = Counter()
    while not fcm.is_over(state) and state.round <= 8:
        seat = current_actors(state)[0]
        legal = fcm.legal_actions(state, seat)
        kinds = {a.type for a in legal}
        if kinds & {"hire", "train", "place_campaign", "fire"}:
            pres = present(fcm.view(state, seat), seat, legal)
            for note, action in zip(pres["actions"], legal, strict=True):
                if isinstance(action, fcm.Hire | fcm.Train):
                    after, _ = fcm.apply(state, seat, action)
                    assert note["salary_before"] == salary_due(state, seat)
                    assert note["salary_after"] == salary_due(after, seat)
                    seen[action.type] += 1
                elif isinstance(action, fcm.PlaceCampaign):
                    after, _ = fcm.apply(state, seat, action)
                    after, _ = fcm.apply(after, seat, fcm.legal_actions(after, seat)[0])
                    camp = after.campaigns[state.turn.working.draft.number]  # type: ignore[union-attr]
                    assert note["reaches"] == [h.number for h in houses_reached(after, camp)]
                    if action.cell is not None:
                        assert sorted(map(tuple, note["cells"])) == sorted(camp.cells)
                    seen[action.type] += 1
                elif isinstance(action, fcm.Fire):
                    assert note["salary_after"] <= note["salary_before"]
                    seen[action.type] += 1
        state, _ = fcm.apply(state, seat, bots[seat].choose(fcm.view(state, seat), seat, legal))
    assert seen["hire"] and seen["train"] and seen["place_campaign"] and seen["fire"], seen


def test_spectator_presentation_has_no_secrets_or_actions() -> None:
    state = fcm.new_game(2, seed=7)
    state, _ = fcm.apply(state, 0, fcm.ChooseReserve(300))
    pres = present(fcm.view(state, None), None, None)
    assert pres["actions"] == []
    assert all(c["reserve"] is None for c in pres["chains"])
    assert all("draft" not in c for c in pres["chains"])


def test_a_module_campaign_kind_comes_with_its_icon_and_place() -> None:
    """Issue 24 item 4: the module's texts (fcm.texts) say how its campaign kind is drawn; the
    browser reads it from the catalog (ketchup.md 13: the guides lie beside the board)."""
    from fcm.rulesets import get_ruleset

    cat = catalog_info(get_ruleset("base", ["gourmet_food_critics"]))
    assert cat["campaigns"]["17"]["icon"] == "GG" and cat["campaigns"]["17"]["beside_board"]
    assert cat["campaigns"]["1"]["icon"] == "RA" and not cat["campaigns"]["1"]["beside_board"]


def test_reserve_prices_choices_show_their_base_price() -> None:
    """ketchup.md 14 (Reserve Prices): the three $200 reserve cards differ only by the base
    unit price they carry; each choice says it (the lobby read "$200 · CEO 3 slots" three
    times), and the catalog sent to the browser lists each card's base price."""
    import fcm
    from fcm.presentation import catalog_info, present

    s = fcm.new_game(2, 3, fcm.Options(modules=frozenset({"reserve_prices"})))
    seen = fcm.view(s, 0)
    labels = sorted(a["label"] for a in present(seen, 0, fcm.legal_actions(s, 0))["actions"])
    assert labels == [
        "Reserve card $200, base price $10",
        "Reserve card $200, base price $20",
        "Reserve card $200, base price $5",
    ]
    cards = catalog_info(s.rules)["reserve_cards"]
    assert sorted(c["base_price"] for c in cards) == [5, 10, 20]
    base = fcm.new_game(2, 3)
    first = present(fcm.view(base, 0), 0, fcm.legal_actions(base, 0))["actions"][0]
    assert first["label"] == "Reserve card $100"
    assert all("base_price" not in c for c in catalog_info(base.rules)["reserve_cards"])
