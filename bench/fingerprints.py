"""Fingerprints of seeded games: the guard of a restructuring that must not change what is played.

For every shipped scenario, each hero count it allows and each bot named (random and heuristic by
default), a few seeded headless games are played to the end (or the scenario's round limit, at
most 30 rounds), and the sha256 of three things is kept: the final state as JSON, the narration
of every event, and the words of every legal action offered along the way (``describe``). A
change that is only a restructuring leaves every fingerprint as it was; a rule change shows as
the games it changes:

    python bench/fingerprints.py --write          # keep today's (bench/fingerprints.json)
    python bench/fingerprints.py                  # compare with the kept ones; exit 1 on a change
    python bench/fingerprints.py --scenario roth-underworld    # one scenario's games only

About a minute of CPU. Not part of the tests (a rule fix rewrites the file on purpose, named in
its commit); a restructuring's note says it printed "all N games the same".
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from overlord.games import registry  # noqa: E402
from overlord.sim.play import bot_of, players_rng  # noqa: E402
from overlord.core.game import match_json  # noqa: E402

KEPT = ROOT / "bench" / "fingerprints.json"
SCENARIOS = ["forgotten-souls", "underworld", "heldentaufe", "heldentaufe-race", "dragon", "dragon-duel", "roth",
             "roth-race", "roth-standard", "roth-unknown",
             # the combined games (issue 44): the guard of the family layer they share
             "kingdom-dragon", "kingdom-dragon-together", "roth-underworld", "roth-underworld-together"]


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def fingerprint(scenario: str, heroes: int, bot: str, seed: int, max_rounds: int = 30) -> dict:
    rules, content, _ = registry.open_scenario(scenario)
    info = rules.info(content)
    match = rules.new_match(content, rules.party(content, heroes, seed), seed)
    choose = bot_of(rules, bot)
    players = players_rng(seed)
    offered = []
    limit = min(max_rounds, info.max_rounds)
    while rules.outcome(match) is None and match.state.round <= limit:
        if rules.to_act(match) is None:
            rules.enemy_phase(match, players)
        else:
            legal = rules.legal_actions(match)
            offered.append("|".join(rules.describe(a) for a in legal))
            rules.apply(match, choose(match, legal, players), players)
    out = rules.outcome(match)
    return {"result": out.result if out else "unfinished", "round": match.state.round,
            # a Descent state names its scenario file by absolute path: the same in every checkout
            "state": _sha(match_json(match).replace(str(ROOT), "<checkout>")),
            "narration": _sha("\n".join(rules.narrate(match, match.state.log))),
            "offered": _sha("\n".join(offered))}


def run(bots: list[str], seeds: list[int], scenarios: list[str]) -> dict:
    out = {}
    for scenario in scenarios:
        rules, content, _ = registry.open_scenario(scenario)
        for heroes in rules.info(content).hero_counts:
            for bot in bots:
                for seed in seeds:
                    out[f"{scenario}/{heroes}/{bot}/{seed}"] = fingerprint(scenario, heroes, bot, seed)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="keep today's fingerprints")
    ap.add_argument("--bots", nargs="*", default=["random", "heuristic"])
    ap.add_argument("--seeds", nargs="*", type=int, default=[1, 2])
    ap.add_argument("--scenario", action="append", choices=SCENARIOS,
                    help="only this scenario's games (repeatable; with --write, kept beside the others)")
    args = ap.parse_args()
    now = run(args.bots, args.seeds, args.scenario or SCENARIOS)
    kept = json.loads(KEPT.read_text()) if KEPT.exists() else {}
    if args.write:
        KEPT.write_text(json.dumps({**kept, **now} if args.scenario else now, indent=1, sort_keys=True) + "\n")
        print(f"kept {len(now)} games in {KEPT.relative_to(ROOT)}")
        return 0
    changed = [k for k in now if k in kept and kept[k] != now[k]]
    for k in changed:
        fields = [f for f in now[k] if now[k][f] != kept[k].get(f)]
        print(f"changed {k}: {', '.join(fields)}")
    missing = [k for k in now if k not in kept]
    for k in missing:
        print(f"not kept {k}")
    same = len(now) - len(changed) - len(missing)
    print(f"{same} of {len(now)} games the same" + (" (all)" if same == len(now) else ""))
    return 1 if changed or missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
