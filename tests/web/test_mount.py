"""mount_web: the page, its assets and the presentation route, in process (no browser)."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server extra is not installed")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from fcm.rulesets import playable_modules
from fcm.server import Settings, create_app
from fcm.server.web import WEB_DIR, mount_web


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(
        Settings(
            database_url=f"sqlite:///{tmp_path}/fcm.sqlite3",
            rate_per_second=1000.0,
            rate_burst=1000,
        )
    )
    mount_web(app)
    with TestClient(app) as c:
        yield c


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_root_is_the_page_and_assets_are_served(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/web/js/app.js">' in r.text
    for path in sorted(WEB_DIR.glob("js/*.js")) + sorted(WEB_DIR.glob("css/*.css")):
        rel = path.relative_to(WEB_DIR).as_posix()
        a = client.get(f"/web/{rel}")
        assert a.status_code == 200, rel
        assert a.headers.get("cache-control") == "no-cache"
    assert client.get("/web/__init__.py").status_code == 404
    assert client.get("/api/health").json()["ok"] is True  # the API is untouched


def test_every_module_import_resolves() -> None:
    """Each ES module imports only names its sibling exports (no build step checks this)."""
    exports: dict[str, set[str]] = {}
    for path in WEB_DIR.glob("js/*.js"):
        text = path.read_text()
        names = set(re.findall(r"export (?:async )?(?:function|class|const|let) (\w+)", text))
        for group in re.findall(r"export \{([^}]*)\}", text):
            names |= {n.strip().split(" as ")[-1] for n in group.split(",") if n.strip()}
        exports[path.name] = names
    for path in WEB_DIR.glob("js/*.js"):
        for names, source in re.findall(r'import \{([^}]*)\} from "\./([\w.]+)"', path.read_text()):
            for name in (n.strip() for n in names.split(",") if n.strip()):
                assert name in exports[source], f"{path.name} imports {name} from {source}"


def test_presentation_route(client: TestClient) -> None:
    r = client.post("/api/games", json={"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 7})
    assert r.status_code == 201
    made: dict[str, Any] = r.json()
    game = made["game"]
    t0, t1 = made["seats"][0]["token"], made["seats"][1]["token"]
    assert client.get(f"/api/games/{game}/presentation").status_code == 401
    assert client.get(f"/api/games/{game}/presentation", headers=auth("nope")).status_code == 403
    p = client.get(f"/api/games/{game}/presentation?static=true", headers=auth(t0)).json()
    assert p["seat"] == 0 and p["version"] == 0
    assert p["static"]["board"]["height"] == 15 and "catalog" in p["static"]
    assert [a["action"]["type"] for a in p["actions"]] == ["choose_reserve"] * 3
    st = client.get(f"/api/games/{game}", headers=auth(t0)).json()
    assert [a["action"] for a in p["actions"]] == st["legal"]
    # after seat 0 chooses, seat 1 sees no reserve and seat 0 sees its own
    client.post(
        f"/api/games/{game}/actions",
        headers=auth(t0),
        json={"version": 0, "action": {"type": "choose_reserve", "money": 300}},
    )
    p1 = client.get(f"/api/games/{game}/presentation", headers=auth(t1)).json()
    assert "static" not in p1
    assert p1["chains"][0]["reserve"] is None
    p0 = client.get(f"/api/games/{game}/presentation", headers=auth(t0)).json()
    assert p0["chains"][0]["reserve"] == 300 and p0["actions"] == []
    spectator = client.get(
        f"/api/games/{game}/presentation", headers=auth(made["spectator"]["token"])
    ).json()
    assert spectator["seat"] is None and spectator["actions"] == []


def test_options_route(client: TestClient) -> None:
    o = client.get("/api/web/options").json()
    assert o["options"]["introductory"] is False and "medium" in o["bots"]
    assert "milestones" in o["options"]
    # the expansion modules the engine plays, with what each needs or excludes (issue 15)
    mods = {m["id"]: m for m in o["modules"]}
    assert "ketchup" in mods and "new_milestones" in mods and "lobbyists" in mods
    assert "rural_marketeers" in mods
    # a module not written yet is not offered: only playable modules are
    assert all(m in playable_modules() for m in mods)
    keys = {"id", "name", "description", "requires", "conflicts", "switches", "players"}
    assert set(mods["hard_choices"]) == keys
    # the counts the base game sets up, and the one a module adds (ketchup.md 17)
    assert o["players"] == [2, 3, 4, 5] and mods["six_players"]["players"] == [6]
    assert mods["six_players"]["requires"] == ["new_districts"]
    assert mods["hard_choices"]["conflicts"] == ["new_milestones"]
