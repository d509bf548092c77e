"""Every event the Underworld's engine emits is told at the table without failing and in words a
player reads (issue 39: a hero caught in a trap began his next turn with an event that carried no
skill, the narration raised ``KeyError: 'skill'`` and the saved game could not go on).

The events come from the logs of 40 seeded games (random and heuristic heroes, 1-4 of them) and,
for the kinds those games do not reach (Duels are off in the shipped scenario; wishes are the
players' choice...), from small scenes played with the rules' own functions. A test checks that
together they hold every kind of event the engine's source names, so a new kind cannot slip by.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from overlord.games.underworld import dark, damned
from overlord.games.underworld.game import GAME, shipped_content
from overlord.games.underworld.narrate import narrate
from overlord.games.underworld.state import TurnState
from overlord.sim.play import play

SOURCE = Path(__file__).resolve().parents[1] / "overlord" / "games" / "underworld"
# the engine's event kinds: every literal "event": "KIND" of the package, and the Dark cards' hero
# effects, whose event is named by the effect ({"event": name})
EMITTED = sorted({k for p in SOURCE.glob("*.py") for k in re.findall(r'"event": "(\w+)"', p.read_text())}
                 | {"lose_life", "lose_gold", "shadow_cube"})

# what a player must not read: the code's own words (snake_case names, option names, "headless"),
# Python's reprs, and the rulebook's citation outside `why`
CODE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b|\bheadless\b|\{'|\['|\[\d|\[\]|\{\}|\bNone\b|\bTrue\b|\bFalse\b")
DICT = re.compile(r"': ")                      # a dict's repr
CITED = re.compile(r"\bHitU\b")
LABEL = re.compile(r"^\s*\[\d+\] ")           # a decision's number, for `choose N`


def _games(n: int = 40) -> list[list[dict]]:
    content = shipped_content()
    logs = []
    for i in range(n):
        bot = "random" if i % 2 else "heuristic"
        match, _ = play(GAME, content, 1000 + i, 1 + i % 4, bot, 120)
        logs.append(match.state.log)
    return logs


# -- scenes for the kinds the games do not reach ------------------------------------------------------

def _rules_state():
    from test_underworld_rules import make_state
    return make_state()


def _duels() -> list[dict]:
    """HitU "Duel": the winner takes gold, an item or nothing; "If the active player loses a Duel,
    then his turn is over!\""""
    from test_underworld_rules import give
    from overlord.games.heroes.sheet import gain_cube
    from overlord.games.underworld.duels import duel
    log = []
    for dice, consequence, item in (([1, 1], "item", "gold"), ([1, 1], "item", "ring"), ([1, 1], "", None),
                                    ([6, 6], None, None)):
        state = _rules_state()
        gain_cube(state.sheets["ture"], "black", "ranged")
        give(state, "ture", "ring")
        duel(state, "hippolyte", "ture", dice=dice, consequence=consequence, item=item)
        log += state.log
    return log


def _hermes_stays() -> list[dict]:
    """Glossary Hermes: "Will take the hero back to the Styx tile if the hero wishes it" - and he does not."""
    from test_underworld_rules import put, stand
    from overlord.games.underworld.places import encounter
    state = _rules_state()
    stand(state, "hippolyte", "field")
    put(state, "hermes", "field")
    encounter(state, "hippolyte", "hermes", go=False)
    return state.log


def _the_heroes_choose_an_end() -> list[dict]:
    from test_underworld_rules import put
    state = _rules_state()
    put(state, "alekto", "field")
    dark.choose_end(state, "alekto", "field", "lethe", ["lethe"])
    return state.log


def _no_empty_tile() -> list[dict]:
    """Chaos laid while every other tile holds a marker: the Adventure markers stay on Chaos."""
    from test_underworld_damned import AVATARS
    from underworld_build import build, put, stand
    from overlord.games.underworld import tiles
    state = build("""
        .  n? .
        .  m? .
        .  S? .
    """, chaos=False)
    for a in AVATARS:
        put(state, a, "m", face_up=False)
        damned.avatar_revealed(state, a, "hera")
        damned.avatar_defeated(state, a, "hera")
    stack = next(i for i, s in enumerate(state.map.stacks) if "chaos" in s)
    state.map.stacks[stack].remove("chaos")
    state.map.stacks[stack].insert(0, "chaos")
    stand(state, "hera", "n")
    state.map, _ = tiles.place_tile(state.map, "n", stack, "N")
    damned.chaos_placed(state, "hera")
    return state.log


def _spared() -> list[dict]:
    """Our perils never kill: "an event does not kill" (decks/underworld/dark-perils.yaml)."""
    state = _rules_state()
    state.sheets["ture"].natural = 1
    dark._hero_effect(state, "lose_life", "ture", 1)
    return state.log


def _trapped_twice() -> list[dict]:
    """HitU "Traps of the Damned One": "Heroes remain trapped until their skill check succeeds"."""
    from test_underworld_rules import heap
    from overlord.games.underworld.treasure import draw_treasure, escape_trap
    state = _rules_state()
    heap(state, "trap-1")
    draw_treasure(state, "hippolyte", dice=[6, 6])
    state.turn = TurnState(hero="hippolyte", phase="act", started_on="styx")
    escape_trap(state, "hippolyte", dice=[6, 6])
    return state.log


def _treasure_heap() -> list[dict]:
    """HitU "Treasure": wishing for luck (three turned up, two mixed back), the heap run dry and
    "turn all the face-up treasure markers face down and mix them into a new treasure heap"."""
    from test_underworld_rules import heap
    from overlord.games.underworld.handling import relocate
    from overlord.games.underworld.treasure import draw_treasure
    state = _rules_state()
    heap(state, "ring", "mirror", "nektar-1")
    draw_treasure(state, "hippolyte", wish=True)
    heap(state)
    draw_treasure(state, "hippolyte")                 # nothing to draw
    relocate(state, "nektar-2", "treasure_up")
    draw_treasure(state, "ture")                      # the face-up one mixed back, drawn
    return state.log


SCENES = [_duels, _hermes_stays, _the_heroes_choose_an_end, _no_empty_tile, _spared, _trapped_twice,
          _treasure_heap]


@pytest.fixture(scope="module")
def logs() -> list[list[dict]]:
    return _games() + [scene() for scene in SCENES]


def test_the_games_and_scenes_hold_every_kind_of_event_the_engine_emits(logs):
    seen = {e.get("event") for log in logs for e in log}
    assert [k for k in EMITTED if k not in seen] == []


def test_every_event_is_told_without_failing_and_in_a_players_words(logs):
    told = 0
    for log in logs:
        for e in log:
            lines = narrate([e], strict=True)          # a missing key raises here, not at the table
            told += len(lines)
            for line in lines:
                line = LABEL.sub("", line)
                assert not CODE.search(line), f"{e.get('event')}: {line!r} ({CODE.search(line).group(0)!r})"
                assert not CITED.search(line), f"{e.get('event')}: {line!r} cites the rulebook outside `why`"
                assert not DICT.search(line), f"{e.get('event')}: {line!r}"
            for line in narrate([e], cite=True, strict=True):
                line = LABEL.sub("", line)
                assert not CODE.search(line), f"why, {e.get('event')}: {line!r} ({CODE.search(line).group(0)!r})"
                assert not DICT.search(line) and "HitU" not in line, f"why, {e.get('event')}: {line!r}"
    assert told > 10_000


def test_a_turn_begun_in_a_trap_is_told():
    """"If the skill check fails, the hero is stuck in the trap, and the turn ends. Heroes in traps
    cannot take any further actions except to attempt to escape." The turn that begins in the trap
    has nothing rolled yet: it says so (this event carried no skill and stopped the table)."""
    event = {"event": "trapped", "hero": "gladiator", "trap": "trap-2",
             "why": "a hero caught in a trap can only try to escape"}
    assert narrate([event], strict=True) == [
        "    gladiator is caught in the trap trap-2: the only action is to try to escape (`escape SKILL`)"]


def test_an_event_missing_a_key_is_told_by_its_reason_at_the_table():
    """The table never fails on its own words: an event without a key its line reads is told by
    its reason (the tests above make sure none is)."""
    event = {"event": "trap_passed", "hero": "gladiator", "why": "A trap is removed from play"}
    assert narrate([event]) == ["    A trap is removed from play"]
    with pytest.raises(KeyError):
        narrate([event], strict=True)


# -- nothing happened, how much: the lines the table reads ---------------------------------------------

def _dark_state(markers=None, revealed=()):
    from underworld_helpers import make_state, with_decks
    from overlord.games.underworld.dark import DarkContent
    shipped = shipped_content().dark
    state = make_state("S-a-b", {"h1": "a"}, markers=markers or {}, revealed=revealed)
    content = DarkContent(shipped.cards, shipped.order, shipped.perils, shipped.speeds)
    with_decks(state, content)
    return state, content


@pytest.mark.parametrize("card, markers, expected", [
    pytest.param("dark-06", {}, "no enemy of the Damned One lies face up on the map: none acts",
                 id="The Hunt, no enemy face up"),
    pytest.param("dark-02", {"b": ["avatar-1"]},
                 "this card moves creatures, creatures of the Damned One and black creatures; none of them lies "
                 "face up on the map: no enemy acts", id="Hunger Below moves no Avatar"),
])
def test_a_dark_card_on_which_no_enemy_acts_says_so(card, markers, expected):
    """Nothing happened? Say so (issue 39: "== The Damned One plays: The Hunt ==" and nothing after).
    Our Dark cards move "each kind of face-up enemy counter" the card names; with none, the table
    hears that none acts."""
    state, content = _dark_state(markers, revealed=tuple(c for cs in markers.values() for c in cs))
    state.dark_deck.draw.remove(card)
    state.dark_deck.draw.insert(0, card)
    lines = narrate(dark.dark_phase(state, content), strict=True)
    assert lines[0] == f"== The Damned One plays: {content.cards[card].name} =="
    assert f"    {expected}" in lines


def test_a_peril_that_costs_life_says_how_much():
    """Say how much (issue 39: "lose life: ... all its LP are lost"): Cold Without End takes 1 LP
    from the hero with the lowest life; HitU "Artificial Life Points": "Items that grant more
    than 1 LP are only discarded if all of the LPs granted by that item are lost"."""
    from test_underworld_rules import give, make_state
    from underworld_helpers import with_decks
    from overlord.games.underworld.dark import DarkContent
    shipped = shipped_content().dark
    content = DarkContent(shipped.cards, shipped.order, {"peril-04": shipped.perils["peril-04"]}, shipped.speeds)
    state = with_decks(make_state(), content)
    state.sheets["ture"].natural = 3
    give(state, "ture", "breastplate-1")
    worn = next(i for i in state.sheets["ture"].items if i.id == "breastplate-1")
    worn.lost = worn.life - 1
    lines = narrate(dark.draw_peril(state, content), strict=True)
    assert lines[1:] == [
        "    lose 1 LP: ture (the hero with the lowest life)",
        "    ture loses 1 LP (artificial, from breastplate-1; 3 natural left): an Underworld event",
        f"    ture's breastplate-1 has lost all its {worn.life} LP: discarded",
    ]


# -- `why` gives the enemy's choices and their ties, as in every game ------------------------------------------

@pytest.mark.parametrize("pick, says", [
    # HitU "Phase 4: The Dark": the card's event strikes one hero; ours ties go to the first in turn order,
    # and the heroes may choose another
    ("lowest_life", "[key: lowest life 4, turn order 0; as good: h2 (the heroes may choose)]"),
    ("most_shadow", "[key: most shadow cubes 0, turn order 0; as good: h2 (the heroes may choose)]"),
])
def test_why_tells_the_hero_a_dark_card_strikes_and_the_heroes_as_good(pick, says):
    from underworld_helpers import make_state
    state = make_state("S-a-b", {"h1": "a", "h2": "a"})
    heroes, decision = dark.pick_heroes(state, pick)
    event = {"event": "lose_life", "heroes": heroes, "amount": 1, "decision": decision.to_json(),
             "why": "lose 1 LP: h1 (the hero with the lowest life)"}
    assert heroes == ["h1"] and narrate([event], cite=True, strict=True)[0].endswith(says)
    assert "as good" not in " ".join(narrate([event], strict=True))      # the table's lines stay short


def test_why_tells_the_markers_as_near_as_the_one_a_card_turns_up():
    event = {"event": "reveal_nearest", "counter": "c1", "tiles": 1, "ties": ["c2"],
             "why": "the face-down marker nearest a hero (1 tile away; ties: the tile placed first)"}
    assert narrate([event], cite=True, strict=True) == [
        "    the face-down marker nearest a hero (1 tile away; ties: the tile placed first) "
        "[as good: c2 (the heroes may choose)]"]
