"""The Underworld ("A Portal Leads You Into the Underworld", "Do You Dare to Venture In?", "You Are
Defeated", "Leaving the Underworld", "Rebuilding the Underworld", "The Treasure Die").

Each function changes the state and appends its events to the log. Readings (docs/readings.md,
"Heldentaufe"):

- A hero who teleports onto the treasure takes it like one who walks in ("You may also teleport
  directly onto the treasure"); one who teleports onto a skull reveals the danger like one who
  walks in (it "could normally stand on" that area).
- A knocked-out hero goes to the lowest-numbered Upper World portal explored (the campfire if none
  is: a hero can teleport down before any portal is found).
- When the last hero leaves - by a portal, a teleport or being knocked out, even during the
  monsters' turn - the Underworld is rebuilt at once and the marker is set aside.
"""

from __future__ import annotations

from overlord.core.dice import rolled
from overlord.core.game import hidden_draw
from overlord.core.rng import rng_from_state, rng_state

from . import clock, heroes as hb, machines, monsters
from .content import Content
from .state import UNDER, UPPER, HState, Hero
from .upper import lowest_portal, portal_cell, portal_number
from .missions import play_explorer


def draw(state: HState, n: int) -> int:
    """One draw 0..n-1 from the game's generator (kept in the state)."""
    rng = rng_from_state(state.rng)
    v = int(rng.integers(n))
    state.rng = rng_state(rng)
    return v


def figures(state: HState) -> dict[str, str]:
    """Underworld area -> the figure standing there ("Each Underworld area may therefore be
    occupied by at most one figure")."""
    out = {h.at: h.id for h in state.board.values() if h.world == UNDER}
    out.update({m.at: m.id for m in state.monsters.values() if m.at})
    return out


def free(c: Content, state: HState, area: str) -> bool:
    return area in c.underworld.index and area not in figures(state)


def steps(c: Content, state: HState, hero: Hero) -> list[str]:
    """Free areas next to a hero below ("monsters and heroes block each other's path")."""
    if hero.world != UNDER:
        return []
    b = c.underworld
    taken = figures(state)
    return [b.labels[n] for n in b.neighbours[b.area(hero.at)] if b.labels[n] not in taken]


def entry(c: Content, state: HState, hero: Hero) -> int:
    """The portal number a hero on an Upper World portal may go down through now (0: none):
    "The five portals ... count as adjacent to the matching Underworld portal", if that area is
    free."""
    if hero.world != UPPER:
        return 0
    k = portal_number(state.upper[hero.at])
    return k if k and free(c, state, c.underworld.labels[c.underworld.portals[k]]) else 0


def exit_cell(c: Content, state: HState, hero: Hero) -> str | None:
    """Where a hero on an Underworld portal comes out: "the matching portal in the Upper World
    (provided it has already been explored)"."""
    if hero.world != UNDER:
        return None
    k = c.underworld.portal_of.get(c.underworld.area(hero.at))
    return portal_cell(state, k) if k else None


# -- going down, stepping, coming up ---------------------------------------------------------------------

def arrive(c: Content, state: HState, hero: Hero, area: str, how: str) -> None:
    """The hero stands on ``area`` below: the marker is placed if none is, and the treasure or a
    danger there is turned up. Returns nothing; the events say it."""
    came_down = hero.world != UNDER
    hero.world, hero.at = UNDER, area
    if came_down and state.cycle == "empty":
        state.cycle = machines.step(machines.CYCLE, state.cycle, "enter")
        state.marker = hero.id
        state.marker_skip = c.rules.first_monster_turn == "after_a_round"
        state.log.append({"event": "marker", "hero": hero.id, "machine": machines.CYCLE, "trigger": "enter"})
    b = c.underworld
    node = b.area(area)
    if node == b.treasure and state.treasure:
        state.treasure = False
        state.log.append({"event": "treasure", "hero": hero.id, "at": area})
        for _ in range(3):             # "roll the treasure die 3 times"
            treasure_die(c, state, hero)
    elif area in state.dangers:
        danger = state.dangers.pop(area)
        trap = danger.startswith("trap")
        state.log.append(hidden_draw({"event": "danger", "hero": hero.id, "at": area, "tile": danger, "trap": trap}))
        if trap:
            spring_trap(c, state, hero)


def treasure_die(c: Content, state: HState, hero: Hero) -> str:
    """"boots (+1), ring (+1), sword (+1), 1 small monster tooth, or 2 small monster teeth" (and the
    sixth face, ours). Equipment goes on the board; teeth "are added to the monster teeth you have
    already collected"."""
    faces = c.supply.treasure_die
    words = {f.replace("_", "-"): f for f in faces}       # the faces as the players type them: "two-teeth"
    drawn = faces[draw(state, len(faces))]
    face = words[rolled([drawn.replace("_", "-")], f"{hero.id}'s treasure die", tuple(words))[0]]
    if face in ("tooth", "two_teeth"):
        got = hb.receive_teeth(state, hero, 1 if face == "tooth" else 2)
        where = f"{got} tooth" if got == 1 else f"{got} teeth"
    else:
        where = hb.receive(c, state, hero, hb.equipment(face, 1))
    state.log.append({"event": "treasure_die", "hero": hero.id, "face": face, "result": where})
    return face


def spring_trap(c: Content, state: HState, hero: Hero) -> None:
    """"Your hero triggers a trap. Give up 1 heart, and your turn ends immediately." An Explorer
    mission in hand is played for the hero ("When your hero triggers a trap, play this card and take
    the reward of 2 monster teeth"), one card a trap."""
    play_explorer(c, state, hero)
    lose_heart(c, state, hero, by="trap")
    state.log.append({"event": "turn_ends", "hero": hero.id, "why": "trap"})


def leave(c: Content, state: HState, hero: Hero, to: str, how: str) -> None:
    """The hero goes up to ``to``; a used Berserker is given up; the last hero out rebuilds."""
    hero.world, hero.at = UPPER, to
    if hb.shed(state, hero, "berserker"):
        state.log.append({"event": "potion_spent", "hero": hero.id, "potion": "berserker"})
    if not state.down() and state.cycle in ("marked", "monster_turn"):
        rebuild(c, state)


def rebuild(c: Content, state: HState) -> None:
    """"If no other hero remains in the Underworld, it is rebuilt. The monster boss marker is set
    aside": the treasure back on its space, the 5 dangers shuffled onto the skulls, the monsters back
    on their nests (whole again if they were defeated)."""
    state.cycle = machines.step(machines.CYCLE, state.cycle, "last_leaves")
    state.treasure = True
    setup_dangers(c, state)
    back = monsters.rebuild(c, state)
    state.marker, state.marker_skip = "", False
    state.cycle = machines.step(machines.CYCLE, state.cycle, "rebuilt")
    state.log.append({"event": "rebuilt", "monsters": back, "machine": machines.CYCLE})


def danger_tiles(c: Content) -> list[str]:
    out = []
    for kind, n in c.supply.dangers.items():
        out.extend(f"{kind}-{i}" for i in range(1, n + 1))
    return out


# -- losing hearts ---------------------------------------------------------------------------------------

def lose_heart(c: Content, state: HState, hero: Hero, by: str) -> bool:
    """One heart lost (a fight, a trap); True when the hero is knocked out."""
    hero.hearts -= 1
    if hero.hearts > 0:
        return False
    knock_out(c, state, hero, by)
    return True


def knock_out(c: Content, state: HState, hero: Hero, by: str) -> None:
    """"If you lose your last heart, your hero is knocked out." A: by a monster or a trap, give up
    all equipment, food and potions; B: by a hero, "Exchange all your monster teeth with the hero
    who defeated you, provided they have fewer victory points than you". Then "Your hero is placed
    back in the Upper World, on the portal with the lowest number. Fill your hero board with a
    single heart again." The co-operative clock counts it (ours)."""
    event = {"event": "knocked_out", "hero": hero.id, "by": by}
    if by in state.board:
        winner = state.board[by]
        if hb.points(winner) < hb.points(hero):
            winner.teeth, hero.teeth = hero.teeth, winner.teeth
            event["teeth_exchanged"] = True
    else:
        event["gave_up"] = hb.give_up_everything(state, hero)
    to = lowest_portal(state)
    event["to"] = to
    state.knockouts += 1
    state.log.append(event)
    if c.coop and c.scenario.clock is not None:
        clock.tick(c, state, c.scenario.clock.per_knockout)
    hero.hearts = 1
    was_down = hero.world == UNDER
    hero.world, hero.at = UPPER, to
    hb.shed(state, hero, "berserker")
    if was_down and not state.down() and state.cycle in ("marked", "monster_turn"):
        rebuild(c, state)


def setup_dangers(c: Content, state: HState) -> None:
    pool = danger_tiles(c)
    order = []
    while pool:
        order.append(pool.pop(draw(state, len(pool))))
    state.dangers = dict(zip((c.underworld.labels[n] for n in c.underworld.skulls), order))


