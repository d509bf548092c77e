"""The monsters' turn, played by the program as the monster boss ("The Monsters Take Their Turn").

The boss asks the planner (or, with ``rules.monster_policy: greedy``, the greedy baseline) for a
plan of the points left, carries it out step by step, and plans again after each attack, once its
dice have fallen. Every plan is logged as a Decision (its key and ties); every step as an event
that says which monster did what, and why (the key of the plan it belongs to).
"""

from __future__ import annotations

from overlord.core.dice import rolled
from overlord.core.game import RulesError
from overlord.core.rng import rng_from_state, rng_state

from . import fights, heroes as hb, monsters
from .content import Content
from .planner import Fighter, Situation, Target, describe, greedy_step, plan
from .state import UPPER, HState
from .under import draw
from .upper import portal_cell

POINTS = 4           # "The monsters have 4 action points together"
TIES_LOGGED = 8      # a Decision's ties kept in the log (all are counted)


def situation(c: Content, state: HState, points: int) -> Situation:
    """The board as the planner sees it: monsters on the board, heroes below (their hearts, swords,
    action points and Monster Hunter cards: the program deals the cards, so it knows them), the
    treasure, the usable portals (explored above) and the points left."""
    b = c.underworld
    fighters = tuple(Fighter(m.id, b.area(m.at), monsters.hearts(c, m), monsters.sword(c, m), monsters.top(m))
                     for m in monsters.active(state))
    targets = tuple(Target(h, b.area(state.board[h].at), state.board[h].hearts, hb.fight_value(c, state.board[h]),
                           hb.actions(c, state.board[h]), hunts(c, state.board[h])) for h in state.down())
    usable = frozenset(area for k, area in b.portals.items() if portal_cell(state, k) is not None)
    return Situation(fighters, targets, state.treasure, usable, tuple(c.supply.combat_die), points,
                     c.rules.monsters_may_hold_back)


def hunts(c: Content, hero) -> tuple:
    """(monster, teeth) for each Monster Hunter card in the hero's hand: "Defeat the pictured monster
    and receive 2 monster teeth ... (if you are attacked by the corresponding monster and it loses
    its last heart in that attack)"."""
    return tuple((c.missions[cid].monster, c.missions[cid].reward.teeth) for cid in hero.hand
                 if c.missions[cid].kind == "hunter")


def decide(c: Content, state: HState, points: int, policy: str):
    """(situation, result) of one decision by ``policy``: "planner" or "greedy"."""
    s = situation(c, state, points)
    return s, (plan if policy == "planner" else greedy_step)(c.underworld, s)


def monster_turn(c: Content, state: HState, policy: str | None = None, left: int = POINTS, chooser=None) -> None:
    """Spend the ``left`` points (4, or what the players left of a turn they began commanding).
    Stops early when the plan holds points back, when no hero is left below (the Underworld is
    rebuilt at once), or when the game is over. ``chooser(steps, rng)``: a plugged-in policy."""
    policy = policy or c.rules.monster_policy
    if chooser is not None:
        plugged_turn(c, state, policy, chooser, left)
        return
    state.log.append({"event": "monster_turn", "policy": policy, "points": left})
    while left > 0 and state.down() and monsters.active(state) and not state.outcome:
        s, result = decide(c, state, left, policy)
        d = result.decision(c.underworld, s)
        record = d.to_json()
        record["tied"] = len(record["ties"])
        record["ties"] = record["ties"][:TIES_LOGGED]
        state.log.append({"event": "monster_plan", "policy": policy, "points": left, "decision": record})
        steps = result.best.steps
        if not steps:
            break
        attacked = False
        for kind, i, x in steps:
            monster = state.monsters[s.monsters[i].id]
            left -= 1
            if kind == "move":
                to = c.underworld.labels[x]
                was = monster.at
                trigger = monsters.moved(c, monster, to)
                event = {"event": "monster_move", "monster": monster.id, "from": was, "to": to}
                if trigger:
                    event.update({"machine": "heldentaufe-monster", "trigger": trigger})
                state.log.append(event)
            else:
                fights.monster_attacks_hero(c, state, monster, state.board[s.heroes[x].id])
                attacked = True
                break                      # the dice have spoken: plan again with the points left
        if not attacked and policy == "planner":
            break                          # the plan went through: the rest it held back
    state.log.append({"event": "monster_turn_over", "left": left})


def plugged_turn(c: Content, state: HState, policy: str, chooser, left: int = POINTS) -> None:
    """A policy of the user's own plays the boss: one step at a time it picks one of
    :func:`options` (the steps the players commanding the monsters may take), with a generator
    drawn from the game's, so a seed replays its game. A step that is not one of them is refused."""
    state.log.append({"event": "monster_turn", "policy": policy, "points": left})
    state.monster_points = left
    rng = rng_from_state(state.rng)
    try:
        while True:
            steps = options(c, state)
            step = chooser(steps, rng)
            if step not in steps:
                raise RulesError(f"enemy policy {policy!r} chose {step!r}, which is none of the monsters' "
                                 f"{len(steps)} steps")
            if command(c, state, step):
                break
    finally:
        state.rng = rng_state(rng)


# -- the players as the monster boss (rules.monster_boss: players) ----------------------------------------

def options(c: Content, state: HState) -> list[dict]:
    """What the players commanding the monsters may do now: a monster's move to a free adjacent area
    (not the treasure's space while it lies there), its attack on an adjacent hero, or ``done``
    (always, when holding back is allowed; else only when nothing else is possible)."""
    if state.cycle != "monster_turn" or state.outcome:
        return []
    b = c.underworld
    out = []
    if state.monster_points > 0:
        taken = {h.at for h in state.board.values() if h.world == "under"} | {m.at for m in monsters.active(state)}
        for m in monsters.active(state):
            here = b.area(m.at)
            for n in b.neighbours[here]:
                if b.labels[n] not in taken and not (state.treasure and n == b.treasure):
                    out.append({"do": "move", "monster": m.id, "to": b.labels[n]})
            for h in state.down():
                if b.adjacent(here, b.area(state.board[h].at)):
                    out.append({"do": "attack", "monster": m.id, "target": h})
    if c.rules.monsters_may_hold_back or not out:
        out.append({"do": "done"})
    return out


def begin(c: Content, state: HState) -> None:
    """The players take up the monsters' 4 points - those whose heroes are above, or the winner of
    the roll when every hero is below (:func:`who_commands`); the program's plan is logged as advice."""
    state.monster_points = POINTS
    state.log.append({"event": "monster_turn", "policy": "players", "points": POINTS})
    who_commands(c, state)
    s, result = decide(c, state, POINTS, "planner")
    record = result.decision(c.underworld, s).to_json()
    record["tied"] = len(record["ties"])
    record["ties"] = record["ties"][:TIES_LOGGED]
    state.log.append({"event": "monster_advice", "points": POINTS, "decision": record})


def step_words(step: dict) -> str:
    """One of :func:`options` in words ("ulumu move 4,2", "ulumu attack erla", "done"), as typed
    after ``monster``."""
    if step.get("do") in ("move", "attack"):
        return f"{step.get('monster')} {step['do']} {step.get('to') or step.get('target')}"
    return str(step.get("do"))


def check(c: Content, state: HState, step: dict) -> None:
    """Refuse (ValueError, one line) a step that is none of :func:`options`."""
    if step not in options(c, state):
        raise ValueError(f"the monsters cannot do that now: {step_words(step)} (`options` lists what they can)")


def command(c: Content, state: HState, step: dict) -> bool:
    """Carry out one of :func:`options`; True when the monsters' turn is over."""
    check(c, state, step)
    if step["do"] != "done":
        monster = state.monsters[step["monster"]]
        state.monster_points -= 1
        if step["do"] == "move":
            was = monster.at
            trigger = monsters.moved(c, monster, step["to"])
            event = {"event": "monster_move", "monster": monster.id, "from": was, "to": step["to"]}
            if trigger:
                event.update({"machine": "heldentaufe-monster", "trigger": trigger})
            state.log.append(event)
        else:
            fights.monster_attacks_hero(c, state, monster, state.board[step["target"]])
    over = step["do"] == "done" or state.monster_points <= 0 or not state.down() or not monsters.active(state) \
        or bool(state.outcome)
    if over:
        state.log.append({"event": "monster_turn_over", "left": state.monster_points})
        state.monster_points = 0
        state.commanders = []
    return over


# -- who commands the monsters ----------------------------------------------------------------------------
#
# "Players whose hero figures are not in the Underworld command the monsters and play the role of
# the monster boss ... The players involved agree on how to spend these 4 action points. If they
# cannot agree, a die roll decides which player controls the monsters (control goes to the player
# with the highest roll). If all heroes are in the Underworld, you roll each monster turn to
# determine who controls the monsters."
#
# Readings (docs/readings.md, "Heldentaufe"): the die is the combat die (the game's die with
# numbers; its faces are ours); the players tied for the highest roll roll again until one is
# highest; "you roll" when every hero is below is every player. Headless, the program stands in for
# the boss and nobody rolls.

def who_commands(c: Content, state: HState) -> None:
    """At the start of a monsters' turn the players command: the players involved agree (their
    heroes are above), or every player rolls when all heroes are below."""
    above = [h for h in state.heroes if state.board[h].world == UPPER]
    if above:
        state.commanders = above
        state.log.append({"event": "monster_boss", "players": above, "agree": len(above) > 1,
                          "why": "their heroes are not in the Underworld"})
        return
    roll_for_command(c, state, list(state.heroes), "all heroes are in the Underworld: a roll each monster turn")


def may_roll(state: HState) -> bool:
    """The players involved cannot agree: a roll may decide (when more than one commands)."""
    return state.cycle == "monster_turn" and state.monster_points > 0 and len(state.commanders) > 1


def roll_for_command(c: Content, state: HState, players: list[str], why: str) -> str:
    """Each of ``players`` rolls the combat die (the game's generator); "control goes to the player
    with the highest roll", the tied rolling again. Returns the commander."""
    faces = c.supply.combat_die
    rounds, rolling = [], list(players)
    while True:
        rolls = {h: rolled([faces[draw(state, len(faces))]], f"{h}'s combat die: who commands the monsters",
                           tuple(faces))[0] for h in rolling}
        rounds.append(rolls)
        top = max(rolls.values())
        rolling = [h for h in rolling if rolls[h] == top]
        if len(rolling) == 1:
            break
    state.commanders = rolling
    state.log.append({"event": "monster_boss_roll", "players": list(players), "rolls": rounds,
                      "commander": rolling[0], "why": why})
    return rolling[0]


__all__ = ["POINTS", "begin", "check", "command", "decide", "describe", "may_roll", "monster_turn", "options", "roll_for_command",
           "situation", "step_words", "who_commands"]
