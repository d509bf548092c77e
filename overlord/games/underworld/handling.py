"""Handling counters and heroes for the Underworld rule modules (items, treasure, combat, duels,
places): events, moving a counter between the places of ``state``, hero abilities, life loss
with death and rebirth, and the turn checks every action shares.

Conventions
-----------
* Every rule function returns a list of events (plain dicts ``{"event": name, ..., "why": text}``)
  and appends them to ``state.log`` (:func:`emit`).
* A hero's special ability is ``state.rules["abilities"][hero]`` (one of :data:`ABILITIES`); a
  hero id that is itself an ability name ("centaur", ...) has that ability.
* Counter effects beyond the common rules are named by ``CounterSpec.effect`` (:data:`EFFECTS`).
* Places are map tiles known by their printed name (``TileSpec.name``, case-insensitive;
  "Tartarus" and "Tartaros" are the same place).
* Once-a-turn marks live in ``state.uses`` as ``"<what>@<hero>" -> round``: a hero has one turn
  a round, so (round, hero) names the turn. Solitaire corner counts are ``"corners:<id>"``.

Rule readings
-------------
* Death (HitU "Death", "Rebirth"): items left behind go face up to ``treasure_up``, special
  weapons back to the Damned One's ``card``; tasks (defeated black creatures too) lie face up on
  the tile where the hero died; the hero stands on Styx. Headless, the hero keeps the item with
  the largest sum of bonuses, movement and remaining artificial LP (first on ties).
* An item destroyed because all its artificial LP are lost goes "to the appropriate pile":
  ``treasure_up`` for treasure markers, the ``card`` for special weapons (the Mail of Persephone).
"""

from __future__ import annotations

from ..heroes.sheet import Item, RulesError, SHADOW, gain_cube, lose_life, rebirth, shadow_cubes
from .state import UnderworldState, kind_of, rolling, where
from .tiles import placed_tile, styx_id
from ..heroes.trials import DiceSource

# the content's names (formats.ABILITIES)
ABILITIES = ("bard_song", "second_round", "combine_skills", "shaman_gray", "centaur")
EFFECTS = {
    # items
    "lightning_bolts": "+2 to a skill of the player's choosing, once",
    "gold_bag": "the number of gold pieces in CounterSpec.gold; then discarded",
    "heal": "Nektar/Ambrosia: heal CounterSpec.hearts natural LP (0: all), then discarded",
    "advice_of_hermes": "turn a gray dot into a colour of the player's choice, once",
    "mirror": "no -2 against the Gorgon",
    "shoes_of_hermes": "pass every revealed enemy counter",
    "mail_of_persephone": "a lost SC becomes 1 lost LP; cannot be challenged to a Duel",
    # enemies
    "gorgon": "-2 to the hero's skill (unless Mirror); a loss costs 1 MP (at 1 MP: 1 LP)",
    "lose_ec": "a loss costs 1 EC (an SC may be given instead)",
    # encounters
    "hypnos": "trial in a skill with an SC: the SC becomes a normal EC",
    "low_demon": "1 LP for a trial of any skill; failed: the skill +1; 4 corners",
    "well_of_wisdom": "1 gold for a trial of any skill; failed: the skill +1",
    "hermes": "back to Styx if the hero wishes",
    "grant_special": "Hekate/Orion/Thanatos: trial; the special weapon CounterSpec.grants",
    # tasks
    "hades_task": "bring to Hades: the Trident and 1 SC off the Dark Side; not by a dark hero",
    "persephone_task": "bring to Hades: the Mail and 1 SC off (2 if Hades is there); not by a dark hero",
}
CORNERS = 4            # "can only be used 4 times" / "If 1 LP is in each corner"
HADES_THERE = "hades_in_throne_hall"     # state.uses key: 1 once Hades was brought to the Throne Hall


def emit(state: UnderworldState, *events: dict) -> list[dict]:
    out = [dict(e) for e in events]
    state.log.extend(out)
    return out


def ability(state: UnderworldState, hero: str) -> str:
    return state.rules.get("abilities", {}).get(hero, hero if hero in ABILITIES else "")


def effect(state: UnderworldState, cid: str) -> str:
    return kind_of(state, cid).effect.split(":")[0]


def carried(state: UnderworldState, hero: str, eff: str) -> Item | None:
    """The first item the hero carries with effect ``eff``."""
    for item in state.sheets[hero].items:
        if effect(state, item.id) == eff:
            return item
    return None


def hero_tile(state: UnderworldState, hero: str) -> str:
    return state.map.heroes[hero]


def tile_name(state: UnderworldState, tile: str) -> str:
    name = state.map.catalogue[tile].name.strip().lower() or tile.lower()
    return {"tartarus": "tartaros", "erebus": "erebos", "elysium": "elysion"}.get(name, name)


def place_name(name: str) -> str:
    n = name.strip().lower()
    return {"tartarus": "tartaros", "erebus": "erebos", "elysium": "elysion"}.get(n, n)


def on_tile(state: UnderworldState, hero: str) -> list[str]:
    """Counters lying on the hero's tile."""
    return [c for c in placed_tile(state.map, hero_tile(state, hero)).markers if c != "adventure"]


def once_key(what: str, hero: str) -> str:
    return f"{what}@{hero}"


def used_this_turn(state: UnderworldState, what: str, hero: str) -> bool:
    return state.uses.get(once_key(what, hero)) == state.round


def mark_turn(state: UnderworldState, what: str, hero: str) -> None:
    state.uses[once_key(what, hero)] = state.round


# -- moving counters ----------------------------------------------------------------------------

def _lift(state: UnderworldState, cid: str) -> Item | None:
    """Take ``cid`` out of the one place it lies; returns the Item if it was on a sheet."""
    place = where(state, cid)
    kind, _, arg = place.partition(":")
    if kind == "tile":
        placed_tile(state.map, arg).markers.remove(cid)
        if cid in state.revealed:
            state.revealed.remove(cid)
    elif kind == "items":
        sheet = state.sheets[arg]
        item = next(i for i in sheet.items if i.id == cid)
        sheet.items.remove(item)
        return item
    elif kind == "tasks":
        state.sheets[arg].tasks.remove(cid)
    elif kind == "trap":
        del state.trapped[arg]
    else:
        getattr(state, kind).remove(cid)
    return None


def relocate(state: UnderworldState, cid: str, to: str, *, item: Item | None = None) -> None:
    """Move counter ``cid`` to place ``to`` (a place name of ``state`` - see its docstring).
    On a tile it lies face up. ``items:<hero>`` puts ``item`` (or a fresh :func:`item_of`)
    on the sheet without the carrying checks (callers check first)."""
    lifted = _lift(state, cid)
    kind, _, arg = to.partition(":")
    if kind == "tile":
        placed_tile(state.map, arg).markers.append(cid)
        state.revealed.append(cid)
    elif kind == "items":
        state.sheets[arg].items.append(item or lifted or item_of(state, cid))
    elif kind == "tasks":
        state.sheets[arg].tasks.append(cid)
    elif kind == "trap":
        state.trapped[arg] = cid
    else:
        getattr(state, kind).append(cid)


def discard_pile(state: UnderworldState, cid: str) -> str:
    """Where a discarded or destroyed item goes: special weapons to the Damned One's card,
    treasure markers face up beside the heap."""
    return "card" if kind_of(state, cid).kind == "special_weapon" else "treasure_up"


# -- turns --------------------------------------------------------------------------------------

def check_acting(state: UnderworldState, hero: str, what: str) -> None:
    """The hero may act now: it is the active hero, alive, not trapped, the turn not over."""
    if hero not in state.sheets:
        raise RulesError(f"no hero {hero!r} in this game")
    if state.outcome:
        raise RulesError(f"the game is over ({state.reason})")
    turn = state.turn
    if turn is None or turn.hero != hero:
        raise RulesError(f"{what}: only the active player's hero acts (HitU 'Course of Play')")
    if state.sheets[hero].dead:
        raise RulesError(f"{what}: {hero} is dead and awakens on Styx next turn (HitU 'Death')")
    if hero in state.trapped and what != "escape the trap":
        raise RulesError(f"{what}: {hero} is caught in a trap - 'Heroes in traps cannot take any "
                         "further actions except to attempt to escape' (HitU 'Traps')")
    if turn.phase == "done":
        raise RulesError(f"{what}: {hero}'s turn is over")
    if turn.combat_lost:
        raise RulesError(f"{what}: the combat was lost - 'All further hero actions are lost' (HitU 'Combat')")


def end_turn(state: UnderworldState, hero: str) -> None:
    if state.turn is not None and state.turn.hero == hero:
        state.turn.phase = "done"


# -- shadow cubes and life ----------------------------------------------------------------------

def drop_dark_tasks(state: UnderworldState, hero: str) -> list[dict]:
    """"If a hero acquires an SC while in possession of the Hades or Persephone Task markers, the
    marker must be discarded immediately face up to the hero's current map tile." (HitU)"""
    if not shadow_cubes(state.sheets[hero]):
        return []
    events = []
    for task in list(state.sheets[hero].tasks):
        if effect(state, task) in ("hades_task", "persephone_task"):
            relocate(state, task, f"tile:{hero_tile(state, hero)}")
            events.append({"event": "task_dropped", "hero": hero, "task": task, "tile": hero_tile(state, hero),
                           "why": "HitU: an SC gained while holding Hades or Persephone drops the task face up"})
    return emit(state, *events)


def give_shadow_cube(state: UnderworldState, hero: str, skill: str, why: str) -> list[dict]:
    """One SC onto ``skill`` of the hero's sheet (drops Hades/Persephone)."""
    gain_cube(state.sheets[hero], SHADOW, skill)
    events = emit(state, {"event": "shadow_cube", "hero": hero, "skill": skill, "why": why})
    return events + drop_dark_tasks(state, hero)


def default_keep(sheet) -> str | None:
    """Headless: the item with the largest sum of bonuses, movement and remaining artificial LP
    (first on ties); never a special weapon ("Special weapons are placed back on the Damned One's
    reference card")."""
    def worth(i: Item) -> int:
        return sum(i.bonus.values()) + i.movement + (i.life - i.lost)
    best = max((i for i in sheet.items if not i.special), key=worth, default=None)
    return best.id if best else None


def keep_problem(state: UnderworldState, hero: str, keep: str | None) -> str | None:
    """Why ``keep`` cannot be the item kept at death (None: it can; "" keeps nothing)."""
    if not keep:
        return None
    sheet = state.sheets[hero]
    item = next((i for i in sheet.items if i.id == keep), None)
    if item is None:
        return f"{hero} does not carry {keep!r} to keep"
    if item.special:
        return (f"{keep} is a special weapon: Special weapons are placed back on the Damned One's reference "
                "card (HitU 'Rebirth')")
    return None


def die(state: UnderworldState, hero: str, *, keep: str | None = None, why: str = "") -> list[dict]:
    """Death and rebirth on Styx (HitU "Death", "Rebirth"): keep one item (``keep``; headless
    :func:`default_keep`), the others face up to the treasure (special weapons to the card),
    tasks on the tile where the hero died, cubes back to the supply, the hero on Styx."""
    sheet = state.sheets[hero]
    died_on = hero_tile(state, hero)
    problem = keep_problem(state, hero, keep)
    if problem:
        raise RulesError(problem)
    keep = (keep or None) if keep is not None else default_keep(sheet)
    # counters leave the sheet through relocate, so nothing is lost or duplicated
    left = {"card": [], "treasure_up": []}
    for item in [i for i in sheet.items if i.id != keep]:
        pile = discard_pile(state, item.id)
        relocate(state, item.id, pile)
        left[pile].append(item.id)
    tasks = list(sheet.tasks)
    for task in tasks:
        relocate(state, task, f"tile:{died_on}")
    record = rebirth(sheet, keep)
    state.map.heroes[hero] = styx_id(state.map)
    end_turn(state, hero)
    return emit(state, {"event": "death", "hero": hero, "tile": died_on, "kept": keep,
                        "to_card": left["card"], "to_treasure_up": left["treasure_up"], "tasks_left": tasks,
                        "cubes_to_supply": record.returned_cubes,
                        "why": why or "HitU 'Death': the last natural LP is lost; reborn on Styx with one item "
                                      "kept, the others face up beside the treasure, special weapons back on the "
                                      "Damned One's card, tasks on the tile where the hero died"})


def lose_life_points(state: UnderworldState, hero: str, n: int = 1, *, source: str | None = None,
                     policy: str = "artificial_first", keep: str | None = None, why: str = "") -> list[dict]:
    """Lose ``n`` LP ("The player decides whether to lose a 'natural' or 'artificial' LP"):
    ``source`` is the player's choice, else ``policy``. An item whose artificial LP are all lost
    is discarded; the last natural LP lost is death (:func:`die`)."""
    events: list[dict] = []
    for _ in range(n):
        sheet = state.sheets[hero]
        if sheet.dead:
            break
        # lose_life removes a destroyed item from the sheet itself: put it back so the counter
        # leaves through relocate
        loss = lose_life(sheet, source, policy=policy)
        source = None
        events += emit(state, {"event": "life_lost", "hero": hero, "source": loss.source,
                               "natural": sheet.natural, "why": why})
        if loss.destroyed is not None:
            sheet.items.append(loss.destroyed)
            relocate(state, loss.destroyed.id, discard_pile(state, loss.destroyed.id))
            events += emit(state, {"event": "item_destroyed", "hero": hero, "item": loss.destroyed.id,
                                   "life": loss.destroyed.life,
                                   "why": f"HitU 'Artificial Life Points': all its {loss.destroyed.life} LP are lost"})
        if loss.died:
            sheet.dead = True
            events += die(state, hero, keep=keep)
            break
    return events


# -- dice ---------------------------------------------------------------------------------------

def dice_source(dice):
    """``None`` (roll with the game's generator at each trial) or a shared forced-dice source."""
    if dice is None or isinstance(dice, DiceSource):
        return dice
    return DiceSource(dice=dice)


def roll(state: UnderworldState, src, fn):
    """Call ``fn(rng)`` with the forced dice ``src`` or, without it, the game's generator
    (``rolling``, never nested)."""
    if src is not None:
        return fn(src)
    with rolling(state) as rng:
        return fn(rng)


def outside_bonus(state: UnderworldState, hero: str, skill: str) -> int:
    """"In Magic skill tests outside of combat or Duels (Encounters, or spells for example), the
    Shaman adds +1 to her Magic skill level." (HitU Shaman)"""
    return 1 if ability(state, hero) == "shaman_gray" and skill == "magic" else 0


# -- items as the heroes family's Item -------------------------------------------------------------

ITEM_COUNTER_KINDS = ("item", "black_weapon", "special_weapon")


def item_of(state: UnderworldState, cid: str) -> Item:
    """The family's Item for counter instance ``cid`` (id = the instance id)."""
    spec = kind_of(state, cid)
    if spec.kind not in ITEM_COUNTER_KINDS:
        raise RulesError(f"{cid} ({spec.name}) is a {spec.kind}, not an item (HitU: 'Items are markers "
                         "with a yellow border')")
    return Item(id=cid, name=spec.name, kind=spec.slot, bonus=dict(spec.bonus), movement=spec.movement,
                life=spec.life, combinable=spec.combinable, black=spec.black or None,
                special=spec.kind == "special_weapon")
