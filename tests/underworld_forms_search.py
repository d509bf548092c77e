"""How the Underworld's table forms (``tests/test_table_forms_underworld.py``) found the games in
which each command form can be typed: the heuristic heroes play seeded games through the engine,
each action written as the command a player types, until a probe finds the situation a form
needs; the commands typed so far are the form's ``before``. Run it to find them again after a
rule change moves the games (``python tests/underworld_forms_search.py``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from overlord.games.underworld import engine
from overlord.games.underworld.game import GAME
from overlord.sim.play import players_rng


def typed(action: dict) -> str:
    """An engine action as the command a player types at the table."""
    do = action["do"]
    return {
        "extend": lambda a: f"extend {a['stack'] + 1} {a['side']}",
        "skip_extend": lambda a: "skip",
        "orient": lambda a: f"turn {a['turns']}",
        "step": lambda a: f"move {a['to']}",
        "stop": lambda a: "stop",
        "end": lambda a: "end",
        "fight": lambda a: f"fight {a['counter']} {a['skill']}",
        "escape": lambda a: f"escape {a['skill']}",
        "encounter": lambda a: f"encounter {a['counter']}",
        "accept": lambda a: f"accept {a['task']}",
        "fulfil": lambda a: f"fulfil {a['task']}",
        "use": lambda a: f"use {a['place']}",
        "discard": lambda a: f"discard {a['item']}",
        "drink": lambda a: f"drink {a['item']}",
        "duel": lambda a: f"duel {a['defender']}",
        "attack_damned": lambda a: f"attack {a['weapon']}" + (f" {a['skill']}" if a.get("skill") else ""),
    }[do](action)


def try_line(match, line: str) -> list[dict] | None:
    """The events ``line`` would cause now (on a copy), or None if the table refuses it."""
    from overlord.games.underworld.table import UnderworldTable
    from overlord.core.game import RulesError
    trial = GAME.clone(match)
    words = line.split()
    try:
        action = UnderworldTable(GAME, trial)._parse(words[0], words[1:])
        return engine.apply(trial.state, trial.content, action)
    except RulesError:
        return None


Probe = Callable[[object, list[dict]], "str | None"]


def search(content, heroes: list[str], seeds, probes: dict[str, Probe], steps: int = 600) -> dict[str, tuple]:
    """name -> (heroes, seed, before, line) for each probe: the first game and moment at which
    ``probe(match, legal)`` returns a line to type."""
    found: dict[str, tuple] = {}
    for seed in seeds:
        if len(found) == len(probes):
            break
        match = GAME.new_match(content, heroes, seed)
        players = players_rng(seed)
        choose = GAME.bots["heuristic"]
        before: list[str] = []
        for _ in range(steps):
            if match.state.outcome:
                break
            legal = engine.legal_actions(match.state)
            for name, probe in probes.items():
                if name not in found:
                    line = probe(match, legal)
                    if line:
                        found[name] = (list(heroes), seed, list(before), line)
            action = {k: v for k, v in choose(match, legal, players).items() if k != "with"}
            before.append(typed(action))
            match.last_events = engine.apply(match.state, match.content, action)
    return found


# -- the probes: what each form needs --------------------------------------------------------------------

def _ev(events, kind: str, **keys) -> bool:
    return any(e.get("event") == kind and all(e.get(k) == v for k, v in keys.items()) for e in events or [])


def _kind(match, cid: str):
    from overlord.games.underworld.state import kind_of
    return kind_of(match.state, cid)


def _first(match, legal, do: str, line: Callable[[dict], list[str]], check) -> str | None:
    """The first line built from a legal action ``do`` whose events (on a copy) pass ``check``."""
    for a in legal:
        if a["do"] == do:
            for candidate in line(a):
                if check(try_line(match, candidate)):
                    return candidate
    return None


def _items(match) -> list[str]:
    return [i.id for i in match.state.sheets[match.state.turn.hero].items]


def _tie(kind: str):
    def probe(match, legal):
        from overlord.games.underworld.narrate import tie_decisions
        open_ = tie_decisions(getattr(match, "last_events", []) or [])
        for n, d in enumerate(open_, start=1):
            if (kind == "counter") == ("counter" in d):
                return f"choose {n} {next(t for t in d['ties'] if t != d['end'])}"
        return None
    return probe


PAIR_PROBES = {
    "fight wish": lambda m, legal: _first(m, legal, "fight", lambda a: [typed(a) + " wish"],
                                          lambda ev: _ev(ev, "treasure_revealed", wish=True) and _ev(ev, "item_taken")),
    "fight trade": lambda m, legal: _first(m, legal, "fight", lambda a: [typed(a) + " trade"], lambda ev: _ev(ev, "traded")),
    "fight COLOUR": lambda m, legal: _first(m, legal, "fight", lambda a: [typed(a) + " blue"],
                                            lambda ev: _ev(ev, "cube", colour="blue")),
    "fight shadow SKILL": lambda m, legal: _first(m, legal, "fight", lambda a: [typed(a) + " shadow ranged"],
                                                  lambda ev: _ev(ev, "shadow_cube", skill="ranged")),
    "encounter SKILL": lambda m, legal: _first(m, legal, "encounter", lambda a: [typed(a) + " close"],
                                               lambda ev: _ev(ev, "trial", skill="close")),
    "encounter stay": lambda m, legal: _first(m, legal, "encounter", lambda a: [typed(a) + " stay"],
                                              lambda ev: _ev(ev, "encounter")),
    "encounter discard ITEM": lambda m, legal: _first(m, legal, "encounter",
                                                      lambda a: [typed(a) + f" discard {i}" for i in _items(m)],
                                                      lambda ev: _ev(ev, "item_discarded")),
    "encounter keep-all": lambda m, legal: _first(m, legal, "encounter", lambda a: [typed(a) + " keep-all"],
                                                  lambda ev: _ev(ev, "no_weapon")),
    "accept": lambda m, legal: _first(m, legal, "accept", lambda a: [typed(a)], bool),
    "fulfil wish": lambda m, legal: _first(m, legal, "fulfil", lambda a: [typed(a) + " wish"],
                                           lambda ev: _ev(ev, "treasure_revealed", wish=True)),
    "fulfil discard ITEM": lambda m, legal: _first(m, legal, "fulfil",
                                                   lambda a: [typed(a) + f" discard {i}" for i in _items(m)],
                                                   lambda ev: _ev(ev, "item_discarded")),
    "use styx": lambda m, legal: _first(m, legal, "use", lambda a: ["use styx"], lambda ev: _ev(ev, "healed")),
    "use lethe SKILL": lambda m, legal: _first(m, legal, "use", lambda a: ["use lethe close"],
                                               lambda ev: _ev(ev, "cube_lost", skill="close")),
    "use hades discard ITEM": lambda m, legal: _first(m, legal, "use",
                                                      lambda a: [f"use hades discard {i}" for i in _items(m)],
                                                      lambda ev: _ev(ev, "item_discarded")),
    "escape": lambda m, legal: _first(m, legal, "escape", lambda a: [typed(a)], bool),
    "drink": lambda m, legal: _first(m, legal, "drink", lambda a: [typed(a)], bool),
    "attack keep ITEM": lambda m, legal: _first(m, legal, "attack_damned",
                                                lambda a: [typed(a) + f" keep {i}" for i in _items(m)],
                                                lambda ev: any(e.get("event") == "death" and e.get("kept") for e in ev or [])),
    "choose (a tied move)": _tie("counter"),
    "choose (Chaos's markers)": _tie("markers"),
}
SOLO_PROBES = {
    "encounter COLOUR": lambda m, legal: _first(m, legal, "encounter", lambda a: [typed(a) + " red"],
                                                lambda ev: _ev(ev, "shadow_cube_converted")),
    "attack (alone) no-drink": lambda m, legal: _first(m, legal, "attack_damned", lambda a: [typed(a) + " no-drink"],
                                                       bool),
}
PROBES = [(["bard", "gladiator"], range(1, 60), PAIR_PROBES), (["gladiator", "bard"], range(1, 60),
          {"fight second": lambda m, legal: _first(m, legal, "fight", lambda a: [typed(a) + " second"],
                                                   lambda ev: any(e.get("round") == 2 for e in ev or []))}),
          (["gnome", "bard"], range(1, 60), {"fight close+magic": lambda m, legal: next(
              (typed(a) for a in legal if a["do"] == "fight" and "+" in a["skill"]), None)}),
          (["bard"], range(1, 30), SOLO_PROBES)]


if __name__ == "__main__":                                       # pragma: no cover - a tool
    scenario = sys.argv[1] if len(sys.argv) > 1 else "scenarios/underworld.yaml"
    for heroes, seeds, probes in PROBES:
        for name, (h, seed, before, line) in search(GAME.load(scenario), heroes, seeds, probes).items():
            print(f"{name}: played({len(before)}, {seed}, heroes={tuple(h)}) then {line!r}")
