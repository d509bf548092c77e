"""A combination with the Underworld at a table (``overlord play``; :class:`BeneathTable`, each
combination's table a subclass naming its moves, ``verbs``): the players type what their heroes do in
the world each stands in - above, the upper game's commands and ``enter`` (on a gate); below, the
Underworld's (``extend``, ``move``... as its own table reads them) and ``leave`` (on Styx) - or the
number of an option; the program draws and places every counter, plays the race's rivals, places the
Evil Marks for the Damned One, and tells each event with the rule behind it.

A verb both books have (``fight``, ``fulfil``, ``use``, ``drink``, ``end``) is read by the rules of the
world the hero to act stands in (its help line gives both forms). ``pick ID`` below keeps one of the
three treasures wishing for luck turned up (above, the upper game's ``pick`` where it has one);
``choose N TILE`` moves the Adventure markers of Chaos to another of its tied tiles, as the Underworld's
own table does.
"""

from __future__ import annotations

import json

from overlord.core.game import RulesError, TableReply
from overlord.core.moves import enemy_until_hero
from overlord.games.heroes.table import TABLE_ONLY, HeroesTable
from overlord.games.underworld.damned import place_chaos_markers
from overlord.games.underworld.narrate import tie_decisions
from overlord.games.underworld.state import kind_of
from overlord.games.underworld.verbs import MOVES as U
from overlord.view.words import count, options

from . import gate
from .verbs import TwoWorlds
from .view import UnderView

BELOW_WORDS = {m.said: m for m in U.moves.values()}


def commands(verbs: TwoWorlds) -> dict[str, str]:
    """The help of a combination's table: its moves, a verb both books type given both forms."""
    above = verbs.above
    words = {m.said: m for m in above.moves.values()}
    lines = verbs.moves.commands()
    for w in [w for w in words if w in BELOW_WORDS]:
        r, u = words[w], BELOW_WORDS[w]
        lines[w] = f"{r.help_line(above.choices)}; below: {u.said} {u.syntax()} - {u.help}".replace("  ", " ")
    below_pick = "pick ID - keep this one of the three treasures wishing for luck turned up"
    lines["pick"] = (f"{above.moves['pick'].help_line(above.choices)}; below: {below_pick}" if "pick" in above.moves
                     else f"{below_pick} (below)")
    below_drop = "drop_task TASK - discard a task of the Upper World (out of the game)"
    lines["drop_task"] = (f"{above.moves['drop_task'].help_line(above.choices)}; below: {below_drop}"
                          if "drop_task" in above.moves else f"{below_drop} (below)")
    lines["choose"] = ("choose N TILE - below: decision N of the last command, to another of its tiles: the Adventure "
                       "markers of Chaos to another tile without markers (the active player's choice)")
    return {"N": TABLE_ONLY["N"], **lines, "options": TABLE_ONLY["options"], "why": TABLE_ONLY["why"]}


class BeneathTable(HeroesTable):
    """A subclass names ``verbs`` (its ``TwoWorlds``), ``commands = commands(verbs)``, ``changes``, its
    narration and the words of its game."""

    verbs: TwoWorlds

    def __init__(self, rules, match):
        super().__init__(rules, match)
        self.pending: dict | None = None          # an action below waiting for `pick` (wishing for luck)

    @property
    def below_only(self) -> set[str]:
        return set(BELOW_WORDS) - {m.said for m in self.verbs.above.moves.values()}

    def words(self):
        s = self.match.state
        part = s.part
        below = [t.id for t in part.map.placed] + [c for t in part.map.placed for c in t.markers if c in part.revealed]
        return super().words() + below

    def json_extra(self) -> dict:
        s = self.match.state
        return {**super().json_extra(), "dark_side": s.part.dark_side, "damned": s.part.damned}

    def restore(self, match) -> list[str]:
        self.pending = None
        return super().restore(match)

    # -- commands --------------------------------------------------------------------------------
    def execute(self, verb, args, line):
        s = self.match.state
        hero = self.rules.to_act(self.match)
        if verb in ("options", "why") or hero is None:
            return super().execute(verb, args, line)
        if hero in s.below and not s.pending:
            return self._below(verb, args, line, hero)
        self.pending = None
        if verb in self.below_only or verb == "choose":
            raise RulesError(f"{verb}: only in the Underworld, and {hero} is above (the options: `options`)")
        if verb == "leave":
            raise RulesError(f"leave: {hero} is not in the Underworld")
        return super().execute(verb, args, line)

    def _below(self, verb: str, args: list[str], line: str, hero: str) -> TableReply:
        legal = self.rules.legal_actions(self.match)
        if verb.isdigit():
            k = int(verb)
            if not 1 <= k <= len(legal):
                raise RulesError(f"no option {k}; {options(len(legal))} (type `options`)")
            return self._act(line, dict(legal[k - 1]))
        if verb == "pick":
            return self._pick(args)
        if verb == "choose":
            return self._choose(args)
        self.pending = None
        if verb == "leave":
            moves = self.verbs.moves
            action = moves.parse(verb, args, legal, actor=hero) if not args else moves.read(verb, args)
            shed = len(gate.shed_order(self.match.state.sheets[hero]))
            if action.get("shed", 0) > shed:
                raise RulesError(f"{line}: {hero} has {count(shed, 'shadow cube') if shed else 'no shadow cube'} to shed")
            return self._act(line, action)
        if verb == "enter":
            raise RulesError(f"enter: {hero} is in the Underworld already (`leave` on Styx goes up)")
        if verb == "drop_task":
            return self._act(line, self.verbs.below_moves.parse(verb, args, legal, actor=hero))
        if verb not in BELOW_WORDS:
            raise RulesError(f"{verb}: not in the Underworld - {hero} is below, where the Underworld's commands are "
                             "played (the options: `options`)")
        move = U.typed(verb)
        if len([a for a in args if "=" not in a]) < len([p for p in move.typed_params() if not p.optional]):
            raise RulesError(f"usage: {self.commands.get(verb, move.help_line())}")
        action = U.parse(verb, args, legal) if move.name == "orient" else U.read(verb, args)
        return self._act(line, action)

    def _act(self, line: str, action: dict) -> TableReply:
        asked = self._ask_pick(line, action)
        if asked is not None:
            return asked
        self.pending = None
        evs = self.rules.apply(self.match, action)
        evs += enemy_until_hero(self.rules, self.match)
        label = f"{line} ({self.rules.describe(action)})" if line.split()[0].isdigit() else line
        return TableReply(self.rules.narrate(self.match, evs), evs, changed=True, label=label)

    def _ask_pick(self, line: str, action: dict) -> TableReply | None:
        """Wishing for luck turns up three treasures in the middle of an action: played on a copy (the same
        draws: the generator is in the state) to see them, the players asked which to keep before the real
        one is played (the Underworld's own table does the same)."""
        wish = ((action.get("with") or {}).get("treasure") or {})
        if not wish.get("wish"):
            return None
        picks = list(wish.get("pick") or [])
        trial = self.rules.clone(self.match)
        before = len(trial.state.log)
        self.rules.apply(trial, action)
        hero = self.match.state.turn.hero
        shown = [e["markers"] for e in trial.state.log[before:]
                 if e.get("event") == "treasure_revealed" and e.get("wish") and e.get("hero") == hero]
        if len(shown) <= len(picks):
            return None
        self.pending = {"line": line, "action": action, "shown": shown[len(picks)]}
        view = UnderView(self.match.state)
        names = ", ".join(f"{c} ({kind_of(view, c).name})" for c in shown[len(picks)])
        return TableReply([f"  {hero} pays 1 gold and three treasures turn up: {names}",
                           "  `pick ID` keeps one (the other two go back face down)"])

    def _pick(self, args: list[str]) -> TableReply:
        if not self.pending:
            raise RulesError("pick: nothing to pick below - wish for luck first (e.g. `fight COUNTER SKILL wish`)")
        if len(args) != 1 or args[0] not in self.pending["shown"]:
            raise RulesError(f"pick one of {', '.join(self.pending['shown'])}")
        pending = self.pending
        action = json.loads(json.dumps(pending["action"]))
        treasure = action["with"]["treasure"]
        treasure["pick"] = list(treasure.get("pick") or []) + [args[0]]
        return self._act(f"{pending['line']} pick {args[0]}", action)

    def _choose(self, args: list[str]) -> TableReply:
        s = self.match.state
        decisions = [d for d in tie_decisions(s.log[max(0, s.last_action):]) if d.get("markers")]
        if len(args) != 2 or not args[0].isdigit():
            raise RulesError(f"usage: {self.commands['choose']}")
        n = int(args[0])
        if not 1 <= n <= len(decisions):
            raise RulesError(f"no decision {n}: the last command numbered {len(decisions) or 'none'} (the tile for the "
                             "Adventure markers of Chaos; open until the next action)")
        d = decisions[n - 1]
        try:
            event = place_chaos_markers(UnderView(s), d["end"], args[1], d["ties"])
        except ValueError as e:
            raise RulesError(str(e)) from None
        return TableReply(self.rules.narrate(self.match, [event]), [event], changed=True, label=f"choose {n} {args[1]}",
                          closing=False)

    def moves(self) -> list:
        """The moves of the world the hero to act stands in (a page draws their forms)."""
        s = self.match.state
        hero = self.rules.to_act(self.match)
        return [self.verbs.below_moves if hero in s.below and not s.pending else self.verbs.above_moves]

    def typed(self, action: dict) -> str:
        """Below, the Underworld's command for an action (its words are prose: "draw a tile from stack 1 and
        place it to the N" is typed ``extend 1 N``); above, its words."""
        s = self.match.state
        hero = self.rules.to_act(self.match)
        if hero in s.below and not s.pending and action["do"] in U.moves:
            return U.moves[action["do"]].form(**{k: v for k, v in action.items() if k not in ("do", "with")})
        return super().typed(action)

    def options(self):
        s = self.match.state
        hero = self.rules.to_act(self.match)
        if hero is None or hero not in s.below or s.pending:
            return super().options()
        legal = self.rules.legal_actions(self.match)
        return [self.asked()] + [f"  {k:2}. {self.rules.describe(a)}" for k, a in enumerate(legal, start=1)]
