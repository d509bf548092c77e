"""Return of the Heroes' movement on the family's (``overlord.games.heroes.moves``): the fields a
hero may step onto, the lake's crossings and the boat, the hidden paths, what he meets where he
arrives, the tower of the Nameless, the teleporter and the Magic Broomstick. :data:`MOVES` is
RotH's part of the family's step (:class:`RothMoves`, the family's ``MoveRules``); the functions
below pass it, as the Dragon's ``moves`` passes its own.

The book (Return of the Heroes, "Movement", "Fields and Hidden Locations", "Counters", "Actions",
"Combat and Combat Trials", "The Final Battle Against the Nameless"):

- "Number in footprint = number of fields you can move in a turn"; "Your hero's movement points can
  be altered with a horse, cart or boots. These cannot be combined. For example you can't ride a
  horse and a cart at the same time" (:func:`allowance`: the family's ``movement_allowance``
  counts the best vehicle alone). "Each turn has two phases: Movement. Action. Any action ends
  movement" (:func:`move_refusal`).
- "The tan fields are normal ones and cost one movement point to enter" (:func:`step`).
- Hidden fields: "To enter these, you first must find the path. How? By rolling equal to or less
  than the number displayed in the field with two dice. If your roll was successful, you have found
  the path and can enter as if it were a normal tan field. If not ... Place your character halfway
  on the path to the chosen colored field. You may try again on your next turn. If you make it, see
  above. If you did not find it your next turn, you may place your character on the colored field
  anyway - you found the hidden path, but your movement is over for this turn" (the family's
  ``step`` and ``search_again``). The Amulet: "Can move through all special fields without rolling
  the dice" (:meth:`RothMoves.sure_way`).
- The lake: "There is no roll required to move onto a blue field. Moving from one blue field to
  another blue field over the two routes (in region L) costs the exorbitant price of one gold piece.
  This only changes if the boat is in play. Crossing the lake from the field where the boat lies
  ... is free"; "1 pay 1 gold or take the boat. If the boat is in play, the crossing from L4 is
  free" (:func:`lake_price`).
- Counters: "At every random encounter chit, you have to stop and turn it over. The ones with a red
  border are dangerous, as these are creatures that you must do battle with, thus ending your
  movement. It could also be a counter with a blue border, which are tasks, or a green border, which
  are encounters. After looking at these, you can continue to move" (the family's ``arrival``: a
  step ends on every field, the chits there are turned over, a creature stops the hero);
  "Artifacts on the map with a blue/yellow border are part of a task, and these are only visible to
  the player whose task it is ... The other players simply must ignore it"; "Does this mean other
  players have to move away from counters that concern somebody else's heroic deed? Yes"
  (:func:`creature_here` counts only what the hero sees; :meth:`RothMoves.arrived` logs the rest as
  unnoticed).
- The tower: "First you need a precious stone, as it is the key to the four secret entries to the
  tower of evil ... If you beat him, then you can continue on to the Nameless and do battle with
  him in your next turn ... In order to challenge the Nameless, you must first overcome a guard";
  "Once there you can't go back. It's him or you!" (:func:`tower_open`; entering the tower, the
  Nameless is the creature that must be fought: ``fights.final_battle``).
- "The first thing that happens after movement is always combat"; "Combat (only once per turn)"
  (a hero who has fought this turn passes a creature by: :meth:`RothMoves.passes`).

- The Unknown Land: "If a character moves into an unexplored region, it is turned over and the
  character is placed on the first field in the direction entered" (Alternative Rules: The Unknown
  Land): from an entry field, a step onto the entry field of the face-down region beside it,
  offered by the way he goes (``move north``: ``lands.explore_ways``; the field's name would tell
  the region); the region is turned up with its chits (``lands.explore``) and the counters waiting
  for it placed (``draws.arrive``) before the step.

Our content: the Teleporter (an encounter, green) - "Step through to any tan field of the map; the
move ends there" (:func:`teleport`); the Magic Broomstick (the back of a yellow counter) - "Fly to
any field; a 1 after the flight sends it home to its coordinates" and the book's "If the region
where the magic broomstick returns on a roll of 1 has not been explored, no die is rolled"
(Alternative Rules: The Unknown Land; :func:`fly`).

Readings (docs/roth.md's table):

- ``boat_field`` (the scenario's ``rules:``): the field the boat lies on, L4 (ours) or F4. The boat
  is in play while its counter lies on the map (it starts in the bag). A crossing from that field is
  free; towards it, or without the boat, it costs a gold piece. Either way a crossing is a step (one
  movement point); taking the boat is no action (the book says it under movement, not encounters).
- The elves' special skill token ``pathfinder`` (ours: the book does not say what a token does):
  "the elves find hidden paths a point easier" - two dice at or under the field's number plus one,
  in the first search and the second.
- A failed search costs nothing beyond the turn's movement. The hero who stands halfway tries
  again at the start of his next turn (the family's reading of "You may try again": he does not
  turn back; the other reading lets him walk away from the path).
- A creature on the field a hero enters must be fought there, whether its chit was just turned
  over or was face up already (a creature left by a lost fight; as the Dragon's book says it),
  a Servant's or a Guard's values hidden until the fight (arriving turns over only random encounter
  chits). The holder's own deed creature (a deed counter with spots, not yet turned over) is a
  creature he must fight there too when it is the part to do now (a later part's creature, drawn
  early - the Standard Game puts every part in the bag - is passed by until its part comes); other
  heroes do not see it ("have to move away").
- A Guard is fought only with a precious stone (``fights.fight``): a hero without one walks onto
  a Guard's post unhindered (``passes``: "no precious stone"), the Guard's values still hidden.
- The tower opens to a hero with a precious stone who beat a Guard in an earlier turn
  (``HeroState.guard_beaten``; a fight ends the movement, so it is never the same turn) while the
  Nameless is on it. Clearing ``guard_beaten`` when the "next turn" is over is the turn engine's.
- The teleporter is exploiting an encounter (an action: "If you decide to ... exploit the encounter,
  however, your movement is ended"), once a turn, from its field, to any tan field but the tower.
- The Magic Broomstick's flight is the turn's movement: in the move phase with a movement point
  left, to any field but the tower and his own, no hidden path searched (flying is not finding the
  path); the movement is over there. The die is rolled after arriving; a 1 puts the broomstick back
  on its coordinates, face up, to be picked up again.
"""

from __future__ import annotations

from overlord.core.game import RulesError
from overlord.games.heroes import moves as family
from overlord.games.heroes.actions import acted
from overlord.games.heroes.sheet import item_with, movement_allowance, spend_gold
from overlord.games.heroes.state import face_up, put

from . import deeds, draws, lands
from .regions import BLUE, BOAT_FIELD
from .state import Ctx, artifact, sees

PATHFINDER = "pathfinder"       # the elves' special skill token (roth.heroes.SPECIALS)
PATHFINDER_EASE = 1             # "the elves find hidden paths a point easier" (ours)
LAKE_PRICE = 1                  # "costs the exorbitant price of one gold piece"
FIGHT_WORDS = "\"creatures that you must do battle with, thus ending your movement\""
TOWER_WORDS = ("\"If you beat him, then you can continue on to the Nameless and do battle with him in your next "
               "turn\"")


# -- what a hero carries, what lies where -------------------------------------------------------------

def carried(ctx: Ctx, hero: str, effect: str) -> str | None:
    """The artifact on the hero's sheet with ``effect`` (amulet, broomstick), or None."""
    return item_with(ctx.s.sheets[hero], effect, lambda i: getattr(artifact(ctx.s, ctx.c, i), "effect", ""))


def lying_with(ctx: Ctx, effect: str) -> list[tuple[str, str]]:
    """(field, counter) for every face-up counter on the map with ``effect``, in reading order."""
    s, c = ctx.s, ctx.c
    found = [(fid, inst) for fid, here in s.board.items() for inst in here
             if inst in c.instances and c.spec(inst).effect == effect and face_up(s, inst) and inst not in s.backs]
    return sorted(found, key=lambda p: c.board.order(p[0]))


def allowance(ctx: Ctx, hero: str) -> int:
    """The fields he may move in a turn: the footprint, and the best of his horse, cart or boots
    ("These cannot be combined")."""
    return movement_allowance(ctx.s.sheets[hero])


# -- the lake -------------------------------------------------------------------------------------------

def boat_field(ctx: Ctx) -> str:
    """Where the boat lies (the reading ``boat_field``: L4, ours, or F4)."""
    return str(ctx.s.rules.get("boat_field", BOAT_FIELD))


def boat_in_play(ctx: Ctx) -> bool:
    """"This only changes if the boat is in play": the boat's counter lies on the map."""
    return bool(lying_with(ctx, "boat"))


def lake_route(ctx: Ctx, frm: str, to: str) -> bool:
    """"Moving from one blue field to another blue field over the two routes (in region L)"."""
    b = ctx.c.board
    return b.field(frm).colour == BLUE and b.field(to).colour == BLUE


def lake_price(ctx: Ctx, frm: str, to: str) -> int:
    """Gold a step from ``frm`` to ``to`` costs: a lake crossing one gold piece, none from the
    boat's field while the boat is in play; any other route none."""
    if not lake_route(ctx, frm, to):
        return 0
    return 0 if boat_in_play(ctx) and frm == boat_field(ctx) else LAKE_PRICE


# -- the tower ------------------------------------------------------------------------------------------

def tower(ctx: Ctx) -> str:
    """The Nameless's tower field; "" while its region lies face down (the Unknown Land)."""
    found = ctx.c.board.with_feature("tower")
    return found[0] if found else ""


def tower_open(ctx: Ctx, hero: str) -> bool:
    """Whether the hero may enter the tower: the Nameless on it, the precious stone, a Guard beaten
    in an earlier turn ("do battle with him in your next turn")."""
    hs = ctx.s.at[hero]
    return ctx.s.nameless == "on_tower" and hs.stone and hs.guard_beaten


def tower_refusal(ctx: Ctx, hero: str) -> str:
    hs = ctx.s.at[hero]
    if ctx.s.nameless != "on_tower":
        return "the tower is shut: the Nameless is not on it"
    if not hs.stone:
        return ("the tower is entered with a precious stone: \"First you need a precious stone, as it is the key to "
                "the four secret entries to the tower of evil\"")
    if not hs.guard_beaten:
        return f"the tower is entered past a beaten Guard: {TOWER_WORDS}"
    return ""


# -- stepping -----------------------------------------------------------------------------------------

def move_refusal(ctx: Ctx, hero: str) -> str:
    """Why the hero cannot step now, or "": his turn, the movement phase, no creature to fight first,
    not halfway on a hidden path, a movement point left."""
    s = ctx.s
    t, hs = s.turn, s.at[hero]
    if t.hero != hero:
        return f"it is {t.hero}'s turn, not {hero}'s"
    if t.combat:
        return f"{ctx.c.spec(t.combat).name} must be fought first: {FIGHT_WORDS}"
    if t.phase != "move":
        return "his movement is over: \"Any action ends movement\"" if t.acted else "his movement is over"
    if hs.between:
        return f"he stands halfway on the hidden path to {hs.between}: \"You may try again on your next turn\""
    if t.mp < 1:
        return "no movement point left: \"Number in footprint = number of fields you can move in a turn\""
    return ""


def can_move(ctx: Ctx, hero: str) -> bool:
    """Whether the hero may step (or fly) now (:func:`move_refusal`)."""
    return not move_refusal(ctx, hero)


def mp_left(ctx: Ctx, hero: str) -> int:
    """The movement points the hero has left this turn (0 when it is not his turn)."""
    t = ctx.s.turn
    return t.mp if t.hero == hero and t.phase == "move" else 0


def step_refusal(ctx: Ctx, hero: str, to: str) -> str:
    """Why the hero cannot step to ``to`` now, or ""."""
    s, b = ctx.s, ctx.c.board
    why = move_refusal(ctx, hero)
    if why:
        return why
    here = s.at[hero].field
    if to in lands.explore_ways(ctx, hero):
        return ""                       # the Unknown Land: into a region face down, by its way (lands.explore)
    if to not in b.walk[here]:
        return f"no route from {here} to {to}"
    if b.field(to).feature == "tower" and not tower_open(ctx, hero):
        return tower_refusal(ctx, hero)
    price = lake_price(ctx, here, to)
    if price > s.sheets[hero].gold:
        return (f"crossing the lake from {here} to {to} costs {price} gold piece, he has {s.sheets[hero].gold}: "
                "\"Moving from one blue field to another blue field over the two routes (in region L) costs the "
                "exorbitant price of one gold piece\"")
    return ""


def step_targets(ctx: Ctx, hero: str) -> list[str]:
    """The fields the hero may step onto now, along the routes from his field."""
    if move_refusal(ctx, hero):
        return []
    here = ctx.s.at[hero].field
    return [f for f in ctx.c.board.walk[here] if not step_refusal(ctx, hero, f)] + list(lands.explore_ways(ctx, hero))


def step(ctx: Ctx, hero: str, to: str) -> list[dict]:
    """One step along a route (the family's ``step``): a movement point, a lake crossing's gold, a
    hidden field searched, then what he meets there. Raises RulesError when he may not."""
    why = step_refusal(ctx, hero, to)
    if why:
        raise RulesError(why)
    here = ctx.s.at[hero].field
    out = []
    ways = lands.explore_ways(ctx, hero)
    if to in ways:
        to = ways[to]
        out += lands.explore(ctx, hero, to)
        out += draws.arrive(ctx, ctx.c.board.region_of(to))
    if lake_route(ctx, here, to):
        price = lake_price(ctx, here, to)
        spend_gold(ctx.s.sheets[hero], price)
        out.append(ctx.log({"event": "lake_crossing", "hero": hero, "from": here, "to": to, "paid": price,
                            "why": "the boat" if not price else "one gold piece to cross the lake"}))
    return out + family.step(ctx, MOVES, hero, to)


def can_search_again(ctx: Ctx, hero: str) -> bool:
    """At the start of his turn, halfway on a hidden path: "You may try again on your next turn"."""
    t = ctx.s.turn
    return t.hero == hero and t.fresh and t.phase == "move" and not t.combat and bool(ctx.s.at[hero].between)


def search_again(ctx: Ctx, hero: str) -> list[dict]:
    """The second search (the family's ``search_again``): found, he walks on with the rest of his
    movement; not found, he is on the field anyway and his movement is over."""
    if not can_search_again(ctx, hero):
        raise RulesError("the hidden path is searched again at the start of the next turn: \"You may try again on "
                         "your next turn\"")
    return family.search_again(ctx, MOVES, hero)


def enter(ctx: Ctx, hero: str, to: str, hidden: bool = False, how: str = "moves") -> list[dict]:
    """The figure onto ``to`` (by a step, or carried there: ``how``), and what it meets there."""
    return family.enter(ctx, MOVES, hero, to, hidden, how)


# -- what a hero meets ------------------------------------------------------------------------------

def is_creature(ctx: Ctx, hero: str, inst: str) -> bool:
    """A counter the hero knows to be a creature he sees: a red border (a face-down random encounter
    chit is not known yet; a face-down Servant or Guard is, his values hidden), or a deed's creature
    not yet turned over (only its holder sees it)."""
    s, c = ctx.s, ctx.c
    if inst not in c.instances:     # a magic item left where a hero died lies by its artifact id
        return False
    spec = c.spec(inst)
    if inst in s.backs or (inst in s.down and spec.chit):
        return False
    if spec.deed:                   # his own deed's creature, as the part to do now (the parts in order)
        return bool(spec.dots) and sees(s, c, hero, inst) and deeds.can_fight(ctx, hero, inst)
    return spec.border == "red" and sees(s, c, hero, inst)


def creature_here(ctx: Ctx, hero: str, fid: str) -> str | None:
    """The first creature on ``fid`` the hero sees, in lying order (a Guard, a Servant, the
    Nameless on his tower, his own deed's creature included), or None."""
    return next((i for i in ctx.s.board.get(fid, []) if is_creature(ctx, hero, i)), None)


def unnoticed(ctx: Ctx, hero: str, fid: str) -> list[dict]:
    """Face-up counters on the field the hero does not see: another hero's deed ("other players
    have to move away"), another's task's artifact ("The other players simply must ignore it")."""
    s, c = ctx.s, ctx.c
    return [ctx.log({"event": "unnoticed", "hero": hero, "counter": inst, "at": fid,
                     "kind": "deed" if c.spec(inst).deed else "task"})
            for inst in s.board.get(fid, []) if face_up(s, inst) and not sees(s, c, hero, inst)]


class RothMoves:
    """RotH's part of the family's movement (``heroes.moves.MoveRules``)."""

    def sure_way(self, ctx: Ctx, hero: str) -> bool:
        """The Amulet: "Can move through all special fields without rolling the dice"."""
        return carried(ctx, hero, "amulet") is not None

    def search_ease(self, ctx: Ctx, hero: str, to: str) -> int:
        """The elves' special skill: "the elves find hidden paths a point easier" (ours)."""
        return PATHFINDER_EASE if ctx.c.heroes[hero].special == PATHFINDER else 0

    def turns_over(self, ctx: Ctx, hero: str, instance: str) -> bool:
        """"At every random encounter chit, you have to stop and turn it over"; a Guard's and a
        Servant's values are hidden ("values hidden", The Emergence of the Nameless) until a hero
        meets them in a fight: turned up when he must fight them here (ours: the skills he may choose
        are the counter's dots, which he sees as the fight begins), left face down when he passes."""
        spec = ctx.c.spec(instance)
        if spec.chit:
            return True
        return spec.effect in ("guard", "servant") and deeds.can_fight(ctx, hero, instance) \
            and not self.passes(ctx, hero, instance)

    def lost_way(self, ctx: Ctx, hero: str, to: str) -> list[dict]:
        """A failed search costs nothing beyond the turn's movement; the turns spent are counted."""
        ctx.s.at[hero].searched += 1
        return []

    def arrived(self, ctx: Ctx, hero: str, fid: str, hidden: bool) -> tuple[list[dict], bool]:
        ctx.s.at[hero].searched = 0
        return unnoticed(ctx, hero, fid), False

    def foe(self, ctx: Ctx, hero: str, fid: str) -> str | None:
        return creature_here(ctx, hero, fid)

    def passes(self, ctx: Ctx, hero: str, foe: str) -> str:
        """A Guard is fought only with a precious stone; a hero who fought this turn fights no more."""
        s = ctx.s
        if ctx.c.spec(foe).effect == "guard" and not s.at[hero].stone:
            return ("no precious stone: \"First you need a precious stone, as it is the key to the four secret "
                    "entries to the tower of evil\"")
        if s.turn.fought:
            return "he has fought this turn: \"Combat (only once per turn)\""
        return ""


MOVES = RothMoves()


# -- the teleporter ---------------------------------------------------------------------------------

def teleporter_here(ctx: Ctx, hero: str) -> str | None:
    """The teleporter on the hero's field, face up and not used by him this turn, or None."""
    here = ctx.s.at[hero].field
    return next((i for f, i in lying_with(ctx, "teleporter") if f == here and i not in ctx.s.turn.used), None)


def teleport_refusal(ctx: Ctx, hero: str) -> str:
    s = ctx.s
    t, hs = s.turn, s.at[hero]
    if t.hero != hero:
        return f"it is {t.hero}'s turn, not {hero}'s"
    if t.combat:
        return f"{ctx.c.spec(t.combat).name} must be fought first: \"The first thing that happens after movement is " \
               "always combat\""
    if t.phase == "over":
        return "his turn is over"
    if hs.between:
        return f"he stands halfway on the hidden path to {hs.between}"
    if teleporter_here(ctx, hero) is None:
        return "no teleporter here he has not used this turn (an encounter \"can be used once per player's turn\")"
    return ""


def teleport_targets(ctx: Ctx, hero: str) -> list[str]:
    """Where the teleporter takes the hero: "any tan field of the map" (ours: not the tower, which
    only its Guards' posts lead to, nor his own field)."""
    if teleport_refusal(ctx, hero):
        return []
    b, here = ctx.c.board, ctx.s.at[hero].field
    return [f for f, spec in b.fields.items() if spec.colour == "tan" and spec.feature != "tower" and f != here]


def teleport(ctx: Ctx, hero: str, to: str) -> list[dict]:
    """Exploit the teleporter on his field: "Step through to any tan field of the map; the move ends
    there" - an encounter used ("your movement is ended"), then what he meets there."""
    why = teleport_refusal(ctx, hero) or ("" if to in teleport_targets(ctx, hero) else
                                          f"the teleporter takes a hero to a tan field (not the tower), not {to}")
    if why:
        raise RulesError(why)
    inst = teleporter_here(ctx, hero)
    acted(ctx)
    ctx.s.turn.used.append(inst)
    out = [ctx.log({"event": "teleport", "hero": hero, "counter": inst, "from": ctx.s.at[hero].field, "to": to})]
    return out + enter(ctx, hero, to, how="teleported")


# -- the Magic Broomstick ---------------------------------------------------------------------------

def fly_refusal(ctx: Ctx, hero: str) -> str:
    if carried(ctx, hero, "broomstick") is None:
        return "he has no Magic Broomstick"
    return move_refusal(ctx, hero)


def fly_targets(ctx: Ctx, hero: str) -> list[str]:
    """Where the Magic Broomstick flies: "any field" (ours: not the tower, nor his own)."""
    if fly_refusal(ctx, hero):
        return []
    here = ctx.s.at[hero].field
    return [f for f, spec in ctx.c.board.fields.items() if spec.feature != "tower" and f != here]


def broom_home(ctx: Ctx, inst: str) -> str:
    """The broomstick's coordinates (its counter's), "" when it has none."""
    return ctx.c.spec(inst).at if inst in ctx.c.instances else ""


def fly(ctx: Ctx, hero: str, to: str) -> list[dict]:
    """Fly on the Magic Broomstick to ``to``: the movement is over there; then a die, and on the
    broomstick's number (1) it flies home to its coordinates ("If the region where the magic
    broomstick returns on a roll of 1 has not been explored, no die is rolled")."""
    why = fly_refusal(ctx, hero) or ("" if to in fly_targets(ctx, hero) else f"the broomstick does not fly to {to}")
    if why:
        raise RulesError(why)
    s, c = ctx.s, ctx.c
    inst = carried(ctx, hero, "broomstick")
    t = s.turn
    t.mp, t.phase, t.fresh = 0, "act", False
    out = [ctx.log({"event": "fly", "hero": hero, "counter": inst, "from": s.at[hero].field, "to": to})]
    out += enter(ctx, hero, to, how="flew on the Magic Broomstick")
    home = broom_home(ctx, inst)
    if not home or home[0] not in s.explored:         # a field is its region's letter and its number
        return out
    returns_on = artifact(s, c, inst).returns_on
    roll = ctx.die(why=f"the Magic Broomstick: a {returns_on} sends it home to {home}")
    gone = roll == returns_on
    out.append(ctx.log({"event": "broomstick_roll", "hero": hero, "roll": roll, "home": gone}))
    if gone:
        sheet = s.sheets[hero]
        sheet.items = [i for i in sheet.items if i.id != inst]
        put(s, home, inst)
        out.append(ctx.log({"event": "broomstick_home", "hero": hero, "counter": inst, "at": home}))
    return out
