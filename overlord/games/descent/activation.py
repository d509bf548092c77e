"""Monster activation, steps 1-5 of the Forgotten Souls rulebook ("3. Monster Activation"):

1. Determine monster group: the first group, by its position on the card, that is on the map
   and has not activated.
2. Note active effects (the card's italic text for the group).
3. Choose a monster: with yellow and red boxes every minion (top box) before any master (bottom
   box); with one general list, any monster of the group ("decided by the players"; headless, in
   the order the figures are listed).
4. Perform actions: the list top to bottom, repeated until the monster has performed two actions
   or went through the whole list without performing one. "If an action has no effect, monsters
   do not perform that action." At most one attack. A condition that an action can discard
   (Stun) is discarded first; a monster in a pit first climbs out toward the current
   encounter's exit. A condition that forbids moving (Immobilized) leaves every move word
   unperformed; one that lasts to the end of the activation goes when it ends. What each
   condition does is the content's (``Table.conditions``; Stun alone when none is given).
   The loop itself is ``ai.activation.perform_actions``, which the Underworld's Dark phase shares.
5. Continue with the group's other monsters, then the next group.

The game around the activation is reached through hooks on the :class:`Table`: ``on_start``
runs when a monster begins its activation (its conditions' start effects), ``on_attack`` when
it attacks (the attack resolved: heroes hurt, knocked out, gone from the map), ``stop`` says
whether the quest was decided - then nothing more happens ("the heroes immediately fail").

Targets: "If a monster has multiple potential targets during monster activation, the target
closest to the activating monster is chosen"; where that still ties, the heroes choose (Golden
Rules, "If a game effect has multiple potential targets and the intended target is unclear,
heroes choose the target"). So do equally good end spaces. Every such tie goes to the
``choose`` hook (``(kind, options) -> (index, point)``): at a table the players' choice (the
first listed until they choose another, ``choose N``), headless the named policy "listed
first"; the event records the options and the point, so that a table can play the activation
again with another choice.

"If an action has no effect, monsters do not perform that action": a move that would not move
and an attack without a target are not performed, and neither is a ``perform`` action whose
card effects would do nothing (the ``effect_of`` hook judges them when the action comes up: a
Heal with no damaged monster in reach, a test with no hero in reach); a performed one's effects
are carried out at once, in the list's order (the ``on_perform`` hook), like an attack.

Every step is an event (plain data) saying what was done, whether it was performed, and why.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ...ai.activation import MOVE_WORDS, ONE_ATTACK, perform_actions
from ...ai.movement import MoveError, move, take_tie
from ...ai.targets import spaces_between
from ...content.actions import Attack, Target
from ...core.context import decide
from ...core.figures import Scene
from ...core.trace import Decision
from . import describe
from .content.cards import ActivationCard, GroupActivation, MonsterGroup, Perform

DISCARDED_BY_ACTION = ("stunned",)      # without condition definitions: what a monster spends an action on


@dataclass
class Monster:
    """What activation needs to know of a monster figure beyond its place on the board."""

    group: str
    rank: str                           # "minion" | "master"
    health: int
    conditions: list[str] = field(default_factory=list)


@dataclass
class Hero:
    health: int
    conditions: list[str] = field(default_factory=list)


@dataclass
class Table:
    """The figures' state around a scene: monsters, heroes, their groups' cards and the act."""

    scene: Scene
    monsters: dict[str, Monster]
    heroes: dict[str, Hero]
    groups: dict[str, MonsterGroup]
    act: str = "I"
    exit_at: object = None              # the current encounter's exit, for pits
    conditions: dict = field(default_factory=dict)  # condition definitions by name (content)
    on_start: Callable | None = None    # (table, monster id): its activation begins
    on_attack: Callable | None = None   # (table, monster id, attack event): resolve the attack
    on_perform: Callable | None = None  # (table, monster id, card effects): carry them out
    effect_of: Callable | None = None   # (table, monster id, card effects) -> why they would do nothing ('')
    choose: Callable | None = None      # (kind, options) -> (index chosen, point): a tie the heroes break
    stop: Callable[[], bool] = lambda: False        # the quest is decided: nothing more happens
    emit: Callable | None = None        # each event as it happens (the game's log)

    def out(self, events: list, event: dict) -> None:
        events.append(event)
        if self.emit is not None:
            self.emit(event)

    def discarded_by_action(self) -> tuple[str, ...]:
        if not self.conditions:
            return DISCARDED_BY_ACTION
        return tuple(n for n, c in self.conditions.items() if c.discard == "action")

    def no_move(self, conditions) -> str | None:
        return next((c for c in conditions if c in self.conditions and self.conditions[c].no_move), None)

    def ends_with_activation(self, conditions) -> list[str]:
        return [c for c in conditions if c in self.conditions and self.conditions[c].discard == "end_of_turn"]

    def tie(self, kind: str, options: list) -> tuple[int, int | None]:
        """Which of ``options`` (equally good, the first the program's) is taken, and the point
        that records the choice (None where nobody may choose: one option, or no hook)."""
        if len(options) < 2 or self.choose is None:
            return 0, None
        return self.choose(kind, options)


def activate_card(table: Table, card: ActivationCard, order: list[str],
                  only: set[str] | None = None) -> tuple[Table, list[dict]]:
    """Activate every monster group on the map by ``card`` (``only``: just these groups, for
    "Monster Activation During a Hero Turn"). Returns the table after the moves and the events."""
    events: list[dict] = []
    for group in order:                                            # step 1
        if only is not None and group not in only:
            continue
        members = [fid for fid, m in table.monsters.items() if m.group == group and fid in table.scene.figures]
        box = card.groups.get(group)
        if not members or box is None or table.stop():
            continue
        table.out(events, {"event": "group", "group": group, "card": card.id,
                           "active": list(box.active)})            # step 2
        for fid, actions in _monster_order(table, members, box):   # step 3
            if table.stop():
                break
            if table.on_start is not None:
                table.on_start(table, fid)
            if fid not in table.scene.figures or table.stop():     # its conditions defeated it
                continue
            table, monster_events = activate_monster(table, fid, actions)   # step 4
            events.extend(monster_events)
    return table, events


def _monster_order(table: Table, members: list[str], box: GroupActivation):
    if box.all is not None:
        return [(fid, box.all) for fid in members]
    minions = [fid for fid in members if table.monsters[fid].rank == "minion"]
    masters = [fid for fid in members if table.monsters[fid].rank == "master"]
    return [(fid, box.minion) for fid in minions] + [(fid, box.master) for fid in masters]


def activate_monster(table: Table, fid: str, actions: list) -> tuple[Table, list[dict]]:
    """Step 4 for one monster: up to two actions, the list repeated while a pass performs one
    (``ai.activation.perform_actions``); a condition to discard or a pit comes first."""
    monster = table.monsters[fid]
    stats = _stats(table, fid)
    shambling = "shambling" in table.groups[monster.group].abilities
    events: list[dict] = []
    out = table.out
    out(events, {"event": "monster", "monster": fid, "group": monster.group, "rank": monster.rank})
    performed = 0
    moves = 0
    for condition in table.discarded_by_action():                  # Stun first
        if condition in monster.conditions:
            monster.conditions.remove(condition)
            performed += 1
            out(events, _event(fid, "discard_condition", True, f"discards {condition}: its first action",
                               condition=condition))
            break
    held = table.no_move(monster.conditions)
    scene = table.scene
    if performed < 2 and not held and any(scene.board.pit[c] for c in scene.cells[fid]) and table.exit_at is not None:
        result = move(scene, fid, "leave-pit", exit_at=table.exit_at)
        if result.performed:
            performed += 1
            moves += 1
            scene = table.scene = scene.moved(fid, scene.board.node_of(result.end), tuple(result.size))
            out(events, _event(fid, "leave-pit", True, result.reason, move=result.to_json()))

    def attempt(action) -> tuple[bool, dict]:
        nonlocal moves
        word = next(iter(type(action).model_fields))
        if word in MOVE_WORDS:
            if held:
                return False, _event(fid, word, False, f"{held.capitalize()}: performs no move action")
            if shambling and moves >= 1:
                return False, _event(fid, word, False, "Shambling: only one move action per activation")
            ok, event = _move_action(table, fid, word, getattr(action, word), stats)
            moves += ok
            return ok, event
        if isinstance(action, Attack):
            return _attack(table, fid, action.attack, stats)
        if isinstance(action, Perform):
            return _perform(table, fid, action.perform)
        raise ValueError(f"unknown action {action!r}")  # pragma: no cover - the content models allow nothing else

    def tell(action, ok: bool, event: dict) -> None:
        out(events, event)
        if ok and isinstance(action, Attack) and table.on_attack is not None:
            table.on_attack(table, fid, event)
        elif ok and isinstance(action, Perform) and table.on_perform is not None:
            table.on_perform(table, fid, action.perform)

    performed = perform_actions(
        actions, attempt, tell, lambda action: isinstance(action, Attack),
        lambda action: _event(fid, "attack", False, ONE_ATTACK),
        stop=lambda: table.stop() or fid not in table.scene.figures, performed=performed)
    for condition in table.ends_with_activation(monster.conditions):   # Immobilized: until its activation ends
        monster.conditions.remove(condition)
        out(events, {"event": "condition_gone", "figure": fid, "condition": condition,
                     "why": "it lasts until the end of the monster's activation"})
    out(events, {"event": "done", "monster": fid, "actions": performed})
    return table, events


def _stats(table: Table, fid: str):
    monster = table.monsters[fid]
    group = table.groups[monster.group]
    by_act = group.act_i if table.act == "I" else group.act_ii
    return getattr(by_act, monster.rank)


def _event(fid, action, performed, why, **extra) -> dict:
    return {"event": "action", "monster": fid, "action": action, "performed": performed, "why": why, **extra}


def _heroes_on_map(table: Table) -> list[str]:
    return [h for h in table.heroes if h in table.scene.figures]


def _valid_targets(table: Table, fid: str, rule: Target, attack_kind: str | None) -> list[str]:
    """Heroes that fit the rule's ``where`` (and, for an attack, can be attacked at all: melee
    needs an adjacent hero, ranged a hero in line of sight)."""
    scene = table.scene
    out = []
    for h in _heroes_on_map(table):
        adjacent = any(scene.board.touching(a, b) for a in scene.cells[fid] for b in scene.cells[h])
        seen = None
        if rule.where == "adjacent" and not adjacent:
            continue
        if rule.where in ("in_los", "in_range") or attack_kind == "ranged":
            seen = scene.sees(fid, h)
            if not seen:
                continue
        if attack_kind == "melee" and not adjacent:
            continue
        out.append(h)
    return out


PICKS = {"closest": "the closest hero", "furthest": "the furthest hero", "lowest_health": "the hero with the "
         "lowest health", "highest_health": "the hero with the highest health", "all": "every hero"}
WHERE = {"any": "", "adjacent": " adjacent to it", "in_los": " in its line of sight", "in_range": " in its range"}
KEYS = {"closest": "spaces", "furthest": "spaces, the most first", "lowest_health": "health",
        "highest_health": "health, the most first"}


def target_words(rule: Target) -> str:
    """A target rule as players read it: "the hero with the lowest health adjacent to it"."""
    return PICKS[rule.pick] + WHERE[rule.where]


def _pick(table: Table, fid: str, rule: Target, candidates: list[str]) -> tuple[list[str], Decision | None, dict]:
    """The target(s) by the rule's pick; ties go to the closest, then to the heroes (the
    ``choose`` hook; recorded). Returns the targets, the decision and the tie's record."""
    if not candidates:
        return [], None, {}
    if rule.pick == "all":
        return list(candidates), None, {}
    scene = table.scene
    spaces, health = {}, {}
    for h in candidates:
        d = spaces_between(scene, scene.cells[fid], scene.cells[h], fid, h)
        spaces[h], health[h] = int(d) if d != float("inf") else 10**6, table.heroes[h].health
    listed = {h: n for n, h in enumerate(candidates)}
    sign = -1 if rule.pick in ("furthest", "highest_health") else 1
    if rule.pick in ("closest", "furthest"):             # the spaces are the pick itself
        fields, key, shown = (KEYS[rule.pick],), lambda h: (sign * spaces[h],), lambda h: (spaces[h],)
    else:
        fields = (KEYS[rule.pick], "spaces")
        key, shown = lambda h: (sign * health[h], spaces[h]), lambda h: (health[h], spaces[h])
    asked: dict = {}

    def choose(tied: list) -> int:
        i, asked["point"] = table.tie("target", tied)
        asked["tied"] = tied
        return i

    decision = decide(f"target ({target_words(rule)})", candidates, key, fields,
                      ("listed order", listed.__getitem__), "listed first", shown, choose)
    return [decision.choice], decision, _tie_record(asked["point"], asked["tied"])


def _tie_record(point, options) -> dict:
    return {} if point is None else {"point": point, "options": list(options)}


def _move_action(table: Table, fid: str, word: str, rule: Target, stats) -> tuple[bool, dict]:
    candidates = _valid_targets(table, fid, rule, None)
    if not candidates:
        return False, _event(fid, word, False, f"no hero fits its target ({target_words(rule)})")
    speed = stats.speed
    ties: dict = {}
    if rule.pick in ("closest", "furthest") and rule.where == "any":
        target = rule.pick              # the movement vocabulary picks, and spot may switch target
        decision = None
    else:
        chosen, decision, ties["target"] = _pick(table, fid, rule, candidates)
        target = chosen[0]
    try:
        result = move(table.scene, fid, word, target, speed, exit_at=table.exit_at)
        if result.target_ties:          # the vocabulary's closest or furthest tied: the heroes choose
            options = [result.target, *result.target_ties]
            i, point = table.tie("target", options)
            ties["target"] = _tie_record(point, options)
            if i:
                first = result.decisions[0]
                result = move(table.scene, fid, word, options[i], speed, exit_at=table.exit_at)
                others = [o for o in options if o != options[i]]
                result.decisions.insert(0, replace(first, choice=options[i], ties=tuple(others),
                                                   policy="the heroes' choice"))
                result.target_ties = others
        if result.performed and result.ties:
            sizes = result.tie_sizes or [result.size] * len(result.ties)
            options = [[result.end, list(result.size)], *([t, list(z)] for t, z in zip(result.ties, sizes))]
            i, point = table.tie("space", options)
            ties["space"] = _tie_record(point, options)
            if i:
                result = take_tie(table.scene, fid, result, i - 1, speed)
    except MoveError as e:
        return False, _event(fid, word, False, str(e))
    data = result.to_json()
    if decision is not None:
        data["decisions"].insert(0, decision.to_json())
    if result.performed:
        scene = table.scene
        table.scene = scene.moved(fid, scene.board.node_of(result.end), tuple(result.size))
    ties = {k: v for k, v in ties.items() if v}
    return result.performed, _event(fid, word, result.performed, result.reason, move=data,
                                    **({"ties": ties} if ties else {}))


def _attack(table: Table, fid: str, rule: Target, stats) -> tuple[bool, dict]:
    candidates = _valid_targets(table, fid, rule, stats.attack)
    if not candidates:
        need = "an adjacent hero" if stats.attack == "melee" else "a hero in line of sight"
        return False, _event(fid, "attack", False, f"no target: a {stats.attack} attack needs {need}"
                             + (f" ({target_words(rule)})" if rule.where != "any" else ""))
    targets, decision, tie = _pick(table, fid, rule, candidates)
    return True, _event(fid, "attack", True, f"attacks {', '.join(targets)}", targets=targets,
                        dice=list(stats.dice), attack=stats.attack, surges=list(stats.surges),
                        decision=decision.to_json() if decision else None,
                        **({"ties": {"target": tie}} if tie else {}))


def _perform(table: Table, fid: str, effects) -> tuple[bool, dict]:
    """A ``perform`` action: performed unless its effects would do nothing now ("If an action
    has no effect, monsters do not perform that action")."""
    told = [e.model_dump(by_alias=True) for e in effects]
    why_not = table.effect_of(table, fid, effects) if table.effect_of is not None else ""
    if why_not:
        return False, _event(fid, "perform", False, why_not, effects=told)
    return True, _event(fid, "perform", True, describe.effects(effects), effects=told)
