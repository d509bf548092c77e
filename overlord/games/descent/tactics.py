"""How a competent group of heroes plays headless (the ``heuristic`` bot): every choice is the
minimum of an ordered key over the legal actions (``sim.bots.legal_actions``).

In order:

1. stand up when knocked out; throw off a Stun (the rules leave no choice);
2. complete the encounter's objective when a hero can;
3. revive a knocked-out friend next to the hero (a cheaper way back than a lost turn); heal the
   most hurt hero in reach when a healer can and it is down to ``HEAL_AT`` of its health;
4. open the next door as soon as the room is done, and with no active card walk to it rather
   than fight (without an active card fate advances and a peril comes every round);
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
HEAL_AT = 0.6             # ours: a healer heals a hero down to this share of its health


def choose(game: Game, hero: str, actions: dict, rng, left: int = 1) -> tuple[str, object]:
    for kind in ("stand_up", "discard"):
        if kind in actions:
            return kind, actions[kind][0]
    if "objective" in actions and not _too_soon(game) and _fit_for(game, hero) and _door_ready(game, hero, left):
        return "objective", None
    if "revive" in actions:
        return "revive", min(actions["revive"])
    if "open" in actions:
        return "open", None
    state = game.state
    f = state.figure(hero)
    if "heal" in actions:
        hurt_most = min(actions["heal"], key=lambda h: (_share(game, h), h))
        if _share(game, hurt_most) <= HEAL_AT:
            return "heal", hurt_most
    focus = focus_target(game)
    if state.active_exploration is None and "move" in actions:
        end = plan_move(game, hero, focus, left)         # the door first: fate advances every round without a card
        if end is not None and end in actions["move"]:
            return "move", end
    if _goal_first(game) and "move" in actions:           # the goal before the fight, where the card allows it
        card = game.cards[state.active_exploration]
        goal = marker_at(game, card.goal.at)
        end = _toward_space(game, hero, goal, spend=True)
        if end is not None and end in actions["move"] and _gap(end, goal) < _gap(f.at, goal):
            return "move", end
    if "attack" in actions:
        target = _attack_choice(game, hero, actions["attack"], focus)
        if target is not None:
            step = _step_back(game, hero, target, actions.get("move")) if left > 1 else None
            if step is not None:
                return "move", step
            return "attack", target
    adjacent = _monster_adjacent(game, hero)
    tired = f.fatigue >= TIRED * f.stamina and f.fatigue > 0
    hurt = game.health(f) <= LOW * f.max_health
    if not adjacent and (tired or (hurt and f.fatigue > 0)) and hero not in state.rested:
        return "rest", None
    if "move" in actions:
        end = plan_move(game, hero, focus, left)
        if end is not None and end in actions["move"]:
            return "move", end
    return "rest", None


def order(game: Game) -> list[str]:
    """The order the heroes take their turns this round ("At the start of each round, the
    players decide as a group the order in which each hero activates"): the knocked-out first
    (a friend may then revive them), then the farthest from the encounter's goal (or the door)
    first, so that the one nearest it acts last, with the others already closer."""
    state = game.state
    card = game.cards[state.current_encounter]
    goal = marker_at(game, card.goal.at if state.active_exploration else "exit")
    heroes = [state.figure(h) for h in state.heroes]
    return [f.id for f in sorted(heroes, key=lambda f: (not f.knocked_out, -_gap(f.at, goal), state.heroes.index(f.id)))]


def focus_target(game: Game) -> str | None:
    """The group's target: of the current encounter's monsters (all monsters if it has none
    left), the least health left, then the nearest to the goal, then listed first."""
    ranked = focus_order(game)
    return ranked[0] if ranked else None


def focus_order(game: Game) -> list[str]:
    state = game.state
    card = game.cards[state.current_encounter]
    mine = [m for m in state.monsters() if m.encounter == card.id] or state.monsters()
    goal = marker_at(game, card.goal.at if state.active_exploration else "exit")
    return [m.id for m in sorted(mine, key=lambda m: (game.health(m), _gap(m.at, goal), m.id))]


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


def _step_back(game: Game, hero: str, target: str, moves) -> list[int] | None:
    """A ranged hero next to a monster first steps to a space from which it still sees the
    target but no monster is next to it (within its speed, no fatigue), if there is one and it
    has two actions' worth of reason: it is not its last action."""
    f = game.state.figure(hero)
    if not moves or game.sheet(f).weapon.attack != "ranged" or not _monster_adjacent(game, hero):
        return None
    scene = game.scene()
    board = scene.board
    monsters = 0
    for m in game.state.monsters():
        for c in scene.cells.get(m.id, ()):
            monsters |= 1 << c
    near = board.bitboard.expand(monsters)
    layers = count_layers(board, tuple(scene.cells[target]))
    blockers = scene.figure_mask(hero, target)
    stand = board.bitboard.safe & ~scene.figure_mask(hero) & ~near
    for _mp, level in enumerate(_levels(game, hero, game.speed(f))):
        for node in bits(level & stand):
            d = count_of(layers, 1 << node)
            if d is not None and d <= RANGED_REACH and \
                    any(board.line_of_sight(node, t, blockers) for t in scene.cells[target]):
                at = game.dungeon_at(node)
                return at if at in moves else None
    return None


def _monster_adjacent(game: Game, hero: str) -> bool:
    scene = game.scene()
    touch = scene.board.touching
    mine = scene.cells.get(hero, ())
    return any(touch(a, b) for m in game.state.monsters() for a in mine for b in scene.cells.get(m.id, ()))


def _share(game: Game, hid: str) -> float:
    f = game.state.figure(hid)
    return game.health(f) / f.max_health


def _gap(a, b) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _door_ready(game: Game, hero: str, left: int) -> bool:
    """Whether the next door can be opened this round once the objective discards the card: the
    hero itself with its next action, or a hero yet to act who can reach the door. Until then the
    group waits - fate does not advance while the card is active - unless time runs out."""
    state = game.state
    card = game.cards[state.active_exploration]
    if card.map.exit is None or rounds_left(game) <= 1 or (card.kind == "main" and card.number == len(game.quest.scenario.exploration_stacks)):
        return True
    door = marker_at(game, "exit")
    if left > 1 and _gap(state.figure(hero).at, door) <= 1:
        return True
    return any(_gap(h.at, door) <= game.speed(h) + 1 for h in state.heroes_up() if h.id in game.to_act)


def _fit_for(game: Game, hero: str) -> bool:
    """Whether this hero should try an objective that asks for an attribute test: it is good at
    it (3 or more), or no better hero is within 3 spaces of the goal to try instead."""
    card = game.cards[game.state.active_exploration]
    attribute = card.goal.test
    if attribute is None:
        return True
    mine = getattr(game.sheet(game.state.figure(hero)).attributes, attribute)
    if mine >= 3:
        return True
    goal = marker_at(game, card.goal.at)
    return not any(getattr(game.sheet(h).attributes, attribute) > mine and _gap(h.at, goal) <= 3
                   for h in game.state.heroes_up())


def _goal_first(game: Game) -> bool:
    """The active card's objective does not wait for its monsters: the quest's last one, or one
    that is lost if they fall first, or time is short."""
    state = game.state
    if state.active_exploration is None:
        return False
    card = game.cards[state.active_exploration]
    return not card.goal.clear and not _too_soon(game)


def _too_soon(game: Game) -> bool:
    """Whether to hold the objective back: the encounter's monsters are still on the map, the
    card's hourglass leaves time, and this is not the quest's last objective. Done now, it would
    discard the card with them still fighting - a fate step and a peril each round until the next
    door (and the Room of Souls would turn them into Act II monsters)."""
    state = game.state
    card = game.cards[state.active_exploration]
    if (card.kind == "main" and card.number == len(game.quest.scenario.exploration_stacks)) or card.goal.first:
        return False
    if not any(m.encounter == card.id for m in state.monsters()):
        return False
    return rounds_left(game) > 1


def rounds_left(game: Game) -> int:
    """Overlord phases until the active card's first hourglass that discards it runs out."""
    state = game.state
    card = game.cards[state.active_exploration]
    left = 99
    for i, line in enumerate(card.overlord):
        if line.hourglass and any(type(e).__name__ == "DiscardExploration" for e in line.effects):
            left = min(left, line.hourglass - state.hourglass.get(f"{card.id}:{i}", 0))
    return left


def plan_move(game: Game, hero: str, focus: str | None, left: int = 1) -> list[int] | None:
    """Where the hero moves this action (dungeon coordinates), or None to stay."""
    state = game.state
    card = game.cards[state.current_encounter]
    if state.active_exploration is None:
        return _toward_space(game, hero, marker_at(game, "exit"), spend=True)
    mine = [m for m in state.monsters() if m.encounter == card.id]
    if not mine or focus is None or (not card.goal.clear and not _too_soon(game)):
        end = _toward_space(game, hero, marker_at(game, card.goal.at), spend=True)
        if end is not None or focus is None:
            return end                                   # else monsters bar the way: fight them
    for target in focus_order(game):                     # the focus, else the next one the hero can get at
        end = _to_attack(game, hero, target, spend=left > 1, fallback=False)
        if end is not None:
            return end
    return _toward_space(game, hero, game.state.figure(focus).at, spend=False)


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


def _to_attack(game: Game, hero: str, focus: str, spend: bool = True, fallback: bool = True) -> list[int] | None:
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
    for reach in (game.speed(f), _reach(game, hero, True)) if spend else (game.speed(f),):
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
    return _toward_space(game, hero, game.state.figure(focus).at, spend=False) if fallback else None
