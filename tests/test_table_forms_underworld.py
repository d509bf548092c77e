"""Every command form the Underworld's `help` documents, typed at the real table (issue 39): each
optional part with and without, each alternative, with the reply's words checked, and the saved
game resumed after it.

A form needs a game in which it can be typed. Short ones begin from a seed's first commands;
the others from the commands the heuristic heroes type in a seeded game up to the moment the
form fits (``played``: the first N of them), found by ``tests/underworld_forms_search.py`` (run it
to find them again when a rule change moves the games).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from overlord.games.underworld import engine
from overlord.games.underworld.game import GAME
from overlord.sim.play import players_rng
from table_forms import Form, run_form
from underworld_forms_search import typed

SCENARIO = "underworld"
DUELS = str(Path(__file__).resolve().parent / "fixtures" / "underworld-duels.yaml")
PAIR = ("bard", "gladiator")
# seed 4, bard and gladiator: bard lays area-17 to the north and turns up Ixion, a black creature
IXION = ("extend 1 N", "turn 0", "move area-17")


@lru_cache(maxsize=None)
def _heuristic_commands(scenario: str, heroes: tuple[str, ...], seed: int, n: int) -> tuple[str, ...]:
    from overlord.games import registry
    rules, content, _ = registry.open_scenario(scenario)
    match = rules.new_match(content, list(heroes), seed)
    players = players_rng(seed)
    out = []
    for _ in range(n):
        legal = engine.legal_actions(match.state)
        action = {k: v for k, v in rules.bots["heuristic"](match, legal, players).items() if k != "with"}
        out.append(typed(action))
        engine.apply(match.state, match.content, action)
    return tuple(out)


def played(n: int, seed: int, heroes: tuple[str, ...] = PAIR, scenario: str = SCENARIO) -> dict:
    """A form's game: the heuristic heroes' first ``n`` commands of ``seed``, typed."""
    return {"before": _heuristic_commands(scenario, heroes, seed, n), "seed": seed, "heroes": heroes,
            "scenario": scenario}


FORMS = [
    # -- numbered options and Phase 1 ---------------------------------------------------------------
    Form("1", r"bard: draw a tile from stack 1 and place it to the N\n    tile area-17 drawn from stack 1",
         "N - the N-th of `options`", seed=4, heroes=PAIR),
    Form("extend 1 N", r"tile area-17 drawn from stack 1: turn it as you like",
         "Phase 1: draw the top tile of stack 1-3 and place it on that side", seed=4, heroes=PAIR),
    Form("extend 4 N", r"the stack is 1, 2 or 3|is not legal now", "extend: the three stacks", ok=False,
         seed=4, heroes=PAIR),
    Form("turn 0", r"tile area-17 placed at 0,-1, exits NESW", "turn the drawn tile N quarter turns",
         before=("extend 1 N",), seed=4, heroes=PAIR),
    Form("skip", r"bard: do not extend the Underworld\nbard, phase move, 4 MP left:",
         "Phase 1: do not extend the Underworld", seed=4, heroes=PAIR),
    # -- Phase 2 -------------------------------------------------------------------------------------
    Form("move area-17", r"Ixion turns up \(black creature\)\n.*Dark Side \+1 -> 2/11",
         "Phase 2: move the hero one tile; a marker stops the move and turns up", before=IXION[:2], seed=4,
         heroes=PAIR),
    Form("stop", r"bard: stop moving\nbard, phase act:", "Phase 2: stop moving; Phase 3 begins",
         before=("skip",), seed=4, heroes=PAIR),
    # -- combat --------------------------------------------------------------------------------------
    Form("fight ixion magic", r"one successful trial wins: rolled 3 and 3, kept 3\+3=6: <= 8, success - won",
         "combat: one successful trial wins", before=IXION, seed=4, heroes=PAIR),
    Form("fight sisyphos magic+ranged", r"gnome: fight sisyphos with magic\+ranged\n.*one successful trial wins",
         "a Gnome's pair as close+magic: HitU Gnome 'can combine two of its skill values together'",
         **played(41, 1, heroes=("gnome", "bard"))),
    Form("fight ixion close+magic", r"fight ixion with close\+magic is not legal now", "a Gnome's pair - only the Gnome's", before=IXION, ok=False, seed=4,
         heroes=PAIR),
    Form("fight avatar-3 magic wish", r"bard pays 1 gold and three treasures turn up: .*\n.*`pick ID` keeps one",
         "wish: spend 1 gold to see 3 treasures for each draw", **played(94, 1)),
    Form("fight avatar-3 ranged trade", r"treasure for bard: ring turned up .*\n    bard trades ring for 1 gold \(3 now\)",
         "trade: take 1 gold for an item won instead of carrying it", **played(94, 1)),
    Form("fight sisyphos close second", r"failure - lost\n    gladiator loses 1 LP \(natural; 4 natural left\): "
         r"Gladiator: 1 LP for a second round of combat\n    Gladiator: rolled 2 and 4, kept 2\+4=6: <= 9, success - won",
         "second: the Gladiator's second round", **played(41, 1, heroes=("gladiator", "bard"))),
    Form("fight lamie close blue", r"success - won\n    gladiator gains a blue cube on magic",
         "COLOUR: the reward cubes where several are shown", **played(26, 1)),
    Form("fight sisyphos magic shadow ranged", r"failure - lost\n    bard takes a shadow cube on ranged",
         "shadow SKILL: where a shadow cube goes if lost", **played(41, 1)),
    Form("fight ixion magic keep", r"fight: unexpected 'keep'; .*keep ITEM",
         "keep ITEM: the item kept if the hero dies - it names the item", before=IXION, ok=False, seed=4,
         heroes=PAIR),
    # -- traps, encounters, tasks, places --------------------------------------------------------------
    Form("escape close", r"bard escapes the trap trap-3 with close: rolled 2 and 1, kept 1\+2=3: <= 6-1=5, success",
         "escape SKILL - try to escape the trap", **played(77, 27)),
    Form("encounter hermes", r"is taken to styx by hermes", "encounter COUNTER: Hermes takes the hero to Styx",
         **played(66, 1)),
    Form("encounter hermes stay", r"gladiator encounters hermes: Hermes: the hero stays", "stay: Hermes does not take the hero to Styx",
         **played(66, 1)),
    Form("encounter low-demon close", r"bard loses 1 LP .*: Low Demon\n(.*\n)*    bard tests close \(Low Demon\): "
         r"rolled 5 and 4, kept 4\+5=9: > 6, failure\n    bard's close rises to 7", "SKILL for Hypnos, the Low Demon, the Well",
         **played(3, 1)),
    Form("encounter hypnos red", r"bard's shadow cube on magic becomes a red cube",
         "COLOUR: the colour a shadow cube becomes (Hypnos alone)", **played(74, 2, heroes=("bard",))),
    Form("encounter thanatos discard golden-staff", r"bard discards golden-staff for 1 gold .*\n    bard takes "
         r"scythe-of-thanatos",
         "discard ITEM: the item given up to carry Hekate's, Orion's or Thanatos' weapon", **played(152, 1)),
    Form("encounter thanatos keep-all", r"bard does not carry Scythe of Thanatos .*: it stays on the Damned One's card",
         "keep-all: give nothing up, the weapon stays on the card", **played(152, 1)),
    Form("accept persephone-task", r"accepts the task persephone-task", "accept TASK - take the task on the "
         "hero's tile", **played(31, 1)),
    Form("fulfil tantalos", r"bard fulfils the task tantalos on tartaros\n    Dark Side -1 -> 4/11: Tantalos locked up", "fulfil TASK on its destination", **played(190, 2)),
    Form("fulfil tantalos wish", r"pays 1 gold and three treasures turn up",
         "wish: 1 gold to see 3 treasures, then `pick ID`", **played(190, 2)),
    Form("fulfil tantalos trade", r"treasure for bard: wurfspeer-1 turned up .*\n    bard trades wurfspeer-1 for 1 gold", "trade: 1 gold instead of an item", **played(190, 2)),
    Form("fulfil hades-task discard scythe-of-thanatos", r"gladiator discards scythe-of-thanatos for 1 gold .*\n"
         r"    gladiator takes trident-of-hades",
         "discard ITEM: as for encounter, for the Trident or the Mail", **played(215, 3)),
    Form("fulfil hades-task keep-all", r"gladiator does not carry Trident of Hades .*: it stays on the Damned One's card",
         "keep-all: as for encounter, for the Trident or the Mail", **played(215, 3)),
    Form("use styx", r"gladiator heals 3 LP \(6 natural now\): Styx", "use styx: heal at Styx", **played(81, 12)),
    Form("use lethe close", r"bard gives up a red cube on close: .*\n    Dark Side -1 -> 1/11: Lethe\n"
         r"    bard loses a shadow cube on magic", "use lethe SKILL: give up a cube of SKILL at Lethe",
         **played(41, 2)),
    Form("use lethe keep-shadow", r"bard gives up a red cube on close: .*\n    Dark Side -1 -> 1/11: Lethe\nbard, phase act", "keep-shadow: no shadow cube goes with it",
         **played(41, 2)),
    Form("use hades", r"gladiator does not carry Trident of Hades .*: it stays on the Damned One's card", "use hades: take the Trident or the Mail back at the Throne Hall",
         **played(216, 3)),
    Form("use hades discard scythe-of-thanatos", r"gladiator discards scythe-of-thanatos for 1 gold .*\n"
         r"    gladiator takes trident-of-hades",
         "use hades discard ITEM", **played(216, 3)),
    Form("use hades keep-all", r"gladiator does not carry Trident of Hades .*: it stays on the Damned One's card", "use hades keep-all", **played(216, 3)),
    Form("discard golden-staff", r"bard discards golden-staff for 1 gold\nbard, phase act", "discard ITEM - give up a carried item",
         **played(136, 1)),
    Form("drink ambrosia-3", r"bard heals 1 LP \(5 natural now\): Ambrosia: natural LP healed\n    bard's "
         r"ambrosia-3 is used up", "drink ITEM - eat Ambrosia or drink Nektar", **played(119, 2)),
    # -- the Damned One ------------------------------------------------------------------------------------
    Form("attack scythe-of-thanatos close", r"gladiator attacks the Damned One with scythe-of-thanatos: it has 2 LP, "
         r"every trial at -3\n    gladiator, close: rolled 4 and 1, kept 1\+4=5: <= 11-3=8, success - the Damned One "
         r"loses 1 LP \(1 left\)(.*\n)*== The game is over: gladiator defeated the Damned One",
         "attack WEAPON SKILL - fight the Damned One with a special weapon", **played(273, 3)),
    Form("attack golden-staff magic keep lightning-bolts", r"bard dies on chaos and is reborn on Styx, keeping "
         r"lightning-bolts", "keep: the item kept if the hero dies", **played(170, 4)),
    Form("attack scythe-of-thanatos", r"bard, magic: rolled 6 and 4, .*failure\n.*\n    bard heals 1 LP \(4 natural "
         r"now\): Nektar", "attack WEAPON alone: Magic first; Nektar or Ambrosia drunk between rounds",
         **played(392, 2, heroes=("bard",))),
    Form("attack scythe-of-thanatos no-drink", r"bard, ranged: rolled 6 and 5(.*\n)*    bard dies on chaos and is "
         r"reborn on Styx, keeping nektar-2", "no-drink: no Nektar or Ambrosia between rounds",
         **played(392, 2, heroes=("bard",))),
    Form("duel bard", r"gladiator \(close 9\) duels bard \(magic 9\): rolled 5 and 3, kept 3\+5=8: <= 9, success - "
         r"gladiator wins", "duel HERO - only when the scenario allows duels",
         **played(56, 1, scenario=DUELS)),
    Form("duel bard", r"challenge bard to a Duel is not legal now", "duel HERO - refused where the scenario has no Duels", ok=False, seed=4, heroes=PAIR,
         before=IXION),
    # -- the turn, the choices after it ------------------------------------------------------------------
    Form("end", r"bard: end the turn\n-- round 1: gladiator's turn \(on styx\)", "end - the hero's turn is over",
         before=("skip", "stop"), seed=4, heroes=PAIR),
    Form("choose 1 area-11", r"the heroes choose area-11 for [\w ]+ among equally good ends",
         "choose N TILE - a Damned One's counter to another of its equally good ends", **played(147, 12)),
    Form("choose 1 hades", r"a marker moves from passage-13 to hades",
         "choose N TILE - the Adventure markers of Chaos to another tile without markers (HitU 'The Damned One "
         "Appears': 'placed on another empty map tile of the active player's choosing')", **played(265, 3)),
    Form("choose 1 area-01", r"no decision 1: the last command numbered none", "choose N TILE - only a decision of the last command", ok=False,
         seed=4, heroes=PAIR),
    Form("options", r"bard, phase extend:\n   1\. draw a tile from stack 1 and place it to the N",
         "options - number every action possible now", seed=4, heroes=PAIR),
    Form("why", r'Heroes in the Underworld, "Combat": one successful trial wins', "why - the last command's reasons in the "
         "rulebook's words", before=IXION + ("fight ixion magic",), seed=4, heroes=PAIR),
    # -- the session's own ---------------------------------------------------------------------------------
    Form("map", r"Styx\n +BG\n.*\nheroes by initial; \? face-down marker", "map - draw the Underworld", seed=4, heroes=PAIR),
    Form("picture", r"^the board is drawn in .*forms\.svg: open it in a browser, or print it$", "picture - the Underworld as a picture beside the save", seed=4, heroes=PAIR),
    Form("status", r"round 1; Dark Side 1/11", "status - round, the Dark Side, every hero", seed=4, heroes=PAIR),
    Form("dice 3 3", r"rolled 3 and 3, kept 3\+3=6: <= 8, success - won",
         "dice A B - the faces the players rolled for the trial asked (--dice players)",
         before=IXION + ("fight ixion magic",), seed=4, heroes=PAIR, dice="players"),
    Form("3 3", r"rolled 3 and 3", "dice A B - the faces alone do too", before=IXION + ("fight ixion magic",),
         seed=4, heroes=PAIR, dice="players"),
    Form("dice 7 3", r"^a die shows 1 to 6: 7 is not a face; roll 2 dice for bard's magic trial against Ixion",
         "dice A B - a face no die shows is refused, the question asked again",
         before=IXION + ("fight ixion magic",), seed=4, heroes=PAIR, dice="players", ok=False),
    Form("undo", r"^undone: fight ixion magic \(it waited for dice: nothing of it was played\)",
         "undo - a command waiting for dice is taken back", before=IXION + ("fight ixion magic",), seed=4,
         heroes=PAIR, dice="players"),
    Form("undo", r"undone: fight ixion magic", "undo - take back the last command, its dice included",
         before=IXION + ("fight ixion magic",), seed=4, heroes=PAIR),
    Form("undo", r"undo refused: 'move area-17' turned up the marker ixion",
         "undo - a command that turned up a face-down marker is not taken back", before=IXION, ok=False, seed=4,
         heroes=PAIR),
    Form("help", r"extend STACK SIDE - Phase 1", "help - this list", seed=4, heroes=PAIR),
    Form("help fight", r"^fight COUNTER SKILL \[wish\]", "help COMMAND - one command", seed=4, heroes=PAIR),
    Form("components", r"What to put on the table|hero figures", "components - what to put on the table",
         seed=4, heroes=PAIR),
    Form("quit", r"bye; continue with `overlord resume ", "quit - stop here", seed=4, heroes=PAIR),
]


def _pick_form() -> Form:
    """`pick ID` after a wish: one of the three turned up (found by playing the wish on a copy)."""
    from overlord.games import registry
    from overlord.games.underworld.state import kind_of
    from overlord.games.underworld.table import UnderworldTable
    wish = next(f for f in FORMS if f.line == "fight avatar-3 magic wish")
    rules, content, _ = registry.open_scenario(wish.scenario)
    match = rules.new_match(content, list(wish.heroes), wish.seed)
    table = UnderworldTable(rules, match)
    for line in wish.before:
        table.execute(line.split()[0], line.split()[1:], line)
    table.execute("fight", wish.line.split()[1:], wish.line)
    shown = table.pending["shown"]
    item = next(c for c in shown if kind_of(match.state, c).kind == "item")
    return Form(f"pick {item}", rf"treasure for bard: {', '.join(shown)} turned up.*\n(.*\n)*.*bard takes {item}",
                "pick ID - keep this one of the three treasures turned up by wishing for luck",
                before=wish.before + (wish.line,), seed=wish.seed, heroes=wish.heroes, scenario=wish.scenario)


FORMS.append(_pick_form())


@pytest.mark.parametrize("form", FORMS, ids=str)
def test_a_form_typed_at_the_table(form, tmp_path):
    run_form(form, tmp_path, SCENARIO, PAIR)
