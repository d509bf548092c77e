"""The Dragon game for people: every event told in a line (each draw, each event, each choice the
program makes with its key and the ties the players may take instead; the events of a hero's move
are told by the move, ``verbs``), the board as text and the status."""

from __future__ import annotations

from overlord.games.heroes.sheet import SKILLS, artificial_life, dice_for, skill_value

from overlord.games.heroes.narrate import Voice, family_line
from overlord.games.heroes.narrate import picture as board_text, summary as board_summary

from . import verbs
from .load import DragonContent
from .state import Ctx, DragonState
from .words import SKILL_WORD, name, rolled, why
from ...view.words import count, listing
from .events import chances, lightning

VOICE = Voice(name, drawer="the Dragon", market="the City of the Mages")


def narrate(s: DragonState, c: DragonContent, evs: list[dict]) -> list[str]:
    out = []
    for e in evs:
        line = _line(s, c, e)
        if line:
            out.append(line)
    return out


def _line(s: DragonState, c: DragonContent, e: dict) -> str:  # one case an event
    told = verbs.tell(s, c, e)              # the events a hero's move tells are worded with the move
    if told is not None:
        return told
    told = family_line(s, c, e, VOICE)      # the family's events (a turn, a step, a draw, a death...)
    if told is not None:
        return told
    k = e["event"]
    n = lambda i: name(s, c, i)  # noqa: E731 - a one-line shorthand for the many cases below
    h = e.get("hero")
    if k == "setup":
        where = ", ".join(f"{hero} at {f}" for hero, f in e["manors"].items())
        return (f"{count(len(e['heroes']), 'hero')}: {where}; {e['covered']} covered counters on the entry fields, "
                f"{e['bag']} in the bag, {e['market']} in the City of the Mages; the Dragon: {e['dragon']}, "
                f"the Dragon Man: {e['dragon_man']}")
    if k == "unnoticed":
        who = (f"only a hero with the {listing(e['seen_with'])} sees it" if e["seen_with"]
               else "only the hero who took up its task sees it")
        return f"  {h} does not notice {n(e['counter'])} on {e['at']} ({who}): nothing happens"
    if k == "passes":
        return f"  {h} passes {n(e['counter'])} unseen (invisible)"
    if k == "labyrinth":
        return f"  the Labyrinth: {h} rolls {rolled(e['roll'])} and is carried to {e['to']}"
    if k == "found":
        if "task" in e:
            return f"  {h} found what {n(e['task'])} asks for: {e['gold']} gold"
        return f"  {h} finds {n(e['counter'])}" + (" (no tray free: it goes back to the City)" if e["to"] == "market" else "")
    if k == "draw_pending":
        return (f"  {h} must draw from the bag ({e['why']}): `draw`, or cast Clairvoyance to pick an open counter "
                "(`clairvoyance COUNTER`)")
    if k == "steered":
        return f"  {h} is confused: moved to {e['to']}{why(e.get('decision'))}"
    if k == "steer_pending":
        return f"  {h} is confused: {e['by']} moves him (`steer FIELD`)"
    if k == "lightning":
        return f"  {h} casts Lightning! against {e['against']}: {e['trial']}"
    if k == "turned_over":
        where = "on his sheet" if e["to"] == "sheet" else "left on the field (no tray free)"
        return f"  {c.spec(e['counter']).name}: the counter is turned over - {e['back_name']}, {where}"
    if k == "confused":
        return f"  {h}: {e['why']}"
    if k == "spared":
        return f"  {h}: {e['why']}"
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
    if k == "spell_gone":
        return f"  the spell {n(e['counter'])} vanishes back to the City"
    if k == "bag_of_gold":
        return f"  {h}'s Bag of Gold: {rolled(e['roll'])}" + (", a gold piece appears" if e["refilled"] else "")
    if k == "camel":
        return f"  {h}'s Camel: {rolled(e['roll'])}" + (", the beast refuses to move" if e["refuses"] else "")
    if k == "storm_roll":
        return f"  {h} rolls against the Storm: {rolled(e['roll'])}" + (", the weather clears" if e["over"] else ", movement 1")
    if k == "dragon_placed":
        return f"  the Dragon takes his lair on {e['at']}; into the bag: {', '.join(n(i) for i in e['bag_gains']) or 'nothing'}"
    if k == "event":
        return f"  EVENT: {e['name']}"
    if k == "turn_cut":
        return f"  {h}'s turn ends: {e['why']}"
    if k == "attack":
        return f"  the Dragon attacks, {', '.join(e['order'])} in turn, at {e['modifier']}{why(e.get('decision'))}"
    if k == "attack_asks":
        return f"    the Dragon attacks {h}: his player chooses the trial" + (" or Lightning!" if e["lightning"] else "")
    if k == "attack_hero":
        if e["result"] == "invisible":
            return f"    {h} is invisible: spared"
        if e["result"] == "driven off":
            tail = "Lightning! drives the Dragon off" if e.get("spell") else "drives the Dragon off"
        else:
            tail = "fails" + (", but carries nothing the Dragon can destroy" if e.get("can_lose") == 0 else "")
        return f"    {h}" + (f" ({SKILL_WORD[e['skill']]}: {e['trial']})" if "trial" in e else "") + f": {tail}"
    if k == "lose_asks":
        return f"    {h} chooses the artifact the Dragon destroys: {listing([n(i) for i in e['items']], 'or')}"
    if k == "dragon_destroys":
        return f"    the Dragon destroys {h}'s {e['name']} ({e['to']})"
    if k == "fear":
        return (f"  Fear! On {', '.join(e['regions'])}: {count(len(e['fled']), 'counter')} flee into the bag "
                f"({', '.join(n(i) for i in e['fled']) or 'none'}), {len(e['covered'])} covered again")
    if k == "plunder":
        taken = ", ".join(f"{hero} {v}" for hero, v in e["taken"].items()) or "nobody has gold"
        return f"  Plunder! The Dragon takes: {taken}{why(e.get('decision'))}"
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


def asked(s: DragonState, c: DragonContent) -> str:
    """The line above the numbered options: who acts, and what he is asked."""
    hero = s.pending.get("hero") if s.pending else s.turn.hero
    p = s.pending
    if "place" in p:
        spec = c.spec(p["place"])
        what = "the covered counter" if spec.covered and p["place"] not in s.backs else spec.name
        return f"{hero}, choose where {what} goes (`place FIELD`):"
    if "draw" in p:
        return f"{hero}, draw the counter you owe, or cast Clairvoyance to pick one:"
    if "steer" in p:
        return f"{hero}, move the confused {p['steer']} (`steer FIELD`):"
    if "attack" in p and p.get("stage") == "lose":
        return f"{hero}, the Dragon destroys one of your artifacts - which one:"
    if "attack" in p:
        ctx = Ctx(s, c, None, None)
        odds = ", ".join(f"{SKILL_WORD[sk]} {v:.0%}" for sk, v in chances(ctx, hero, int(p["attack"])).items())
        return (f"{hero}, the Dragon attacks you: the trial of your choice at {p['attack']} ({odds})"
                + (", or cast Lightning! first:" if lightning(ctx, hero) else ":"))
    t = s.turn
    if t.phase == "move":
        return f"{hero}, move ({t.mp} movement left):"
    return f"{hero}, " + ("act:" if t.phase == "act" else "the turn is over:")


def brought_out(s: DragonState, c: DragonContent, e: dict) -> str:
    """What an event marked as a hidden draw brought into view, in a few words."""
    k = e["event"]
    if k == "drawn":
        return f"the draw from the bag ({name(s, c, e['counter'])})"
    if k == "revealed":
        return f"the covered counter on {e['at']} ({e['name']})"
    if k == "dragon_card":
        return f"the Dragon's card ({e['name']})"
    if k == "market":
        return f"the City's market ({listing(e['names'])})"
    if k == "looked":
        return f"the covered counter on {e['at']}, seen by Vision"
    if k == "clairvoyance":
        return "a look into the bag (Clairvoyance)"
    if k == "spell_for_gold":
        return "a look through the City's counters"
    if k == "found":
        return "a counter from the City's pile (the Garbage Dump)"
    if k == "market_burns":
        return "the City's counters burnt unseen"
    return "something hidden"


DRAGON_WORDS = {"in_bag": "in the bag", "lair": "in his lair", "challenged": "fighting a challenger",
                "victorious": "has won over a challenger", "slain": "slain", "triumphant": "triumphant"}
MAN_WORDS = {"in_bag": "in the bag", "guarding": "guards the Mouth of the Cave", "beaten": "beaten"}


def status(s: DragonState, c: DragonContent) -> list[str]:
    coop = c.scenario.coop
    limit = f"/{coop.hoard_limit[len(s.heroes)]}" if coop else ""
    life = f" ({count(s.dragon_life, 'life point')})" if s.dragon_life else ""
    out = [f"round {s.round}; hoard {s.hoard}{limit} gold; the Dragon {DRAGON_WORDS.get(s.dragon, s.dragon)}{life}; "
           f"the Dragon Man {MAN_WORDS.get(s.dragon_man, s.dragon_man)}; {'Storm; ' if s.storm else ''}"
           f"bag {len(s.bag)}, City {len(s.market)}"
           + (f"; follow-up {s.follow_up} left" if s.dragon == "victorious" else "")]
    for h in s.heroes:
        sheet, hs = s.sheets[h], s.at[h]
        if hs.out:
            out.append(f"  {h}: fell to the Dragon")
            continue
        skills = ", ".join(f"{sk} {skill_value(sheet, sk)} ({dice_for(sheet, sk)}d, {len(sheet.cubes[sk])} cubes)" for sk in SKILLS)
        items = ", ".join(name(s, c, i.id) for i in sheet.items) or "no artifacts"
        tasks = ", ".join(name(s, c, t) for t in sheet.tasks)
        where = f"between {hs.field} and {hs.between}" if hs.between else hs.field
        seen = ", ".join(f"{f} {c.spec(i).name}" for f, here in s.board.items() for i in here
                         if i in hs.known and i in s.down)
        out.append(f"  {h}: {where}; {sheet.natural}/{sheet.natural_max} HP +{artificial_life(sheet)}; "
                   f"{sheet.gold + hs.purse} gold; {skills}; {items}" + (f"; tasks {tasks}" if tasks else "")
                   + (" (confused)" if hs.confused else "") + (f"; seen by Vision: {seen}" if seen else ""))
    return out


def region_note(c: DragonContent, letter: str) -> str:
    """What a map's own rules mean for moving on it, with its fields."""
    b = c.board
    mine = b.region_fields(letter)
    of = lambda feature: [f for f in mine if b.field(f).feature == feature]  # noqa: E731 - a one-line shorthand
    feature = b.features.get(letter, "")
    if feature == "desert":
        return f"a turn ending here costs a hit point, but on {listing(of('caravanserai') + of('oasis'), 'or')}"
    if feature == "labyrinth":
        return (f"entering a corner ({', '.join(of('corner'))}) you may roll where you are carried; inside, you "
                "roll at the start of your turn")
    if feature == "cave" and of("lair"):
        return (f"the lair {of('lair')[0]}: only from {listing(of('cave_mouth'), 'or')} past the Dragon Man, or by the "
                f"Rope from {listing(of('rope_point'), 'or')}")
    if feature == "city" and of("city"):
        teleporters = of("teleporter")
        return (f"the City {of('city')[0]}: only by a teleporter ({', '.join(teleporters)}) on a 1; the Garbage Dump "
                f"{listing(of('dump'), 'or')} is left by its teleporter")
    return ""


def _routes(c: DragonContent, fid: str) -> str:
    b = c.board
    out = [g + ("" if fid in b.walk[g] else " (one way)") for g in b.walk[fid]]
    out += [f"{g} (dotted)" for g in b.dotted[fid]]
    out += [f"{z if a == fid else a} (Orchan's ferry)" for a, z in b.ferries if fid in (a, z)]
    return " ".join(out) or "-"


def picture(s: DragonState, c: DragonContent) -> str:
    """The board as a text drawing to follow with the box's maps (the family's ``heroes.narrate``)."""
    return board_text(s, c, name, _routes, region_note,
                      "Each field: what it is, the fields its routes lead to (one way: not back; dotted: only with the Map\n"
                      "of the Labyrinth), and who and what is there (heroes in capitals).")


def summary(s: DragonState, c: DragonContent) -> list[str]:
    """The maps as laid and every field with something on it (`map` draws every field and route)."""
    return board_summary(s, c, name)
