"""Heldentaufe at the table (``overlord play heldentaufe``): the players type what their hero does -
a number from the list of options, or the action in words - and the program plays the monsters when
play passes the monster boss marker, saying each monster's step and why.

Commands (the hero is the one whose turn it is): ``move X,Y``, ``explore X,Y``, ``descend [N]``,
``ascend``, ``fight MONSTER [COMPANION]``, ``decline CARD``, ``eat FOOD``, ``brew POTION
[COMPANION]``, ``drink POTION``, ``teleport upper|under X,Y``, ``collect``, ``equip TOKEN``,
``unequip SLOT``, ``drop TOKEN [backpack|inventory|rack]``, ``forge TOKEN TOKEN INTO``, ``trade
GIVE TAKE``, ``mission CARD [tooth|equipment|HERO]``, ``end [TOKEN]`` (the Laboratory's
improvement), ``options`` (the numbered actions; a number typed does one), ``why [N]`` (the
monsters' plans of the last command, or plan N's key and ties).

When the players are the monster boss (``rules.monster_boss: players``) they command the monsters in
their turn: ``monster ID move X,Y``, ``monster ID attack HERO``, ``monster done``, ``monster roll``
or a number of ``options`` - the monsters' commands, their help and their parsing defined once in
``monster_commands``, as the heroes' actions are in ``verbs``.

The monsters' plans are numbered from 1 in the game's log, so ``why N`` answers every plan shown,
after ``resume`` and ``undo`` too; ``why`` alone finds the last command in the log (a hero's action,
or the players' command of the monsters).

The program rolls every die with the game's generator (so ``undo`` and ``resume`` give the same
dice). A command that explores a tile, draws a mission card or turns up a danger draws hidden
things (the engine marks those events with ``hidden_draw``): ``undo`` does not go back past it
when the scenario says ``no_undo_past_hidden_draw``.
"""

from __future__ import annotations

from overlord.core.context import Context, tied
from overlord.core.game import Printout, RulesError, Table, TableReply
from overlord.core.moves import enemy_until_hero

from . import engine, monster_commands
from . import sheets
from .drawing import board_drawing
from .verbs import MOVES
from .picture import picture, status
from .narrate import PLAN_EVENTS, key_lines, plan_words, policy_words
from ...view.drawing import Drawing
from ...view.words import count
from ...view.words import options as numbered

TELEPORT_SHOWN = 6
COMMANDS = ("action", "monster_command")      # the events a command typed at the table begins with


class HeldentaufeTable(Table):
    numbered = True                  # a number typed is one of the numbered options
    commands = {
        **MOVES.commands(),
        "why": "why [N] - the monsters' plans of the last command, or the key (each number and which way it "
               "counts) and the ties of plan N",
        "options": "options - number every action possible now (then type the number)",
        "N": "N - do the N-th of `options`",
        "monster": monster_commands.help_line(),
    }
    changes = set(commands) - {"why", "options", "N"}

    def status(self) -> list[str]:
        return status(self.match.content, self.match.state)

    def picture(self) -> list[str]:
        return picture(self.match.content, self.match.state).splitlines()

    def printout(self, measure_mm: float | None = None, heroes: list[str] | None = None) -> Printout:
        """What ``overlord print`` prints (see :mod:`.sheets`)."""
        return sheets.printout(self.match.content, self.match.state, measure_mm)

    def drawing(self) -> Drawing:
        return board_drawing(self.match.content, self.match.state)

    def opening(self, heroes, seed):
        c = self.match.content
        lines = [f"{c.scenario.name}: {', '.join(heroes)} (seed {seed})"]
        if c.scenario.intro:
            lines.append(c.scenario.intro)
        lines += self.rules.narrate(self.match, self.match.state.log)
        lines += ["", "Put every hero on the campfire; the Underworld as drawn:"] + self.picture()
        return lines

    def undo_hidden_draws(self) -> bool:
        return not self.match.content.rules.no_undo_past_hidden_draw

    # -- commands -----------------------------------------------------------------------------------
    def execute(self, verb, args, line):
        if verb == "why":
            return TableReply(self._why(args))
        if verb == "options":
            return TableReply(self.options() or ["no option: the game is over"])
        if self._players_boss() and self.match.state.cycle == "monster_turn":
            return self._command_monsters(verb, args)
        if verb == "monster":
            raise RulesError("the monsters are commanded in their turn, when the players are the monster boss")
        legal = self.rules.legal_actions(self.match)
        if verb.isdigit():
            shown = self._numbered(legal)
            n = int(verb)
            if not 1 <= n <= len(shown):
                raise RulesError(f"no option {n}; {numbered(len(shown))}")
            action = shown[n - 1]
        else:
            action = self._parse(verb, args, legal)
        events = self.rules.apply(self.match, action)
        events += self._enemy()
        return TableReply(self.rules.narrate(self.match, events), events, changed=True,
                          label=self.rules.describe(action))

    def _players_boss(self) -> bool:
        return self.match.content.rules.monster_boss == "players"

    def _enemy(self) -> list[dict]:
        """The monsters' turn when it is due: the program plays it, or the players take it up."""
        c, s = self.match.content, self.match.state
        if self._players_boss():
            return engine.begin_monsters(c, s)
        return enemy_until_hero(self.rules, self.match)

    def _command_monsters(self, verb, args) -> TableReply:
        c, s = self.match.content, self.match.state
        ctx = Context.reading(s, c)
        if verb.isdigit():
            options = monster_commands.BOSS.legal(ctx) if s.monster_points else []
            if not 1 <= int(verb) <= len(options):
                raise RulesError(f"no option {verb}; {numbered(len(options))}")
            step = options[int(verb) - 1]
        elif verb == "monster":
            step = monster_commands.read(args)
        else:
            raise RulesError(f"the monsters' turn: {monster_commands.usage()}")
        events = monster_commands.BOSS.apply(ctx, step)
        if step["do"] != "roll":
            events += self._enemy()
        return TableReply(self.rules.narrate(self.match, events), events, changed=True,
                          label=f"monster {monster_commands.BOSS.describe(step)}")

    # -- why ----------------------------------------------------------------------------------------
    def _plans(self) -> list[dict]:
        """The monsters' plans of the game, numbered from 1 as the narration numbers them."""
        return [e for e in self.match.state.log if e.get("event") in PLAN_EVENTS]

    def _why(self, args):
        plans = self._plans()
        if not args:
            return self._why_last(plans)
        if len(args) != 1 or not args[0].isdigit():
            raise RulesError("why N: the number of a monsters' plan (or `why` alone: the last command's)")
        n = int(args[0])
        if not 1 <= n <= len(plans):
            raise RulesError(f"no plan {n}: " + ("the monsters have made no plan yet" if not plans
                                                 else "the only plan of this game is plan 1" if len(plans) == 1
                                                 else f"the plans of this game are 1 to {len(plans)}"))
        return self._why_plan(n, plans[n - 1])

    def _why_plan(self, n: int, e: dict) -> list[str]:
        d = e["decision"]
        whose = policy_words("advice" if e["event"] == "monster_advice" else e.get("policy", "planner"))
        lines = [f"plan {n} ({count(e['points'], 'point')}, {whose}): {'; '.join(d['choice']) or 'hold back every point'}",
                 f"  the best of {count(d['considered'], 'plan')} by these numbers, in this order - the "
                 "first that differs decides:"]
        lines += key_lines(d["key"])
        if d.get("tied"):
            lines.append("  the fixed order (monster, attack before move, area) took the first; "
                         + tied(plan_words(d["ties"]), more=d["tied"] - len(d["ties"])))
        return lines

    def _why_last(self, plans: list[dict]) -> list[str]:
        """The monsters' plans of the last command typed (found in the log, so after ``resume`` too)."""
        log = self.match.state.log
        start = next((k for k in range(len(log) - 1, -1, -1) if log[k].get("event") in COMMANDS), None)
        if start is None:
            return ["no command yet: `why` tells the monsters' plans of the last command, `why N` plan N"]
        mine = {id(e) for e in log[start:] if e.get("event") in PLAN_EVENTS}
        first = log[start]
        what = (self.rules.describe({k: v for k, v in first.items() if k != "event"}) if first["event"] == "action"
                else f"the monsters' command: {first.get('said', 'monster')}")
        out = [f"the last command: {what}"]
        for n, e in enumerate(plans, start=1):
            if id(e) in mine:
                out += self._why_plan(n, e)
        if not mine:
            out.append("  the monsters made no plan after it" + (f"; `why N` tells plan N (1 to {len(plans)} so far)"
                                                                   if plans else ""))
        return out

    def _parse(self, verb, args, legal) -> dict:
        hero = self.rules.to_act(self.match)
        mine = [a for a in legal if a["do"] == verb]
        if not mine:
            raise RulesError(f"{hero} cannot {verb} now" + (f"; {self._hint(legal)}" if legal else ""))
        found = MOVES.find(verb, args, mine)
        if found is not None:
            return found
        raise RulesError(f"{verb} {' '.join(args)}: not possible now; possible: "
                         + "; ".join(self.rules.describe(a).split(": ", 1)[1] for a in mine[:8])
                         + (" ..." if len(mine) > 8 else ""))

    def _hint(self, legal):
        return "possible: " + ", ".join(sorted({a["do"] for a in legal}))

    @staticmethod
    def _numbered(legal):
        return [a for a in legal if MOVES[a["do"]].numbered]

    def options(self):
        if self.rules.outcome(self.match) is not None:
            return []
        c, s = self.match.content, self.match.state
        if s.cycle == "monster_turn" and s.monster_points:
            return [f"the monsters' turn, {count(s.monster_points, 'point')} left ({self._commanders()}):"] + [
                f"  {i:>2}. {monster_commands.option_words(o)}"
                for i, o in enumerate(monster_commands.BOSS.legal(Context.reading(s, c)), 1)]
        hero = self.rules.to_act(self.match)
        if hero is None:
            return []
        legal = self.rules.legal_actions(self.match)
        c, s = self.match.content, self.match.state
        head = f"{hero}'s turn, {count(engine.ap_left(c, s, s.board[hero]), 'action point')} left:"
        lines = [head] + [f"  {i:>2}. {self.rules.describe(a).split(': ', 1)[1]}"
                          for i, a in enumerate(self._numbered(legal), start=1)]
        tele = [a for a in legal if not MOVES[a["do"]].numbered]
        if tele:
            lines.append(f"  teleport: {len(tele)} places, e.g. "
                         + ", ".join(f"{a['world']} {a['to']}" for a in tele[:TELEPORT_SHOWN]) + " ...")
        return lines

    def _commanders(self) -> str:
        """Who commands the monsters this turn, by the book's rule (``boss.who_commands``)."""
        hs = self.match.state.commanders
        if not hs:
            return "the players command"
        if len(hs) == 1:
            return f"{hs[0]} commands"
        return " and ".join([", ".join(hs[:-1]), hs[-1]]) + " command together; `monster roll` if they cannot agree"

    def prompt(self):
        s, c = self.match.state, self.match.content
        clock = f" | clock {s.clock}/{c.scenario.clock.limit[len(s.heroes)]}" if c.coop and c.scenario.clock else ""
        who = self.rules.to_act(self.match) or "monsters"
        if who == "monsters" and s.commanders:
            who = f"monsters ({', '.join(s.commanders)})"
        return f"[round {s.round}{clock}] {who}> "

    def words(self):
        c = self.match.content
        return list(self.match.state.heroes) + list(c.monsters) + ["upper", "under", "apple", "fish",
                                                                        "mushroom", "healing", "berserker", "teleport"]

    def json_extra(self):
        s = self.match.state
        return {"round": s.round, "clock": s.clock, "to_act": self.rules.to_act(self.match),
                **({"commanders": list(s.commanders)} if s.commanders else {})}

