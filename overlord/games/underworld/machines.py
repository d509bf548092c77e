"""The Damned One and its Avatars (Heroes in the Underworld) as state machines written as data.

Two machines, registered as ``"damned-one"`` and ``"avatar"`` (``overlord diagram damned-one``,
``overlord diagram avatar``; the drawings ship in ``docs/machines/``). Neither is ever stored in
the game state: :func:`fire_damned` and :func:`fire_avatar` build a throwaway model from the
state name kept in :class:`~overlord.games.underworld.state.UnderworldState` (``damned``, and
``avatars[avatar_id]``, missing = ``"hidden"``), run the module-level machine on it and write the
new name back. A trigger that is not allowed raises :class:`~overlord.core.machines.TriggerRefused` (a RulesError) naming the state and
the triggers allowed there, and changes nothing. The effects (cubes, counters, dice) belong to
:mod:`overlord.games.underworld.damned`; these machines only say what may happen next.

The Damned One (HitU "The Damned One Appears", "The Fight Against the Damned One", "Solitaire
Play", glossary "Verdammter", "Avatar")
------------------------------------------------------------------------------------------------
- ``dormant``: no Avatar has been seen yet.
- ``awaken`` -> ``abroad``: "The Damned One only appears, at first, in the form of its 3 Avatars";
  fired when the first Avatar is revealed (each revealed Avatar puts a shadow cube on the Dark
  Side: "When drawing an Avatar of the Damned One").
- ``manifest`` [avatars_fallen]: "As soon as the 3 Avatars are all defeated, the marker of the
  Damned One comes into play." To ``in_chaos`` when the Chaos tile is revealed ("the Damned One
  appears there"), else to ``waiting`` ("kept aside and appears as soon as the Chaos tile is
  revealed").
  Solitaire ("When Does the Damned One Enter Play?"): "The number of defeated Avatars and
  acquired special treasures are added together. If they total 3, the Damned One appears".
  **manifest may fire from dormant**: three special treasures alone total 3 while no Avatar has
  been revealed yet, and the rule counts no Avatar as a precondition. In the multi-player game
  the guard needs three banished Avatars, each of which was revealed first (``awaken``), so from
  dormant it can never pass there. "If all 3 Avatars are in play, the Damned One will appear on
  the Chaos tile" is read as the main rule restated (three Avatars on the card also total 3), not
  as "three Avatars revealed on the map": the glossary says "Only after the third and last image
  is banished does the Damned One appear in Chaos". The other reading ("in play" = all three
  turned up, beaten or not) is one guard away: the scenario flag ``solitaire_avatars_in_play``
  (:func:`avatars_in_play`) turns it on.
  The count is checked whenever it changes (``damned.check_entry``): when an Avatar is banished
  and when a special treasure is acquired (at Hekate, Orion or Thanatos, for Hades or
  Persephone, or taken again at the Throne Hall), so a weapon that makes the total 3 brings the
  Damned One at once; with the flag, also when an Avatar is revealed.
- ``appear`` [chaos_revealed]: ``waiting`` -> ``in_chaos`` the moment Chaos is revealed.
- ``attack``: ``in_chaos`` -> ``in_battle``, a hero attacks with a special weapon.
- ``regenerate``: ``in_battle`` -> ``in_chaos``: the hero died; "The Damned One regenerates all
  LP after a battle, if not defeated." (Its LP are read from the Dark Side, so nothing is stored.)
- ``fall``: ``in_battle`` -> ``defeated`` (final): "If the Damned One is defeated, that hero is
  the winner of the game."
- ``triumph`` [dark_side_full]: any state not final -> ``triumphant`` (final): "If there are 11
  Shadow Cubes on the Dark Side, the game is over!" (fired by ``darkside.add``).

An Avatar (HitU "Combat", "Defeated Enemies", glossary "Avatar")
---------------------------------------------------------------
- ``hidden`` (a face-down Adventure marker) -``reveal``-> ``revealed`` ("Once this marker is
  uncovered, place an SC on the Dark Side") -``fight``-> ``fought`` -``survive``-> ``revealed``
  ("The counter remains face up on the map tile, to be encountered again") or -``banish``->
  ``banished`` (final): "Avatar markers are placed on the Damned One's reference card."
"""

from __future__ import annotations

from transitions import Machine

from overlord.core.machines import MachineDef, TriggerRefused, allowed_triggers, refusal, register

from .state import DARK_SIDE_BOXES, UnderworldState, instance_ids, kind_of

AVATARS = 3          # "If the 3 Avatars are defeated, the Damned One appears in Chaos."
CHAOS = "chaos"      # the Chaos map tile: its id or its name, case-insensitive


# -- reading the plain state -------------------------------------------------------------------

def chaos_spec_id(state: UnderworldState) -> str | None:
    """The id of the Chaos map tile in this game's tiles (by id or name), or None."""
    for tid, spec in state.map.catalogue.items():
        if tid.lower() == CHAOS or spec.name.lower() == CHAOS:
            return tid
    return None


def chaos_tile(state: UnderworldState) -> str | None:
    """The Chaos tile's id when it lies on the map (map tiles are laid face up), else None."""
    tid = chaos_spec_id(state)
    if tid is not None and any(t.id == tid for t in state.map.placed):
        return tid
    return None


def avatar_ids(state: UnderworldState) -> list[str]:
    """The Avatar counter instances of this game, in catalogue order."""
    return [i for spec in state.catalogue.values() if spec.kind == "avatar" for i in instance_ids(spec)]


def avatar_state(state: UnderworldState, avatar_id: str) -> str:
    """The Avatar machine's state for ``avatar_id`` (``hidden`` until it was first fired)."""
    return state.avatars.get(avatar_id, AVATAR_INITIAL)


def banished_avatars(state: UnderworldState) -> int:
    return sum(1 for a in avatar_ids(state) if avatar_state(state, a) == "banished")


def special_treasures_held(state: UnderworldState) -> list[str]:
    """Special weapon markers on the heroes' sheets (solitaire: "acquired special treasures")."""
    out = []
    for sheet in state.sheets.values():
        for item in sheet.items:
            try:
                if kind_of(state, item.id).kind == "special_weapon":
                    out.append(item.id)
            except KeyError:
                continue
    return out


def counted_treasures(state: UnderworldState) -> list[str]:
    """The special treasures counted towards the Damned One's entry: those held in solitaire
    ("Count not only the Avatars which have been defeated, but also the special treasures"), or
    in any game whose scenario takes that rule for every hero count (``special_treasures_count``);
    none otherwise."""
    if state.solitaire or state.rules.get("special_treasures_count", False):
        return special_treasures_held(state)
    return []


def entry_count(state: UnderworldState) -> int:
    """What is counted towards the Damned One's entry: the banished Avatars plus
    :func:`counted_treasures` ("added together. If they total 3"). It changes when an Avatar is
    banished and when a special treasure is acquired; both call ``damned.check_entry``."""
    return banished_avatars(state) + len(counted_treasures(state))


def avatars_in_play(state: UnderworldState) -> bool:
    """The other reading of the solitaire sentence "If all 3 Avatars are in play, the Damned One
    will appear on the Chaos tile" (scenario flag ``solitaire_avatars_in_play``): every Avatar has
    been turned up (face up on the map, or banished). Off by default: see the module notes."""
    return (state.solitaire and state.rules.get("solitaire_avatars_in_play", False)
            and all(avatar_state(state, a) != AVATAR_INITIAL for a in avatar_ids(state)))


# -- guards: small named predicates over UnderworldState -----------------------------------------

def avatars_fallen(state: UnderworldState) -> bool:
    """The three Avatars are defeated (solitaire: defeated Avatars + special treasures reach 3;
    with the flag ``solitaire_avatars_in_play``, also all three Avatars turned up)."""
    return entry_count(state) >= AVATARS or avatars_in_play(state)


def chaos_revealed(state: UnderworldState) -> bool:
    """The Chaos map tile lies on the map."""
    return chaos_tile(state) is not None


def dark_side_full(state: UnderworldState) -> bool:
    """The Dark Side holds 11 shadow cubes: "If there are 11 Shadow Cubes on the Dark Side, the
    game is over!\""""
    return state.dark_side >= DARK_SIDE_BOXES


# -- the Damned One as data ----------------------------------------------------------------------

DAMNED_PLAYING = ["dormant", "abroad", "waiting", "in_chaos", "in_battle"]
DAMNED_STATES = DAMNED_PLAYING + [{"name": "defeated", "final": True}, {"name": "triumphant", "final": True}]

DAMNED_TRANSITIONS = [
    {"trigger": "awaken", "source": "dormant", "dest": "abroad"},
    {"trigger": "manifest", "source": ["dormant", "abroad"], "dest": "in_chaos",
     "conditions": [avatars_fallen, chaos_revealed]},
    {"trigger": "manifest", "source": ["dormant", "abroad"], "dest": "waiting",
     "conditions": [avatars_fallen], "unless": [chaos_revealed]},
    {"trigger": "appear", "source": "waiting", "dest": "in_chaos", "conditions": [chaos_revealed]},
    {"trigger": "attack", "source": "in_chaos", "dest": "in_battle"},
    {"trigger": "regenerate", "source": "in_battle", "dest": "in_chaos"},
    {"trigger": "fall", "source": "in_battle", "dest": "defeated"},
    {"trigger": "triumph", "source": DAMNED_PLAYING, "dest": "triumphant", "conditions": [dark_side_full]},
]

DAMNED_MACHINE = Machine(model=None, states=DAMNED_STATES, transitions=DAMNED_TRANSITIONS,
                         initial="dormant", auto_transitions=False, send_event=False)

DAMNED_DEFINITION = register("damned-one", MachineDef(
    title="Heroes in the Underworld: the Damned One, from its Avatars to the final battle",
    states=DAMNED_STATES, transitions=DAMNED_TRANSITIONS, initial="dormant", module=__name__,
    notes=["manifest counts banished Avatars (solitaire: plus special treasures held); "
           "it may fire from dormant in solitaire",
           "triumph is fired by the 11th shadow cube on the Dark Side"],
))

# -- an Avatar as data ---------------------------------------------------------------------------

AVATAR_INITIAL = "hidden"
AVATAR_STATES = ["hidden", "revealed", "fought", {"name": "banished", "final": True}]
AVATAR_TRANSITIONS = [
    {"trigger": "reveal", "source": "hidden", "dest": "revealed"},
    {"trigger": "fight", "source": "revealed", "dest": "fought"},
    {"trigger": "survive", "source": "fought", "dest": "revealed"},
    {"trigger": "banish", "source": "fought", "dest": "banished"},
]

AVATAR_MACHINE = Machine(model=None, states=AVATAR_STATES, transitions=AVATAR_TRANSITIONS,
                         initial=AVATAR_INITIAL, auto_transitions=False, send_event=False)

AVATAR_DEFINITION = register("avatar", MachineDef(
    title="Heroes in the Underworld: an Avatar of the Damned One",
    states=AVATAR_STATES, transitions=AVATAR_TRANSITIONS, initial=AVATAR_INITIAL, module=__name__,
    notes=["a banished Avatar lies on the Damned One's reference card"],
))


def _names(states: list) -> list[str]:
    return [s if isinstance(s, str) else s["name"] for s in states]


DAMNED_NAMES = _names(DAMNED_STATES)
DAMNED_FINAL = [s["name"] for s in DAMNED_STATES if isinstance(s, dict)]
AVATAR_NAMES = _names(AVATAR_STATES)
AVATAR_FINAL = [s["name"] for s in AVATAR_STATES if isinstance(s, dict)]


class _Model:
    """What a machine drives: only ``state``, a name copied from the game state."""

    __slots__ = ("state",)

    def __init__(self, name: str, known: list[str], machine: str):
        if name not in known:
            raise TriggerRefused(f"{machine}: unknown state {name!r}; states: {', '.join(known)}", machine, name)
        self.state = name


# -- the API over the plain state ----------------------------------------------------------------

def allowed_damned(state: UnderworldState) -> list[str]:
    """The Damned One's triggers allowed now (guards passing); empty in a final state."""
    return allowed_triggers(DAMNED_MACHINE, _Model(state.damned, DAMNED_NAMES, "damned-one"), state)


def fire_damned(state: UnderworldState, trigger: str) -> str:
    """Fire ``trigger`` on the Damned One's machine over ``state``; return its new state name.
    Refused (:class:`TriggerRefused`, state unchanged) when not allowed now."""
    model = _Model(state.damned, DAMNED_NAMES, "damned-one")
    ok = allowed_damned(state)
    if trigger not in ok:
        raise TriggerRefused(refusal(DAMNED_MACHINE, model, trigger, ok, DAMNED_FINAL, state,
                                     who="the Damned One"), "damned-one", model.state, trigger, ok)
    if not DAMNED_MACHINE.events[trigger].trigger(model, state):
        raise AssertionError(f"{trigger!r} was allowed but did not fire")   # pragma: no cover
    state.damned = model.state
    return state.damned


def _avatar_model(state: UnderworldState, avatar_id: str) -> _Model:
    if avatar_id not in avatar_ids(state):
        raise TriggerRefused(f"{avatar_id!r} is not an Avatar of this game; Avatars: "
                             f"{', '.join(avatar_ids(state)) or 'none'}", "avatar", None)
    return _Model(avatar_state(state, avatar_id), AVATAR_NAMES, "avatar")


def allowed_avatar(state: UnderworldState, avatar_id: str) -> list[str]:
    """The triggers allowed now for Avatar ``avatar_id``; empty once it is banished."""
    return allowed_triggers(AVATAR_MACHINE, _avatar_model(state, avatar_id), state)


def fire_avatar(state: UnderworldState, avatar_id: str, trigger: str) -> str:
    """Fire ``trigger`` on Avatar ``avatar_id``'s machine; return its new state name (also written
    to ``state.avatars``). Refused (:class:`TriggerRefused`, state unchanged) when not allowed."""
    model = _avatar_model(state, avatar_id)
    ok = allowed_avatar(state, avatar_id)
    if trigger not in ok:
        raise TriggerRefused(refusal(AVATAR_MACHINE, model, trigger, ok, AVATAR_FINAL, state,
                                     who=f"Avatar {avatar_id}"), "avatar", model.state, trigger, ok)
    if not AVATAR_MACHINE.events[trigger].trigger(model, state):
        raise AssertionError(f"{trigger!r} was allowed but did not fire")   # pragma: no cover
    state.avatars[avatar_id] = model.state
    return model.state
