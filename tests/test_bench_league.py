"""The league (issue 30 item 3): held-out plans apart from the tuning plans, each legal and
following its script; medium_v1 (medium before issue 30) legal; the table puts tuning and
held-out figures side by side with Wilson intervals; ``fcm tournament --league`` runs it from
a clone's root and says what to do elsewhere. No win rate is asserted here (measured by the
league itself)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from bench import league
from bench.hard_v1 import HardV1Bot
from bench.heldout import HELD_OUT, STRONG
from bench.medium_v1 import MediumV1Bot
from bench.plans import PLANS, PlanBot

from fcm.bots.medium import MediumBot
from fcm.cli.main import main
from fcm.core.actions import Hire
from fcm.core.state import GameState, Options
from fcm.runner import SIMULATION_ROUND_LIMIT, play_game
from fcm.tournament import wilson

ROOT = Path(__file__).resolve().parents[1]


def test_held_out_plans_are_apart_from_the_tuning_plans():
    """Issue 30: at least four new held-out plans, none of them a tuning plan."""
    assert len(HELD_OUT) >= 4
    assert not set(HELD_OUT) & set(PLANS)
    assert all(HELD_OUT[p] not in PLANS.values() for p in HELD_OUT)
    sets = league.opponent_sets()
    assert sets["tuning"] == list(PLANS) and sets["held-out"] == list(HELD_OUT)
    assert {"medium_v1", "exploiter"} <= set(sets["league"])


def test_strong_held_out_plans_are_new_and_apart():
    """Issue 30 (second session): at least four more held-out plans, of different styles,
    apart from the tuning plans and the first held-out ones, in their own set."""
    assert len(STRONG) >= 4
    assert not set(STRONG) & (set(PLANS) | set(HELD_OUT))
    assert len({str(STRONG[p]["hires"]) for p in STRONG}) == len(STRONG)
    assert league.opponent_sets()["held-out II"] == list(STRONG)
    assert {"hard_v1", "hard_is"} <= set(league.opponent_sets()["league"])


@pytest.mark.parametrize("plan", [*sorted(HELD_OUT), *sorted(STRONG), "exploiter"])
def test_every_held_out_plan_and_the_exploiter_play_legally_and_follow_their_script(plan: str):
    """Every action through the validating path for a whole game against medium, both seats;
    the first hire is the first entry of the plan's hire list."""
    script: Any = (league.EXPLOITER if plan == "exploiter"
                   else STRONG[plan] if plan in STRONG else HELD_OUT[plan])
    for seat in (0, 1):
        hires: list[str] = []
        me = 1 - seat

        def on_step(state: GameState, s: int, action: object, me: int = me,
                    hires: list[str] = hires) -> None:
            if s == me and isinstance(action, Hire):
                hires.append(action.employee)

        bots: list[Any] = [league.make_player(plan, 7), league.make_player(plan, 8)]
        bots[seat] = MediumBot(9)
        result = play_game(bots, 5 + seat, Options(round_limit=SIMULATION_ROUND_LIMIT),
                           checked=True, on_step=on_step)
        assert result.state.ranking
        assert hires and hires[0] == script["hires"][0][0], (plan, hires)
        assert isinstance(bots[me], PlanBot)


def test_medium_v1_plays_legally_against_medium():
    result = play_game([MediumV1Bot(1), MediumBot(2)], 3,
                       Options(round_limit=SIMULATION_ROUND_LIMIT), checked=True)
    assert result.state.ranking


def test_hard_v1_plays_legally_against_medium():
    """The previous hard, frozen as a league baseline."""
    result = play_game([HardV1Bot(1, rollouts=2), MediumBot(2)], 3,
                       Options(round_limit=SIMULATION_ROUND_LIMIT), checked=True)
    assert result.state.ranking


def test_unknown_players_fail_before_any_game():
    with pytest.raises(ValueError, match="unknown league player 'grandmaster'"):
        next(league.run(["medium"], ["grandmaster"], 2, 1))


def test_the_table_puts_tuning_and_held_out_side_by_side_with_wilson_intervals():
    """Rows per opponent under its set, a total per set; one column per bot in the order
    asked for; every cell wins/games, the rate and its Wilson 95% interval."""
    tuning, held = next(iter(PLANS)), next(iter(HELD_OUT))
    lines = [
        {"bot": bot, "opponent": opp, "win": i < wins}
        for bot, opp, wins in (("b", tuning, 3), ("b", held, 1), ("a", tuning, 4),
                               ("a", held, 2))
        for i in range(4)
    ]
    table = league.format_table(lines, ["a", "b"])
    assert table.splitlines()[0] == "| set | opponent | a | b |"
    lo, hi = wilson(1, 4)
    assert f"| held-out | {held} | 2/4 50%" in table
    assert f"1/4 25% [{100 * lo:.0f}, {100 * hi:.0f}]" in table
    assert "| **tuning** | all 1 | **4/4 100%" in table
    assert "| **held-out** | all 1 | **2/4 50%" in table


def test_league_games_are_seat_rotated():
    """Game i: seed + i // 2, the bot under test in seat i % 2."""
    lines = list(league.run(["easy"], ["random"], 4, 11))
    assert [(x["seed"], x["seat"]) for x in lines] == [(11, 0), (11, 1), (12, 0), (12, 1)]


def test_tournament_league_command(tmp_path, capsys, monkeypatch):
    """From a clone's root: the table and one JSON line per game; elsewhere: what to do."""
    monkeypatch.chdir(ROOT)
    out = tmp_path / "league.jsonl"
    code = main(["tournament", "--league", "--bots", "medium", "--opponents",
                 f"easy,{next(iter(HELD_OUT))}", "--games", "2", "--out", str(out)])
    text = capsys.readouterr().out
    assert code == 0
    assert "| set | opponent | medium |" in text and "**held-out**" in text
    assert len(out.read_text().splitlines()) == 4
    assert main(["tournament", "--league", "--modules", "ketchup"]) == 2
    monkeypatch.chdir(tmp_path)
    import sys

    # imported already: forget it, and the clone's root on the path
    monkeypatch.delitem(sys.modules, "bench.league")
    monkeypatch.delitem(sys.modules, "bench")
    monkeypatch.setattr(sys, "path", [p for p in sys.path if Path(p or ".").resolve() != ROOT])
    assert main(["tournament", "--league", "--games", "2"]) == 2
    assert "root of a clone" in capsys.readouterr().out


def test_hard_fast_plays_legally_against_medium():
    """hard_fast (cheap rollouts in every seat) is a league player and plays legal games."""
    bot = league.make_player("hard_fast", 1)
    result = play_game([bot, MediumBot(2)], 3, Options(round_limit=SIMULATION_ROUND_LIMIT),
                       checked=True)
    assert result.state.ranking and bot.stats["rollouts"] > 0


def test_the_four_player_row_puts_the_bot_in_the_given_seat_among_three_medium(monkeypatch):
    from bench import hard_four

    seen: list[list[str]] = []
    real = hard_four.make_player

    def spy(name: str, seed: int) -> Any:
        seen[-1].append(name)
        return real("easy" if name == "hard_fast" else name, seed)

    monkeypatch.setattr(hard_four, "make_player", spy)
    seen.append([])
    line = hard_four.play_four("hard_fast", 2, 3)
    assert seen[-1] == ["medium", "medium", "medium", "hard_fast"]
    assert line["seat"] == 3 and len(line["cash"]) == 4  # type: ignore[arg-type]


def test_the_exploiter_is_the_choice_of_its_recorded_search_against_hard():
    """Issue 30 item 3: the exploiter is tuned to beat hard: its parameters are the ones the
    search's recorded games against hard chose (bench/exploiter_search.jsonl), and its plan is
    the script of those parameters."""
    import json

    from bench import exploiter

    lines = [json.loads(x) for x in (ROOT / "bench" / "exploiter_search.jsonl").open()]
    assert {x["opponent"] for x in lines} == {"hard"}
    assert len({json.dumps(x["params"], sort_keys=True) for x in lines}) >= 8
    assert exploiter.chosen(lines) == league.EXPLOITER_PARAMS
    assert exploiter.script(league.EXPLOITER_PARAMS) == league.EXPLOITER
    # every parameter set of the space makes a plan the bots can read
    for params in exploiter.sample(exploiter.Rng(1), 12):
        plan = exploiter.script(params)
        assert plan["hires"][0][0] == params["first"]
        assert all(k == [c for c, _ in plan["hires"][: i + 1]].count(c)
                   for i, (c, k) in enumerate(plan["hires"]))
