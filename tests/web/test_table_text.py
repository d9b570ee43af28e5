"""Issue #13, the playtest's bugs on the server and in the shared text (no browser needed):
errors in the game's words, the First billboard verdict for the advert choice, salary notes
that name the discount, the Dinnertime report counting from 1, and `fcm serve` printing the
address it bound."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fcm.core.actions import Done, PlaceCampaign, StartCampaign
from fcm.core.engine import legal_actions
from fcm.core.errors import FcmError
from fcm.core.state import WorkStep
from fcm.presentation import explain_error, present
from tests.core.phases.test_working_campaigns import LINE, campaigns_step
from tests.helpers import run_actions as run

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    """The API in process (as in tests/server), on a temporary SQLite database."""
    pytest.importorskip("fastapi", reason="the server extra is not installed")
    from fastapi.testclient import TestClient

    from fcm.server import create_app
    from tests.server.conftest import settings_for

    with TestClient(create_app(settings_for(f"sqlite:///{tmp_path}/fcm.sqlite3"))) as c:
        yield c


# -- errors in the game's words ---------------------------------------------------------------


def test_illegal_action_message_keeps_the_rule_in_the_games_words() -> None:
    """The playtest saw `campaign_manager`, `seat 0`, `step campaigns`: names instead, and the
    reason (the rule) kept word for word."""
    raw = (
        "'start campaign #3 by campaign_manager' is not legal in round 2, working "
        "(seat 0, step campaigns): Working 9–5 'Launch campaigns': campaign_manager is busy "
        "until first_billboard"
    )
    text = explain_error(raw, None, {0: "Ann"})
    assert text == (
        "Working 9–5 'Launch campaigns': Campaign Manager is busy until First billboard placed"
    )
    turn = explain_error(
        "seat 0 may not act now: round 1, restructuring waits for seat(s) [1, 2]",
        None, {0: "Ann", 1: "Bob"},
    )
    assert turn == "Ann may not act now: round 1, Restructuring waits for Bob, Player 3"
    assert explain_error("round 3, working (seat 1, step food_and_drinks) waits") == (
        "Round 3, Working 9–5 (Player 2's turn, Prep food and drinks) waits"
    )


def test_a_real_engine_error_has_no_ids_left() -> None:
    state = campaigns_step(LINE, ["marketing_trainee"])
    try:
        run(state, 0, StartCampaign("campaign_manager", 15))
    except FcmError as exc:
        raw = exc.message
    else:
        raise AssertionError("a campaign by a marketeer not at work should be illegal")
    text = explain_error(raw, state.rules, {0: "Ann"})
    assert "campaign_manager" in raw
    assert "campaign_manager" not in text and "seat 0" not in text and "step " not in text
    assert "Campaign Manager" in text or "Marketing Trainee" in text


def test_the_api_answers_an_illegal_action_with_the_games_words(client: Any) -> None:
    from tests.server.conftest import create

    game = create(client, seats=[{"kind": "human", "name": "Ann"}, {"kind": "human"}], seed=5)
    r = game.act(0, {"type": "choose_reserve", "money": 150})
    assert r.status_code == 422
    err = r.json()["error"]
    assert err["code"] == "action/illegal"
    assert "setup_reserve" in err["message"]  # the API keeps the engine's text
    assert err["text"] == "Choose one reserve card: 100, 200 or 300"
    game.play(0, {"type": "choose_reserve", "money": 300})
    game.play(1, {"type": "choose_reserve", "money": 300})
    placer = game.state(0)["actors"][0]
    other = 1 - placer
    r = game.act(other, {"type": "done"})
    assert r.status_code == 409
    text = r.json()["error"]["text"]
    names = {0: "Ann", 1: "Player 2"}
    assert text.startswith(f"{names[other]} may not act now")
    assert names[placer] in text and "seat" not in text and "setup_restaurants" not in text


# -- First billboard: the advert choice says eternal -----------------------------------------


def test_excerpt_002_first_billboard_makes_the_advert_eternal_in_the_presentation() -> None:
    """Excerpt 002 "Eternal campaigns": the billboard that claims First billboard is eternal,
    so the advert choice offers one counter that never goes; the presentation says so (the
    page shows "eternal", not "1 round", and warns that the marketeer stays busy)."""
    state = campaigns_step(LINE, ["marketing_trainee"])
    state, _ = run(state, 0, StartCampaign("marketing_trainee", 15), PlaceCampaign(cell=(3, 12)))
    p = present(state, 0, legal_actions(state, 0))
    assert p["draft_campaign"]["eternal"] is True
    assert p["draft_campaign"]["claims_first_billboard"] is True
    assert {a["action"]["duration"] for a in p["actions"]} == {1}


def test_facts_b_no_first_billboard_left_means_a_finite_billboard() -> None:
    state = campaigns_step(LINE, ["marketing_trainee"])
    state.milestones_available.remove("first_billboard")
    state, _ = run(state, 0, StartCampaign("marketing_trainee", 15), PlaceCampaign(cell=(3, 12)))
    p = present(state, 0, legal_actions(state, 0))
    assert p["draft_campaign"]["eternal"] is False
    assert p["draft_campaign"]["claims_first_billboard"] is False


# -- salary notes name the discount ---------------------------------------------------------


def test_facts_e4_salary_note_names_first_to_train_discount() -> None:
    """facts.md E.4: First to train someone takes $15 off salaries, never below $0; a hire of a
    salaried card then leaves the total at $0, and the note says why."""
    from fcm.core.state import Phase
    from tests.helpers import make_state, start_phase

    state = make_state()
    state.players[0].at_work = ["trainer"]
    state.players[0].beach = ["kitchen_trainee"]
    state.players[0].milestones["first_train"] = 1
    start_phase(state, Phase.WORKING)
    if state.turn.working is not None and state.turn.working.step is WorkStep.HIRE:
        state, _ = run(state, 0, Done())
    assert state.turn.working is not None and state.turn.working.step is WorkStep.TRAIN
    p = present(state, 0, legal_actions(state, 0))
    train = next(a for a in p["actions"] if a["action"].get("into") == "burger_cook")
    assert train["card_salary"] == 5
    assert train["salary_before"] == train["salary_after"] == 0
    assert train["salary_notes"] == [
        "First to train someone: $15 off salaries", "salaries never go below $0"
    ]


# -- the Dinnertime report counts from 1 and uses the table's names --------------------------


DINNER = {
    "format": "fcm-scenario/1",
    "players": 2,
    "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
    "round": 4,
    "phase": "dinnertime",
    "turn_order": [1, 0],
    "companies": [
        {"cash": 12, "at_work": ["waitress"], "stock": {"burger": 2}},
        {"cash": 3, "reserve": 100},
    ],
    "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    "houses": [{"number": 2, "demand": ["burger", "burger"]}],
}


def test_dinnertime_report_names_chains_and_counts_restaurants_from_1(client: Any) -> None:
    """The "Full explanation" (the CLI prints the same text): the table's names and
    restaurant #1, never seat 0 or restaurant 0."""
    from tests.server.conftest import create

    game = create(
        client, seats=[{"kind": "human", "name": "Ann"}, {"kind": "human"}], scenario=DINNER
    )
    r = client.get(f"/api/games/{game.id}/dinnertime/4", headers=game.auth(game.tokens[1]))
    text = r.json()["text"]
    assert "-> Ann serves it from restaurant #1 (" in text
    assert "Player 2: " in text
    assert "seat 0" not in text and "seat 1" not in text and "restaurant 0" not in text


# -- fcm serve prints the address it bound -------------------------------------------------


def test_fcm_serve_prints_the_bound_address(tmp_path: Path) -> None:
    """Bound to 127.0.0.1 with port 0: the line names 127.0.0.1 and the port the OS chose
    (it said "localhost" and the asked-for port before)."""
    pytest.importorskip("uvicorn")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    proc = subprocess.Popen(
        [sys.executable, "-c", "import sys; from fcm.cli.main import main; sys.exit(main())",
         "serve", "--host", "127.0.0.1", "--port", "0",
         "--database-url", f"sqlite:///{tmp_path}/s.db"],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
    )
    try:
        assert proc.stdout is not None
        line = ""
        deadline = time.monotonic() + 120  # a cold start (imports) on a loaded machine
        while "fcm server: open" not in line:
            assert time.monotonic() < deadline and proc.poll() is None, line
            line = proc.stdout.readline()
        assert "localhost" not in line
        url = line.split("open ", 1)[1].split()[0]
        assert url.startswith("http://127.0.0.1:") and url.endswith("/")
        port = int(url.rsplit(":", 1)[1].rstrip("/"))
        assert port > 0
        import httpx

        assert httpx.get(f"{url}api/health", timeout=60).status_code == 200
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


def test_open_url_for_every_kind_of_host() -> None:
    from fcm.server import _announce, open_url

    assert open_url("10.1.2.3", 8000) == "http://10.1.2.3:8000/"
    assert open_url("::1", 80) == "http://[::1]:80/"
    assert "(all interfaces)" in _announce([("0.0.0.0", 8000)], "storage: x")
