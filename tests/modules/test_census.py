"""Issue 24's closing note: ``python -m fcm.modules.census`` lists every extension point with
the modules registering into it (read from the registries and the assembled rulesets) and the
lines each module adds inside and outside src/fcm/modules."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import fields
from pathlib import Path

from fcm.core.extensions import Extensions
from fcm.modules import census
from fcm.rulesets import playable_modules

ROOT = Path(__file__).parents[2]


def test_the_census_runs_and_names_every_point_and_every_playable_module() -> None:
    done = subprocess.run([sys.executable, "-m", "fcm.modules.census"], capture_output=True,
                          text=True, timeout=300, cwd=ROOT, check=True)
    text = done.stdout
    for f in fields(Extensions):
        if f.name != "priority":
            assert f"| Extensions.{f.name} |" in text, f.name
    lines = text.split("## Lines per module", 1)[1]
    for mid in playable_modules():
        assert f"\n| {mid} | " in lines, mid


def test_the_points_are_read_from_the_modules_not_a_list() -> None:
    """ketchup.md 5-7's combined priority: the orders point lists Sushi (10), Noodles (20) and
    Kimchi (100) with their ranks; Reserve Prices alone changes the first bank break."""
    rows = dict(census.extension_points())
    assert rows["Extensions.orders"] == ["sushi (10)", "noodles (20)", "kimchi (100)"]
    assert rows["Extensions.first_break"] == ["reserve_prices"]
    assert rows["Module.event_fields"] == ["new_milestones", "reserve_prices"]
    assert "kimchi" in rows["ruleset data: goods (the vocabulary)"]
    assert rows["ruleset data: setups for more players"] == ["six_players"]
    assert "kimchi" in rows["lessons (fcm.lessons.register_lessons)"]


def test_no_module_is_named_in_the_clean_paths_and_its_code_is_counted() -> None:
    rows = {r["module"]: r for r in census.module_lines()}
    assert set(rows) == set(playable_modules())
    assert all(r["outside_clean"] == 0 for r in rows.values()), {
        m: r["outside_clean"] for m, r in rows.items() if r["outside_clean"]}
    assert all(0 < r["code"] < r["python"] for r in rows.values())
    assert rows["rural_marketeers"]["generated"] > 0 and rows["fry_chefs"]["generated"] == 0


def test_code_lines_leave_out_blanks_comments_and_docstrings() -> None:
    text = ('"""Doc\nstring."""\n\n# a comment\nx = 1  # why\n\n\n'
            'def f():\n    """Its doc."""\n    return x\n')
    assert census.code_lines(text) == 3  # x = 1, def f():, return x


def test_the_docs_table_of_points_names_the_modules_the_census_finds() -> None:
    """docs/modules.md's table of the extension points: its last column is the census's
    (module names in title case, in the order the point runs them; a note may follow)."""
    import re

    rows = dict(census.extension_points())
    text = (ROOT / "docs" / "modules.md").read_text(encoding="utf-8")
    seen = set()
    for m in re.finditer(r"^\| `(\w+)` \|.*\| ([^|]*) \|$", text, re.M):
        point, shown = m.group(1), m.group(2)
        if f"Extensions.{point}" not in rows:
            continue
        seen.add(point)
        want = [" ".join(w.capitalize() for w in u.split(" ")[0].split("_"))
                + (" " + u.split(" ", 1)[1] if " " in u else "")
                for u in rows[f"Extensions.{point}"]]
        listed = ", ".join(want) if want else "(none yet)"
        assert shown.startswith(listed), (point, shown, listed)
        rest = shown[len(listed):]
        assert not rest or rest.startswith(" ("), (point, shown)
    assert seen == {f.name for f in fields(Extensions) if f.name != "priority"}
