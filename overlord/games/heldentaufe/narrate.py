"""Heldentaufe's events in words, for the table and for ``overlord replay --print``.

The monsters' turn says each plan with its key and its ties in the words of every game
(``overlord.core.context.tied``: "as good: ... (the players may choose)"), then each monster's step
with the plan it carries out ("[plan N]"). Plans are numbered from 1 in the order
the game's log holds them (the program's plans and its advice to players who command the monsters
alike), so a number means the same plan in every narration of the game, after ``resume`` too. The
players' own commands of the monsters carry no plan number.
"""

from __future__ import annotations

from overlord.core.context import tied

from . import forecast
from .content import Content
from .planner import KEY_FIELDS, key_value
from .state import HState
from ...view.words import count
from .engine import describe
from .verbs import MOVES

SHOWN_TIES = 3
PLAN_EVENTS = ("monster_plan", "monster_advice")

# how each field of a plan's key counts, in the words a player reads (older saves' plans may lack
# the newer fields: they are told as they are)
WAYS = {
    "balance": ("more is better", f"in hearts: hearts taken, {forecast.KNOCKOUT:g} more for each hero knocked "
                                  "out, less " + ("the teeth handed over" if forecast.TOOTH == 1 else
                                                  f"{forecast.TOOTH:g} for each point of teeth handed over")
                + ", plus the heroes' reply"),
    "heroes knocked out": ("more is better", "expected, over the combat dice"),
    "hearts taken": ("more is better", "expected hearts the monsters' attacks take"),
    "teeth handed over": ("fewer is better", "expected points of teeth a monster gives up when it loses its last "
                                             "heart attacking, a Monster Hunter card's 2 teeth included"),
    "the heroes' reply": ("more is better", "what the heroes' attacks in their next turns are expected to cost "
                                            "the monsters where the plan leaves them, in hearts; 0 at best"),
    "blocked": ("more is better", "usable portals and the treasure's neighbours held"),
    "distance": ("less is better", "the monsters' steps to the nearest hero below, added up"),
    "points used": ("fewer is better", "the points held back are not spent"),
}


def _number(v) -> str:
    if isinstance(v, float):
        return f"{v + 0:.2f}"
    return str(v)


def key_text(key: dict) -> str:
    """"balance 1.15, heroes knocked out 0.00, hearts taken 1.88, ..." (expectations to 2 places),
    each value as the players read it (more is more)."""
    return ", ".join(f"{name} {_number(key_value(name, key[name]))}" for name in KEY_FIELDS[:-1] if name in key)


def key_lines(key: dict) -> list[str]:
    """A plan's key, a field a line, each with which way it counts."""
    out = []
    for k, name in enumerate((n for n in key if n != "fixed order"), start=1):
        way, what = WAYS.get(name, ("", ""))
        out.append(f"    {k}. {name} {_number(key_value(name, key[name]))}" + (f" - {way} ({what})" if way else ""))
    return out


def plan_numbers(s: HState, events: list[dict]) -> dict[int, int]:
    """id(event) -> its plan number in the game (1 for the first plan in the log), for the plan
    events among ``events``: they are the log's own when ``events`` is its tail (a command's), else
    numbered from 1 (a log read from a file)."""
    log = s.log
    start = len(log) - len(events)
    before = 0
    if events and start >= 0 and log[start] is events[0]:
        before = sum(1 for e in log[:start] if e.get("event") in PLAN_EVENTS)
    out = {}
    for e in events:
        if e.get("event") in PLAN_EVENTS:
            before += 1
            out[id(e)] = before
    return out


def narrate(c: Content, s: HState, events: list[dict]) -> list[str]:
    lines: list[str] = []
    numbers = plan_numbers(s, events)
    carried = None                     # the number of the program's plan being carried out
    for e in events:
        kind = e.get("event")
        f = _TELL.get(kind) or MOVES.teller(kind)        # the events only one action logs: its move tells them
        if kind == "monster_plan":
            carried = numbers[id(e)]
            lines += _plan(e, carried)
        elif kind == "monster_advice":
            carried = None
            lines += ["  you command the monsters (4 points): `monster ID move X,Y`, `monster ID attack HERO`, "
                      "`monster done` (or a number of `options`); the program would play:"] + _plan(e, numbers[id(e)])
        elif kind == "monster_move":
            lines.append(f"  {e['monster']} moves {e['from']} -> {e['to']}"
                         + {"leave_nest": " (leaves its nest)", "come_home": " (back on its nest)"}.get(e.get("trigger"), "")
                         + _tag(carried))
        elif kind == "fight" and e["attacker"] in s.monsters:
            lines.append(f"  {_fight(e)}{_tag(carried)}")
        elif f is not None:
            if kind == "monster_turn":
                carried = None
            text = f(c, s, e)
            if text:
                lines.extend(text if isinstance(text, list) else [text])
    return lines


def _tag(plan: int | None) -> str:
    return f" [plan {plan}]" if plan else ""


POLICIES = {"planner": "the program's plan", "greedy": "the program, a step at a time",
            "players": "the players command", "advice": "the program's advice"}


def policy_words(policy: str) -> str:
    """How the monsters' turn is played, in words (a policy of the user's own by its name)."""
    return POLICIES.get(policy, f"the policy {policy}")


def plan_words(plans) -> list[str]:
    """Plans as players read them, each its steps ("ulumu attacks corlof; wallrog attacks corlof")."""
    return ["; ".join(steps) or "hold back" for steps in plans]


def _plan(e: dict, n: int) -> list[str]:
    d = e["decision"]
    steps = "; ".join(d["choice"]) or "hold back every point"
    policy = "advice" if e.get("event") == "monster_advice" else e["policy"]
    out = [f"  plan {n} ({count(e['points'], 'point')}, {policy_words(policy)}): {steps}",
           f"    why: {key_text(d['key'])} - the best of {count(d['considered'], 'plan')} (`why {n}` says more)"]
    if d.get("tied"):
        out.append(f"    {tied(plan_words(d['ties'][:SHOWN_TIES]), more=max(0, d['tied'] - SHOWN_TIES))}")
    return out


def _fight(e: dict) -> str:
    a, d = e["rolls"]
    ta, td = e["totals"]
    return (f"{e['attacker']} attacks {e['defender']}: {a} + {ta - a} = {ta} against {d} + {td - d} = {td}"
            f" - {e['winner']} wins" + (" (the attacker wins ties)" if ta == td else ""))


_KINDS = {"hunter": "Monster Hunter", "porter": "Porter", "observer": "Observer", "explorer": "Explorer",
          "thief": "Thief", "companion": "Companion"}
_BOOSTS = {"boots": "+1 action point now", "ring": "+1 recipe for this brewing", "sword": "+2 in this fight"}


def _gave(e):
    return f"; gives up {', '.join(e['gave_up'])}" if e.get("gave_up") else ""


_TELL = {
    "setup": lambda c, s, e: [f"Heldentaufe ({'co-operative' if e['mode'] == 'coop' else 'the race'}): "
                              f"{', '.join(e['heroes'])} at the campfire (seed {e['seed']})",
                              f"  teeth to win: {e['target']} points" + (f"; the clock's limit: {e['clock']}"
                                                                          if e.get("clock") else "")],
    "turn": lambda c, s, e: f"-- round {e['round']}: {e['hero']}'s turn --",
    "round": lambda c, s, e: None,
    "treasure_die": lambda c, s, e: f"  {e['hero']} rolls the treasure die: {e['face'].replace('_', ' ')} ({e['result']})",
    "turn_ends": lambda c, s, e: f"  {e['hero']}'s turn ends ({'an explored forest' if e['why'] == 'forest' else 'a trap'})",
    "marker": lambda c, s, e: f"  {e['hero']} is the first below: the monster boss marker goes after {e['hero']}'s turn",
    "treasure": lambda c, s, e: f"  {e['hero']} reaches the treasure chest on {e['at']}: three rolls of the treasure die",
    "danger": lambda c, s, e: f"  {e['hero']} turns up the danger on {e['at']}: " + ("a trap! 1 heart lost" if e["trap"] else "nothing"),
    "fight": lambda c, s, e: f"  {_fight(e)}",
    "wounded": lambda c, s, e: f"  {e['monster']} is wounded: {count(e['hearts'], 'heart')} left",
    "defeated": lambda c, s, e: f"  {e['monster']} is defeated: {e['hero']} takes its tooth worth {e['tooth']}"
                                + (" - it has no tooth left and never returns" if e["life"] == "gone" else ""),
    "knocked_out": lambda c, s, e: f"  {e['hero']} is knocked out by {e['by']}{_gave(e)}"
                                   + ("; the teeth are exchanged" if e.get("teeth_exchanged") else "")
                                   + f"; back on {e['to']} with 1 heart",
    "mission": lambda c, s, e: f"  {e['hero']} completes {e['card']} ({_KINDS.get(e['kind'], e['kind'])})"
                               + (f": {count(e['teeth'], 'small tooth', 'small teeth')}" if e.get("teeth") else "")
                               + (f": {e['equipment']} ({e['went']})" if e.get("equipment") else "")
                               + (f": {_BOOSTS.get(e['boost'], e['boost'])}" if e.get("boost") else "")
                               + (f": 1 small tooth from {e['from']}" if e.get("from") else ""),
    "improved": lambda c, s, e: f"  {e['hero']} improves {e['from']} to {e['to']} in the laboratory",
    "potion_spent": lambda c, s, e: f"  {e['hero']} gives up the used {e['potion']} potion",
    "monster_turn": lambda c, s, e: f"== The monsters' turn: {e['points']} action points "
                                    f"({policy_words(e['policy'])}) ==",
    "monster_command": lambda c, s, e: None,
    "monster_boss": lambda c, s, e: _boss(e),
    "monster_boss_roll": lambda c, s, e: _boss_roll(e),
    "monster_turn_over": lambda c, s, e: f"  the monsters hold back {count(e['left'], 'point')}" if e["left"] else None,
    "rebuilt": lambda c, s, e: "  no hero is left below: the Underworld is rebuilt (treasure, dangers, "
                               f"{', '.join(e['monsters']) or 'no monster'} back on the nests); the marker is set aside",
    "turn_end": lambda c, s, e: (f"  {e['hero']} draws {', '.join(e['cards'])} from the missions' pile"
                                 if e.get("cards") else None),
    "action": lambda c, s, e: _action(e),
    "end": lambda c, s, e: f"== {e['result'].capitalize()}: {e['reason']} ==",
}


def _names(hs: list[str]) -> str:
    return hs[0] if len(hs) == 1 else ", ".join(hs[:-1]) + f" and {hs[-1]}"


def _boss(e: dict) -> str:
    if not e["agree"]:
        return f"  {e['players'][0]} commands the monsters ({e['why']})"
    return (f"  {_names(e['players'])} command the monsters together ({e['why']}): they agree on the points, "
            "or `monster roll` - the highest combat die commands")


def _boss_roll(e: dict) -> str:
    rounds = "; again: ".join(", ".join(f"{h} {v}" for h, v in r.items()) for r in e["rolls"])
    return f"  a roll decides who commands the monsters ({e['why']}): {rounds} - {e['commander']} commands"


def _action(e: dict) -> str | None:
    do = e["do"]
    if do in ("move", "descend", "ascend", "eat", "brew", "drink", "teleport", "equip", "unequip", "drop"):
        return "  " + describe({k: v for k, v in e.items() if k != "event"})
    return None
