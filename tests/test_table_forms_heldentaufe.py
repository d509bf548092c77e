"""Every command form Heldentaufe's ``help`` documents, typed at the real table of both scenarios
(``heldentaufe`` and ``heldentaufe-race``; issue 39): each optional part with and without, each
alternative, the reply's words checked, and the saved game resumed after it.

A form needs a game in which it can be typed. Those of a game's first moments begin from a seed;
the others follow a route of ``tests/fixtures/heldentaufe-forms.yaml`` - the commands typed in a
seeded game at the table until the form's command was possible, found by
``tests/heldentaufe_forms_search.py`` (run it again when a rule change moves the games). The forms
of ``monster ...`` play ``tests/fixtures/heldentaufe-players.yaml``, the co-operative game with the
players as the monster boss ("Players whose hero figures are not in the Underworld command the
monsters and play the role of the monster boss").
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from table_forms import Form, run_form

FIXTURES = Path(__file__).resolve().parent / "fixtures"
ROUTES = yaml.safe_load((FIXTURES / "heldentaufe-forms.yaml").read_text(encoding="utf-8"))["routes"]
PLAYERS = str(FIXTURES / "heldentaufe-players.yaml")
PAIR = ("erla", "corlof")


def scenario_of(name: str) -> str:
    return str(FIXTURES / Path(name).name) if name.startswith("fixtures/") else name


def routed(route: str, expect: str, rule: str, line: str | None = None, ok: bool = True, then: tuple = ()) -> Form:
    """The form ``line`` (the route's own command by default) typed where ``route`` leads (and after
    ``then``)."""
    r = ROUTES[route]
    before = tuple(r["before"].split("; ")) if r["before"] else ()
    return Form(line or r["line"], expect, rule, before=before + then, ok=ok, scenario=scenario_of(r["scenario"]),
                heroes=tuple(r["heroes"]), seed=r["seed"])


def both(route: str, expect: str, rule: str, **kw) -> list[Form]:
    """The route's form in the co-operative game and in the race."""
    return [routed(f"heldentaufe {route}", expect, rule, **kw), routed(f"heldentaufe-race {route}", expect, rule, **kw)]


def at_start(line: str, expect: str, rule: str, scenario: str = "heldentaufe", heroes=PAIR, seed: int = 1,
             before: tuple = (), ok: bool = True) -> list[Form]:
    return [Form(line, expect, rule, before=before, ok=ok, scenario=scenario, heroes=heroes, seed=seed)]


def start_of_both(line: str, expect: str, rule: str, **kw) -> list[Form]:
    return at_start(line, expect, rule, **kw) + at_start(line, expect, rule, scenario="heldentaufe-race", **kw)


NO_PLAN_TAG = r"\A(?![\s\S]*\[plan)"          # the reply holds no "[plan N]" anywhere
DOWN = ROUTES["heldentaufe descend"]["before"].split("; ") + ["descend"]        # erla goes down at seed 1


FORMS = [
    # -- the numbered options --------------------------------------------------------------------------------
    *start_of_both("options", r"\Aerla's turn, 4 action points left:\n   1\. explore 0,-1\n   2\. explore 1,0",
                   "options: every action possible now, numbered"),
    *start_of_both("2", r"\A  erla explores 1,0: [a-z ]+\nerla's turn, 3 action points left:",
                   "N: the N-th of `options` (2: explore 1,0)"),
    *at_start("99", r"^no option 99; ", "N: a number that is no option is refused", ok=False),
    # -- the three actions that cost a point ("Move", "Decline Mission", "Fight") ------------------------------
    *start_of_both("explore 1,0", r"\A  erla explores 1,0: [a-z ]+\n",
                   "Move: \"take an area from a face-down stack and place it at the spot you chose in advance\""),
    *both("move up", r"\A  \w+: move -?\d+,-?\d+\n\w+'s turn, \d action points? left",
          "Move: \"You may also move your figure for 1 action point onto an already-explored, adjacent area\""),
    *both("move down", r"\A  \w+: move \d+,\d+\n",
          "Do You Dare to Venture In?: \"you may move your hero figure onto any hexagonal area\""),
    *at_start("decline hunter-wallrog-2", r"\A  erla declines hunter-wallrog-2 and draws \w+-[\w-]+\n",
              "Decline Mission: \"discard 1 hand card and draw a new one\""),
    *at_start("decline companion-owl-1", r"\A  erla declines companion-owl-1 and draws \w+-[\w-]+\n",
              "Decline Mission, in the race", scenario="heldentaufe-race"),
    *both("descend", r"\A  erla: descend portal 4\n  erla is the first below: the monster boss marker goes after "
          r"erla's turn", "descend: the portals \"count as adjacent to the matching Underworld portal\""),
    *both("descend N", r"\A  erla: descend portal 4\n  erla is the first below",
          "descend N: through Upper World portal N"),
    *both("ascend", r"\A  erla: ascend\n  no hero is left below: the Underworld is rebuilt",
          "Leaving the Underworld: \"If no other hero remains in the Underworld, it is rebuilt\""),
    *both("fight", r"\A  erla attacks zibbler: \d \+ 0 = \d against \d \+ 1 = \d - \w+ wins",
          "The 3rd Action: Fight: \"each roll a combat die and add their combat-sword value\""),
    *both("fight companion", r"\A  corlof completes companion-bear-2 \(Companion\): \+2 in this fight\n"
          r"  corlof attacks \w+: \d \+ 3 = \d", "Companion \"Sword +2: Add +2 to your next combat die roll\""),
    routed("heldentaufe-race fight hero", r"\A  corlof attacks erla: \d \+ 1 = \d against \d \+ 0 = \d - \w+ wins",
           "the race: \"If your hero figure is next to a monster or a hero, you may spend action points to fight\""),
    # -- free actions ----------------------------------------------------------------------------------------
    *both("eat apple", r"\A  \w+: eat apple\n", "Food: \"give up 1 food to regain 1 lost heart\""),
    *both("eat fish", r"\A  \w+: eat fish\n", "Food: fish \"equal 1 heart\""),
    *both("eat mushroom", r"\A  \w+: eat mushroom\n", "Food: mushroom \"equal 1 heart\""),
    *both("brew healing", r"\A  \w+: brew healing\n", "Brewing Potions: recipe 1, \"Fish and apple\""),
    *both("brew berserker", r"\A  erla: brew berserker\n", "Brewing Potions: recipe 2 (ours: fish and mushroom)"),
    *both("brew teleport", r"\A  erla: brew teleport\n", "Brewing Potions: recipe 3 (ours: apple and mushroom)"),
    *both("brew companion", r"\A  \w+: brew \w+ with companion-owl-\d\n  \w+ completes companion-owl-\d "
          r"\(Companion\): \+1 recipe for this brewing", "Companion \"Ring +1: You may also apply the next-higher recipe\""),
    *both("drink healing", r"\A  \w+: drink healing\n", "Healing: \"regain all your hit points\""),
    *both("drink berserker", r"\A  erla: drink berserker\n", "Berserker: \"a combat bonus of +2\""),
    *both("teleport upper", r"\A  erla: teleport upper 0,0\n", "Teleportation: \"any space in the Upper World\""),
    *both("teleport under", r"\A  erla: teleport under \d,0\n", "Teleportation: \"or Underworld\""),
    *both("collect", r"\A  \w+ collects \d (apples|fish|mushrooms)\n", "Food Sources: \"collect as much food as you can carry\""),
    *both("equip", r"\A  corlof: equip (ring|boots)\+1\n", "The Hero Board: equipment \"in the inventory in the matching slot\""),
    *both("unequip", r"\A  erla: unequip boots\n", "The Hero Board: equipment \"in the backpack\""),
    routed("heldentaufe-race eat apple", r"\A  corlof: unequip ring\n", "unequip ring: the ring into the backpack "
           "(room made by eating an apple)", line="unequip ring", then=("eat apple",)),
    routed("heldentaufe-race eat apple", r"\A  corlof: unequip sword\n", "unequip sword: the sword into the backpack",
           line="unequip sword", then=("eat apple",)),
    routed("heldentaufe-race eat apple", r"^corlof cannot unequip now; possible: ", "unequip: only with room in the "
           "backpack", line="unequip ring", ok=False),
    *both("drop", r"\A  erla: drop mushroom from backpack\n", "\"return them to the general supply\" (from the backpack)"),
    *both("drop backpack", r"\A  erla: drop mushroom from backpack\n", "drop TOKEN backpack"),
    *both("drop inventory", r"\A  erla: drop boots\+1 from inventory\n", "drop TOKEN inventory"),
    *both("drop rack", r"\A  erla: drop (healing|berserker) from rack\n", "drop TOKEN rack: a potion"),
    *both("forge", r"\A  mathian forges ring\+1 \+ ring\+1 into ring\+2\n",
          "Blacksmith: \"Ring (+1) + Ring (+1)\" into a better ring"),
    *both("trade", r"\A  \w+ trades \w+\+1 for \w+\+1\n", "Trader: \"exchange different equipment of equal value\""),
    *both("mission", r"\A  erla completes companion-squirrel-\d \(Companion\): \+1 action point now\n",
          "Companion \"Boots +1: You immediately have +1 action point available\""),
    *both("mission tooth", r"\A  \w+ completes observer-1 \(Observer\): 1 small tooth\n",
          "Observer: \"you may choose your own reward (1 monster tooth ...)\""),
    *both("mission equipment", r"\A  \w+ completes observer-1 \(Observer\): sword\+1 \(inventory\)\n",
          "Observer: \"... or the specified equipment\""),
    routed("heldentaufe-race mission hero", r"\A  erla completes thief-4 \(Thief\): 1 small tooth from corlof\n",
           "Thief: \"You receive 1 small tooth from your opponent's supply\""),
    *start_of_both("end", r"\A-- round 1: corlof's turn --\ncorlof's turn, 4 action points left:",
                   "\"When a player has used all their action points, their turn ends\""),
    *both("end improve", r"\A  \w+ improves sword\+1 to sword\+2 in the laboratory\n",
          "Laboratory: \"End your turn here to improve the value of any one piece of equipment by +1\""),
    # -- why -----------------------------------------------------------------------------------------------------
    *at_start("why", r"\Athe last command: erla: end\nplan 1 \(4 points, the program's plan\): ",
              "why: the monsters' plans of the last command", before=(*DOWN, "end")),
    *at_start("why 1", r"\Aplan 1 \(4 points, the program's plan\): .*\n  the best of \d+ plans by these numbers.*\n"
              r"    1\. balance -?\d+\.\d\d - more is better \(in hearts", "why N: plan N's key, which way each number counts",
              before=(*DOWN, "end")),
    *at_start("why 9", r"^no plan 9: the plans of this game are 1 to \d$", "why N: only the plans shown",
              before=(*DOWN, "end"), ok=False),
    *at_start("why", r"\Athe last command: erla: end\nplan 1 \(4 points, the program's plan\): ",
              "why in the race", scenario="heldentaufe-race", before=(*DOWN, "end")),
    *at_start("why 1", r"\Aplan 1 \(4 points, the program's plan\): ", "why N in the race", scenario="heldentaufe-race",
              before=(*DOWN, "end")),
    # -- the players command the monsters (rules.monster_boss: players) -----------------------------------------
    routed("heldentaufe-players monster move", NO_PLAN_TAG + r"  ulumu moves 4,1 -> 5,1 \(leaves its nest\)\n"
           r"the monsters' turn, 3 points left", "\"The monsters may also move\"; the players' command carries no plan number"),
    routed("heldentaufe-players monster attack", NO_PLAN_TAG + r"  zibbler attacks erla: \d \+ 1 = \d against \d \+ 0 = \d",
           "\"The monsters may also ... fight against heroes\""),
    routed("heldentaufe-players monster done", r"\A  the monsters hold back 4 points\n-- round 3: corlof's turn --",
           "\"Players may also let action points go unused\" (our reading for the monsters)"),
    routed("heldentaufe-players monster roll", r"\A  a roll decides who commands the monsters \(the players commanding "
           r"the monsters cannot agree\): corlof \d, mathian \d.* - \w+ commands",
           "\"If they cannot agree, a die roll decides which player controls the monsters\""),
    routed("heldentaufe-players monster move", r"^the monsters cannot do that now: ulumu move 3,3 \(`options` lists what "
           r"they can\)$", "monster ID move X,Y: not onto the treasure's space", line="monster ulumu move 3,3", ok=False),
    routed("heldentaufe-players monster move", r"\Athe monsters' turn, 4 points left \(corlof and mathian command together; "
           r"`monster roll` if they cannot agree\):\n   1\. ulumu move", "options in the monsters' turn", line="options"),
    routed("heldentaufe-players monster move", NO_PLAN_TAG + r"  ulumu moves 4,1 -> 5,0 \(leaves its nest\)",
           "N in the monsters' turn: the N-th of `options` (2: ulumu move 5,0)", line="2"),
    routed("heldentaufe-players monster move", r"\Aplan \d+ \(4 points, the program's advice\): ",
           "why N: the program's advice is a plan shown", line="why 1"),
    # -- the session's own ---------------------------------------------------------------------------------------
    *start_of_both("map", r"Upper World: \* campfire.*\n(.*\n)*Underworld: \$ treasure", "map: both worlds"),
    *start_of_both("picture", r"^the board is drawn in .*forms\.svg: open it in a browser, or print it$", "picture: both worlds as a picture beside the save"),
    *at_start("status", r"\Around 1; clock 0/16; team teeth 0/24; the marker aside", "status: the clock, the team's teeth"),
    *at_start("status", r"\Around 1; teeth to win 20; the marker aside", "status in the race", scenario="heldentaufe-race"),
    *start_of_both("undo", r"\Aundone: erla: end\n", "undo: a command that drew nothing", before=("end",)),
    *start_of_both("undo", r"^'erla: explore 1,0' drew hidden cards; this scenario does not allow undoing past a hidden "
                   r"draw$", "undo: not past an explored tile (no_undo_past_hidden_draw)", before=("explore 1,0",), ok=False),
    *start_of_both("components", r"\AWhat to put on the table:\n  - the hero boards and figures of Erla and Corlof",
                   "components: what to put on the table"),
    *at_start("components", r"the monster boss's advice: in the monsters' turn the players command them",
              "components, when the players are the monster boss", scenario=PLAYERS),
    *start_of_both("help", r"\Amove X,Y - .*\nexplore X,Y - ", "help: every command"),
    *start_of_both("help descend", r"\Adescend \[N\] - from Upper World portal N to Underworld portal N\Z", "help COMMAND"),
    *start_of_both("quit", r"\Abye; continue with `overlord resume ", "quit"),
    *[Form("dice ring", r"erla rolls the treasure die: ring", "dice A - the treasure die's face, a word (--dice players)",
           before=("1",), scenario=sc, heroes=PAIR, seed=4, dice="players") for sc in ("heldentaufe", "heldentaufe-race")],
]


def _id(form: Form) -> str:
    return f"{Path(form.scenario).stem}: {form.line}" + (f" (after {len(form.before)})" if form.before else "")


@pytest.mark.parametrize("form", FORMS, ids=_id)
def test_each_form_at_the_table(form, tmp_path):
    run_form(form, tmp_path)


# verbs whose forms are typed in one scenario only, and why
ONE_SCENARIO = {
    "heldentaufe": {"monster": "the shipped scenarios play the program as the boss: the players' fixture has them"},
    "heldentaufe-race": {"monster": "as in the co-operative game"},
}


@pytest.mark.parametrize("scenario", ("heldentaufe", "heldentaufe-race"))
def test_each_scenario_has_its_own_forms(scenario):
    """Both shipped scenarios have forms of every verb but the players' monster commands."""
    own = {("n" if f.verb.isdigit() else f.verb) for f in FORMS if f.scenario == scenario}
    every = {("n" if f.verb.isdigit() else f.verb) for f in FORMS}
    assert every - own == set(ONE_SCENARIO[scenario]), every - own


def test_the_race_has_the_forms_the_team_has_not():
    """The race's own: a hero fights a hero, a Thief steals; the co-operative game refuses both ("no
    hero fights another and the four Thief missions leave the deck", scenarios/heldentaufe.yaml)."""
    race = {f.line for f in FORMS if f.scenario == "heldentaufe-race"}
    assert {"fight erla", "mission thief-4 corlof"} <= race
