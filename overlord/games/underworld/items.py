"""Items in Heroes in the Underworld (HitU "Items (Revealed Treasure Markers)", "Weapons and
Armor", "Artificial Life Points", the Glossary's items): the family's :class:`Item` for a
counter, taking, trading for gold, discarding, and the items used up when used.

Rule readings
-------------
* "Extra weapons and armor can be discarded. The player will receive 1 gold for a discarded
  weapon or armor": discarding a weapon, armour, shield or helmet pays 1 gold; other items pay
  nothing. A discarded treasure marker goes face up beside the heap (``treasure_up``); a
  special weapon goes back to the Damned One's card so it "can come into play again".
* "Normal treasure items may be traded for 1 gold" is offered when the item is revealed
  (:func:`trade_for_gold`, used by ``treasure``); a carried item is given up with :func:`discard`.
* Lightning Bolts ("Can only be used once"), the Gold Bag ("After taking the gold, discard the
  marker"), Nektar and Ambrosia (drink and food of the gods: used once) go to ``treasure_up``
  when used. Nektar/Ambrosia heal the LP their counter's ``hearts`` say
  (ours: the rulebook gives no number; 0 heals all natural LP).
* The Advice of Hermes: "can convert uniquely a gray point" - German "einmalig", once: it is
  used up (see ``combat``).
* Taking a Black Weapon (from the treasure or in a Duel) puts 1 SC on the Dark Side ("If the
  item is taken by a hero, place 1 SC on the Dark Side").
* The Centaur "cannot carry certain items such as Armor (except for a Shield) ... Sandals".
* Making room (:func:`room_for`, :func:`make_room`): a reward a hero cannot carry because of an
  item it carries - a second weapon or armour, or full item boxes - may be taken after discarding
  that item ("Extra weapons and armor can be discarded. The player will receive 1 gold"). The
  player names the item (``discard=ID``) or declines (``discard=""``); headless, the hero makes
  room unless the only way is to give up a special weapon (then it keeps the one it has). Black
  Weapons go only as the book allows (no SC in their skill). A reward not taken this way is never
  lost: a special weapon stays on the Damned One's card (see ``places``), a treasure item is
  traded for gold or put face up beside the heap (``treasure``).
"""

from __future__ import annotations

from dataclasses import replace

from ..heroes.sheet import Item, RulesError, carry_problem, drop_item, gain_gold, heal, shadow_cubes
from . import darkside
from .handling import ability, discard_pile, emit, item_of, relocate
from .state import UnderworldState, kind_of, where

GEAR = ("weapon", "armour", "shield", "helmet")

def take_problem(state: UnderworldState, hero: str, cid: str) -> str | None:
    """Why the hero cannot carry ``cid`` now, or None."""
    spec = kind_of(state, cid)
    if spec.effect == "gold_bag":
        return None
    item = item_of(state, cid)
    if ability(state, hero) == "centaur" and (item.kind == "armour" or spec.movement > 0):
        return f"the Centaur cannot carry {spec.name} (HitU 'Centaur')"
    return carry_problem(state.sheets[hero], item)


def take(state: UnderworldState, hero: str, cid: str, *, why: str = "") -> list[dict]:
    """Put item ``cid`` (wherever it lies) on the hero's sheet: "the player must place the item
    marker on a free box in the item section". A Gold Bag pays its gold and is discarded; a Black
    Weapon puts 1 SC on the Dark Side."""
    spec = kind_of(state, cid)
    sheet = state.sheets[hero]
    if sheet.dead:
        raise RulesError(f"{hero} is dead")
    if spec.effect == "gold_bag":
        gain_gold(sheet, spec.gold)
        if where(state, cid) != "treasure_up":
            relocate(state, cid, "treasure_up")
        return emit(state, {"event": "gold", "hero": hero, "change": spec.gold, "gold": sheet.gold, "item": cid,
                            "why": "HitU Gold Bag: 'After taking the gold, discard the marker'"})
    problem = take_problem(state, hero, cid)
    if problem:
        raise RulesError(f"{hero} cannot take {cid}: {problem}")
    relocate(state, cid, f"items:{hero}", item=item_of(state, cid))
    events = emit(state, {"event": "item_taken", "hero": hero, "item": cid, "why": why or "HitU 'Items'"})
    if spec.kind == "black_weapon":
        events.append(darkside.add(state, 1, why=f"{hero} took the Black Weapon {spec.name} (HitU 'Shadow "
                                                 "Cubes of the Damned One')"))
    return events


def trade_for_gold(state: UnderworldState, hero: str, cid: str) -> list[dict]:
    """A revealed treasure marker given up for 1 gold; it stays face up beside the heap. "Normal
    treasure items may be traded for 1 gold. Black weapons may not be traded for gold." """
    spec = kind_of(state, cid)
    if spec.kind == "black_weapon":
        raise RulesError(f"{spec.name} is a Black Weapon: 'Black weapons may not be traded for gold' (HitU)")
    if spec.kind != "item":
        raise RulesError(f"{cid} is a {spec.kind}, not a treasure item to trade")
    if where(state, cid) != "treasure_up":
        relocate(state, cid, "treasure_up")
    gain_gold(state.sheets[hero], 1)
    return emit(state, {"event": "traded", "hero": hero, "item": cid, "gold": state.sheets[hero].gold,
                        "why": "HitU 'Treasure': 'it can be exchanged for 1 gold piece'"})


def discard_item(state: UnderworldState, hero: str, cid: str, *, why: str = "") -> list[dict]:
    """Give up a carried item. Black Weapons "may only be discarded if the hero does not have one
    or more Shadow Cubes in the appropriate skill"; weapons and armour pay 1 gold."""
    sheet = state.sheets[hero]
    item = drop_item(sheet, cid)          # raises for a Black Weapon with SC in its skill
    sheet.items.append(item)              # leave through relocate
    relocate(state, cid, discard_pile(state, cid))
    paid = 1 if item.kind in GEAR else 0
    if paid:
        gain_gold(sheet, 1)
    return emit(state, {"event": "item_discarded", "hero": hero, "item": cid, "to": discard_pile(state, cid),
                        "gold": paid, "why": why or "HitU 'Weapons and Armor': 'The player will receive 1 gold "
                                                     "for a discarded weapon or armor'"})


def _worth(item: Item) -> int:
    return sum(item.bonus.values()) + item.movement + (item.life - item.lost)


def _may_discard(state: UnderworldState, hero: str, item: Item) -> bool:
    """"Black Weapons may only be discarded if the hero does not have one or more Shadow Cubes in
    the appropriate skill"; anything else may be."""
    return not (item.black and shadow_cubes(state.sheets[hero], item.black))


def room_for(state: UnderworldState, hero: str, cid: str, *, special_too: bool = True) -> list[list[str]]:
    """The ways to carry ``cid``: each a list of carried items to discard first (``[[]]``: it can
    be carried now; ``[]``: no way). A second weapon or armour (or shield, helmet) blocks by its
    kind; full boxes need one box freed. ``special_too=False`` leaves out ways that give up a
    special weapon. In the order of the items on the sheet."""
    if take_problem(state, hero, cid) is None:
        return [[]]
    spec = kind_of(state, cid)
    item = item_of(state, cid)
    sheet = state.sheets[hero]
    if any(i.id == cid for i in sheet.items) or (ability(state, hero) == "centaur" and
                                                   (item.kind == "armour" or spec.movement > 0)):
        return []
    ways = []
    for other in sheet.items:
        if not _may_discard(state, hero, other) or (other.special and not special_too):
            continue
        if carry_problem(replace(sheet, items=[i for i in sheet.items if i is not other]), item) is None:
            ways.append([other.id])
    return ways


def default_room(state: UnderworldState, hero: str, cid: str) -> list[str] | None:
    """Headless: the way to carry ``cid`` that gives up the least (bonuses, movement, artificial
    LP left; never a special weapon), None when there is none."""
    ways = room_for(state, hero, cid, special_too=False)
    if not ways:
        return None
    items = {i.id: i for i in state.sheets[hero].items}
    return min(ways, key=lambda way: sum(_worth(items[i]) for i in way))


def make_room(state: UnderworldState, hero: str, cid: str, discard: str | None = None) -> tuple[bool, list[dict]]:
    """Discard what keeps ``hero`` from carrying ``cid``: the player's ``discard`` (an item id;
    ``""``: make no room), or headless :func:`default_room`. Returns (whether ``cid`` can now be
    carried, the events). A ``discard`` that does not make room is refused before anything
    changes."""
    if take_problem(state, hero, cid) is None:
        return True, []
    if discard == "":
        return False, []
    if discard is None:
        way = default_room(state, hero, cid)
        if way is None:
            return False, []
    else:
        way = next((w for w in room_for(state, hero, cid) if w == [discard]), None)
        if way is None:
            options = [w[0] for w in room_for(state, hero, cid)]
            raise RulesError(f"discarding {discard!r} does not make room for {cid}: "
                             + (f"discard one of {', '.join(options)}" if options else "nothing can"))
    events = []
    for other in way:
        events += discard_item(state, hero, other, why=f"HitU 'Weapons and Armor': 'Extra weapons and armor can be "
                                                       f"discarded' - to carry {kind_of(state, cid).name}")
    return True, events


def _carried_with(state: UnderworldState, hero: str, cid: str, eff: str) -> None:
    if not any(i.id == cid for i in state.sheets[hero].items):
        raise RulesError(f"{hero} does not carry {cid}")
    if kind_of(state, cid).effect.split(":")[0] != eff:
        raise RulesError(f"{cid} is not {eff.replace('_', ' ')}")


def use_up(state: UnderworldState, hero: str, cid: str, why: str) -> list[dict]:
    relocate(state, cid, "treasure_up")
    return emit(state, {"event": "item_used_up", "hero": hero, "item": cid, "why": why})


def lightning_bolts(state: UnderworldState, hero: str, cid: str, skill: str) -> tuple[int, list[dict]]:
    """Use the Lightning Bolts: "+2 ... of the player's choosing. Can only be used once." Returns
    the modifier for ``skill`` and the events (the marker goes to ``treasure_up``)."""
    _carried_with(state, hero, cid, "lightning_bolts")
    if skill not in state.sheets[hero].skills:
        raise RulesError(f"{hero} has no skill {skill!r}")
    return 2, use_up(state, hero, cid, f"HitU Lightning Bolts: +2 to {skill}, 'Can only be used once'")


def drink(state: UnderworldState, hero: str, cid: str) -> list[dict]:
    """Nektar or Ambrosia: heal natural LP ("Only natural LP can be healed"); used up."""
    _carried_with(state, hero, cid, "heal")
    amount = kind_of(state, cid).hearts or None     # content: a healing item's ``hearts`` are the LP it heals
    healed = heal(state.sheets[hero], amount)
    return emit(state, {"event": "healed", "hero": hero, "points": healed, "natural": state.sheets[hero].natural,
                        "why": f"HitU {kind_of(state, cid).name}: natural LP healed"}) + \
        use_up(state, hero, cid, "used once")
