"""The Descent co-op engine (Forgotten Souls): setup, exploration, the Overlord phase and the
heroes' reported actions, as functions over a plain :class:`DescentState`.

``Game`` pairs the state with the loaded quest and caches what is derived from them (the
dungeon's board); only ``game.state`` is saved. It is the game's rule context
(:class:`overlord.core.context.Context`: ``state``, ``content`` - the quest -, ``decide``, ``draw``,
``log``), so every rule takes ``game``. Every random draw uses the generator whose state is
``state.rng``, rebuilt for each draw and written back at once (``core.rng.Dice``), so the context
keeps no generator beside the state (``rng`` is None, ``commit`` only returns the step's events);
the players' dice are ``dice``, the resolver's where it rolls for them. Every step appends events
(plain dicts) to ``state.log``.

What the program cannot see - a monster's attack on a hero, a hero's attribute test - goes to
``game.resolver`` (not saved): headless it rolls the dice (``resolve.Headless``); at a table the
players roll and report (``session.table``); with none, attacks are only told.

Every step ends by settling the game: the moment the quest is decided nothing more happens
(no later effect, no Activation card, no monster moves), and the active card's triggers are
checked after every event (``triggers``).
"""

from __future__ import annotations

import weakref
from collections import OrderedDict

from .activation import Hero, Monster, Table, activate_card
from .content.cards import ExplorationCard
from .content.quest import Quest
from ...core.bitsets import bits
from ...core.context import Context
from ...core.game import RulesError, hidden_draw
from ...core.board import BoardError
from ...core.decks import discard_card, draw_card, new_deck
from ...core.figures import Figure, Scene
from ...core.grids import GridBoard
from ...core.pathing import count_layers
from ...core.rng import Dice, new_rng, rng_state
from .tracks import LootTrack, defeat_monster, start_track
from . import hooks, round as rnd
from .dungeon import attach, build_board, start, to_dungeon
from .setup import setup_decks
from .state import DescentState, FigureState, TokenState
from .content.effects import effect_name

STAND_IN = "stand-in"     # the hero sheet of a hero whose name has no sheet


class GameError(RulesError):
    """An action the rules do not allow now (a door while an Exploration card is active...)."""


BOARDS_KEPT = 128         # dungeon boards kept per quest (least recently used go first)
_DERIVED: dict[int, dict] = {}


def derived(quest: Quest) -> dict:
    """What is derived from a quest's content alone, shared by every game of that quest in this
    process: its Exploration cards by id, and dungeon boards by layout (a board is a pure function
    of the layout and the cards; its caches - sight lines, counting layers - warm up across
    games). Dropped when the quest is."""
    d = _DERIVED.get(id(quest))
    if d is None:
        d = _DERIVED[id(quest)] = {"cards": _by_id(quest.exploration), "boards": OrderedDict(),
                                   "activation": _by_id(quest.activation.cards), "perils": _by_id(quest.perils)}
        weakref.finalize(quest, _DERIVED.pop, id(quest), None)
    return d


def _by_id(cards) -> dict:
    out: dict = {}
    for c in cards:
        out.setdefault(c.id, c)          # the first card listed with an id, as a search would find
    return out


def _layout(dungeon) -> tuple:
    return (tuple((p.card, p.turns, tuple(p.offset)) for p in dungeon.placements),
            tuple(tuple(tuple(end) for end in link) for link in dungeon.links))


class Game(Context):
    """A match of a Descent quest and its rule context (see the module's docstring)."""

    def __init__(self, quest: Quest, state: DescentState, resolver: object = None):
        self.state, self.content, self.rng, self.start = state, quest, None, len(state.log)
        self.quest = quest                # the content, by the name the rules read it (a plain attribute: hot)
        self._board: tuple | None = None
        self.resolver = resolver          # see the module docstring

    def __repr__(self) -> str:
        return f"Game({self.quest.scenario.id}, round {self.state.round}, {self.state.phase})"

    @property
    def dice(self):  # type: ignore[override]  # read from the resolver: Context keeps it as a field
        """The players' dice where the program rolls them (headless: the resolver's generator)."""
        return getattr(self.resolver, "rng", None)

    @classmethod
    def open(cls, state: DescentState, content: Quest, dice=None) -> "Game":
        """A step on a state: the players' dice are the resolver's, which ``game`` sets (``dice``
        is refused here)."""
        if dice is not None:
            raise ValueError("a Descent game's players' dice are its resolver's (game._headless)")
        return cls(content, state)

    @classmethod
    def reading(cls, state: DescentState, content: Quest) -> "Game":
        return cls(content, state)

    def commit(self) -> list[dict]:
        return self.state.log[self.start:]

    def draw(self, deck, event=None) -> str:
        """The top card of ``deck`` with the game's generator (rebuilt from ``state.rng`` and written
        back); ``event`` (a dict, the card added, or a function of the card) logged as a hidden draw."""
        with Dice(self.state.__dict__) as rng:
            card = draw_card(deck, rng)
        if event is not None:
            self.log(hidden_draw(event(card) if callable(event) else {**event, "card": card}))
        return card

    @property
    def to_act(self) -> list[str]:
        """Headless: the heroes yet to begin their turn this round, in the order chosen."""
        return list(self.state.order or [])

    @property
    def cards(self) -> dict[str, ExplorationCard]:
        return derived(self.quest)["cards"]

    def board(self) -> tuple[GridBoard, tuple[int, int]]:
        dungeon = self.state.dungeon
        key = (id(dungeon), len(dungeon.placements), len(dungeon.links))
        if self._board is None or self._board[0] != key:
            boards = derived(self.quest)["boards"]
            layout = _layout(dungeon)
            built = boards.get(layout)
            if built is None:
                built = boards[layout] = build_board(dungeon, self.cards)
                if len(boards) > BOARDS_KEPT:
                    boards.popitem(last=False)
            else:
                boards.move_to_end(layout)
            self._board = (key, built)
        return self._board[1]

    def node(self, at) -> int:
        board, (sx, sy) = self.board()
        return board.node(at[0] + sx, at[1] + sy)

    def dungeon_at(self, node: int) -> list[int]:
        board, (sx, sy) = self.board()
        x, y = board.xy(node)
        return [x - sx, y - sy]

    def scene(self) -> Scene:
        """The figures on the dungeon's board. Cached while no figure has moved, come or gone
        (and the act, which sets the monsters' speed, is the same); when only some figures have
        moved, the cached scene is moved on (:meth:`Scene.moved`) rather than built again."""
        board, (sx, sy) = self.board()
        figures = [f for f in self.state.figures if not f.knocked_out]   # a knocked-out hero is no figure on the map
        key = (id(board), self.state.act, tuple((f.id, f.side, f.at[0], f.at[1], f.size[0], f.size[1])
                                                for f in figures))
        cached = self.__dict__.get("_scene")
        if cached is not None:
            old, scene = cached
            if old == key:
                return scene
            if old[:2] == key[:2] and len(old[2]) == len(key[2]) and \
                    all(a[:2] == b[:2] for a, b in zip(old[2], key[2])):
                try:
                    for a, b in zip(old[2], key[2]):
                        if a != b:
                            scene = scene.moved(b[0], board.node(b[2] + sx, b[3] + sy), (b[4], b[5]))
                except BoardError:
                    pass              # figures moved through each other's spaces: build it afresh
                else:
                    self.__dict__["_scene"] = (key, scene)
                    return scene
        scene = Scene(board, [Figure(f.id, f.side, [f.at[0] + sx, f.at[1] + sy], self.speed(f), list(f.size))
                              for f in figures], self.quest.scenario.rules.model_dump())
        self.__dict__["_scene"] = (key, scene)
        return scene

    def speed(self, f: FigureState) -> int:
        if f.side == "heroes":
            return self.sheet(f).speed
        return self.stats(f).speed

    def stats(self, f: FigureState):
        """A monster's card for the current act: every figure of the group, whenever it came in."""
        group = self.quest.monsters[f.group]
        return getattr(group.act_i if self.state.act == "I" else group.act_ii, f.rank)

    def sheet(self, f: FigureState):
        """A hero's sheet (the stand-in's for a name with none)."""
        return self.quest.sheets.get(f.sheet) or self.quest.sheets[STAND_IN]

    def max_health(self, f: FigureState) -> int:
        return f.max_health if f.side == "heroes" else self.stats(f).health

    def health(self, f: FigureState) -> int:
        """Health left: the card's or sheet's health less the damage taken."""
        return max(0, self.max_health(f) - f.damage)

    def hero(self, hid: str) -> FigureState:
        f = self.state.figure(hid)
        if f.side != "heroes":
            raise GameError(f"{hid} is not a hero")
        return f

    def machine(self, trigger: str) -> str:
        """Fire a round-machine trigger on this state (the machine reads a plain view)."""
        view = self._view()
        rnd.fire(view, trigger)
        self._read(view)
        return self.state.phase

    def settle(self) -> str:
        view = self._view()
        rnd.settle(view)
        self._read(view)
        return self.state.phase

    def _view(self) -> dict:
        s = self.state
        if s.failed is None and self.quest.scenario.lose_when:
            for condition in self.quest.scenario.lose_when:
                if hooks.test(self, condition.test):
                    s.failed = condition.reason
                    self.log({"event": "lose_condition", "reason": condition.reason})
                    break
        return {"phase": s.phase, "round": s.round, "doom": s.track.doom, "fate": s.track.fate,
                "active_exploration": s.active_exploration,
                "main_encounters_completed": s.main_encounters_completed, "failed": s.failed,
                "final_main": len(self.quest.scenario.exploration_stacks)}

    def _read(self, view: dict) -> None:
        self.state.phase, self.state.round = view["phase"], view["round"]

    @property
    def over(self) -> bool:
        return self.state.phase in ("victory", "defeat")


# -- setup --------------------------------------------------------------------------------------

def new_game(quest: Quest, heroes: list[str], seed: int) -> Game:
    """General Setup: the decks, the tracks, and the starting encounter with the heroes on it."""
    if len(heroes) not in quest.scenario.heroes:
        raise GameError(f"{quest.scenario.name} is for {', '.join(map(str, quest.scenario.heroes))} heroes, not {len(heroes)}")
    if len(set(heroes)) != len(heroes):
        raise GameError("every hero needs a different name")
    rng = new_rng(seed)
    decks = setup_decks(quest, rng)
    track = start_track(quest.scenario.track.spaces, quest.scenario.track.doom_start, len(heroes))
    starting = decks["exploration"].starting
    cards = {c.id: c for c in quest.exploration}
    state = DescentState(quest.file, seed, list(heroes), rng_state(rng), track, LootTrack(),
                         decks["exploration"].deck, decks["activation"], decks["peril"],
                         start(cards[starting]), starting, starting)
    shop_ids = {act: _unique(names) for act, names in quest.scenario.loot.shop.items()}
    state.shop = {act: new_deck(f"shop {act}", ids, rng) for act, ids in shop_ids.items()}
    state.rng = rng_state(rng)
    game = Game(quest, state)
    spots = cards[starting].map.hero_start
    if len(spots) < len(heroes):
        raise GameError(f"{starting} has {len(spots)} hero start spaces for {len(heroes)} heroes")
    for hero, spot in zip(heroes, spots):
        sheet_id = hero if hero in quest.sheets else STAND_IN
        sheet = quest.sheets[sheet_id]
        state.figures.append(FigureState(hero, "heroes", to_dungeon(cards[starting], state.dungeon.placements[0], spot),
                                         [1, 1], sheet=sheet_id, max_health=sheet.health, stamina=sheet.stamina))
    game.log({"event": "setup", "heroes": list(heroes), "seed": seed, "doom": track.doom, "fate": track.fate})
    set_up_encounter(game, cards[starting])
    game.machine("setup_done")
    hooks.after_event(game)
    return game


def _unique(names: list[str]) -> list[str]:
    """Card ids for a list of names: a name written twice becomes 'name #1', 'name #2'."""
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        total = names.count(name)
        out.append(name if total == 1 else f"{name} #{seen[name]}")
    return out


def set_up_encounter(game: Game, card: ExplorationCard) -> None:
    """Exploration step 2-3: tokens and monsters as the encounter says for this many heroes,
    then the card's "After Setup" effects."""
    state = game.state
    placement = next(p for p in state.dungeon.placements if p.card == card.id)
    n = len(state.heroes)
    for t in card.map.tokens:
        if t.heroes <= n:
            at = to_dungeon(card, placement, t.at)
            state.tokens.append(TokenState(t.token, at, card.id))
            game.log({"event": "setup_token", "token": t.token, "at": at})
    for point in sorted(card.map.spawns, key=lambda p: p.rank != "master"):    # masters first
        if point.heroes <= n:
            spawn_one(game, point.group, point.rank, to_dungeon(card, placement, point.at), card.id, True,
                      point.conditions)
    game.log({"event": "encounter", "card": card.id, "name": card.name, "flavor": card.flavor})
    run_effects(game, card.after_setup, card.id)


# -- figures on the map -------------------------------------------------------------------------

def _limit(game: Game, group: str, rank: str) -> int:
    limit = game.quest.monsters[group].limits[len(game.state.heroes)]
    return limit.masters if rank == "master" else limit.minions


def spawn_one(game: Game, group: str, rank: str, at: list[int], encounter: str, spawn: bool,
              conditions=()) -> str | None:
    """Put one monster of ``group``/``rank`` on the map near ``at``. A spawn takes back a figure
    already on the map from another encounter when the group limit is reached ("Spawn and
    Place": it recovers all damage and loses its conditions; "those figures cannot come from that
    encounter"); a placement only uses figures that are off the map. ``conditions``: what the
    monster has when it comes in. Returns its id, or None."""
    state = game.state
    on_map = [f for f in state.monsters() if f.group == group and f.rank == rank]
    taken_back = None
    if len(on_map) >= _limit(game, group, rank):
        others = [f for f in on_map if f.encounter != encounter]
        if not spawn or not others:
            return None
        taken_back = others[0]
        state.figures.remove(taken_back)
    fid = taken_back.id if taken_back else _new_id(state, group, rank)
    size = list(game.quest.monsters[group].size)
    spot = free_spot(game, at, size)
    if spot is None:
        if taken_back:
            state.figures.append(taken_back)
        return None
    state.figures.append(FigureState(fid, "monsters", spot, size, 0, group, rank, list(conditions), encounter))
    game.log({"event": "spawn" if spawn else "place", "monster": fid, "at": spot,
              "taken_back": bool(taken_back), **({"conditions": list(conditions)} if conditions else {})})
    return fid


def _new_id(state: DescentState, group: str, rank: str) -> str:
    used = {f.id for f in state.figures}
    n = 1
    while f"{group}-{rank}-{n}" in used:
        n += 1
    return f"{group}-{rank}-{n}"


def free_spot(game: Game, at: list[int], size: list[int]) -> list[int] | None:
    """The placement nearest ``at`` (by counted spaces) whose spaces are all free floor a monster
    may stand on; its top-left in dungeon coordinates."""
    board, _ = game.board()
    scene = game.scene()
    occupied = scene.figure_mask()
    stand = board.bitboard.safe & ~occupied
    origin = game.node(at)
    offsets = board.offsets(tuple(size))
    for layer in count_layers(board, [origin]):
        for n in bits(layer):
            for o in offsets:
                anchor = n - o
                cells = board.footprint(anchor, tuple(size))
                if cells and all(stand >> c & 1 for c in cells):
                    return game.dungeon_at(anchor)
    return None


def marker_at(game: Game, name: str) -> list[int]:
    """A named space of the current encounter: 'exit', 'entrance' or one of its markers."""
    card = game.cards[game.state.current_encounter]
    placement = next(p for p in game.state.dungeon.placements if p.card == card.id)
    spot = {"exit": card.map.exit, "entrance": card.map.entrance}.get(name) or card.map.markers.get(name)
    if spot is None:
        spot = card.map.exit or card.map.entrance or (card.map.hero_start[0] if card.map.hero_start else [1, 1])
    return to_dungeon(card, placement, spot)


# -- effects ------------------------------------------------------------------------------------

def run_effects(game: Game, effects, source: str, actor: str | None = None) -> None:
    """Carry out card effects top to bottom; after each the game settles and the active card's
    triggers are checked; nothing more happens once the quest is decided. ``actor``: the monster
    performing them, for effects that count spaces from it."""
    for effect in effects:
        if game.over:
            return
        hooks.run_effect(game, effect, source, actor)
        game.settle()
        hooks.after_event(game)


def discard_active(game: Game) -> None:
    state = game.state
    card = state.active_exploration
    if card is None:
        return
    state.hourglass = {k: v for k, v in state.hourglass.items() if not k.startswith(f"{card}:")}
    state.active_exploration = None
    state.fired = []
    game.log({"event": "discard_exploration", "card": card})


# -- the Overlord phase -------------------------------------------------------------------------

def overlord_phase(game: Game) -> None:
    """All three steps of the Overlord phase, then the next round's Hero phase."""
    if game.state.phase != "hero_phase":
        raise GameError(f"the Overlord phase follows the Hero phase, not {game.state.phase}")
    game.machine("heroes_done")
    overlord_effects(game)
    if game.over:
        return
    game.machine("effects_done")
    if game.state.phase == "fate":
        fate_step(game)
        if game.over:
            return
        game.machine("fate_done")
    monster_activation(game)
    if game.over:
        return
    game.machine("monsters_done")
    game.state.used = []                 # once-a-round abilities come back with the new round


def overlord_effects(game: Game) -> None:
    """1. Overlord Effects: the red box of the active card, top to bottom; an hourglass line
    places a fatigue token and triggers when the tokens reach its number, then they go."""
    state = game.state
    card_id = state.active_exploration
    if card_id is None:
        return
    card = game.cards[card_id]
    told = False
    for i, line in enumerate(card.overlord):
        if state.active_exploration != card_id or game.over:
            return                    # a line discarded the card: its later lines are gone with it
        if line.hourglass:
            key = f"{card_id}:{i}"
            state.hourglass[key] = state.hourglass.get(key, 0) + 1
            game.log({"event": "hourglass", "card": card_id, "line": i, "tokens": state.hourglass[key],
                      "of": line.hourglass})
            if state.hourglass[key] < line.hourglass:
                continue
            state.hourglass.pop(key)
        if not told and card.overlord_flavor and any(_tells(e) for e in line.effects):
            game.log({"event": "overlord_flavor", "card": card_id, "text": card.overlord_flavor})
            told = True              # "Flavor: This text describes what happens when the overlord effects occur."
        run_effects(game, line.effects, card_id)


def _tells(effect) -> bool:
    """Whether an overlord line's effect does something at the table (not an ``if`` whose test
    fails, judged later): every effect but a bare ``if``."""
    return effect_name(effect) != "if"


def fate_step(game: Game) -> None:
    """2. Fate: advance fate by one and resolve one Peril card (top half without monsters on the
    map, bottom half with)."""
    state = game.state
    hooks.move_track(game, "advance_fate", 1, "fate step")
    if game.over:
        return
    perils, monsters = derived(game.quest)["perils"], bool(state.monsters())
    card_id = game.draw(state.peril, lambda c: {
        "event": "peril", "card": c, "name": perils[c].name, "flavor": perils[c].flavor,
        "half": None if perils[c].effects is not None else ("with monsters" if monsters else "without monsters")})
    card = perils[card_id]
    half = card.effects if card.effects is not None else (card.with_monsters if monsters else card.without_monsters)
    run_effects(game, half, card_id)
    discard_card(state.peril, card_id)


def monster_activation(game: Game, only: set[str] | None = None) -> None:
    """3. Monster Activation: draw an Activation card, activate the groups on the map, discard.
    Each attack is resolved when it is made (``game.resolver``): a hero knocked out by one is no
    longer a target for the next; once the quest is decided no monster moves again."""
    state = game.state
    if not state.monsters() or game.over:
        return
    card_id = game.draw(state.activation, lambda c: {"event": "activation_card", "card": c,
                                                     "only": sorted(only) if only else None})
    card = derived(game.quest)["activation"][card_id]
    exit_node = game.node(marker_at(game, "exit"))
    table = _table(game)
    table.exit_at = table.scene.board.at_of(exit_node)
    table.on_start = lambda t, fid: _around(game, t, lambda: monster_starts(game, fid))
    table.on_attack = lambda t, fid, event: _around(game, t, lambda: resolve_attack(game, fid, event))
    # a "perform" action's card effects are carried out when it is performed, on the game with the
    # activation's moves so far (so nothing they place lands on a monster that has moved)
    table.on_perform = lambda t, fid, effects: _around(
        game, t, lambda: run_effects(game, effects, f"{card_id} ({fid})", actor=fid))
    judge(game, table)
    table.stop = lambda: game.over
    table.emit = game.log
    try:
        table, _ = activate_card(table, card, list(game.quest.activation.order), only)
    finally:
        _sync(game, table)
    discard_card(state.activation, card_id)


def judge(game: Game, table: Table) -> None:
    """The activation's hooks that judge without changing the game: whether a ``perform``
    action's effects would do anything now (``effects.no_effect``), and who breaks a tie (the
    resolver: the players at a table, the named policy headless)."""

    def effect_of(t, fid, effects):
        _sync(game, t)
        return hooks.no_effect(game, effects, fid)
    table.effect_of = effect_of
    table.choose = lambda kind, options: ask_choice(game, {"kind": kind, "options": options})


def ask_choice(game: Game, question: dict) -> tuple[int, int | None]:
    """A tie the heroes break (Golden Rules: "heroes choose the target of the effect from among
    the potential targets"): ``question["options"]`` are equally good, the first the program's.
    Returns the index chosen and the point that records it (None where nobody is asked): the
    resolver's answer - a table's players' (``question["ask"]``: it waits for them), headless the
    named policy "listed first"."""
    chooser = getattr(game.resolver, "choose", None)
    if chooser is None or len(question["options"]) < 2:
        return 0, None
    return chooser(game, question)


def _table(game: Game) -> Table:
    state = game.state
    monsters = {f.id: Monster(f.group, f.rank, game.health(f), list(f.conditions)) for f in state.monsters()}
    heroes = {f.id: Hero(game.health(f), list(f.conditions)) for f in state.heroes_up()}
    return Table(game.scene(), monsters, heroes, game.quest.monsters, state.act,
                 conditions=game.quest.conditions)


def _sync(game: Game, table: Table) -> None:
    """The activation's moves and conditions written into the game state."""
    board = table.scene.board
    for f in game.state.monsters():
        moved = table.scene.figures.get(f.id)
        if moved is None or f.id not in table.monsters:
            continue
        f.at = game.dungeon_at(board.node_of(moved.at))
        f.size = list(moved.size)
        f.conditions = list(table.monsters[f.id].conditions)


def _around(game: Game, table: Table, step) -> None:
    """Run ``step`` (which may hurt, knock out, defeat or place figures) on the game with the
    activation's moves so far, then give the activation the figures as they are now."""
    _sync(game, table)
    step()
    table.scene = game.scene()
    up = {f.id: f for f in game.state.heroes_up()}
    table.heroes = {h: Hero(game.health(f), list(f.conditions)) for h, f in up.items()}
    for f in game.state.monsters():
        if f.id in table.monsters:
            table.monsters[f.id].health = game.health(f)
            table.monsters[f.id].conditions = list(f.conditions)
        else:
            table.monsters[f.id] = Monster(f.group, f.rank, game.health(f), list(f.conditions))
    for fid in [m for m in table.monsters if m not in table.scene.figures]:
        del table.monsters[fid]


def monster_starts(game: Game, fid: str) -> None:
    """A monster begins its activation: its conditions' start effects (``conditions.yaml``: a
    monster does not test, it suffers the failed test's effect and the condition goes), and the
    heroes' abilities that act on it (Ashrian: an adjacent minion is Stunned)."""
    hooks.monster_turn_starts(game, fid)


def resolve_attack(game: Game, fid: str, event: dict) -> None:
    """A monster's attack: the resolver rolls it (or the table reports it) and the heroes hit
    suffer it. Without a resolver the attack is only told."""
    if game.resolver is not None:
        game.resolver.monster_attack(game, fid, event)


def open_door(game: Game, hero: str) -> ExplorationCard:
    """Exploration: draw the top Exploration card, attach its map, set it up; it is active."""
    state = game.state
    if state.phase != "hero_phase":
        raise GameError("doors are opened in a hero's turn")
    if state.active_exploration is not None:
        raise GameError("a hero cannot open a door while an Exploration card is active")
    if game.cards[state.current_encounter].map.exit is None:
        raise GameError(f"{state.current_encounter} has no exit")
    if not state.exploration.draw:
        raise GameError("the Exploration deck is empty")
    if game.hero(hero).knocked_out:
        raise GameError(f"{hero} is knocked out: a hero opens a door from the map")
    card_id = state.exploration.draw.pop(0)
    card = game.cards[card_id]
    state.dungeon = attach(state.dungeon, game.cards, card)
    state.active_exploration = card_id
    state.current_encounter = card_id
    state.exploring_hero = hero              # "Tomble has opened the door and is therefore exploring"
    state.fired = []
    game.log(hidden_draw({"event": "open_door", "hero": hero, "card": card_id}))
    set_up_encounter(game, card)
    hooks.after_event(game)
    return card


def complete_encounter(game: Game) -> None:
    """The heroes report the active encounter done: the card's ``completed`` effects run (e.g. the
    Room of Souls: "When the cauldron has been tipped ... Transition to Act II. Then discard this
    Exploration card"), then the card is discarded; a main encounter counts toward the quest
    ("Winning the Game")."""
    state = game.state
    card = game.cards[state.current_encounter]
    if state.active_exploration != card.id:
        raise GameError("there is no active encounter to complete")
    game.log({"event": "objective", "card": card.id, "name": card.name})
    if card.kind == "main":
        state.main_encounters_completed = max(state.main_encounters_completed, card.number)
    if card.completed:
        run_effects(game, card.completed, card.id)
    if state.active_exploration == card.id:         # unless an effect discarded it already
        discard_active(game)
    game.settle()


def damage_figure(game: Game, fid: str, amount: int, by: str | None = None) -> None:
    """Damage reported by the table or rolled headless (``by``: the hero who dealt it). A
    defeated monster goes to the loot track; a hero whose damage reaches its health is knocked
    out: "Each time a hero is defeated, advance fate by one" ("Defeated Heroes"), and until it
    stands up it is no figure on the map - damage to it is refused."""
    state = game.state
    f = state.figure(fid)
    if f.knocked_out:
        raise GameError(f"{fid} is knocked out: no damage until {fid} stands up (`stand {fid}`)")
    if amount < 0:
        raise GameError(f"damage is 0 or more, not {amount}")
    f.damage += amount
    game.log({"event": "damage", "figure": fid, "amount": amount, "health": game.health(f)})
    if game.health(f) > 0:
        hooks.after_event(game)
        return
    if f.side == "monsters":
        state.figures.remove(f)
        payout = defeat_monster(state.loot, f.size[0] * f.size[1], f.rank == "master", len(state.heroes),
                                game.quest.scenario.loot.payout)
        game.log({"event": "defeated", "figure": fid, "loot": payout.__dict__ if payout else None,
                  **({"by": by} if by else {})})
        if payout is not None:
            loot_payout(game, payout.cards, by or state.heroes[0])
        hooks.fire_event(game, "monster_defeated", group=f.group)
    else:
        knock_out(game, f)
        hooks.fire_event(game, "hero_defeated")
    hooks.after_event(game)


def knock_out(game: Game, f: FigureState) -> None:
    f.damage = game.max_health(f)
    f.knocked_out = True
    game.log({"event": "hero_defeated", "hero": f.id, "at": list(f.at)})
    hooks.move_track(game, "advance_fate", 1, f"{f.id} defeated")


def loot_payout(game: Game, cards: int, hero: str) -> list[str]:
    """Loot: draw as many Shop Item cards as the fatigue token shows from the current act's deck;
    one goes to a hero of the drawing hero's choice (headless: the drawing hero), the rest to the
    bottom of the deck. At a table the deck is the players', from the box ("the Shop Item and
    Search decks are yours"): the program draws nothing, it says how many to draw and waits for
    the players' report of the card kept (``loot`` at the table)."""
    state = game.state
    if getattr(game.resolver, "players_draw", False):
        state.loot_due.append({"hero": hero, "cards": cards, "act": state.act})
        game.log({"event": "loot", "hero": hero, "cards": cards, "act": state.act, "drawn": None})
        return []
    deck = state.shop.get(state.act)
    if deck is None or not deck.draw:
        game.log({"event": "loot", "hero": hero, "drawn": [], "note": "no Shop Item deck for this act"})
        return []
    drawn = [deck.draw.pop(0) for _ in range(min(cards, len(deck.draw)))]
    state.items.setdefault(hero, []).append(drawn[0])
    deck.draw.extend(drawn[1:])
    game.log(hidden_draw({"event": "loot", "hero": hero, "drawn": drawn, "kept": drawn[0]}))
    return drawn


def move_figure(game: Game, fid: str, at: list[int]) -> None:
    """A reported move (a hero's, or a monster placed where the heroes chose): ``at`` is the
    top-left space in dungeon coordinates; every space the figure covers must be free floor."""
    place_figure(game, fid, at)
    f = game.state.figure(fid)
    if f.side == "heroes" and fid not in game.state.moved:
        game.state.moved.append(fid)
    game.log({"event": "move", "figure": fid, "to": list(at)})
    hooks.after_event(game)


def place_figure(game: Game, fid: str, at: list[int], size: list[int] | None = None) -> None:
    """Put a figure on ``at`` (top-left, dungeon coordinates; ``size``: a large monster's
    orientation), every space it covers free floor; refused, changing nothing, otherwise."""
    board, _ = game.board()
    f = game.state.figure(fid)
    if f.knocked_out:
        raise GameError(f"{fid} is knocked out: it stands up before it moves (`stand {fid}`)")
    size = list(size or f.size)
    if sorted(size) != sorted(f.size):
        raise GameError(f"{fid} is {f.size[0]}x{f.size[1]}; it cannot lie {size[0]}x{size[1]}")
    cells = board.footprint(game.node(at), tuple(size))
    sx, sy = game.board()[1]
    if cells is None:
        raise GameError(f"{fid} does not fit at {at[0] + sx},{at[1] + sy}: it would reach off the map")
    occupant = game.scene().occupant
    for c in cells:
        x, y = board.xy(c)
        if board.blocks_move[c]:
            raise GameError(f"{x},{y} is {_a(board.terrain(c).name)}: no figure can stand there")
        if occupant.get(c, fid) != fid:
            raise GameError(f"{x},{y} is taken by {occupant[c]}")
    f.at = list(at)
    f.size = size


def _a(terrain: str) -> str:
    """A terrain's name with its article, as players say it: "a wall", "an obstacle"; off the
    map ("nothing") is "off the map"."""
    if terrain == "nothing":
        return "off the map"
    return ("an " if terrain[:1] in "aeiou" else "a ") + terrain
