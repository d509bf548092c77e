"""The rules' invariants of a Descent game, checked after every step by the tests and by
``overlord soak``: doom never moves down, fate stays on the track, no figure stands on a blocked
space or shares one, no card is lost or duplicated, every figure's damage is within its health and
a hero's fatigue within its stamina, a knocked-out hero is no figure on the map (and one that is
up has health left), nothing is waiting for a table, and the state goes through JSON unchanged."""

from __future__ import annotations

import json
from collections import Counter

from ...core.bounds import MOST, OneOf, Whole, problems
from ...core.state import dumps, from_json, to_json
from .state import DescentState
from .round import PHASES
from .asking import RESULTS
from .content.sheets import ATTRIBUTES


def state_problems(game) -> list[str]:
    """What a state read from a save edited by hand may not hold, checked before the invariants
    (which assume it): its heroes are its hero figures, every name a hero list holds is one of
    them, a monster's group and rank exist and its size is the group's, the act, the phase and
    the cards it names are the quest's, every figure and token stands on the dungeon's board, and
    a question waiting at the table is one the table asked. Empty when it is sound."""
    s = game.state
    quest = game.quest
    out: list[str] = problems(to_json(s), saved_fields(game))
    heroes = [f.id for f in s.figures if f.side == "heroes"]
    if sorted(heroes) != sorted(s.heroes) or len(set(heroes)) != len(heroes):
        out.append(f"its heroes {s.heroes} are not its hero figures {heroes}")
    ids = [f.id for f in s.figures]
    if len(set(ids)) != len(ids):
        out.append("two figures have one id")
    for name, listed in (("turn_done", s.turn_done), ("order", s.order or []), ("rested", s.rested),
                         ("moved", s.moved), ("acting", [s.acting] if s.acting else []),
                         ("exploring_hero", [s.exploring_hero] if s.exploring_hero else [])):
        unknown = [h for h in listed if h not in s.heroes]
        if unknown:
            out.append(f"{name} names {unknown[0]!r}, not a hero of this game")
    if s.act not in ("I", "II") or s.phase not in PHASES:
        out.append(f"act {s.act!r}, phase {s.phase!r}")
    cards = {c.id for c in quest.exploration}
    placed = [p.card for p in s.dungeon.placements]
    if not placed or any(c not in cards for c in placed) \
            or (s.active_exploration is not None and s.active_exploration not in cards) \
            or s.current_encounter not in placed:
        out.append(f"the dungeon names exploration cards the quest does not have: {placed}")
        return out                              # no board to check the rest on
    for f in s.figures:
        if f.side not in ("heroes", "monsters") or len(f.at) != 2 or len(f.size) != 2:
            out.append(f"{f.id} is no figure (side {f.side!r}, at {f.at}, size {f.size})")
        elif f.side == "monsters" and (f.group not in quest.monsters or f.rank not in ("minion", "master")):
            out.append(f"{f.id} is a {f.rank!r} of {f.group!r}, not of a monster group of the quest")
        elif f.side == "monsters" and sorted(f.size) != sorted(quest.monsters[f.group].size):
            out.append(f"{f.id} has size {f.size}, its group {quest.monsters[f.group].size}")
        elif f.side == "heroes" and (f.size != [1, 1] or not 1 <= f.max_health <= 99 or not 1 <= f.stamina <= 99):
            out.append(f"{f.id} has size {f.size}, health {f.max_health}, stamina {f.stamina}")
    if out:
        return out
    board, (sx, sy) = game.board()
    taken: dict[int, str] = {}
    for what, at, size in [(f.id, f.at, f.size) for f in s.figures if not f.knocked_out] + \
            [(f"a {t.token} token", t.at, [1, 1]) for t in s.tokens]:
        x, y = at[0] + sx, at[1] + sy
        if not (0 <= x and 0 <= y and x + size[0] <= board.width and y + size[1] <= board.height):
            out.append(f"{what} stands off the map at {at}")
            continue
        if what.startswith("a "):
            continue
        for cell in (board.node_of([x + dx, y + dy]) for dx in range(size[0]) for dy in range(size[1])):
            if board.blocks_move[cell]:
                out.append(f"{what} stands on {board.terrain(cell).name} at {at}")
            elif cell in taken:
                out.append(f"{what} and {taken[cell]} share a space")
            taken[cell] = what
    if s.pending is not None:
        p = s.pending
        question = p.get("question") if isinstance(p, dict) else None
        test = p.get("test") if isinstance(p, dict) else None
        asked = p.get("hero") in s.heroes and (test is None or isinstance(test, dict) and test.get("attribute")
                                               in ATTRIBUTES) if question is None else \
            isinstance(question, dict) and isinstance(question.get("options"), list) and len(question["options"]) > 1
        if not isinstance(p, dict) or not _record_sound(p, len(s.log)) or not asked \
                or not isinstance(p.get("shown"), int):
            out.append("the question waiting at the table is not one the table asked")
    if s.last is not None and not (isinstance(s.last, dict) and _record_sound(s.last, len(s.log))
                                   and isinstance(s.last.get("base"), str)):
        out.append("the table's record of the last command is not one the table kept")
    return out


def saved_fields(game) -> dict:
    """The ranges of a saved state's numbers (``core.bounds``): the track is the quest's, a hero's
    fatigue within his stamina, two actions a turn ("Hero Turn"), as many main encounters done as
    the quest has; rounds and counts ours (``bounds.MOST``)."""
    spaces = game.quest.scenario.track.spaces
    return {"seed": Whole(0, 2**64 - 1), "round": Whole(1, MOST), "track.spaces": Whole(spaces, spaces),
            "loot.tokens": Whole(), "loot.fatigue": Whole(), "actions_left": Whole(0, 2),
            "main_encounters_completed": Whole(0, len(game.quest.scenario.exploration_stacks)),
            "figures.*.fatigue": Whole(0, lambda _root, figure: max(0, figure.get("stamina", 0))),
            "figures.*.damage": Whole(), "figures.*.side": OneOf(("heroes", "monsters"), "sides"),
            "figures.*.max_health": Whole(0, 99), "figures.*.stamina": Whole(0, 99),
            "figures.*.group": OneOf(("", *game.quest.monsters), "monster groups"),
            "figures.*.rank": OneOf(("", "minion", "master"), "ranks"),
            "figures.*.sheet": OneOf(("", *game.quest.sheets), "hero sheets"),
            "figures.*.encounter": OneOf(("", *(c.id for c in game.quest.exploration)), "exploration cards")}


def _record_sound(record: dict, logged: int) -> bool:
    """A table's record of a command (``table._record``): its command, the players' answers
    (``[hero, damage]`` of an attack, ``[hero, "pass"|"fail"]`` of a test) and choices (point ->
    option), where its events start (a save from before the record kept them has neither ``log``
    nor ``base``)."""
    answers, choices = record.get("answers"), record.get("choices", {})
    if isinstance(record.get("base"), str):
        try:
            if not isinstance(json.loads(record["base"]), dict):
                return False
        except ValueError:
            return False
    return isinstance(record.get("command"), str) and isinstance(answers, list) \
        and all(isinstance(a, list) and len(a) >= 2 and (isinstance(a[1], int) or a[1] in RESULTS) for a in answers) \
        and isinstance(choices, dict) and all(isinstance(v, int) for v in choices.values()) \
        and (("log" not in record and "base" not in record)
             or (isinstance(record.get("log"), int) and 0 <= record["log"] <= logged
                 and isinstance(record.get("base"), str)))


def _in_play(s) -> dict[str, str]:
    """While a command waits at a table (a state as far as the command got): the Activation or
    Peril card it drew and has not discarded yet, by deck name."""
    if s.pending is None or not isinstance(s.pending.get("log"), int):
        return {}
    out = {}
    for e in s.log[s.pending["log"]:]:
        if e.get("event") == "activation_card":
            out[s.activation.name] = e["card"]
        elif e.get("event") == "peril":
            out[s.peril.name] = e["card"]
    return out


def violations(game, last_doom: int, full: bool = False, table: bool = False) -> list[str]:
    """Every invariant that does not hold now (empty when all do); ``table``: a question may be
    waiting for the players' answer."""
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
    if s.pending is not None and not table:
        out.append("a headless game waits for a table's answer")
    in_play = _in_play(s) if table else {}
    for deck, cards in ((s.activation, game.quest.activation.cards), (s.peril, game.quest.perils)):
        held = Counter(deck.draw + deck.discard)
        if deck.name in in_play and not held[in_play[deck.name]]:
            held[in_play[deck.name]] += 1
        if held != Counter(c.id for c in cards):
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
