"""Attacks rolled headless (at a table the players roll them): a monster's attack on heroes and
a hero's attack on a monster, with the dice of ``dice`` and the sheets' simple abilities.

* One attack roll per attack; each target rolls its own defence dice; surges are spent once for
  the attack by the priority list (``dice.spend_surges_many``).
* Range: a ranged attack counts the spaces from attacker to target; a roll whose range (with
  Range surges) is short of a target misses that target. A melee attack needs the target
  adjacent.
* A special surge that names a condition (its ``surge`` in the conditions file: "Disease")
  gives that condition to a target it damages.
* Sheet abilities: Leoric (a monster within 3 spaces rolls 1 heart less, never below 1), Tomble
  (adds the defence dice of an adjacent hero), Jain (damage suffered as fatigue while it fits),
  Tarha (once a round, a miss rolled again), Avric (heroes within 3 spaces: "surge: recover 1
  health"), Throwing Knives (+1 damage against an adjacent target).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ...ai.targets import spaces_between
from .dice import DICE, Roll, roll, spend_surges_many
from .engine import Game, GameError, damage_figure
from .heroes import recover, suffer_fatigue

HEAL_SURGE = "Recover 1 health"


def _spaces(game: Game, a: str, b: str) -> int:
    scene = game.scene()
    d = spaces_between(scene, scene.cells[a], scene.cells[b], a, b)
    return 10**6 if d == float("inf") else int(d)


def _adjacent(game: Game, a: str, b: str) -> bool:
    scene = game.scene()
    touch = scene.board.touching
    return any(touch(x, y) for x in scene.cells[a] for y in scene.cells[b])


def _surge_conditions(game: Game) -> dict[str, str]:
    return {c.surge.lower(): name for name, c in game.quest.conditions.items() if c.surge}


def _ability(game: Game, f, name: str):
    ability = game.sheet(f).ability
    return getattr(ability, name, None) if ability is not None else None


# -- a monster attacks -------------------------------------------------------------------------------

def monster_attack(game: Game, fid: str, event: dict, rng: np.random.Generator) -> list[dict]:
    """Roll a monster's attack (the event of its performed attack action) against its targets
    and let each suffer it. Returns the results (also logged as ``attack_result`` events)."""
    state = game.state
    monster = state.figure(fid)
    stats = game.stats(monster)
    targets = [t for t in event["targets"] if any(h.id == t for h in state.heroes_up())]
    if not targets:
        return []
    a = roll(stats.dice, rng)
    a = _leoric(game, fid, a)
    ranged = stats.attack == "ranged"
    defences = []
    for t in targets:
        dice = list(game.sheet(state.figure(t)).defense) + _borrowed(game, t)
        defences.append((t, dice, roll(dice, rng), _spaces(game, fid, t)))
    conditions = _surge_conditions(game)

    def has_effect(text: str, damages: list[int]) -> bool:
        name = conditions.get(text.strip().lower())
        if name is None:                   # not a condition we know: "Mend", "Fire Breath" - reported only
            return False
        return any(d > 0 and name not in state.figure(t).conditions for (t, *_), d in zip(defences, damages))

    damages, reach, spent = spend_surges_many(a, [(d.shields, need) for _, _, d, need in defences],
                                              stats.surges, ranged, has_effect=has_effect)
    gained = [conditions[s.strip().lower()] for s in spent if s.strip().lower() in conditions]
    results = []
    for (t, dice, d, need), dmg in zip(defences, damages):
        why = _why(a, d, dmg, reach, need, ranged, spent)
        result = {"event": "attack_result", "attacker": fid, "target": t, "damage": dmg, "why": why,
                  "dice": list(stats.dice), "defense": dice, "conditions": gained if dmg else []}
        game.log(result)
        results.append(result)
        if game.over:
            break
        hero = state.figure(t)
        if dmg and not hero.knocked_out:
            for c in result["conditions"]:
                if c not in hero.conditions:
                    hero.conditions.append(c)
            as_fatigue = 0
            if _ability(game, hero, "damage_as_fatigue"):
                as_fatigue = min(dmg, max(0, hero.stamina - hero.fatigue), game.health(hero) - 1)
                as_fatigue = max(0, as_fatigue)
            if as_fatigue:
                suffer_fatigue(game, t, as_fatigue, why=f"{game.sheet(hero).name} takes the blow as fatigue")
            if dmg - as_fatigue:
                damage_figure(game, t, dmg - as_fatigue)
    return results


def _leoric(game: Game, fid: str, a: Roll) -> Roll:
    """Leoric of the Book: a monster within 3 spaces of him rolls 1 heart less (never below 1)."""
    for h in game.state.heroes_up():
        spec = _ability(game, h, "monster_damage_near")
        if spec is not None and a.hearts > spec.minimum and _spaces(game, fid, h.id) <= spec.within:
            return replace(a, hearts=max(spec.minimum, a.hearts - spec.less))
    return a


def _borrowed(game: Game, hid: str) -> list[str]:
    """Tomble Burrowell: the defence dice of an adjacent hero (the one with the most)."""
    f = game.state.figure(hid)
    if not _ability(game, f, "borrow_defense"):
        return []
    near = [h for h in game.state.heroes_up() if h.id != hid and _adjacent(game, hid, h.id)]
    if not near:
        return []
    return list(max((game.sheet(h).defense for h in near), key=len))


def _why(a: Roll, d: Roll, dmg: int, reach: int, need: int, ranged: bool, spent: list[str]) -> str:
    surges = f"; surges: {', '.join(spent)}" if spent else ""
    if a.miss:
        return "miss: an X on the blue die"
    if ranged and reach < need:
        return f"miss: range {reach} < {need} spaces{surges}"
    return f"{a.hearts} hearts - {d.shields} shields = {dmg} damage{surges}"


# -- a hero attacks ----------------------------------------------------------------------------------

def can_attack(game: Game, hid: str, target: str) -> bool:
    """The hero's weapon reaches the monster at all: melee adjacent, ranged in line of sight."""
    weapon = game.sheet(game.hero(hid)).weapon
    scene = game.scene()
    if hid not in scene.figures or target not in scene.figures:
        return False
    if weapon.attack == "melee":
        return _adjacent(game, hid, target)
    return scene.sees(hid, target)


def hero_attack(game: Game, hid: str, target: str, rng: np.random.Generator) -> dict:
    """A hero's attack action with its sheet's weapon (headless): one roll, the monster's
    defence, the hero's surges (range while short, special with an effect, pierce while shields
    stand, damage, then Avric's recovery). Returns the logged ``hero_attack`` event."""
    state = game.state
    hero = game.hero(hid)
    monster = state.figure(target)
    if monster.side != "monsters" or not can_attack(game, hid, target):
        raise GameError(f"{hid} cannot attack {target} from here")
    weapon = game.sheet(hero).weapon
    a = roll(weapon.dice, rng)
    key = f"{hid}:reroll"
    if a.miss and _ability(game, hero, "reroll_attack_die") and key not in state.used:
        state.used.append(key)                          # Widow Tarha: once a round, one die again
        a = _reroll(a, a.dice.index("blue") if "blue" in a.dice else 0, rng)
    defense = list(game.stats(monster).defense)
    d = roll(defense, rng)
    need = _spaces(game, hid, target)
    ranged = weapon.attack == "ranged"
    surges = list(weapon.surges)
    heal = any(spec.within >= _spaces(game, hid, h.id) for h in state.heroes_up()
               if (spec := _ability(game, h, "surge_heal_near")) is not None)
    if heal:
        surges.append(HEAL_SURGE)
    conditions = _surge_conditions(game)

    def has_effect(text: str, damages: list[int]) -> bool:
        if text == HEAL_SURGE:
            return hero.damage > 0
        name = conditions.get(text.strip().lower())
        return name is not None and damages[0] > 0 and name not in monster.conditions

    damages, reach, spent = spend_surges_many(a, [(d.shields, need)], surges, ranged, has_effect=has_effect)
    dmg = damages[0]
    if dmg and weapon.adjacent_damage and _adjacent(game, hid, target):
        dmg += weapon.adjacent_damage
    event = {"event": "hero_attack", "hero": hid, "monster": target, "weapon": weapon.name, "damage": dmg,
             "why": _why(a, d, dmg, reach, need, ranged, spent)}
    game.log(event)
    if HEAL_SURGE in spent:
        recover(game, hid, health=1, why="surge: recover 1 health")
    for text in spent:
        name = conditions.get(text.strip().lower())
        if name and dmg and name not in monster.conditions and monster in state.figures:
            monster.conditions.append(name)
            game.log({"event": "condition", "source": hid, "condition": name, "heroes": [], "monster": target})
    if dmg:
        damage_figure(game, target, dmg, by=hid)
    return event


def _reroll(a: Roll, i: int, rng: np.random.Generator) -> Roll:
    faces = list(a.faces)
    faces[i] = int(rng.integers(0, 6))
    total = [0, 0, 0, 0, False]
    for die, face in zip(a.dice, faces):
        r, h, g, s, x = DICE[die][face]
        total = [total[0] + r, total[1] + h, total[2] + g, total[3] + s, total[4] or bool(x)]
    return Roll(range=total[0], hearts=total[1], surges=total[2], shields=total[3], miss=total[4],
                dice=a.dice, faces=tuple(faces))


def attribute_test(game: Game, hid: str, attribute: str, rng: np.random.Generator) -> bool:
    """1 gray and 1 black die: passed when the shields are at most the attribute."""
    value = getattr(game.sheet(game.hero(hid)).attributes, attribute)
    return roll(["gray", "black"], rng).shields <= value

