"""The game's events told to the table: what to set up, what to read aloud, and what each monster
does on the physical board and why. Positions are written x,y as `map` numbers the board."""

from __future__ import annotations


def _at(p) -> str:
    return f"{p[0]},{p[1]}"


def narrate(events: list[dict], game, decisions: list[dict]) -> list[str]:
    """Lines for the table. Every monster action with a decision behind it gets a number; its
    decisions (and the options the heroes may choose instead) go to ``decisions`` for `why N`
    and `choose N`."""
    cards = {c.id: c for c in game.quest.exploration}
    _, (sx, sy) = game.board()

    def board_at(p):                     # dungeon coordinates -> the board as `map` draws it
        return [p[0] + sx, p[1] + sy]

    lines: list[str] = []
    for e in events:
        kind = e["event"]
        if kind == "encounter":
            card = cards[e["card"]]
            lines.append(f"== {card.name} ==")
            if card.flavor:
                lines.append(f"  (read aloud) {card.flavor}")
            for rule in card.rules:
                lines.append(f"  rule: {rule}")
        elif kind in ("spawn", "place"):
            verb = "spawn" if kind == "spawn" else "place"
            extra = " (taken back from another encounter, healed)" if e.get("taken_back") else ""
            lines.append(f"  {verb} {e['monster']} at {_at(board_at(e['at']))}{extra}")
        elif kind == "setup_token":
            lines.append(f"  place a {e['token']} token at {_at(board_at(e['at']))}")
        elif kind == "setup":
            pass
        elif kind == "open_door":
            lines.append(f"{e['hero']} opens the door: explore {cards[e['card']].name}")
        elif kind == "hourglass":
            lines.append(f"  hourglass on {cards[e['card']].name}: {e['tokens']} of {e['of']} fatigue tokens")
        elif kind == "track":
            what = {"advance_doom": "doom advances", "advance_fate": "fate advances",
                    "fate_back": "fate moves back", "refresh_fate": "fate refreshes"}.get(e.get("what"), e.get("what"))
            lines.append(f"  {what} to {e['to']} ({e['source']})")
        elif kind == "peril":
            half = f" - {e['half']}" if e.get("half") else ""
            lines.append(f"Peril: {e['name']}{half}")
            if e.get("flavor"):
                lines.append(f"  (read aloud) {e['flavor']}")
        elif kind == "activation_card":
            lines.append(f"Activation card {e['card']}" + (f" (only {', '.join(e['only'])})" if e.get("only") else ""))
        elif kind == "group":
            lines.append(f"  {e['group']}" + (f" - active: {'; '.join(e['active'])}" if e["active"] else ""))
        elif kind == "action":
            lines.append(_action(e, decisions))
        elif kind == "note":
            lines.append(e["text"])
        elif kind == "say":
            lines.append(f"  (read aloud) {e['text']}")
        elif kind == "discard_exploration":
            lines.append(f"  discard the exploration card {cards[e['card']].name}")
        elif kind in ("placed", "spawned") and e["count"] == 0:
            lines.append(f"  no {e['group']} figure is free to place")
        elif kind == "token":
            lines.append(f"  place {e['count']} {e['token']} token(s)")
        elif kind == "token_removed":
            lines.append(f"  remove {e['count']} {e['token']} token(s)")
        elif kind == "condition":
            lines.append(f"  heroes become {e['condition']}")
        elif kind == "act_ii":
            lines.append("Transition to Act II: Act II monster cards and Shop Items from now on")
        elif kind == "defeated":
            loot = e.get("loot")
            lines.append(f"{e['figure']} is defeated" + (f"; loot: draw {loot['cards']} Shop Item card(s)" if loot else ""))
        elif kind == "loot" and e.get("drawn"):
            lines.append(f"  {e['hero']} draws {', '.join(e['drawn'])}; keeps {e['kept']}, the rest to the bottom")
        elif kind == "damage" and e["health"] > 0:
            lines.append(f"{e['figure']} takes {e['amount']} damage: {e['health']} health left")
        elif kind == "move":
            lines.append(f"{e['figure']} moves to {_at(board_at(e['to']))}")
        elif kind == "hero_defeated":
            lines.append(f"{e['hero']} is defeated: fate advances")
        elif kind == "lose_condition":
            lines.append(f"{e['reason']}")
    return lines


def _action(e: dict, decisions: list[dict]) -> str:
    who, action = e["monster"], e["action"]
    number = ""
    found = (e.get("move") or {}).get("decisions") or ([e["decision"]] if e.get("decision") else [])
    if found:
        if "move" in e and e["performed"]:
            options = {"move": [e["move"]["to"]] + e["move"]["ties"]}
        elif action == "attack" and e["performed"]:
            options = {"attack": list(e["targets"]) + list((e.get("decision") or {}).get("ties") or [])}
        else:
            options = {}
        decisions.append({"monster": who, "action": action, "decisions": found, **options})
        number = f"[{len(decisions)}] "
    if not e["performed"]:
        return f"    {number}{who} {action}: not performed - {e['why']}"
    if "move" in e:
        m = e["move"]
        path = " -> ".join(_at(p) for p in m["path"])
        ties = (f"; as good: {'; '.join(_at(t) for t in m['ties'])} (`choose {len(decisions)} X,Y`)"
                if m["ties"] else "")
        return f"    {number}{who} {action} {m['target']}: move {path} ({m['mp']} MP), ends at {_at(m['to'])}{ties}"
    if action == "attack":
        ties = (e.get("decision") or {}).get("ties") or []
        tie = f" (tied with {', '.join(ties)}: `choose {len(decisions)} HERO`)" if ties else ""
        return (f"    {number}{who} attacks {', '.join(e['targets'])}{tie}: roll {' + '.join(e['dice'])} "
                f"({e['attack']}); tell me the damage with `hurt HERO N`")
    return f"    {number}{who} {action}: {e['why']}"
