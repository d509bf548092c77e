"""What each registered card effect does to a Descent game (the registry of names and parameters
is ``overlord.content.effects``; a test checks every name has a handler here)."""

from __future__ import annotations

from ...content import effects as fx
from ...core import tracks
from ...core.rng import Dice
from .engine import Game, discard_active, marker_at, monster_activation, run_effects, spawn_one


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
            if spawn_one(game, spec.group, rank, at, game.state.current_encounter, spawn) is None:
                break
            placed += 1
    game.log({"event": "placed" if not spawn else "spawned", "source": source, "group": spec.group,
              "count": placed})


def _heroes(game: Game, who) -> list:
    heroes = [f for f in game.state.hero_figures() if f.health > 0]
    if who.pick == "all" or not heroes:
        return heroes
    if who.pick in ("lowest_health", "highest_health"):
        key = (lambda f: f.health) if who.pick == "lowest_health" else (lambda f: -f.health)
        best = min(key(f) for f in heroes)
        return [next(f for f in heroes if key(f) == best)]     # ties: the heroes choose; first listed
    if who.pick == "random":
        with Dice(game.state.__dict__) as rng:
            return [heroes[int(rng.integers(len(heroes)))]]
    return heroes[:1]                                           # exploring hero: the first, for now


def run_effect(game: Game, effect, source: str) -> None:
    from .engine import damage_figure
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
        for hero in _heroes(game, effect.damage_heroes.who):
            damage_figure(game, hero.id, effect.damage_heroes.amount)
    elif name == "condition_heroes":
        for hero in _heroes(game, effect.condition_heroes.who):
            if effect.condition_heroes.condition not in hero.conditions:
                hero.conditions.append(effect.condition_heroes.condition)
        game.log({"event": "condition", "source": source, "condition": effect.condition_heroes.condition})
    elif name == "place_token":
        from .state import TokenState
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
        run_effects(game, branch, source)
    else:  # pragma: no cover - the registry test keeps this list complete
        raise NotImplementedError(name)


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
    if name == "all_of":
        return all(test(game, s) for s in t.all_of)
    if name == "any_of":
        return any(test(game, s) for s in t.any_of)
    if name == "not_":
        return not test(game, t.not_)
    raise NotImplementedError(name)  # pragma: no cover


HANDLED = {"advance_doom", "advance_fate", "fate_back", "refresh_fate", "spawn", "place_monsters",
           "discard_exploration", "activate_group", "transition_act_ii", "damage_heroes",
           "condition_heroes", "place_token", "remove_token", "say", "if"}
