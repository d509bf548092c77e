"""The spells of the City of the Mages, and the Mage's spell for his gold.

The book (Artifacts, Glossary, "Under the Shadow of the Dragon as an Expansion Set"):
- "Spells from the City of the Mages also count as artifacts ... Other spells require a successful
  magic trial to be cast. If the trial fails, the parchment holding the spell vanishes and the
  counter is again placed with the other 'City of the Mages' counters. Some of the spells do not
  count as actions, but may be used during the movement phase."
- Invisibility (a won magic trial: "invisible for the rest of his turn"), Strength ("increases a
  hero's natural HP permanently by 1"), (Great) Experience ("one single trial with four (five)
  dice"); Lightning is cast in a fight (``fights``) and against Attack! (``events``); Pegasus is a
  flight (``moves``).
- Vision: "If he succeeds in a magic trial, the caster of the Vision spell may look at covered
  counters before moving onto the respective field. The counter in question has to be on a tan
  field adjacent to the field the caster is currently in. After he has looked at the counter, he
  puts it back, still covered. Now it is up to the caster to decide whether to move onto the field
  or not. If the magic trial fails, the 'Vision' counter is returned to the rest of the 'City of
  the Mages' counters. The spell may be cast again and again as long as the magic trial does not
  fail. Casting Vision does not constitute an action."
- Clairvoyance: "Whenever a player has to draw a counter from the bag, he may cast the
  'Clairvoyance' spell to pick a counter of his choosing instead (as an action). He may not pick a
  covered counter (i.e., a counter with the PA logo on its back). The player's hero needs to
  succeed in a magic trial first. If this trial fails, the spell vanishes back to the other 'City
  of the Mages' counters."
- The Mage: "If the Mage is chosen as a hero, the player may forfeit his starting 3 gold pieces
  and opt for a spell from among the 'City of the Mages' counters."

Readings (docs/readings.md, "Under the Shadow of the Dragon"):
- Casting a spell is not an action unless the book says so (Clairvoyance); the Healing Potion is
  drunk in ``actions``. Used Experience spells go back to the City's pile; a Strength cast stays
  beside the sheet (``HeroState.strength``) until the hero dies, then returns to the City.
- Vision is cast in the movement phase, with movement left, on a field the hero could step onto
  next; what he saw is his (``HeroState.known``: the program's bots remember it, the table shows
  it to his player, and ``undo`` does not go back past it). A field whose covered counters he
  knows is not offered again.
- Clairvoyance offers each kind of open counter in the bag once (the bag is looked into); a
  failed trial is followed by the ordinary draw. A draw owed by the Dragon (our Brood) has no
  drawing player.
- The Mage's choice is made on his first turn of the game before he does anything else (an heir
  is not "chosen as a hero"); he picks among the spells (the Glossary's "Artifact (Spell)", marked
  ``spell`` in the content) lying in the City's pile, and his gold goes to the bank.
"""

from __future__ import annotations

from overlord.core.game import hidden_draw
from overlord.games.heroes.draws import back_in_bag
from overlord.games.heroes.sheet import skill_value
from overlord.games.heroes.trials import trial

from . import draws, fights, life
from .moves import has_effect, step_targets
from .state import Ctx, artifact, counter


def _off_sheet(ctx: Ctx, hero: str, inst: str) -> None:
    sheet = ctx.s.sheets[hero]
    sheet.items = [i for i in sheet.items if i.id != inst]


def magic_trial(ctx: Ctx, hero: str):
    """The magic trial a spell asks for (an Experience spell made ready counts)."""
    sheet = ctx.s.sheets[hero]
    return trial(skill_value(sheet, "magic"), ctx.trial_modifier(hero, "magic"),
                 fights.dice_count(ctx, hero, "magic", use=True), rng=ctx.dice,
                 skill="magic", who=hero, against="the spell")


def cast(ctx: Ctx, hero: str, inst: str) -> list[dict]:
    """Strength, (Great) Experience, Invisibility."""
    s = ctx.s
    a = artifact(s, ctx.c, inst)
    sheet = s.sheets[hero]
    if a.effect == "strength":
        _off_sheet(ctx, hero, inst)
        s.at[hero].strength.append(inst)
        sheet.natural_max += 1
        sheet.natural += 1
        return [ctx.log({"event": "cast", "hero": hero, "counter": inst, "name": a.name,
                         "natural": sheet.natural, "natural_max": sheet.natural_max})]
    if a.effect in ("experience", "great_experience"):
        _off_sheet(ctx, hero, inst)
        s.market.append(inst)
        s.at[hero].primed = a.effect
        return [ctx.log({"event": "cast", "hero": hero, "counter": inst, "name": a.name, "primed": a.effect})]
    t = magic_trial(ctx, hero)
    out = [ctx.log({"event": "cast", "hero": hero, "counter": inst, "name": a.name, "trial": t.reason, "success": t.success})]
    if t.success:
        s.turn.invisible = True
        return out
    return out + life.spell_gone(ctx, hero, inst)


# -- Vision -------------------------------------------------------------------------------------------------

def hidden_here(ctx: Ctx, fid: str) -> list[str]:
    """The covered counters lying face down on a field."""
    return [i for i in ctx.s.board.get(fid, []) if i in ctx.s.down]


def vision_fields(ctx: Ctx, hero: str) -> list[str]:
    """The tan fields next to the hero (those he may step onto) with a covered counter he has not
    looked at; empty unless he carries Vision and may still move."""
    s, b = ctx.s, ctx.c.board
    t = s.turn
    if t.phase != "move" or t.mp < 1 or t.combat or s.at[hero].between or not has_effect(ctx, hero, "vision"):
        return []
    known = set(s.at[hero].known)
    return [f for f in step_targets(ctx, hero)
            if b.field(f).colour == "tan" and any(i not in known for i in hidden_here(ctx, f))]


def vision(ctx: Ctx, hero: str, inst: str, fid: str) -> list[dict]:
    s = ctx.s
    t = magic_trial(ctx, hero)
    out = [ctx.log({"event": "vision", "hero": hero, "counter": inst, "at": fid, "trial": t.reason,
                    "success": t.success})]
    if not t.success:
        return out + life.spell_gone(ctx, hero, inst)
    seen = hidden_here(ctx, fid)
    hs = s.at[hero]
    hs.known = [i for i in hs.known if i not in seen] + seen
    return out + [ctx.log(hidden_draw({"event": "looked", "hero": hero, "at": fid, "counters": seen,
                                       "names": [counter(ctx.c, i).name for i in seen], "why": "put back, still covered"}))]


# -- Clairvoyance --------------------------------------------------------------------------------------------

def draw(ctx: Ctx, hero: str) -> list[dict]:
    """The ordinary draw the pending choice owed."""
    why, then_bag = ctx.s.pending["draw"], ctx.s.pending.get("then_bag", "")
    ctx.s.pending = {}
    return draws.draw_one(ctx, hero, why) + back_in_bag(ctx, then_bag)


def clairvoyance(ctx: Ctx, hero: str, inst: str, pick: str) -> list[dict]:
    s = ctx.s
    why, then_bag = s.pending["draw"], s.pending.get("then_bag", "")
    s.pending = {}
    t = s.turn
    t.acted, t.fresh, t.mp = True, False, 0              # "(as an action)"
    if t.phase == "move":
        t.phase = "act"
    tr = magic_trial(ctx, hero)
    out = [ctx.log(hidden_draw({"event": "clairvoyance", "hero": hero, "counter": inst, "pick": pick,   # he looks
                                "name": counter(ctx.c, pick).name, "trial": tr.reason, "success": tr.success}))]  # into the bag
    if tr.success:
        out += draws.deal(ctx, pick, hero, why, picked=True)
    else:
        out += life.spell_gone(ctx, hero, inst) + draws.draw_one(ctx, hero, why)
    return out + back_in_bag(ctx, then_bag)


# -- the Mage's spell for his gold -----------------------------------------------------------------------------

def gold_spells(ctx: Ctx, hero: str) -> list[str]:
    """The spells the Mage may take for his starting gold now: one of each kind in the City's pile,
    on his first turn before anything else."""
    s, c = ctx.s, ctx.c
    hs, sheet, t = s.at[hero], s.sheets[hero], s.turn
    if c.heroes[hero].ability != "spell_for_gold" or hs.generation != 1 or s.round != 1 or not t.fresh \
            or t.acted or t.hero != hero or sheet.gold != c.heroes[hero].gold or len(sheet.items) >= sheet.item_slots:
        return []
    kinds: dict[str, str] = {}
    for inst in sorted(s.market):
        a = artifact(s, c, inst)
        if a is not None and a.spell:
            kinds.setdefault(a.id, inst)
    return sorted(kinds.values())


def spell_for_gold(ctx: Ctx, hero: str, inst: str) -> list[dict]:
    s = ctx.s
    sheet = s.sheets[hero]
    gold, sheet.gold = sheet.gold, 0
    s.market.remove(inst)
    sheet.items.append(fights.item_of(artifact(s, ctx.c, inst), inst))
    return [ctx.log(hidden_draw({"event": "spell_for_gold", "hero": hero, "counter": inst,   # he looks through
                                 "name": artifact(s, ctx.c, inst).name, "gold": gold}))]       # the City's pile
