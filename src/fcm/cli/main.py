"""The ``fcm`` command line: a thin shell over the public API.

fcm map --players 4 --seed 1          a rendered random map
fcm play --players 4 --seed 1         a whole bot game with its results
fcm simulate --players 4 --games 1000 --bots heuristic,heuristic,random,random --jobs 2 [--ray]
fcm dataset --bots heuristic,heuristic,random,random --games 10 --out DIR [--jobs 2] [--ray]
fcm replay GAME.json [--verify] [--log [--raw]] [--dinnertime N|all]
fcm show GAME.json [--at N]           the position after N actions
fcm tournament --players 2 --bots hard,medium --games 200 --seed 1 --jobs 2 [--ray] --out FILE
fcm tournament --league --bots medium_v1,medium --games 100   tuning vs held-out plans (a clone)
fcm tournament --bots medium,easy --games 20 --module-sets each   a row per module set
fcm analyse GAME.json --at N [--think S]  hard's best moves for the seat to move
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from fcm.bots import BOT_NAMES, canonical_bot_name, make_bot
from fcm.cli.render import CHAIN_LETTERS, render_companies, render_position
from fcm.core.errors import FcmError
from fcm.core.events import Event
from fcm.core.state import Options
from fcm.core.views import visible_events
from fcm.games import new_game
from fcm.record import GameRecord
from fcm.runner import SIMULATION_ROUND_LIMIT

console = Console(highlight=False)
BOTS_HELP = f"comma-separated bot names ({', '.join(BOT_NAMES)}; heuristic = easy)"


def _modules(args: argparse.Namespace) -> frozenset[str]:
    """``--modules a,b``: the expansion modules (docs/modules.md), checked together."""
    from fcm.rulesets import check_modules

    text = getattr(args, "modules", "") or ""
    chosen = frozenset(m.strip() for m in text.split(",") if m.strip())
    check_modules(chosen)
    return chosen


def _options(args: argparse.Namespace, players: int | None = None) -> Options:
    """The options; the player count (``--players``, or ``players``) checked against the
    modules' setups (6 players need Six Players: refused naming it)."""
    from fcm.rulesets import check_players

    # The round cap is a simulation setting, never a rule: only bot games set it (0: none).
    cap = getattr(args, "round_limit", 0) or None
    options = Options(
        introductory=args.intro,
        milestones=True if args.milestones else None,
        round_limit=cap,
        modules=_modules(args),
    )
    count = players if players is not None else getattr(args, "players", None)
    if isinstance(count, int):
        check_players(count, options.modules)
    return options


def cmd_map(args: argparse.Namespace) -> int:
    state = new_game(args.players, args.seed, _options(args))
    tiles = "  ".join(" ".join(f"{t}{k}" for t, k in row) for row in state.tiles)
    console.print(f"[bold]{args.players}-player map, seed {args.seed}[/] (tile+rotation: {tiles})")
    console.print(render_position(state), markup=False)
    return 0


def _bot_names(args: argparse.Namespace) -> list[str] | None:
    """One bot name per seat from ``--bots`` (one name is used for every seat)."""
    names: list[str] = args.bots.split(",") if args.bots else ["easy"] * args.players
    if len(names) == 1:
        names = names * args.players
    if len(names) != args.players:
        console.print(f"[red]--bots names {len(names)} bots for {args.players} players[/]")
        return None
    for n in names:
        try:
            canonical_bot_name(n)
        except ValueError as exc:
            console.print(f"[red]--bots: {exc}[/]")
            return None
    return names


def cmd_play(args: argparse.Namespace) -> int:
    from fcm.runner import play_game

    names = _bot_names(args)
    if names is None:
        return 2
    bots = [make_bot(n, seed=args.seed * 100 + i) for i, n in enumerate(names)]
    result = play_game(bots, args.seed, _options(args), keep_events=True)
    state = result.state
    console.print(render_position(state), markup=False)
    console.print(render_companies(state), markup=False)
    table = Table(title=f"Game over after round {state.round}: {state.end_reason}")
    for col in ("rank", "chain", "seat", "bot", "cash", "milestones"):
        table.add_column(col)
    for rank, seat in enumerate(state.ranking, 1):
        p = state.players[seat]
        table.add_row(
            str(rank),
            CHAIN_LETTERS[seat],
            str(seat),
            names[seat],
            f"${p.cash}",
            str(len(p.milestones)),
        )
    console.print(table)
    console.print(
        f"{len(result.record.actions)} actions; bank ${state.bank}; bank breaks "
        f"{state.bank_breaks}; final hash {state.state_hash()}"
    )
    if args.save:
        Path(args.save).write_text(result.record.dumps())
        console.print(f"saved to {args.save} (replay with: fcm replay {args.save} --verify)")
    return 0


def _run_simulation(args: argparse.Namespace, names: list[str]) -> list[dict[str, Any]]:
    """Every game's summary line, with a progress bar (locally, in processes or on Ray), each
    written to ``--out`` as it finishes."""
    from fcm.simulate import simulate

    where = " on Ray" if args.ray else ""
    results = simulate(
        args.players,
        args.games,
        names,
        args.seed,
        options=_options(args),
        jobs=args.jobs,
        save_dir=args.save_dir or None,
        ray=args.ray,
        address=args.address or None,
    )
    return _collect(results, f"{args.games} games{where}", args.games, args.out, ("seed",))


def _collect(
    results: Iterable[dict[str, Any]], label: str, total: int, out: str, key: tuple[str, ...]
) -> list[dict[str, Any]]:
    """The result lines, sorted by ``key``, with a progress bar. Each line goes to ``out`` (if
    given) as its game finishes, so a crash or an interruption keeps the games played; at the
    end the file is rewritten in ``key`` order."""
    from rich.progress import Progress

    from fcm.simulate import write_jsonl

    lines: list[dict[str, Any]] = []
    fh = open(out, "w") if out else None  # noqa: SIM115 - closed in finally
    try:
        with Progress(console=console, transient=True) as bar:
            task = bar.add_task(label, total=total)
            for line in results:
                lines.append(line)
                if fh is not None:
                    fh.write(json.dumps(line) + "\n")
                    fh.flush()
                bar.advance(task)
    except BaseException:
        if fh is not None and lines:
            console.print(f"[red]stopped: the {len(lines)} finished games are in {out}[/]")
        raise
    finally:
        if fh is not None:
            fh.close()
    lines.sort(key=lambda x: tuple(x[k] for k in key))
    if out:
        partial = out + ".sorting"
        write_jsonl(partial, lines)
        os.replace(partial, out)
    return lines


def cmd_simulate(args: argparse.Namespace) -> int:
    from fcm.simulate import summarise

    names = _bot_names(args)
    if names is None:
        return 2
    if args.address and not args.ray:
        console.print("[red]--address names a Ray cluster: use it with --ray[/]")
        return 2
    from fcm.simulate import RayClusterError

    try:
        lines = _run_simulation(args, names)
    except (ImportError, RayClusterError) as exc:
        console.print(f"[red]{escape(str(exc))}[/]")
        return 2
    summary = summarise(lines)
    table = Table(
        title=f"{args.games} games, {args.players} players, seeds {args.seed}.."
        f"{args.seed + args.games - 1}"
    )
    for col in ("seat", "bot", "wins", "win %", "mean cash"):
        table.add_column(col, justify="right")
    for seat, name in enumerate(names):
        wins = summary["wins_by_seat"][seat]
        table.add_row(
            str(seat),
            name,
            str(wins),
            f"{100 * wins / len(lines):.1f}",
            f"{summary['cash_by_seat_mean'][seat]:.1f}",
        )
    console.print(table)
    totals = Table(show_header=False)
    for key, label in (
        ("cash_mean", "mean final cash"),
        ("cash_median", "median final cash"),
        ("rounds_mean", "mean rounds"),
        ("rounds_median", "median rounds"),
        ("bank_breaks_mean", "mean bank breaks"),
        ("seconds_per_game", "seconds per game"),
    ):
        value = summary[key]
        totals.add_row(label, f"{value:.3f}" if isinstance(value, float) else str(value))
    for name, wins in sorted(summary["wins_by_bot"].items()):
        totals.add_row(f"wins by {name}", f"{wins} of {len(lines)}")
    totals.add_row("end reasons", ", ".join(f"{k}: {v}" for k, v in summary["end_reasons"].items()))
    console.print(totals)
    if args.out:
        console.print(f"wrote {len(lines)} lines to {args.out}")
    return 0


def cmd_league(args: argparse.Namespace) -> int:
    """``fcm tournament --league``: the bots of ``--bots`` (columns) against the tuning plans,
    the held-out plans and the league (rows), ``--games`` seat-rotated 2-player games each."""
    from fcm import tournament

    if args.ray or args.modules or args.intro:
        console.print("[red]--league plays 2-player base games locally (no --ray, --modules or "
                      "--intro; --players is ignored)[/]")
        return 2
    try:
        league = tournament.league_module()
    except ImportError as exc:
        console.print(f"[red]{escape(str(exc))}[/]")
        return 2
    bots = [b for b in (args.bots or "medium_v1,medium").split(",") if b]
    sets = league.opponent_sets()
    opps = [o for o in args.opponents.split(",") if o] or [o for n in sets.values() for o in n]
    try:
        results = league.run(bots, opps, args.games, args.seed, args.jobs, args.rollouts,
                             args.think)
        total = len(bots) * len(opps) * args.games
        lines = _collect(results, f"{total} league games", total, args.out,
                         ("bot", "opponent", "seed", "seat"))
    except ValueError as exc:
        console.print(f"[red]{escape(str(exc))}[/]")
        return 2
    console.print(league.format_table(lines, bots), markup=False, soft_wrap=True)
    if args.out:
        console.print(f"wrote {len(lines)} lines to {args.out}")
    return 0


def cmd_module_sets(args: argparse.Namespace, names: list[str]) -> int:
    """``fcm tournament --module-sets``: the first bot's win rate against the others, a row
    per module set (the same seeds for every set)."""
    import dataclasses

    from fcm import tournament

    if args.ray or args.modules:
        console.print("[red]--module-sets plays locally and names the modules itself (no --ray "
                      "or --modules)[/]")
        return 2
    try:
        sets = tournament.module_sets(args.module_sets)
        tournament.check_dependencies()
    except (ValueError, ImportError) as exc:
        console.print(f"[red]{escape(str(exc))}[/]")
        return 2
    base = _options(args)
    rows = []
    everything: list[dict[str, Any]] = []
    total = len(tournament.specs(names, args.games, args.seed))
    for mods in sets:
        options = dataclasses.replace(base, modules=frozenset(mods))
        results = tournament.run(names, args.games, args.seed, options=options, jobs=args.jobs,
                                 think=args.think, rollouts=args.rollouts)
        label = "+".join(mods) or "base"
        lines = _collect(results, f"{total} games: {label}", total, "", ("seed", "bots"))
        rows.append(tournament.module_row(mods, names[0], lines))
        everything += [{**line, "modules": list(mods)} for line in lines]
    console.print(tournament.format_module_rows(rows, names), markup=False, soft_wrap=True)
    if args.out:
        from fcm.simulate import write_jsonl

        write_jsonl(args.out, everything)
        console.print(f"wrote {len(everything)} lines to {args.out}")
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    from fcm import tournament

    if args.league:
        return cmd_league(args)
    names = _bot_names(args)
    if names is None:
        return 2
    if args.module_sets:
        return cmd_module_sets(args, names)
    if args.think is not None and args.think <= 0:
        console.print("[red]--think must be a positive number of seconds[/]")
        return 2
    if args.address and not args.ray:
        console.print("[red]--address names a Ray cluster: use it with --ray[/]")
        return 2
    try:  # before the first game: a missing package must not cost a finished run
        tournament.check_dependencies(ray=args.ray)
    except ImportError as exc:
        console.print(f"[red]{escape(str(exc))}[/]")
        return 2
    total = len(tournament.specs(names, args.games, args.seed))
    where = " on Ray" if args.ray else ""
    results = tournament.run(
        names,
        args.games,
        args.seed,
        options=_options(args),
        jobs=args.jobs,
        think=args.think,
        rollouts=args.rollouts,
        ray=args.ray,
        address=args.address or None,
    )
    from fcm.simulate import RayClusterError

    try:
        lines = _collect(results, f"{total} games{where}", total, args.out, ("seed", "bots"))
    except (ImportError, RayClusterError) as exc:
        console.print(f"[red]{escape(str(exc))}[/]")
        return 2
    console.print(
        tournament.format_summary(tournament.summarise(lines)), markup=False, soft_wrap=True
    )
    if args.out:
        console.print(f"wrote {len(lines)} lines to {args.out}")
    return 0


def cmd_analyse(args: argparse.Namespace) -> int:
    from fcm.bots.search import HardBot
    from fcm.core.engine import current_actors, legal_actions
    from fcm.core.views import view

    record = _load(args.file)
    state = record.initial_state()[0]
    upto = len(record.actions) if args.at is None else args.at
    if not 0 <= upto <= len(record.actions):
        console.print(f"[red]--at must be between 0 and {len(record.actions)}[/]")
        return 2
    if upto:
        for i, after, _ in record.steps(check=False, start=state):
            state = after
            if i + 1 >= upto:
                break
    actors = current_actors(state)
    if not actors:
        console.print("the game is over at that point: nothing to decide")
        return 0
    seat = actors[0]
    legal = legal_actions(state, seat)
    bot = HardBot(args.seed, think=args.think, rollouts=args.rollouts)
    rows = bot.analyse(view(state, seat), seat, legal)
    table = Table(
        title=f"after {upto} actions: round {state.round}, {state.turn.phase.value}, seat {seat} "
        f"to move ({len(legal)} legal actions)"
    )
    for col in ("rank", "move", "value ($ lead)", "samples", "medium's choice"):
        table.add_column(col)
    for rank, (action, value, samples, proposed) in enumerate(rows, 1):
        table.add_row(str(rank), str(action), f"{value:.1f}", str(samples),
                      "yes" if proposed else "")
    console.print(table)
    console.print(_why_line(view(state, seat), seat, rows, bot, args), markup=False,
                  soft_wrap=True)
    played = record.actions[upto][1] if upto < len(record.actions) else None
    if played is not None:
        console.print(f"played in the game: {played}", markup=False)
    return 0


def _why_line(view: Any, seat: int, rows: Any, bot: Any, args: argparse.Namespace) -> str:
    """The best move, its value and the plan behind it (issue 30 item 6), read from rollouts
    of the seat's view (fcm.bots.explain); the plan in ``--lang``."""
    from fcm.bots.explain import explain, plan_text

    found = explain(view, seat, rows, bot, seed=args.seed)
    if found is None:
        return "no move was read"
    edge = ""
    if found.against is not None and found.edge is not None:
        whose = "medium's choice" if found.against_medium else "the next move"
        edge = f", {found.edge:+.0f} $ over {whose} ({found.against})"
    return (f"best: {found.best} ({found.value:+.0f} $ lead, {found.samples} samples{edge}); "
            f"plan ({found.draws} samples of each): {plan_text(found.reasons, args.lang)}")


def cmd_dataset(args: argparse.Namespace) -> int:
    """Datasets of bot games in Parquet files (fcm.env.dataset; extra: rl)."""
    from rich.progress import Progress

    try:
        from fcm.env.dataset import write_dataset
    except ImportError as exc:
        console.print(f"[red]{escape(str(exc))}[/]")
        return 2
    names = [n for n in args.bots.split(",") if n]
    if not 2 <= len(names) <= 6:
        console.print(f"[red]--bots names one bot per seat (2 to 6), got {len(names)}[/]")
        return 2
    for name in set(names):
        try:
            make_bot(name, 0)
        except ValueError as exc:
            console.print(f"[red]--bots: {exc}[/]")
            return 2
    if args.address and not args.ray:
        console.print("[red]--address names a Ray cluster: use it with --ray[/]")
        return 2
    if args.games_per_file < 1:
        console.print("[red]--games-per-file must be at least 1[/]")
        return 2
    options = _options(args, len(names))  # refuses unknown or clashing --modules by name
    rows = done = 0
    try:
        with Progress(console=console, transient=True) as bar:
            task = bar.add_task(f"{args.games} games", total=args.games)
            for shard in write_dataset(
                names, args.games, args.out, args.seed, options,
                games_per_file=args.games_per_file, jobs=args.jobs,
                ray=args.ray, address=args.address or None,
            ):
                rows += shard["decisions"]
                done += len(shard["rows"])
                bar.advance(task, len(shard["rows"]))
    except ImportError as exc:  # --ray without Ray
        console.print(f"[red]{escape(str(exc))}[/]")
        return 2
    console.print(f"wrote {done} games, {rows} decisions, to {args.out}")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        from fcm.server import run
    except ImportError as exc:  # pragma: no cover - the server extra is always installed here
        need = f"the server needs: pip install 'food-chain-magnate[server]' ({exc})"
        console.print(f"[red]{escape(need)}[/]")
        return 2
    run(args.host, args.port, args.database_url)
    return 0


def _database_url(args: argparse.Namespace) -> str:
    import os

    from fcm.server.config import DEFAULT_DATABASE_URL

    return str(args.database_url or os.environ.get("FCM_DATABASE_URL") or DEFAULT_DATABASE_URL)


def cmd_backup(args: argparse.Namespace) -> int:
    from fcm.server.backup import BackupError, backup

    try:
        version = backup(_database_url(args), args.file)
    except BackupError as exc:
        console.print(str(exc), markup=False, style="red")
        return 2
    console.print(f"backed up to {args.file} (schema {version})")
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    from fcm.server.backup import BackupError, restore

    try:
        version = restore(args.file, _database_url(args), force=args.force)
    except BackupError as exc:
        console.print(str(exc), markup=False, style="red")
        return 2
    console.print(f"restored {args.file} (schema {version}); start the servers")
    return 0


def cmd_admin(args: argparse.Namespace) -> int:
    """Grant or revoke the administrator role (fcm.server.moderation): only from here."""
    import asyncio

    from fcm.server.moderation import admins, set_admin
    from fcm.server.storage import open_store

    async def run() -> int:
        store = open_store(_database_url(args))
        await store.open()  # (migrates the database to the current schema)
        try:
            if args.what == "list":
                for name in await admins(store):
                    console.print(name, markup=False)
                return 0
            if not await set_admin(store, args.name, args.what == "grant"):
                console.print(f"there is no account {args.name!r}", markup=False, style="red")
                return 2
        finally:
            await store.close()
        done = "now" if args.what == "grant" else "no longer"
        console.print(f"{args.name} is {done} an administrator", markup=False)
        return 0

    return asyncio.run(run())


def cmd_verify(args: argparse.Namespace) -> int:
    from fcm.verify import run

    console.print(
        run(args.games, args.seed, args.bots, args.jobs, _modules(args)), markup=False
    )
    return 0


def _load(path: str) -> GameRecord:
    return GameRecord.loads(Path(path).read_text())


def _print_events(events: Sequence[Event], raw: bool = False, lang: str = "en") -> None:
    from fcm.report import event_line

    for e in visible_events(list(events), None):  # public events only
        if raw:
            console.print(f"  {e.kind}: {json.dumps(e.data, separators=(',', ':'))}", markup=False)
        else:
            console.print(f"  {event_line(e, lang=lang)}", markup=False)


def _lang(value: str) -> str:
    """``--lang``: one of the languages the catalogs hold (``de``, ``zh-Hans``; ``zh`` too)."""
    from fcm.i18n import normalise

    lang = normalise(value)
    if lang == "en" and not value.lower().startswith("en"):
        raise argparse.ArgumentTypeError(f"no catalog for {value!r}: use one of {_LOCALES}")
    return lang


_LOCALES = "en, de, es, fr, zh-Hans"


def cmd_replay(args: argparse.Namespace) -> int:
    from fcm.i18n import t
    from fcm.report import dinnertime_report

    lang = args.lang
    record = _load(args.file)
    state, events = record.initial_state()
    if args.log:
        _print_events(events, args.raw, lang)
    wanted = args.dinnertime
    dinners: dict[int, list[Event]] = {}  # round -> the public events of its Dinnertime
    collecting: int | None = None
    for i, after, events in record.steps(check=args.verify, start=state):
        state = after
        if args.log:
            console.print(f"#{i} seat {record.actions[i][0]}: {record.actions[i][1]}", markup=False)
            _print_events(events, args.raw, lang)
        for e in events:
            if e.kind == "phase_started":
                dinner_round = e.data["round"] if e.data["phase"] == "dinnertime" else None
                in_scope = wanted == "all" or str(dinner_round) == wanted
                collecting = dinner_round if dinner_round is not None and in_scope else None
            elif collecting is not None and e.visible_to is None:
                dinners.setdefault(collecting, []).append(e)
    for round_ in sorted(dinners):
        console.print(dinnertime_report(dinners[round_], lang=lang) + "\n", markup=False)
    if wanted is not None and not dinners:
        console.print(t("cli.replay.no_dinnertime", lang, round=wanted), markup=False)
    h = state.state_hash()
    console.print(t("cli.replay.done", lang, count=len(record.actions), round=state.round,
                    phase=t(f"phase.{state.turn.phase.value}", lang), hash=h), markup=False)
    if record.final_hash is not None:
        if record.final_hash != h:
            console.print("[red]" + t("cli.replay.mismatch", lang, hash=record.final_hash)
                          + "[/]")
            return 1
        console.print("[green]" + t("cli.replay.hash_ok", lang) + "[/]")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    record = _load(args.file)
    state = record.initial_state()[0]
    upto = len(record.actions) if args.at is None else args.at
    for i, after, _ in record.steps(check=False, start=state):
        state = after
        if i + 1 >= upto:
            break
    console.print(render_position(state), markup=False)
    console.print(render_companies(state), markup=False)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="fcm", description="Food Chain Magnate")
    sub = parser.add_subparsers(dest="command", required=True)

    def game_opts(p: argparse.ArgumentParser) -> None:
        # 6 with the Six Players module (its ruleset's setups decide: refused otherwise)
        p.add_argument("--players", type=int, default=4, choices=range(2, 7))
        p.add_argument("--seed", type=int, default=1)
        p.add_argument("--intro", action="store_true", help="introductory game")
        p.add_argument("--milestones", action="store_true", help="milestones in the intro game")
        modules_opt(p)

    def modules_opt(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--modules",
            default="",
            help="expansion modules of The Ketchup Mechanism, comma-separated "
            "(e.g. ketchup,fry_chefs; docs/modules.md)",
        )

    def ray_opts(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--ray", action="store_true", help="spread the games over a Ray cluster (extra: ray)"
        )
        p.add_argument(
            "--address",
            default="",
            help="the Ray cluster to join (HOST:PORT, ray://HOST:10001, auto); default: start "
            "a new local one (never one registered on this machine)",
        )

    p = sub.add_parser("map", help="render a random map")
    game_opts(p)
    p.set_defaults(func=cmd_map)

    def round_cap(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--round-limit",
            type=int,
            default=SIMULATION_ROUND_LIMIT,
            help="simulation cap, not a rule: end a game after this many rounds (0: no cap)",
        )

    p = sub.add_parser("play", help="play a whole game between bots")
    game_opts(p)
    round_cap(p)
    p.add_argument("--bots", default="", help=BOTS_HELP)
    p.add_argument("--save", default="", help="save the game to this file")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("simulate", help="play many bot games and summarise them")
    game_opts(p)
    round_cap(p)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--bots", default="", help=BOTS_HELP + ", one per seat")
    p.add_argument("--jobs", type=int, default=1, help="parallel processes")
    p.add_argument("--out", default="", help="write one JSON line per game here")
    p.add_argument("--save-dir", default="", help="save every game here for fcm replay")
    ray_opts(p)
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser(
        "tournament", help="seat-rotated bot games: win rates, ratings, cash and rounds"
    )
    game_opts(p)
    round_cap(p)
    p.add_argument("--games", type=int, default=200, help="games (rounded up to whole rotations)")
    p.add_argument("--bots", default="", help=BOTS_HELP + ", one per seat (rotated)")
    p.add_argument("--jobs", type=int, default=1, help="parallel processes")
    p.add_argument("--out", default="", help="write one JSON line per game here")
    p.add_argument(
        "--think", type=float, default=None,
        help="hard: a budget in seconds per decision instead of the rollout count",
    )
    p.add_argument(
        "--rollouts", type=int, default=None,
        help="hard: rollouts per decision (deterministic; default 10)",
    )
    p.add_argument(
        "--league", action="store_true",
        help="the league (from a clone's root): --bots (default medium_v1,medium) against the "
        "tuning plans, the held-out plans, earlier bot versions and the exploiter, --games "
        "seat-rotated 2-player games per pairing, tuning and held-out side by side",
    )
    p.add_argument("--opponents", default="", help="--league: these opponents only")
    p.add_argument(
        "--module-sets", default="",
        help="a row per module set: the first bot's win rate against the others with each set "
        "(';' between sets, '+' within one; 'base', 'each': every module alone, 'all')",
    )
    ray_opts(p)
    p.set_defaults(func=cmd_tournament)

    p = sub.add_parser("analyse", help="hard's reading of a position of a saved game")
    p.add_argument("file")
    p.add_argument("--at", type=int, default=None, help="after this many actions")
    p.add_argument("--think", type=float, default=None, help="seconds of search")
    p.add_argument("--rollouts", type=int, default=None, help="rollouts (deterministic)")
    p.add_argument("--seed", type=int, default=1, help="the search's seed")
    p.add_argument("--lang", type=_lang, default="en",
                   help="the plan's language (en, de, es, fr, zh-Hans)")
    p.set_defaults(func=cmd_analyse)

    p = sub.add_parser("dataset", help="bot games as Parquet files of decisions (extra: rl)")
    p.add_argument("--bots", required=True, help="comma-separated bot names, one per seat")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--out", required=True, help="folder for the steps-/games-*.parquet files")
    p.add_argument("--seed", type=int, default=1, help="first seed")
    p.add_argument("--intro", action="store_true", help="introductory game")
    p.add_argument("--milestones", action="store_true", help="milestones in the intro game")
    p.add_argument("--games-per-file", type=int, default=10, help="games per file (one task)")
    p.add_argument("--jobs", type=int, default=1, help="parallel processes")
    modules_opt(p)
    round_cap(p)
    ray_opts(p)
    p.set_defaults(func=cmd_dataset)

    p = sub.add_parser("serve", help="run the game server (web app, HTTP API, WebSocket)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument(
        "--database-url",
        default=None,
        help="sqlite:///PATH or postgresql://USER:PW@HOST/DB "
        "(default: $FCM_DATABASE_URL, else sqlite:///data/fcm.sqlite3)",
    )
    p.set_defaults(func=cmd_serve)

    db_help = ("sqlite:///PATH (PostgreSQL: pg_dump and pg_restore, docs/server.md) "
               "(default: $FCM_DATABASE_URL, else sqlite:///data/fcm.sqlite3)")
    p = sub.add_parser("backup", help="copy the server's SQLite database while it runs")
    p.add_argument("file", help="the backup to write (a new file)")
    p.add_argument("--database-url", default=None, help=db_help)
    p.set_defaults(func=cmd_backup)

    p = sub.add_parser("restore", help="put a backup in place of the server's SQLite database "
                       "(its servers stopped)")
    p.add_argument("file", help="a backup written by fcm backup")
    p.add_argument("--database-url", default=None, help=db_help)
    p.add_argument("--force", action="store_true", help="replace an existing database")
    p.set_defaults(func=cmd_restore)

    p = sub.add_parser("admin", help="grant or revoke a server account's administrator role")
    admin_sub = p.add_subparsers(dest="what", required=True)
    for what, text in (("grant", "make NAME an administrator (moderation)"),
                       ("revoke", "take the role back from NAME"),
                       ("list", "list the administrators")):
        q = admin_sub.add_parser(what, help=text)
        if what != "list":
            q.add_argument("name", help="the account's name")
        q.add_argument("--database-url", default=None,
                       help="sqlite:///PATH or postgresql://USER:PW@HOST/DB "
                       "(default: $FCM_DATABASE_URL, else sqlite:///data/fcm.sqlite3)")
        q.set_defaults(func=cmd_admin)

    p = sub.add_parser(
        "verify", help="play seeded games checking every invariant after every action"
    )
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1, help="first seed")
    p.add_argument("--bots", default="mixed", choices=("mixed", "random", "heuristic"))
    p.add_argument("--jobs", type=int, default=1, help="parallel processes")
    modules_opt(p)
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser("replay", help="replay a saved game")
    p.add_argument("file")
    p.add_argument("--verify", action="store_true", help="validate every action")
    p.add_argument("--log", action="store_true", help="print every action and event")
    p.add_argument("--raw", action="store_true", help="with --log: events as their JSON data")
    p.add_argument(
        "--dinnertime",
        default=None,
        metavar="ROUND",
        help="explain the Dinnertime of this round (or 'all')",
    )
    p.add_argument("--lang", default="en", type=_lang, metavar="LANG",
                   help="the language of the report and the log: " + _LOCALES)
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("show", help="show the position of a saved game")
    p.add_argument("file")
    p.add_argument("--at", type=int, default=None, help="after this many actions")
    p.set_defaults(func=cmd_show)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code: int = args.func(args)
    except FcmError as exc:
        console.print(f"[red]error ({exc.code}):[/] {exc.message}")
        return 2
    except OSError as exc:
        console.print(f"[red]error:[/] {exc}")
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
