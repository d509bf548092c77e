"""What happened in an Underworld game, in lines a table reads aloud: every event's reason, the
enemies' moves with their paths and the keys behind them, trials with their dice."""

from __future__ import annotations

import re

# a rulebook citation at the start of a reason: "HitU", "HitU 'Combat'", "HitU Lethe" (and a colon)
_CITED = re.compile(r"^HitU(?:\s+'(?P<q>[^']*)'|\s+(?P<name>[A-Z][\w' -]*?))?\s*(?::\s*|$)")
_QUOTE = re.compile(r"^(?:'[^']*'|\"[^\"]*\")$")


def plain(why: str) -> str:
    """A reason without the rulebook's words: "HitU 'Combat': one successful trial wins" is "one
    successful trial wins", "HitU Lethe: 'to remove 1 SC ...'" is "Lethe", a bare citation is
    nothing. The words are there for `why`, which tells the reasons as they are."""
    if not why:
        return why
    why = re.sub(r"\s*\(HitU[^()]*(?:\([^()]*\)[^()]*)*\)", "", why).strip()
    m = _CITED.match(why)
    if m is None:
        return why
    rest = why[m.end():].strip()
    if _QUOTE.match(rest):
        rest = ""
    name = m.group("name")
    return f"{name}: {rest}" if name and rest else (name or rest)


def _move_line(e: dict) -> str:
    m = e.get("move") or {}
    path = " -> ".join(str(p) for p in m.get("path", []))
    key = m.get("key") or {}
    keys = ", ".join(f"{k} {v}" for k, v in key.items())
    ties = m.get("ties") or []
    verb = {"toward": "moves toward", "away": "moves away", "engage": "engages", "spot": "spots"}.get(
        e["action"], e["action"])
    out = f"    {e['counter']} {verb} {m.get('target') or ''}: {path or e['why']}".replace("  :", ":")
    if keys:
        out += f" (key: {keys})"
    if ties:
        out += f"; equally good: {', '.join(map(str, ties))} (the heroes may choose)"
    return out


def tie_decisions(events: list[dict]) -> list[dict]:
    """The enemy moves among these events that had equally good ends, in order: what ``choose
    N TILE`` at the table refers to."""
    return [{"counter": e["counter"], "end": e["move"]["to"], "ties": list(e["move"]["ties"])}
            for e in events if e.get("event") == "enemy_action" and e.get("performed") and e.get("move")
            and e["move"].get("ties")]


TRAP_WORDS = {"trap_passed": "passes the trap", "trapped": "is caught in the trap",
              "trap_escaped": "escapes the trap", "still_trapped": "is still caught in the trap"}


def _gains(e: dict) -> str | None:
    """A reward or a treasure, naming what was gained (not just "reward")."""
    kind, why = e.get("event"), e.get("why", "")
    hero = e.get("hero", "")
    if kind == "cube":
        return f"    {hero} gains a {e['colour']} cube on {e['skill']}" + (f" ({why})" if why != "reward" else "")
    if kind == "gold":
        sign = "+" if e["change"] > 0 else ""
        return f"    {hero}: {sign}{e['change']} gold, {e['gold']} now" + (f" ({why})" if why != "reward" else "")
    if kind == "item_taken":
        return f"    {hero} takes {e['item']}" + (f" ({why})" if why not in ("treasure", "") else "")
    if kind == "treasure_revealed":
        return f"    treasure for {hero}: {', '.join(e['markers'])} turned up ({why})"
    if kind == "traded":
        return f"    {hero} trades {e['item']} for 1 gold ({e['gold']} now)"
    if kind == "defeated":
        return f"    {e['counter']} is beaten" + (f": {why}" if why else "")
    if kind == "item_discarded":
        return f"    {hero} discards {e['item']}" + (f" for {e['gold']} gold" if e.get("gold") else "") + f" ({why})"
    return None


NOT_DONE = {"toward": "move toward", "away": "move away", "engage": "engage", "spot": "spot", "attack": "attack"}


def narrate(events: list[dict], cite: bool = False) -> list[str]:
    """The lines that tell ``events``; the rulebook's words in their reasons only with ``cite``
    (the table's `why`)."""
    if not cite:
        events = [{**e, "why": plain(e["why"])} if isinstance(e.get("why"), str) else e for e in events]
    lines = _narrate(events)
    if cite:
        return lines
    tidy = [re.sub(r"(?: \(\)|:\s*)$", "", line) for line in lines]
    return [line for line in tidy if line.strip()]


def _narrate(events: list[dict]) -> list[str]:
    lines: list[str] = []
    numbered = 0
    for e in events:
        kind = e.get("event")
        why = e.get("why", "")
        gained = _gains(e)
        if gained is not None:
            lines.append(gained)
        elif kind == "trial":
            lines.append(f"    {e['hero']} tests {e['skill']} ({why}): {e['trial']}")
        elif kind in TRAP_WORDS:
            lines.append(f"    {e['hero']} {TRAP_WORDS[kind]} {e['trap']} with {e['skill']}: {e['trial']}")
        elif kind == "moved" and e.get("by"):
            lines.append(f"    {e['hero']} is taken to {e['to']} by {e['by']} ({why})")
        elif kind == "turn":
            lines.append(f"-- round {e['round']}: {e['hero']}'s turn (on {e['tile']})")
        elif kind == "action":
            lines.append(f"  {e['hero']}: {why}")
        elif kind == "tile_placed":
            lines.append(f"    tile {e['tile']} placed at {_xy(e['at'])}, exits {e['exits']}"
                         + ("" if e["connected"] else " - no exit faces the hero's tile: the hero cannot move"))
        elif kind == "revealed":
            lines.append(f"    {e['name']} turns up ({e['kind'].replace('_', ' ')})")
        elif kind == "dark_side":
            if e["change"]:
                sign = "+" if e["change"] > 0 else ""
                lines.append(f"    Dark Side {sign}{e['change']} -> {e['dark_side']}/11: {why}")
        elif kind in ("combat", "defence"):
            outcome = ("won" if e.get("won") else "lost") if kind == "combat" else \
                ("beaten off" if e.get("success") else "failed")
            lines.append(f"    {why}: {e.get('trial', '')} - {outcome}")
        elif kind == "dark_card":
            lines.append(f"== The Damned One plays: {e['name']} ==")
        elif kind == "peril":
            lines.append(f"== Peril: {e['name']} == {e.get('flavor', '')}".rstrip())
        elif kind == "enemy":
            lines.append(f"  {e['name']} ({e['counter']}) on {e['tile']} activates")
        elif kind == "enemy_action":
            if e.get("performed") and e.get("move"):
                line = _move_line(e)
                if e["move"].get("ties"):
                    numbered += 1
                    line = line.replace("    ", f"    [{numbered}] ", 1) + f"; `choose {numbered} TILE` to take one"
                lines.append(line)
            elif e.get("performed"):
                lines.append(f"    {e['counter']}: {why}")
            else:
                lines.append(f"    {e['counter']} does not {NOT_DONE.get(e['action'], e['action'])}: {why}")
        elif kind in ("enemy_done", "moved", "if", "adventure_marker", "setup"):
            continue
        elif kind == "enemy_choice":
            lines.append(f"    {why}")
        elif kind == "say":
            lines.append(f"    \"{e['text']}\"")
        elif kind == "game_over":
            extra = f" Lesser victory: {', '.join(e['lesser_victory'])}." if e.get("lesser_victory") else ""
            lines.append(f"== The game is over: {e['reason']}.{extra}")
        elif why:
            lines.append(f"    {why}")
    return lines


def _xy(at) -> str:
    """A tile's place as x,y (Styx at 0,0; x grows to the east, y to the south)."""
    return f"{at[0]},{at[1]}" if isinstance(at, (list, tuple)) else str(at)
