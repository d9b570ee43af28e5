"""``python -m bench compare`` (bench/compare.py): the verdict of a workload against the 0.4x
target, and whether the two commits played the same games. No timing is asserted here (speed
targets live in ``bench/``, never in timed tests)."""

from __future__ import annotations

from bench import compare
from bench.compare import Verdict, format_verdicts


def verdict(value: float, **kw: object) -> Verdict:
    base: dict[str, object] = dict(
        workload="random bots, 4 players", figure="ms per round", side="current",
        baseline=2.0, value=value, same_hashes=0, same_states=5, same_outcomes=5, games=5,
        why="", why_hashes=compare.WHY_HASHES_DIFFER,
    )
    base.update(kw)
    return Verdict(**base)  # type: ignore[arg-type]


def test_the_target_is_at_most_0_4x_of_the_baseline():
    assert verdict(0.8).passed
    assert not verdict(0.81).passed
    assert f"{verdict(0.86).ratio:.2f}" == "0.43"


def test_same_games_with_other_end_reason_wording_say_why_the_hashes_differ():
    v = verdict(0.8)
    assert v.play() == "same games (5/5)"
    assert v.hashes() == "differ: " + compare.WHY_HASHES_DIFFER
    assert verdict(0.8, same_hashes=5).hashes() == "equal"


def test_different_games_say_why_when_known():
    v = verdict(0.8, same_states=0, same_outcomes=1, why="the easy bot's play changed")
    assert v.play() == "different games (4/5): the easy bot's play changed"
    assert v.hashes() == "differ (5/5)"


def test_the_table_has_the_ratio_and_a_pass_fail_column():
    text = format_verdicts([verdict(0.8), verdict(0.9)], 3, compare.BASELINE)
    header = text.splitlines()[1]
    assert "ratio" in header and "result" in header
    assert "0.40x" in text and "PASS" in text and "0.45x" in text and "FAIL" in text


def test_measure_keeps_hashes_states_and_outcomes_of_capped_games():
    got = compare.measure("random", 2, range(1, 2))
    assert got["rounds"] == [compare.ROUND_LIMIT]
    assert len(got["hashes"][0]) == len(got["states"][0]) == 16
    assert got["hashes"] != got["states"]  # the state without the end reason hashes apart
    rounds, ranking, cash, actions = got["outcomes"][0]
    assert rounds == compare.ROUND_LIMIT and sorted(ranking) == [0, 1] and len(cash) == 2
    assert actions > 0
