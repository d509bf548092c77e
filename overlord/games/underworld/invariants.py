"""The rules' invariants of an Underworld game, checked after every step by the tests and by
``overlord soak``: the Dark Side stays within 0..11 and only the 11th cube ends the game; life
points stay within the sheet; every counter lies in exactly one place (map, heaps, sheets, traps,
the Damned One's card), and only where the rules send its kind - no counter leaves play except
where the rules send it (``state.KIND_PLACES``); the machines agree with where their counters
lie; every map tile comes from the stacks once; the Dark and peril decks keep their cards; with
``full``, no legal action names a face-down counter and the state goes through JSON unchanged."""

from __future__ import annotations

import json
from collections import Counter

from ...core.bounds import MOST, OneOf, Whole, problems
from ...core.state import dumps, to_json
from ..heroes.sheet import artificial_life, sheet_problems
from .state import DARK_SIDE_BOXES, UnderworldState, counter_problems, leaving_problems, load_state
from .engine import legal_actions
from .tiles import rotate
from .agents import PHASES
from .machines import AVATAR_NAMES, DAMNED_NAMES


def state_problems(state: UnderworldState, content) -> list[str]:
    """What a state read from a save edited by hand may not hold, checked before the invariants
    (which assume it): its heroes are the scenario's, each with one sound sheet and one tile to
    stand on; the counter and tile catalogues it carries are the scenario's; its tiles lie on
    distinct squares within reach of Styx; the turn's hero is one of its heroes."""
    out: list[str] = problems(to_json(state), saved_fields(state, content))
    unknown = [h for h in state.heroes if h not in content.heroes]
    if unknown or len(set(state.heroes)) != len(state.heroes) or not state.heroes:
        return out + [f"its heroes {state.heroes} are not heroes of the scenario ({', '.join(content.heroes)})"]
    if list(state.sheets) != list(state.heroes) and set(state.sheets) != set(state.heroes):
        return [f"its sheets {list(state.sheets)} are not its heroes' {state.heroes}"]
    for hero, sheet in state.sheets.items():
        out += sheet_problems(hero, sheet)
    if set(state.map.heroes) != set(state.heroes):
        out.append(f"the map places {list(state.map.heroes)}, not the heroes {state.heroes}")
    if to_json(state.catalogue) != to_json(content.catalogue):
        odd = next((k for k in set(state.catalogue) | set(content.catalogue)
                    if to_json(state.catalogue.get(k)) != to_json(content.catalogue.get(k))), "?")
        out.append(f"its counters are not the scenario's (counter {odd!r} differs)")
    tiles = {t.id for t in content.tiles}
    if set(state.map.catalogue) != tiles:
        out.append("its map tiles are not the scenario's")
    else:                                        # each tile as the scenario has it: its kind, name, exits
        odd = next((t.id for t in content.tiles if to_json(state.map.catalogue[t.id]) != to_json(t)), None)
        if odd is not None:
            out.append(f"its map tiles are not the scenario's (tile {odd!r} differs)")
        turned = next((p.id for p in state.map.placed if p.id in state.map.catalogue
                       and p.exits != rotate(state.map.catalogue[p.id].exits, p.turns)), None)
        if turned is not None:
            out.append(f"tile {turned!r} lies with exits its turns do not give")
    squares = [tuple(t.at) for t in state.map.placed]
    if any(len(sq) != 2 or max(map(abs, sq)) > len(tiles) for sq in squares) or len(set(squares)) != len(squares) \
            or any(t.id not in tiles for t in state.map.placed):
        out.append("its tiles do not lie on distinct squares of the map")
    placed = {t.id for t in state.map.placed}
    for hero, tile in state.map.heroes.items():
        if tile not in placed:
            out.append(f"{hero} stands on {tile!r}, no tile of the map")
    if state.turn is not None and state.turn.hero not in state.heroes:
        out.append(f"the turn is {state.turn.hero!r}'s, not a hero of this game")
    if any(h not in state.heroes for h in state.trapped):
        out.append(f"a trap holds {list(state.trapped)}")
    return out


def saved_fields(state: UnderworldState, content) -> dict:
    """The ranges of a saved state's fields (``core.bounds``): the machines' states (the Damned
    One's, each Avatar's, the turn's phase), a tile turned 0-3 quarter turns, the outcome and the
    winner the game's; rounds and counts ours (``bounds.MOST``)."""
    heroes = ("", *state.heroes)
    return {"seed": Whole(0, 2**64 - 1), "round": Whole(1, MOST), "damned": OneOf(DAMNED_NAMES, "Damned One's states"),
            "avatars.*": OneOf(AVATAR_NAMES, "Avatars' states"),
            "turn.phase": OneOf(PHASES, "phases of a turn"),
            "turn.mp_left": Whole(0, 99), "turn.moved": Whole(), "map.placed.*.turns": Whole(0, 3),
            "uses.*": Whole(), "outcome": OneOf(("", "won", "lost"), "outcomes"),
            "winner": OneOf(heroes, "heroes", many=True), "last_hero": OneOf(heroes, "heroes"),
            "turn.started_on": OneOf(("", *(t.id for t in content.tiles)), "tiles")}


def deck_problems(state, content) -> list[str]:
    """The Dark and peril decks hold each of the scenario's cards once (drawn or discarded)."""
    out = []
    for deck, cards in ((state.dark_deck, content.dark.cards), (state.peril_deck, content.dark.perils)):
        if deck is not None and Counter(deck.draw + deck.discard) != Counter(list(cards)):
            out.append(f"the {deck.name} deck lost or doubled a card")
    return out


def violations(state: UnderworldState, content=None, full: bool = False) -> list[str]:
    """Every invariant that does not hold now (empty when all do)."""
    out = []
    if not 0 <= state.dark_side <= DARK_SIDE_BOXES:
        out.append(f"the Dark Side holds {state.dark_side} shadow cubes (0 to {DARK_SIDE_BOXES})")
    if state.dark_side == DARK_SIDE_BOXES and state.outcome != "lost":
        out.append("the Dark Side is full but the game is not lost")
    for hero, sheet in state.sheets.items():
        if not 0 <= sheet.natural <= sheet.natural_max:
            out.append(f"{hero} has {sheet.natural} natural LP (0 to {sheet.natural_max})")
        if sheet.dead and state.turn is not None and state.turn.phase != "done":
            out.append(f"{hero} is dead outside a death")
        for item in sheet.items:
            if not 0 <= item.lost <= item.life:
                out.append(f"{hero}'s {item.id} lost {item.lost} of {item.life} artificial LP")
        if artificial_life(sheet) < 0:
            out.append(f"{hero} has negative artificial LP")
        if len(sheet.items) > sheet.item_slots:
            out.append(f"{hero} carries {len(sheet.items)} items in {sheet.item_slots} boxes")
        if len(sheet.tasks) > sheet.task_slots:
            out.append(f"{hero} holds {len(sheet.tasks)} tasks in {sheet.task_slots} boxes")
        if not 0 <= min(sheet.skills.values()) or max(sheet.skills.values()) > 11:
            out.append(f"{hero}'s skills left 0..11: {sheet.skills}")
    out += counter_problems(state)
    out += leaving_problems(state)
    for avatar, machine_state in state.avatars.items():
        on_card = avatar in state.card
        if (machine_state == "banished") != on_card:
            out.append(f"{avatar} is {machine_state} but {'lies' if on_card else 'does not lie'} on the Damned One's card")
    placed = [t.id for t in state.map.placed]
    stacked = [t for stack in state.map.stacks for t in stack]
    if Counter(placed + stacked) != Counter(list(state.map.catalogue)):
        out.append("a map tile was lost or placed twice")
    if content is not None:
        out += deck_problems(state, content)
    if full:                              # the legal actions never name a counter lying face down
        for action in legal_actions(state):
            cid = action.get("counter") or action.get("task")
            if cid and cid not in state.revealed and not any(cid in sh.tasks for sh in state.sheets.values()):
                out.append(f"a legal action names {cid}, which lies face down: {action}")
        text = dumps(state)
        if dumps(load_state(json.loads(text))) != text:
            out.append("the state does not go through JSON unchanged")
    return out
