"""The ``overlord`` command: thin click commands that parse, call and print. No rules here."""

from __future__ import annotations

import errno
import json
import os
import re
import secrets
import signal
import sys
import textwrap
from pathlib import Path
from typing import Any, NoReturn

import click
from rich.console import Console
from rich.progress import Progress

from overlord import __version__
from overlord.ai.measure import distance, sight
from overlord.ai.movement import TARGET_RULES, VERBS, MoveError, move
from overlord.core import machines
from overlord.core.board import BoardError
from overlord.core.enemies import enemy_policy_problem
from overlord.core.game import RulesError
from overlord.content.errors import ContentError, Problem, nearest
from overlord.content.mapfile import MAX_SPEED, load_map
from overlord.content.paths import (exists, resolve_content, resolve_map, shipped_content, shipped_dir, shipped_maps,
                                    shipped_scenarios, shown)
from overlord.content import validate
from overlord.content.validate import json_schema
from overlord.games import registry
from overlord.session.session import CommandError, Session, hero_ids
from overlord.session.soak import report, table_soak
from overlord.session.store import SaveError, SaveFault
from overlord.sim import check as spec_checks, run
from overlord.sim.compare import compare, render
from overlord.sim.mcts import BudgetError, parse_budget
from overlord.sim.play import SEARCH_BOTS, bot_of
from overlord.sim.plots import PlotError, plot
from overlord.sim.replay import ReplayError, replay
from overlord.sim.soak import soak_game
from overlord.sim.stats import render_table, summarize
from overlord.view.colour import colour_board
from overlord.view.pdf import PdfUnavailable, pdf_bytes
from overlord.view.sheet import numbered
from overlord.view.text import draw
from overlord.view.words import count
from overlord.web import serve


class Coord(click.ParamType):
    name = "X,Y"

    def convert(self, value, param, ctx):
        if isinstance(value, tuple):
            return value
        parts = str(value).replace(" ", "").split(",")
        try:
            x, y = (int(p) for p in parts)
        except ValueError:
            self.fail(f"{value!r} is not a coordinate X,Y (two whole numbers, e.g. 3,4)", param, ctx)
        if x < 0 or y < 0:
            self.fail(f"{value!r}: coordinates start at 0", param, ctx)
        return (x, y)


COORD = Coord()
# the ranges of the numbers the commands take (ours): past them a run would never end or would
# fork or allocate without bound, so they are usage errors (exit 2) like any bad argument
SEED = click.IntRange(0, 2**63 - 1)
GAMES = click.IntRange(1, 1_000_000)
JOBS = click.IntRange(1, 256)
ROUNDS = click.IntRange(1, 10_000)


def _fail(message: str, code: int = 1, prefix: bool = True) -> NoReturn:
    """Print a one-line (or one line per problem) message and exit; content problems already
    start with FILE:LINE:COL and get no prefix."""
    click.echo(f"overlord: {message}" if prefix else message, err=True)
    sys.exit(code)


WRITE_FAULTS = {errno.ENOSPC, errno.EROFS, errno.EIO, errno.EDQUOT, errno.EFBIG, errno.EPIPE}


def _quiet_stdout() -> None:
    """Standard output, once it cannot be written, goes nowhere: Python's own flush at exit would
    otherwise add a second message."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        pass
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):   # no real file behind it (a test's runner)
        pass


def _open_map(arg: str):
    path = resolve_map(arg)
    try:
        return load_map(path)
    except ContentError as e:
        message = str(e)
        if not exists(path) and path.suffix not in (".yaml", ".yml") and "/" not in arg:
            message += f", nor the name of a shipped map{nearest(arg, shipped_maps())} (see `overlord maps`)"
        _fail(message, prefix=False)


def _node(mf, text: str, option: str, other: str = ""):
    """The node of a space named on the command line: X,Y, or the id of a tile or field."""
    board = mf.board
    try:
        return board.node_of(text)
    except BoardError as e:
        error = f"{text!r}: {e}"
    try:
        xy = COORD.convert(text, None, None)
    except click.BadParameter as e:
        if "," in text or board.kind in ("grid", "hex"):
            error = e.message
        _fail(f"{option} {error}{other}", 2)
    try:
        return board.node_of(list(xy))
    except BoardError as e:
        _fail(f"{option} {xy[0]},{xy[1]}: {e}", 2)


SECTIONS = {
    "For players": ["scenarios", "play", "resume", "serve", "print", "games", "move", "los", "distance"],
    "For authors": ["validate", "schema", "deck", "simulate", "maps", "diagram"],
    "For testers": ["compare", "replay", "soak"],
}


class Sections(click.Group):
    """``overlord --help`` lists the commands in groups: for players, authors and testers. A file
    or the output that cannot be written (a full disk, a read-only folder, a closed pipe) ends any
    command in one line, exit 1, never a traceback; ctrl-C ends it quietly, exit 130 (the table's
    loop takes its own: ``_Interrupts``)."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:           # ctrl-C outside the table's loop (a game loading, a simulate)
            click.echo("", err=True)
            sys.exit(130)
        except BrokenPipeError:             # `overlord scenarios | head -1`: the reader has what it wanted
            _quiet_stdout()
            sys.exit(1)
        except OSError as e:
            _quiet_stdout()
            reason = (e.strerror or str(e)).lower()
            if e.filename:
                _fail(f"cannot write {shown(Path(e.filename))}: {reason}" if e.errno in WRITE_FAULTS
                      else f"{shown(Path(e.filename))}: {reason}")
            _fail(f"cannot write the output: {reason}" if e.errno in WRITE_FAULTS else reason)

    def list_commands(self, ctx):
        listed = [name for names in SECTIONS.values() for name in names]
        return listed + sorted(set(self.commands) - set(listed))

    def format_commands(self, ctx, formatter):
        listed: set[str] = set()
        for title, names in [*SECTIONS.items(), ("Other commands", sorted(set(self.commands) - {
                n for section in SECTIONS.values() for n in section}))]:
            rows = [(n, self.commands[n].get_short_help_str(200)) for n in names
                    if n in self.commands and n not in listed]
            listed.update(n for n, _ in rows)
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)


@click.group(cls=Sections, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="overlord")
def main():
    """Overlord plays the enemy side of cooperative dungeon board games, so that everybody at the
    table can be a hero.

    Start with `overlord scenarios`, then `overlord play SCENARIO --heroes A,B --save game.db`;
    `overlord resume game.db` goes on. `overlord COMMAND --help` tells more.
    SCENARIO is a shipped scenario's name or the path of a scenario file; MAP a map file or
    the name of a shipped map (`overlord maps`).
    """


@main.command("maps")
def maps_cmd():
    """List the shipped example maps."""
    for name, path in shipped_maps().items():
        click.echo(f"{name:28} {path}")


@main.command("games")
def games_cmd():
    """List the registered games, a line each."""
    for name, rules in registry.games().items():
        click.echo(f"{name:12} {rules.title}: {rules.summary}")


def _counts(counts) -> str:
    counts = sorted(counts)
    if len(counts) > 1 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]}"
    return ", ".join(map(str, counts))


@main.command("scenarios")
def scenarios_cmd():
    """List the shipped scenarios: game, hero counts and the heroes that can be named."""
    names = shipped_scenarios()
    width = max([17, *map(len, names)])
    for name in names:
        rules, content, _ = _scenario(name)
        info = rules.info(content)
        click.echo(f"{name:{width}} {rules.name:12} {_counts(info.hero_counts) + ' heroes':11} {info.name}")
        heroes = ", ".join(f"{h} ({info.hero_names[h]})" if info.hero_names.get(h, h).lower() != h else h
                           for h in info.heroes)
        text = f"heroes: {heroes}" + (f"; {info.other_heroes}" if info.other_heroes else "")
        for line in textwrap.wrap(_unbroken_names(text), 100 - width - 1, break_on_hyphens=False):
            click.echo(f"{'':{width}} {line.replace(NBSP, ' ')}")
    click.echo("Start one with `overlord play NAME --heroes A,B`; a scenario file of your own is played by its path.")


NBSP = "\u00a0"


def _unbroken_names(text: str) -> str:
    """A hero's name in brackets kept on one line when the list is wrapped ("(Widow Tarha)")."""
    return re.sub(r"\([^)]*\)", lambda m: m.group(0).replace(" ", NBSP), text)


def _scenario(scenario: str) -> tuple[Any, Any, Path]:
    """(rules, content, absolute path) of a scenario (a path or a shipped scenario's name); exits
    with its problems (FILE:LINE:COL) when it does not load."""
    try:
        return registry.open_scenario(scenario)
    except ContentError as e:
        _fail(str(e), prefix=False)
    except registry.UnknownGame as e:
        _fail(str(e))


@main.command("move")
@click.argument("map_arg", metavar="MAP")
@click.option("--figure", "fid", required=True, help="Id of the figure that moves.")
@click.option("--verb", type=click.Choice(VERBS), required=True, help="Movement word from the rulebook.")
@click.option("--target", default="closest", show_default=True,
              help="A figure id, a space X,Y, or closest / furthest (among the figure's enemies).")
@click.option("--speed", type=click.IntRange(0, MAX_SPEED), default=None, help="Movement points (default: the figure's speed).")
@click.option("--exit", "exit_xy", metavar="X,Y", default=None, help="The current encounter's exit (for leave-pit).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object instead of a picture.")
def move_cmd(map_arg, fid, verb, target, speed, exit_xy, as_json):
    """Where a figure goes for one movement word: toward, away, engage, spot, leave-pit."""
    mf = _open_map(map_arg)
    scene = mf.scene
    if fid not in scene.figures:
        _fail(f"--figure {fid!r}: no such figure in {mf.file} (known: {', '.join(scene.figures) or 'none'})", 2)
    if target not in TARGET_RULES and target not in scene.figures:
        if "," not in target and scene.board.kind in ("grid", "hex"):
            _fail(f"--target {target!r}: not a figure ({', '.join(scene.figures)}), a space X,Y, or one of "
                  f"{', '.join(TARGET_RULES)}", 2)
        target = scene.board.label(_node(mf, target, "--target", f"; nor a figure ({', '.join(scene.figures)}) "
                                                               f"or one of {', '.join(TARGET_RULES)}"))
    exit_at = None
    if exit_xy is not None:
        exit_at = scene.board.label(_node(mf, exit_xy, "--exit"))
    try:
        result = move(scene, fid, verb, target, speed, exit_at)
    except MoveError as e:                      # what the map holds refuses it: at the figure's line
        line, col = mf.lines.get(fid, (None, None))
        _fail(str(Problem(mf.file, line, col, str(e))), prefix=False)
    if as_json:
        click.echo(json.dumps(result.to_json()))
        return
    board = scene.board
    f = scene.figures[fid]
    target_text = result.target or "-"
    if result.target_ties:
        target_text += f" (tied with {', '.join(result.target_ties)}: the heroes may choose)"
    click.echo(f"{fid} ({f.side}, speed {speed if speed is not None else f.speed}) {verb} {target_text}")
    click.echo(f"  {'performed' if result.performed else 'not performed'}: {result.reason}")
    if result.performed:
        click.echo(f"  path: {' -> '.join(_fmt(p) for p in result.path)}  ({result.mp} MP)")
        click.echo(f"  ends at {_fmt(result.end)}" + (f" as {result.size[0]}x{result.size[1]}" if f.large else ""))
    if result.ties:
        click.echo(f"  equally good: {'; '.join(_fmt(t) for t in result.ties)} (the heroes may choose)")
    for d in result.decisions:
        click.echo(f"  why: {d.explain()}")
    path_nodes = [board.node_of(p) for p in result.path] if result.performed else None
    end_cells = board.footprint(board.node_of(result.end), tuple(result.size))
    click.echo(draw(scene, path_nodes, moved=(fid, list(end_cells))))


def _fmt(at) -> str:
    return f"{at[0]},{at[1]}" if isinstance(at, list) else str(at)


@main.command("los")
@click.argument("map_arg", metavar="MAP")
@click.option("--from", "a", metavar="X,Y", required=True, help="A space X,Y (on tiles and routes also its id).")
@click.option("--to", "b", metavar="X,Y", required=True, help="A space X,Y (on tiles and routes also its id).")
@click.option("--json", "as_json", is_flag=True)
def los_cmd(map_arg, a, b, as_json):
    """Whether two spaces see each other (figures between them block)."""
    mf = _open_map(map_arg)
    na, nb = _node(mf, a, "--from"), _node(mf, b, "--to")
    scene = mf.scene
    seen = sight(scene, na, nb)
    if as_json:
        click.echo(json.dumps({"los": seen}))
        return
    click.echo(f"{mf.board.label(na)} {'sees' if seen else 'does not see'} {mf.board.label(nb)}")
    click.echo(draw(scene, marks={na: "1", nb: "2"}))


@main.command("distance")
@click.argument("map_arg", metavar="MAP")
@click.option("--from", "a", metavar="X,Y", required=True, help="A space X,Y (on tiles and routes also its id).")
@click.option("--to", "b", metavar="X,Y", required=True, help="A space X,Y (on tiles and routes also its id).")
@click.option("--side", type=click.Choice(["heroes", "monsters"]), default=None,
              help="Who moves (default: the figure on FROM, else a monster). Its enemies block movement.")
@click.option("--json", "as_json", is_flag=True)
def distance_cmd(map_arg, a, b, side, as_json):
    """Spaces counted and movement points between two spaces.

    Movement points are for a figure of unbounded speed: enemy figures cannot be passed (the
    figures on FROM and TO themselves are ignored), monsters avoid damaging terrain."""
    mf = _open_map(map_arg)
    scene = mf.scene
    na, nb = _node(mf, a, "--from"), _node(mf, b, "--to")
    measured = distance(scene, na, nb, side)
    if as_json:
        click.echo(json.dumps(measured.to_json()))
        return
    click.echo(f"{mf.board.label(na)} to {mf.board.label(nb)}: "
               f"{measured.spaces if measured.spaces is not None else 'no chain of'} spaces counted, "
               f"{measured.mp if measured.mp is not None else 'unreachable by'} movement points ({measured.side})")
    click.echo(draw(scene, measured.path))


@main.command("validate")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
def validate_cmd(paths):
    """Check content files (default: everything shipped in decks/ and scenarios/). PATHS are files,
    folders or shipped names: a scenario, a deck folder (underworld) or a deck file (underworld-tiles).

    Every problem is printed on standard output as FILE:LINE:COL: message, then how many problems
    in how many of the files checked (those given, and the files a scenario among them names);
    exit 0 when clean, 1 when not."""
    registry.games()                                   # every game's content kinds registered
    paths = [resolve_content(str(p)) for p in paths] or [shipped_dir("decks"), shipped_dir("scenarios")]
    missing = [p for p in paths if not exists(p)]
    for p in missing:
        click.echo(f"{shown(p)}: no such file or folder, nor a shipped name{nearest(str(p), shipped_content())}", err=True)
    checked = validate.check_paths([p for p in paths if exists(p)])
    for problem in checked.problems:
        click.echo(str(problem))
    click.echo(validate_summary(len(checked.problems) + len(missing), checked.with_problems + len(missing),
                                len(checked.given) + len(missing), len(checked.named)))
    if checked.problems or missing:
        sys.exit(1)


def validate_summary(problems: int, bad: int, given: int, named: int) -> str:
    """The last line of ``overlord validate``: "2 problems in 2 of 6 files checked (1 given and the
    5 it names)", "6 files checked: no problems"; each file counted once, so a file with a problem
    is always one of those checked."""
    files = given + named
    also = ""
    if named:
        also = f" ({given} given and the {named} {'it names' if given == 1 else 'they name'})"
    if not problems:
        return f"{_n(files, 'file')} checked{also}: no problems"
    return f"{_n(problems, 'problem')} in {bad} of {_n(files, 'file')} checked{also}"


def _n(count: int, noun: str) -> str:
    """"1 file", "2 files"."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


@main.command("check")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="One JSON object instead of text.")
@click.option("--junit", "junit_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also write JUnit XML to this file (for CI servers).")
@click.option("--quiet", "-q", is_flag=True, help="Show only the specs that do not pass, and the count.")
def check_cmd(paths, as_json, junit_path, quiet):
    """Run behaviour specs: set a situation up, give the enemy an instruction, compare its answer
    with every answer the rules accept. PATHS: spec files or folders (default: the shipped suite,
    scenarios/specs).

    Prints PASS or FAIL a spec (a failure shows the enemy's answer, its comparison key and its
    ties beside what was expected); exit 0 when every spec passes, 1 when not."""
    report = spec_checks.check_paths([Path(p) for p in paths] or [shipped_dir("scenarios") / "specs"])
    if junit_path is not None:
        try:
            junit_path.write_text(spec_checks.junit(report), encoding="utf-8")
        except OSError as e:
            _fail(f"--junit {junit_path}: {e.strerror}")
    click.echo(json.dumps(report.to_json(), sort_keys=True) if as_json else spec_checks.render(report, quiet))
    sys.exit(0 if report.ok and report.results else 1)


@main.command("schema")
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write to this file instead of standard output.")
def schema_cmd(output):
    """Write the JSON Schema of the content formats (for editors that complete and check YAML)."""
    registry.games()                                   # every game's content kinds registered
    text = json.dumps(json_schema(), indent=2, sort_keys=True)
    if output is None:
        click.echo(text)
        return
    try:
        output.write_text(text + "\n", encoding="utf-8")
    except OSError as e:
        _fail(f"--output {shown(output)}: {(e.strerror or str(e)).lower()}")
    click.echo(f"wrote {output}")


@main.command("diagram")
@click.argument("name", required=False)
@click.option("--list", "list_only", is_flag=True, help="List the machines' names and titles instead.")
def diagram_cmd(name, list_only):
    """Print a state machine as Mermaid stateDiagram-v2 text (default: every machine).

    The shipped drawings are this output, e.g. `overlord diagram round > docs/machines/round.mmd`."""
    registry.games()                                   # every game's machines registered
    if list_only:
        for n in machines.names():
            click.echo(f"{n:16} {machines.get(n).title}")
        return
    if name is not None:
        try:
            click.echo(machines.mermaid(name), nl=False)
        except machines.UnknownMachine as e:
            _fail(str(e), 2)
        return
    click.echo("\n".join(f"%% {n}\n{machines.mermaid(n)}" for n in machines.names()), nl=False)


# -- overlord print (issue 42): sheets of what the program's content stands for ----------------------
@main.command("print")
@click.argument("scenario")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None, metavar="FILE",
              help="FILE.pdf: one PDF, a page a sheet; FILE.svg: an SVG a sheet (FILE-1.svg, FILE-2.svg...; "
                   "FILE.svg alone when there is one sheet). Default: SCENARIO.pdf in the current folder.")
@click.option("--heroes", default=None, metavar="A,B",
              help="The heroes of your game (their sheets, and the tiles and cards of a game of that many); "
                   "default: every hero the scenario names.")
@click.option("--unit", type=float, default=None, metavar="MM",
              help="The size on paper, in millimetres, of what the game's sheets are measured by (a square, a "
                   "tile, a hex, a region map: `overlord print` says which, and its size, ours); give your box's.")
def print_cmd(scenario, output, heroes, unit):
    """Sheets to print of our maps, tiles and cards, to lay on the table (PDF or SVG).

    What the program's content stands for where the box prints it otherwise: our maps with their
    ids, our tiles and their exits to cut out, the cards the players hold with our numbers.
    Print at 100 % (actual size, never "fit to page") and check that each sheet's bar is 5 cm."""
    if unit is not None and not (0 < unit < 10_000):
        _fail(f"--unit {unit:g}: a size in millimetres is a positive number (and less than 10 m)", 2)
    target = output or Path(f"{Path(scenario).stem}.pdf")
    if target.suffix.lower() not in (".pdf", ".svg"):
        _fail(f"-o {target}: the file is FILE.pdf or FILE.svg, not {target.suffix or 'a name without a suffix'}", 2)
    rules, content, _ = _scenario(scenario)
    info = rules.info(content)
    party, _told = hero_ids(info, heroes.split(",")) if heroes else (rules.party(content, max(info.hero_counts), 0), [])
    try:
        printed = rules.table(rules.new_match(content, party, 0)).printout(unit, party if heroes else None)
    except RulesError as e:
        _fail(str(e))
    except ValueError as e:
        _fail(f"--unit {unit:g}: too large for A4 paper ({e})" if unit else str(e))
    if printed is None:
        _fail(f"{info.name} has nothing to print: the box's own components are used")
    sheets = numbered(printed.pages)
    if target.suffix.lower() == ".pdf":
        try:
            files = {target: pdf_bytes(sheets)}
        except PdfUnavailable as e:
            _fail(f"writing a PDF needs the cairo library ({e}): install it (Debian: apt install libcairo2), "
                  f"or write SVG with -o {target.with_suffix('.svg')}")
    else:
        names = [target] if len(sheets) == 1 else [target.with_name(f"{target.stem}-{i}{target.suffix}")
                                                   for i in range(1, len(sheets) + 1)]
        files = {n: page.encode() for n, page in zip(names, sheets)}
    _write_all(files)
    written = target if len(files) == 1 else f"{min(files)} to {max(files, key=lambda n: (len(str(n)), str(n)))}"
    click.echo(f"{info.name}: {count(len(sheets), 'sheet')} written to {written}")
    for line in printed.holds:
        click.echo(f"  - {line}")
    click.echo(f"Scale: {printed.measure} is {printed.measure_mm:g} mm (ours; --unit MM for your box's). Print at "
               "100 % (actual size, not \"fit to page\") and check that the bar on each sheet is 5 cm.")


def _write_all(files: dict[Path, bytes]) -> None:
    """Write every file or none: each to a temporary name beside it, renamed when all are written."""
    done: list[Path] = []
    path = next(iter(files))
    try:
        for path, data in files.items():
            part = path.with_name(f".{path.name}.part")
            done.append(part)
            part.write_bytes(data)
        for path, part in zip(files, done):
            part.replace(path)
    except OSError as e:
        for part in done:
            part.unlink(missing_ok=True)
        _fail(f"{path}: cannot write it ({e.strerror or e})")


@main.command("deck")
@click.argument("scenario")
@click.argument("deck")
@click.option("--seed", type=SEED, required=True, help="The game's seed.")
@click.option("--heroes", type=click.IntRange(1, 6), default=None, help="Number of heroes.")
@click.option("--json", "as_json", is_flag=True)
def deck_cmd(scenario, deck, seed, heroes, as_json):
    """The order a deck would be drawn in for a seed (the top card first). DECK: one of the
    scenario's decks (a Descent quest: exploration, activation, peril)."""
    rules, content, path = _scenario(scenario)
    decks = rules.decks(content)
    info = rules.info(content)
    if deck not in decks:
        _fail(f"DECK: {deck!r} is not one of {', '.join(decks) or 'the decks of ' + info.name + ' (it has none)'}", 2)
    if heroes is not None and heroes not in info.hero_counts:
        _fail(f"--heroes {heroes}: {info.name} is for {', '.join(map(str, info.hero_counts))} heroes", 2)
    shown = decks[deck](seed, heroes or info.hero_counts[0])
    names = shown.pop("names", {})
    before, after = shown.pop("text_before", []), shown.pop("text_after", [])
    out = {"scenario": info.id, "deck": deck, "seed": seed, **shown}
    if as_json:
        click.echo(json.dumps(out))
        return
    click.echo(f"{info.name}: {deck} deck for seed {seed}, top card first")
    for line in before:
        click.echo(line)
    for i, card in enumerate(out["order"], start=1):
        click.echo(f"  {i:2}. {card:24} {names.get(card, '')}")
    for line in after:
        click.echo(line)


def _table_loop(session, first, as_json):
    """Read commands (a prompt on a terminal, else one per line) and answer each; the save is
    closed (its lock released) when the loop ends, however it ends - told whether the last
    answer was shown, so that ``resume`` shows one that was not."""
    shown = False
    try:
        shown = _commands(session, first, as_json)
    finally:
        session.close(shown)


class _Interrupts:
    """ctrl-C while a command runs and its answer is shown: the command finishes, its answer is
    shown, and then the table ends as a ctrl-C at the prompt ends it ("bye", exit 0) - never a
    command saved but not shown. A second ctrl-C stops at once (``KeyboardInterrupt``)."""

    def __enter__(self):
        self.pressed = False
        try:
            self.before = signal.signal(signal.SIGINT, self._press)
        except ValueError:                  # not the main thread: ctrl-C is not ours to take
            self.before = None
        return self

    def _press(self, *_):
        if self.pressed:
            raise KeyboardInterrupt
        self.pressed = True

    def __exit__(self, *_):
        if self.before is not None:
            signal.signal(signal.SIGINT, self.before)
        return False


def _commands(session, first, as_json) -> bool:
    """The table's loop; True when it ended with every answer shown."""
    interactive = sys.stdin.isatty() and not as_json
    console = None
    if interactive:
        console = Console(highlight=False)

    def show(reply):
        if as_json:
            click.echo(session.reply_json(reply))
        elif console is not None and reply.command.split()[:1] == ["map"]:
            console.print(colour_board("\n".join(reply.lines)), end="")
        else:
            for line in reply.lines:
                click.echo(line)

    show(first)
    if interactive:
        _completion(session)
    while True:
        try:
            line = input(session.prompt()) if interactive else _read_line()
        except EOFError:
            break
        except UnicodeDecodeError:          # a terminal under a strict locale: refused below
            line = "\udcff"
        except KeyboardInterrupt:
            click.echo("")
            show(session.execute("quit"))
            break
        if line is None:
            break
        line = line.strip()
        try:
            with _Interrupts() as interrupts:
                reply = session.execute(line)
                if not interactive and line and not as_json:
                    click.echo(f"> {reply.command}")
                show(reply)
        except KeyboardInterrupt:           # pressed twice: the answer may not have been shown
            click.echo("")
            show(session.execute("quit"))
            return False
        if line.split()[:1] == ["quit"]:
            break
        if interrupts.pressed:
            click.echo("")
            show(session.execute("quit"))
            break
    return True


def _read_line() -> str | None:
    """One line of standard input (None at its end), read as bytes and decoded here so that bytes
    that are not UTF-8 never raise, whatever the locale: they come as surrogate escapes, which the
    session refuses in one line."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        text = sys.stdin.readline()
        return text if text else None
    raw = stream.readline()
    return raw.decode("utf-8", "surrogateescape") if raw else None


def _completion(session):
    try:
        import readline  # lazy: readline, optional (not on every platform)
    except ImportError:  # pragma: no cover - no readline on this platform
        return

    def complete(text, state):
        hits = [w for w in session.words() if w.startswith(text)]
        return hits[state] if state < len(hits) else None
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")


@main.command("play")
@click.argument("scenario")
@click.option("--heroes", "heroes", required=True, multiple=True,
              help="The heroes: --heroes leoric,tarha or --heroes leoric --heroes tarha; a hero's name in the box "
                   "works too, quoted where it has spaces: --heroes \"Widow Tarha,Leoric of the Book\".")
@click.option("--seed", type=SEED, default=None, help="The game's seed (default: a fresh one).")
@click.option("--save", "save_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="SQLite save file: every command is saved before its result is shown.")
@click.option("--dice", type=click.Choice(["players", "program"]), default="players", show_default=True,
              help="Who rolls the heroes' dice: the players, who type the faces when the program asks "
                   "(`dice 4 2`), or the program. The enemy's dice are the program's either way.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per step.")
def play_cmd(scenario, heroes, seed, save_path, dice, as_json):
    """Play SCENARIO at the table: you move the heroes, the program runs the enemy.

    SCENARIO is the name of a shipped scenario (`overlord scenarios` lists them and their heroes)
    or the path of a scenario file, such as a quest of your own in a folder of its own.
    With --save, every command is saved before its result is shown; `overlord resume FILE`
    continues the game from any folder."""
    names = [h.strip() for value in heroes for h in value.split(",") if h.strip()]
    if seed is None:
        seed = secrets.randbelow(2**31)
    opened = _scenario(scenario)
    try:
        session, first = Session.start(*opened, names, seed, save_path, dice)
    except SaveFault as e:                 # the disk's fault, not a mistake in the command
        _fail(str(e))
    except (CommandError, SaveError) as e:
        _fail(str(e), 2)
    _table_loop(session, first, as_json)


@main.command("resume")
@click.argument("save_path", type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="One JSON object per step.")
@click.option("--yes", "-y", "go_on", is_flag=True,
              help="Go on without asking when the scenario's files changed since the game was saved.")
def resume_cmd(save_path, as_json, go_on):
    """Continue a saved game exactly where it stopped, from any folder (the save knows where its
    scenario is). When the scenario's files changed since, it says which and asks before going on
    (without a terminal to ask on: --yes goes on)."""
    session, first = _resume(save_path, go_on, "resume")
    _table_loop(session, first, as_json)


def _resume(save_path: Path, go_on: bool, command: str) -> tuple[Session, Any]:
    """The session of a save, or exit with one line; when the scenario's files changed since the
    game was saved, ask before going on (``--yes``: go on; no terminal to ask on: stop)."""

    def confirm(warning: str) -> bool:
        click.echo(f"overlord: {warning}", err=True)
        if go_on:
            return True
        if not sys.stdin.isatty():
            click.echo(f"overlord: not resumed: `overlord {command} --yes FILE` goes on all the same", err=True)
            sys.exit(1)
        return click.confirm("Go on with the content as it is now?", default=False, err=True)
    try:
        return Session.resume(save_path, registry.open_scenario, confirm)
    except ContentError as e:
        _fail(str(e), prefix=False)
    except (SaveError, registry.UnknownGame) as e:
        _fail(str(e))


@main.command("serve")
@click.argument("target", metavar="SAVE_OR_SCENARIO")
@click.option("--heroes", "heroes", multiple=True,
              help="A new game's heroes, as `play` takes them: --heroes leoric,tarha (not for a save).")
@click.option("--seed", type=SEED, default=None, help="A new game's seed (default: a fresh one).")
@click.option("--save", "save_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="A new game's save file (default: SCENARIO-SEED.db in this folder).")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="The port to listen on (0: any free one).")
@click.option("--lan", is_flag=True,
              help="Let the other devices on this network join (with a join token, printed with a QR code); "
                   "without it only this machine can open the page.")
@click.option("--dice", type=click.Choice(["players", "program"]), default=None,
              help="Who rolls a new game's heroes' dice: the players (the default: they type the faces when "
                   "the page asks) or the program.")
@click.option("--yes", "-y", "go_on", is_flag=True,
              help="Go on without asking when a save's scenario files changed since it was saved.")
def serve_cmd(target, heroes, seed, save_path, port, lan, dice, go_on):
    """Play at the table in a browser: the board as a picture, the enemy's turn explained, on every
    device at the table at once.

    SAVE_OR_SCENARIO is a save file (a game goes on where it stopped) or a scenario, as `play`
    takes it, with --heroes for the new game. The server prints the address to open; every page
    open on it sees each change at once. It is the same table as `play`: the same save, undo and
    commands, so `overlord resume FILE` goes on in the terminal later."""
    path = Path(target)
    names = [h.strip() for value in heroes for h in value.split(",") if h.strip()]
    saved = serve.is_save(path)
    if saved and (names or seed is not None or save_path is not None or dice is not None):
        _fail(f"{target} is a save: it knows its heroes, seed, dice and file (--heroes, --seed, --dice and "
              "--save are for a new game)", 2)
    if not saved and path.suffix in (".db", ".sqlite", ".save") and not path.exists():
        _fail(f"{target}: no such save (a save is the file `--save FILE` wrote; a new game names a "
              "scenario: `overlord scenarios` lists them)")
    if not saved and not names:
        _fail(f"a new game of {target} needs its heroes: overlord serve {target} --heroes A,B "
              "(`overlord scenarios` lists each scenario's)", 2)
    opened = None if saved else _scenario(target)
    try:
        sock = serve.listen(port, lan)          # before the game opens: a port in use leaves no new save
    except serve.ServeError as e:
        _fail(str(e))
    try:
        if opened is None:
            session, opening = _resume(path, go_on, "serve")
        else:
            seed = secrets.randbelow(2**31) if seed is None else seed
            if save_path is None:
                save_path = serve.default_save(opened[0].info(opened[1]).id, seed)
            try:
                session, opening = Session.start(*opened, names, seed, save_path, dice or "players")
            except (CommandError, SaveError) as e:
                _fail(str(e), 2)
    except SystemExit:
        sock.close()
        raise
    serve.run(serve.hub_for(session, opening), sock, lan, click.echo)


@main.command("simulate")
@click.argument("scenario")
@click.option("--games", type=GAMES, default=100, show_default=True, help="Games per hero count.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Master seed.")
@click.option("--heroes", "heroes", default="3", show_default=True,
              help="Hero counts, e.g. 3 or 2,3,4.")
@click.option("--bot", default="heuristic", show_default=True,
              help="The heroes' bot: heuristic, random, mcts (the search bot), or module:function.")
@click.option("--budget", default=None, metavar="N|Nms",
              help="The mcts bot's budget a decision: N simulations, or N milliseconds (e.g. 50ms); default 64.")
@click.option("--jobs", type=JOBS, default=1, show_default=True, help="Worker processes.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object instead of a table.")
@click.option("--log", "log_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Write one JSON-lines log per game into this folder.")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write PNG charts (needs the 'plot' extra).")
@click.option("--max-rounds", type=ROUNDS, default=None,
              help="Stop a game after this many rounds (default: the scenario's max_rounds, else 40).")
@click.option("--backend", type=click.Choice(["local", "dask"]), default="local", show_default=True,
              help="local: a process pool; dask: a Dask cluster (pip install '.[dask]').")
@click.option("--scheduler", default=None, help="Dask scheduler address (default: a local cluster).")
def simulate_cmd(scenario, games, seed, heroes, bot, budget, jobs, as_json, log_dir, plot_path, max_rounds,
                 backend, scheduler):
    """Play many headless games of SCENARIO with hero bots and summarize them."""
    try:
        counts = sorted({int(h) for h in heroes.replace(" ", "").split(",") if h})
    except ValueError:
        _fail(f"--heroes {heroes!r}: give hero counts like 3 or 2,3,4", 2)
    rules, content, path = _scenario(scenario)
    info = rules.info(content)
    scenario_id, scenario_name, allowed = info.id, info.name, list(info.hero_counts)
    if max_rounds is None:
        max_rounds = info.max_rounds
    _check_budget(budget, [bot])
    try:
        bot_of(rules, bot, budget)
    except ValueError as e:
        _fail(f"--bot: {e}", 2)
    bad = [h for h in counts if h not in allowed]
    if bad or not counts:
        _fail(f"--heroes {heroes}: {scenario_name} is for {', '.join(map(str, allowed))} heroes", 2)
    if log_dir is not None:
        _writable_folder(log_dir, "--log")
    total = games * len(counts)
    progress = None
    bar = None
    if sys.stderr.isatty() and not as_json:
        bar = Progress(transient=True)
        bar.start()
        task = bar.add_task(f"{scenario_name}", total=total)
        progress = lambda _record: bar.advance(task)  # noqa: E731 - a one-line callback
    try:
        records = run.simulate(str(path), games, seed, counts, bot, jobs,
                               str(log_dir) if log_dir else None, progress, max_rounds, backend, scheduler,
                               budget=budget)
    except run.BackendError as e:
        _fail(str(e))
    except OSError as e:                    # a log that cannot be written mid-run (a disk filled up)
        _fail(f"--log {shown(log_dir)}: cannot write {Path(e.filename or '?').name}: {(e.strerror or str(e)).lower()}; "
              "the logs of the games before it are whole")
    finally:
        if bar is not None:
            bar.stop()
    summary = summarize(records)
    cpu = summary.pop("cpu_seconds", None)       # timing varies run to run: not part of the result
    if cpu and cpu.get("total") is not None and sys.stderr.isatty():
        click.echo(f"({len(records)} games, {cpu['total']:.1f} CPU seconds)", err=True)
    summary["scenario"] = scenario_id
    summary["bot"] = bot
    summary["seed"] = seed
    search = _search_summary(records)
    if search:
        summary["search"] = search
    if plot_path is not None:
        try:
            plot(summary, records, plot_path)
        except PlotError as e:
            _fail(str(e))
    if as_json:
        click.echo(json.dumps(summary, sort_keys=True))
    else:
        click.echo(render_table(summary))


def _writable_folder(folder: Path, option: str) -> None:
    """Make ``folder`` and write a file in it, or exit with one line before any game is played."""
    probe = folder / ".overlord-write-check"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        _fail(f"{option} {shown(folder)}: cannot make the folder ({(e.strerror or str(e)).lower()})")
    try:
        probe.write_bytes(b"overlord")
    except OSError as e:
        _fail(f"{option} {shown(folder)}: cannot write there ({(e.strerror or str(e)).lower()})")
    finally:
        try:
            probe.unlink(missing_ok=True)
        except OSError:
            pass


@main.command("compare")
@click.argument("scenario")
@click.option("--bot", "bots", multiple=True, help="Two hero bots to compare (a name, mcts, or module:function).")
@click.option("--budget", default=None, metavar="N|Nms",
              help="The mcts bot's budget a decision: N simulations, or N milliseconds; default 64.")
@click.option("--enemy", "enemies", multiple=True,
              help="Or two enemy policies of the game (or module:function of your own), with one --bot.")
@click.option("--games", type=GAMES, default=100, show_default=True, help="Games per hero count.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Master seed.")
@click.option("--heroes", default="3", show_default=True, help="Hero counts, e.g. 3 or 2,3,4.")
@click.option("--jobs", type=JOBS, default=1, show_default=True, help="Worker processes.")
@click.option("--max-rounds", type=ROUNDS, default=None, help="Stop a game after this many rounds.")
@click.option("--backend", type=click.Choice(["local", "dask"]), default="local", show_default=True)
@click.option("--scheduler", default=None, help="Dask scheduler address (default: a local cluster).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object instead of text.")
def compare_cmd(scenario, bots, budget, enemies, games, seed, heroes, jobs, max_rounds, backend, scheduler, as_json):
    """Two hero bots (or two enemy policies) on the same seeds: the win-rate difference with a
    paired 95% interval, rounds, and the games whose results differ."""
    rules, content, path = _scenario(scenario)
    info = rules.info(content)
    if len(enemies) == 2 and len(bots) <= 1:
        sides = [(bots[0] if bots else "heuristic", e) for e in enemies]
        labels = list(enemies)
    elif len(bots) == 2 and not enemies:
        sides = [(b, None) for b in bots]
        labels = list(bots)
    else:
        _fail("give two --bot, or two --enemy (with at most one --bot)", 2)
    if labels[0] == labels[1]:
        _fail(f"compare two different ones, not {labels[0]!r} twice", 2)
    _check_budget(budget, [b for b, _ in sides])
    for bot, enemy in sides:
        try:
            bot_of(rules, bot, budget)
        except ValueError as e:
            _fail(f"--bot: {e}", 2)
        if enemy is not None and enemy_policy_problem(rules, enemy):
            _fail(f"--enemy: {enemy_policy_problem(rules, enemy)}", 2)
    try:
        counts = sorted({int(h) for h in heroes.replace(" ", "").split(",") if h})
    except ValueError:
        _fail(f"--heroes {heroes!r}: give hero counts like 3 or 2,3,4", 2)
    bad = [h for h in counts if h not in info.hero_counts]
    if bad or not counts:
        _fail(f"--heroes {heroes}: {info.name} is for {', '.join(map(str, info.hero_counts))} heroes", 2)
    rounds = max_rounds or info.max_rounds
    try:
        batches = [run.simulate(str(path), games, seed, counts, bot, jobs, None, None, rounds, backend, scheduler, enemy,
                                budget=budget)
                   for bot, enemy in sides]
    except run.BackendError as e:
        _fail(str(e))
    summary = compare(batches[0], batches[1], labels[0], labels[1])     # the two sides, as given
    summary.update({"scenario": info.id, "seed": seed})
    for label, batch in zip(labels, batches):
        search = _search_summary(batch)
        if search:
            summary.setdefault("search", {})[label] = search
    click.echo(json.dumps(summary, sort_keys=True) if as_json else render(summary))


def _check_budget(budget, bots) -> None:
    if budget is None:
        return
    if not any(b in SEARCH_BOTS for b in bots):
        _fail(f"--budget is the search bot's ({', '.join(SEARCH_BOTS)}); no --bot here searches", 2)
    try:
        parse_budget(budget)
    except BudgetError as e:
        _fail(f"--budget {e}", 2)


def _search_summary(records: list[dict]) -> dict:
    """A search bot's totals over a batch: decisions searched, simulations, CPU seconds, and
    decisions a CPU second."""
    found = [r["search"] for r in records if "search" in r]
    if not found:
        return {}
    decisions = sum(f["decisions"] for f in found)
    seconds = sum(f["seconds"] for f in found)
    return {"budget": found[0]["budget"], "tree": found[0].get("tree", True), "worlds": found[0].get("worlds", 0),
            "decisions": decisions, "trivial": sum(f["trivial"] for f in found),
            "simulations": sum(f["simulations"] for f in found), "deviations": sum(f["deviations"] for f in found),
            "judged": sum(f.get("judged", 0) for f in found), "switched": sum(f.get("switched", 0) for f in found),
            "unconfirmed": sum(f.get("unconfirmed", 0) for f in found),
            "cpu_seconds": round(seconds, 2), "decisions_per_second": round(decisions / seconds, 2) if seconds else None}


@main.command("replay")
@click.argument("log_path", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--print", "show", is_flag=True, help="Print the game turn by turn.")
@click.option("--round", "upto", type=ROUNDS, default=None,
              help="Stop after this round and show the board.")
@click.option("--bot", "trusted_bot", default=None, metavar="MODULE:FUNCTION",
              help="The plugged-in bot the log names, when it is yours and you trust its code (a log alone "
                   "names only the game's own bots).")
def replay_cmd(log_path, show, upto, trusted_bot):
    """Play a logged game again from its seed and inputs and check that it matches the log."""
    try:
        difference, rules, game, events = replay(log_path, upto, trusted_bot)
    except ReplayError as e:
        _fail(str(e))
    except ContentError as e:
        _fail(str(e), prefix=False)
    except registry.UnknownGame as e:
        _fail(str(e))
    if show:
        for line in rules.narrate(game, game.state.log):
            click.echo(line)
    if upto is not None:
        click.echo(f"after round {min(upto, game.state.round)}: " + "; ".join(rules.table(game).status()[:1]))
        click.echo("\n".join(rules.table(game).picture()))
        return
    if difference:
        _fail(f"{log_path}: the replay differs - {difference}")
    click.echo(f"{log_path}: replayed {len(events)} events; every event and the end match")


@main.command("soak")
@click.argument("scenario")
@click.option("--games", type=GAMES, default=200, show_default=True)
@click.option("--seed", type=SEED, default=0, show_default=True)
@click.option("--table", is_flag=True,
              help="Type at the real table instead: random command forms from `help`, option numbers, undo, "
                   "save and resume, narration on; every answer checked (one line or a result, never a "
                   "traceback or the code's words) and every save resumed.")
@click.option("--commands", type=click.IntRange(1, 100_000), default=200, show_default=True,
              help="With --table: commands typed in each game.")
@click.option("--dice", type=click.Choice(["players", "program"]), default="players", show_default=True,
              help="With --table: who rolls the heroes' dice (players: the faces asked for are typed, now and "
                   "then faces that cannot be).")
def soak_cmd(scenario, games, seed, table, commands, dice):
    """Play many seeded games with the rules' invariants checked after every step (not for CI);
    with --table, through the table session as players type."""
    rules, content, path = _scenario(scenario)
    if table:
        found = table_soak(rules, content, path, run.game_seeds(seed, games), commands, dice=dice)
        lines = report(found)
        for line in lines[1:]:
            click.echo(line, err=True)
        click.echo(f"{rules.info(content).id}: {lines[0]}")
        sys.exit(1 if found.problems else 0)
    checked, violations = soak_game(rules, content, run.game_seeds(seed, games), rules.info(content).max_rounds)
    for v in violations[:20]:
        click.echo(v, err=True)
    click.echo(f"{games} games, {checked} steps checked, {count(len(violations), 'violation')}")
    sys.exit(1 if violations else 0)


if __name__ == "__main__":
    main()
