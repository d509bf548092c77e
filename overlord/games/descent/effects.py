"""What each registered card effect does to a Descent game (the registry of names and parameters
is ``content.effects``; a test checks every name has a handler here)."""

from __future__ import annotations

from .content import effects as fx
from . import tracks
from ...core.context import decide
from ...core.rng import Dice
from ...view.words import count
from . import describe, hooks
from .engine import (
    Game,
    _limit,
    ask_choice,
    complete_encounter,
    damage_figure,
    discard_active,
    marker_at,
    monster_activation,
    run_effects,
    spawn_one,
)
from ...ai.targets import spaces_between
from .heroes import suffer_fatigue, test_heroes
from .state import TokenState


def move_track(game: Game, what: str, n: int, source: str) -> None:
    track = game.state.track
    if tracks.met(track):
        return
    fn = {"advance_doom": tracks.advance_doom, "advance_fate": tracks.advance_fate,
          "fate_back": tracks.fate_back}[what]
    event = fn(track, n)
    game.log({"event": "track", "source": source, **event})
    game.settle()


def _place(game: Game, spec, source: str, spawn: bool) -> None:
    ranks = ["master", "minion"] if spec.rank == "all" else [spec.rank]
    at = marker_at(game, spec.at)
    placed = 0
    for rank in ranks:                                  # "they place master monsters first"
        while spec.count is None or placed < spec.count:
            if spawn_one(game, spec.group, rank, at, game.state.current_encounter, spawn, spec.conditions) is None:
                break
            placed += 1
    game.log({"event": "placed" if not spawn else "spawned", "source": source, "group": spec.group,
              "count": placed})


def _candidates(game: Game, who) -> list:
    """The heroes an effect may touch, before a tie or a die picks among them: never a
    knocked-out one ("Peril effects do not apply to ... heroes who are not on the map"); for
    "the hero with the lowest (highest) health", every hero tied for it."""
    heroes = game.state.heroes_up()
    if who.pick in ("all", "random") or not heroes:
        return heroes
    if who.pick in ("lowest_health", "highest_health"):
        sign = 1 if who.pick == "lowest_health" else -1
        d = decide("the hero with the lowest health" if sign > 0 else "the hero with the highest health", heroes,
                   lambda f: (sign * game.health(f),), ("health" if sign > 0 else "health, the most first",))
        return [d.choice, *d.ties]
    # the exploring hero: the one who opened the door of the current encounter ("Exploration Example")
    return [f for f in heroes if f.id == game.state.exploring_hero]


def _heroes(game: Game, who, source: str) -> list:
    """The heroes an effect touches. Where "the hero with the lowest health" ties, the heroes
    choose (Golden Rules: "If a game effect has multiple potential targets and the intended target
    is unclear, heroes choose the target of the effect"): a table asks the players, headless the
    first listed is taken; the choice is logged (``pick``)."""
    heroes = _candidates(game, who)
    if who.pick == "all" or not heroes:
        return heroes
    if who.pick == "random":
        with Dice(game.state.__dict__) as rng:
            return [heroes[int(rng.integers(len(heroes)))]]
    if len(heroes) > 1:
        return [_tie(game, heroes, source, describe.who(who), f"{game.health(heroes[0])} health each")]
    return heroes


def _tie(game: Game, figures: list, source: str, what: str, key: str):
    """One of ``figures``, tied for ``what``: the players' choice at a table (asked), headless
    the first listed; logged as a ``pick`` with its options."""
    ids = [f.id for f in figures]
    i, point = ask_choice(game, {"kind": "pick", "ask": True, "options": ids, "what": what, "source": source,
                                 "key": key})
    game.log({"event": "pick", "source": source, "what": what, "chosen": ids[i], "options": ids, "key": key,
              **({"ties": {"pick": {"point": point, "options": ids}}} if point is not None else {})})
    return figures[i]


def run_effect(game: Game, effect, source: str, actor: str | None = None) -> None:
    state = game.state
    name = fx.effect_name(effect)
    if name in ("advance_doom", "advance_fate", "fate_back"):
        move_track(game, name, getattr(effect, name), source)
    elif name == "refresh_fate":
        game.log({"event": "track", "source": source, **tracks.refresh_fate(state.track)})
    elif name == "spawn":
        _place(game, effect.spawn, source, True)
    elif name == "place_monsters":
        _place(game, effect.place_monsters, source, False)
    elif name == "discard_exploration":
        discard_active(game)
    elif name == "complete_objective":
        if state.active_exploration is not None and state.active_exploration == state.current_encounter:
            complete_encounter(game)
    elif name == "activate_group":
        if any(f.group == effect.activate_group for f in state.monsters()):
            during_turn = state.phase == "hero_phase" and state.active_exploration is not None
            if during_turn:          # "Monster Activation During a Hero Turn"
                game.machine("activate_groups")
            monster_activation(game, {effect.activate_group})
            if during_turn and not game.over:
                game.machine("groups_done")
    elif name == "transition_act_ii":
        if state.act != "II":
            state.act = "II"
            game.log({"event": "act_ii", "source": source})
    elif name == "damage_heroes":
        for hero in _heroes(game, effect.damage_heroes.who, source):
            if game.over:
                break
            damage_figure(game, hero.id, effect.damage_heroes.amount)
    elif name == "condition_heroes":
        heroes = _heroes(game, effect.condition_heroes.who, source)
        for hero in heroes:
            if effect.condition_heroes.condition not in hero.conditions:
                hero.conditions.append(effect.condition_heroes.condition)
        game.log({"event": "condition", "source": source, "condition": effect.condition_heroes.condition,
                  "heroes": [h.id for h in heroes]})
    elif name == "fatigue_heroes":
        for hero in _heroes(game, effect.fatigue_heroes.who, source):
            if not hero.knocked_out:
                suffer_fatigue(game, hero.id, effect.fatigue_heroes.amount)
    elif name == "test_heroes":
        spec = effect.test_heroes
        heroes = _heroes(game, spec.who, source)
        if spec.within is not None:
            heroes = [h for h in heroes if actor is not None and _within(game, actor, h.id, spec.within)]
        test_heroes(game, [h.id for h in heroes], spec, source, actor)
    elif name == "heal_monster":
        _heal_monster(game, effect.heal_monster, source, actor)
    elif name == "place_token":
        spec = effect.place_token
        at = marker_at(game, spec.at or "exit")
        for _ in range(spec.count):
            state.tokens.append(TokenState(spec.token, list(at), state.current_encounter))
        game.log({"event": "token", "source": source, "token": spec.token, "count": spec.count})
    elif name == "remove_token":
        spec = effect.remove_token
        removed = 0
        for t in list(state.tokens):
            if t.token == spec.token and removed < spec.count:
                state.tokens.remove(t)
                removed += 1
        game.log({"event": "token_removed", "source": source, "token": spec.token, "count": removed})
    elif name == "say":
        game.log({"event": "say", "source": source, "text": effect.say})
    elif name == "if":
        branch = effect.if_.then if test(game, effect.if_.test) else effect.if_.else_
        run_effects(game, branch, source, actor)
    else:  # pragma: no cover - the registry test keeps this list complete
        raise NotImplementedError(name)


def _within(game: Game, a: str, b: str, spaces: int) -> bool:
    scene = game.scene()
    if a not in scene.figures or b not in scene.figures:
        return False
    return spaces_between(scene, scene.cells[a], scene.cells[b], a, b) <= spaces


def _heal_monster(game: Game, spec, source: str, actor: str | None) -> None:
    """The most damaged monster within reach of ``actor`` (itself included; where several are
    as damaged the heroes choose: a table asks, headless the first listed) recovers the hearts
    rolled. Headless the resolver rolls; at a table the players roll and report it with
    `heal MONSTER N`."""
    near = _damaged_near(game, spec, actor)
    if not near:
        if actor is not None and any(f.id == actor for f in game.state.monsters()):
            game.log({"event": "heal_monster", "source": source, "monster": None, "dice": list(spec.dice)})
        return
    most = max(f.damage for f in near)
    tied = [f for f in near if f.damage == most]
    target = tied[0] if len(tied) == 1 else _tie(game, tied, source, "the most damaged monster", f"{most} damage each")
    rolled = game.resolver.roll(game, list(spec.dice)) if game.resolver is not None else None
    hearts = rolled.hearts if rolled is not None else None        # at a table the players roll
    if hearts is not None:
        target.damage = max(0, target.damage - hearts)
    game.log({"event": "heal_monster", "source": source, "monster": target.id, "dice": list(spec.dice),
              "hearts": hearts, "health": game.health(target)})


def _damaged_near(game: Game, spec, actor: str | None) -> list:
    if actor is None or not any(f.id == actor for f in game.state.monsters()):
        return []
    return [f for f in game.state.monsters()
            if f.damage > 0 and (f.id == actor or _within(game, actor, f.id, spec.within))]


def no_effect(game: Game, effects, actor: str | None = None) -> str:
    """Why card ``effects`` would do nothing now ('' when one of them would do something): "If
    an action has no effect, monsters do not perform that action" (Forgotten Souls, "Monster
    Activation"), for a ``perform`` action judged when it comes up. Nothing is drawn or rolled."""
    reasons = []
    for effect in effects:
        why = _idle(game, effect, actor)
        if not why:
            return ""
        reasons.append(why)
    return "; ".join(dict.fromkeys(reasons)) or "it has no effects"


def _idle(game: Game, effect, actor: str | None) -> str:
    """Why one effect would do nothing now ('' when it would do something)."""
    state = game.state
    name = fx.effect_name(effect)
    value = getattr(effect, name if name != "if" else "if_", None)
    if tracks.met(state.track):
        return "doom and fate have met"
    if name in ("fate_back", "refresh_fate") and state.track.fate >= state.track.spaces - 1:
        return "fate is on the top space already"
    if name in ("spawn", "place_monsters"):
        return "" if _room(game, value, name == "spawn") else f"no {value.group} figure is free to place"
    if name == "discard_exploration" and state.active_exploration is None:
        return "there is no active Exploration card"
    if name == "complete_objective" and (state.active_exploration is None
                                         or state.active_exploration != state.current_encounter):
        return "there is no active encounter to complete"
    if name == "activate_group" and not any(f.group == value for f in state.monsters()):
        return f"no {value} is on the map"
    if name == "transition_act_ii" and state.act == "II":
        return "it is Act II already"
    if name in ("damage_heroes", "fatigue_heroes", "condition_heroes", "test_heroes"):
        heroes = _candidates(game, value.who)
        if name == "test_heroes" and value.within is not None:
            heroes = [h for h in heroes if actor is not None and _within(game, actor, h.id, value.within)]
            if not heroes:
                return f"no hero is within {count(value.within, 'space')}"
        if name == "condition_heroes" and heroes and all(value.condition in h.conditions for h in heroes):
            return f"{describe.who(value.who)} is {value.condition} already"
        return "" if heroes else "no hero is on the map"
    if name == "heal_monster" and not _damaged_near(game, value, actor):
        return f"no damaged monster is within {count(value.within, 'space')} to heal"
    if name == "remove_token" and not any(t.token == value.token for t in state.tokens):
        return f"there is no {value.token} token on the map"
    if name == "if":
        branch = value.then if test(game, value.test) else value.else_
        return no_effect(game, branch, actor) if branch else f"{describe.test(value.test)} does not hold"
    return ""


def _room(game: Game, spec, spawn: bool) -> bool:
    """Whether a figure of ``spec``'s group may come onto the map (group limits; a spawn may take
    one back from another encounter)."""
    ranks = ["master", "minion"] if spec.rank == "all" else [spec.rank]
    for rank in ranks:
        on_map = [f for f in game.state.monsters() if f.group == spec.group and f.rank == rank]
        if len(on_map) < _limit(game, spec.group, rank):
            return True
        if spawn and any(f.encounter != game.state.current_encounter for f in on_map):
            return True
    return False


def test(game: Game, t) -> bool:
    """Evaluate a registered test on the state (never a string as code)."""
    state = game.state
    name = next(iter(type(t).model_fields))
    if name == "monsters_on_map":
        return bool(state.monsters()) == t.monsters_on_map
    if name == "group_on_map":
        return any(f.group == t.group_on_map for f in state.monsters())
    if name == "doom_at_least":
        return state.track.doom >= t.doom_at_least
    if name == "track_gap_at_most":
        return state.track.fate - state.track.doom <= t.track_gap_at_most
    if name == "tokens_at_least":
        want = t.tokens_at_least
        return sum(1 for x in state.tokens if x.token == want.token
                   and (want.encounter is None or x.encounter == want.encounter)) >= want.count
    if name == "encounter_clear":
        clear = not any(f.encounter == state.current_encounter for f in state.monsters())
        return clear == t.encounter_clear
    if name == "hero_on":
        x, y = marker_at(game, t.hero_on.at)
        reach = 1 if t.hero_on.adjacent else 0
        return any(max(abs(h.at[0] - x), abs(h.at[1] - y)) <= reach for h in state.heroes_up())
    if name == "all_of":
        return all(test(game, s) for s in t.all_of)
    if name == "any_of":
        return any(test(game, s) for s in t.any_of)
    if name == "not_":
        return not test(game, t.not_)
    raise NotImplementedError(name)  # pragma: no cover


HANDLED = {"advance_doom", "advance_fate", "fate_back", "refresh_fate", "spawn", "place_monsters",
           "discard_exploration", "complete_objective", "activate_group", "transition_act_ii", "damage_heroes",
           "condition_heroes", "fatigue_heroes", "test_heroes", "heal_monster", "place_token", "remove_token",
           "say", "if"}


hooks.provide(run_effect=run_effect, test=test, move_track=move_track, no_effect=no_effect)   # the engine calls these
