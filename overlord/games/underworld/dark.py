"""The Dark phase of the co-operative Underworld: the program plays the Damned One.

After every hero has taken a turn, the program draws a card of the Damned One's activation deck
(``decks/underworld/dark-cards.yaml``) and resolves it:

1. **Omen**: the card's effects (they feed the Dark Side when the Damned One has reason to).
2. **Enemies**: for each kind of face-up enemy counter in the deck's order (Avatars, black
   creatures, creatures of the Damned One, creatures), each counter of that kind in the order
   its tile was placed performs the card's actions for its kind, top to bottom, repeating the
   list while a pass performs one, at most two actions and at most one attack: Descent's
   "Perform Actions" (Forgotten Souls, "3. Monster Activation", step 4), the loop
   ``ai.activation.perform_actions`` both games share. Move actions are the movement vocabulary
   (``overlord.ai.movement``) over the tile map: one tile a speed point, through tiles joined by
   matching exits. "attack" strikes a hero on the same tile (in the Underworld, counter and hero
   meet on one tile).
3. **Peril**: when the card says so, the top peril card (Underworld events).

Our rules for the co-operative game (the rulebook's enemies lie still):
- Heroes on Styx are beyond the Damned One's reach, and its counters do not cross the Styx
  (scenario flag ``enemies_cross_styx``); a hero caught in a trap "cannot be attacked".
- A struck hero defends with a combat trial against the counter, with the permitted skill that
  gives the best chance; beating it off wins nothing (the counter stays); failing costs what a
  lost combat costs (``combat.lose_combat``).
- Closest targets tie on a shared tile: the heroes choose; headless, the first in turn order.

Every decision is an event with its reason, key and ties, appended to ``state.log``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...content.actions import Target
from .coop_formats import DarkCard, DarkPeril, u_effect_name, u_test_name
from ...core.decks import discard_card, draw_card
from ...core.game import hidden_draw
from ...core.figures import Figure, Scene
from ...core.tiles import TileBoard
from ...core.context import decide
from ...core.trace import Decision
from ...ai.activation import MOVE_WORDS, ONE_ATTACK, perform_actions
from ...ai.movement import MoveError, move
from ..heroes.sheet import life_total, shadow_cubes, spend_gold
from .handling import lose_life_points
from . import darkside
from .markers import enemies_on_map, face_down_on, move_counter, reveal
from .state import UnderworldState, kind_of, rolling
from .tiles import distances, styx_id
from ...view.words import count, listing
from .combat import best_skill, lose_combat, take_shadow_cube, trial_against



@dataclass
class DarkContent:
    """What the Dark phase reads from the scenario's content."""

    cards: dict[str, DarkCard]
    order: list[str]
    perils: dict[str, DarkPeril]
    speeds: dict[str, int]
    patience: object | None = None                # coop_formats.Patience: the scenario's clock


# -- who is where --------------------------------------------------------------------------------

def reachable_heroes(state: UnderworldState) -> list[str]:
    """Heroes the Damned One's counters may target: alive, not trapped, and (unless the scenario
    lets enemies cross the Styx) not on Styx. In turn order."""
    styx = styx_id(state.map)
    out = []
    for h in state.heroes:
        if state.sheets[h].dead or h in state.trapped:
            continue
        if state.map.heroes[h] == styx and not state.rules.get("enemies_cross_styx", False):
            continue
        out.append(h)
    return out


def build_scene(state: UnderworldState, content: DarkContent) -> Scene:
    """The map as a tile board (without Styx unless enemies may cross it), the reachable heroes
    and the face-up enemy counters (not the Damned One, which keeps to Chaos) as figures."""
    styx = styx_id(state.map)
    cross = state.rules.get("enemies_cross_styx", False)
    tiles = [{"id": t.id, "at": list(t.at), "exits": t.exits} for t in state.map.placed
             if cross or t.id != styx]
    board = TileBoard(tiles)
    figures = [Figure(h, "heroes", state.map.heroes[h]) for h in reachable_heroes(state)]
    for cid, tile in enemies_on_map(state):
        if cross or tile != styx:
            figures.append(Figure(cid, "monsters", tile, speed=content.speeds.get(kind_of(state, cid).kind, 1)))
    return Scene(board, figures)


# -- the phase -----------------------------------------------------------------------------------

def dark_phase(state: UnderworldState, content: DarkContent) -> list[dict]:
    """Draw and resolve one card of the Damned One's deck (omen, enemies, peril)."""
    events: list[dict] = []
    start = content.patience.start(len(state.heroes)) if content.patience else None
    if start is not None and state.round >= start:
        events.append(darkside.add(state, content.patience.cubes, f"the Damned One's patience is spent "
                                                                  f"(round {start} or later)"))
        if state.outcome:
            return events
    with rolling(state) as rng:
        card_id = draw_card(state.dark_deck, rng)
    card = content.cards[card_id]
    events.append(_log(state, hidden_draw({"event": "dark_card", "card": card.id, "name": card.name,
                                           "why": "the Damned One's turn: the top card of its deck"})))
    events += run_effects(state, list(card.omen), content)
    acted = 0
    for kind in content.order:
        actions = card.groups.get(kind)
        if not actions or state.outcome:
            continue
        for cid, _tile in [(c, t) for c, t in enemies_on_map(state) if kind_of(state, c).kind == kind]:
            if state.outcome:
                break
            events += activate(state, content, cid, list(actions))
            acted += 1
    if not acted and not state.outcome:
        events.append(_log(state, {"event": "no_enemy_acts", "why": _idle_reason(state, card)}))
    discard_card(state.dark_deck, card_id)
    if card.peril and not state.outcome:
        events += draw_peril(state, content)
    return events


KIND_WORDS = {"avatar": "Avatars", "black_creature": "black creatures", "damned_creature": "creatures of the Damned One",
              "creature": "creatures"}


def _idle_reason(state: UnderworldState, card: DarkCard) -> str:
    """Why no enemy counter acted on ``card``: none lies face up on the map, or none of the kinds
    the card moves does."""
    up = [kind_of(state, c).kind for c, _t in enemies_on_map(state)]
    if not up:
        return "no enemy of the Damned One lies face up on the map: none acts"
    moved = [KIND_WORDS.get(k, k) for k in card.groups if card.groups.get(k)]
    if not moved:
        return "this card moves no enemy: none acts"
    return f"this card moves {listing(moved)}; none of them lies face up on the map: no enemy acts"


def draw_peril(state: UnderworldState, content: DarkContent) -> list[dict]:
    with rolling(state) as rng:
        pid = draw_card(state.peril_deck, rng)
    peril = content.perils[pid]
    events = [_log(state, hidden_draw({"event": "peril", "card": pid, "name": peril.name, "flavor": peril.flavor,
                                       "why": "the Dark card calls for a peril"}))]
    events += run_effects(state, list(peril.effects), content)
    discard_card(state.peril_deck, pid)
    return events


def activate(state: UnderworldState, content: DarkContent, cid: str, actions: list) -> list[dict]:
    """One counter's activation: up to two actions, at most one attack, the list repeated while
    a pass performs one (``ai.activation.perform_actions``); an action not performed is told
    once, on the first pass."""
    spec = kind_of(state, cid)
    events = [_log(state, {"event": "enemy", "counter": cid, "name": spec.name, "kind": spec.kind,
                           "tile": _tile_of(state, cid), "why": f"{spec.name} activates"})]

    def attempt(action) -> tuple[bool, list[dict]]:
        word = next(iter(type(action).model_fields))
        rule = getattr(action, word)
        if word in MOVE_WORDS:
            return _move(state, content, cid, word, rule)
        return _strike(state, cid, rule)

    def tell(_action, ok: bool, evs: list[dict]) -> None:
        events.extend(evs if ok else [_log(state, e) for e in evs])   # a performed one is logged already

    performed = perform_actions(
        actions, attempt, tell, lambda action: next(iter(type(action).model_fields)) not in MOVE_WORDS,
        lambda _action: [_act(cid, "attack", False, ONE_ATTACK)],
        stop=lambda: bool(state.outcome), retell=False)        # an action not performed is told once
    events.append(_log(state, {"event": "enemy_done", "counter": cid, "actions": performed,
                               "why": f"{spec.name} performed {count(performed, 'action')}"}))
    return events


def _move(state, content, cid, word, rule, speed: int | None = None) -> tuple[bool, list[dict]]:
    """A move action: performed -> (True, [the event, logged]); not -> (False, [the event, not
    logged: the caller tells it once])."""
    scene = build_scene(state, content)
    if cid not in scene.figures:
        return False, [_act(cid, word, False, "it lies on Styx, where the Damned One has no power")]
    if not any(f.side == "heroes" for f in scene.figures.values()):
        return False, [_act(cid, word, False, "no hero is within the Damned One's reach "
                                              "(heroes on Styx or caught in traps are not)")]
    target = rule.pick if rule.pick in ("closest", "furthest") else "closest"
    try:
        result = move(scene, cid, word, target, scene.figures[cid].speed if speed is None else speed)
    except MoveError as e:
        return False, [_act(cid, word, False, str(e))]
    event = _act(cid, word, result.performed, result.reason, move=result.to_json())
    if not result.performed:
        return False, [event]
    move_counter(state, cid, _tile_of(state, cid), result.end)
    return True, [_log(state, event)]


def _strike(state, cid, rule) -> tuple[bool, list[dict]]:
    tile = _tile_of(state, cid)
    here = [h for h in reachable_heroes(state) if state.map.heroes[h] == tile]
    if not here:
        return False, [_act(cid, "attack", False, "no hero within reach shares its tile")]
    if rule.pick == "all":
        targets, decision = here, None
    else:
        targets = [here[0]]
        decision = Decision(f"target ({rule.pick}, same tile)", here[0], ("tiles", "turn order"), (0, 0),
                            tuple(here[1:]), "first in turn order", len(here))
    events = [_log(state, _act(cid, "attack", True, f"strikes {', '.join(targets)} on {tile}",
                               targets=targets, decision=decision.to_json() if decision else None))]
    for hero in targets:
        if state.outcome:
            break
        events += defend(state, hero, cid)
    return True, events


def defend(state: UnderworldState, hero: str, cid: str) -> list[dict]:
    """The struck hero's combat trial against the counter (best permitted skill); a failure
    costs what a lost combat costs."""
    skill, decision = best_skill(state, hero, cid)
    with rolling(state) as rng:
        result = trial_against(state, hero, cid, skill, rng=rng)
    event = _log(state, {"event": "defence", "hero": hero, "counter": cid, "skill": skill,
                         "decision": decision.to_json(), "trial": result.reason, "success": result.success,
                         "why": f"{hero} defends against {kind_of(state, cid).name} with {skill}"})
    events = [event]
    if not result.success:
        events += lose_combat(state, hero, cid)
    return events


# -- effects -------------------------------------------------------------------------------------

def run_effects(state: UnderworldState, effects: list, content: DarkContent) -> list[dict]:
    events: list[dict] = []
    for effect in effects:
        if state.outcome:
            break
        events += run_effect(state, effect, content)
    return events


def run_effect(state: UnderworldState, effect, content: DarkContent) -> list[dict]:
    name = u_effect_name(effect)
    value = getattr(effect, next(iter(type(effect).model_fields)))
    if name == "dark_side":
        return [darkside.add(state, value, "the Damned One's card says so")]
    if name == "say":
        return [_log(state, {"event": "say", "text": value, "why": "read aloud"})]
    if name == "if":
        holds = test_holds(state, value.test)
        chosen = value.then if holds else value.else_
        events = [_log(state, {"event": "if", "test": u_test_name(value.test), "holds": holds,
                               "why": f"the test {'holds' if holds else 'does not hold'}"})]
        return events + run_effects(state, list(chosen), content)
    if name == "reveal":
        return _reveal_nearest(state)
    if name == "restless":
        events = []
        for cid, _t in enemies_on_map(state):
            ok, evs = _move(state, content, cid, "toward", Target(), speed=value)
            events += evs if ok else [_log(state, e) for e in evs]
        return events or [_log(state, {"event": "no_enemy_acts", "why": "no enemy of the Damned One lies face up "
                                                                        "on the map: none stirs"})]
    heroes, decision = pick_heroes(state, value.pick)
    events = [_log(state, {"event": name, "heroes": heroes, "amount": value.amount,
                           "decision": decision.to_json() if decision else None,
                           "why": f"{EFFECT_WORDS[name](value.amount)}: {listing(heroes, empty='no hero')} "
                                  f"({PICK_WORDS.get(value.pick, value.pick)})"})]
    for h in heroes:
        events += _hero_effect(state, name, h, value.amount)
    return events


EFFECT_WORDS = {"lose_life": lambda n: f"lose {n} LP", "shadow_cube": lambda n: f"take {count(n, 'shadow cube')}",
                "lose_gold": lambda n: f"pay {n} gold"}
PICK_WORDS = {"all": "every hero", "active": "the hero whose turn it was", "random": "a hero drawn at random",
              "most_shadow": "the hero with the most shadow cubes", "lowest_life": "the hero with the lowest life",
              "closest_to_enemy": "the hero nearest an enemy"}


def _hero_effect(state: UnderworldState, name: str, hero: str, amount: int) -> list[dict]:
    sheet = state.sheets[hero]
    events = []
    for _ in range(amount):
        if name == "shadow_cube":
            events += take_shadow_cube(state, hero, why="an Underworld event")
        elif name == "lose_life":
            if life_total(sheet) <= 1:
                events.append(_log(state, {"event": "spared", "hero": hero,
                                           "why": f"{hero} is on the last life point: an event does not kill"}))
                break
            events += lose_life_points(state, hero, 1, policy=state.rules.get("life_policy", "artificial_first"),
                                       why="an Underworld event")
        elif name == "lose_gold":
            n = min(1, sheet.gold)
            spend_gold(sheet, n) if n else None
            events.append(_log(state, {"event": "gold_lost", "hero": hero, "amount": n,
                                       "why": f"{hero} pays {n} gold" if n else f"{hero} has no gold to pay"}))
    return events


def test_holds(state: UnderworldState, test) -> bool:
    name = u_test_name(test)
    value = getattr(test, "not_" if name == "not" else next(iter(type(test).model_fields)))
    if name == "dark_side_at_least":
        return state.dark_side >= value
    if name == "enemies_on_map":
        return bool(enemies_on_map(state)) == value
    if name == "avatars_abroad":
        return sum(1 for c, _ in enemies_on_map(state) if kind_of(state, c).kind == "avatar") >= value
    if name == "damned_manifest":
        return (state.damned in ("waiting", "in_chaos", "in_battle")) == value
    if name == "heroes_with_shadow":
        return sum(1 for h in state.heroes if shadow_cubes(state.sheets[h]) > 0) >= value
    if name == "all_of":
        return all(test_holds(state, t) for t in value)
    if name == "not":
        return not test_holds(state, value)
    raise KeyError(name)  # pragma: no cover - the content model allows nothing else


def pick_heroes(state: UnderworldState, pick: str) -> tuple[list[str], Decision | None]:
    """The heroes an event touches. Ties go to the first in turn order (the heroes may choose)."""
    alive = [h for h in state.heroes if not state.sheets[h].dead]
    if pick == "all" or not alive:
        return alive, None
    if pick == "active":
        h = state.last_hero if state.last_hero in alive else alive[0]
        return [h], None
    if pick == "random":
        with rolling(state) as rng:
            h = alive[int(rng.integers(len(alive)))]
        return [h], None
    if pick == "most_shadow":
        rank, field = (lambda h: -shadow_cubes(state.sheets[h])), "most shadow cubes"
    elif pick == "lowest_life":
        rank, field = (lambda h: life_total(state.sheets[h])), "lowest life"
    else:  # closest_to_enemy
        dist = distances(state.map, [t for _c, t in enemies_on_map(state)])
        rank, field = (lambda h: dist.get(state.map.heroes[h], 10**6)), "tiles to the nearest enemy"
    d = decide(f"hero ({pick})", alive, lambda h: (rank(h),), (field,), ("turn order", alive.index),
               "first in turn order")
    return [d.choice], d


def _reveal_nearest(state: UnderworldState) -> list[dict]:
    """The card's "reveal: nearest": the face-down marker nearest to a hero, counted in tiles walked
    through matching exits - only markers a hero can reach (one no hero can walk to is nobody's
    nearest; with none reachable, nothing turns up)."""
    dist = distances(state.map, [state.map.heroes[h] for h in state.heroes if not state.sheets[h].dead])
    order = {t.id: i for i, t in enumerate(state.map.placed)}
    tile = {c: t.id for t in state.map.placed if t.id in dist for c in sorted(face_down_on(state, t.id))}
    if not tile:
        unreachable = any(face_down_on(state, t.id) for t in state.map.placed)
        return [_log(state, {"event": "reveal", "counter": None,
                             "why": "no face-down marker lies within a hero's reach (the others are unreachable)"
                             if unreachable else "no face-down marker lies on the map"})]
    d = decide("the marker revealed", tile, lambda c: (dist[tile[c]],), ("tiles from a hero",),
               ("the tile placed first", lambda c: order[tile[c]]))
    cid, away = d.choice, d.key[0]
    events = [_log(state, {"event": "reveal_nearest", "counter": cid, "tiles": away, "ties": list(d.ties),
                           "why": f"the face-down marker nearest a hero ({count(away, 'tile')} away; "
                                  "ties: the tile placed first)"})]
    return events + reveal(state, cid, "the Damned One's card")


# -- helpers -------------------------------------------------------------------------------------

def _tile_of(state: UnderworldState, cid: str) -> str:
    for t in state.map.placed:
        if cid in t.markers:
            return t.id
    raise KeyError(f"counter {cid} is not on the map")


def _act(cid, action, performed, why, **extra) -> dict:
    return {"event": "enemy_action", "counter": cid, "action": action, "performed": performed, "why": why, **extra}


def _log(state: UnderworldState, event: dict) -> dict:
    state.log.append(event)
    return event


def choose_end(state: UnderworldState, cid: str, end: str, instead: str, ties: list) -> dict:
    """The heroes take another of a move's equally good ends (Golden Rules: where the rules leave
    a choice, the heroes choose): the counter still standing on ``end`` goes to ``instead``."""
    if instead not in ties:
        raise ValueError(f"{instead!r} is not one of the equally good ends: {', '.join(map(str, ties))}")
    if _tile_of(state, cid) != end:
        raise ValueError(f"{cid} no longer stands on {end}")
    move_counter(state, cid, end, instead)
    return _log(state, {"event": "enemy_choice", "counter": cid, "from": end, "to": instead,
                        "why": f"the heroes choose {instead} for {kind_of(state, cid).name} among equally good ends"})
