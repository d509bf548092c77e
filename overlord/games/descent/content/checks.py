"""Checks of Descent's content that its models cannot make: unique card ids, encounter maps that
can be drawn with their markers on standing spaces, and across a scenario's files: the decks it
names exist and hold the right kind, every group and condition a card names exists, the doom
start by hero count, and the exploration deck's make-up ("Assembling the Exploration Deck")."""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel

from ....content.errors import Problem, nearest
from ....content.paths import shipped_dir, shown
from ....content.validate import Loaded, load_content, load_named
from ....content.validate import owner as _owner_of
from ....content.validate import resolve_path as _resolve
from ....core.board import BoardError
from ....core.grids import GridBoard
from ....core.terrain import DEFAULT_LEGEND, TerrainTable
from ....view.words import listing
from . import cards
from .effects import ActivateGroup, ConditionSpec, Harm, HeroOnSpec, PlaceMonsters, Spawn, SpawnSpec, TokenSpec

KEYED = {"monsters": "group", "hero_sheets": "hero", "conditions": "condition"}


def _owner(doc, path) -> str:
    return _owner_of(doc, path, keyed=KEYED)


def check_ids(loaded: Loaded) -> list[Problem]:
    model, doc = loaded.model, loaded.doc
    items = {"activation_cards": lambda: [(("activation_cards", "cards", i, "id"), c.id) for i, c in enumerate(model.activation_cards.cards)],
             "peril_cards": lambda: [(("peril_cards", i, "id"), c.id) for i, c in enumerate(model.peril_cards)],
             "exploration_cards": lambda: [(("exploration_cards", i, "id"), c.id) for i, c in enumerate(model.exploration_cards)]}
    if loaded.kind not in items:
        return []
    seen: dict[str, int] = {}
    problems = []
    for path, cid in items[loaded.kind]():
        if cid in seen:
            problems.append(doc.problem(path, f"card id {cid!r} is used twice (first on line {seen[cid]})"))
        else:
            seen[cid] = doc.where(path)[0] or 0
    return problems


def check_activation(loaded: Loaded) -> list[Problem]:
    """Every group a card names has a position on the cards' diagram (``order``, "Activation Card
    Anatomy"): a misspelt one is named at its own line with the nearest name."""
    deck, doc = loaded.model.activation_cards, loaded.doc
    problems = []
    for i, card in enumerate(deck.cards):
        for group in card.groups:
            if group not in deck.order:
                problems.append(doc.key_problem(("activation_cards", "cards", i, "groups", group), unknown_group(
                    f"card {card.id!r}, groups: ", group, deck.order)))
    return problems


def unknown_group(label: str, group: str, order) -> str:
    """The problem of a group a card names that is not on the activation cards' diagram."""
    return (f"{label}group {group!r} has no position on the activation cards' diagram{nearest(group, order)}; "
            f"'order' lists {', '.join(order)}")


def check_maps(loaded: Loaded) -> list[Problem]:
    problems = []
    doc = loaded.doc
    for i, card in enumerate(loaded.model.exploration_cards):
        base = ("exploration_cards", i, "map")
        legend = {**DEFAULT_LEGEND, **card.map.legend}
        bad = [n for n in card.map.legend.values() if n not in TerrainTable()]
        for ch, name in card.map.legend.items():
            if name not in TerrainTable():
                problems.append(doc.problem(base + ("legend", ch), f"card {card.id!r}: unknown terrain {name!r}"
                                            f"{nearest(name, TerrainTable().names)}"))
        if bad:
            continue
        try:
            board = GridBoard(card.map.rows, legend)
        except BoardError as e:
            problems.append(doc.problem(base + ("rows",), f"card {card.id!r}: {e}"))
            continue
        spots = [(("entrance",), card.map.entrance), (("exit",), card.map.exit)]
        spots += [(("hero_start", j), p) for j, p in enumerate(card.map.hero_start)]
        spots += [(("spawns", j, "at"), s.at) for j, s in enumerate(card.map.spawns)]
        spots += [(("tokens", j, "at"), t.at) for j, t in enumerate(card.map.tokens)]
        spots += [(("markers", k), p) for k, p in card.map.markers.items()]
        named = set(card.map.markers) | {"exit", "entrance"}
        if card.goal.at in ("exit", "entrance") and getattr(card.map, card.goal.at) is None:
            problems.append(doc.problem(("exploration_cards", i), f"card {card.id!r}: the goal is the "
                                        f"{card.goal.at}, but the map has none; give goal.at a marker"))
        elif card.goal.at not in named:
            problems.append(doc.problem(("exploration_cards", i, "goal", "at"), f"card {card.id!r}: no marker "
                                        f"{card.goal.at!r} for the goal{nearest(card.goal.at, named)}"))
        for name, path in marker_names(card, ("exploration_cards", i)):
            if name not in named:
                where = _resolve(doc, path + ("at",))
                problems.append(doc.problem(where, f"card {card.id!r}: no marker {name!r} on this encounter's map"
                                            f"{nearest(name, named)}; markers: {', '.join(sorted(named))}"))
        for sub, at in spots:
            if at is None:
                continue
            try:
                node = board.node_of(at)
            except BoardError as e:
                problems.append(doc.problem(base + sub, f"card {card.id!r}: {e}"))
                continue
            if board.blocks_move[node]:
                problems.append(doc.problem(base + sub, f"card {card.id!r}: {list(at)} is "
                                            f"{board.terrain(node).name}, not a space a figure can stand on"))
            elif sub[0] in ("entrance", "exit") and not on_edge(card.map.rows, at):
                problems.append(doc.problem(base + sub, f"card {card.id!r}: {edge_words(sub[0], at)}"))
    return problems


def marker_names(card: cards.ExplorationCard, path: tuple = ()) -> list[tuple[str, tuple]]:
    """Each named space a card's effects and tests refer to ('exit', 'entrance' or a marker), with
    the path of the effect or test that names it, in the card's order."""
    return [(model.at, where) for model, where in walk_models(card, path)
            if isinstance(model, (SpawnSpec, TokenSpec, HeroOnSpec)) and model.at is not None]


def on_edge(rows: list[str], at) -> bool:
    """Whether a space lies on its map's edge, where an entrance or an exit must be: the next
    encounter's map is joined there (``dungeon.side_of``: the rows' full width and height)."""
    x, y = at
    return x in (0, max(len(r) for r in rows) - 1) or y in (0, len(rows) - 1)


def edge_words(end: str, at) -> str:
    """The problem of an entrance or exit inside its map."""
    joins = "the next encounter's map joins it there" if end == "exit" else "it joins the previous encounter's exit"
    return f"the {end} {list(at)} is not on the map's edge ({joins}): put it in the first or last row or column"


# -- a scenario and the decks it names --------------------------------------------------------

def check_scenario(loaded: Loaded, decks: dict[str, Loaded] | None = None) -> list[Problem]:
    """Cross-file checks of a valid scenario file that writes its quest out: its decks exist and
    are valid, every group a card names exists, the exploration deck has the rulebook's make-up.
    ``decks``: filled with each deck file that loaded (by deck: "exploration"...)."""
    scenario = loaded.model.scenario
    doc = loaded.doc
    problems: list[Problem] = []
    decks = {} if decks is None else decks
    for kind, where in deck_files(loaded).items():
        rel = scenario.decks.get(kind, where)
        deck = load_named(doc, ("scenario", "decks", kind), rel) if kind in scenario.decks else load_content(where)
        problems.extend(deck.problems)
        expected = {"monsters": "monsters", "activation": "activation_cards", "peril": "peril_cards",
                    "exploration": "exploration_cards", "heroes": "hero_sheets", "conditions": "conditions"}[kind]
        if deck.model is None:
            if not deck.problems:
                problems.append(doc.problem(("scenario", "decks", kind), f"{rel}: not a {expected} file"))
            continue
        if deck.kind != expected:
            problems.append(doc.problem(("scenario", "decks", kind), f"{rel} holds {deck.kind}, not {expected}"))
            continue
        decks[kind] = deck
    for hc in scenario.heroes:
        if hc not in scenario.track.doom_start:
            problems.append(doc.problem(("scenario", "track", "doom_start"), f"no doom start for {hc} heroes"))
        elif scenario.track.doom_start[hc] >= scenario.track.spaces - 1:
            problems.append(doc.problem(("scenario", "track", "doom_start", hc),
                                        f"doom would start on or above fate's space ({scenario.track.spaces - 1})"))
    for act, names in scenario.loot.shop.items():
        # a name twice was a DeckError in simulate (bench/hostile.py): a deck's cards are told apart by name
        seen: set[str] = set()
        for i, name in enumerate(names):                 # a set: a hostile list of 10,000 names is linear
            if name in seen:
                problems.append(doc.problem(("scenario", "loot", "shop", act, i),
                                            f"the Act {act} shop names {name!r} twice; each Shop Item is one card"))
            seen.add(name)
    if "monsters" in decks:
        groups = set(decks["monsters"].model.monsters)
        for kind in ("activation", "peril", "exploration"):
            if kind in decks:
                problems.extend(_check_groups(decks[kind], groups))
    if "heroes" in decks and "stand-in" not in decks["heroes"].model.hero_sheets:
        # the numbers a hero without a sheet of its own plays with (engine.STAND_IN): a file cut
        # short without it was a KeyError in simulate (found by bench/hostile.py)
        problems.append(doc.problem(("scenario", "decks", "heroes") if "heroes" in scenario.decks else ("scenario",),
                                    f"{shown(decks['heroes'].file)}: no 'stand-in' hero sheet (the numbers a hero "
                                    "without a sheet of its own plays with)"))
    if "exploration" in decks:
        problems.extend(_check_makeup(decks["exploration"], loaded))
    if "conditions" in decks and "monsters" in decks:
        problems.extend(_check_surges(decks["monsters"], decks["conditions"]))
    if "conditions" in decks:
        known = set(decks["conditions"].model.conditions)
        for kind in ("activation", "peril", "exploration"):
            if kind in decks:
                problems.extend(_check_conditions(decks[kind], known))
    return problems


DEFAULT_DECKS = {"heroes": ("descent", "heroes.yaml"), "conditions": ("descent", "conditions.yaml")}


def deck_files(loaded: Loaded) -> dict[str, Path]:
    """Each deck file of a scenario: those it names (relative to the scenario file), and the base
    game's hero sheets and conditions shipped in decks/descent/ where it names none."""
    base = Path(loaded.file).parent
    out = {kind: base / rel for kind, rel in loaded.model.scenario.decks.items()}
    for kind, parts in DEFAULT_DECKS.items():
        if kind not in out:
            out[kind] = shipped_dir("decks").joinpath(*parts)
    return out


def _check_conditions(loaded: Loaded, known: set[str]) -> list[Problem]:
    """Every condition a card names is one of the scenario's conditions."""
    problems = []
    doc = loaded.doc
    root = next(iter(type(loaded.model).model_fields))
    for model, path in walk_models(getattr(loaded.model, root), (root,)):
        names = []
        if isinstance(model, ConditionSpec):
            names.append((path + ("condition",), model.condition))
        elif isinstance(model, Harm) and model.condition is not None:
            names.append((path + ("condition",), model.condition))
        elif isinstance(model, (SpawnSpec, cards.SpawnPoint)):
            names += [(path + ("conditions", j), c) for j, c in enumerate(model.conditions)]
        for where, name in names:
            if name not in known:
                at = _resolve(doc, where)
                problems.append(doc.problem(at, _owner(doc, at) + f"unknown condition {name!r}{nearest(name, known)}; "
                                            f"known: {', '.join(sorted(known))}"))
    return problems


def _check_surges(monsters: Loaded, conditions: Loaded) -> list[Problem]:
    """Every surge ability is one the engine knows: a bonus it spends, a special it tells, or the
    surge of one of the scenario's conditions (the Zombie's Disease)."""
    surges = sorted({c.surge for c in conditions.model.conditions.values() if getattr(c, "surge", None)})
    known = [*cards.TOLD_SURGES, *surges]
    problems = []
    doc = monsters.doc
    for gid, group in monsters.model.monsters.items():
        for act, field in (("act I", group.act_i), ("act II", group.act_ii)):
            for rank in ("minion", "master"):
                for i, text in enumerate(getattr(field, rank).surges):
                    s = " ".join(text.split())
                    if any(re.match(p, s, re.IGNORECASE) for p in cards.SURGE_FORMS) or s in known:
                        continue
                    problems.append(doc.problem(("monsters", gid, act, rank, "surges", i), f"group {gid!r}: unknown "
                                                f"surge ability {text!r}{nearest(s, known)}; known: "
                                                f"{', '.join(cards.SURGE_FORMS.values())}, {', '.join(known)}"))
    return problems


def walk_models(value, path):
    """Every pydantic model inside ``value`` with its data path."""
    if isinstance(value, BaseModel):
        yield value, path
        for name, f in type(value).model_fields.items():
            yield from walk_models(getattr(value, name), path + (f.alias or name,))
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            yield from walk_models(v, path + (i,))
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from walk_models(v, path + (k,))


def _check_groups(loaded: Loaded, groups: set[str]) -> list[Problem]:
    problems = []
    doc = loaded.doc
    root = next(iter(type(loaded.model).model_fields))
    for model, path in walk_models(getattr(loaded.model, root), (root,)):
        names = []
        if isinstance(model, (Spawn, PlaceMonsters)):
            names.append((path + (next(iter(type(model).model_fields)), "group"),
                          (model.spawn if isinstance(model, Spawn) else model.place_monsters).group))
        elif isinstance(model, ActivateGroup):
            names.append((path + ("activate_group",), model.activate_group))
        elif isinstance(model, cards.EventSpec) and model.group is not None:
            names.append((path + ("group",), model.group))
        elif isinstance(model, cards.SpawnPoint):
            names.append((path + ("group",), model.group))
        elif isinstance(model, cards.ActivationDeck):
            names += [((*path, "order", i), g) for i, g in enumerate(model.order)]
        for where, name in names:
            if name not in groups:
                problems.append(doc.problem(_resolve(doc, where), _owner(doc, _resolve(doc, where)) +
                                            f"unknown monster group {name!r}{nearest(name, groups)}; "
                                            f"known: {', '.join(sorted(groups))}"))
    return problems


def _check_makeup(loaded: Loaded, scenario: Loaded) -> list[Problem]:
    """Assembling the Exploration Deck, as the scenario's ``exploration_stacks`` shape it (default
    Forgotten Souls': one starting encounter, main encounters 1, 2 and 3, and eight others for
    stacks of 3, 3 and 2): the stacks' main encounters are numbered 1 to their count, once each,
    and the deck has one starting encounter, those main encounters and as many regular ones as
    the stacks take."""
    found = loaded.model.exploration_cards
    doc, sdoc = loaded.doc, scenario.doc
    stacks = scenario.model.scenario.exploration_stacks
    problems = []
    wanted = sorted(s.main for s in stacks)
    if wanted != list(range(1, len(stacks) + 1)):
        expected = ("one stack: its main encounter is 1" if len(stacks) == 1 else
                    f"the stacks' main encounters are {listing(range(1, len(stacks) + 1))}, once each")
        problems.append(sdoc.problem(("scenario", "exploration_stacks"), f"exploration_stacks: {expected}; "
                                     f"got {listing(wanted)}"))
    starting = [c for c in found if c.kind == "starting"]
    mains = sorted(c.number for c in found if c.kind == "main")
    regular = [c for c in found if c.kind == "regular"]
    sizes = [s.regular for s in stacks]
    if len(starting) != 1:
        problems.append(doc.problem(("exploration_cards",), "the exploration deck needs exactly one starting "
                                    f"encounter, has {len(starting)}"))
    if mains != list(range(1, len(stacks) + 1)):
        problems.append(doc.problem(("exploration_cards",), "the exploration deck needs main encounters "
                                    f"{listing(range(1, len(stacks) + 1))} once each (the scenario's "
                                    f"exploration_stacks), has {listing(mains, empty='none')}"))
    if len(regular) != sum(sizes):
        problems.append(doc.problem(("exploration_cards",), f"the exploration deck needs {sum(sizes)} regular "
                                    f"encounters (the scenario's stacks take {listing(sizes)}), has {len(regular)}"))
    return problems
