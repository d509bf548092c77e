"""Your own box's maps: a scenario that plays encounters on maps of the group's own (issue 42).

The maps that ship are ours: small stand-ins with the card's spawns and tokens ("Map tile 19B",
says the card, but the rulebook does not reproduce the tile). A group with the box would rather
lay the box's tiles. It draws an encounter's map once, in a map file (``overlord.content.mapfile``:
the rows, and the places the card names), and a scenario file says which encounter it is for::

    game: descent
    scenario: forgotten-souls      # the quest played: a shipped scenario's name, or a scenario file
    maps:
      the-onset: tile-19b.yaml     # an Exploration card's id -> a map file, relative to this one

A scenario that writes its quest out may name ``maps:`` too. The card keeps its rules, spawns and
effects; its map is the file's. Everything the card refers to must be on the group's map, or
``overlord validate`` names what is missing at the map file's line:

* the entrance and the exit where the card has them, and none where it has none, each on the
  map's edge (the dungeon joins the next encounter there: "Entrances and Exits");
* on the starting encounter, a starting space for each hero the quest allows;
* a spawn point for each of the card's - the same group, rank, hero count and conditions (the
  Encounter Guide's "spaces marked 2, 3, 4", "Spawn and Place") - and no other;
* a space for each of the card's tokens (the same token and hero count), and no other;
* each marker the card's effects, tests and goal name.

A map file holds only a map: no ``figures`` (the card's spawns and the heroes are the figures),
no ``rules`` (the scenario's), no ``terrain`` of its own (the game's terrain kinds), and it is a
grid.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from pydantic import ValidationError

from ....content.errors import Problem, nearest
from ....content.kinds import SCENARIO
from ....content.paths import kind_of, shipped_scenarios, shown
from ....content.validate import Loaded, field_words, load_named, pydantic_problems
from ....content.yamlio import Located
from ....view.words import listing
from . import checks
from .cards import EncounterMap, ExplorationCard

GAME = "descent"


# -- the quest a scenario file plays ---------------------------------------------------------------

def quest_file(loaded: Loaded) -> tuple[Loaded | None, list[Problem]]:
    """The scenario file that writes the quest out: ``loaded`` itself, or the one its ``scenario:``
    names (None, with the problems, when that is no Descent quest written out)."""
    name = loaded.model.scenario
    if not isinstance(name, str):
        return loaded, []
    doc = loaded.doc
    rel = _named(loaded.file, name)
    if rel is None:
        known = shipped_scenarios()
        return None, [doc.problem(("scenario",), f"scenario: no file {shown(name)} beside this one, nor a shipped "
                                                 f"scenario{nearest(name, known)}; shipped: {', '.join(known)}")]
    quest = load_named(doc, ("scenario",), rel, field="scenario")
    if quest.problems:
        return None, quest.problems
    if quest.kind != SCENARIO or quest.game != GAME:
        what = f"is a scenario of the game {quest.game}" if quest.kind == SCENARIO else f"holds {quest.kind}"
        return None, [doc.problem(("scenario",), f"scenario: {shown(name)} {what}, not a Descent quest (game: descent)")]
    if isinstance(quest.model.scenario, str):
        return None, [doc.problem(("scenario",), f"scenario: {shown(name)} names a quest in its turn "
                                                 f"({quest.model.scenario!r}); name the scenario file that writes the "
                                                 "quest out")]
    return quest, []


def _named(file: str, name: str) -> str | Path | None:
    """Where a quest's name points: a file beside ``file`` (as written), else a shipped scenario
    (its path); None for neither."""
    if kind_of(Path(file).parent / name) != "missing" or name.endswith((".yaml", ".yml")) or "/" in name:
        return name
    return shipped_scenarios().get(name)


def check_scenario(loaded: Loaded) -> list[Problem]:
    """``overlord validate`` across a scenario's files: the quest it writes out or names (its
    decks, as ``checks.check_scenario``), and each map of its own against its card."""
    quest, problems = quest_file(loaded)
    if quest is None:
        return problems
    decks: dict[str, Loaded] = {}
    problems += checks.check_scenario(quest, decks)
    if "exploration" in decks:
        for source in sources(quest, loaded):
            problems += check_maps(source, quest, decks["exploration"])
    return problems


def sources(quest: Loaded, loaded: Loaded) -> list[Loaded]:
    """The files whose ``maps:`` a game plays: the quest's own, then the scenario file's that names
    it (a map named by both: the latter's)."""
    return [quest] if quest is loaded else [quest, loaded]


# -- the maps -----------------------------------------------------------------------------------

def check_maps(loaded: Loaded, quest: Loaded, exploration: Loaded) -> list[Problem]:
    """Each map ``loaded`` names (``maps:``): a readable map file, for a card of the quest's
    Exploration deck, with everything that card refers to."""
    doc = loaded.doc
    cards = {c.id: c for c in exploration.model.exploration_cards}
    most = max(quest.model.scenario.heroes)
    problems: list[Problem] = []
    for cid, rel in loaded.model.maps.items():
        if cid not in cards:
            problems.append(doc.key_problem(("maps", cid), f"maps: no Exploration card {cid!r} in "
                                                           f"{Path(exploration.file).name}{nearest(cid, cards)}; "
                                                           f"its cards: {', '.join(cards)}"))
            continue
        found = load_named(doc, ("maps", cid), rel, map_file=True, field=f"maps, {cid}")
        problems += found.problems or against_card(found.doc, cards[cid], most)
    return problems


def encounter_map(doc: Located) -> EncounterMap:
    """The encounter's map a (checked) map file holds (a key left empty, ``markers:``, is none)."""
    return EncounterMap.model_validate({k: v for k, v in doc.data["map"].items() if k != "kind" and v is not None})


def against_card(doc: Located, card: ExplorationCard, most: int) -> list[Problem]:
    """What a map file (valid as a map) lacks, or has too much of, to stand for ``card``'s map in a
    quest of up to ``most`` heroes."""
    data = doc.data
    m = data["map"]
    refused = {"figures": "an encounter's map has no figures: the card's spawns and the heroes are its figures",
               "rules": "an encounter's map has no rules of its own: the scenario's apply"}
    problems = [doc.key_problem((key,), why) for key, why in refused.items() if key in data]
    if m.get("kind", "grid") != "grid":
        problems.append(doc.problem(("map", "kind"), f"an encounter's map is a grid of squares (kind: grid), got "
                                                     f"{m['kind']!r}"))
    if "terrain" in m:
        problems.append(doc.key_problem(("map", "terrain"), "an encounter's map uses the game's terrain (floor, water, "
                                                            "lava, pit, obstacle, wall...): name them under `legend`; "
                                                            "`terrain` is for the board tools' maps"))
    if problems:
        return problems
    try:
        mine = encounter_map(doc)
    except ValidationError as e:
        return pydantic_problems(e, doc.sub(("map",)), top=False)
    return _ends(doc, card, mine) + _starts(doc, card, mine, most) + _points(doc, card, mine) + _markers(doc, card, mine)


def _missing(doc: Located, key: str, message: str) -> Problem:
    """A problem about what the map lacks: at its ``key`` under ``map:`` if it has one, else at
    ``map:`` itself."""
    return doc.key_problem(("map", key) if key in doc.data["map"] else ("map",), message)


def _ends(doc: Located, card: ExplorationCard, mine: EncounterMap) -> list[Problem]:
    out = []
    joins = {"entrance": "it joins the previous encounter's exit", "exit": "the next encounter's map joins it"}
    for end in ("entrance", "exit"):
        theirs, ours = getattr(card.map, end), getattr(mine, end)
        if theirs is not None and ours is None:
            out.append(_missing(doc, end, f"card {card.id!r} has an {end} ({joins[end]}): give map.{end}, [x, y] on "
                                          "the map's edge"))
        elif theirs is None and ours is not None:
            out.append(doc.key_problem(("map", end), f"card {card.id!r} has no {end}: leave map.{end} out"))
        elif ours is not None and not checks.on_edge(mine.rows, ours):
            out.append(doc.problem(("map", end), checks.edge_words(end, ours)))
    return out


def _starts(doc: Located, card: ExplorationCard, mine: EncounterMap, most: int) -> list[Problem]:
    if not card.map.hero_start:
        if mine.hero_start:
            return [doc.key_problem(("map", "hero_start"), f"the heroes start only on the starting encounter "
                                                           f"(card {card.id!r} is {card.kind}): leave "
                                                           "map.hero_start out")]
        return []
    out = []
    if len(mine.hero_start) < most:
        out.append(_missing(doc, "hero_start", f"card {card.id!r} is where the heroes start: map.hero_start needs a "
                                               f"space for each of up to {most} heroes, has {len(mine.hero_start)}"))
    seen: set[tuple[int, ...]] = set()
    for i, at in enumerate(mine.hero_start):
        if tuple(at) in seen:
            out.append(doc.problem(("map", "hero_start", i), f"hero_start {i + 1}: {list(at)} is named twice; "
                                                             "each hero starts on a space of his own"))
        seen.add(tuple(at))
    return out


def _spawn(s) -> tuple:
    return (s.group, s.rank, s.heroes, tuple(s.conditions))


def _token(t) -> tuple:
    return (t.token, t.heroes)


def _words(key: tuple) -> str:
    """A spawn point or a token without its space: "zombie master (3 heroes or more, immobilized)",
    "lost-soul token (2 heroes or more)"."""
    if len(key) == 2:
        return f"{key[0]} token ({key[1]} heroes or more)"
    group, rank, heroes, conditions = key
    return f"{group} {rank} ({heroes} heroes or more{''.join(', ' + c for c in conditions)})"


def _entry(key: tuple) -> str:
    """The entry a map file adds for a spawn point or a token."""
    if len(key) == 2:
        return f"{{token: {key[0]}, heroes: {key[1]}, at: [x, y]}}"
    group, rank, heroes, conditions = key
    extra = f", conditions: [{', '.join(conditions)}]" if conditions else ""
    return f"{{group: {group}, rank: {rank}, heroes: {heroes}{extra}, at: [x, y]}}"


def _points(doc: Located, card: ExplorationCard, mine: EncounterMap) -> list[Problem]:
    """The card's spawn points and tokens, each on the group's map as often as on the card's, and
    no other: the Encounter Guide's monsters and tokens are the card's, only their squares the
    group's."""
    out = []
    for key, of, noun, verb in (("spawns", _spawn, "spawn point", "spawns"), ("tokens", _token, "token", "places")):
        wanted = Counter(of(p) for p in getattr(card.map, key))
        have = Counter(of(p) for p in getattr(mine, key))
        for k in wanted - have:
            times = f", {wanted[k]} of them" if wanted[k] > 1 else ""
            out.append(_missing(doc, key, f"card {card.id!r} {verb} a {_words(k)}{times}: this map has "
                                          f"{have[k] or 'no'} {noun}{'s' * (have[k] > 1)} for it; add "
                                          f"{_entry(k)} under map.{key}"))
        seen: Counter = Counter()
        theirs = listing([_words(w) for w in sorted(wanted)], empty="none")
        for i, p in enumerate(getattr(mine, key)):
            k = of(p)
            seen[k] += 1
            if seen[k] > wanted[k]:
                how = "no" if not wanted[k] else f"only {wanted[k]}"
                out.append(doc.problem(("map", key, i), f"{key[:-1]} {i + 1}: card {card.id!r} {verb} {how} "
                                                        f"{_words(k)}; its {key}: {theirs}"))
    return out


def _markers(doc: Located, card: ExplorationCard, mine: EncounterMap) -> list[Problem]:
    """Each marker the card's effects and tests name, and its goal's, on the group's map."""
    named = set(mine.markers) | {end for end in ("entrance", "exit") if getattr(mine, end) is not None}
    wanted = {}
    for name, path in checks.marker_names(card):
        wanted.setdefault(name, f"its {field_words(path)}")
    if card.goal.at not in ("exit", "entrance"):
        wanted.setdefault(card.goal.at, "its goal")
    out = []
    for name, where in wanted.items():
        if name not in named and name not in ("exit", "entrance"):   # the card's own ends are checked above
            out.append(_missing(doc, "markers", f"card {card.id!r} names the marker {name!r} ({where}): this map "
                                                f"has none{nearest(name, mine.markers)}; add {name}: [x, y] under "
                                                "map.markers"))
    return out
