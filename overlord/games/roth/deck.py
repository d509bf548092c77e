"""The Nameless deck of Return of the Heroes' co-operative mode (ours: the book has only the race),
as an author writes it (``decks/roth/nameless-deck.yaml``, the kind ``roth_nameless_deck``), and
the checks it must pass. The rules that play it are :mod:`overlord.games.roth.enemy`.

Each card is ours (``ours: true``), in our own one line (``text``), and names in ``book`` the
book's text it grows from. Its ``effects`` are played in order, from a small closed vocabulary
(:data:`EFFECTS`); ``early``, when given, is played instead while the Nameless has not come out of
the bag ("At the beginning of the game, the Nameless counter is not yet in the bag", The Final
Battle Against the Nameless): his Servants are not on the map then, so a card must do something
else - the darkness grows, a counter is drawn, the Nameless enters the bag early.

Problems are reported as FILE:LINE:COL by ``overlord validate``; an unknown effect names the
nearest of the vocabulary.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from overlord.content import kinds
from overlord.content.errors import Problem
from overlord.content.models import Int, Nothing, Strict, tagged
from overlord.games.heroes.content import one_line

from .content import NAME, Skill

DECK_KEY = "roth_nameless_deck"


class Darkness(Strict):
    """The clock advances (ours: the darkness that beats the heroes at the scenario's limit)."""
    darkness: Int(1, 10)


class DrawSpec(Strict):
    counters: Int(1, 5) = 1


class Draw(Strict):
    """Counters drawn from the bag ("counters drawn from the bag", Drawing Counters), placed by the
    program against the heroes: a chit face down on the free tan field nearest a hero (it stops
    him: "At every random encounter chit, you have to stop and turn it over", Counters), any other
    counter on its coordinates; the Nameless drawn comes out with his Guards and Servants."""
    draw: DrawSpec


class Call(Strict):
    """The Nameless enters the bag before any heroic deed's first part is fulfilled (the book's
    Option 1, "The Nameless counter is placed in the bag right from the start", played by a card)."""
    call: Nothing = Nothing()


class SummonSpec(Strict):
    servants: Int(1, 8) = 1


class Summon(Strict):
    """Servants from the bag onto their coordinates, drawn unseen and face down ("The total is the
    number of Servants that are drawn unseen and immediately placed on their coordinates")."""
    summon: SummonSpec


class MarchSpec(Strict):
    fields: Int(1, 6) = Field(2, description="fields each Servant walks")
    servants: Int(1, 8) = Field(1, description="how many Servants walk, the nearest a hero first")


class March(Strict):
    """Servants walk toward the nearest hero along the routes ("his Guards and especially his
    Servants appear. This makes movement in the regions more difficult")."""
    march: MarchSpec


class StrikeSpec(Strict):
    modifier: Int(-5, 5) = Field(0, description="added to the Servant's own spots")


class Strike(Strict):
    """Every Servant on a hero's field strikes him: a combat in a skill of the Servant's dots; lost,
    a hit point, and the Servant "is turned over again and its ratings hidden"."""
    strike: StrikeSpec = StrikeSpec()


class OrdealSpec(Strict):
    skill: Skill
    modifier: Int(-5, 5) = 0


class Ordeal(Strict):
    """An event of the Nameless's: every hero in turn a trial in the skill ("one player after the
    other attempts a trial ... if unsuccessful, a player is eliminated, but doesn't lose any hit
    points", Events); each failure darkens the land by one."""
    ordeal: OrdealSpec


class Hide(Strict):
    """Every Servant on the map whose ratings are known is turned face down again ("The Servant
    marker is turned over again and its ratings hidden")."""
    hide: Nothing = Nothing()


EFFECTS = {"darkness": Darkness, "draw": Draw, "call": Call, "summon": Summon, "march": March, "strike": Strike,
           "ordeal": Ordeal, "hide": Hide}
# the effects that act on the Servants on the map or in the bag: nothing before the Nameless is out
SERVANT_EFFECTS = ("summon", "march", "strike", "hide")
Effect = tagged(EFFECTS, "effect")


def effect_name(effect) -> str:
    return next(name for name, model in EFFECTS.items() if type(effect) is model)


class NamelessCard(Strict):
    id: str = Field(min_length=1, max_length=80)
    name: str = Field(min_length=1)
    ours: Literal[True] = Field(description="every card is ours: the book's race has no enemy deck")
    book: str = Field(min_length=1, description="the book's text the card grows from")
    effects: list[Effect] = Field(min_length=1)
    early: list[Effect] = Field([], description="played instead while the Nameless is not out of the bag")
    text: str = Field(min_length=1)

    _text = field_validator("text")(one_line)

    def plays(self, nameless_out: bool) -> list:
        """The effects played: ``early`` while the Nameless is not out of the bag, when given."""
        return self.effects if nameless_out or not self.early else self.early


class NamelessDeckFile(Strict):
    roth_nameless_deck: list[NamelessCard] = Field(min_length=12, max_length=20)


def deck_problems(model: NamelessDeckFile, doc) -> list[Problem]:
    """Each id once; a card whose effects before the Nameless is out are all the Servants' would do
    nothing then (give it ``early``); ``early`` holds no Servant's effect."""
    problems: list[Problem] = []
    seen: dict[str, int] = {}
    for i, card in enumerate(model.roth_nameless_deck):
        base = (DECK_KEY, i)
        if card.id in seen:
            problems.append(doc.problem(base + ("id",), f"card id {card.id!r} is used twice (first on line {seen[card.id]})"))
        seen.setdefault(card.id, doc.where(base + ("id",))[0] or 0)
        before = card.plays(False)
        if all(effect_name(e) in SERVANT_EFFECTS for e in before):
            problems.append(doc.problem(base + ("effects",), f"card {card.id!r} does nothing before the Nameless is "
                                        "drawn (no Servant is on the map then): give it early effects"))
        for k, e in enumerate(card.early):
            if effect_name(e) in SERVANT_EFFECTS:
                problems.append(doc.problem(base + ("early", k), f"card {card.id!r}: early effects are played before "
                                            f"the Nameless is drawn, when no Servant is out: not {effect_name(e)}"))
    return problems


kinds.register(kinds.FileKind(DECK_KEY, NamelessDeckFile, NAME, "the Nameless deck (co-operative mode, ours)",
                              vocabulary={"unknown_effect": list(EFFECTS)},
                              check=lambda loaded: deck_problems(loaded.model, loaded.doc)))
