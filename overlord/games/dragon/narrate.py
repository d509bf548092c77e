"""The Dragon game for people: every event told in a line (each draw, each event, each choice the
program makes with its key and the ties the players may take instead), the board as text, the
status, and an action in words."""

from __future__ import annotations

from overlord.games.heroes.sheet import SKILLS, artificial_life, dice_for, skill_value

from .load import DragonContent
from .state import DragonState, artifact
from ...view.words import count, listing

JUMP_WORDS = "exactly 4 fields"
SKILL_WORD = {"magic": "magic", "ranged": "ranged combat", "close": "close combat"}


def _name(s: DragonState, c: DragonContent, inst: str | None) -> str:
    if inst is None:
        return "-"
    a = artifact(s, c, inst)
    if a is not None and inst in s.backs:
        return a.name
    return c.spec(inst).name


def _roll(roll) -> str:
    """A die ("4") or dice ("3 and 1") as rolled."""
    return listing(roll) if isinstance(roll, (list, tuple)) else str(roll)


def _why(d: dict | None) -> str:
    if not d:
        return ""
    key = ", ".join(f"{k} {v}" for k, v in d["key"].items())
    ties = f"; as good: {', '.join(map(str, d['ties']))} (the players may choose)" if d.get("ties") else ""
    return f" [key: {key}{ties}]"


def narrate(s: DragonState, c: DragonContent, evs: list[dict]) -> list[str]:
    out = []
    for e in evs:
        line = _line(s, c, e)
        if line:
            out.append(line)
    return out


def _line(s: DragonState, c: DragonContent, e: dict) -> str:  # noqa: C901 - one case an event
    k = e["event"]
    n = lambda i: _name(s, c, i)  # noqa: E731
    h = e.get("hero")
    if k == "setup":
        where = ", ".join(f"{hero} at {f}" for hero, f in e["manors"].items())
        return (f"{count(len(e['heroes']), 'hero')}: {where}; {e['covered']} covered counters on the entry fields, "
                f"{e['bag']} in the bag, {e['market']} in the City of the Mages; the Dragon: {e['dragon']}, "
                f"the Dragon Man: {e['dragon_man']}")
    if k == "turn":
        return f"-- {h}'s turn (round {e['round']}), at {e['at']}"
    if k == "turn_end":
        return f"  {h} ends the turn ({e['why']})"
    if k == "round_end":
        return f"== round {e['round']} is over"
    if k == "moved":
        return f"  {h} {e['how']} {e['from']} -> {e['to']} ({e['mp']} movement left)"
    if k == "revealed":
        return f"  {h} turns over the counter on {e['at']}: {e['name']}"
    if k == "must_fight":
        return f"  {e['name']} bars the way: {h} must fight (movement over)"
    if k == "passes":
        return f"  {h} passes {n(e['counter'])} unseen (invisible)"
    if k == "search":
        again = " again" if e.get("again") else ""
        res = "found" if e["found"] else "not found: between the fields" if not e.get("again") else "not found: on the field, movement over"
        return f"  {h} searches{again} for the hidden route to {e['to']}: {_roll(e['roll'])} against {e['number']}, {res}"
    if k == "teleport":
        return f"  {h} rolls the teleporter: {_roll(e['roll'])}, takes {e['picked']}"
    if k == "labyrinth":
        return f"  the Labyrinth: {h} rolls {_roll(e['roll'])} and is carried to {e['to']}"
    if k == "rummage":
        return f"  {h} rummages in the garbage dump: {_roll(e['roll'])}" + (", something glints" if e["found"] else ", nothing")
    if k == "found":
        if "task" in e:
            return f"  {h} found what {n(e['task'])} asks for: {e['gold']} gold"
        return f"  {h} finds {n(e['counter'])}" + (" (no tray free: it goes back to the City)" if e["to"] == "market" else "")
    if k == "jump":
        return f"  {h} jumps {JUMP_WORDS} with the Boots of Jumping ({e['why']})"
    if k == "vision":
        return f"  {h} casts Vision on {e['at']}: {e['trial']}"
    if k == "looked":
        return (f"    {h} looks at the covered {'counter' if len(e['names']) == 1 else 'counters'} on {e['at']}: "
                f"{listing(e['names'])} ({e['why']})")
    if k == "draw_pending":
        return (f"  {h} must draw from the bag ({e['why']}): `draw`, or cast Clairvoyance to pick an open counter "
                "(`clairvoyance COUNTER`)")
    if k == "clairvoyance":
        return f"  {h} casts Clairvoyance to pick {e['name']}: {e['trial']}" + ("" if e["success"] else ", so he draws")
    if k == "spell_for_gold":
        return f"  {h} forfeits his {e['gold']} starting gold and takes the spell {e['name']} from the City of the Mages"
    if k == "ferry":
        return f"  Orchan ferries {h} to {e['to']} for {e['paid']} gold"
    if k == "rappel":
        return f"  {h} rappels down the Rope into the lair"
    if k == "pegasus":
        return f"  Pegasus carries {h} to {e['to']} and flies home to the City"
    if k == "steered":
        return f"  {h} is confused: moved to {e['to']}{_why(e.get('decision'))}"
    if k == "steer_pending":
        return f"  {h} is confused: {e['by']} moves him (`steer FIELD`)"
    if k == "hide":
        return f"  {h} tries to hide from {n(e['counter'])}: {_roll(e['roll'])}, " + ("hidden, may move on" if e["hidden"] else "seen: must fight")
    if k == "fight":
        return f"  {h} fights {e['name']} with {SKILL_WORD[e['skill']]}: {e['trial']} - {'won' if e['won'] else 'lost'}"
    if k == "trial":
        return f"  {h} tries {e['name']} with {SKILL_WORD[e['skill']]}: {e['trial']} - {'won' if e['won'] else 'not this time'}"
    if k == "lightning":
        return f"  {h} casts Lightning! against {e['against']}: {e['trial']}"
    if k == "won":
        got = ", ".join([f"a {col} cube" for col in e["cubes"]] + ([f"{e['gold']} gold"] if e["gold"] else [])) or "nothing"
        return f"  {h} defeats {e['name']}: {got}"
    if k == "turned_over":
        where = "on his sheet" if e["to"] == "sheet" else "left on the field (no tray free)"
        return f"  {c.spec(e['counter']).name}: the counter is turned over - {e['back_name']}, {where}"
    if k == "back_in_bag":
        return f"  {e['name']} goes back into the bag"
    if k == "confused":
        return f"  {h}: {e['why']}"
    if k == "cube_lost":
        return f"  {h} loses a {e['colour']} cube ({e['why']})"
    if k == "wounded":
        src = "a natural hit point" if e["source"] == "natural" else f"a hit point of {n(e['source'])}"
        return f"  {h} loses {src} ({e['why']}): {e['natural']} natural left" + (" [the player's choice; headless: "
                                                                                     f"{e['policy']}]" if e.get("policy") else "")
    if k == "spared":
        return f"  {h}: {e['why']}"
    if k == "item_lost":
        return f"  {n(e['counter'])} is lost" + (" (back to the City of the Mages)" if e["to"] == "market" else "")
    if k == "died":
        kept = f", keeps {n(e['kept'])}{_why(e.get('decision'))}" if e["kept"] else ""
        return (f"  {h} dies on {e['at']} ({e['why']}){kept}; the heir starts again by the manor on {e['reborn_at']} "
                f"(generation {e['generation']})")
    if k == "fell":
        return f"  {h} falls in the lair: the Dragon has won over him; he stays dead"
    if k == "dragon_man_beaten":
        return f"  {h} beats the Dragon Man and must enter the lair at once"
    if k == "dragon_man_stands":
        return "  the Dragon Man stands guard at the Mouth of the Cave again"
    if k == "enters_lair":
        return f"  {h} enters the Dragon's lair; the hoard holds {e['hoard']} gold"
    if k == "unarmed":
        return f"  {h} has no magic weapon: {e['why']}"
    if k == "hoard_paid":
        short = f", {count(e['short'], 'cube')} short" if e["short"] else ""
        return (f"  {h} gives up {count(len(e['discarded']), 'cube')} for the hoard ({', '.join(e['discarded']) or 'none'}){short}; "
                f"fights with {n(e['weapon'])} ({SKILL_WORD[e['skill']]}) at -3")
    if k == "dragon_trial":
        return f"  {h} against the Dragon: {e['trial']} - " + ("a hit!" if e["hit"] else "the Dragon strikes") + \
            f" (Dragon {e['dragon_life']} life)"
    if k == "dragon_slain":
        return f"  *** {h} slays the Dragon! ***"
    if k == "dragon_victory":
        return f"  the Dragon has won over {h} ({e['state']})"
    if k == "follow_up":
        return f"  the others have {e['left']} {e['unit']} left to slay the Dragon"
    if k == "waited_out":
        return "  nobody slew the Dragon in time"
    if k == "encounter":
        return f"  {h} visits {e['name']}"
    if k in ("herbalist", "healer"):
        return f"    rolls {_roll(e['roll'])}: " + (f"{count(e['healed'], 'hit point')} healed" if e["healed"] else "no healing")
    if k == "juggler":
        got = f"a {e['cube']} cube" if "cube" in e else ("another gold stolen" if "stolen" in e else "nothing")
        return f"    the Juggler: {_roll(e['roll'])}, {got}"
    if k == "trained":
        return f"    Cerberos trains {SKILL_WORD[e['skill']]} to {e['value']} for a hit point and a cube; {h} wakes on {e['to']}"
    if k == "forged":
        return f"  {e['name']} makes {e['back_name']} for {h} from {', '.join(n(i) for i in e['spent'])}"
    if k == "task_taken":
        return f"  {h} takes up the task {e['name']}"
    if k == "task_dropped":
        return f"  {h} lays down the task {n(e['counter'])} on {e['at']}"
    if k == "fulfilled":
        return f"  {h} fulfils {e['name']} (level {e['level']})"
    if k == "reward":
        got = ", ".join([f"a {col} cube" for col in e["cubes"]] + ([f"{e['gold']} gold"] if e["gold"] else []))
        return f"    reward: {got or 'nothing more'}"
    if k == "taken":
        return f"  {h} takes {e['name']}"
    if k == "dropped":
        return f"  {h} drops {e['name']} ({e['to']})"
    if k == "delivered":
        return f"  {h} delivers {e['name']}: {e['back_name']}"
    if k == "market":
        return f"  {h} calls a market in the City of the Mages: {', '.join(e['names']) or 'nothing left'}"
    if k == "bought":
        prov = f", {e['seller']} keeps 1 gold provision" if e["provision"] else ""
        return f"    {h} buys {e['name']} for {e['paid']} gold{prov}"
    if k == "market_closed":
        return f"    the market closes; {count(e['unsold'], 'counter')} back to the City's pile"
    if k == "drank":
        return f"  {h} drinks the Healing Potion: {count(e['healed'], 'hit point')}"
    if k == "cast":
        if "trial" in e:
            return f"  {h} casts {e['name']}: {e['trial']}"
        return f"  {h} casts {e['name']}" + (f": next trial with more dice" if e.get("primed") else
                                              f": {e['natural']} of {e['natural_max']} natural hit points")
    if k == "spell_gone":
        return f"  the spell {n(e['counter'])} vanishes back to the City"
    if k == "prayed":
        return f"  {h} prays: {_roll(e['roll'])}, {count(e['healed'], 'hit point')}"
    if k == "rested":
        return f"  {h} sits out the turn at his manor: {count(e['healed'], 'hit point')}"
    if k == "repaired":
        return f"  the Smithy repairs {n(e['counter'])}: {count(e['left'], 'hit point')} on it"
    if k == "bag_of_gold":
        return f"  {h}'s Bag of Gold: {_roll(e['roll'])}" + (", a gold piece appears" if e["refilled"] else "")
    if k == "camel":
        return f"  {h}'s Camel: {_roll(e['roll'])}" + (", the beast refuses to move" if e["refuses"] else "")
    if k == "storm_roll":
        return f"  {h} rolls against the Storm: {_roll(e['roll'])}" + (", the weather clears" if e["over"] else ", movement 1")
    if k == "drawn":
        who = e["hero"] or "the Dragon"
        spec = c.spec(e["counter"])
        what = "a covered counter" if spec.covered and e["counter"] not in s.backs else e["name"]
        return f"  {who} {'picks' if e.get('picked') else 'draws'} from the bag ({e['why']}): {what}"
    if k == "no_draw":
        return f"  no counter is drawn: {e['why']}"
    if k == "bag_empty":
        return "  the bag is empty: nothing to draw"
    if k == "placed":
        where = e["at"] or "back into the bag"
        return f"    {e['name']} is placed on {where} ({e['why']}){_why(e.get('decision'))}"
    if k == "place_pending":
        return f"    {h} chooses where {e['name']} goes (`place FIELD`, {e['fields']} free tan fields)"
    if k == "dragon_placed":
        return f"  the Dragon takes his lair on {e['at']}; into the bag: {', '.join(n(i) for i in e['bag_gains']) or 'nothing'}"
    if k == "event":
        return f"  EVENT: {e['name']}"
    if k == "turn_cut":
        return f"  {h}'s turn ends: {e['why']}"
    if k == "attack":
        return f"  the Dragon attacks, {', '.join(e['order'])} in turn, at {e['modifier']}{_why(e.get('decision'))}"
    if k == "attack_hero":
        if e["result"] == "invisible":
            return f"    {h} is invisible: spared"
        lost = f", loses {e['lost_name']} ({e['to']}){_why(e.get('decision'))}" if e.get("lost") else ""
        tail = "drives the Dragon off" if e["result"] == "driven off" else "fails" + lost
        return f"    {h}" + (f" ({SKILL_WORD[e['skill']]}: {e['trial']})" if "trial" in e else "") + f": {tail}"
    if k == "fear":
        return (f"  Fear! On {', '.join(e['regions'])}: {count(len(e['fled']), 'counter')} flee into the bag "
                f"({', '.join(n(i) for i in e['fled']) or 'none'}), {len(e['covered'])} covered again")
    if k == "plunder":
        taken = ", ".join(f"{hero} {v}" for hero, v in e["taken"].items()) or "nobody has gold"
        return f"  Plunder! The Dragon takes: {taken}{_why(e.get('decision'))}"
    if k == "market_burns":
        return f"  The Market is Burning! {count(e['burnt'], 'City counter')} burn unseen; {e['left']} left"
    if k == "storm":
        return f"  a Storm rises: {e['why']}"
    if k == "scorch":
        return f"  fire falls on {', '.join(e['regions'])}"
    if k == "scorch_hero":
        return f"    {h} ({SKILL_WORD[e['skill']]}): {e['trial']}"
    if k == "hoard":
        return f"  the hoard grows by {e['gold']} to {e['hoard']} gold ({e['why']})"
    if k == "hoard_full":
        return f"  the Dragon's hoard is complete: {e['hoard']} gold"
    if k == "dragon_due":
        return "== the Dragon's phase"
    if k == "dragon_card":
        return f"  the Dragon plays {e['name']}: {e['text']}"
    if k == "say":
        return f"  \"{e['text']}\""
    if k == "end":
        extra = "; ".join(f"{hero}: {r}" for hero, r in e.get("results", {}).items())
        return f"== {e['result'].capitalize()}: {e['reason']}" + (f" ({extra})" if extra else "")
    return ""


def describe(a: dict) -> str:
    do = a["do"]
    rest = {k: v for k, v in a.items() if k != "do"}
    if do == "move":
        return f"move {a['to']}"
    if do in ("fight", "try"):
        return f"{do} {a['target']} {a['skill']}" + (f" with {a['spell']}" if a.get("spell") else "")
    if do == "use":
        return f"use {a['target']}" + (f" {a['skill']}" if a.get("skill") else "")
    if do == "buy":
        return f"buy {a['item']} for {a['for']}"
    if do == "vision":
        return f"vision {a['to']}"
    if do == "clairvoyance":
        return f"clairvoyance {a['target']}"
    if do == "spell":
        return f"spell {a['item']} (for the starting gold)"
    return " ".join([do] + [str(v) for v in rest.values()])


def status(s: DragonState, c: DragonContent) -> list[str]:
    coop = c.scenario.coop
    limit = f"/{coop.hoard_limit[len(s.heroes)]}" if coop else ""
    out = [f"round {s.round}; hoard {s.hoard}{limit} gold; the Dragon {s.dragon} ({s.dragon_life or '-'} life); "
           f"the Dragon Man {s.dragon_man}; {'Storm; ' if s.storm else ''}bag {len(s.bag)}, City {len(s.market)}"
           + (f"; follow-up {s.follow_up} left" if s.dragon == "victorious" else "")]
    for h in s.heroes:
        sheet, hs = s.sheets[h], s.at[h]
        if hs.out:
            out.append(f"  {h}: fell to the Dragon")
            continue
        skills = ", ".join(f"{sk} {skill_value(sheet, sk)} ({dice_for(sheet, sk)}d, {len(sheet.cubes[sk])} cubes)" for sk in SKILLS)
        items = ", ".join(_name(s, c, i.id) for i in sheet.items) or "no artifacts"
        tasks = ", ".join(_name(s, c, t) for t in sheet.tasks)
        where = f"between {hs.field} and {hs.between}" if hs.between else hs.field
        seen = ", ".join(f"{f} {c.spec(i).name}" for f, here in s.board.items() for i in here
                         if i in hs.known and i in s.down)
        out.append(f"  {h}: {where}; {sheet.natural}/{sheet.natural_max} HP +{artificial_life(sheet)}; "
                   f"{sheet.gold + hs.purse} gold; {skills}; {items}" + (f"; tasks {tasks}" if tasks else "")
                   + (" (confused)" if hs.confused else "") + (f"; seen by Vision: {seen}" if seen else ""))
    return out


def picture(s: DragonState, c: DragonContent) -> str:
    """The board as text: each region map, then every field with something on it."""
    b = c.board
    rows = []
    width = max(len(r) for r in b.names.values())
    layout: dict[int, list[str]] = {}
    for letter, (r, col) in sorted(b.grid.items(), key=lambda kv: kv[1]):
        layout.setdefault(r, []).append(f"{letter} {b.names[letter]:<{width}}")
    rows += [" | ".join(v) for _, v in sorted(layout.items())]
    marks: dict[str, list[str]] = {}
    for h in s.heroes:
        hs = s.at[h]
        if not hs.out:
            marks.setdefault(hs.between or hs.field, []).append(h.upper() + (" (searching)" if hs.between else ""))
    for fid, here in s.board.items():
        for inst in here:
            marks.setdefault(fid, []).append("?" if inst in s.down else _name(s, c, inst))
    for fid in sorted(marks, key=b.order):
        spec = b.field(fid)
        label = f"{fid}" + (f" {spec.name}" if spec.name else "") + (f" [{spec.colour} {spec.hidden}]" if spec.is_hidden else "")
        rows.append(f"  {label}: {', '.join(marks[fid])}")
    return "\n".join(rows)
