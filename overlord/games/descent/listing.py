"""What the acting hero may do now in a Descent quest, headless: each action kind (a move of
``verbs``) with its options - the spaces it may reach (kept as bitsets until one is read: the
listing is a measured hot path), the monsters it may attack, the heroes it may revive or heal; a
knocked-out hero's whole turn is standing up, a Stunned hero first throws the condition off.
``verbs.ActionList`` makes them actions when read.
"""

from __future__ import annotations

from .combat import can_attack
from .engine import Game, marker_at
from .heroes import heal_targets
from .reach import Spaces, hero_levels


def _near(at_a, at_b, reach: int = 1) -> bool:
    return max(abs(at_a[0] - at_b[0]), abs(at_a[1] - at_b[1])) <= reach


def goal_reached(game: Game, hero: str) -> bool:
    """The headless stand-in for an objective: a hero at the encounter's goal space (with as
    many heroes there as the goal needs), and its monsters defeated if the card says so."""
    state = game.state
    if state.active_exploration is None:
        return False
    card = game.cards[state.active_exploration]
    goal = card.goal
    if goal.clear and any(m.encounter == card.id for m in state.monsters()):
        return False
    at = marker_at(game, goal.at)
    if not _near(state.figure(hero).at, at):
        return False
    return sum(_near(h.at, at) for h in state.heroes_up()) >= goal.heroes


def stunned(game: Game, hero: str) -> str | None:
    """A condition the hero must spend its next action on (Stunned), if it has one."""
    defs = game.quest.conditions
    return next((c for c in game.state.figure(hero).conditions if c in defs and defs[c].discard == "action"), None)


def held(game: Game, hero: str) -> bool:
    defs = game.quest.conditions
    return any(c in defs and defs[c].no_move for c in game.state.figure(hero).conditions)


def legal_actions(game: Game, hero: str) -> dict[str, list]:
    """Action kinds and their options for ``hero`` now."""
    state = game.state
    f = state.figure(hero)
    if f.knocked_out:
        # a knocked-out hero's whole turn is to stand up (two red dice)
        return {"stand_up": [None]}
    condition = stunned(game, hero)
    if condition:
        return {"discard": [condition]}
    actions: dict[str, list] = {"rest": [None]}
    if not held(game, hero):
        speed = game.speed(f)
        reach = speed + max(0, f.stamina - f.fatigue)            # fatigue buys movement points
        scene, levels = hero_levels(game, hero, reach)
        board = scene.board
        stand = board.bitboard.walk & ~scene.figure_mask()
        spaces = Spaces([level & stand for level in levels[1:]], board, game.board()[1])
        if spaces:
            actions["move"] = spaces
    targets = [m.id for m in state.monsters() if can_attack(game, hero, m.id)]
    if targets:
        actions["attack"] = targets
    down = [h.id for h in state.hero_figures() if h.knocked_out and _near(f.at, h.at)
            and h.id != hero]
    if down:
        actions["revive"] = down
    healed = heal_targets(game, hero)
    if healed:
        actions["heal"] = healed
    if goal_reached(game, hero):
        actions["objective"] = [None]
    card = game.cards[state.current_encounter]
    if state.active_exploration is None and card.map.exit is not None and state.exploration.draw \
            and _near(f.at, marker_at(game, "exit")):
        actions["open"] = [None]
    return actions
