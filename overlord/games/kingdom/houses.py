"""The manor houses placed before the first turn (Under the Shadow of the Dragon, "as an Expansion
Set": ``manors`` holds the rule): the fields a house may stand by now, a player's house placed, the
program's rivals' houses, and the first turn once the last house stands."""

from __future__ import annotations

from overlord.core.game import RulesError
from overlord.games.heroes import turns as family_turns

from . import context, manors, turns


def house_sites(ctx) -> list[str]:
    """The fields a house may stand by now (``manors``), map by map in reading order."""
    board = context.roth(ctx).c.board
    placed = turns.houses_placed(context._state(ctx))
    return [f for letter in manors.open_maps(board, placed) for f in manors.sites(board, letter)]


def rival_house(ctx) -> str:
    """The program's rival's house (ours): the site whose map lies nearest the middle of the board,
    then the first in reading order."""
    board = context.roth(ctx).c.board
    sites = house_sites(ctx)
    middle = (len(ctx.s.layout) - 1) / 2
    return ctx.decide("house", sites, lambda f: (abs(board.grid[board.field(f).region][0] - middle)
                                                 + abs(board.grid[board.field(f).region][1] - middle),),
                      ("distance from the middle",)).choice


def place_house(ctx, hero: str, field: str) -> list[dict]:
    """``hero``'s house by ``field``; the next player's choice, the program's rivals' houses, and
    the first turn once every house stands."""
    s = context._state(ctx)
    if s.pending.get("house") != hero:
        raise RulesError("the manor houses are placed before the first turn")
    sites = house_sites(ctx)
    if field not in sites:
        raise RulesError(f"no manor house by {field}: the maps open are {', '.join(dict.fromkeys(f[0] for f in sites))}")
    board = context.roth(ctx).c.board
    hs = s.at[hero]
    hs.manor, hs.field = field, manors.start(board, field)
    out = [ctx.log({"event": "house", "hero": hero, "at": field, "start": hs.field,
                    "map": board.field(field).region})]
    order = manors.placing_order(s.heroes)
    later = order[order.index(hero) + 1:]
    s.pending = {}
    if later:
        s.pending = {"house": later[0], "hero": later[0]}
        if later[0] in s.rivals:
            return out + place_house(ctx, later[0], rival_house(ctx))
        return out
    s.order = 0
    return out + family_turns.start_turn(ctx, context.TURNS)


def first_placer(ctx) -> list[dict]:
    """The houses' placing begins: the last to choose a hero places first (the program's rival's at
    once)."""
    s = context._state(ctx)
    placer = manors.placing_order(s.heroes)[0]
    s.pending = {"house": placer, "hero": placer}
    return place_house(ctx, placer, rival_house(ctx)) if placer in s.rivals else []
