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

from overlord.core.game import HIDDEN_DRAW, RulesError, Table, TableReply
from ...view.words import listing, options
from . import narrate
from .why import explain

FIELD_CHOICES = ("pegasus", "place", "steer")
VERBS = {
    "move": "move FIELD - step to a field along a route (a hidden field is searched)",
    "jump": "jump FIELD - the Boots of Jumping: exactly 4 fields along the routes",
    "vision": "vision FIELD - cast Vision: look at the covered counter on a tan field next to you",
    "draw": "draw - draw the counter you owe from the bag",
    "clairvoyance": "clairvoyance COUNTER - cast Clairvoyance: pick that open counter from the bag instead",
    "spell": "spell ITEM - the Mage: a spell from the City of the Mages instead of his starting gold",
    "fight": "fight COUNTER SKILL [with SPELL] - fight a creature with magic, ranged or close",
    "try": "try COUNTER SKILL - an encounter's trial (the scroll beings, the Keeper)",
    "use": "use COUNTER [SKILL] - use an encounter (Cerberos: the skill to train)",
    "hide": "hide - the Halfling hides from the creature (1-3)",
    "search": "search - search again for the hidden route",
    "teleport": "teleport [pick=N] - roll the teleporter (S3-S6, or away from the dump)",
    "roll": "roll - the Labyrinth's die on entering a corner",
    "rummage": "rummage - roll in the garbage dump",
    "rappel": "rappel - the Rope: from V1 into the lair",
    "ferry": "ferry - Orchan takes you to the Isle or back",
    "pegasus": "pegasus FIELD - fly to a tan field",
    "forge": "forge COUNTER - the loremaster makes your weapon",
    "take": "take COUNTER - pick up an artifact",
    "drop": "drop ITEM - drop an artifact",
    "take_task": "take_task COUNTER - take up a task",
    "drop_task": "drop_task TASK - lay a task down here",
    "fulfil": "fulfil TASK - fulfil a task",
    "deliver": "deliver ITEM - deliver an artifact where it is wanted",
    "market": "market - call a market in the City of the Mages",
    "buy": "buy ITEM [for HERO] - buy from the market",
    "close": "close - close the market",
    "drink": "drink ITEM - drink the Healing Potion",
    "cast": "cast ITEM - cast a spell",
    "pray": "pray - the Paladin heals himself",
    "rest": "rest - sit out the turn at the manor",
    "repair": "repair - sit out the turn at the Smithy",
    "place": "place FIELD - put the counter you drew there",
    "steer": "steer FIELD - move the confused hero there",
    "defend": "defend SKILL|with SPELL - the Dragon attacks you: the trial of your choice at -3 (magic, ranged, close), "
              "or cast Lightning first",
    "lose": "lose ITEM - the artifact of your choice the Dragon destroys",
    "end": "end - end the turn",
}
TABLE_ONLY = {
    "N": "N - the N-th of `options`",
    "options": "options - number what the hero may do now (then type the number)",
    "why": "why - the last command again, with the rule behind each thing that happened",
}
#: when a verb is possible, told when it is not
WHEN = {
    "jump": "with the Boots of Jumping, at the start of his movement",
    "vision": "with Vision, next to a tan field with a covered counter, movement left",
    "draw": "when he owes a draw from the bag and carries Clairvoyance",
    "clairvoyance": "when he owes a draw from the bag and carries Clairvoyance",
    "spell": "the Mage, on his first turn before anything else",
    "hide": "the Halfling, when a creature stops him",
    "search": "between two fields, at the start of his turn",
    "teleport": "on a teleporter he has just entered, or at the start of a turn on the Garbage Dump",
    "roll": "on a corner of the Labyrinth he has just entered",
    "rummage": "on the Garbage Dump, once a turn",
    "rappel": "with the Rope, on the Rope Point, the Dragon in his lair",
    "ferry": "beside Orchan or on the Isle's landing, with his gold",
    "pegasus": "with Pegasus, not in a Storm",
    "forge": "at a loremaster, with the scroll and the material",
    "take": "on a field with an artifact he sees, a tray free",
    "drop": "carrying an artifact, movement over",
    "take_task": "on a field with a task, fewer than four held",
    "drop_task": "on a field with a task, holding four: one is laid down to take up another",
    "fulfil": "when a held task is done",
    "deliver": "where a carried artifact is wanted",
    "market": "in the City of the Mages, once a turn",
    "buy": "while a market is open, with the gold",
    "close": "while a market is open",
    "drink": "with the Healing Potion, hurt",
    "cast": "with a spell to cast",
    "pray": "the Paladin, hurt, on a field with no counter, nothing else done",
    "rest": "at his manor, hurt, at the start of his turn",
    "repair": "at the Smithy with damaged armour, at the start of his turn",
    "place": "when the scenario leaves the drawn counters to the players",
    "steer": "when the scenario leaves the confused hero to the player on his left",
    "defend": "when the Dragon attacks him",
    "lose": "when the Dragon destroys one of his artifacts",
    "fight": "when he faces a creature",
    "try": "at an encounter that asks for a trial",
    "use": "at an encounter",
}
CHOICE_WORDS = {"cubes": list, "gold": bool, "lose": str, "keep": str, "discard": list, "cube": str, "pick": int}


class DragonTable(Table):
    commands = {"N": TABLE_ONLY["N"], **VERBS, "options": TABLE_ONLY["options"], "why": TABLE_ONLY["why"]}
    changes = set(VERBS)             # options and why answer also once the game is over
    numbered = True                  # a number typed is one of the numbered options

    def opening(self, heroes, seed):
        sc = self.match.content.scenario
        return ([f"{sc.name}: {', '.join(heroes)} (seed {seed})"] + ([sc.intro] if sc.intro else [])
                + self.rules.narrate(self.match, self.match.state.log)
                + narrate.summary(self.match.state, self.match.content)
                + ["(`map` draws every field of the nine maps and its routes)"])

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
            action.update(_choices(args))
        else:
            action = self._parse(verb, args, legal)
        evs = self.rules.apply(self.match, action)
        while (self.rules.to_act(self.match) is None and self.rules.outcome(self.match) is None):
            evs += self.rules.enemy_phase(self.match)
        return TableReply(self.rules.narrate(self.match, evs), evs, changed=True, label=self.rules.describe(action))

    def _parse(self, verb: str, args: list[str], legal: list[dict]) -> dict:
        words = [a for a in args if "=" not in a]
        choices = _choices([a for a in args if "=" in a])
        mine = [a for a in legal if a["do"] == verb]
        if not mine:
            when = f" (only {WHEN[verb]})" if verb in WHEN else ""
            raise RulesError(f"{verb}: not possible now{when}; the options: "
                             + "; ".join(self.rules.describe(a) for a in self._numbered(legal)[:12]))
        if verb in ("fight", "defend") and "with" in words:
            k = words.index("with")
            words, spell = words[:k], words[k + 1:]
            mine = [a for a in mine if a.get("spell") == (spell[0] if spell else None)]
            if not mine:
                raise RulesError(f"{' '.join([verb] + args)}: no such spell to cast now; possible: "
                                 + "; ".join(self.rules.describe(a) for a in legal if a["do"] == verb))
        elif verb in ("fight", "defend"):
            mine = [a for a in mine if not a.get("spell")]
        if verb == "buy" and "for" in words:
            k = words.index("for")
            words, buyer = words[:k], words[k + 1:]
            mine = [a for a in mine if a["for"] == (buyer[0] if buyer else "")]
        elif verb == "buy":
            mine = [a for a in mine if a["for"] == self.rules.to_act(self.match)]
        keys = [k for k in ("to", "target", "skill", "item", "task", "hero") if any(k in a for a in mine)]
        if verb == "steer":
            keys = ["to"]
        fits = [a for a in mine if all(a.get(k) == w for k, w in zip(keys, words))]
        if len(words) > len(keys) or not fits:
            shown = "; ".join(self.rules.describe(a) for a in mine[:12])
            raise RulesError(f"{' '.join([verb] + args)}: not possible now; possible: {shown}")
        if len(fits) > 1 and len(words) < len(keys):
            raise RulesError(f"{verb}: say which - " + "; ".join(self.rules.describe(a) for a in fits[:12]))
        return {**fits[0], **choices}

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


def _choices(args: list[str]) -> dict:
    out: dict = {}
    for arg in args:
        word, _, value = arg.partition("=")
        if word not in CHOICE_WORDS:
            raise RulesError(f"{arg}: not a choice; choices are {', '.join(f'{w}=...' for w in CHOICE_WORDS)}")
        kind = CHOICE_WORDS[word]
        if kind is list:
            out[word] = [v for v in value.split(",") if v]
        elif kind is bool:
            out[word] = value.lower() in ("yes", "true", "1")
        elif kind is int:
            if not value.isdigit():
                raise RulesError(f"{arg}: {word} is a number")
            out[word] = int(value)
        else:
            out[word] = value
    return out
