"""What an author writes for Return of the Heroes: the vocabulary every RotH file shares. Each file
holds one kind, named by its top-level key (``decks/roth/``), registered by its own module::

    roth_regions:   {layout: [ABCD, EFGH, IJKL, MNOP], regions: {A: {...}, ...}}   # regions
    roth_counters:  {wolves: {...}, ...}       # counters                (the bag, the map, the market)
    roth_artifacts: {magic-staff: {...}, ...}  # counters                (what a counter is as an artifact)
    roth_heroes:    {leandra: {...}, ...}      # heroes                  (the ten character sheets)
    roth_deeds:     {axe-of-the-gnomes: ...}   # heroes                  (heroic deeds and their parts)
    roth_nameless:  {the-lich: {...}, ...}     # heroes                  (the six Nameless cards)

The book gives names and a few numbers; every number it leaves out is ours and named in the item's
``ours`` list. Problems are reported as FILE:LINE:COL by ``overlord validate``.
"""

from __future__ import annotations

import re
from typing import Literal

from overlord.games.heroes.sheet import SKILLS

NAME = "roth"
Skill = Literal[SKILLS]
# "On the counters, you'll see blue, green and red spots ... magic combat, ranged combat and close
# combat" (Return of the Heroes, Combat and Combat Trials); experience cubes in the same colours
# (Rewards and Experience)
Dot = Literal["blue", "green", "red"]
Cube = Literal["blue", "green", "red"]
DOT_SKILL = {"blue": "magic", "green": "ranged", "red": "close"}
# "The ones with a red border are dangerous ... creatures ... a counter with a blue border, which
# are tasks, or a green border, which are encounters" (Counters); "a counter with orange bordering.
# Those are events" (Events); artifacts of a task "with a blue/yellow border", parts of a heroic
# deed "with half their bordering in purple" (Counters); artifacts with a yellow border (Hit Points:
# "any one artifact with a yellow or partly yellow border")
Border = Literal["red", "blue", "green", "orange", "yellow", "blue/yellow", "purple"]
# the heroes of the box, a pair a sheet (one side each: "selects the gender of their character by
# choosing one side of the character sheet", What to Do First)
HERO_KINDS = ("fighter", "dwarf", "elf", "cleric", "mage")
# the board: regions A-P laid [ABCD, EFGH, IJKL, MNOP] (ours: the book names fields such as F7, H3,
# N5); a field is its region's letter and its number
REGIONS = "ABCDEFGHIJKLMNOP"
FIELD_ID = re.compile(r"[A-P][1-9][0-9]?")


def field_problem(fid: str) -> str:
    """Why ``fid`` is not written as a field of the board (a region letter and a number), or ''; the
    board's own check (the field exists) is the scenario's."""
    if FIELD_ID.fullmatch(fid):
        return ""
    return f"{fid!r} is not a field id (a region letter A-P and a number, as F7)"
INTRODUCTORY_KINDS = ("fighter", "mage", "elf", "dwarf")    # "one of four heroes" (What to Do First)

# -- the scenario ---------------------------------------------------------------------------------------

MODES = ("coop", "race")     # together (ours), the book's race
# "The Standard Game" and "The Unknown Land" are the book's Alternative Rules to the introductory game
VARIANTS = ("introductory", "standard", "unknown_land")
