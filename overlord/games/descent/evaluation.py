"""What a search bot reads of a Descent game it stops playing early (its ``SearchModel``'s
``features``, ``evaluate``), and how it deals the hidden decks again (``determinize``).

Features, each about 0 to 1 and each the higher the better for the heroes: main encounters
completed and encounters explored (progress), the gap between fate and doom and the villagers not
on the throne (the enemy's clocks; "throne" says the last encounter is reached, where villagers
count), the heroes' health, fatigue left and heroes standing, the monsters off the map and their
health taken, and whether an exploration card is active (without one the fate step advances fate
every round). The weights are a logistic model fitted on the heuristic bot's games, none negative
(``bench/fit_evaluation.py``); ours.

Hidden from the heroes: the order of the exploration deck and which regular encounters lie in
which of its stacks (they know the stacks: "two stacks of three cards and one stack of two cards",
main encounter #1 in the first, #2 in the second, #3 in the last, and the cards drawn), the order
of the activation, peril and shop decks, and every future die. (A determinisation that kept each
regular encounter in its stack told the search where the deck's cards lie: found by the twin test,
``tests/test_no_peek.py``.)
"""

from __future__ import annotations

from ...core.rng import new_rng, rng_state
from ...core.state import clone as clone_state
from .engine import Game

# fitted by `python bench/fit_evaluation.py forgotten-souls` (heuristic bot, 2-4 heroes)
WEIGHTS: dict[str, float] = {"bias": -4.923, "active": 0.158, "clear": 0.333, "explored": 2.449, "gap": 2.284, "health": 0.876, "mains": 0.284, "monsters_hurt": 0.382, "standing": 0.984, "throne": 0.815, "villagers_off": 0.130}


def features(game) -> dict[str, float]:
    s = game.state
    heroes = s.hero_figures()
    n = max(1, len(heroes))
    monsters = s.monsters()
    throne = s.main_encounters_completed >= 2
    return {
        "mains": s.main_encounters_completed / 3,
        "explored": len(s.dungeon.placements) / 12,
        "gap": (s.track.fate - s.track.doom) / max(1, s.track.spaces),
        "throne": 1.0 if throne else 0.0,
        "villagers_off": (1 - sum(1 for t in s.tokens if t.token == "villager") / 8) if throne else 0.0,
        "health": sum(0.0 if f.knocked_out else game.health(f) / max(1, game.max_health(f)) for f in heroes) / n,
        "fresh": 1 - sum(f.fatigue / max(1, f.stamina) for f in heroes) / n,
        "standing": 1 - sum(f.knocked_out for f in heroes) / n,
        "clear": 1 - min(1.0, len(monsters) / 6),
        "monsters_hurt": 1 - min(1.0, sum(game.health(f) for f in monsters) / 30),
        "active": 1.0 if s.active_exploration else 0.0,
    }


def _dealt(cards: list[str], rng) -> list[str]:
    """The cards in a random order that depends on which cards they are, not on their order (so
    that nothing of the hidden order leaks into a search)."""
    cards = sorted(cards)
    return [cards[i] for i in rng.permutation(len(cards))]


def exploration_stacks(game) -> list[tuple[str, int]]:
    """The exploration deck's stacks as the heroes know them, top first: (its main encounter, the
    cards left in it). The scenario's ``exploration_stacks`` give their sizes ("Shuffle the #1 main
    encounter into the remaining stack and place that stack facedown on top of the other two
    stacks"), and cards are drawn from the top only."""
    mains = {c.number: c.id for c in game.quest.exploration if c.kind == "main"}
    stacks = sorted(game.quest.scenario.exploration_stacks, key=lambda st: st.main)
    drawn = sum(st.regular + 1 for st in stacks) - len(game.state.exploration.draw)
    out = []
    for st in stacks:
        taken = min(st.regular + 1, max(0, drawn))
        drawn -= taken
        out.append((mains[st.main], st.regular + 1 - taken))
    return out


def determinize(game, rng):
    """A clone with the hidden decks dealt again: the regular encounters left dealt anew into what
    is left of the exploration stacks (the heroes know each stack's size and main encounter, not
    which regular encounters were dealt into which: "Shuffle the remaining Exploration cards and
    deal them into three facedown stacks"), each stack shuffled with its main encounter; the
    activation, peril and shop draw piles shuffled; the generator reseeded."""
    state = clone_state(game.state)
    out = Game(game.quest, state)
    draw = state.exploration.draw
    stacks = exploration_stacks(out)
    if sum(left for _, left in stacks) == len(draw) and all(left >= (m in draw) for m, left in stacks):
        mains = {m for m, _ in stacks}
        regular = _dealt([c for c in draw if c not in mains], rng)
        dealt = []
        for main, left in stacks:
            n = left - (main in draw)
            dealt += _dealt(regular[:n] + [main] * (main in draw), rng)
            regular = regular[n:]
        state.exploration.draw = dealt
    else:                                              # a deck arranged by a spec: the order kept
        state.exploration.draw = list(draw)
    for deck in (state.activation, state.peril, *state.shop.values()):
        deck.draw = _dealt(deck.draw, rng)
    state.rng = rng_state(new_rng(int(rng.integers(2**62))))
    return out
