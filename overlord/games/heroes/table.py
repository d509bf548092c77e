"""The family's table (``overlord play``): the players type what their heroes do (an action's words,
or the number of an option), the program rolls every die with the game's generator, draws and
places every counter, plays its own side, and tells each event with the key behind its choices.

A command is an action's words (the game's moves, ``overlord.core.moves``) or the number of an
option; the player's own choices ride along as ``word=value``. ``options`` numbers what the hero
may do now, ``why`` tells the last command again with the rule behind each of its events. Every
event that brought something hidden into view (a counter drawn or turned over, a market...) is
marked by the engine (``overlord.core.game.hidden_draw``): ``undo`` does not go back past it.

A game's table (the Dragon's, Return of the Heroes') takes its rules' moves and adds what it asks and
shows: the line above the options (:meth:`HeroesTable.asked`), what a hidden draw brought out
(:meth:`HeroesTable.brought_out`), the last command explained (:meth:`HeroesTable.explain`), and
its status, pictures, prompt and words.
"""

from __future__ import annotations

from overlord.core.game import HIDDEN_DRAW, RulesError, Table, TableReply
from overlord.core.moves import Moves, enemy_until_hero

from ...view.words import listing, options

TABLE_ONLY = {
    "N": "N - the N-th of `options`",
    "options": "options - number what the hero may do now (then type the number)",
    "why": "why - the last command again, with the rule behind each thing that happened",
}


def table_commands(moves: Moves) -> dict[str, str]:
    """The table's help: a number, the moves' lines, ``options`` and ``why``."""
    return {"N": TABLE_ONLY["N"], **moves.commands(), "options": TABLE_ONLY["options"], "why": TABLE_ONLY["why"]}


class HeroesTable(Table):
    """A family game at the table, on its rules' moves (``rules.moves``); a game's subclass sets
    ``commands`` (``table_commands(moves)``) and ``changes`` (``set(moves.names)``)."""

    numbered = True                  # a number typed is one of the numbered options

    # -- what a game adds ------------------------------------------------------------------------
    def asked(self) -> str:
        """The line above the numbered options: who acts, and what he is asked."""
        raise NotImplementedError

    def brought_out(self, event: dict) -> str:
        """What an event marked as a hidden draw brought into view, in a few words."""
        raise NotImplementedError

    def explain(self) -> list[str]:
        """The last command again, with the rule behind each of its events."""
        raise NotImplementedError

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
        return [a for a in legal if a["do"] not in self.field_choices]

    def options(self):
        hero = self.rules.to_act(self.match)
        if hero is None:
            return []
        legal = self.rules.legal_actions(self.match)
        lines = [self.asked()]
        lines += [f"  {k:2}. {self.rules.describe(a)}" for k, a in enumerate(self.numbered_options(legal), start=1)]
        for verb in self.field_choices:
            fields = [a["to"] for a in legal if a["do"] == verb]
            if fields:
                lines.append(f"      {verb} FIELD: {', '.join(fields[:30])}" + (" ..." if len(fields) > 30 else ""))
        return lines
