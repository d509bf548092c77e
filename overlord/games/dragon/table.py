"""The Dragon at a table (``overlord play dragon``): the players type what their heroes do (or the
number of an option), the program rolls every die with the game's generator, draws and places
every counter, plays the Dragon, and tells each event with the key behind its choices.

A command is an action's words: ``move T4``, ``jump S8``, ``vision T4``, ``fight skeleton close``,
``try unicorn magic``, ``use cerberos close``, ``take rope``, ``buy armour for orc``, ``clairvoyance
rope``, ``draw``, ``end``... or the number of an option.
The player's own choices ride along as ``word=value``: ``cubes=blue,red`` (reward colours),
``gold=yes`` (the Orc's gold for cubes), ``lose=natural`` or ``lose=ITEM`` (which hit point),
``keep=ITEM`` (what a dead hero bequeaths), ``discard=magic,close`` (the hoard's cubes), ``cube=red``
(a cube paid or lost), ``pick=1`` (the teleporter's die). Without them a documented default
decides. ``undo`` never goes back past a command that drew from the bag, the market or the Dragon
deck: the players have seen what came out.

``options`` numbers what the hero may do now (the number typed does it), ``why`` tells the last
command again with the rule behind each of its events (also after ``resume``), ``map`` draws every
field and route of the nine maps with who and what stands where. When the Dragon attacks, each
attacked player answers in turn: ``defend SKILL`` (the trial of his choice) or ``defend with
lightning``, then ``lose ITEM`` (the artifact of his choice) when the Dragon could destroy more than
one. Every event that brought something hidden into view (a counter drawn or turned over, a market,
a Dragon card, a look by Vision...) is marked by the engine (``overlord.core.game.hidden_draw``):
``undo`` does not go back past it, and a die roll (a trial, a search, the Halfling's hiding) is
never one.
"""

from __future__ import annotations

from overlord.core.game import HIDDEN_DRAW, Printout, RulesError, Table, TableReply
from overlord.core.moves import enemy_until_hero
from ...view.drawing import Drawing
from ...view.words import listing, options
from . import narrate
from . import sheets
from .drawing import board_drawing
from .verbs import MOVES
from .why import explain

#: the moves whose options are one line of fields, not numbered (pegasus, place, steer)
FIELD_CHOICES = tuple(m.name for m in MOVES if not m.numbered)
TABLE_ONLY = {
    "N": "N - the N-th of `options`",
    "options": "options - number what the hero may do now (then type the number)",
    "why": "why - the last command again, with the rule behind each thing that happened",
}
class DragonTable(Table):
    commands = {"N": TABLE_ONLY["N"], **MOVES.commands(), "options": TABLE_ONLY["options"], "why": TABLE_ONLY["why"]}
    changes = set(MOVES.names)       # options and why answer also once the game is over
    numbered = True                  # a number typed is one of the numbered options

    def opening(self, heroes, seed):
        sc = self.match.content.scenario
        return ([f"{sc.name}: {', '.join(heroes)} (seed {seed})"] + ([sc.intro] if sc.intro else [])
                + self.rules.narrate(self.match, self.match.state.log)
                + narrate.summary(self.match.state, self.match.content)
                + ["(`map` draws every field of the nine maps and its routes)"])

    def status(self) -> list[str]:
        return narrate.status(self.match.state, self.match.content)

    def picture(self) -> list[str]:
        return narrate.picture(self.match.state, self.match.content).splitlines()

    def printout(self, measure_mm: float | None = None, heroes: list[str] | None = None) -> Printout:
        """What ``overlord print`` prints (see :mod:`.sheets`)."""
        return sheets.printout(self.match.content, self.match.state, measure_mm, heroes)

    def drawing(self) -> Drawing:
        """The nine maps, their fields and routes, the heroes and counters, the last turns' moves
        (``drawing.board_drawing``): what ``map`` prints, as a picture."""
        return board_drawing(self.match.state, self.match.content)

    def undo_hidden_draws(self) -> bool:
        return False

    def undo_refused(self, command: str, message: str) -> str:
        s, c = self.match.state, self.match.content
        seen = [narrate.brought_out(s, c, e) for e in s.log[max(0, s.last_action):] if e.get(HIDDEN_DRAW)]
        if s.last_action < 0 or not seen:
            return message
        return (f"undo refused: '{command}' brought into view {listing(list(dict.fromkeys(seen)))}; the players have "
                "seen it, so it stays")

    # -- commands --------------------------------------------------------------------------------
    def execute(self, verb, args, line):
        if verb == "options":
            return TableReply(self.options() or [self.over_line() if self.rules.outcome(self.match) else "nothing to do"])
        if verb == "why":
            return TableReply(explain(self.match.state, self.match.content))
        legal = self.rules.legal_actions(self.match)
        if verb.isdigit():
            numbered = self._numbered(legal)
            k = int(verb)
            if not 1 <= k <= len(numbered):
                raise RulesError(f"no option {k}; {options(len(numbered))}")
            action = dict(numbered[k - 1])
            action.update(MOVES.read_choices(args))
        else:
            action = MOVES.parse(verb, args, legal, actor=self.rules.to_act(self.match), options=self._numbered(legal))
        evs = self.rules.apply(self.match, action)
        evs += enemy_until_hero(self.rules, self.match)
        return TableReply(self.rules.narrate(self.match, evs), evs, changed=True, label=self.rules.describe(action))

    # -- what may be done ------------------------------------------------------------------------
    def _numbered(self, legal: list[dict]) -> list[dict]:
        return [a for a in legal if a["do"] not in FIELD_CHOICES]

    def options(self):
        hero = self.rules.to_act(self.match)
        if hero is None:
            return []
        legal = self.rules.legal_actions(self.match)
        s = self.match.state
        lines = [narrate.asked(s, self.match.content)]
        lines += [f"  {k:2}. {self.rules.describe(a)}" for k, a in enumerate(self._numbered(legal), start=1)]
        for verb in FIELD_CHOICES:
            fields = [a["to"] for a in legal if a["do"] == verb]
            if fields:
                lines.append(f"      {verb} FIELD: {', '.join(fields[:30])}" + (" ..." if len(fields) > 30 else ""))
        return lines

    def words(self):
        s, c = self.match.state, self.match.content
        return list(s.heroes) + list(c.board.fields) + list(c.instances) + ["magic", "ranged", "close"]

    def prompt(self):
        s = self.match.state
        who = self.rules.to_act(self.match) or "the Dragon"
        return f"[round {s.round} | hoard {s.hoard} | {who}] dragon> "

    def json_extra(self) -> dict:
        s = self.match.state
        return {"round": s.round, "hoard": s.hoard, "dragon": s.dragon, "to_act": self.rules.to_act(self.match)}

