"""Return of the Heroes for people: every event told in a line (each draw, each event, each choice
the program makes with its key and the ties the players may take instead; the events of a hero's
move are told by the move, ``verbs``; the family's by ``heroes.narrate``), the line above the
options, the board as text and the status."""

from __future__ import annotations

from overlord.games.heroes.narrate import Voice, family_line
from overlord.games.heroes.narrate import picture as board_text, summary as board_summary
from overlord.games.heroes.sheet import SKILLS, artificial_life, dice_for, skill_value
from overlord.games.heroes.words import SKILL_WORD

from . import verbs
from .load import RothContent
from .state import RothState, laid_out, name
from ...view.words import count, listing

VOICE = Voice(name, drawer="the program", market="the market's pile")

NAMELESS_WORDS = {"absent": "not yet in the bag", "in_bag": "in the bag", "waiting": "drawn, his region unexplored",
                  "on_tower": "on his tower", "in_battle": "in battle", "slain": "slain", "over": "-"}


def narrate(s: RothState, c: RothContent, evs: list[dict]) -> list[str]:
    return [line for line in (_line(s, c, e) for e in evs) if line]


def _line(s: RothState, c: RothContent, e: dict) -> str:  # one case an event
    told = verbs.tell(s, c, e)              # the events a hero's move tells are worded with the move
    if told is not None:
        return told
    told = family_line(s, c, e, VOICE)      # the family's events (a turn, a step, a draw, a death...)
    if told is not None:
        return told
    k = e["event"]
    h = e.get("hero")
    if k == "setup":
        where = ", ".join(f"{hero} at {f}" for hero, f in e["starts"].items())
        rivals = f"; the program plays {listing(e['rivals'])}" if e.get("rivals") else ""
        homes = (f"; the maps laid {' / '.join(e['layout'])}, homes " + ", ".join(f"{hero} {r}" for hero, r in e["homes"].items())
                 if e.get("homes") else "")
        return (f"{count(len(e['heroes']), 'hero')}: {where}{rivals}{homes}; {e['chits']} covered counters on the maps, "
                f"{e['bag']} in the bag, {e['market']} market counters")
    if k == "explored":
        return (f"  {h} explores region {e['region']}, {e['name']}: it is turned up, he enters at {e['at']}; "
                f"covered counters on {listing(e['chits']) if e['chits'] else 'none of its ends'}")
    if k == "waiting":
        return f"  {e['name']} waits beside the map for {e['at']} (region {e['region']} is not explored yet)"
    if k == "nameless_waiting":
        return f"  THE NAMELESS is drawn, but his region is not explored: he waits beside the map for {e['at']}"
    if k == "nameless_drawn":
        return (f"  THE NAMELESS is drawn: he takes his tower {e['at']}, his four Guards their posts, "
                f"{count(len(e['servants']), 'Servant')} appear (a task on the sheets each), {e['to_bag']} into the bag")
    if k == "event_drawn":
        return f"  EVENT: {e['name']} - every hero tries {SKILL_WORD[e['skill']]} twice, the second at -1"
    if k == "event_trials":
        prize = f": wins {listing([f'a {col} cube' for col in e['prize']])}" if e["won"] else ": no prize"
        return f"    {h}: {'; '.join(e['trials'])}{prize}"
    if k == "deed_left":
        return f"  {h}'s deed counters and stone lie on {e['at']} ({e['why']})"
    if k == "deeds_dealt":
        return "  heroic deeds dealt: " + "; ".join(f"{hero} {listing([c.deeds[d].name for d in ds])}"
                                                     for hero, ds in e["deeds"].items())
    if k == "way_closed":
        return f"  {h}'s way to the Nameless closes: {e['why']}"
    if k == "turned_down":
        return f"    the Servant is turned face down again ({e['why']})"
    if k == "out_of_game":
        return f"    {e['name']} leaves the game ({e['why']})"
    if k == "game_over":
        return f"== {e['outcome'].capitalize()}: {e['reason']}"
    if k == "enemy_due":
        return "== the Nameless's phase"
    told = _enemy_line(s, c, e)
    if told is not None:
        return told
    return ""


def _enemy_line(s: RothState, c: RothContent, e: dict) -> str | None:  # one case an event
    """The co-operative enemy phase's events (``enemy``: the Nameless deck, his Servants, the
    darkness); None: not one of them."""
    k = e["event"]
    h = e.get("hero")
    if k == "nameless_card":
        early = " (he is not out yet: its early effect)" if e.get("early") else ""
        return f"  the Nameless's card: {e['name']}{early} - {e['text']}"
    if k == "darkness":
        return f"  the darkness rises by {e['by']} to {e['darkness']} of {e['limit']} ({e['why']})"
    if k == "ordeal":
        return (f"    {h} ({SKILL_WORD[e['skill']]}): {e['trial']} - "
                + ("withstands it" if e["won"] else "fails: the darkness grows"))
    if k == "nameless_called":
        return f"  {e['why']}"
    if k == "servant_summoned":
        return f"  a Servant appears on {e['at']} ({e['why']})"
    if k == "servant_moved":
        seen = "a Servant" if e["counter"] in s.down else name(s, c, e["counter"])
        return (f"  {seen} walks {e['from']} -> {e['to']} toward {e['toward']} ({count(e['steps'], 'step')}; "
                f"{count(e['spaces_left'], 'field')} from {e['toward']})")
    if k == "servant_strike":
        return (f"  {name(s, c, e['counter'])} strikes {h} on {e['at']}: {h} defends with {SKILL_WORD[e['skill']]}: "
                f"{'; '.join(e['trials'])} - {'beaten off' if e['won'] else 'lost'}")
    if k == "servant_beaten_off":
        return f"    {h} beats the Servant off ({e['why']})"
    if k == "hidden_again":
        n = len(e["counters"])
        return f"  {count(n, 'Servant')} turned face down again, {'its' if n == 1 else 'their'} ratings hidden"
    if k == "no_effect":
        return f"  nothing happens: {e['why']}"
    return None


def asked(s: RothState, c: RothContent) -> str:
    """The line above the numbered options: who acts, and what he is asked."""
    hero = s.pending.get("hero") if s.pending else s.turn.hero
    if "place" in s.pending:
        return f"{hero}, choose where the counter you drew goes (`place FIELD`):"
    if s.offer:
        return f"{hero}'s market is open: buy, or close it:"
    t = s.turn
    if t.combat:
        return f"{hero}, {name(s, c, t.combat)} must be fought now:"
    if t.phase == "move":
        return f"{hero}, move ({t.mp} movement left) or act:"
    return f"{hero}, " + ("act:" if t.phase == "act" else "the turn is over:")


def brought_out(s: RothState, c: RothContent, e: dict) -> str:
    """What an event marked as a hidden draw brought into view, in a few words."""
    k = e["event"]
    if k == "drawn":
        return f"the draw from the bag ({name(s, c, e['counter'])})"
    if k == "revealed":
        return f"the covered counter on {e['at']} ({e['name']})"
    if k == "market":
        return f"the market ({listing(e['names'])})"
    if k == "explored":
        return f"region {e['region']} turned up, its covered counters"
    if k == "nameless_card":
        return f"the Nameless's card ({e['name']})"
    if k == "servant_summoned":
        return f"the Servant drawn unseen onto {e['at']}"
    return "something hidden"


def status(s: RothState, c: RothContent) -> list[str]:
    card = c.nameless.get(s.nameless_card)
    out = [f"round {s.round}; the Nameless {NAMELESS_WORDS.get(s.nameless, s.nameless)}"
           + (f" ({card.name})" if card is not None and s.nameless in ("on_tower", "in_battle", "slain") else "")
           + f"; his Guards {s.guards}; bag {len(s.bag)}, market pile {len(s.market)}"
           + (f"; the darkness {s.darkness} of {coop.darkness_limit[len(s.heroes)]}"
              if (coop := c.scenario.coop) is not None and s.mode == "coop" else "")]
    for h in s.heroes:
        sheet, hs = s.sheets[h], s.at[h]
        skills = ", ".join(f"{sk} {skill_value(sheet, sk)} ({dice_for(sheet, sk)}d, {len(sheet.cubes[sk])} cubes)"
                           for sk in SKILLS)
        items = ", ".join(name(s, c, i.id) for i in sheet.items) or "no artifacts"
        tasks = ", ".join(name(s, c, t) for t in sheet.tasks)
        deeds = ", ".join(f"{c.deeds[d].name} {n}/{len(c.deeds[d].steps)}" for d, n in hs.deeds.items())
        where = f"between {hs.field} and {hs.between}" if hs.between else hs.field
        out.append(f"  {h}{' (the program)' if h in s.rivals else ''}: {where}; {sheet.natural}/{sheet.natural_max} HP "
                   f"+{artificial_life(sheet)}; {sheet.gold} gold; {skills}; {items}"
                   + (f"; tasks {tasks}" if tasks else "") + (f"; deeds {deeds}" if deeds else "")
                   + ("; the precious stone" if hs.stone else ""))
    return out


def _routes(c: RothContent, fid: str) -> str:
    b = c.board
    return " ".join(g + (" (lake)" if b.field(g).colour == "blue" and b.field(fid).colour == "blue" else "")
                    for g in b.walk[fid]) or "-"


def _note(c: RothContent, letter: str) -> str:
    return ""


def picture(s: RothState, c: RothContent) -> str:
    """The board as a text drawing to follow with the maps (the family's ``heroes.narrate``)."""
    return board_text(s, laid_out(s, c), name, _routes, _note,
                      "Each field: what it is, the fields its routes lead to (lake: a crossing that costs a gold piece\n"
                      "but from the boat), and who and what is there (heroes in capitals).")


def summary(s: RothState, c: RothContent) -> list[str]:
    return board_summary(s, laid_out(s, c), name)
