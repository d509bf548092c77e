"""How Heldentaufe's table forms (``tests/test_table_forms_heldentaufe.py``) found the games in
which each command form can be typed: seeded games played at the table itself (its own generator
rolls every die, as for a group at that seed), the heuristic heroes' actions typed as a player
types them, the monsters' turns of ``monster_boss: players`` ended with ``monster done``, until a
probe finds the situation a form needs. The commands typed until then are the form's route,
written to ``tests/fixtures/heldentaufe-forms.yaml``:

    python tests/heldentaufe_forms_search.py          # writes the fixture again

A rule change that moves these seeded games moves the routes: run it again.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
FIXTURES = HERE / "fixtures"
PLAYERS = FIXTURES / "heldentaufe-players.yaml"      # the co-operative game, the players as the monster boss
OUT = FIXTURES / "heldentaufe-forms.yaml"


def typed(action: dict) -> str:
    """An engine action as the command a player types at the table (its fields in the order the
    table reads them)."""
    fields = {"move": ["to"], "explore": ["to"], "descend": ["portal"], "ascend": [], "fight": ["target", "companion"],
              "decline": ["card"], "eat": ["food"], "brew": ["potion", "companion"], "drink": ["potion"],
              "teleport": ["world", "to"], "collect": [], "equip": ["token"], "unequip": ["slot"],
              "drop": ["token", "from"], "forge": ["give", "take"], "trade": ["give", "take"],
              "mission": ["card", "reward", "target"], "end": ["improve"]}[action["do"]]
    words = [action["do"]]
    for f in fields:
        v = action.get(f)
        if v is not None:
            words += [str(x) for x in v] if isinstance(v, list) else [str(v)]
    return " ".join(words)


Probe = Callable[[object, list[dict]], "str | None"]


def _first(legal: list[dict], test, line=typed) -> str | None:
    return next((line(a) for a in legal if test(a)), None)


def _world(match) -> str:
    hero = match.state.board[match.state.heroes[match.state.seat]]
    return hero.world


HERO_PROBES: dict[str, Probe] = {
    "move up": lambda m, legal: _first(legal, lambda a: a["do"] == "move") if _world(m) == "upper" else None,
    "move down": lambda m, legal: _first(legal, lambda a: a["do"] == "move") if _world(m) == "under" else None,
    "descend": lambda m, legal: _first(legal, lambda a: a["do"] == "descend", lambda a: "descend"),
    "descend N": lambda m, legal: _first(legal, lambda a: a["do"] == "descend"),
    "ascend": lambda m, legal: _first(legal, lambda a: a["do"] == "ascend"),
    "fight": lambda m, legal: _first(legal, lambda a: a["do"] == "fight" and "companion" not in a
                                     and a["target"] in m.state.monsters),
    "fight companion": lambda m, legal: _first(legal, lambda a: a["do"] == "fight" and "companion" in a),
    "fight hero": lambda m, legal: _first(legal, lambda a: a["do"] == "fight" and a["target"] in m.state.board),
    "eat apple": lambda m, legal: _first(legal, lambda a: a["do"] == "eat" and a["food"] == "apple"),
    "eat fish": lambda m, legal: _first(legal, lambda a: a["do"] == "eat" and a["food"] == "fish"),
    "eat mushroom": lambda m, legal: _first(legal, lambda a: a["do"] == "eat" and a["food"] == "mushroom"),
    "brew healing": lambda m, legal: _first(legal, lambda a: a["do"] == "brew" and a["potion"] == "healing"
                                            and "companion" not in a),
    "brew berserker": lambda m, legal: _first(legal, lambda a: a["do"] == "brew" and a["potion"] == "berserker"
                                              and "companion" not in a),
    "brew teleport": lambda m, legal: _first(legal, lambda a: a["do"] == "brew" and a["potion"] == "teleport"
                                             and "companion" not in a),
    "brew companion": lambda m, legal: _first(legal, lambda a: a["do"] == "brew" and "companion" in a),
    "drink healing": lambda m, legal: _first(legal, lambda a: a["do"] == "drink" and a["potion"] == "healing"),
    "drink berserker": lambda m, legal: _first(legal, lambda a: a["do"] == "drink" and a["potion"] == "berserker"),
    "teleport upper": lambda m, legal: _first(legal, lambda a: a["do"] == "teleport" and a["world"] == "upper"),
    "teleport under": lambda m, legal: _first(legal, lambda a: a["do"] == "teleport" and a["world"] == "under"),
    "collect": lambda m, legal: _first(legal, lambda a: a["do"] == "collect"),
    "equip": lambda m, legal: _first(legal, lambda a: a["do"] == "equip"),
    "unequip": lambda m, legal: _first(legal, lambda a: a["do"] == "unequip"),
    "drop": lambda m, legal: _first(legal, lambda a: a["do"] == "drop" and a["from"] == "backpack",
                                    lambda a: f"drop {a['token']}"),
    "drop backpack": lambda m, legal: _first(legal, lambda a: a["do"] == "drop" and a["from"] == "backpack"),
    "drop inventory": lambda m, legal: _first(legal, lambda a: a["do"] == "drop" and a["from"] == "inventory"),
    "drop rack": lambda m, legal: _first(legal, lambda a: a["do"] == "drop" and a["from"] == "rack"),
    "forge": lambda m, legal: _first(legal, lambda a: a["do"] == "forge"),
    "trade": lambda m, legal: _first(legal, lambda a: a["do"] == "trade"),
    "mission": lambda m, legal: _first(legal, lambda a: a["do"] == "mission" and "reward" not in a and "target" not in a),
    "mission tooth": lambda m, legal: _first(legal, lambda a: a["do"] == "mission" and a.get("reward") == "tooth"),
    "mission equipment": lambda m, legal: _first(legal, lambda a: a["do"] == "mission" and a.get("reward") == "equipment"),
    "mission hero": lambda m, legal: _first(legal, lambda a: a["do"] == "mission" and "target" in a),
    "end improve": lambda m, legal: _first(legal, lambda a: a["do"] == "end" and "improve" in a),
}


def _monster_option(match, kind: str) -> str | None:
    from overlord.games.heldentaufe import boss
    s = match.state
    if s.cycle != "monster_turn" or not s.monster_points:
        return None
    if kind == "roll":
        return "monster roll" if boss.may_roll(s) else None
    step = next((o for o in boss.options(match.content, s) if o["do"] == kind), None)
    return f"monster {boss.step_words(step)}" if step else None


MONSTER_PROBES: dict[str, Callable[[object], "str | None"]] = {
    "monster move": lambda m: _monster_option(m, "move"),
    "monster attack": lambda m: _monster_option(m, "attack"),
    "monster done": lambda m: _monster_option(m, "done"),
    "monster roll": lambda m: _monster_option(m, "roll"),
}


def brewer(match, legal: list[dict], rng) -> dict:
    """A driver for the potions' forms, which the heuristic seldom meets: it gathers the three foods
    (dropping a doubled one to make room at a source), wears and trades for rings, brews the best
    potion it can, drinks and teleports when it can; otherwise it plays as the heuristic."""
    from collections import deque

    from overlord.games.heldentaufe import upper
    from overlord.games.heldentaufe.board import upper_neighbours
    from overlord.games.heldentaufe.content import FOOD_SOURCES
    s = match.state
    hero = s.board[legal[0]["hero"]]

    def pick(test):
        return next((a for a in legal if test(a)), None)
    rank = {"teleport": 0, "berserker": 1, "healing": 2}
    brews = sorted((a for a in legal if a["do"] == "brew"), key=lambda a: (rank[a["potion"]], "companion" in a))
    choice = (brews[0] if brews else None) \
        or pick(lambda a: a["do"] == "drink") \
        or pick(lambda a: a["do"] == "teleport" and a["world"] != hero.world) \
        or pick(lambda a: a["do"] == "equip" and a["token"].startswith("ring")) \
        or pick(lambda a: a["do"] == "trade" and a["take"].startswith("ring")) \
        or pick(lambda a: a["do"] == "end" and a.get("improve", "").startswith("ring"))
    if choice:
        return choice
    cards = match.content.missions
    if not any(cards[c].kind == "companion" and cards[c].boost == "ring" for c in hero.hand):
        choice = pick(lambda a: a["do"] == "decline" and cards[a["card"]].kind != "companion")
        if choice and rng.random() < 0.5:
            return choice                     # look for a Companion's ring
    if hero.world == "upper" and not any(":" not in p for p in hero.rack):
        held = set(hero.backpack)
        here = upper.food_here(s, hero)
        if here and here not in held:
            choice = pick(lambda a: a["do"] == "collect") or pick(
                lambda a: a["do"] == "drop" and a["from"] == "backpack" and hero.backpack.count(a["token"]) > 1) or pick(
                lambda a: a["do"] == "drop" and a["from"] == "backpack")
            if choice:
                return choice
        goals = {at for at, t in s.upper.items() if FOOD_SOURCES.get(upper.kind_of(t)) not in (None, *held)}
        dist = {g: 0 for g in goals}
        todo = deque(goals)
        while todo:
            a = todo.popleft()
            for n in upper_neighbours(a):
                if n in s.upper and n not in dist:
                    dist[n] = dist[a] + 1
                    todo.append(n)
        if hero.at in dist:
            step = min((a for a in legal if a["do"] == "move" and a["to"] in dist), key=lambda a: dist[a["to"]],
                       default=None)
            if step and dist[step["to"]] < dist[hero.at]:
                return step
    return match_bots()["heuristic"](match, legal, rng)


def match_bots():
    from overlord.games.heldentaufe.game import GAME
    return GAME.bots


def search(scenario: str, heroes: list[str], seeds, wanted: set[str], steps: int = 500,
           wander: float = 0.0, driver=None) -> dict[str, dict]:
    """probe -> its route (scenario, heroes, seed, before, line): the first game and moment at which
    the probe found a line to type. ``wander``: the share of the heroes' actions taken at random
    (never ``end``, unless nothing else is possible) - the heuristic seldom brews or teleports."""
    from overlord.games import registry
    from overlord.sim.play import players_rng
    rules, content, _ = registry.open_scenario(scenario)
    found: dict[str, dict] = {}
    for seed in seeds:
        if wanted <= set(found):
            break
        match = rules.new_match(content, list(heroes), seed)
        table = rules.table(match)
        players = players_rng(seed)
        before: list[str] = []
        for _ in range(steps):
            if rules.outcome(match) is not None:
                break
            if match.state.cycle == "monster_turn" and match.state.monster_points:
                for name, probe in MONSTER_PROBES.items():
                    line = probe(match) if name in wanted and name not in found else None
                    if line:
                        found[name] = _route(scenario, heroes, seed, before, line)
                line = "monster done"
            else:
                legal = rules.legal_actions(match)
                for name, probe in HERO_PROBES.items():
                    line = probe(match, legal) if name in wanted and name not in found else None
                    if line:
                        found[name] = _route(scenario, heroes, seed, before, line)
                if wander and players.random() < wander:
                    pick = [a for a in legal if a["do"] != "end"] or legal
                    line = typed(pick[int(players.integers(len(pick)))])
                else:
                    line = typed((driver or rules.bots["heuristic"])(match, legal, players))
            words = line.split()
            table.execute(words[0], words[1:], line)
            before.append(line)
    return found


def _route(scenario, heroes, seed, before, line) -> dict:
    shown = scenario if not str(scenario).endswith(".yaml") else f"fixtures/{Path(scenario).name}"
    return {"scenario": shown, "heroes": list(heroes), "seed": seed, "before": "; ".join(before), "line": line}


PARTIES = {"heldentaufe": [["erla", "corlof"], ["mathian", "luphius"], ["jupanila", "erla"]],
           "heldentaufe-race": [["erla", "corlof"], ["mathian", "luphius"], ["jupanila", "erla", "corlof"]],
           str(PLAYERS): [["erla", "corlof", "mathian"]]}


def main() -> int:
    routes: dict[str, dict] = {}
    for scenario, parties in PARTIES.items():
        name = Path(scenario).stem
        wanted = set(MONSTER_PROBES) if scenario == str(PLAYERS) else set(HERO_PROBES)
        found: dict[str, dict] = {}
        for driver, seeds in ((None, range(1, 9)), (brewer, range(1, 41))):
            for party in parties:
                if wanted <= set(found):
                    break
                found.update(search(scenario, party, seeds, wanted - set(found), driver=driver))
        for probe, route in found.items():
            routes[f"{name} {probe}"] = route
        missing = sorted(wanted - set(found))
        print(f"{name}: {len(found)} of {len(wanted)} forms found" + (f"; none for {', '.join(missing)}" if missing else ""),
              file=sys.stderr)
    shortest = {k: routes[k] for k in sorted(routes)}
    head = ("# What is typed before each command form of tests/test_table_forms_heldentaufe.py: seeded games\n"
            "# played at the table (its generator rolls every die), the heuristic heroes' actions typed as\n"
            "# players type them, until the form's command was possible (`line`). Written by\n"
            "# tests/heldentaufe_forms_search.py; a rule change that moves these games moves the routes: run it\n"
            "# again (every command of `before` must be accepted).\n")
    OUT.write_text(head + yaml.safe_dump({"routes": shortest}, sort_keys=False, width=110), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main())
