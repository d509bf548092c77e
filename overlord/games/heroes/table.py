"""The family's table (``overlord play``): the players type what their heroes do (an action's words,
or the number of an option), the program rolls every die with the game's generator, draws and
places every counter, plays its own side, and tells each event with the key behind its choices.

A command is an action's words (the game's moves, ``overlord.core.moves``) or the number of an
option; the player's own choices ride along as ``word=value``. ``options`` numbers what the hero
may do now, ``why`` tells the last command again with the rule behind each of its events. Every
event that brought something hidden into view (a counter drawn or turned over, a market...) is
marked by the engine (``overlord.core.game.hidden_draw``): ``undo`` does not go back past it.

A game's table (the Dragon's, Return of the Heroes') takes its rules' moves and names as class
data its narration (:class:`Narration`: its status, board as text, opening summary, the line above
the options, what a hidden draw brought out), who acts when no hero does, how many maps ``map``
draws and which of its state's fields the prompt and ``--json`` show; it adds the last command
explained (:meth:`HeroesTable.explain`), its printout and its drawing.
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol

from overlord.core.game import HIDDEN_DRAW, RulesError, Table, TableReply
from overlord.core.moves import Moves, enemy_until_hero
from overlord.games.heroes.sheet import SKILLS

from ...view.words import listing, options

TABLE_ONLY = {
    "N": "N - the N-th of `options`",
    "options": "options - number what the hero may do now (then type the number)",
    "why": "why - the last command again, with the rule behind each thing that happened",
}


def table_commands(moves: Moves) -> dict[str, str]:
    """The table's help: a number, the moves' lines, ``options`` and ``why``."""
    return {"N": TABLE_ONLY["N"], **moves.commands(), "options": TABLE_ONLY["options"], "why": TABLE_ONLY["why"]}


class Narration(Protocol):
    """What the family's table reads of a game's narration (its ``narrate`` module), each on the
    game's state ``s`` and content ``c``."""

    def status(self, s: Any, c: Any) -> list[str]: ...

    def picture(self, s: Any, c: Any) -> str: ...

    def summary(self, s: Any, c: Any) -> list[str]: ...

    def asked(self, s: Any, c: Any) -> str: ...

    def brought_out(self, s: Any, c: Any, e: dict) -> str: ...


class HeroesTable(Table):
    """A family game at the table, on its rules' moves (``rules.moves``); a game's subclass sets
    ``commands`` (``table_commands(moves)``), ``changes`` (``set(moves.names)``) and the class data
    below."""

    numbered = True                  # a number typed is one of the numbered options

    # -- what a game names -----------------------------------------------------------------------
    #: its narration (the game's ``narrate`` module)
    narration: ClassVar[Narration]
    #: who acts when no hero does, in the prompt ("the Dragon")
    enemy: ClassVar[str]
    #: how many maps ``map`` draws, in words ("nine")
    maps: ClassVar[str]
    #: the state's fields the prompt shows after the round (``hoard 3``), and those ``--json`` adds
    prompt_fields: ClassVar[tuple[str, ...]] = ()
    json_fields: ClassVar[tuple[str, ...]] = ()

    def intro(self) -> list[str]:
        """The scenario's introduction, the line after the opening's first (none unless the game has one)."""
        return []

    def explain(self) -> list[str]:
        """The last command again, with the rule behind each of its events."""
        raise NotImplementedError

    # -- what the table shows ------------------------------------------------------------------------
    def opening(self, heroes, seed):
        sc = self.match.content.scenario
        return ([f"{sc.name}: {', '.join(heroes)} (seed {seed})"] + self.intro()
                + self.rules.narrate(self.match, self.match.state.log)
                + self.narration.summary(self.match.state, self.match.content)
                + [f"(`map` draws every field of the {self.maps} maps and its routes)"])

    def status(self) -> list[str]:
        return self.narration.status(self.match.state, self.match.content)

    def picture(self) -> list[str]:
        return self.narration.picture(self.match.state, self.match.content).splitlines()

    def asked(self) -> str:
        """The line above the numbered options: who acts, and what he is asked."""
        return self.narration.asked(self.match.state, self.match.content)

    def brought_out(self, event: dict) -> str:
        """What an event marked as a hidden draw brought into view, in a few words."""
        return self.narration.brought_out(self.match.state, self.match.content, event)

    def words(self):
        s, c = self.match.state, self.match.content
        return list(s.heroes) + list(c.board.fields) + list(c.instances) + list(SKILLS)

    def prompt(self):
        s = self.match.state
        who = self.rules.to_act(self.match) or self.enemy
        shown = [f"round {s.round}"] + [f"{f} {getattr(s, f)}" for f in self.prompt_fields] + [who]
        return f"[{' | '.join(shown)}] {self.rules.name}> "

    def json_extra(self) -> dict:
        s = self.match.state
        return {"round": s.round, **{f: getattr(s, f) for f in self.json_fields}, "to_act": self.rules.to_act(self.match)}

    # -- undo --------------------------------------------------------------------------------------
    def undo_hidden_draws(self) -> bool:
        return False

    def undo_refused(self, command: str, message: str) -> str:
        s = self.match.state
        seen = [self.brought_out(e) for e in s.log[max(0, s.last_action):] if e.get(HIDDEN_DRAW)]
        if s.last_action < 0 or not seen:
            return message
        return (f"undo refused: '{command}' brought into view {listing(list(dict.fromkeys(seen)))}; the players have "
                "seen it, so it stays")

    # -- commands --------------------------------------------------------------------------------
    def execute(self, verb, args, line):
        if verb == "options":
            return TableReply(self.options() or [self.over_line() if self.rules.outcome(self.match) else "nothing to do"])
        if verb == "why":
            return TableReply(self.explain())
        legal = self.rules.legal_actions(self.match)
        if verb.isdigit():
            numbered = self.numbered_options(legal)
            k = int(verb)
            if not 1 <= k <= len(numbered):
                raise RulesError(f"no option {k}; {options(len(numbered))}")
            action = dict(numbered[k - 1])
            action.update(self.rules.moves.read_choices(args))
        else:
            action = self.rules.moves.parse(verb, args, legal, actor=self.rules.to_act(self.match),
                                      options=self.numbered_options(legal))
        evs = self.rules.apply(self.match, action)
        evs += enemy_until_hero(self.rules, self.match)
        return TableReply(self.rules.narrate(self.match, evs), evs, changed=True, label=self.rules.describe(action))

    # -- what may be done ------------------------------------------------------------------------
    @property
    def field_choices(self) -> tuple[str, ...]:
        """The moves whose options are one line of fields, not numbered."""
        return tuple(m.name for m in self.rules.moves if not m.numbered)

    def numbered_options(self, legal: list[dict]) -> list[dict]:
        """The options numbered: all but the field choices (one that names no field is numbered: a
        combined game's `teleport` alone, the City's teleporter fields, beside `teleport FIELD`)."""
        return [a for a in legal if a["do"] not in self.field_choices or "to" not in a]

    def options(self):
        hero = self.rules.to_act(self.match)
        if hero is None:
            return []
        legal = self.rules.legal_actions(self.match)
        lines = [self.asked()]
        lines += [f"  {k:2}. {self.rules.describe(a)}" for k, a in enumerate(self.numbered_options(legal), start=1)]
        for verb in self.field_choices:
            fields = [a["to"] for a in legal if a["do"] == verb and "to" in a]
            if fields:
                lines.append(f"      {verb} FIELD: {', '.join(fields[:30])}" + (" ..." if len(fields) > 30 else ""))
        return lines
