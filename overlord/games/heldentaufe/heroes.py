"""The hero board ("The Hero Board", "Food & Potions", "You Are Defeated"): abilities, where tokens
go, healing, brewing, potions and being knocked out. Functions over the state; each says the rule.

Readings (docs/readings.md, "Heldentaufe"):

- Received equipment ("goes into your backpack, or you may place it directly in your inventory")
  goes into its empty inventory slot, else into the backpack; when both are full, the better of it
  and the piece worn is worn and the other given up to the supply. The players rearrange freely
  afterwards ("On your turn you may rearrange your tokens or return them to the general supply").
- A token the supply has run out of is not received (a treasure face, a reward, a forged piece).
- "Rings show which kind of potions you can brew ... 1, 2, or 3 recipes": the recipe level is the
  hero's own (Erla 1) plus the ring's value, at most 3.
- One used Berserker potion gives +2; a second one adds nothing (it cannot be used while one lies
  turned over).
- "A used teleportation potion blocks your potion rack for that turn": no potion is used or
  brewed after it in that turn.
"""

from __future__ import annotations

from .content import FOODS, POTIONS, SLOTS, Content
from .state import UNDER, HState, Hero

BERSERK = 2          # "gain a combat bonus of +2"
USED = ":used"


def slot_of(token: str) -> str | None:
    """"boots" for "boots+2"; None for food and potions."""
    kind = token.split("+")[0]
    return kind if kind in SLOTS else None


def value_of(token: str) -> int:
    return int(token.split("+")[1]) if "+" in token else 0


def equipment(slot: str, value: int) -> str:
    return f"{slot}+{value}"


# -- abilities ---------------------------------------------------------------------------------------

def worn(hero: Hero, slot: str) -> int:
    token = hero.inventory.get(slot)
    return value_of(token) if token else 0


def actions(c: Content, hero: Hero) -> int:
    """"Boots show how many actions your hero may take per turn. Normally this is 4 actions ...
    (5 for Jupanila). You can increase the number of actions you may take by 1, 2, or 3 points
    with boots.\""""
    return c.hero_number(hero.id, "actions") + worn(hero, "boots")


def recipe_level(c: Content, hero: Hero) -> int:
    """"Depending on the ring you carry in your inventory, you can apply 1, 2, or 3 recipes"
    (Erla starts at level 1)."""
    return min(3, c.hero_number(hero.id, "ring") + worn(hero, "ring"))


def sword(c: Content, hero: Hero) -> int:
    """"At the start this value is 0 (1 for Corlof). You can improve your combat skill by 1, 2,
    or 3 points with swords.\""""
    return c.hero_number(hero.id, "sword") + worn(hero, "sword")


def berserk(hero: Hero) -> int:
    """A used Berserker potion "stays turned over on the potion rack" while in the Underworld."""
    return BERSERK if hero.world == UNDER and f"berserker{USED}" in hero.rack else 0


def fight_value(c: Content, hero: Hero) -> int:
    """What the hero adds to a combat die: sword and a used Berserker potion."""
    return sword(c, hero) + berserk(hero)


def max_hearts(c: Content, hero: Hero) -> int:
    return c.hero_number(hero.id, "hearts")


def backpack_room(c: Content, hero: Hero) -> int:
    return c.hero_number(hero.id, "backpack") - len(hero.backpack)


def rack_room(c: Content, hero: Hero) -> int:
    return c.hero_number(hero.id, "rack") - len(hero.rack)


def points(hero: Hero) -> int:
    """"Each monster tooth is worth the number of victory points shown by the golden notches on it.\""""
    return sum(hero.teeth)


# -- the supply ---------------------------------------------------------------------------------------

def take(state: HState, token: str, n: int = 1) -> int:
    """Take up to ``n`` of a token from the general supply; how many there were."""
    got = min(n, state.supply.get(token, 0))
    state.supply[token] = state.supply.get(token, 0) - got
    return got


def give_back(state: HState, token: str, n: int = 1) -> None:
    """A token returned to the general supply (a used potion goes back as a potion)."""
    key = "potion" if token.split(":")[0] in POTIONS else token
    state.supply[key] = state.supply.get(key, 0) + n


def receive(c: Content, state: HState, hero: Hero, token: str) -> str:
    """Equipment from the supply to the hero (the reading in the module docstring); returns where it
    went: "inventory", "backpack", "swapped" (the worn piece given up), "given up" or "none left"."""
    if not take(state, token):
        return "none left"
    slot = slot_of(token)
    if slot not in hero.inventory:
        hero.inventory[slot] = token
        return "inventory"
    if backpack_room(c, hero) > 0:
        hero.backpack.append(token)
        return "backpack"
    if value_of(token) > worn(hero, slot):
        give_back(state, hero.inventory[slot])
        hero.inventory[slot] = token
        return "swapped"
    give_back(state, token)
    return "given up"


def receive_teeth(state: HState, hero: Hero, n: int) -> int:
    """``n`` small teeth from the supply (fewer if it runs out); how many came."""
    got = take(state, "tooth", n)
    hero.teeth.extend([1] * got)
    return got


def collect_food(c: Content, state: HState, hero: Hero, food: str) -> int:
    """"On these areas you collect as much food as you can carry.\""""
    got = take(state, food, max(0, backpack_room(c, hero)))
    hero.backpack.extend([food] * got)
    return got


# -- food and potions -----------------------------------------------------------------------------------

def can_eat(c: Content, hero: Hero, food: str) -> bool:
    """"On your turn you may give up 1 food to regain 1 lost heart.\""""
    return food in FOODS and food in hero.backpack and hero.hearts < max_hearts(c, hero)


def eat(c: Content, state: HState, hero: Hero, food: str) -> None:
    hero.backpack.remove(food)
    give_back(state, food)
    hero.hearts = min(max_hearts(c, hero), hero.hearts + 1)


def recipe(c: Content, potion: str):
    return next(r for r in c.supply.recipes if r.potion == potion)


def rack_blocked(hero: Hero) -> bool:
    return f"teleport{USED}" in hero.rack


def can_brew(c: Content, state: HState, hero: Hero, potion: str, bonus: int = 0) -> bool:
    """"You brew potions as shown on the recipe from 2 matching ingredients"; the ring shows which
    recipes; potions "can only be stored in the potion rack"."""
    r = next((r for r in c.supply.recipes if r.potion == potion), None)
    if r is None or r.level > recipe_level(c, hero) + bonus or rack_room(c, hero) <= 0 or rack_blocked(hero):
        return False
    need = list(r.food)
    have = list(hero.backpack)
    for f in need:
        if f not in have:
            return False
        have.remove(f)
    return state.supply.get("potion", 0) > 0


def brew(c: Content, state: HState, hero: Hero, potion: str) -> None:
    for f in recipe(c, potion).food:
        hero.backpack.remove(f)
        give_back(state, f)
    take(state, "potion")
    hero.rack.append(potion)


def can_drink(c: Content, hero: Hero, potion: str) -> bool:
    """Healing when a heart is lost; Berserker in the Underworld when none is in use; Teleportation
    always (its destination is checked by the caller). Never after a teleport this turn."""
    if potion not in hero.rack or rack_blocked(hero):
        return False
    if potion == "healing":
        return hero.hearts < max_hearts(c, hero)
    if potion == "berserker":
        return hero.world == UNDER and f"berserker{USED}" not in hero.rack
    return potion == "teleport"


def drink(c: Content, state: HState, hero: Hero, potion: str) -> None:
    """Healing: "regain all your hit points ... give up the potion immediately"; Berserker and
    Teleportation are turned over on the rack."""
    hero.rack.remove(potion)
    if potion == "healing":
        hero.hearts = max_hearts(c, hero)
        give_back(state, potion)
    else:
        hero.rack.append(potion + USED)


def shed(state: HState, hero: Hero, potion: str) -> bool:
    """A used potion given up: Berserker "once your hero leaves the Underworld", Teleportation "once
    your turn has ended". True when there was one."""
    token = potion + USED
    if token in hero.rack:
        hero.rack.remove(token)
        give_back(state, token)
        return True
    return False


# -- rearranging ------------------------------------------------------------------------------------------

def equip(hero: Hero, token: str) -> None:
    """From the backpack into its inventory slot; a piece worn there goes into the backpack in its
    place ("Each ability can be increased by at most one piece of equipment")."""
    slot = slot_of(token)
    hero.backpack.remove(token)
    old = hero.inventory.get(slot)
    hero.inventory[slot] = token
    if old:
        hero.backpack.append(old)


def unequip(hero: Hero, slot: str) -> None:
    hero.backpack.append(hero.inventory.pop(slot))


def drop(state: HState, hero: Hero, token: str, where: str) -> None:
    """Give a token up to the general supply."""
    if where == "inventory":
        del hero.inventory[slot_of(token)]
    else:
        getattr(hero, where).remove(token)
    give_back(state, token)


def all_equipment(hero: Hero) -> list[tuple[str, str]]:
    """(token, where) of every piece of equipment the hero carries."""
    return [(t, "inventory") for t in hero.inventory.values()] + \
        [(t, "backpack") for t in hero.backpack if slot_of(t)]


def remove_equipment(hero: Hero, token: str) -> None:
    """Take a piece from the hero wherever it is (the backpack first, keeping what is worn)."""
    if token in hero.backpack:
        hero.backpack.remove(token)
    else:
        del hero.inventory[slot_of(token)]


# -- knocked out ------------------------------------------------------------------------------------------

def give_up_everything(state: HState, hero: Hero) -> list[str]:
    """"A: You lost your last heart to a monster or a trap: Give up all equipment, food, and
    potions from your hero board to the general supply.\""""
    lost = list(hero.inventory.values()) + list(hero.backpack) + list(hero.rack)
    for token in lost:
        give_back(state, token)
    hero.inventory.clear()
    hero.backpack.clear()
    hero.rack.clear()
    return lost
