"""The rules around the Damned One's and the Avatars' machines (HitU "The Damned One", "The
Damned One Appears", "Attacking the Damned One", "The Fight Against the Damned One", "Solitaire
Play", "Shadow Cubes of the Damned One", "Death", "Rebirth"; glossary "Avatar", "Verdammter").

Every function mutates the :class:`~overlord.games.underworld.state.UnderworldState` passed in,
appends its events (plain dicts, each with a ``"why"``) to ``state.log`` and returns the events
it appended (the Dark Side's own events included). A call the rules do not allow raises
(:class:`~overlord.games.heroes.sheet.RulesError`, or the machines' ``TriggerRefused``) before
anything is changed.

Rule readings
-------------
* Mark of the Damned: "After defeating the last Avatar, if the Mark of the Damned One is put
  into play" a shadow cube goes on the Dark Side. The Mark is the Damned One's marker ("if these
  are defeated and placed on the Damned One's reference card, a Mark of the Damned is put into
  the game"); it is put into play when it leaves the card, so the cube goes on in
  :func:`bring_in`, also when the marker is kept aside, once. In solitaire the Damned One enters
  "in accordance with the main rules", so the cube goes on there too.
* "The Adventure markers which would normally be placed on the Chaos tile are placed on another
  empty map tile of the active player's choosing" (the Damned One kept aside, Chaos laid now):
  "empty" is read as *without markers* - the paragraph calls the tiles with markers "occupied"
  ("Should all adjacent map tiles be "occupied""), and a hero is no marker. A tile on which a
  hero stands may take them (they lie face down there until a hero enters the tile; the hero
  standing there does not turn them up, as a marker turns up when a hero enters its tile), Styx
  too when it holds no marker. The active player chooses among every placed tile without
  markers (at the table: `choose N TILE` after the command that laid Chaos); headless, the one
  nearest to Chaos, ties in N, E, S, W order. Should no other tile be without markers (the book
  does not say), they stay on Chaos beside the Damned One, as in the case above, and the event
  says so. The other reading, "empty" as no marker and no hero, is the scenario flag
  ``empty_tiles_without_heroes``.
* When the Damned One comes into play on a revealed Chaos holding markers ("that marker is moved
  to a neighboring empty map tile"), the reading is the earlier one, kept apart from the rule
  above: "neighbouring map tile" means a placed tile side by side with the other (exits need not
  join: the players move the marker, not a hero), and "empty" means no marker on it and no hero
  standing on it - these markers may lie face up (an enemy among them), and one moved onto a
  hero's tile would meet the hero without the hero entering the tile, which the book has no rule
  for. Every marker on Chaos moves, face-down ones too (the rule names "another face-up
  marker"; a face-down one left there would stand between a hero and the Damned One), and they
  move together. The rule's two cases (an empty neighbour; else a neighbour's markers step to
  an empty tile beside it, then Chaos's step to that neighbour) are the first two lengths of one
  chain: the shortest chains of occupied tiles from Chaos to an empty tile, each tile's markers
  stepping one tile along. If no tile is empty at all, the markers stay and the event says so.
* Headless choices are the first option in N, E, S, W order; every event with a choice records
  the options that tied, the one taken and the policy.
* The final battle: see :mod:`overlord.games.underworld.battle`.
"""

from __future__ import annotations

from collections.abc import Callable

from overlord.core.tiles import SIDES

from ..heroes.sheet import RulesError
from . import darkside
from .machines import (allowed_damned, avatar_ids, avatar_state, avatars_in_play, banished_avatars, chaos_tile,
                       counted_treasures, entry_count, fire_avatar, fire_damned)
from .state import UnderworldState, instance_ids, where
from .tiles import beyond, placed_tile, tile_at
from ...view.words import count

FIRST_POLICY = "first in N, E, S, W order"

Choose = Callable[[list[list[str]]], list[str]]


# -- small helpers -------------------------------------------------------------------------------

def _log(state: UnderworldState, event: dict) -> dict:
    state.log.append(event)
    return event


def _machine_event(state: UnderworldState, who: str, trigger: str, before: str, after: str, why: str) -> dict:
    return _log(state, {"event": "machine", "machine": who, "trigger": trigger,
                        "from": before, "to": after, "why": why})


def damned_marker(state: UnderworldState) -> str:
    """The Damned One's marker: the instance of the ``damned_one`` kind."""
    for spec in state.catalogue.values():
        if spec.kind == "damned_one":
            return instance_ids(spec)[0]
    raise RulesError("this game's counters have no Damned One marker (kind 'damned_one')")


def _adjacent(state: UnderworldState, tile: str) -> list[str]:
    """Placed tiles side by side with ``tile``, in N, E, S, W order."""
    t = placed_tile(state.map, tile)
    out = []
    for side in SIDES:
        other = tile_at(state.map, *beyond(t, side))
        if other is not None:
            out.append(other.id)
    return out


def _markers(state: UnderworldState, tile: str) -> list[str]:
    return placed_tile(state.map, tile).markers


def _is_empty(state: UnderworldState, tile: str) -> bool:
    """No marker and no hero on ``tile`` (module notes: "empty")."""
    return not _markers(state, tile) and tile not in state.map.heroes.values()


def _move_markers(state: UnderworldState, src: str, dst: str, why: str, **extra) -> dict:
    moving = list(_markers(state, src))
    placed_tile(state.map, src).markers.clear()
    placed_tile(state.map, dst).markers.extend(moving)
    return _log(state, {"event": "markers_moved", "markers": moving, "from": src, "to": dst, "why": why, **extra})


def _choice(options: list, choose: Choose | None, what: str):
    """The option taken: the player's (``choose``) or the headless policy's (the first)."""
    if choose is None:
        return options[0], FIRST_POLICY
    picked = choose([list(o) if isinstance(o, list) else o for o in options])
    if picked not in options:
        raise RulesError(f"{what}: {picked!r} is not one of the options {options}")
    return picked, "the active player's choice"


def _distances(state: UnderworldState, start: str, past_heroes: bool = True) -> list[tuple[str, int]]:
    """Placed tiles reachable through side-by-side tiles, with their distance from ``start``, in
    breadth-first order (neighbours N, E, S, W). ``past_heroes=False``: not through tiles on which
    a hero stands (for markers stepping tile to tile: they never move onto a hero's tile)."""
    seen = {start: 0}
    order = [start]
    heroes = set() if past_heroes else set(state.map.heroes.values())
    for tile in order:
        for other in _adjacent(state, tile):
            if other not in seen and other not in heroes:
                seen[other] = seen[tile] + 1
                order.append(other)
    return [(t, seen[t]) for t in order]


def _chains(state: UnderworldState, chaos: str) -> list[list[str]]:
    """The shortest chains Chaos -> occupied tiles -> an empty tile, in N, E, S, W order (no
    tile of a chain holds a hero)."""
    dist = dict(_distances(state, chaos, past_heroes=False))
    empty = [t for t, d in dist.items() if d > 0 and _is_empty(state, t)]
    if not empty:
        return []
    best = min(dist[t] for t in empty)
    out: list[list[str]] = []

    def walk(path: list[str]) -> None:
        here = path[-1]
        if len(path) - 1 == best:
            if _is_empty(state, here):
                out.append(path)
            return
        for other in _adjacent(state, here):
            if dist.get(other) == len(path) and other not in path:
                walk(path + [other])

    walk([chaos])
    return out


# -- Avatars -------------------------------------------------------------------------------------

def avatar_revealed(state: UnderworldState, avatar_id: str, hero: str) -> list[dict]:
    """An Avatar's marker is revealed: "Once this marker is uncovered, place an SC on the Dark
    Side" (glossary "Avatar"; "When drawing an Avatar of the Damned One"). The first one wakes the
    Damned One: "The Damned One only appears, at first, in the form of its 3 Avatars"."""
    on_map = where(state, avatar_id).startswith("tile:") if avatar_id in avatar_ids(state) else False
    start = len(state.log)
    before = avatar_state(state, avatar_id)
    after = fire_avatar(state, avatar_id, "reveal")
    _machine_event(state, f"avatar:{avatar_id}", "reveal", before, after,
                   f"{hero or 'the Damned One'} uncovered Avatar {avatar_id}")
    if on_map and avatar_id not in state.revealed:
        state.revealed.append(avatar_id)
    if "awaken" in allowed_damned(state):
        was = state.damned
        _machine_event(state, "damned-one", "awaken", was, fire_damned(state, "awaken"),
                       "The Damned One only appears, at first, in the form of its 3 Avatars.")
    darkside.add(state, 1, why=f"Avatar {avatar_id} revealed by {hero or 'the Damned One'}: \"Once this "
                               "marker is uncovered, place an SC on the Dark Side.\"")
    if not state.outcome:                    # the solitaire_avatars_in_play reading; the active player chooses
        check_entry(state, hero if hero in state.sheets else (state.last_hero or state.heroes[0]))
    return state.log[start:]


def avatar_survived(state: UnderworldState, avatar_id: str, hero: str) -> list[dict]:
    """A fight against an Avatar was lost by the hero: "The counter remains face up on the map
    tile, to be encountered again." (fires ``fight`` if needed, then ``survive``)."""
    st = avatar_state(state, avatar_id)
    if st not in ("revealed", "fought"):
        fire_avatar(state, avatar_id, "survive")          # raises, naming the state
    start = len(state.log)
    if st == "revealed":
        _machine_event(state, f"avatar:{avatar_id}", "fight", st, fire_avatar(state, avatar_id, "fight"),
                       f"{hero} fights Avatar {avatar_id}")
    _machine_event(state, f"avatar:{avatar_id}", "survive", "fought", fire_avatar(state, avatar_id, "survive"),
                   "The counter remains face up on the map tile, to be encountered again.")
    return state.log[start:]


def avatar_defeated(state: UnderworldState, avatar_id: str, hero: str, *, choose: Choose | None = None
                    ) -> list[dict]:
    """A hero defeated an Avatar: "Avatar markers are placed on the Damned One's reference card."
    The counter goes from its map tile onto the card and the Avatar is banished; when the count
    reaches 3 ("As soon as the 3 Avatars are all defeated"; solitaire: "The number of defeated
    Avatars and acquired special treasures are added together. If they total 3") the Damned One
    comes into play (:func:`bring_in`). The hero's reward (an EC of choice and a treasure
    marker) is the combat code's. ``choose``: as in :func:`bring_in`."""
    st = avatar_state(state, avatar_id)
    if st not in ("revealed", "fought"):
        fire_avatar(state, avatar_id, "banish")           # raises, naming the state
    loc = where(state, avatar_id)
    if not loc.startswith("tile:"):
        raise RulesError(f"Avatar {avatar_id} lies on {loc}, not on a map tile: only an Avatar on the map "
                         "can be defeated")
    start = len(state.log)
    if st == "revealed":
        _machine_event(state, f"avatar:{avatar_id}", "fight", st, fire_avatar(state, avatar_id, "fight"),
                       f"{hero} fights Avatar {avatar_id}")
    tile = loc.removeprefix("tile:")
    _markers(state, tile).remove(avatar_id)
    if avatar_id in state.revealed:
        state.revealed.remove(avatar_id)
    state.card.append(avatar_id)
    _machine_event(state, f"avatar:{avatar_id}", "banish", "fought", fire_avatar(state, avatar_id, "banish"),
                   "Avatar markers are placed on the Damned One's reference card.")
    _log(state, {"event": "avatar_banished", "avatar": avatar_id, "hero": hero, "from": tile, "to": "card",
                 "banished": banished_avatars(state), "special_treasures": len(counted_treasures(state)),
                 "count": entry_count(state),
                 "why": "If a hero defeats an Avatar, the counter is placed on the reference card of the Damned One."})
    check_entry(state, hero, choose=choose)
    return state.log[start:]


# -- the Damned One comes into play --------------------------------------------------------------

def check_entry(state: UnderworldState, active_hero: str, *, choose: Choose | None = None) -> list[dict]:
    """Bring the Damned One in if the count has reached 3 and it is not in play yet; else nothing.
    Called whenever the count changes: an Avatar banished (:func:`avatar_defeated`), a special
    treasure acquired (``places``), an Avatar revealed (for the ``solitaire_avatars_in_play``
    reading) - "The number of defeated Avatars and acquired special treasures are added together.
    If they total 3, the Damned One appears"."""
    if "manifest" in allowed_damned(state):
        return bring_in(state, active_hero, choose=choose)
    return []


def bring_in(state: UnderworldState, active_hero: str, *, choose: Choose | None = None) -> list[dict]:
    """"When the marker of the Damned One comes into play": on Chaos, face up, if the Chaos tile
    is revealed (markers already on Chaos move off first, see the module notes); else it is "kept
    aside and appears as soon as the Chaos tile is revealed" (:func:`chaos_placed`). The Mark of
    the Damned puts 1 SC on the Dark Side.

    ``choose(options) -> option`` is the active player's choice among the chains of tiles the
    markers on Chaos may move along (each a list of tile ids from Chaos to an empty tile)."""
    marker = damned_marker(state)
    loc = where(state, marker)
    if loc != "card":
        raise RulesError(f"the Damned One's marker lies on {loc}, not on its reference card")
    start = len(state.log)
    before = state.damned
    fire_damned(state, "manifest")
    n, special = banished_avatars(state), len(counted_treasures(state))
    if n + special < 3 and avatars_in_play(state):
        why = "Solitaire: \"If all 3 Avatars are in play, the Damned One will appear on the Chaos tile.\""
    elif not (state.solitaire or state.rules.get("special_treasures_count", False)):
        why = "As soon as the 3 Avatars are all defeated, the marker of the Damned One comes into play."
    else:
        why = (f"{'Solitaire' if state.solitaire else 'The scenario takes the solitaire rule'}: {count(n, 'defeated Avatar')} "
               f"+ {count(special, 'acquired special treasure')} = {n + special}: \"If they total 3, the "
               "Damned One appears on the Chaos tile\"")
    _machine_event(state, "damned-one", "manifest", before, state.damned, why)
    state.card.remove(marker)
    if state.damned == "in_chaos":
        _place_on_chaos(state, marker, active_hero, choose)
    else:
        state.aside.append(marker)
        _log(state, {"event": "damned_one_aside", "marker": marker, "why":
                     "If the Chaos map tile is not yet revealed, the marker of the Damned One is kept aside "
                     "and appears as soon as the Chaos tile is revealed."})
    darkside.add(state, 1, why="After defeating the last Avatar, if the Mark of the Damned One is put into play")
    return state.log[start:]


def _place_on_chaos(state: UnderworldState, marker: str, active_hero: str, choose: Choose | None) -> None:
    chaos = chaos_tile(state)
    if _markers(state, chaos):
        chains = _chains(state, chaos)
        if not chains:
            _log(state, {"event": "no_empty_tile", "tile": chaos, "markers": list(_markers(state, chaos)),
                         "why": "no map tile is empty: the markers on Chaos stay (the rule does not say)"})
        else:
            chosen, policy = _choice(chains, choose, "where the markers on Chaos move")
            _log(state, {"event": "choice", "chooser": active_hero, "what": "chain of tiles to an empty tile",
                         "options": chains, "ties": chains if len(chains) > 1 else [], "chosen": chosen,
                         "policy": policy, "why":
                         "that marker is moved to a neighboring empty map tile (active player decides which "
                         "tile exactly). Should all adjacent map tiles be \"occupied\", move one of those markers "
                         "to a neighboring empty tile, then move the marker on the Chaos tile to that now-empty "
                         "map tile"})
            for i in range(len(chosen) - 2, -1, -1):
                _move_markers(state, chosen[i], chosen[i + 1],
                              "a marker on Chaos makes room for the Damned One" if i == 0 else
                              "a neighbouring tile's marker makes room for the marker on Chaos")
    _markers(state, chaos).append(marker)
    state.revealed.append(marker)
    _log(state, {"event": "damned_one_appears", "marker": marker, "tile": chaos,
                 "why": "HitU 'The Damned One Appears': \"If the Chaos map tile is revealed, the Damned One appears "
                        "there (place the marker face up).\""})


CHAOS_MARKERS_RULE = ("HitU 'The Damned One Appears': \"The Adventure markers which would normally be placed on "
                      "the Chaos tile are placed on another empty map tile of the active player's choosing.\"")
CHAOS_CHOICE = "the tile for the Adventure markers of Chaos"
NEAREST_POLICY = "the tile without markers nearest to Chaos, " + FIRST_POLICY


def empty_for_chaos_markers(state: UnderworldState, tile: str) -> bool:
    """Whether ``tile`` is "another empty map tile" for the Adventure markers of Chaos: no marker
    on it (module notes); with the scenario flag ``empty_tiles_without_heroes``, no hero either."""
    if state.rules.get("empty_tiles_without_heroes", False):
        return _is_empty(state, tile)
    return not _markers(state, tile)


def chaos_marker_tiles(state: UnderworldState, chaos: str) -> list[tuple[str, int]]:
    """The tiles the Adventure markers of Chaos may go to, with their distance from Chaos (tiles
    side by side; a tile not joined that way last), nearest first, ties in N, E, S, W order."""
    near = [(t, d) for t, d in _distances(state, chaos) if d > 0 and empty_for_chaos_markers(state, t)]
    joined = {t for t, _ in _distances(state, chaos)}
    return near + [(t.id, 10**6) for t in state.map.placed
                   if t.id not in joined and empty_for_chaos_markers(state, t.id)]


def chaos_placed(state: UnderworldState, active_hero: str, *, choose: Callable[[list[str]], str] | None = None
                 ) -> list[dict]:
    """The engine calls this when the Chaos tile has been placed. If the Damned One was kept
    aside, it appears now, and "The Adventure markers which would normally be placed on the Chaos
    tile are placed on another empty map tile of the active player's choosing" (``choose(tiles)
    -> tile``; headless: the tile without markers nearest to Chaos, ties in N, E, S, W order; see
    the module notes for "empty" and for no such tile). Otherwise nothing happens."""
    if state.damned != "waiting":
        return []
    chaos = chaos_tile(state)
    if chaos is None:
        raise RulesError("the Chaos tile is not on the map")
    marker = damned_marker(state)
    if where(state, marker) != "aside":
        raise RulesError(f"the Damned One's marker lies on {where(state, marker)}, not aside")
    start = len(state.log)
    moving = list(_markers(state, chaos))
    if moving:
        dist = chaos_marker_tiles(state, chaos)
        options = [t for t, _ in dist]
        if options:
            nearest = [t for t, d in dist if d == dist[0][1]]
            chosen, policy = _choice(options, choose, "where the Adventure markers of Chaos go")
            if choose is None:
                policy = NEAREST_POLICY
            _log(state, {"event": "choice", "chooser": active_hero, "what": CHAOS_CHOICE,
                         "options": options, "ties": nearest if len(nearest) > 1 else [], "chosen": chosen,
                         "markers": len(moving), "policy": policy, "why": CHAOS_MARKERS_RULE})
            _move_markers(state, chaos, chosen, CHAOS_MARKERS_RULE, told_by_choice=True)
        else:
            _log(state, {"event": "no_empty_tile", "tile": chaos, "markers": moving,
                         "why": "no other map tile is without markers (the rule does not say): the Adventure "
                                "markers stay on Chaos beside the Damned One"})
    before = state.damned
    fire_damned(state, "appear")
    _machine_event(state, "damned-one", "appear", before, state.damned,
                   "HitU 'The Damned One Appears': \"appears as soon as the Chaos tile is revealed\"")
    state.aside.remove(marker)
    _markers(state, chaos).append(marker)
    state.revealed.append(marker)
    _log(state, {"event": "damned_one_appears", "marker": marker, "tile": chaos,
                 "why": "HitU 'The Damned One Appears': \"If the Chaos map tile is not yet revealed, the marker of "
                        "the Damned One is kept aside and appears as soon as the Chaos tile is revealed.\""})
    return state.log[start:]


def place_chaos_markers(state: UnderworldState, at: str, instead: str, options: list[str]) -> dict:
    """The active player puts the Adventure markers of Chaos, which the headless policy laid on
    ``at``, on ``instead`` (one of ``options``, the tiles without markers when Chaos was laid):
    "placed on another empty map tile of the active player's choosing". Raises ``ValueError``
    naming the problem."""
    if instead not in options:
        raise ValueError(f"{instead} is not one of the tiles they may go to: {', '.join(options)}")
    if instead == at:
        raise ValueError(f"the Adventure markers of Chaos lie on {at} already")
    if not _markers(state, at):
        raise ValueError(f"the Adventure markers of Chaos no longer lie on {at}")
    if instead != at and _markers(state, instead):
        raise ValueError(f"{instead} holds markers now")
    return _move_markers(state, at, instead, CHAOS_MARKERS_RULE, chosen_by_player=True)


def solitaire_turn(state: UnderworldState) -> list[dict]:
    """Solitaire, "Damned One in Chaos": "If the Damned One's marker is placed on the Chaos tile,
    on each turn 1 Shadow Cube is placed on the Dark Side". Call once a turn."""
    if not state.solitaire or state.outcome or state.damned not in ("in_chaos", "in_battle"):
        return []
    chaos = chaos_tile(state)
    if chaos is None or where(state, damned_marker(state)) != f"tile:{chaos}":
        return []
    start = len(state.log)
    darkside.add(state, 1, why="If the Damned One's marker is placed on the Chaos tile, on each turn "
                               "1 Shadow Cube is placed on the Dark Side")
    return state.log[start:]
