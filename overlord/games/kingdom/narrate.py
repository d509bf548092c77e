"""Return of the Heroes with the Dragon for people: each event told in the words of the game whose
rules logged it (its ``rules`` mark: ``context``) - a hero's move by its move (``verbs``), else that
game's narration through its lens; an event the family's turn engine logged for the combination
(a turn begun) in Return of the Heroes' words; the combination's own (the manor houses, the set-up)
here."""

from __future__ import annotations

from overlord.games.dragon import narrate as dragon_narrate
from overlord.games.roth import narrate as roth_narrate
from overlord.games.roth.state import laid_out

from . import verbs
from .lenses import CityView
from .load import KingdomContent
from .state import KingdomState
from ...view.words import count, listing

DRAGON_WORDS = {"in_bag": "in the bag", "lair": "in his lair", "challenged": "fighting a challenger",
                "victorious": "victorious", "slain": "slain", "triumphant": "triumphant"}


def _dragon_view(s: KingdomState, c: KingdomContent) -> tuple:
    return CityView(s, c.dragon_scenario.mode), c.dragon(tuple(s.layout))


def _dragon_lines(s: KingdomState, c: KingdomContent, e: dict) -> list[str]:
    view, lens = _dragon_view(s, c)
    return dragon_narrate.narrate(view, lens, [e])


def narrate(s: KingdomState, c: KingdomContent, evs: list[dict]) -> list[str]:
    return [line for line in (_line(s, c, e) for e in evs) if line]


def _line(s: KingdomState, c: KingdomContent, e: dict) -> str:
    k = e["event"]
    if k == "setup":
        rivals = f"; the program plays {listing(e['rivals'])}" if e.get("rivals") else ""
        return (f"{count(len(e['heroes']), 'hero')}{rivals}; the 25 maps laid {' / '.join(e['layout'])}; "
                f"{e['covered']} covered counters on the maps, {e['bag']} in the bag (the Dragon among them), "
                f"{e['market']} market counters, {e['city']} in the City of the Mages; the Nameless, his Guards and "
                f"Servants and the Dragon's six counters wait beside the board")
    if k == "house":
        stands = "" if e["start"] == e["at"] else f", {e['hero']} stands on {e['start']}"
        return f"  {e['hero']}'s manor house goes by {e['at']} (map {e['map']}){stands}"
    if k == "deeds_dealt":
        return (f"  the {count(e['court'], 'heroic deed')} lie in the Capital: a hero there may choose one "
                "(\"No player gets a heroic deed at the beginning of the game\")")
    if k == "deed_picked" and s.rules.get("deeds_where") == "capital":
        return f"  {e['hero']} chooses the heroic deed {e['name']} in the Capital (he may hold no other)"
    if k == "dragon_rests":
        return f"  the Dragon stays in his lair: {e['why']}"
    told = verbs.tell(s, c, e)
    if told is not None:
        return told
    if e.get("rules") == "dragon":
        told_ = _dragon_lines(s, c, e)
    else:
        told_ = roth_narrate.narrate(s, c.roth, [e]) or _dragon_lines(s, c, e)
    return told_[0] if told_ else ""


def asked(s: KingdomState, c: KingdomContent) -> str:
    if s.pending.get("house"):
        return f"{s.pending['hero']}, place your manor house (`house FIELD`; not beside another's map):"
    if s.pending and "place" not in s.pending:
        view, lens = _dragon_view(s, c)
        return dragon_narrate.asked(view, lens)
    return roth_narrate.asked(s, c.roth)


def brought_out(s: KingdomState, c: KingdomContent, e: dict) -> str:
    told = roth_narrate.brought_out(s, c.roth, e)
    view, lens = _dragon_view(s, c)
    return told if told != "something hidden" else dragon_narrate.brought_out(view, lens, e)


def status(s: KingdomState, c: KingdomContent) -> list[str]:
    out = roth_narrate.status(s, c.roth)
    out[1:] = [line.replace("): ;", "): no manor house yet;", 1).replace(f"  {h}: ;", f"  {h}: no manor house yet;", 1)
               for h, line in zip(s.heroes, out[1:])]
    coop, n = c.scenario.coop, len(s.heroes)
    out[0] += (f"; the Dragon {DRAGON_WORDS.get(s.dragon, s.dragon)}, his hoard {s.hoard}"
               + (f" of {coop.hoard_limit[n]}; the darkness {s.darkness} of {coop.darkness_limit[n]}" if coop else "")
               + ("; a storm" if s.storm else "") + f"; the City's pile {len(s.city)}")
    return out


def picture(s: KingdomState, c: KingdomContent) -> str:
    return roth_narrate.picture(s, c.roth)


def summary(s: KingdomState, c: KingdomContent) -> list[str]:
    return roth_narrate.summary(s, c.roth) if all(s.at[h].field for h in s.heroes) else \
        [f"the maps: {' / '.join(s.layout)}", f"({len(laid_out(s, c.roth).board.fields)} fields)"]
