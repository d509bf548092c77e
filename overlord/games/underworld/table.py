"""The co-operative Underworld at a real table: the players say what their heroes do, the
program plays the Damned One, rolls the dice with the game's seeded generator (so undo and
resume give the same rolls), and tells the table what happened and why.

Commands (``help`` lists them; ``options`` numbers what may be done now; a bad command gets one
line and changes nothing)::

    N                      the N-th of `options`
    extend STACK SIDE      skip         turn N        move TILE      stop
    fight COUNTER SKILL    escape SKILL encounter COUNTER            accept TASK   fulfil TASK   pick ID
    use styx|lethe|hades   attack WEAPON [SKILL]     drink ITEM    duel HERO    discard ITEM   end
    choose N TILE          options   (and the session's: map status undo help quit)
"""

from __future__ import annotations

import json
import re

from ...core.game import Printout, RulesError, Table, TableReply
from ..heroes.sheet import SKILLS, life_total, shadow_cubes
from ...core.game import drew_hidden
from .damned import place_chaos_markers
from .dark import choose_end
from .engine import apply, describe, legal_actions
from .picture import draw_map
from . import sheets
from .drawing import board_drawing
from .narrate import cited, last_command_events, narrate, tie_decisions
from .scoring import final_score
from .state import UnderworldState, kind_of
from .verbs import MOVES
from ...view.drawing import Drawing
from ...view.words import listing, options, pairs


class CommandError(RulesError):
    """A command the table cannot take as typed; nothing changed."""


HELP = {
    **MOVES.commands(),           # the hero actions' help lines, each from its move (``verbs``)
    "pick": "pick ID - keep this one of the three treasures turned up by wishing for luck",
    "choose": "choose N TILE - decision N of the last command, to another of its tiles: a Damned One's counter "
              "to another of its equally good ends (the heroes choose where the rules tie), or the Adventure markers "
              "of Chaos to another tile without markers (the active player's choice)",
    "options": "options - number every action possible now (then type the number)",
    "why": "why - the reasons behind what the last command did, in the rulebook's words",
    "map": "map - draw the Underworld",
    "status": "status - round, the Dark Side, every hero's life, cubes and items",
    "undo": "undo - take back the last command, its dice included; a command that turned up a face-down tile, "
            "marker or card is taken back only where the scenario allows it (the shipped one does not)",
    "help": "help [COMMAND] - this list, or one command",
    "quit": "quit - stop here; `overlord resume FILE` continues",
}
ACTION_WORDS = set(MOVES.commands())


class UnderworldTable(Table):
    commands = {"N": "N - the N-th of `options`", **HELP}
    numbered = True                  # a number typed is one of the numbered options
    changes = ACTION_WORDS | {"pick", "choose"}

    def __init__(self, rules, match):
        super().__init__(rules, match)
        self.decisions: list[dict] = []          # the last Dark phase's ties, for `choose`
        self.pending: dict | None = None         # an action waiting for `pick`
        self.last: list[dict] = []               # the last command's events, for `why`

    def status(self) -> list[str]:
        return status_lines(self.match.state)

    def picture(self) -> list[str]:
        return draw_map(self.match.state).splitlines()

    def printout(self, measure_mm: float | None = None, heroes: list[str] | None = None) -> Printout:
        """What ``overlord print`` prints (see :mod:`.sheets`)."""
        return sheets.printout(self.match.state, self.match.content, measure_mm, heroes)

    def drawing(self) -> Drawing:
        return board_drawing(self.match.state, self.match.content)

    @property
    def state(self) -> UnderworldState:
        return self.match.state

    @property
    def content(self):
        return self.match.content

    def opening(self, heroes: list[str], seed: int) -> list[str]:
        content = self.content
        sc = content.scenario
        lines = [f"{sc.name}: {', '.join(heroes)} (seed {seed})", sc.intro.strip(), ""]
        lines += [f"  {h}: {content.heroes[h].name} - skills {pairs(content.heroes[h].skills)}, "
                  f"{content.heroes[h].life} life, {content.heroes[h].movement} movement" for h in heroes]
        return lines + narrate(self.state.log)

    # -- one command ------------------------------------------------------------------------------
    def execute(self, verb: str, args: list[str], line: str) -> TableReply:
        try:
            return self._execute(verb, args, line)
        except RulesError as e:                  # the rulebook named as players read it, lists as words
            raise CommandError(_readable(str(e))) from None

    def _execute(self, verb: str, args: list[str], line: str) -> TableReply:
        if verb.isdigit():
            return self._act(line, self._numbered(int(verb)))
        if verb in ACTION_WORDS:
            return self._act(line, self._parse(verb, args))
        if verb == "pick":
            return self._pick(args)
        if verb == "choose":
            return self._choose(args)
        if verb == "options":
            return TableReply(self.options())
        if verb == "why":
            return TableReply(narrate(self.last, cite=True) or ["no command yet: `why` tells the last one's reasons"])
        raise CommandError(f"{verb}: type a number of `options`")

    def _act(self, line: str, action: dict) -> TableReply:
        self.pending = None
        asked = self._ask_pick(line, action)
        if asked is not None:
            return asked
        return self._apply(line, action)

    def _apply(self, line: str, action: dict) -> TableReply:
        before = len(self.state.log)
        apply(self.state, self.content, action)
        events = self.state.log[before:]
        self.last = events
        self.decisions = tie_decisions(events)
        label = f"{line} ({describe(action)})" if line.split()[0].isdigit() else line
        return TableReply(narrate(events), events, changed=True, label=label)

    def restore(self, match) -> list[str]:
        """After ``undo``, on ``resume`` or after a refused command: the last command is read
        back from the log (its events since its action), so `why` and `choose` still answer."""
        self.match = match
        self.pending = None
        self.last = last_command_events(self.state)
        self.decisions = tie_decisions(self.last)
        return []

    def epilogue(self) -> list[str]:
        sc = self.content.scenario
        won = self.state.outcome == "won"
        return (["== Victory ==" if won else "== Defeat ==", sc.win if won else sc.lose, "Victory points (HitU):"]
                + [f"  {v['hero']}: {v['points']:g}  {v['arithmetic']}" for v in final_score(self.state)])

    def _choose(self, args):
        if len(args) != 2 or not args[0].isdigit():
            raise CommandError(f"usage: {HELP['choose']}")
        n = int(args[0])
        if not 1 <= n <= len(self.decisions):
            raise CommandError(f"no decision {n}: the last command numbered "
                               + (f"{len(self.decisions)}" if self.decisions else "none")
                               + " (a counter's move with equally good ends, or the tile for the Adventure markers "
                                 "of Chaos; open until the next action)")
        d = self.decisions[n - 1]
        try:
            if d.get("markers"):
                event = place_chaos_markers(self.state, d["end"], args[1], d["ties"])
            else:
                event = choose_end(self.state, d["counter"], d["end"], args[1], d["ties"])
        except ValueError as e:
            raise CommandError(str(e)) from None
        d["end"] = args[1]
        self.last = self.last + [event]
        return TableReply(narrate([event]), [event], changed=True, label=f"choose {n} {args[1]}", closing=False)

    def _ask_pick(self, line: str, action: dict) -> TableReply | None:
        """Wishing for luck turns up three treasures in the middle of an action: play the action
        on a copy (the same dice and draws: the generator is in the state) to see them, and ask
        the players which to keep before the real one is played."""
        wish = ((action.get("with") or {}).get("treasure") or {})
        if not wish.get("wish"):
            return None
        picks = list(wish.get("pick") or [])
        trial = self.rules.clone(self.match).state
        apply(trial, self.content, action)
        hero = self.state.turn.hero
        shown = [e["markers"] for e in trial.log[len(self.state.log):]
                 if e.get("event") == "treasure_revealed" and e.get("wish") and e.get("hero") == hero]
        if len(shown) <= len(picks):
            return None
        self.pending = {"line": line, "action": action, "shown": shown[len(picks)]}
        names = ", ".join(f"{c} ({kind_of(self.state, c).name})" for c in shown[len(picks)])
        return TableReply([f"  {hero} pays 1 gold and three treasures turn up: {names}",
                           "  `pick ID` keeps one (the other two go back face down)"])

    def _pick(self, args):
        if not getattr(self, "pending", None):
            raise CommandError("nothing to pick: wish for luck first (e.g. `fight COUNTER SKILL wish`)")
        if len(args) != 1 or args[0] not in self.pending["shown"]:
            raise CommandError(f"pick one of {', '.join(self.pending['shown'])}")
        pending = self.pending
        action = json.loads(json.dumps(pending["action"]))
        treasure = action["with"]["treasure"]
        treasure["pick"] = list(treasure.get("pick") or []) + [args[0]]
        return self._act(f"{pending['line']} pick {args[0]}", action)

    def _numbered(self, n: int) -> dict:
        legal = legal_actions(self.state)
        if not 1 <= n <= len(legal):
            raise CommandError(f"no option {n}; {options(len(legal))} (type `options`)")
        return legal[n - 1]

    def _parse(self, verb: str, args: list[str]) -> dict:
        """A typed action as the engine's action dict, read by its move's params (``verbs``; the
        player's choices ride in the action's ``with``); checked for legality by the engine. A
        turn of the drawn tile is one of those listed (they carry the exits it gives)."""
        move = MOVES.typed(verb)
        if len(args) < len([p for p in move.typed_params() if not p.optional]):
            raise CommandError(f"usage: {HELP[verb]}")
        if move.name != "orient":
            return MOVES.read(verb, args)
        legal = legal_actions(self.state)
        try:
            return MOVES.parse(verb, args, legal)
        except RulesError:
            raise CommandError(f"turn {args[0]}: turns of this tile that change its exits: "
                               + ", ".join(str(a["turns"]) for a in legal if a["do"] == "orient")) from None

    # -- reading the game -------------------------------------------------------------------------
    def options(self) -> list[str]:
        legal = legal_actions(self.state)
        if not legal:
            return [self.over_line()] if self.rules.outcome(self.match) is not None else []
        t = self.state.turn
        head = f"{t.hero}, phase {t.phase}" + (f", {t.mp_left} MP left" if t.phase == "move" else "") + ":"
        return [head] + [f"  {i:2}. {describe(a)}" for i, a in enumerate(legal, start=1)]

    def undo_hidden_draws(self) -> bool:
        return self.content.scenario.rules.undo_hidden_draws

    def undo_refused(self, command: str, message: str) -> str:
        drawn = _drawn_by_last_command(self.state)
        if not drawn:
            return message
        return (f"undo refused: '{command}' turned up {drawn}, and this scenario does not take back what was "
                "drawn face down; it stays")

    def prompt(self) -> str:
        s = self.state
        who = f"{s.turn.hero} {s.turn.phase}" if s.turn and not s.outcome else (s.outcome or "-")
        return f"[round {s.round} | Dark Side {s.dark_side}/11 | {who}] underworld> "

    def words(self) -> list[str]:
        """What Tab completes besides the commands: heroes, placed tiles, the counters on the
        tiles and the heroes' items and tasks."""
        s = self.state
        counters = [c for t in s.map.placed for c in t.markers if c in s.revealed]
        carried = [i.id for sh in s.sheets.values() for i in sh.items] + [c for sh in s.sheets.values() for c in sh.tasks]
        return list(s.heroes) + [t.id for t in s.map.placed] + counters + carried + list(SKILLS)

    def json_extra(self) -> dict:
        s = self.state
        return {"round": s.round, "dark_side": s.dark_side, "outcome": s.outcome, "legal": legal_actions(s)}


def status_lines(s: UnderworldState) -> list[str]:
    """Round, the Dark Side, the Damned One, and every hero's life, cubes and items."""
    lines = [f"round {s.round}; Dark Side {s.dark_side}/11; the Damned One: {s.damned.replace('_', ' ')}; "
             f"Avatars banished: {sum(v == 'banished' for v in s.avatars.values())}/3"]
    for h in s.heroes:
        sh = s.sheets[h]
        cubes = "; ".join(f"{k} {listing(v)}" for k, v in sh.cubes.items() if v)
        lines.append(f"  {h} on {s.map.heroes[h]}: life {life_total(sh)} ({sh.natural}/{sh.natural_max} natural), "
                     f"skills {pairs(sh.skills)}, gold {sh.gold}, shadow cubes {shadow_cubes(sh)}, cubes {cubes or '-'}, "
                     f"items {listing([i.id for i in sh.items])}, tasks {listing(sh.tasks)}"
                     + (" - TRAPPED" if h in s.trapped else ""))
    return lines


_LIST = re.compile(r"\[((?:'[^'\[\]]*'(?:, )?)+)\]")


def _readable(message: str) -> str:
    """A refusal from the rules as a player reads it: the rulebook by its name, a Python list of
    names (which a rule's message may still hold) as the names."""
    return _LIST.sub(lambda m: listing([w.strip("'") for w in m.group(1).split(", ")]), cited(message))


def _drawn_by_last_command(state: UnderworldState) -> str:
    """What the last command turned up that was face down, in words ("the map tile area-14",
    "the treasure marker ring"...): its events marked as hidden draws."""
    found = []
    for e in last_command_events(state):
        if not drew_hidden([e]):
            continue
        kind = e.get("event")
        if kind == "tile_drawn":
            found.append(f"the map tile {e['tile']}")
        elif kind == "revealed":
            found.append(f"the marker {e['counter']} ({e['name']})")
        elif kind == "treasure_revealed":
            found.append(("the treasure marker " if len(e['markers']) == 1 else "the treasure markers ")
                         + listing(e['markers']))
        elif kind in ("dark_card", "peril"):
            found.append(f"the {'Dark' if kind == 'dark_card' else 'peril'} card {e['name']}")
    return listing(list(dict.fromkeys(found)), empty="")
