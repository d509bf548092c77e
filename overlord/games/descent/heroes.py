"""The heroes' side of the rules that the program keeps: health and fatigue, being knocked out
and standing up, resting, attribute tests, walking over damaging terrain, taking tokens.

From the Descent base game, which the Forgotten Souls rulebook assumes ("following the normal
steps of a hero turn in the base game"), in our words:

* **Fatigue** a hero suffers counts up to its stamina; what would go beyond is suffered as
  damage instead.
* **Knocked out**: a hero whose damage reaches its health is defeated ("Each time a hero is
  defeated, advance fate by one"); its figure leaves the map (a token marks its space) and it is
  no target until it **stands up**: that is its whole next turn - it rolls 2 red dice, recovers
  a health for each heart and a fatigue for each surge, and its figure goes back on its token's
  space or the nearest empty one. A hero next to the token may instead **revive** it with an
  action (the same roll); it then takes its turn as usual.
* **Rest**: an action; at the end of that turn the hero recovers all its fatigue.
* **Attribute test**: 1 gray and 1 black defence die; the hero passes when the shields rolled
  are at most the attribute.
* **Terrain**: a hero may walk into lava or a pit and suffers its damage for each such space
  entered (monsters never enter them).

Where a hero's turn starts and ends (headless, and `end HERO` at a table) its conditions act
(``conditions``) and its sheet's simple abilities apply (Syndrael's rest when she kept still).
"""

from __future__ import annotations

from ...core.pathing import mp_levels, trace_back
from .engine import Game, GameError, damage_figure, free_spot, place_figure
from . import hooks
from ...ai.targets import spaces_between

STAND_DICE = ("red", "red")
TEST_DICE = ("gray", "black")


def suffer_fatigue(game: Game, hid: str, amount: int, why: str = "") -> None:
    """Fatigue up to the hero's stamina; beyond it, damage instead."""
    f = game.hero(hid)
    if f.knocked_out:
        raise GameError(f"{hid} is knocked out: no fatigue until {hid} stands up")
    if amount < 0:
        raise GameError(f"fatigue is 0 or more, not {amount}")
    took = min(amount, max(0, f.stamina - f.fatigue))
    f.fatigue += took
    game.log({"event": "fatigue", "hero": hid, "amount": took, "fatigue": f.fatigue, "stamina": f.stamina,
              **({"why": why} if why else {})})
    if amount > took:
        game.log({"event": "note", "text": f"{hid} is at full fatigue: {amount - took} more is suffered as damage"})
        damage_figure(game, hid, amount - took)


def recover(game: Game, fid: str, health: int = 0, fatigue: int = 0, why: str = "") -> None:
    """A figure recovers damage (a hero also fatigue), never above its full health."""
    f = game.state.figure(fid)
    if f.side == "heroes" and f.knocked_out:
        raise GameError(f"{fid} is knocked out: it recovers by standing up (`stand {fid}`)")
    if health < 0 or fatigue < 0:
        raise GameError("recovery is 0 or more")
    healed, rested = min(health, f.damage), min(fatigue, f.fatigue)
    f.damage -= healed
    f.fatigue -= rested
    game.log({"event": "recover", "figure": fid, "health": healed, "fatigue": rested,
              "health_now": game.health(f), **({"why": why} if why else {})})


def stand_up(game: Game, hid: str, hearts: int, surges: int, by: str | None = None) -> None:
    """A knocked-out hero stands up (its whole turn) or is revived by ``by``: it recovers
    ``hearts`` health and ``surges`` fatigue; its figure goes back on its space, or the nearest
    empty one."""
    f = game.hero(hid)
    if not f.knocked_out:
        raise GameError(f"{hid} is not knocked out: only a knocked-out hero stands up")
    if hearts < 0 or surges < 0:
        raise GameError("hearts and surges are 0 or more")
    if by is not None:
        reviver = game.hero(by)
        if reviver.knocked_out or by == hid:
            raise GameError(f"{by} cannot revive {hid}: a hero on the map revives another")
        if max(abs(reviver.at[0] - f.at[0]), abs(reviver.at[1] - f.at[1])) > 1:
            raise GameError(f"{by} is not next to {hid}'s token at {f.at[0]},{f.at[1]}")
    spot = free_spot(game, f.at, [1, 1])
    if spot is None:
        raise GameError(f"no empty space for {hid} to stand on")
    f.knocked_out = False
    f.damage = max(0, f.max_health - max(1, hearts))         # at least 1 health: it is on its feet
    f.fatigue = max(0, f.fatigue - surges)
    f.at = list(spot)
    game.log({"event": "stand_up", "hero": hid, "by": by, "hearts": hearts, "surges": surges,
              "health": game.health(f), "at": list(spot)})
    hooks.after_event(game)


def heal_skill(game: Game, hid: str):
    """The hero's healing skill (a ``heal_action`` on its sheet), or None."""
    for skill in game.sheet(game.hero(hid)).skills:
        if hasattr(skill, "heal_action"):
            return skill.heal_action
    return None


def heal_targets(game: Game, hid: str) -> list[str]:
    """Heroes the healing skill reaches now: itself or a hero on the map within its spaces who
    has damage to recover, while the hero has the fatigue to pay for it."""
    spec = heal_skill(game, hid)
    f = game.hero(hid)
    if spec is None or f.knocked_out or f.fatigue + spec.fatigue > f.stamina:
        return []
    scene = game.scene()
    out = []
    for h in game.state.heroes_up():
        if h.damage and (h.id == hid or spaces_between(scene, scene.cells[hid], scene.cells[h.id], hid, h.id)
                         <= spec.within):
            out.append(h.id)
    return out


def use_heal(game: Game, hid: str, target: str, hearts: int) -> None:
    """The healing skill as an action: its fatigue paid, ``target`` recovers ``hearts``."""
    spec = heal_skill(game, hid)
    if target not in heal_targets(game, hid):
        raise GameError(f"{hid} cannot heal {target} now")
    suffer_fatigue(game, hid, spec.fatigue, why=spec.name)
    recover(game, target, health=hearts, why=f"{hid}'s {spec.name}")


def rest(game: Game, hid: str) -> None:
    """The rest action: the hero recovers all fatigue at the end of this turn."""
    f = game.hero(hid)
    if f.knocked_out:
        raise GameError(f"{hid} is knocked out: it stands up first")
    if hid not in game.state.rested:
        game.state.rested.append(hid)
    sheet = game.sheet(f)
    discards = getattr(sheet.ability, "rest_discards_conditions", 0) if sheet.ability else 0
    for c in list(f.conditions)[:discards]:                 # Grisban: a rest throws off a condition
        f.conditions.remove(c)
        game.log({"event": "condition_gone", "figure": hid, "condition": c, "why": f"{sheet.name} rests"})
    game.log({"event": "rest", "hero": hid})


def begin_turn(game: Game, hid: str) -> None:
    """A hero's turn starts: the turn's record is cleared and its conditions act (headless)."""
    state = game.state
    state.moved = [h for h in state.moved if h != hid]
    state.rested = [h for h in state.rested if h != hid]
    if not game.hero(hid).knocked_out:
        hooks.hero_turn_starts(game, hid)


def end_turn(game: Game, hid: str) -> None:
    """A hero's turn ends: a rest recovers all fatigue; Syndrael, if she kept still, recovers
    2; conditions that last to the end of the turn (Immobilized) go."""
    state = game.state
    f = game.hero(hid)
    if not f.knocked_out:
        sheet = game.sheet(f)
        still = getattr(sheet.ability, "still_recovers_fatigue", 0) if sheet.ability else 0
        if hid in state.rested and f.fatigue:
            recover(game, hid, fatigue=f.fatigue, why="rested")
        elif still and hid not in state.moved and f.fatigue:
            recover(game, hid, fatigue=still, why=f"{sheet.name} did not move")
        hooks.hero_turn_ends(game, hid)
    state.moved = [h for h in state.moved if h != hid]
    state.rested = [h for h in state.rested if h != hid]


def test_attribute(game: Game, hid: str, attribute: str, why: dict | None = None) -> bool | None:
    """A hero tests an attribute: headless the program rolls, at a table the players roll and say
    whether it passed (the table's resolver waits for it: ``asking.AwaitTest``); None where no one
    answers (no resolver). ``why``: what the test is for, for the table's question (its
    ``source``, the ``actor`` performing it, the ``fail`` harm)."""
    if game.resolver is None:
        return None
    result = game.resolver.test(game, hid, attribute, why)
    if result is not None:
        value = getattr(game.sheet(game.hero(hid)).attributes, attribute)
        game.log({"event": "test", "hero": hid, "attribute": attribute, "value": value, "passed": result})
    return result


def test_heroes(game: Game, heroes: list[str], spec, source: str, actor: str | None = None) -> None:
    """``test_heroes``: each hero tests in turn; each who fails suffers the spec's ``fail`` (its
    condition, fatigue, then damage). At a table the players roll and the program waits for each
    hero's result, one by one."""
    if not heroes:
        game.log({"event": "note", "text": f"no hero is in reach of {source}'s {spec.attribute} test"})
        return
    harm = spec.fail
    why = {"source": source, "actor": actor, "fail": harm.model_dump(exclude_defaults=True)}
    for hid in heroes:
        if game.over or game.hero(hid).knocked_out:
            continue
        passed = test_attribute(game, hid, spec.attribute, why)
        if passed is None:
            game.log({"event": "test_asked", "hero": hid, "attribute": spec.attribute, "source": source,
                      "fail": why["fail"]})
            continue
        if passed:
            continue
        if harm.condition and harm.condition not in game.hero(hid).conditions:
            game.hero(hid).conditions.append(harm.condition)
            game.log({"event": "condition", "source": source, "condition": harm.condition, "heroes": [hid]})
        if harm.fatigue:
            suffer_fatigue(game, hid, harm.fatigue, why=f"failed {spec.attribute}")
        if harm.damage and not game.hero(hid).knocked_out:
            damage_figure(game, hid, harm.damage)


def walk(game: Game, hid: str, at: list[int], speed: int | None = None) -> int:
    """A hero's move (headless) to ``at``: by the cheapest path, one without damaging terrain
    when there is one as cheap as ``speed`` allows; each lava or pit space entered on the way
    deals its damage. Movement points beyond the hero's speed are paid in fatigue. Returns the
    movement points spent."""
    f = game.hero(hid)
    scene = game.scene()
    board = scene.board
    start = scene.cells[hid][0]
    end = game.node(at)
    speed = game.speed(f) if speed is None else speed
    enemies = scene.enemy_cells(hid)
    path = mp = None
    for safe in (True, False):
        levels = mp_levels(board, start, monster=safe, enemies=enemies, limit=speed)
        hit = next((d for d, level in enumerate(levels) if level >> end & 1), None)
        if hit is not None:
            path, mp = trace_back(board, levels, end, hit), hit
            break
    if path is None:
        raise GameError(f"{hid} cannot reach {at} with {speed} movement points")
    place_figure(game, hid, at)
    if hid not in game.state.moved:
        game.state.moved.append(hid)
    game.log({"event": "move", "figure": hid, "to": list(at), "mp": mp})
    over = mp - game.speed(f)
    if over > 0:
        suffer_fatigue(game, hid, over, why="movement points beyond its speed")
    for node in path[1:]:                                  # "Lava: 1 damage when entered"; pit: 2
        hurt = int(board.damage[node])
        if hurt and not f.knocked_out and not game.over:
            game.log({"event": "terrain", "hero": hid, "terrain": board.terrain(node).name,
                      "at": game.dungeon_at(node), "damage": hurt})
            damage_figure(game, hid, hurt)
    hooks.after_event(game)
    return mp


def take_token(game: Game, hid: str, token: str) -> None:
    """The hero takes a token on or next to its space (a search token, an objective token):
    it leaves the map."""
    f = game.hero(hid)
    if f.knocked_out:
        raise GameError(f"{hid} is knocked out")
    near = [t for t in game.state.tokens if t.token == token
            and max(abs(t.at[0] - f.at[0]), abs(t.at[1] - f.at[1])) <= 1]
    if not near:
        kinds = sorted({t.token for t in game.state.tokens
                        if max(abs(t.at[0] - f.at[0]), abs(t.at[1] - f.at[1])) <= 1})
        raise GameError(f"there is no {token} token on or next to {hid}"
                        + (f"; next to {hid}: {', '.join(kinds)}" if kinds else ""))
    game.state.tokens.remove(near[0])
    game.log({"event": "token_taken", "hero": hid, "token": token, "at": list(near[0].at)})
    hooks.fire_event(game, "token_taken", token=token)
    hooks.after_event(game)
