"""What happened in an Underworld game, in lines a table reads aloud: every event's reason, the
enemies' moves with their paths and the keys behind them, trials with their dice."""

from __future__ import annotations

import re

from ...core.context import tied

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


BOOK = "Heroes in the Underworld"


def cited(text: str) -> str:
    """The rulebook named as players read it: "HitU 'Combat': ..." is "Heroes in the Underworld,
    "Combat": ...", "HitU Lethe: ..." is "Heroes in the Underworld, Lethe: ..." (the reasons keep
    the short form; `why` and the refusals tell it this way)."""
    if "HitU" not in text:
        return text
    text = re.sub(r"\bHitU\s+'([^']*)'", lambda m: f'{BOOK}, "{m.group(1)}"', text)
    text = re.sub(r"\bHitU(?=\s+[A-Z])", f"{BOOK},", text)
    return re.sub(r"\bHitU\b", BOOK, text)


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
        out += f"; {tied(ties, 'the heroes')}"
    return out


CHAOS_CHOICE = "the tile for the Adventure markers of Chaos"          # damned.CHAOS_CHOICE


def _decision(e: dict) -> dict | None:
    """The choice the heroes may still change that ``e`` records: an enemy move with equally
    good ends, or where the Adventure markers of Chaos went (among several tiles)."""
    if e.get("event") == "enemy_action" and e.get("performed") and (e.get("move") or {}).get("ties"):
        return {"counter": e["counter"], "end": e["move"]["to"], "ties": list(e["move"]["ties"])}
    if e.get("event") == "choice" and e.get("what") == CHAOS_CHOICE and len(e.get("options") or []) > 1:
        return {"markers": e.get("markers", 1), "end": e["chosen"], "ties": [t for t in e["options"]]}
    return None


def _open(events: list[dict]) -> list[int]:
    """The indexes of the events whose choice is still open: a decision (:func:`_decision`) whose
    counter did not move again later among ``events`` (the choice would rewrite what followed)."""
    out = []
    for i, e in enumerate(events):
        if _decision(e) is None:
            continue
        if e.get("event") == "enemy_action" and any(
                later.get("event") == "enemy_action" and later.get("counter") == e["counter"]
                and later.get("performed") and later.get("move") for later in events[i + 1:]):
            continue
        out.append(i)
    return out


def tie_decisions(events: list[dict]) -> list[dict]:
    """The heroes' open choices among these events, in order: what ``choose N TILE`` at the
    table refers to (a later ``choose`` among the events moves its decision's end)."""
    out = [_decision(events[i]) for i in _open(events)]
    for e in events:
        if e.get("event") == "enemy_choice":
            for d in out:
                if d.get("counter") == e["counter"] and d["end"] == e["from"]:
                    d["end"] = e["to"]
        elif e.get("event") == "markers_moved" and e.get("chosen_by_player"):
            for d in out:
                if d.get("markers") and d["end"] == e["from"]:
                    d["end"] = e["to"]
    return out


def last_command_events(state) -> list[dict]:
    """The events of the last command a player gave: those since the last ``action`` event (the
    Dark phase it brought included; a later ``choose`` too). None before the first."""
    log = state.log
    start = next((i for i in range(len(log) - 1, -1, -1) if log[i].get("event") == "action"), None)
    return [] if start is None else log[start:]


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


def _hero_lines(e: dict) -> str | None:
    """What happened to a hero, naming the hero and how much (the reason follows)."""
    kind, hero = e.get("event"), e.get("hero", "")
    if kind == "shadow_cube" and "skill" in e:
        return f"    {hero} takes a shadow cube on {e['skill']}"
    if kind == "cube_lost":
        return f"    {hero} gives up a {e['colour']} cube on {e['skill']}"
    if kind == "shadow_cube_lost":
        return f"    {hero} loses a shadow cube on {e['skill']}" + (" (to the Dark Side)" if e.get("to") == "dark_side" else "")
    if kind == "shadow_cube_converted":
        to = e.get("to") or ()
        return f"    {hero}'s shadow cube on {e['skill']} becomes a {to[1]} cube" if len(to) == 2 else \
            f"    {hero}'s shadow cube on {e['skill']} becomes an experience cube"
    if kind == "skill_raised":
        return f"    {hero}'s {e['skill']} rises to {e['value']}"
    if kind == "healed":
        return f"    {hero} heals {e['points']} LP ({e['natural']} natural now)"
    if kind == "special_weapon_gained":
        return f"    {hero} gains {e['weapon']}"
    if kind == "task_accepted":
        return f"    {hero} accepts the task {e['task']}"
    if kind == "task_fulfilled":
        return f"    {hero} fulfils the task {e['task']} on {e['tile']}"
    if kind == "task_dropped":
        return f"    {hero} drops the task {e['task']} on {e['tile']}"
    if kind == "movement_lost":
        return f"    {hero}'s movement is {e['movement']} now"
    if kind == "death":
        return f"    {hero} dies on {e['tile']} and is reborn on Styx" + (f", keeping {e['kept']}" if e.get("kept") else "")
    if kind == "duel":
        return (f"    {e['aggressor']} ({e['aggressor_skill']} {e['aggressor_value']}) duels {e['defender']} "
                f"({e['defender_skill']} {e['defender_value']}): {e['trial']} - {e['winner']} wins")
    if kind == "duel_gold":
        return f"    {e['from']} gives 1 gold to {e['to']}"
    if kind == "duel_item":
        return f"    {e['from']} gives {e['item']} to {e['to']}"
    if kind == "duel_no_loss":
        return f"    {hero} loses nothing"
    if kind == "turn_over":
        return f"    {hero}'s turn is over"
    if kind == "encounter":
        return f"    {hero} encounters {e['counter']}"
    if kind == "item_used_up":
        return f"    {hero}'s {e['item']} is used up"
    if kind == "final_battle":
        return (f"    {hero} attacks the Damned One with {e['weapon']}: it has {e['damned_lp']} LP, every trial at "
                f"{e['modifier']}")
    if kind == "final_battle_trial":
        out = f"    {hero}, {e['skill']}: {e['why']}" if e.get("rolled") else f"    {hero}, {e['skill']}: fails"
        return out + (f" - {e['outcome']} ({e['damned_lp']} left)" if e.get("success") else "")
    if kind == "avatar_banished":
        return f"    {e['avatar']} goes onto the Damned One's card ({e['count']} of 3)"
    return None


NOT_DONE = {"toward": "move toward", "away": "move away", "engage": "engage", "spot": "spot", "attack": "attack"}


def narrate(events: list[dict], cite: bool = False, strict: bool = False) -> list[str]:
    """The lines that tell ``events``; the rulebook's words in their reasons only with ``cite``
    (the table's `why`). An event missing a key its kind's line reads is told by its reason
    alone (a table never fails on its own words); ``strict`` raises instead (the tests)."""
    events = [{**e, "why": (cited if cite else plain)(e["why"])} if isinstance(e.get("why"), str) else e
              for e in events]
    lines = _narrate(events, strict, cite)
    if cite:
        return lines
    tidy = [re.sub(r"(?: \(\)|:\s*)$", "", line) for line in lines]
    return [line for line in tidy if line.strip()]


def _narrate(events: list[dict], strict: bool, cite: bool = False) -> list[str]:
    lines: list[str] = []
    numbered = 0
    open_ = set(_open(events))
    for i, e in enumerate(events):
        if not cite and e.get("event") == "machine" and e.get("trigger") != "manifest":
            continue            # a machine's step is told by the events beside it; `why` gives its reason
        try:
            told = _event_lines(e)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            if strict:
                raise
            told = [f"    {e['why']}"] if isinstance(e.get("why"), str) and e["why"] else []
        if told and cite:
            told = [told[0] + _weighed(e)] + told[1:]
        if told and i in open_:
            numbered += 1
            told = [told[0].replace("    ", f"    [{numbered}] ", 1) + f"; `choose {numbered} TILE` to take one"]
        lines += told
    return lines


def _weighed(e: dict) -> str:
    """For `why`: the choice of the Damned One's side an event records (the hero a Dark card
    strikes, a struck hero's skill, the marker a card turns up) - its key, and the ties the heroes
    may take instead (``overlord.core.context.tied``); "" for an event that records none."""
    d = e.get("decision")
    if isinstance(d, dict) and d.get("key"):
        key = ", ".join(f"{k} {v}" for k, v in d["key"].items())
        ties = f"; {tied(d['ties'], 'the heroes')}" if d.get("ties") else ""
        return f" [key: {key}{ties}]"
    if e.get("event") == "reveal_nearest" and e.get("ties"):
        return f" [{tied(e['ties'], 'the heroes')}]"
    return ""


def _event_lines(e: dict) -> list[str]:
    """The lines of one event (none for the events that only keep the record)."""
    kind = e.get("event")
    why = e.get("why", "")
    gained = _gains(e)
    if gained is not None:
        return [gained]
    if kind == "trial":
        return [f"    {e['hero']} tests {e['skill']} ({why}): {e['trial']}"]
    if kind in TRAP_WORDS:
        if "trial" not in e:           # a turn begun in the trap: nothing is rolled until the hero tries
            return [f"    {e['hero']} is caught in the trap {e['trap']}: the only action is to try to escape "
                    "(`escape SKILL`)"]
        return [f"    {e['hero']} {TRAP_WORDS[kind]} {e['trap']} with {e['skill']}: {e['trial']}"]
    if kind == "moved" and e.get("by"):
        return [f"    {e['hero']} is taken to {e['to']} by {e['by']} ({why})"]
    if kind == "turn":
        return [f"-- round {e['round']}: {e['hero']}'s turn (on {e['tile']})"]
    if kind == "action":
        return [f"  {e['hero']}: {why}"]
    if kind == "tile_drawn":
        return [f"    tile {e['tile']} drawn from stack {e['stack'] + 1}" + ("" if e.get("arrow") else
                                                                              ": turn it as you like (`turn N`)")]
    if kind == "tile_placed":
        return [f"    tile {e['tile']} placed at {_xy(e['at'])}, exits {e['exits']}"
                + ("" if e["connected"] else " - no exit faces the hero's tile: the hero cannot move")]
    if kind == "revealed":
        return [f"    {e['name']} turns up ({e['kind'].replace('_', ' ')})"]
    if kind == "dark_side":
        if not e["change"]:
            return []
        sign = "+" if e["change"] > 0 else ""
        return [f"    Dark Side {sign}{e['change']} -> {e['dark_side']}/11: {why}"]
    if kind in ("combat", "defence"):
        outcome = ("won" if e.get("won") else "lost") if kind == "combat" else \
            ("beaten off" if e.get("success") else "failed")
        return [f"    {why}: {e.get('trial', '')} - {outcome}"]
    if kind == "dark_card":
        return [f"== The Damned One plays: {e['name']} =="]
    if kind == "peril":
        return [f"== Peril: {e['name']} == {e.get('flavor', '')}".rstrip()]
    if kind == "enemy":
        return [f"  {e['name']} ({e['counter']}) on {e['tile']} activates"]
    if kind == "enemy_action":
        if e.get("performed") and e.get("move"):
            return [_move_line(e)]
        if e.get("performed"):
            return [f"    {e['counter']}: {why}"]
        return [f"    {e['counter']} does not {NOT_DONE.get(e['action'], e['action'])}: {why}"]
    if kind == "life_lost":
        source = "natural" if e["source"] == "natural" else f"artificial, from {e['source']}"
        return [f"    {e['hero']} loses 1 LP ({source}; {e['natural']} natural left)" + (f": {why}" if why else "")]
    if kind == "item_destroyed":
        lost = f"all its {e['life']} LP" if e.get("life") else "all its LP"
        return [f"    {e['hero']}'s {e['item']} has lost {lost}: discarded"]
    if kind in ("enemy_done", "moved", "if", "adventure_marker", "setup"):
        return []
    told = _hero_lines(e)
    if told is not None:
        quiet = kind in ("final_battle", "final_battle_trial", "item_used_up")    # the line says it all
        return [told + (f": {why}" if why and not quiet else "")]
    if kind == "enemy_choice":
        return [f"    {why}"]
    if kind == "choice" and e.get("what") == CHAOS_CHOICE:
        others = [t for t in e["options"] if t != e["chosen"]]
        if len(others) > 6:
            others = others[:6] + [f"{len(others) - 6} more (`map`)"]
        return [f"    the Adventure {'marker' if e.get('markers', 1) == 1 else 'markers'} of Chaos "
                f"{'goes' if e.get('markers', 1) == 1 else 'go'} to {e['chosen']}, a tile without markers"
                + ((" (the nearest to Chaos" if str(e.get("policy", "")).startswith("the tile without markers nearest")
                     else " (the active player's choice") + (f"; also open: {', '.join(others)})" if others else ")"))
                + (f": {why}" if why else "")]
    if kind == "choice":
        return [f"    {why}: {_chain(e['chosen'])}" if why else f"    {_chain(e['chosen'])}"]
    if kind == "markers_moved":
        if e.get("told_by_choice"):              # the choice's line says where they went
            return []
        n = len(e["markers"])
        return [f"    {'a marker moves' if n == 1 else f'{n} markers move'} from {e['from']} to {e['to']}"
                + (f": {why}" if why else "")]
    if kind == "damned_one_appears":
        return [f"    the Damned One appears on {e['tile']}" + (f": {why}" if why else "")]
    if kind == "say":
        return [f"    \"{e['text']}\""]
    if kind == "game_over":
        extra = f" Lesser victory: {', '.join(e['lesser_victory'])}." if e.get("lesser_victory") else ""
        return [f"== The game is over: {e['reason']}.{extra}"]
    return [f"    {why}"] if why else []


def _chain(tiles) -> str:
    return " -> ".join(tiles) if isinstance(tiles, list) else str(tiles)


def _xy(at) -> str:
    """A tile's place as x,y (Styx at 0,0; x grows to the east, y to the south)."""
    return f"{at[0]},{at[1]}" if isinstance(at, (list, tuple)) else str(at)
