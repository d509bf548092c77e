"""How Return of the Heroes' table forms (``tests/test_table_forms_roth.py``) found the games in
which each command form can be typed: seeded games played as the table plays them (the game's own
generator rolls every die, as for a group at that seed; the enemy's phases and the rivals' turns
played after each command, ``enemy_until_hero``), the heroes' actions chosen by the heuristic bot
and now and then at random, each typed as a player types it (``rules.describe``), until the form's
verb is among the legal actions. The commands typed until then are the form's route, each replayed
through the real table session before it is written to ``tests/fixtures/roth-forms.yaml``:

    python tests/roth_forms_search.py          # writes the fixture again

A rule change that moves these seeded games moves the routes: run it again.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
FIXTURES = HERE / "fixtures"
OUT = FIXTURES / "roth-forms.yaml"

# scenario (as the forms name it) -> the verbs whose routes are searched in it
SEARCHED = {
    "roth": ("move", "search", "fly", "teleport", "fight", "take_task", "drop_task", "fulfil", "take", "drop", "use",
             "deed", "buy", "buy other", "close", "drink", "rest", "recover"),
    "roth-race": ("move", "search", "fly", "teleport", "fight", "take_task", "drop_task", "fulfil", "take", "drop",
                  "use", "deed", "buy", "buy other", "close", "drink", "rest", "recover"),
    "roth-players-choose": ("place",),
}
HEROES = (("leandra", "gro"), ("glingal", "antrax"), ("myra", "elanor"), ("agin", "sybil"))
#: verbs whose situation is a field the heroes walk to (the shortest way, ``toward``)
GOALS: dict[str, str] = {}


def scenario_path(name: str) -> str:
    return str(FIXTURES / f"{name}.yaml") if name == "roth-players-choose" else name


def probe(verb: str, legal: list[dict], actor: str) -> dict | None:
    """The first legal action of the form ``verb`` names (``buy other``: a purchase for another hero)."""
    if verb == "buy other":
        return next((a for a in legal if a["do"] == "buy" and a["for"] != actor), None)
    if verb == "buy":
        return next((a for a in legal if a["do"] == "buy" and a["for"] == actor), None)
    return next((a for a in legal if a["do"] == verb), None)


def search(scenario: str, seeds: range, commands: int = 500, verbs=None, parties=HEROES, choose=None,
           avoid: tuple = ("drop",)) -> dict[str, dict]:
    """The first route to each of the scenario's ``verbs`` (by default its ``SEARCHED``) in seeded
    games of ``parties``, the heroes' actions chosen by ``choose`` (by default Return of the Heroes'
    heuristic bot), now and then at random; the actions of ``avoid`` seldom taken."""
    from overlord.core.moves import enemy_until_hero
    from overlord.games import registry
    from overlord.games.roth import bots
    choose = choose or bots.choose_heuristic
    rules, content, _ = registry.open_scenario(scenario_path(scenario))
    todo = set(verbs or SEARCHED[scenario])
    found: dict[str, dict] = {}
    for seed in seeds:
        for heroes in parties:
            if not todo:
                return found
            match = rules.new_match(content, list(heroes), seed)
            enemy_until_hero(rules, match)
            minds = np.random.default_rng(seed)
            typed: list[str] = []
            for _ in range(commands):
                actor = rules.to_act(match)
                if actor is None or rules.outcome(match):
                    break
                legal = rules.legal_actions(match)
                for verb in sorted(todo):
                    hit = probe(verb, legal, actor)
                    if hit is not None:
                        found[verb] = {"scenario": scenario, "seed": seed, "heroes": list(heroes),
                                       "before": "; ".join(typed), "line": rules.describe(hit)}
                        todo.discard(verb)
                goal = next((GOALS[v] for v in sorted(todo) if v in GOALS), None)
                if goal is not None and any(a["do"] == "move" for a in legal) and minds.random() < 0.9:
                    action = toward(content.board, goal, [a for a in legal if a["do"] == "move"])
                elif minds.random() < 0.25:
                    action = legal[int(minds.integers(len(legal)))]
                else:
                    action = choose(match, legal, minds)
                if action["do"] in avoid and minds.random() < 0.9:
                    action = choose(match, [a for a in legal if a["do"] not in avoid], minds)
                typed.append(rules.describe(action))
                rules.apply(match, action)
                enemy_until_hero(rules, match)
    return found


def toward(board, goal: str, steps: list[dict]) -> dict:
    """The step nearest ``goal`` along the routes."""
    dist = {goal: 0}
    todo = [goal]
    back: dict[str, list[str]] = {}
    for a, ends in board.walk.items():
        for b in ends:
            back.setdefault(b, []).append(a)
    while todo:
        here = todo.pop(0)
        for prev in back.get(here, []):
            if prev not in dist:
                dist[prev] = dist[here] + 1
                todo.append(prev)
    return min(steps, key=lambda a: dist.get(a["to"], 999))


def replayed(route: dict) -> bool:
    """Whether every command of the route is accepted at the real table, and its line too."""
    from session_helpers import TableSession
    session, _ = TableSession.start(scenario_path(route["scenario"]), route["heroes"], route["seed"])
    try:
        lines = route["before"].split("; ") if route["before"] else []
        return all(session.execute(line).ok for line in lines + [route["line"]])
    finally:
        session.close()


def write_routes(searched: dict, search, seeds: range, out: Path, game: str) -> None:
    """Each scenario's routes found (``search(scenario, seeds)``), kept where they replay at the real
    table, written to ``out`` for ``tests/test_table_forms_<game>.py``."""
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(HERE))
    routes = {}
    for scenario in searched:
        found = search(scenario, seeds)
        for verb, route in sorted(found.items()):
            key = f"{scenario} {verb}"
            if replayed(route):
                routes[key] = route
            else:
                print(f"{key}: the route does not replay at the table", file=sys.stderr)
        print(f"{scenario}: not found {sorted(set(searched[scenario]) - set(found))}", file=sys.stderr)
    text = (f"# What is typed before each command form of tests/test_table_forms_{game}.py, found by playing the\n"
            f"# table's own games (tests/{game}_forms_search.py): the game's generator rolls every die, as at the\n"
            "# table; the heuristic bot, now and then a random one, chooses. `line` is the command then possible.\n"
            "# A rule change that changes these seeded games changes these routes too: run the search again.\n")
    out.write_text(text + yaml.safe_dump({"routes": routes}, width=110, sort_keys=True), encoding="utf-8")


def main() -> None:
    write_routes(SEARCHED, search, range(1, 40), OUT, "roth")


if __name__ == "__main__":
    main()
