"""The game's events told to the table: what to set up, what to read aloud, and what each monster
does on the physical board and why. Positions are written x,y as `map` numbers the board.

One small function per kind of event (``TELL``); events no one needs to hear say nothing. An
activation tells what the monsters did - a move, an attack, a condition thrown off - not every
action they could not perform (`why` lists those too)."""

from __future__ import annotations

from pathlib import PurePath

from . import describe
from ...view.words import count, listing
from .engine import derived


def _at(p) -> str:
    return f"{p[0]},{p[1]}"


class _Teller:
    def __init__(self, game, decisions: list[dict]):
        self.game = game
        self.cards = game.cards
        self.decisions = decisions
        _, (self.sx, self.sy) = game.board()

    def board_at(self, p):                 # dungeon coordinates -> the board as `map` draws it
        return [p[0] + self.sx, p[1] + self.sy]


def narrate(events: list[dict], game, decisions: list[dict]) -> list[str]:
    """Lines for the table. Every performed monster action with a decision behind it gets a
    number; its decisions (and the options the heroes may choose instead) go to ``decisions``
    for `why N` and `choose N`."""
    teller = _Teller(game, decisions)
    lines: list[str] = []
    for e in events:
        tell = TELL.get(e["event"])
        if tell is not None:
            lines.extend(tell(teller, e))
    return lines


def _encounter(t, e):
    card = t.cards[e["card"]]
    out = [f"== {card.name} =="]
    if card.flavor:
        out.append(f"  (read aloud) {card.flavor}")
    out += [f"  rule: {rule}" for rule in card.rules]
    if card.id in t.game.quest.maps:            # a map file of the group's own stands for the card's map
        out.append(f"  map: yours, drawn in {PurePath(t.game.quest.maps[card.id]).name} (lay your tile as `map` draws it)")
    out += [f"  the program applies: {describe.trigger(tr)}" for tr in card.triggers]
    for line in card.overlord:
        when = f"hourglass {line.hourglass} (a fatigue token each Overlord phase; at {line.hourglass})" \
            if line.hourglass else "each Overlord phase"
        out.append(f"  overlord, {when}: {describe.effects(line.effects)}")
    return out


def _spawn(t, e):
    verb = "spawn" if e["event"] == "spawn" else "place"
    extra = " (taken back from another encounter, healed)" if e.get("taken_back") else ""
    cond = f", {', '.join(e['conditions'])}" if e.get("conditions") else ""
    return [f"  {verb} {e['monster']} at {_at(t.board_at(e['at']))}{extra}{cond}"]


def _track(t, e):
    what = {"advance_doom": "doom advances", "advance_fate": "fate advances", "advance doom": "doom advances",
            "advance fate": "fate advances", "fate back": "fate moves back", "refresh fate": "fate refreshes",
            "fate_back": "fate moves back", "refresh_fate": "fate refreshes"}.get(e.get("what"), e.get("what"))
    return [f"  {what} to {e['to']} ({e['source']})"]


def _peril(t, e):
    half = f" - {e['half']}" if e.get("half") else ""
    return [f"Peril: {e['name']}{half}"] + ([f"  (read aloud) {e['flavor']}"] if e.get("flavor") else [])


def _action(t, e):
    who, action = e["monster"], e["action"]
    if not e["performed"]:
        return []                                     # `why` lists what it could not do
    found = (e.get("move") or {}).get("decisions") or ([e["decision"]] if e.get("decision") else [])
    ties = e.get("ties") or {}
    number = ""
    current = (e.get("targets") or [(e.get("move") or {}).get("target")])[0]
    if found or ties:
        t.decisions.append({"monster": who, "action": action, "decisions": found, "ties": ties, "chosen": current})
        number = f"[{len(t.decisions)}] "
    n = len(t.decisions)
    target = ties.get("target")
    others = [o for o in target["options"] if o != current] if target else []
    tie = f" (tied with {listing(others)}: the heroes may choose, `choose {n} HERO`)" if others else ""
    if "move" in e:
        m = e["move"]
        path = " -> ".join(_at(p) for p in m["path"])
        large = m["size"] != [1, 1] and m["size"] != [m["size"][0], m["size"][0]]
        lie = f", lying {_lie(m['size'])} ({'left to right' if m['size'][0] > m['size'][1] else 'top to bottom'})" \
            if large else ""
        sizes = m.get("tie_sizes") or [m["size"]] * len(m["ties"])
        good = ""
        if m["ties"]:
            told = "; ".join(_at(p) + (f" {_lie(s)}" if large else "") for p, s in zip(m["ties"], sizes))
            good = f"; as good: {told} (`choose {n} X,Y{' across|along' if large else ''}`)"
        verb = "climbs out of the pit toward" if action == "leave-pit" else action
        return [f"    {number}{who} {verb} {m['target']}{tie}: {path} ({m['mp']} MP), "
                f"ends at {_at(m['to'])}{lie}{good}"]
    if action == "attack":
        return [f"    {number}{who} attacks {' and '.join(e['targets'])}{tie}: roll {' + '.join(e['dice'])} "
                f"({e['attack']}) with the defence dice of {' and '.join(e['targets'])}"]
    if action == "perform":
        return [f"    {number}{who} performs {e['why']}"]
    if action == "discard_condition":
        return [f"    {number}{who} {e['why']}"]
    return [f"    {number}{who} {ACTION_WORDS.get(action, action)}: {e['why']}"]


#: an activation's action as players name it (the movement words are the card's own)
ACTION_WORDS = {"discard_condition": "throw off a condition", "leave-pit": "leave the pit"}


def source_name(game, source: str) -> str:
    """Where an effect came from, as players know it: a Peril or Exploration card by its name."""
    cards = derived(game.quest)
    card = cards["perils"].get(source) or cards["cards"].get(source)
    return card.name if card is not None else source


def _pick(t, e):
    """An effect's hero (or monster) where several tied: the heroes choose at a table."""
    ties = e.get("ties") or {}
    others = [o for o in e["options"] if o != e["chosen"]]
    if ties:
        t.decisions.append({"monster": source_name(t.game, e["source"]), "action": "pick", "decisions": [], "ties": ties,
                            "what": e["what"], "chosen": e["chosen"], "key": e.get("key", "")})
        return [f"  [{len(t.decisions)}] {source_name(t.game, e['source'])}: {e['what']} is {e['chosen']} (tied with "
                f"{listing(others)}, {e.get('key', '')}: the heroes' choice, `choose {len(t.decisions)} NAME` to "
                "change it)"]
    return [f"  {source_name(t.game, e['source'])}: {e['what']} is {e['chosen']} (tied with {listing(others)}; "
            "the first listed)"]


def _lie(size) -> str:
    """Which way a large monster lies on the table (x grows to the right, y down)."""
    return "across" if size[0] > size[1] else "along"


def _attack_result(t, e):
    if e.get("why") == "reported":
        return []
    return [f"      {e['attacker']} on {e['target']}: {e['why']}"]


def _defeated(t, e):
    loot = e.get("loot")
    return [f"{e['figure']} is defeated" + ("; the loot track reaches its limit" if loot else "")]


def _loot(t, e):
    """A loot draw: headless the program's (its cards, the one kept); at a table the players draw
    from their own deck and say which card was kept (`loot CARD to HERO`)."""
    if e.get("drawn") is None and e.get("cards"):
        return [f"  {e['hero']} draws {count(e['cards'], 'Shop Item card')} from your Act {e['act']} Shop Item "
                "deck, gives one to a hero of their choice and puts the rest at the bottom of the deck: tell me "
                "which with `loot CARD to HERO`"]
    if e.get("drawn"):
        return [f"  {e['hero']} draws {', '.join(e['drawn'])}; keeps {e['kept']}, the rest to the bottom"]
    return []


def _damage(t, e):
    if e["health"] <= 0:
        return []
    return [f"{e['figure']} takes {e['amount']} damage: {e['health']} health left"]


def _condition(t, e):
    who = e.get("monster") or ", ".join(e.get("heroes") or []) or "heroes"
    why = f" ({e['why']})" if e.get("why") else ""
    return [f"  {who} {'is' if e.get('monster') or len(e.get('heroes') or []) == 1 else 'are'} now {e['condition']}{why}"]


def _test_asked(t, e):
    harm = ", ".join(f"{v} {k}" if k != "condition" else v for k, v in e["fail"].items())
    return [f"  {e['hero']} tests {e['attribute']} (1 gray + 1 black die: pass at or under the attribute); "
            f"failing: {harm} - report it (`fatigue`, `hurt`, `condition`)"]


def _heal_monster(t, e):
    if e["monster"] is None:
        return [f"  {e['source']}: no damaged monster in reach to heal"]
    if e.get("hearts") is None:
        return [f"  {e['source']}: roll {describe.dice(e['dice'])}; {e['monster']} recovers the hearts: "
                f"report it with `heal {e['monster']} N`"]
    return [f"  {e['monster']} recovers {e['hearts']} damage: {e['health']} health"]


TELL = {
    "encounter": _encounter,
    "spawn": _spawn, "place": _spawn,
    "setup_token": lambda t, e: [f"  place a {e['token']} token at {_at(t.board_at(e['at']))}"],
    "open_door": lambda t, e: [f"{e['hero']} opens the door: explore {t.cards[e['card']].name}"],
    "hourglass": lambda t, e: [f"  hourglass on {t.cards[e['card']].name}: {e['tokens']} of {e['of']} fatigue tokens"],
    "overlord_flavor": lambda t, e: [f"  (read aloud) {e['text']}"],
    "track": _track,
    "peril": _peril,
    "activation_card": lambda t, e: [f"Activation card {e['card']}" +
                                     (f" (only {', '.join(e['only'])})" if e.get("only") else "")],
    "group": lambda t, e: [f"  {e['group']}" + (f" - active: {'; '.join(e['active'])}" if e["active"] else "")],
    "action": _action,
    "attack_result": _attack_result,
    "note": lambda t, e: [e["text"]],
    "overlord_phase": lambda t, e: t.decisions.clear() or [e["text"]],     # decisions are numbered per phase
    "say": lambda t, e: [f"  (read aloud) {e['text']}"],
    "discard_exploration": lambda t, e: [f"  discard the exploration card {t.cards[e['card']].name}"],
    "placed": lambda t, e: [f"  no {e['group']} figure is free to place"] if e["count"] == 0 else [],
    "spawned": lambda t, e: [f"  no {e['group']} figure is free to place"] if e["count"] == 0 else [],
    "token": lambda t, e: [f"  place {count(e['count'], e['token'] + ' token')}"],
    "token_removed": lambda t, e: [f"  remove {count(e['count'], e['token'] + ' token')}"],
    "token_taken": lambda t, e: [f"{e['hero']} takes the {e['token']} token at {_at(t.board_at(e['at']))}"],
    "condition": _condition,
    "condition_gone": lambda t, e: [f"  {e['figure']} is no longer {e['condition']} ({e['why']})"],
    "act_ii": lambda t, e: ["Transition to Act II: Act II monster cards (for the monsters on the map too) "
                            "and Shop Items from now on"],
    "defeated": _defeated,
    "loot": _loot,
    "loot_kept": lambda t, e: [f"{e['hero']} keeps the Shop Item card {e['card']} from {e['by']}'s loot"],
    "search": lambda t, e: [f"{e['hero']} draws the Search card {e['card']}" if e.get("card") else
                            f"{e['hero']} draws a Search card from your deck: tell me which with "
                            f"`search {e['hero']} CARD`"],
    "damage": _damage,
    "move": lambda t, e: [f"{e['figure']} moves to {_at(t.board_at(e['to']))}"],
    "hero_defeated": lambda t, e: [f"{e['hero']} is knocked out: fate advances; the hero's token stays at "
                                   f"{_at(t.board_at(e['at']))} (`stand {e['hero']}` on its turn)"],
    "stand_up": lambda t, e: [f"{e['hero']} {'is revived by ' + e['by'] if e.get('by') else 'stands up'}: "
                              f"{e['hearts']} hearts, {e['surges']} surges; {e['health']} health, "
                              f"at {_at(t.board_at(e['at']))}"],
    "fatigue": lambda t, e: [f"{e['hero']} suffers {e['amount']} fatigue: {e['fatigue']} of {e['stamina']}"],
    "recover": lambda t, e: [f"{e['figure']} recovers " + " and ".join(
        [f"{e['health']} damage"] * bool(e["health"]) + [f"{e['fatigue']} fatigue"] * bool(e["fatigue"]))
        + (f" ({e['why']})" if e.get("why") else "")] if e["health"] or e["fatigue"] else
    [f"{e['figure']} has nothing to recover"],
    "rest": lambda t, e: [f"{e['hero']} rests: all fatigue recovered at the end of the turn"],
    "test": lambda t, e: [f"  {e['hero']} tests {e['attribute']} ({e['value']}): "
                          f"{'passed' if e['passed'] else 'failed'}"],
    "test_asked": _test_asked,
    "heal_monster": _heal_monster,
    "pick": _pick,
    "terrain": lambda t, e: [f"  {e['hero']} enters {e['terrain']} at {_at(t.board_at(e['at']))}: {e['damage']} damage"],
    "hero_attack": lambda t, e: [f"{e['hero']} attacks {e['monster']} with {e['weapon']}: {e['why']}"],
    "trigger": lambda t, e: [f"  {e['name']}: " + describe.trigger(t.cards[e['card']].triggers[e['line']])],
    "objective": lambda t, e: [f"The objective of {e['name']} is done"],
    "lose_condition": lambda t, e: [e["reason"]],
    "condition_acts": lambda t, e: [f"  {e['figure']} suffers {e['condition']}"],
}

