"""The rules' invariants of a Descent game, checked after every step by the tests and by
``overlord soak``: doom never moves down, fate stays on the track, no figure stands on a blocked
space or shares one, no card is lost or duplicated, every figure's damage is within its health and
a hero's fatigue within its stamina, a knocked-out hero is no figure on the map (and one that is
up has health left), nothing is waiting for a table, and the state goes through JSON unchanged."""

from __future__ import annotations

import json
from collections import Counter

from ...core.state import dumps, from_json
from .state import DescentState


def violations(game, last_doom: int, full: bool = False) -> list[str]:
    """Every invariant that does not hold now (empty when all do)."""
    s = game.state
    out = []
    if s.track.doom < last_doom:
        out.append(f"doom moved down from {last_doom} to {s.track.doom}")
    if not 0 <= s.track.doom <= s.track.fate <= s.track.spaces - 1:
        out.append(f"tokens off the track: doom {s.track.doom}, fate {s.track.fate}, {s.track.spaces} spaces")
    board, _ = game.board()
    seen: dict[int, str] = {}
    for fid, cells in game.scene().cells.items():
        for c in cells:
            if board.blocks_move[c]:
                out.append(f"{fid} stands on {board.terrain(c).name}")
            if c in seen:
                out.append(f"{fid} and {seen[c]} share a space")
            seen[c] = fid
    scene_ids = set(game.scene().figures)
    for f in s.figures:
        if not 0 <= f.damage <= game.max_health(f):
            out.append(f"{f.id} has {f.damage} damage, its health is {game.max_health(f)}")
        if f.side == "monsters" and game.health(f) <= 0:
            out.append(f"{f.id} has no health left but is on the map")
        if f.side == "heroes":
            if not 0 <= f.fatigue <= f.stamina:
                out.append(f"{f.id} has {f.fatigue} fatigue, its stamina is {f.stamina}")
            if f.knocked_out == (f.id in scene_ids):
                out.append(f"{f.id} is {'knocked out but on' if f.knocked_out else 'up but not on'} the map")
            if not f.knocked_out and game.health(f) <= 0:
                out.append(f"{f.id} has no health left but is not knocked out")
    if s.pending is not None:
        out.append("a headless game waits for a table's answer")
    for deck, cards in ((s.activation, game.quest.activation.cards), (s.peril, game.quest.perils)):
        if Counter(deck.draw + deck.discard) != Counter(c.id for c in cards):
            out.append(f"the {deck.name} deck lost or doubled a card")
    placed = [p.card for p in s.dungeon.placements]
    if Counter(placed + s.exploration.draw) != Counter(c.id for c in game.quest.exploration):
        out.append("the exploration deck lost or doubled a card")
    given = [item for items in s.items.values() for item in items]
    shop = [c for deck in s.shop.values() for c in deck.draw]
    if sorted(shop + given) != sorted(c for deck in game.quest.scenario.loot.shop.values() for c in deck):
        out.append("a Shop Item card was lost or doubled")
    if full:
        text = dumps(s)
        if dumps(from_json(DescentState, json.loads(text))) != text:
            out.append("the state does not go through JSON unchanged")
    return out
