"""Heldentaufe's events in words, for the table and for ``overlord replay --print``.

The monsters' turn says each plan with its key and its ties ("the heroes may choose"), then each
monster's step with the plan it carries out.
"""

from __future__ import annotations

from .content import Content
from .planner import KEY_FIELDS
from .state import HState
from ...view.words import count

SHOWN_TIES = 3


def key_text(key: dict) -> str:
    """"heroes knocked out 0.25, hearts taken 1.72, ..." (expectations to 2 places)."""
    out = []
    for name in KEY_FIELDS[:-1]:
        v = key.get(name)
        if isinstance(v, float):
            v = abs(v)
            out.append(f"{name} {v:.2f}")
        elif v is not None:
            out.append(f"{name} {abs(v)}")
    return ", ".join(out)


def narrate(c: Content, s: HState, events: list[dict]) -> list[str]:
    lines: list[str] = []
    plan_no = 0
    for e in events:
        kind = e.get("event")
        f = _TELL.get(kind)
        if kind == "monster_plan":
            plan_no += 1
            lines += _plan(e, plan_no)
        elif kind == "monster_advice":
            plan_no += 1
            lines += ["  you command the monsters (4 points): `monster ID move X,Y`, `monster ID attack HERO`, "
                      "`monster done`; the program would play:"] + _plan({**e, "policy": "advice"}, plan_no)
        elif kind == "monster_move":
            lines.append(f"  {e['monster']} moves {e['from']} -> {e['to']}"
                         + {"leave_nest": " (leaves its nest)", "come_home": " (back on its nest)"}.get(e.get("trigger"), "")
                         + f" [plan {plan_no}]")
        elif kind == "fight" and e["attacker"] in s.monsters:
            lines.append(f"  {_fight(e)} [plan {plan_no}]")
        elif f is not None:
            text = f(c, s, e)
            if text:
                lines.extend(text if isinstance(text, list) else [text])
    return lines


def _plan(e: dict, n: int) -> list[str]:
    d = e["decision"]
    steps = "; ".join(d["choice"]) or "hold back every point"
    out = [f"  plan {n} ({count(e['points'], 'point')}, {e['policy']}): {steps}",
           f"    why: {key_text(d['key'])} - the best of {count(d['considered'], 'plan')}"]
    if d.get("tied"):
        shown = " | ".join("; ".join(t) or "hold back" for t in d["ties"][:SHOWN_TIES])
        more = f" and {d['tied'] - SHOWN_TIES} more" if d["tied"] > SHOWN_TIES else ""
        out.append(f"    as good ({d['tied']}; the fixed order took the first): {shown}{more}")
    return out


def _fight(e: dict) -> str:
    a, d = e["rolls"]
    ta, td = e["totals"]
    return (f"{e['attacker']} attacks {e['defender']}: {a} + {ta - a} = {ta} against {d} + {td - d} = {td}"
            f" - {e['winner']} wins" + (" (the attacker wins ties)" if ta == td else ""))


def _gave(e):
    return f"; gives up {', '.join(e['gave_up'])}" if e.get("gave_up") else ""


_TELL = {
    "setup": lambda c, s, e: [f"Heldentaufe ({'co-operative' if e['mode'] == 'coop' else 'the race'}): "
                              f"{', '.join(e['heroes'])} at the campfire (seed {e['seed']})",
                              f"  teeth to win: {e['target']} points" + (f"; the clock's limit: {e['clock']}"
                                                                          if e.get("clock") else "")],
    "turn": lambda c, s, e: f"-- round {e['round']}: {e['hero']}'s turn --",
    "round": lambda c, s, e: None,
    "explored": lambda c, s, e: f"  {e['hero']} explores {e['at']}: {e['kind'].replace('_', ' ')}",
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
    "mission": lambda c, s, e: f"  {e['hero']} completes {e['card']} ({e['kind']})"
                               + (f": {e['teeth']} tooth/teeth" if e.get("teeth") else "")
                               + (f": {e['equipment']} ({e['went']})" if e.get("equipment") else "")
                               + (f": +1 {e['boost']}" if e.get("boost") else ""),
    "declined": lambda c, s, e: f"  {e['hero']} declines {e['card']} and draws another",
    "collected": lambda c, s, e: f"  {e['hero']} collects {count(e['count'], e['food'].replace('_', ' '))}",
    "forged": lambda c, s, e: f"  {e['hero']} forges {' + '.join(e['give'])} into {e['take']}",
    "traded": lambda c, s, e: f"  {e['hero']} trades {e['give']} for {e['take']}",
    "improved": lambda c, s, e: f"  {e['hero']} improves {e['from']} to {e['to']} in the laboratory",
    "potion_spent": lambda c, s, e: f"  {e['hero']} gives up the used {e['potion']} potion",
    "monster_turn": lambda c, s, e: f"== The monsters' turn: {e['points']} action points ({e['policy']}) ==",
    "monster_boss": lambda c, s, e: _boss(e),
    "monster_boss_roll": lambda c, s, e: _boss_roll(e),
    "monster_turn_over": lambda c, s, e: f"  the monsters hold back {count(e['left'], 'point')}" if e["left"] else None,
    "rebuilt": lambda c, s, e: "  no hero is left below: the Underworld is rebuilt (treasure, dangers, "
                               f"{', '.join(e['monsters']) or 'no monster'} back on the nests); the marker is set aside",
    "turn_end": lambda c, s, e: None,
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
        from .engine import describe
        return "  " + describe({k: v for k, v in e.items() if k != "event"})
    return None
