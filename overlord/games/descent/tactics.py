"""How a competent group of heroes plays headless (the ``heuristic`` bot): every choice is the
minimum of an ordered key over the legal actions (``sim.bots.legal_actions``).

In order:

1. stand up when knocked out; throw off a Stun (the rules leave no choice);
2. complete the encounter's objective when a hero can;
3. revive a knocked-out friend next to the hero (a cheaper way back than a lost turn);
4. open the next door as soon as the room is done (without an active card fate advances and a
   peril comes every round);
5. attack: the group's focus first - of the current encounter's monsters, the one with the least
   health left, then the nearest to the encounter's goal (what threatens the objective) - else
   the weakest monster in reach; a ranged hero only at up to ``RANGED_REACH`` spaces;
6. rest when the hero is tired or hurt and no monster is next to it;
7. move: to the door when no card is active; to the goal when the card does not ask for its
   monsters to be cleared or none is left; else to a place to attack the focus from (melee:
   next to it; ranged: within reach and in sight, not next to a monster if it can help it).
   Never through or onto lava or a pit; fatigue is spent on movement points only to reach the
   goal, the door or an attack this turn.
"""

from __future__ import annotations

from ...ai.movement import toward_end
from ...ai.targets import spaces_between
from ...core.bitsets import bits
from ...core.pathing import count_layers, count_of, mp_levels
from .engine import Game, marker_at

RANGED_REACH = 4          # ours: a ranged hero attacks from at most this many spaces
TIRED = 0.75              # ours: rests at this share of its stamina (and nothing else to do)
LOW = 0.35                # ours: a hero this hurt rests rather than walks into reach


def choose(game: Game, hero: str, actions: dict, rng) -> tuple[str, object]:
    for kind in ("stand_up", "discard", "objective"):
        if kind in actions:
            return kind, actions[kind][0]
    if "revive" in actions:
        return "revive", min(actions["revive"])
    if "open" in actions:
        return "open", None
    state = game.state
    f = state.figure(hero)
    focus = focus_target(game)
    if "attack" in actions:
        target = _attack_choice(game, hero, actions["attack"], focus)
        if target is not None:
            return "attack", target
    adjacent = _monster_adjacent(game, hero)
    tired = f.fatigue >= TIRED * f.stamina and f.fatigue > 0
    hurt = game.health(f) <= LOW * f.max_health
    if not adjacent and (tired or (hurt and f.fatigue > 0)):
        return "rest", None
    if "move" in actions:
        end = plan_move(game, hero, focus)
        if end is not None and end in actions["move"]:
            return "move", end
    return "rest", None


def focus_target(game: Game) -> str | None:
    """The group's target: of the current encounter's monsters (all monsters if it has none
    left), the least health left, then the nearest to the goal, then listed first."""
    state = game.state
    card = game.cards[state.current_encounter]
    mine = [m for m in state.monsters() if m.encounter == card.id] or state.monsters()
    if not mine:
        return None
    goal = marker_at(game, card.goal.at if state.active_exploration else "exit")
    return min(mine, key=lambda m: (game.health(m), _gap(m.at, goal), m.id)).id


def _attack_choice(game: Game, hero: str, targets: list[str], focus: str | None) -> str | None:
    weapon = game.sheet(game.state.figure(hero)).weapon
    scene = game.scene()
    keyed = []
    for t in targets:
        spaces = spaces_between(scene, scene.cells[hero], scene.cells[t], hero, t)
        if weapon.attack == "ranged" and spaces > RANGED_REACH:
            continue
        keyed.append(((t != focus, game.health(game.state.figure(t)), t), t))
    return min(keyed)[1] if keyed else None


def _monster_adjacent(game: Game, hero: str) -> bool:
    scene = game.scene()
    touch = scene.board.touching
    mine = scene.cells.get(hero, ())
    return any(touch(a, b) for m in game.state.monsters() for a in mine for b in scene.cells.get(m.id, ()))


def _gap(a, b) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def plan_move(game: Game, hero: str, focus: str | None) -> list[int] | None:
    """Where the hero moves this action (dungeon coordinates), or None to stay."""
    state = game.state
    card = game.cards[state.current_encounter]
    if state.active_exploration is None:
        return _toward_space(game, hero, marker_at(game, "exit"), spend=True)
    mine = [m for m in state.monsters() if m.encounter == card.id]
    if not card.goal.clear or not mine or focus is None:
        return _toward_space(game, hero, marker_at(game, card.goal.at), spend=True)
    return _to_attack(game, hero, focus)


def _levels(game: Game, hero: str, reach: int) -> list[int]:
    scene = game.scene()
    return mp_levels(scene.board, scene.cells[hero][0], monster=True, enemies=scene.enemy_cells(hero), limit=reach)


def _reach(game: Game, hero: str, spend: bool) -> int:
    f = game.state.figure(hero)
    return game.speed(f) + (max(0, f.stamina - f.fatigue - 1) if spend else 0)


def _toward_space(game: Game, hero: str, at: list[int], spend: bool) -> list[int] | None:
    """"Toward" a space over safe ground within the hero's speed; with fatigue for movement
    points when that is what makes it arrive (next to the space)."""
    scene = game.scene()
    _, (sx, sy) = game.board()
    target = f"{at[0] + sx},{at[1] + sy}"

    def end_for(reach: int):
        try:
            end = toward_end(scene, hero, target, reach, _levels(game, hero, reach))
        except ValueError:
            return None
        return None if end is None else game.dungeon_at(end)

    plain = end_for(game.speed(game.state.figure(hero)))
    if spend and (plain is None or _gap(plain, at) > 1):
        far = end_for(_reach(game, hero, True))
        if far is not None and _gap(far, at) <= 1:
            return far
    return plain


def _to_attack(game: Game, hero: str, focus: str) -> list[int] | None:
    """A space from which the hero can attack the focus: next to it for a melee weapon; in
    sight and within reach for a ranged one (preferably not next to any monster). Within speed
    if possible, else with fatigue; else toward it."""
    f = game.state.figure(hero)
    weapon = game.sheet(f).weapon
    scene = game.scene()
    board = scene.board
    stand = board.bitboard.safe & ~scene.figure_mask(hero)
    target_cells = scene.cells[focus]
    layers = count_layers(board, tuple(target_cells))
    monsters = 0
    for m in game.state.monsters():
        for c in scene.cells.get(m.id, ()):
            monsters |= 1 << c
    near_monsters = board.bitboard.expand(monsters) if monsters else 0
    blockers = scene.figure_mask(hero, focus)
    for reach in (game.speed(f), _reach(game, hero, True)):
        levels = _levels(game, hero, reach)
        best = None
        for mp, level in enumerate(levels):
            for node in bits(level & stand):
                d = count_of(layers, 1 << node)
                if d is None:
                    continue
                if weapon.attack == "melee":
                    if d != 1:
                        continue
                    key = (0, mp, node)
                else:
                    if d > RANGED_REACH or not any(board.line_of_sight(node, t, blockers) for t in target_cells):
                        continue
                    key = (bool(near_monsters >> node & 1), mp, d, node)
                if best is None or key < best[0]:
                    best = (key, node)
        if best is not None:
            return game.dungeon_at(best[1])
    return _toward_space(game, hero, game.state.figure(focus).at, spend=False)
