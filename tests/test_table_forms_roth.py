"""Every command form Return of the Heroes' ``help`` documents, typed at the real table of both
scenarios (``roth``, together, and ``roth-race``; issue 43): each form is typed into a new saved game
after the commands that make it possible, its reply is checked for what it must say, and the save
resumes. A form refused is refused in one line naming the rule, the game as it was.

What is typed before a form (its route) comes from ``tests/fixtures/roth-forms.yaml``: seeded games
of the table (``tests/roth_forms_search.py``), so a form meets the very dice and counters a group at
that seed would. ``place`` is typed in the race with ``program_choices: false``
(``tests/fixtures/roth-players-choose.yaml``), where the drawing player places what he drew.

A few situations no seeded game of a few hundred commands reached - the final battle, a dead hero's
precious stone lying where he died, four tasks held on a field with a fifth - are set on the state
before the first command (``STAGES``), then typed as players type them; ``pick`` (Option 2, the
Standard Game's) has no scenario that plays it yet and is typed where it is refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from overlord.core.game import match_json
from overlord.games.heroes.state import lift, put
from overlord.games.roth import draws, machines
from overlord.games.roth.regions import guard_posts
from overlord.games.roth.state import Ctx
from session_helpers import TableSession
from table_forms import Form

FIXTURES = Path(__file__).resolve().parent / "fixtures"
ROUTES = yaml.safe_load((FIXTURES / "roth-forms.yaml").read_text(encoding="utf-8"))["routes"]
SCENARIOS = ("roth", "roth-race")
PLAYERS_CHOOSE = str(FIXTURES / "roth-players-choose.yaml")


# -- situations set on the state before the first command -------------------------------------------------

def _nameless_out(s, c) -> None:
    """The Nameless drawn: on his tower H3, his Guards on their posts (``draws.nameless_drawn``)."""
    ctx = Ctx.open(s, c)
    inst = next(i for i in s.aside if c.spec(i).effect == "nameless")
    s.aside.remove(inst)
    s.bag.append(inst)
    ctx.fire(machines.NAMELESS, "enter")
    s.bag.remove(inst)
    draws.nameless_drawn(ctx, inst)
    ctx.commit()


def before_the_tower(s, c) -> None:
    """Leandra with a precious stone, a Guard beaten last turn, on a Guard's post by the tower."""
    _nameless_out(s, c)
    hs = s.at["leandra"]
    hs.field = guard_posts(c.board)[0]
    hs.stone = hs.guard_beaten = True
    s.turn.challenge = True


def stone_left(s, c) -> None:
    """Leandra died on her field with the precious stone, bequeathing something else: it lies there."""
    s.at["leandra"].stone_at = s.at["leandra"].field


def four_tasks(s, c) -> None:
    """Leandra holds four tasks, a fifth lies face up on her field."""
    tasks = [i for i in c.instances if c.spec(i).task is not None and c.spec(i).chit]
    for inst in tasks[:5]:
        lift(s, inst)
        if inst in s.bag:
            s.bag.remove(inst)
    s.sheets["leandra"].tasks = tasks[:4]
    put(s, s.at["leandra"].field, tasks[4])


def wolves(s, c) -> None:
    """The Wolves face up on A2, a step from Leandra's manor."""
    lift(s, "wolves-1")
    if "wolves-1" in s.bag:
        s.bag.remove("wolves-1")
    put(s, "A2", "wolves-1")


STAGES = {"before the tower": before_the_tower, "stone left": stone_left, "four tasks": four_tasks, "wolves": wolves}


@dataclass(frozen=True)
class RothForm(Form):
    stage: str = ""                  # a situation of STAGES set before the first command


def routed(route: str, expect: str, rule: str, line: str | None = None, ok: bool = True) -> RothForm:
    """The form ``line`` (the route's own command by default) typed where ``route`` leads."""
    r = ROUTES[route]
    before = tuple(r["before"].split("; ")) if r["before"] else ()
    scenario = PLAYERS_CHOOSE if r["scenario"] == "roth-players-choose" else r["scenario"]
    return RothForm(line or r["line"], expect, rule, before=before, ok=ok, scenario=scenario,
                    heroes=tuple(r["heroes"]), seed=r["seed"])


def at_start(line: str, expect: str, rule: str, scenario: str = "roth", heroes=("leandra", "gro"), seed: int = 3,
             before: tuple = (), ok: bool = True, stage: str = "") -> RothForm:
    return RothForm(line, expect, rule, before=before, ok=ok, scenario=scenario, heroes=heroes, seed=seed, stage=stage)


def both(verb: str, expect: str, rule: str, **kw) -> list[RothForm]:
    """The route's form in the game together and in the race."""
    return [routed(f"{sc} {verb}", expect, rule, **kw) for sc in SCENARIOS if f"{sc} {verb}" in ROUTES]


def refused(line: str, expect: str, rule: str, **kw) -> list[RothForm]:
    """``line`` typed at the start of both scenarios, where it is refused."""
    return [at_start(line, expect, rule, scenario=sc, ok=False, **kw) for sc in SCENARIOS]


FORMS = [
    # -- moving ---------------------------------------------------------------------------------------------
    *both("move", r"leandra moves A3 -> A2 \(2 movement left\)", "move FIELD: \"Number in footprint = number of "
          "fields you can move in a turn\""),
    at_start("move H3", r"^move H3: not possible now; possible: move A2; move A4; move A5$",
             "move FIELD: only along a route", ok=False),
    at_start("1", r"leandra moves A3 -> A2 \(2 movement left\)", "N: the N-th of `options` (1: move A2)"),
    at_start("2", r"\w+ moves \w+ -> \w+", "N: the N-th of `options`", scenario="roth-race", heroes=("glingal",)),
    at_start("99", r"^no option 99; ", "N: a number past the options", ok=False),
    *both("search", r"searches again for the hidden route to \w+: \d and \d against \d+, (found|not found)",
          "Fields and Hidden Locations: \"You may try again on your next turn\""),
    *refused("search", r"^search: not possible now \(only halfway on a hidden path, at the start of his turn\)",
             "search: only halfway on a hidden path"),
    *both("fly", r"flies on the Magic Broomstick \w+ -> [A-P]\d+", "the Magic Broomstick (ours): \"Fly to any field\""),
    *refused("fly A1", r"^fly: not possible now \(only with the Magic Broomstick, movement left\)",
             "fly FIELD: only with the Magic Broomstick"),
    *both("teleport", r"steps through the teleporter \w+ -> A1", "the Teleporter (ours): \"Step through to any tan "
          "field of the map\""),
    *refused("teleport A1", r"^teleport: not possible now \(only on the teleporter, once a turn\)",
             "teleport FIELD: only on the teleporter"),
    # -- what a creature, an encounter or a task asks ----------------------------------------------------------
    *both("fight", r"fights Cave Bear with ranged combat: rolled \d and \d.* - (won|lost)",
          "fight COUNTER SKILL: \"The total must be the same or less than the rating on your character sheet\""),
    *refused("fight bear-1 close", r"^fight: not possible now \(only when he faces a creature, once a turn\)",
             "fight COUNTER SKILL: only facing a creature"),
    at_start("move H3", r"The Nameless bars the way: leandra must fight \(movement over\)\n.*\n\s+1\. battle magic", "the tower: \"In order to "
             "challenge the Nameless, you must first overcome a guard\"", stage="before the tower"),
    at_start("battle close", r"leandra challenges The Hollow King \(6 hit points\) with close combat\n(.*\n)*.*"
             r"(kills The Hollow King|The Hollow King has won)", "battle SKILL: \"you continue to fight against him "
             "until only one of you has any hit points left\"", stage="before the tower", before=("move H3",)),
    *refused("battle magic", r"^battle: not possible now \(only on the tower, the Nameless before him\)",
             "battle SKILL: only on the tower"),
    *both("take_task", r"takes up the task \w+", "take_task COUNTER: \"You take the counter and place it on one of "
          "your four blue-bordered trays\""),
    *refused("take_task merchant-1", r"^take_task: not possible now \(only on a field with a task, fewer than four "
             r"held\)", "take_task COUNTER: only on a field with a task"),
    at_start("options", r"drop_task \w+", "drop_task: offered holding four tasks on a field with a fifth",
             stage="four tasks"),
    at_start("drop_task TASK", r"leandra lays down \w[\w ]* on A3", "drop_task TASK: \"I can only have four tasks "
             "at the same time\"", stage="four tasks"),
    *refused("drop_task merchant-1", r"^drop_task: not possible now \(only holding four tasks, on a field with "
             r"another\)", "drop_task TASK: only holding four"),
    *both("fulfil", r"fulfils \w", "fulfil TASK: \"When you reach your destination, you receive the reward\""),
    *refused("fulfil merchant-1", r"^fulfil: not possible now \(only when a held task is done\)",
             "fulfil TASK: only a task done"),
    *both("take", r"takes [A-Z][\w' ]+", "take COUNTER: pick up an artifact"),
    *refused("take magic-broomstick", r"^take: not possible now \(only on a field with an artifact he sees, a square "
             r"free\)", "take COUNTER: only where an artifact lies"),
    *both("drop", r"drops [A-Z][\w' ]+ \(\w+\)", "drop ITEM: the artifact lies on his field (ours)"),
    *refused("drop magic-broomstick", r"^drop: not possible now \(only carrying an artifact\)",
             "drop ITEM: only an artifact carried"),
    *both("use", r"visits Hermit", "use COUNTER: \"they remain where they are and can be used once per player's "
          "turn\""),
    *refused("use hermit-1", r"^use: not possible now \(only at an encounter, once a turn\)",
             "use COUNTER: only at an encounter"),
    *both("deed", r"does [A-Z][\w' ]+, part \d of \d", "deed DEED: a part of the heroic deed"),
    *refused("deed axe-of-the-gnomes", r"^deed: not possible now \(only where the next part of his heroic deed is "
             r"done\)", "deed DEED: only where its next part is done"),
    at_start("recover stone", r"leandra takes back the precious stone on A3", "recover THING: the stone left where "
             "he died is his to take back (ours)", stage="stone left"),
    *refused("recover stone", r"^recover: not possible now \(only where he died, his deed's counters or the stone "
             r"lying there\)", "recover THING: only where he died"),
    *refused("pick axe-of-the-gnomes", r"^pick: not possible now \(only Option 2: at the royal court, once a turn, "
             r"fewer than two deeds\)", "pick DEED: Option 2 only (no scenario plays it yet)"),
    # -- the market --------------------------------------------------------------------------------------------
    *both("buy", r"(?m)buys [\w ]+ for \d gold$", "buy ITEM for HERO (himself)"),
    *[routed(f"{sc} buy", r"(?m)buys [\w ]+ for \d gold$", "buy ITEM: for the hero who called the market",
             line=ROUTES[f"{sc} buy"]["line"].split(" for ")[0]) for sc in SCENARIOS],
    *both("buy other", r"buys [\w ]+ for \d gold, \w+ keeps 1 gold provision", "buy ITEM for HERO: \"you receive "
          "a commission of one gold piece for every artifact sold to another player\""),
    *refused("buy shield-1", r"^buy: not possible now \(only while a market is open, with the gold\)",
             "buy ITEM: only while a market is open"),
    *both("close", r"the market closes; \d+ counters? back to the pile", "close: \"They are mixed back into the pile "
          "of face down market counters\""),
    *refused("close", r"^close: not possible now \(only while a market is open\)", "close: only while a market is open"),
    # -- healing -------------------------------------------------------------------------------------------------
    *both("drink", r"drinks from the Healing Potion: 1 hit point, \d left", "drink ITEM: \"gives you a hit point "
          "back three times\""),
    *refused("drink healing-potion-1", r"^drink: not possible now \(only with the potion, hurt\)",
             "drink ITEM: only with the potion, hurt"),
    *both("rest", r"sits out the turn: \d hit points?", "rest: \"Go to your manor house and sit out one turn\""),
    *refused("rest", r"^rest: not possible now \(only hurt, at his manor, the Temple or the White Village, at the "
             r"start of his turn\)", "rest: only hurt, where the book heals"),
    # -- the players' choices when the scenario leaves them to the players -----------------------------------------
    routed("roth-players-choose place", r"is placed on [A-P]\d+ \(the player's choice\)", "place FIELD: \"anywhere the "
           "drawing player chooses on a normal tan colored field, but not in the region where the player currently "
           "is\""),
    *refused("place B1", r"^place: not possible now \(only when the scenario leaves the drawn counters to the "
             r"players\)", "place FIELD: the program places them in the shipped scenarios"),
    # -- the turn -------------------------------------------------------------------------------------------------
    at_start("end", r"leandra ends the turn \(the player ends his turn\)\n-- gro's turn \(round 1\)",
             "end: the next hero's turn"),
    at_start("end", r"== the Nameless's phase\n  the Nameless's card: ", "end: the round's last turn brings the "
             "Nameless's phase (together, ours)", before=("end",)),
    at_start("end", r"ends the turn", "end, in the race", scenario="roth-race", heroes=("glingal",)),
    # -- the session's own, and options and why ---------------------------------------------------------------------
    at_start("options", r"^leandra, move \(3 movement left\) or act:\n\s+1\. move A2", "options: what the hero may "
             "do now, numbered"),
    at_start("options", r"^glingal, move \(\d movement left\) or act:", "options", scenario="roth-race",
             heroes=("glingal",)),
    at_start("why", r"leandra moves A3 -> A2 \(2 movement left\)\n\s+the book, Movement: \"Number in footprint",
             "why: the last command again, with the book's rule", before=("move A2",)),
    at_start("why", r"the Nameless's card: .*\n\s+together \(ours\): at each round's end", "why: the enemy phase "
             "with our rules", before=("end", "end")),
    at_start("why", r"glingal moves \w+ -> \w+ \(\d movement left\)\n\s+the book, Movement: ", "why, in the race",
             scenario="roth-race", heroes=("glingal",), before=("1",)),
    at_start("undo", r"(?m)^undone: move \w+$", "undo, in the race", scenario="roth-race", heroes=("glingal",),
             before=("1",)),
    at_start("picture", r"^the board is drawn in .*forms\.svg: open it in a browser, or print it$", "picture: the "
             "region maps as a picture beside the save"),
    at_start("picture", r"^the board is drawn in .*forms\.svg", "picture", scenario="roth-race", heroes=("glingal",)),
    at_start("map", r"A3 +-> A2 A4 A5 +here: LEANDRA", "map: every field, its routes, who stands where"),
    at_start("map", r"here: GLINGAL", "map", scenario="roth-race", heroes=("glingal",)),
    at_start("status", r"^round 1; the Nameless not yet in the bag; his Guards absent; bag \d+, market pile \d+; "
             r"the darkness 0 of 60\n\s+leandra: A3; 4/4 HP", "status: together, the darkness and its limit"),
    at_start("status", r"^round 1; the Nameless not yet in the bag; his Guards absent; bag \d+, market pile \d+\n",
             "status: the race has no darkness", scenario="roth-race", heroes=("glingal",)),
    at_start("undo", r"undone: move A2", "undo: a step takes nothing hidden into view", before=("move A2",)),
    at_start("undo", r"^undo refused: '[^']+' brought into view the Nameless's card", "undo: not past the Nameless's "
             "card drawn", before=("end", "end"), ok=False),
    at_start("components", r"the sixteen region maps", "components"),
    at_start("components", r"the rivals [\w ,]+: the program plays their turns", "components", scenario="roth-race",
             heroes=("glingal",)),
    at_start("help", r"buy ITEM \[for HERO\] - buy from the market", "help: every command"),
    at_start("help rest", r"^rest - sit out the turn", "help COMMAND: one command", scenario="roth-race",
             heroes=("glingal",)),
    RothForm("dice 1 1", r"leandra fights Wolves with ranged combat: rolled 1 and 1.* - won",
             "dice A B ... - the faces the players rolled (--dice players)", before=("move A2", "fight wolves-1 ranged"),
             scenario="roth", heroes=("leandra", "gro"), seed=3, dice="players", stage="wolves"),
    RothForm("dice 6 6", r"leandra fights Wolves with ranged combat: rolled 6 and 6.* - lost",
             "the faces alone", before=("move A2", "fight wolves-1 ranged"),
             scenario="roth-race", heroes=("leandra",), seed=3, dice="players", stage="wolves"),
    at_start("quit", r"^bye; continue with `overlord resume .*forms\.db`$", "quit"),
    at_start("quit", r"^bye", "quit", scenario="roth-race", heroes=("glingal",)),
]


def run_roth_form(form: RothForm, tmp_path):
    """Type ``form`` at a new saved game (its situation set first) and check its reply: accepted, or
    refused in one line with the game unchanged; the save resumes and answers ``why``."""
    save = tmp_path / "forms.db"
    session, _ = TableSession.start(form.scenario, list(form.heroes), form.seed, save, form.dice)
    try:
        if form.stage:
            STAGES[form.stage](session.match.state, session.match.content)
        for typed in form.before:
            reply = session.execute(typed)
            assert reply.ok, f"setting up {form.line!r}: {typed!r} was refused: {reply.lines}"
        line = form.line
        if "TASK" in line:                       # the task laid down: the first held
            line = line.replace("TASK", session.match.state.sheets["leandra"].tasks[0])
        was = match_json(session.match)
        reply = session.execute(line)
        text = "\n".join(reply.lines)
        assert reply.ok == form.ok, f"{line!r} ({form.rule}): {'refused' if form.ok else 'accepted'}: {text}"
        assert re.search(form.expect, text), f"{line!r} ({form.rule}): no /{form.expect}/ in:\n{text}"
        assert "Traceback" not in text
        if not form.ok:
            assert len(reply.lines) == 1, f"{line!r}: a refusal of {len(reply.lines)} lines"
            assert match_json(session.match) == was, f"{line!r} was refused but changed the game"
    finally:
        session.close()
    again, _ = TableSession.resume(save)
    try:
        assert again.execute("why").ok and again.execute("options").ok
    finally:
        again.close()
    return reply


@pytest.mark.parametrize("form", FORMS, ids=lambda f: f"{Path(f.scenario).stem}: {f.line}"
                         + (f" ({f.stage})" if f.stage else ""))
def test_each_form_at_the_table(form, tmp_path):
    run_roth_form(form, tmp_path)


# verbs whose forms are typed in one scenario only, and why
ONE_SCENARIO = {
    "place": "the shipped scenarios leave no counter to the players: a test's race places them (players-choose)",
}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_each_scenario_has_its_own_forms(scenario):
    """Both scenarios have forms of nearly every verb; the exceptions say why."""
    own = {("n" if f.verb.isdigit() else f.verb) for f in FORMS if Path(f.scenario).stem == scenario}
    every = {("n" if f.verb.isdigit() else f.verb) for f in FORMS}
    assert every - own <= set(ONE_SCENARIO), every - own - set(ONE_SCENARIO)
