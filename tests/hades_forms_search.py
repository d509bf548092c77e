"""How the table forms of the Underworld beneath Return of the Heroes (``tests/test_table_forms_hades.py``)
found the games in which each command form can be typed: seeded races played as the table plays them
(the game's own generator rolls every die; the rivals' turns played after each command), the heroes'
actions chosen by the combination's heuristic bot and now and then at random, each typed as a player
types it at this table (``Table.typed``: below, the Underworld's commands), until the form's verb is
among the legal actions - above (Return of the Heroes' verbs and ``enter``) or below (the Underworld's
verbs and ``leave``, keyed ``below VERB``). The shortest route a verb's seeds found is kept, each
replayed through the real table session before it is written to ``tests/fixtures/hades-forms.yaml``:

    python tests/hades_forms_search.py          # writes the fixture again

A rule change that moves these seeded games moves the routes: run it again.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = HERE / "fixtures" / "hades-forms.yaml"
SCENARIO = "roth-underworld"

ABOVE = ("move", "search", "fly", "teleport", "fight", "take_task", "drop_task", "fulfil", "take", "drop", "use",
         "deed", "pick", "buy", "close", "drink", "rest", "recover", "enter", "end")
BELOW = ("extend", "skip_extend", "orient", "step", "stop", "fight", "escape", "encounter", "accept", "fulfil", "use",
         "discard", "attack_damned", "drink", "duel", "end", "leave")
HEROES = (("leandra", "gro"), ("glingal", "antrax"))
COMMANDS = 700


def search(seeds: range) -> dict[str, dict]:
    from overlord.core.moves import enemy_until_hero
    from overlord.games import registry
    from overlord.games.hades import bots
    rules, content, _ = registry.open_scenario(SCENARIO)
    todo = {f"above {v}" for v in ABOVE} | {f"below {v}" for v in BELOW}
    found: dict[str, dict] = {}
    for seed in seeds:
        for heroes in HEROES:
            match = rules.new_match(content, list(heroes), seed)
            enemy_until_hero(rules, match)
            table = rules.table(match)
            minds = np.random.default_rng(seed)
            typed: list[str] = []
            for _ in range(COMMANDS):
                actor = rules.to_act(match)
                if actor is None or rules.outcome(match):
                    break
                legal = rules.legal_actions(match)
                world = "below" if actor in match.state.below and not match.state.pending else "above"
                for a in legal:
                    key = f"{world} {a['do']}"
                    if key in todo and (key not in found or len(typed) < len(found[key]["before"].split("; "))):
                        found[key] = {"scenario": SCENARIO, "seed": seed, "heroes": list(heroes),
                                      "before": "; ".join(typed), "line": table.typed(a)}
                if minds.random() < 0.2:
                    action = legal[int(minds.integers(len(legal)))]
                else:
                    action = bots.choose_heuristic(match, legal, minds)
                if action["do"] in ("drop", "drop_task", "discard") and minds.random() < 0.9:
                    action = bots.choose_heuristic(match, [a for a in legal if a["do"] != action["do"]] or legal, minds)
                typed.append(table.typed(action))
                rules.apply(match, action)
                enemy_until_hero(rules, match)
    return found


def replayed(route: dict) -> bool:
    from session_helpers import TableSession
    session, _ = TableSession.start(route["scenario"], route["heroes"], route["seed"])
    try:
        lines = route["before"].split("; ") if route["before"] else []
        return all(session.execute(line).ok for line in lines + [route["line"]])
    finally:
        session.close()


def main() -> None:
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(HERE))
    found = search(range(1, 13))
    routes = {}
    for key, route in sorted(found.items()):
        if replayed(route):
            routes[key] = route
        else:
            print(f"{key}: the route does not replay at the table", file=sys.stderr)
    print(f"not found: {sorted(({f'above {v}' for v in ABOVE} | {f'below {v}' for v in BELOW}) - set(found))}",
          file=sys.stderr)
    text = ("# What is typed before each command form of tests/test_table_forms_hades.py, found by playing the\n"
            "# table's own games (tests/hades_forms_search.py): the game's generator rolls every die, as at the\n"
            "# table; the heuristic bot, now and then a random one, chooses. `line` is the command then possible.\n"
            "# A rule change that changes these seeded games changes these routes too: run the search again.\n")
    OUT.write_text(text + yaml.safe_dump({"routes": routes}, width=110, sort_keys=True), encoding="utf-8")


if __name__ == "__main__":
    main()
