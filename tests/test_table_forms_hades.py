"""Every command form the ``help`` of the Underworld beneath Return of the Heroes documents, typed at the
real table of ``roth-underworld`` (issue 44): each form is typed into a new saved game after the commands
that make it possible, its reply is checked for what it must say, and the save resumes. A form refused is
refused in one line, the game as it was.

What is typed before a form (its route) comes from ``tests/fixtures/hades-forms.yaml``: seeded races of
the table (``tests/hades_forms_search.py``), above (Return of the Heroes' verbs, ``enter``) and below (the
Underworld's verbs, ``leave``), so a form meets the very dice and counters a group at that seed would. A
verb no seeded game reached is typed where the rules refuse it, and the refusal names why.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from table_forms import Form, run_form

FIXTURES = Path(__file__).resolve().parent / "fixtures"
ROUTES = yaml.safe_load((FIXTURES / "hades-forms.yaml").read_text(encoding="utf-8"))["routes"]
SCENARIO = "roth-underworld"
HEROES = ("leandra", "gro")


def routed(key: str, expect: str, rule: str, line: str | None = None, ok: bool = True) -> Form:
    """The form ``line`` (the route's own command by default) typed where the route ``key`` leads."""
    r = ROUTES[key]
    before = tuple(r["before"].split("; ")) if r["before"] else ()
    return Form(line or r["line"], expect, rule, before=before, ok=ok, scenario=r["scenario"],
                heroes=tuple(r["heroes"]), seed=r["seed"])


def at_start(line: str, expect: str, rule: str, ok: bool = True, before: tuple = ()) -> Form:
    return Form(line, expect, rule, before=before, ok=ok, scenario=SCENARIO, heroes=HEROES, seed=1)


def above_only(line: str) -> Form:
    """An Underworld command typed by a hero above: refused, naming where it is played."""
    verb = line.split()[0]
    return at_start(line, rf"^{verb}: only in the Underworld, and leandra is above", f"{verb}: the Underworld's "
                    "command, above", ok=False)


FORMS = [
    # -- above: Return of the Heroes' commands and the gate ------------------------------------------------------
    routed("above move", r"glingal moves G5 -> G11 \(3 movement left\)", "move FIELD: a step along a route above"),
    routed("above search", r"gro searches again for the hidden route to O6: \d and \d against 8", "search"),
    routed("above fly", r"glingal flies on the Magic Broomstick C5 -> C1", "fly FIELD: the Magic Broomstick"),
    routed("above teleport", r"gro steps through the teleporter E7 -> G1", "teleport FIELD"),
    routed("above fight", r"leandra fights Ghost with magic: rolled", "fight COUNTER SKILL: a creature above"),
    at_start("battle close", r"^battle: not possible now", "battle SKILL: \"The Nameless One may be fought only "
             "after the Damned One is defeated\" (and he is not out yet)", ok=False),
    routed("above take_task", r"leandra takes up the task Pilgrim", "take_task COUNTER"),
    routed("above drop_task", r"glingal lays down Pilgrim on A6", "drop_task TASK"),
    routed("above fulfil", r"glingal fulfils Royal Messenger", "fulfil TASK above"),
    routed("above take", r"glingal takes Magic Broomstick", "take COUNTER"),
    routed("above drop", r"antrax drops Leather Armour", "drop ITEM"),
    routed("above use", r"leandra visits Old Soldier", "use COUNTER: an encounter above"),
    routed("above deed", r"gro does Chalice of Healing, part 1 of 4", "deed DEED"),
    at_start("recover stone", r"^recover: not possible now \(only where he died", "recover THING", ok=False),
    routed("above pick", r"glingal picks the heroic deed Bow of the Silver Moon at the royal court",
           "pick DEED: \"Hero Quests must be granted at the Capital (select one)\""),
    routed("above buy", r"glingal buys Battle Axe for 3 gold", "buy ITEM for HERO"),
    routed("above buy", r"antrax buys Battle Axe for 3 gold", "buy ITEM: for himself (the hero whose market it is)",
           line="buy battle-axe"),
    routed("above close", r"the market closes; 6 counters back to the pile", "close"),
    routed("above drink", r"leandra drinks from the Healing Potion: 1 hit point, 2 left", "drink ITEM above"),
    routed("above rest", r"leandra sits out the turn: 2 hit points", "rest"),
    at_start("place A1", r"^place: not possible now \(only when the scenario leaves the drawn counters to the "
             r"players\)", "place FIELD: the drawing player's choice", ok=False),
    routed("above end", r"glingal ends the turn \(the player ends his turn\)", "end above"),
    routed("above enter", r"glingal pays 1 gold and goes down through the gate on N5 to Styx\n.*his next turn is "
           r"played below", "enter: \"a hero can enter the Underworld at any time; this however costs 1 GP\""),
    at_start("enter", r"^enter: not possible now \(only standing on the gate to Hades/Styx, with a gold piece\)",
             "enter: the gate not out of the bag", ok=False),
    at_start("leave", r"^leave: leandra is not in the Underworld$", "leave: above", ok=False),
    *[above_only(line) for line in ("extend 1 N", "skip", "turn 1", "stop", "escape close", "encounter hekate",
                                    "accept aiakos", "discard ambrosia-1", "attack golden-staff", "duel gro",
                                    "choose 1 styx")],
    # -- below: the Underworld's commands and the way up ---------------------------------------------------------
    routed("below extend", r"glingal: draw a tile from stack 1 and place it to the E\n.*tile area-17 drawn from stack "
           r"1: turn it as you like", "extend STACK SIDE: \"draw one map tile from the top of any stack\""),
    routed("below skip_extend", r"glingal: do not extend the Underworld", "skip"),
    routed("below orient", r"glingal: turn the tile 0 quarter turns: exits NESW", "turn N: the drawn tile turned"),
    routed("below step", r"glingal: move to area-17\n.*Empusa turns up", "move TILE: a step below"),
    routed("below stop", r"glingal: stop moving", "stop"),
    routed("below fight", r"glingal: fight empusa with ranged\n.*one successful trial wins", "fight COUNTER SKILL "
           "below"),
    routed("below extend", r"^not legal now: try to escape the trap with close; legal: draw a tile", "escape SKILL: only from a trap",
           line="escape close", ok=False),
    routed("below encounter", r"antrax: encounter well-of-wisdom", "encounter COUNTER"),
    routed("below accept", r"glingal: accept the task persephone-task", "accept TASK"),
    routed("below fulfil", r"glingal fulfils the task hades-task on hades", "fulfil TASK below"),
    routed("below use", r"antrax heals 2 LP \(3 natural now\): Styx", "use styx|lethe|hades: Styx"),
    routed("below use", r"^not legal now: use Lethe; legal: use Styx", "use lethe SKILL: not at Lethe",
           line="use lethe magic", ok=False),
    routed("below discard", r"glingal discards ambrosia-3", "discard ITEM"),
    routed("below attack_damned", r"glingal attacks the Damned One with trident-of-hades: it has 4 LP, every trial "
           r"at -3", "attack WEAPON SKILL: the Damned One"),
    routed("below attack_damned", r"not legal now: attack|^attack", "attack WEAPON: without a skill, refused here",
           line="attack trident-of-hades", ok=False),
    routed("below drink", r"leandra heals 1 LP \(4 natural now\): Nektar", "drink ITEM below"),
    routed("below duel", r"glingal \(ranged 7\) duels leandra \(close 7\)", "duel HERO: the competitive game's Duel"),
    routed("below end", r"glingal ends the turn \(his turn below is over\)", "end below"),
    routed("below leave", r"glingal comes up through the gate on N5\n.*his next turn is played above",
           "leave: \"it is possible to leave the Underworld via the Gate marker\""),
    routed("below leave", r"^leave shed 1: glingal has no shadow cube to shed$", "leave shed N: no shadow cube to shed",
           line="leave shed 1", ok=False),
    routed("below leave", r"glingal discards Royal Messenger in the Underworld \(out of the game\)",
           "drop_task TASK below: \"Tasks from the Upper World may be discarded in the Underworld\"",
           line="drop_task royal-messenger"),
    routed("below leave", r"^drop_task pilgrim-1: not possible now; possible: drop_task lost-lamb-2; drop_task "
           r"royal-messenger", "drop_task TASK below: a task he does not hold", line="drop_task pilgrim-1", ok=False),
    routed("below leave", r"^enter: glingal is in the Underworld already", "enter below", line="enter", ok=False),
    routed("below leave", r"^battle: not in the Underworld - glingal is below", "an Upper World command below",
           line="battle close", ok=False),
    routed("below leave", r"^pick: nothing to pick below - wish for luck first", "pick ID: no treasures turned up",
           line="pick ring", ok=False),
    routed("below leave", r"^no decision 1: the last command numbered none", "choose N TILE: no tie to choose",
           line="choose 1 styx", ok=False),
    routed("below fight", r"glingal pays 1 gold and three treasures turn up: |one successful trial wins",
           "fight COUNTER SKILL wish: wishing for luck", line="fight empusa ranged wish"),
    # -- the table ---------------------------------------------------------------------------------------------
    at_start("1", r"leandra moves B3 -> B2 \(2 movement left\)", "N: the N-th of `options`"),
    at_start("99", r"^no option 99; the options are 1 to \d+$", "N: a number past the options", ok=False),
    at_start("options", r"leandra, move \(3 movement left\) or act:\n\s+1\. move B2", "options"),
    at_start("why", r"leandra moves B3 -> B2", "why: the rule behind the last command", before=("1",)),
    at_start("map", r"The maps as laid, north up:(.|\n)*The Underworld:", "map: both worlds"),
    at_start("picture", r"^the board is drawn in .*forms\.svg", "picture"),
    at_start("status", r"the Underworld: Dark Side 0/11; the Damned One dormant; .*the gate to Hades/Styx in the bag",
             "status: both worlds"),
    at_start("undo", r"undone: move B2", "undo", before=("1",)),
    at_start("dice 1 2", r"^the program rolls the heroes' dice in this game", "dice A B ...: only with --dice players",
             ok=False),
    at_start("components", r"Return of the Heroes' 16 region maps laid as the program deals them", "components"),
    at_start("help", r"leave \[shed N\] - come up from Styx by the gate", "help"),
    at_start("help fight", r"^fight COUNTER SKILL - fight a creature with magic, ranged or close; below: fight COUNTER "
             r"SKILL \[wish\]", "help COMMAND: both worlds' forms"),
    at_start("quit", r"^bye; continue with `overlord resume .*forms\.db`$", "quit"),
]


@pytest.mark.parametrize("form", FORMS, ids=lambda f: f"{f.rule.split(':')[0]}: {f.line}")
def test_each_form_at_the_table(form, tmp_path):
    run_form(form, tmp_path)
