"""Twins of a match for the "does not peek" tests (``tests/test_no_peek.py``): a twin is the same
position dealt again where the heroes cannot see - alike in all that the heroes deciding now can
see, different in what they cannot. A bot, or a search's determinised worlds, that answers a
match and its twin differently has read something hidden.

Each game's re-deal is written here from its rulebook's point of view (what is face down, in a
bag, shuffled, or rolled later), and never through the game's own ``determinize``: the twins exist
to catch a ``determinize`` or a bot that misses or reads something hidden.

For each game, :class:`Twins` gives

- ``redeal(match, rng)``: a clone with every hidden thing dealt again from ``rng`` (the game's
  generator reseeded too: the future dice are hidden);
- ``visible(match)``: the whole state as plain data, each hidden part replaced by what the heroes
  know of it (a pile's size and the cards in it, a face-down counter as ``"?"``), so a twin that
  changed anything the heroes see compares unequal;
- ``hidden(match)``: the hidden parts themselves, by name (a test checks the re-deal changes them).

What is hidden, game by game (and our readings where the rulebooks leave it open):

- Descent: Forgotten Souls ("Assembling the Exploration Deck", "General Setup"): the order of the
  exploration deck and which regular encounters lie in which of its stacks ("Shuffle the remaining
  Exploration cards and deal them into three facedown stacks"; the heroes know the stacks' sizes,
  the main encounter in each and the cards drawn); the activation, peril and Shop Item draw piles.
  The facedown objective tokens are not told apart by the program (nobody knows which is which),
  so they are no hidden state.
- Heroes in the Underworld ("Map Tiles", "Setting Up the Treasure Markers", "Adventure Marker Set
  Up"): which face-down marker lies where (the markers on the tiles and the Adventure pile are one
  pool: "one may select any face down marker"), the treasure heap, which tile lies in which stack
  ("mixed and put face down in 3 equal piles"; the tile drawn and being turned is seen), the Dark
  and peril draw piles. The Mirror's look at face-down markers is not played by the program.
- Heldentaufe ("Setup"): the face-down Upper World tiles, the mission draw pile, which skull area
  holds which danger ("No player may know where the two traps are"); in the race the other heroes'
  hands too ("deal each player 3 face-down hand cards"; the co-operative team sees each other's).
- Under the Shadow of the Dragon ("The Story Begins", Vision in the Glossary): which covered
  counter lies where ("showing the PA logo": one pool), except those the deciding side has looked
  at by Vision (the co-operative team's, or in the book's game for two the deciding hero's own);
  the bag, the City of the Mages' pile and the Dragon deck's draw pile. A covered counter drawn
  from the bag again is read as one of the pool (the program places it as "a covered counter").
- Return of the Heroes (Counters, Drawing Counters, The Emergence of the Nameless, The Standard
  Game): which random encounter chit lies face down where (one pool), which Guard on which post and
  which Servant on which place ("values hidden": their kind shows, a pool each), the bag, the
  market's pile, the Nameless deck's draw pile (together), and the Nameless card where it is drawn
  face down and nobody has looked or fought him; in the Unknown Land (Alternative Rules) which
  region lies face down on which spot ("The regions remain face down and have to be explored") and
  the chits kept for them.
- Return of the Heroes with the Dragon: Return of the Heroes' hidden parts over both boxes' counters
  (the covered counters one pool), less what the deciding hero saw by Vision, and the City of the
  Mages' pile too.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from overlord.core.rng import new_rng, rng_state
from overlord.core.state import EVENTS, SHARED, to_json
from overlord.games.descent.evaluation import exploration_stacks
from overlord.games.underworld.machines import avatar_state
from overlord.games.underworld.state import kind_of
from overlord.games.underworld.tiles import ADVENTURE

FACE_DOWN = "?"


def apart(state) -> dict:
    """The fields of a state kept apart from :func:`plain`: its log and the content it holds
    (shared by every clone: compared by ``==``, which finds the same events at once)."""
    return {f.name: getattr(state, f.name) for f in dataclasses.fields(state)
            if f.metadata.get("state") in (EVENTS, SHARED)}


def plain(state) -> dict:
    """``to_json`` of a state without the fields :func:`apart` (a game's log is long: written out
    at every decision it would cost more than the game)."""
    kept = apart(state)
    try:
        for name, value in kept.items():
            setattr(state, name, type(value)())
        return to_json(state)
    finally:
        for name, value in kept.items():
            setattr(state, name, value)


def deal(cards, rng: np.random.Generator) -> list:
    """``cards`` in a new random order."""
    cards = list(cards)
    return [cards[i] for i in rng.permutation(len(cards))]


def deal_slots(s, groups, rng: np.random.Generator) -> None:
    """The counters in each group of face-down places (``(field, index)``) dealt again among its
    places, and the list of face-down counters renamed alike (the same places turned down, in the
    same order)."""
    swapped: dict[str, str] = {}
    for slots in groups:
        was = [s.board[fid][i] for fid, i in slots]
        now = deal(was, rng)
        for (fid, i), inst in zip(slots, now):
            s.board[fid][i] = inst
        swapped.update(zip(was, now))
    s.down = [swapped.get(i, i) for i in s.down]


def reseed(state, rng: np.random.Generator) -> None:
    """The game's generator reseeded: the future dice and draws are hidden too."""
    state.rng = rng_state(new_rng(int(rng.integers(2**62))))


def deck_view(deck: dict) -> dict:
    """A face-down draw pile as the heroes know it: which cards it holds (sorted), not their order;
    its discard pile is face up."""
    return {**deck, "draw": sorted(deck["draw"])}


@dataclass(frozen=True)
class Twins:
    redeal: Callable[[Any, Any, np.random.Generator], Any]     # (rules, match, rng) -> twin
    visible: Callable[[Any, Any], dict]                        # (rules, match) -> plain data
    hidden: Callable[[Any, Any], dict]                         # (rules, match) -> {part: plain data}


# -- Descent: Forgotten Souls ---------------------------------------------------------------------------


def descent_redeal(rules, game, rng):
    twin = rules.clone(game)
    s = twin.state
    draw = s.exploration.draw
    stacks = exploration_stacks(twin)
    mains = {m for m, _ in stacks}
    regular = deal([c for c in draw if c not in mains], rng)
    dealt = []
    for main, left in stacks:
        has_main = main in draw
        assert left >= has_main, f"main encounter {main} is not in what is left of its stack"
        n = left - has_main
        dealt += deal(regular[:n] + [main] * has_main, rng)
        regular = regular[n:]
    assert not regular and sorted(dealt) == sorted(draw), (dealt, draw)
    s.exploration.draw = dealt
    for deck in (s.activation, s.peril, *s.shop.values()):
        deck.draw = deal(deck.draw, rng)
    reseed(s, rng)
    return twin


def descent_visible(rules, game) -> dict:
    data = plain(game.state)
    data["rng"] = FACE_DOWN
    data["exploration"] = {**deck_view(data["exploration"]), "stacks": exploration_stacks(game)}
    for name in ("activation", "peril"):
        data[name] = deck_view(data[name])
    data["shop"] = {act: deck_view(deck) for act, deck in data["shop"].items()}
    return data


def descent_hidden(rules, game) -> dict:
    s = game.state
    return {"exploration": list(s.exploration.draw), "activation": list(s.activation.draw),
            "peril": list(s.peril.draw), "shop": {a: list(d.draw) for a, d in s.shop.items()}, "rng": s.rng}


# -- Heroes in the Underworld ---------------------------------------------------------------------------

def _face_down_slots(s) -> list[tuple[Any, int]]:
    """(tile, index) of every face-down Adventure marker lying on the map (not a placeholder for
    one not drawn yet)."""
    revealed = set(s.revealed)
    return [(t, i) for t in s.map.placed for i, c in enumerate(t.markers) if c != ADVENTURE and c not in revealed]


def _turning(s) -> int | None:
    """The stack whose top tile has been drawn and is being turned (seen), if any."""
    return s.turn.pending_tile[0] if s.turn is not None and s.turn.pending_tile else None


def underworld_redeal(rules, match, rng):
    twin = rules.clone(match)
    s = twin.state
    slots = _face_down_slots(s)
    pool = deal([t.markers[i] for t, i in slots] + list(s.adventure), rng)
    avatars = {avatar_state(s, c) for c in pool if kind_of(s, c).kind == "avatar"}
    assert len(avatars) <= 1, f"face-down Avatars told apart by their machines: {avatars}"
    for (t, i), cid in zip(slots, pool):
        t.markers[i] = cid
    s.adventure = pool[len(slots):]
    s.treasure = deal(s.treasure, rng)
    seen = _turning(s)
    keep = {k: stack[:1] for k, stack in enumerate(s.map.stacks) if k == seen}
    tiles = deal([t for k, stack in enumerate(s.map.stacks) for t in stack[len(keep.get(k, [])):]], rng)
    for k, stack in enumerate(s.map.stacks):
        top = keep.get(k, [])
        n = len(stack) - len(top)
        stack[:], tiles = top + tiles[:n], tiles[n:]
    for deck in (s.dark_deck, s.peril_deck):
        if deck is not None:
            deck.draw = deal(deck.draw, rng)
    reseed(s, rng)
    return twin


def underworld_visible(rules, match) -> dict:
    s = match.state
    data = plain(s)
    data["rng"] = FACE_DOWN
    down = {(t.id, i) for t, i in _face_down_slots(s)}
    for t in data["map"]["placed"]:
        t["markers"] = [FACE_DOWN if (t["id"], i) in down else c for i, c in enumerate(t["markers"])]
    data["adventure"] = {"left": len(s.adventure),
                         "face_down": sorted([c for t, i in _face_down_slots(s) for c in [t.markers[i]]] + s.adventure)}
    data["treasure"] = sorted(s.treasure)
    seen = _turning(s)
    data["map"]["stacks"] = {"sizes": [len(st) for st in s.map.stacks],
                             "turning": s.map.stacks[seen][0] if seen is not None else None,
                             "tiles": sorted(t for st in s.map.stacks for t in st)}
    for name in ("dark_deck", "peril_deck"):
        if data[name] is not None:
            data[name] = deck_view(data[name])
    return data


def underworld_hidden(rules, match) -> dict:
    s = match.state
    return {"markers": [t.markers[i] for t, i in _face_down_slots(s)], "adventure": list(s.adventure),
            "treasure": list(s.treasure), "stacks": [list(st) for st in s.map.stacks],
            "dark": list(s.dark_deck.draw) if s.dark_deck else [],
            "peril": list(s.peril_deck.draw) if s.peril_deck else [], "rng": s.rng}


# -- Heldentaufe ------------------------------------------------------------------------------------------

def _private_hands(rules, match) -> list[str]:
    """The heroes whose hands the deciding hero does not see: in the race every other hero's; the
    co-operative team sees each other's hands."""
    s = match.state
    if s.mode != "race":
        return []
    me = rules.to_act(match)
    return [h for h in s.heroes if h != me]


def heldentaufe_redeal(rules, match, rng):
    twin = rules.clone(match)
    s = twin.state
    s.tiles.draw = deal(s.tiles.draw, rng)
    others = _private_hands(rules, match)
    pool = deal(list(s.missions.draw) + [c for h in others for c in s.board[h].hand], rng)
    for h in others:
        n = len(s.board[h].hand)
        s.board[h].hand, pool = pool[:n], pool[n:]
    s.missions.draw = pool
    s.dangers = dict(zip(s.dangers, deal(s.dangers.values(), rng)))
    reseed(s, rng)
    return twin


def heldentaufe_visible(rules, match) -> dict:
    s = match.state
    data = plain(s)
    data["rng"] = FACE_DOWN
    data["tiles"] = deck_view(data["tiles"])
    others = _private_hands(rules, match)
    data["missions"] = {**deck_view(data["missions"]),
                        "draw": sorted(list(s.missions.draw) + [c for h in others for c in s.board[h].hand])}
    for h in others:
        data["board"][h]["hand"] = [FACE_DOWN] * len(s.board[h].hand)
    data["dangers"] = {"areas": list(s.dangers), "tiles": sorted(s.dangers.values())}
    return data


def heldentaufe_hidden(rules, match) -> dict:
    s = match.state
    return {"tiles": list(s.tiles.draw), "missions": list(s.missions.draw), "dangers": dict(s.dangers),
            "hands": {h: list(s.board[h].hand) for h in _private_hands(rules, match)}, "rng": s.rng}


# -- Under the Shadow of the Dragon ----------------------------------------------------------------------

def _seen_by_deciders(rules, match) -> set[str]:
    """The covered counters the deciding side has looked at (Vision): the co-operative team's, or
    in the book's game for two the deciding hero's own."""
    s = match.state
    deciders = s.heroes if s.mode != "book" else [rules.to_act(match)]
    return {i for h in deciders if h in s.at for i in s.at[h].known}


def _covered_slots(rules, match) -> list[tuple[str, int]]:
    s = match.state
    down, seen = set(s.down), _seen_by_deciders(rules, match)
    return [(fid, i) for fid, here in s.board.items() for i, inst in enumerate(here)
            if inst in down and inst not in seen]


def dragon_redeal(rules, match, rng):
    twin = rules.clone(match)
    s = twin.state
    deal_slots(s, [_covered_slots(rules, match)], rng)
    for pile in (s.bag, s.market) + ((s.dragon_deck.draw,) if s.dragon_deck is not None else ()):
        pile[:] = deal(pile, rng)
    reseed(s, rng)
    return twin


def dragon_visible(rules, match) -> dict:
    s = match.state
    data = plain(s)
    data["rng"] = FACE_DOWN
    slots = _covered_slots(rules, match)
    covered = set(slots)
    hidden = {s.board[fid][i] for fid, i in slots}
    data["board"] = {fid: [FACE_DOWN if (fid, i) in covered else inst for i, inst in enumerate(here)]
                     for fid, here in s.board.items()}
    data["down"] = [FACE_DOWN if i in hidden else i for i in s.down]
    data["covered"] = sorted(hidden)
    data["bag"] = sorted(s.bag)
    data["market"] = sorted(s.market)
    if data["dragon_deck"] is not None:
        data["dragon_deck"] = deck_view(data["dragon_deck"])
    return data


def dragon_hidden(rules, match) -> dict:
    s = match.state
    return {"covered": [s.board[fid][i] for fid, i in _covered_slots(rules, match)], "bag": list(s.bag),
            "market": list(s.market), "dragon": list(s.dragon_deck.draw) if s.dragon_deck else [], "rng": s.rng}


# -- Return of the Heroes ------------------------------------------------------------------------------------

def _roth_kind(c, inst: str) -> str:
    effect = c.spec(inst).effect
    return effect if effect in ("guard", "servant") else "chit"


def _roth_slots(match) -> dict[str, list[tuple[str, int]]]:
    """The face-down places by what the heroes see lie there: a chit (its PA logo), a Guard on his
    post or a Servant ("values hidden")."""
    s, c = match.state, match.content
    down = set(s.down)
    out: dict[str, list[tuple[str, int]]] = {"chit": [], "guard": [], "servant": []}
    for fid, here in sorted(s.board.items()):
        for i, inst in enumerate(here):
            if inst in down:
                out[_roth_kind(c, inst)].append((fid, i))
    return out


def _roth_card_hidden(match) -> bool:
    """The Nameless card drawn face down (the Standard Game), nobody told by the mice, nobody fought him."""
    s = match.state
    return (s.variant != "introductory" and not s.looked
            and not any(e["event"] == "final_battle" for e in s.log))


def roth_redeal(rules, match, rng):
    twin = rules.clone(match)
    s, c = twin.state, twin.content
    deal_slots(s, _roth_slots(match).values(), rng)
    for pile in (s.bag, s.market) + ((s.nameless_deck.draw,) if s.nameless_deck is not None else ()):
        pile[:] = deal(pile, rng)
    if _roth_card_hidden(match):
        s.nameless_card = deal(sorted(c.nameless), rng)[0]
    if s.variant == "unknown_land":
        spots = _roth_face_down_spots(s)
        letters = deal([s.layout[r][k] for r, k in spots], rng)
        rows = [list(row) for row in s.layout]
        for (r, k), letter in zip(spots, letters):
            rows[r][k] = letter
        s.layout = ["".join(row) for row in rows]
        s.land_chits = deal(s.land_chits, rng)
    reseed(s, rng)
    return twin


def _roth_face_down_spots(s) -> list[tuple[int, int]]:
    """The Unknown Land: the spots of the layout whose region lies face down ("The regions remain
    face down and have to be explored")."""
    seen = set(s.explored)
    return [(r, k) for r, row in enumerate(s.layout) for k, letter in enumerate(row) if letter not in seen]


def roth_visible(rules, match) -> dict:
    s = match.state
    data = plain(s)
    data["rng"] = FACE_DOWN
    slots = {slot for kind in _roth_slots(match).values() for slot in kind}
    hidden = {s.board[fid][i] for fid, i in slots}
    data["board"] = {fid: [FACE_DOWN + _roth_kind(match.content, inst) if (fid, i) in slots else inst
                           for i, inst in enumerate(here)] for fid, here in s.board.items()}
    data["down"] = [FACE_DOWN if i in hidden else i for i in s.down]
    data["covered"] = sorted(hidden)
    data["bag"] = sorted(s.bag)
    data["market"] = sorted(s.market)
    if data["nameless_deck"] is not None:
        data["nameless_deck"] = deck_view(data["nameless_deck"])
    if _roth_card_hidden(match):
        data["nameless_card"] = FACE_DOWN
    if s.variant == "unknown_land":
        spots = set(_roth_face_down_spots(s))
        data["layout"] = ["".join(FACE_DOWN if (r, k) in spots else ch for k, ch in enumerate(row))
                          for r, row in enumerate(s.layout)]
        data["land_chits"] = sorted(s.land_chits)
    return data


def roth_hidden(rules, match) -> dict:
    s = match.state
    out = {kind: [s.board[fid][i] for fid, i in slots] for kind, slots in _roth_slots(match).items()}
    out.update(bag=list(s.bag), market=list(s.market), rng=s.rng,
               deck=list(s.nameless_deck.draw) if s.nameless_deck is not None else [])
    if _roth_card_hidden(match):
        out["card"] = [s.nameless_card]
    if s.variant == "unknown_land":
        out.update(regions=[s.layout[r][k] for r, k in _roth_face_down_spots(s)], land_chits=list(s.land_chits))
    return out


# -- Return of the Heroes with the Dragon -----------------------------------------------------------------------

def _kingdom_seen(rules, match) -> set[str]:
    """The covered counters the deciding hero has looked at by the Dragon's Vision (the race: his own)."""
    s = match.state
    hero = rules.to_act(match)
    return set(s.at[hero].known) if hero in s.at else set()


def _kingdom_slots(rules, match) -> dict[str, list[tuple[str, int]]]:
    """Return of the Heroes' face-down places by kind (one pool of both boxes' covered counters: "All of
    the 50 covered counters are also shuffled and distributed according to the basic rules"), less
    those the deciding hero saw by Vision."""
    seen = _kingdom_seen(rules, match)
    return {kind: [(fid, i) for fid, i in slots if match.state.board[fid][i] not in seen]
            for kind, slots in _roth_slots(match).items()}


def kingdom_redeal(rules, match, rng):
    twin = rules.clone(match)
    s, c = twin.state, twin.content
    deal_slots(s, _kingdom_slots(rules, match).values(), rng)
    for pile in (s.bag, s.market, s.city):
        pile[:] = deal(pile, rng)
    if _roth_card_hidden(match):
        s.nameless_card = deal(sorted(c.roth.nameless), rng)[0]
    reseed(s, rng)
    return twin


def kingdom_visible(rules, match) -> dict:
    s = match.state
    data = plain(s)
    data["rng"] = FACE_DOWN
    slots = {slot for kind in _kingdom_slots(rules, match).values() for slot in kind}
    hidden = {s.board[fid][i] for fid, i in slots}
    data["board"] = {fid: [FACE_DOWN + _roth_kind(match.content, inst) if (fid, i) in slots else inst
                           for i, inst in enumerate(here)] for fid, here in s.board.items()}
    data["down"] = [FACE_DOWN if i in hidden else i for i in s.down]
    data["covered"] = sorted(hidden)
    for pile in ("bag", "market", "city"):
        data[pile] = sorted(getattr(s, pile))
    if _roth_card_hidden(match):
        data["nameless_card"] = FACE_DOWN
    return data


def kingdom_hidden(rules, match) -> dict:
    s = match.state
    out = {kind: [s.board[fid][i] for fid, i in slots] for kind, slots in _kingdom_slots(rules, match).items()}
    out.update(bag=list(s.bag), market=list(s.market), city=list(s.city), rng=s.rng)
    if _roth_card_hidden(match):
        out["card"] = [s.nameless_card]
    return out


TWINS: dict[str, Twins] = {
    "descent": Twins(descent_redeal, descent_visible, descent_hidden),
    "underworld": Twins(underworld_redeal, underworld_visible, underworld_hidden),
    "heldentaufe": Twins(heldentaufe_redeal, heldentaufe_visible, heldentaufe_hidden),
    "dragon": Twins(dragon_redeal, dragon_visible, dragon_hidden),
    "roth": Twins(roth_redeal, roth_visible, roth_hidden),
    "kingdom": Twins(kingdom_redeal, kingdom_visible, kingdom_hidden),
}


def twins_of(rules) -> Twins:
    return TWINS[rules.name]
