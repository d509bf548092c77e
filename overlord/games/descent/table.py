"""A game at a real table: the players type what their heroes did, the program runs the enemy
and tells them what to do on the board. Every command that changes the game is saved (state and
command, one transaction) before its result is shown.

Commands (``help`` lists them; a bad command gets one line and changes nothing)::

    move HERO X,Y          attack MONSTER DAMAGE [by HERO]     hurt HERO DAMAGE
    defeated HERO          stand HERO [HEARTS [SURGES]]        revive HERO by HERO [HEARTS [SURGES]]
    fatigue HERO N         heal FIGURE N                       condition FIGURE NAME [off]
    sheet HERO HEALTH STAMINA                                  take HERO TOKEN
    open HERO              search HERO [CARD]                  loot CARD to HERO
    rest HERO              objective [confirm]                 end HERO
    test HERO pass|fail    choose N X,Y [across|along]|HERO    why [N]     options     N
    (and the session's: map    status    components    undo    help [COMMAND]    quit)

The players roll for their heroes: a monster's attack is rolled by the hero it targets, so the
program stops at each attack and waits for the damage (`hurt HERO N`, 0 for none) before the
next monster acts - a hero knocked out by one attack is no target for the next. An attribute
test a card or a monster makes a hero take is the players' roll too: the program stops at it and
waits for `test HERO pass` or `test HERO fail` (each hero tested by one effect in turn), then
applies a failure's harm as the rules say. A knocked-out hero's stand-up (or revival) comes
with the hearts and surges of the 2 red dice the players rolled (`stand HERO HEARTS SURGES`);
without them the program asks for the roll and changes nothing. The waiting command is saved
with the answers so far: `undo` takes an answer back, `resume` asks again.

Ties are the heroes' (Golden Rules): a monster's tied target or end space is told on its line,
the program's pick first, and `choose N ...` takes another while the command that made it is the
last one (also while an attack of it waits for its damage): the command is played again from its
start with that choice, the answers given before the choice kept, what follows asked again
(``asking``). An effect that picks "the hero with the lowest health" among tied heroes waits for
the heroes' `choose N HERO`. The Shop Item and Search decks are the players', from the box: the
program says how many Shop Item cards to draw and asks which was kept (`loot`) and which Search
card a hero drew (`search HERO CARD`).

`options` at this table: a Descent table is driven by reports - most of what the heroes do comes
with numbers only the players' dice give (damage, hearts), and a hero may move to any of dozens
of spaces - so a numbered list of every action, as the games whose heroes the program plays
give, would be mostly placeholders. `options` lists what may be typed now, for each hero and
for the question waiting, and numbers the lines that are whole commands (`end leoric`, `open
tarha`, `test leoric pass`, a tie's `choose 3 tarha`): typing the number does that command; the
others show their words to fill in (`stand leoric HEARTS SURGES`).
"""

from __future__ import annotations

import json

from ...core.game import Printout, Table, TableReply
from ...core.state import dumps
from ...core.trace import spoken
from ...view.drawing import Drawing
from ...view.text import draw, terrain_key
from ...view.words import count, listing, options as options_left
from .asking import PASS, RESULTS, AwaitAttack, AwaitChoice, AwaitTest, TableResolver, kept_answers
from . import sheets
from .drawing import board_drawing
from .engine import Game
from .narrate import ACTION_WORDS, narrate, source_name
from .reports import CommandError, hero_named, number, xy
from .verbs import MOVES, REPORTED, read, report

HELP = {
    **{verb: line for verb, line in MOVES.commands().items() if verb in REPORTED},   # the reports' moves (``verbs``)
    "test": "test HERO pass|fail - the attribute test the program waits for: pass when the shields on the 1 gray "
            "and 1 black die you rolled are at most the hero's attribute",
    "choose": "choose N X,Y [across|along]|HERO - take another of the equally good options of decision N (the "
              "rulebook lets you): its space, or its target; a large monster's placement says which way it lies. "
              "The command is played again from there",
    "why": "why [N] - every monster action of the last activation, or the comparison keys behind decision N",
    "options": "options - what may be typed now; type a line's number to do that command",
    "N": "N - the command numbered N by `options`",
    "map": "map - draw the dungeon with every figure, and what each sign on it means",
    "status": "status - round, tracks, the active exploration card, the heroes' health, fatigue and cards",
    "undo": "undo - take back the last command (the dice and cards go back with it)",
    "help": "help [COMMAND] - this list, or one command",
    "quit": "quit - stop here; `overlord resume FILE` continues",
}
CHANGES = set(REPORTED) | {"choose", "test"}
WHILE_WAITING = {"map", "status", "why", "undo", "help", "quit", "hurt", "test", "choose", "options"}
LIES = ("across", "along")             # a large monster lying left to right, or top to bottom


def _placement(p, size) -> str:
    return f"{p[0]},{p[1]}" + ("" if size[0] == size[1] else f" {LIES[0] if size[0] > size[1] else LIES[1]}")


class DescentTable(Table):
    typed_dice = False           # the players report what their dice did: `hurt`, `attack ... DAMAGE`, `stand`
    commands = dict(HELP)
    changes = CHANGES
    numbered = True                  # a number typed is a command `options` numbered

    def __init__(self, rules, game: Game):
        super().__init__(rules, game)
        game.resolver = TableResolver()
        self.decisions: list[dict] = []      # the last command's numbered decisions, for `why N` and `choose N`

    @property
    def game(self) -> Game:
        return self.match

    @game.setter
    def game(self, value: Game) -> None:
        self.match = value

    # -- starting and resuming ----------------------------------------------------------------
    def opening(self, heroes: list[str], seed: int) -> list[str]:
        game = self.game
        _, (sx, sy) = game.board()
        lines = [f"{game.quest.scenario.name}: {', '.join(heroes)} (seed {seed})"]
        for f in game.state.hero_figures():
            sheet = game.sheet(f)
            told = sheet.name if f.sheet != "stand-in" else "no sheet of that name: stand-in numbers, `sheet` sets yours"
            lines.append(f"  {f.id} starts at {f.at[0] + sx},{f.at[1] + sy} ({told}: {f.max_health} health, "
                         f"{f.stamina} stamina)")
        lines += narrate(game.state.log, game, self.decisions)
        self.decisions = []
        return lines + self._status()

    def restore(self, match: Game) -> list[str]:
        """After undo or resume (or a refused command): the last command's decisions are numbered
        again from the log, for `why N` and `choose N`; a command waiting for an answer asks
        again. (A save from before the waiting state kept its events holds the state before the
        command: the command is played again up to its question.)"""
        self.match = match
        match.resolver = TableResolver()
        self.decisions = []
        state = match.state
        record = state.pending or state.last
        if state.pending is not None and "base" not in state.pending:
            p = state.pending
            base = self._base()
            game, _, wait, start = self._play(base, p["command"], p["answers"], p.get("choices"))
            if wait is not None:
                self._tell(game.state.log[start:], len(game.state.log) - start, game)
                self._waiting(game, wait, p["command"], p["answers"], p.get("choices") or {}, base, start)
                game.resolver = TableResolver()
                self.match = game
            record = self.match.state.pending if "log" in (self.match.state.pending or {}) else None
        if record is not None:
            events = self.match.state.log[int(record["log"]):]
            self._tell(events, len(events), self.match)
        return [self._waiting_line()] if self.match.state.pending is not None else []

    # -- one command ----------------------------------------------------------------------------
    def execute(self, verb: str, args: list[str], line: str) -> TableReply:
        if verb.isdigit():
            return self._numbered(int(verb), line)
        pending = self.game.state.pending
        if pending is not None and verb not in WHILE_WAITING:
            raise CommandError(self._waiting_line() + "; first that (or `undo`)")
        if verb == "choose":
            return self._choose(args, line)
        if verb in CHANGES:
            if pending is not None:
                return self._answer(verb, line, args)
            if verb == "test":
                raise CommandError("no test is waiting: the program asks for one when a card or a monster makes "
                                   "a hero test an attribute")
            return self._change(line, line)
        if verb == "options":
            return TableReply(self._options_lines())
        return TableReply(getattr(self, f"_{verb}")(args))

    def over_line(self) -> str:
        return f"the game is over ({self.game.state.phase}); `undo` or `quit`"

    def _base(self) -> str:
        """The state as it is, without the table's records of a command (the question waiting,
        the last command): the state a new command starts from."""
        state = self.game.state
        kept = state.pending, state.last
        state.pending = state.last = None
        try:
            return dumps(state)
        finally:
            state.pending, state.last = kept

    def _record_base(self, record: dict) -> str:
        """The state before the command a record keeps (its log is the log's start)."""
        data = json.loads(record["base"])
        data["log"] = self.game.state.log[: int(record["log"])]
        return json.dumps(data)

    def _play(self, base: str, command: str, answers=(), choices=None):
        """``command`` played on the state ``base`` with the players' answers so far: (the game,
        its resolver, the question it stopped at or None, where its events start in the log)."""
        game = self.rules.from_json(self.game.quest, base)
        resolver = game.resolver = TableResolver(answers, choices)
        start = len(game.state.log)
        kept, self.game = self.game, game
        try:
            self._run(command)
            wait = None
        except (AwaitAttack, AwaitTest, AwaitChoice) as e:
            wait = e
        finally:
            self.game = kept
        return game, resolver, wait, start

    @staticmethod
    def _record(command: str, answers, choices: dict, base: str, start: int) -> dict:
        """What the table keeps of a command in the state: enough to play it again from its start
        (the state before it, its log left out: it is the log's first ``start`` events)."""
        data = json.loads(base)
        data["log"] = []
        return {"command": command, "answers": [list(a) for a in answers], "choices": dict(choices), "log": start,
                "base": json.dumps(data, separators=(",", ":"))}

    def _waiting(self, game: Game, wait, command, answers, choices, base, start) -> None:
        """``game`` stopped at a question: it keeps the command's record and the question."""
        pending = self._record(command, answers, choices, base, start)
        pending["shown"] = len(game.state.log) - start
        if isinstance(wait, AwaitAttack):
            pending.update(monster=wait.monster, hero=wait.hero)
        elif isinstance(wait, AwaitTest):
            pending.update(hero=wait.hero, test={"attribute": wait.attribute, **wait.why})
        else:
            pending["question"] = {**wait.question, "point": wait.point, "number": len(self.decisions) + 1}
        game.state.pending = pending

    def _change(self, line: str, command: str, answers=(), choices=None, base: str | None = None,
                shown: int = 0, point: int | None = None) -> TableReply:
        """Carry out ``command`` on the game (from ``base``, the state before it, with the players'
        answers and choices so far); the session saves ``line`` with the state after it, which
        keeps the command's record (to play it again for `choose`) - and, when the command waits
        for the players (an attack's damage, a tie to break), the question: the state is then the
        game as far as the command got. ``shown``: its events already told; ``point``: the tie
        whose choice changed (the events are told again from it)."""
        base = self._base() if base is None else base
        choices = {str(k): v for k, v in (choices or {}).items()}
        game, resolver, wait, start = self._play(base, command, answers, choices)
        events = game.state.log[start:]
        if point is not None:
            shown = resolver.point_at.get(point, len(game.state.log)) - start
        lines = self._tell(events, shown, game)
        game.resolver = TableResolver()
        self.game = game
        if wait is not None:
            self._waiting(game, wait, command, answers, choices, base, start)
            return TableReply(lines + [self._waiting_line()], events, changed=True, closing=False)
        game.state.last = self._record(command, answers, choices, base, start)
        return TableReply(lines or [f"ok: {line}"], events, changed=True)

    def _tell(self, events, shown: int, game: Game) -> list[str]:
        """Narrate the command's events, the first ``shown`` of them already told (their decision
        numbers kept)."""
        self.decisions = []
        narrate(events[:shown], game, self.decisions)
        return narrate(events[shown:], game, self.decisions)

    def _run(self, command: str) -> None:
        """A report typed, read by its move's params (``verbs``) and carried out on the game."""
        words = command.split()
        report(self.game, read(self.game, words[0].lower(), words[1:]))

    def _answer(self, verb: str, line: str, args: list[str]) -> TableReply:
        """The answer to the question waiting: `hurt HERO N` an attack's damage rolled, `test HERO
        pass|fail` a test's result; the command goes on. Another command, or an answer for another
        hero, is refused in one line."""
        pending = self.game.state.pending
        kind = "question" if "question" in pending else "test" if "test" in pending else "hurt"
        if verb != kind:
            raise CommandError(self._waiting_line() + "; first that (or `undo`)")
        hero = pending["hero"]
        if verb == "test":
            if len(args) != 2 or args[1].lower() not in RESULTS:
                raise CommandError(f"usage: {HELP['test']}")
            named = hero_named(self.game, args[0])
            if named != hero:
                raise CommandError(f"the program waits for {hero}'s {pending['test']['attribute'].capitalize()} test, "
                                   f"not {named}'s: `test {hero} pass` or `test {hero} fail`")
            answer = [hero, args[1].lower()]
        else:
            def awaited(game: Game, named: str, seen: dict) -> None:
                if named != hero:
                    raise CommandError(f"the program waits for {hero}'s damage from {pending['monster']}, "
                                       f"not {named}'s: `hurt {hero} N`")
            told = read(self.game, "hurt", args, {"hero": awaited})
            answer = [told["hero"], told["damage"]]
        return self._change(line, pending["command"], [*pending["answers"], answer], pending.get("choices"),
                            self._record_base(pending), shown=pending["shown"])

    def _waiting_line(self) -> str:
        p = self.game.state.pending
        if "question" in p:
            q = p["question"]
            n = q["number"]
            return (f"waiting: {source_name(self.game, q.get('source', 'an effect'))} - {q.get('what', 'its target')}: "
                    f"{listing(q['options'], 'and')} tie ({q.get('key', '')}); the heroes choose: "
                    + " or ".join(f"`choose {n} {o}`" for o in q["options"]))
        if "test" in p:
            t, hero = p["test"], p["hero"]
            source = t.get("actor") or source_name(self.game, t.get("source", "an effect"))
            return (f"waiting: {hero} tests {t['attribute'].capitalize()} ({source}: on a fail, {harm_words(t.get('fail') or {})}) - "
                    f"roll 1 gray and 1 black die ({self._pass_words(hero, t['attribute'])}) and tell me "
                    f"`test {hero} pass` or `test {hero} fail`")
        return f"waiting: {p['monster']} attacks {p['hero']} - roll its dice with {p['hero']}'s defence dice " \
               f"and tell me the damage with `hurt {p['hero']} N` (0 if none)"

    def _pass_words(self, hero: str, attribute: str) -> str:
        """When a test passes, in the hero's numbers where the program has its sheet."""
        f = self.game.hero(hero)
        if f.sheet == "stand-in":
            return f"a pass: shields at most {hero}'s {attribute.capitalize()} on its sheet"
        value = getattr(self.game.sheet(f).attributes, attribute)
        return f"a pass: {count(value, 'shield')} or fewer, {hero}'s {attribute.capitalize()}"

    # -- ties: choose ---------------------------------------------------------------------------
    def _choose(self, args, line: str) -> TableReply:
        if len(args) not in (2, 3) or (len(args) == 3 and args[2] not in LIES):
            raise CommandError(f"usage: {HELP['choose']}")
        i_text, option = args[:2]
        n = number(i_text, "N")
        state = self.game.state
        record = state.pending or state.last
        question = (state.pending or {}).get("question")
        if question is not None and n == question["number"]:
            if option not in question["options"]:
                raise CommandError(f"{option!r} is not one of the tied: {listing(question['options'], 'or')}")
            point, index = question["point"], question["options"].index(option)
        else:
            if record is None or not 1 <= n <= len(self.decisions):
                raise CommandError(self._no_decision(n))
            point, index = self._tie_choice(n, self.decisions[n - 1], args)
        choices = dict((record or {}).get("choices") or {})
        answering = question is not None and n == question["number"]
        if not answering and choices.get(str(point), 0) == index:
            raise CommandError(f"decision {n} takes {option} already")
        base = self._record_base(record)
        answers = record["answers"]
        if not answering:                                         # the answers after the tie are asked again
            _, resolver, _, _ = self._play(base, record["command"], answers, choices)
            answers = kept_answers(answers, resolver.answered_at, point)
        choices = {k: v for k, v in choices.items() if int(k) < point}
        choices[str(point)] = index
        return self._change(line, record["command"], answers, choices, base, point=point)

    def _tie_choice(self, n: int, d: dict, args) -> tuple[int, int]:
        """(point, option index) of ``choose N OPTION [across|along]`` for decision ``d``."""
        option = args[1]
        ties = d.get("ties") or {}
        if "," in option:
            tie = ties.get("space")
            if tie is None:
                raise CommandError(f"decision {n} has no equally good spaces to choose from"
                                   + (f"; its target tied: `choose {n} HERO`" if "target" in ties else ""))
            at = xy(option)
            found = [k for k, (p, s) in enumerate(tie["options"]) if p == at]
            if len(args) == 3:
                found = [k for k in found if (tie["options"][k][1][0] > tie["options"][k][1][1]) == (args[2] == "across")]
            if not found:
                raise CommandError(f"{' '.join(args[1:])} is not one of the equally good placements: "
                                   f"{'; '.join(_placement(p, s) for p, s in tie['options'])}")
            if len({tuple(tie['options'][k][1]) for k in found}) > 1:
                raise CommandError(f"{d['monster']} may lie across or along at {option}: "
                                   f"`choose {n} {option} across` or `choose {n} {option} along`")
            return tie["point"], found[0]
        tie = ties.get("target") or ties.get("pick")
        if tie is None:
            raise CommandError(f"decision {n}'s target had no tie to choose from"
                               + (f"; its end space did: `choose {n} X,Y`" if "space" in ties else ""))
        if option not in tie["options"]:
            raise CommandError(f"{option!r} is not one of the tied targets: {listing(tie['options'], 'or')}")
        return tie["point"], tie["options"].index(option)

    # -- what the players may ask ---------------------------------------------------------------
    def _view(self) -> Game:
        return self.game

    def _map(self, args):
        scene = self._view().scene()
        return draw(scene).splitlines() + [terrain_key(scene.board)]

    def _status(self, args=()):
        return status_lines(self._view(), self._waiting_line() if self.game.state.pending is not None else "")

    def _why(self, args):
        if not args:
            actions = last_activation(self._view().state.log)
            if not actions:
                return ["no monster has acted yet"]
            return [self._action_line(e) for e in actions]
        if len(args) != 1:
            raise CommandError(f"usage: {HELP['why']}")
        i = number(args[0], "N")
        if not 1 <= i <= len(self.decisions):
            raise CommandError(self._no_decision(i))
        d = self.decisions[i - 1]
        if d["action"] == "pick":
            return [f"[{i}] {d['monster']}: {d['what']} is {d['chosen']}; tied with "
                    f"{listing([o for o in d['ties']['pick']['options'] if o != d['chosen']])} ({d['key']}): "
                    "the heroes choose"]
        out = [f"[{i}] {d['monster']} {d['action']}:"]
        for dec in d["decisions"]:
            key = ", ".join(f"{k}={spoken(v)}" for k, v in dec["key"].items())
            tied = [spoken(t) for t in dec["ties"]]
            space = (d.get("ties") or {}).get("space")
            if dec["what"] == "end space" and space:
                tied = [_placement(p, s) for p, s in space["options"] if spoken(p) != spoken(dec["choice"])]
            ties = f"; tied with {'; '.join(tied)}" if tied else ""
            chosen = " (the heroes' choice)" if dec.get("policy") == "the heroes' choice" else ""
            out.append(f"  {dec['what']}: {spoken(dec['choice'])}{chosen} - the lowest key ({key}) of "
                       f"{dec['considered']}{ties}")
        return out

    def _no_decision(self, i: int) -> str:
        """``choose``/``why`` refer to the decisions of the command just shown, nothing older."""
        question = (self.game.state.pending or {}).get("question")
        if question is not None and not self.decisions:
            return f"no decision {i}; the question waiting is decision {question['number']}"
        if not self.decisions:
            return f"no decision {i}; the last command made none to choose from"
        if len(self.decisions) == 1:
            return f"no decision {i}; the last command's one is numbered 1"
        return f"no decision {i}; the last command's are numbered 1 to {len(self.decisions)}"

    @staticmethod
    def _action_line(e: dict) -> str:
        if e["event"] == "group":
            return f"{e['group']}"
        if e["event"] == "monster":
            return f"  {e['monster']} ({e['rank']})"
        return f"    {ACTION_WORDS.get(e['action'], e['action'])}: {'performed' if e['performed'] else 'not performed'} - " \
               f"{e['why']}"

    # -- options --------------------------------------------------------------------------------
    def _possible(self) -> list[tuple[str, str]]:
        """What may be typed now: (a whole command to number, or '' for words to fill in; the
        line shown)."""
        game = self._view()
        state = self.game.state
        if game.over:
            return []
        out: list[tuple[str, str]] = []
        pending = state.pending
        if pending is not None and "question" in pending:
            q = pending["question"]
            return [(f"choose {q['number']} {o}", f"choose {q['number']} {o} - {o} is {q.get('what', 'the target')}")
                    for o in q["options"]]
        if pending is not None and "test" in pending:
            hero, attribute = pending["hero"], pending["test"]["attribute"].capitalize()
            out += [(f"test {hero} {r}", f"test {hero} {r} - {hero} {'passed' if r == PASS else 'failed'} the "
                                         f"{attribute} test") for r in RESULTS]
        elif pending is not None:
            hurt = MOVES["hurt"].form(hero=pending["hero"], damage="N")
            out.append(("", f"{hurt} - the damage {pending['monster']}'s attack dealt (0 if none)"))
        out += self._tie_options()
        if pending is not None:
            return out
        for due in state.loot_due:
            out.append(("", f"{MOVES['loot'].form()} - the Shop Item card {due['hero']} gave away from the "
                            f"{count(due['cards'], 'card')} drawn"))
        for hero in dict.fromkeys(state.search_due):
            out.append(("", f"{MOVES['search'].form(hero=hero, card=None)} - the Search card {hero} drew"))
        for f in state.hero_figures():
            if f.id in state.turn_done:
                continue
            out += self._hero_options(game, f)
        if state.active_exploration is not None:
            card = game.cards[state.active_exploration]
            left = [m.id for m in state.monsters() if m.encounter == card.id]
            word = MOVES["objective"].form(confirm=bool(card.goal.clear and left))
            out.append((word, f"{word} - the heroes completed {card.name}'s objective"))
        return out

    def _tie_options(self) -> list[tuple[str, str]]:
        out = []
        for n, d in enumerate(self.decisions, start=1):
            ties = d.get("ties") or {}
            for kind in ("target", "pick"):
                for o in (ties[kind]["options"] if kind in ties else []):
                    if o != d.get("chosen"):
                        out.append((f"choose {n} {o}", f"choose {n} {o} - {o} instead of {d.get('chosen')}, "
                                                       f"for decision {n}"))
            if "space" in ties:
                out.append(("", f"choose {n} X,Y - another of decision {n}'s equally good spaces"))
        return out

    def _hero_options(self, game: Game, f) -> list[tuple[str, str]]:
        state = game.state
        h = f.id
        if f.knocked_out:
            stand = MOVES["stand_up"].form(hero=h)
            out = [("", f"{stand} HEARTS SURGES - {h} stands up (its whole turn): roll 2 red dice, type the "
                        "hearts and surges")]
            for b in state.heroes_up():
                if max(abs(b.at[0] - f.at[0]), abs(b.at[1] - f.at[1])) <= 1:
                    revive = MOVES["revive"].form(target=h, hero=b.id)
                    out.append(("", f"{revive} HEARTS SURGES - {b.id} revives {h}: roll 2 red dice, type the hearts "
                                    "and surges"))
            return out
        out = [("", f"{MOVES['move'].form(hero=h)} - {h} moved there")]
        if state.monsters():
            out.append(("", f"{MOVES['attack'].form(hero=h)} - {h}'s attack dealt that damage"))
        near = [t.token for t in state.tokens if max(abs(t.at[0] - f.at[0]), abs(t.at[1] - f.at[1])) <= 1]
        for token in dict.fromkeys(near):
            word = MOVES["search"].form(hero=h) if token == "search" else MOVES["take"].form(hero=h, token=token)
            out.append((word, f"{word} - {h} takes the {token} token next to it"))
        card = game.cards[state.current_encounter]
        if state.active_exploration is None and card.map.exit is not None and state.exploration.draw:
            opened = MOVES["open"].form(hero=h)
            out.append((opened, f"{opened} - {h} opens the door: a new encounter"))
        rested, ended = MOVES["rest"].form(hero=h), MOVES["end"].form(hero=h)
        out.append((rested, f"{rested} - {h} rests"))
        out.append((ended, f"{ended} - {h}'s turn is over"))
        return out

    def _options_lines(self) -> list[str]:
        possible = self._possible()
        if not possible:
            return ["nothing may be typed now but `undo` or `quit`" if self._view().over else "nothing to do now"]
        out, n = ["what may be typed now (type a number to do the command beside it):"], 0
        for command, text in possible:
            if command:
                n += 1
                out.append(f"  {n:2}. {text}")
            else:
                out.append(f"      {text}")
        return out

    def _numbered(self, n: int, line: str) -> TableReply:
        commands = [c for c, _ in self._possible() if c]
        if not 1 <= n <= len(commands):
            raise CommandError(f"no option {n}; {options_left(len(commands))} (type `options`)")
        command = commands[n - 1]
        words = command.split()
        reply = self.execute(words[0], words[1:], command)
        reply.label = f"{line} ({command})"
        return reply

    def undo_hidden_draws(self) -> bool:
        return not self.game.quest.scenario.rules.no_undo_past_hidden_draw

    def numbered_decisions(self) -> list[int]:
        return list(range(1, len(self.decisions) + 1))

    # -- the table loop's needs -------------------------------------------------------------------
    def status(self) -> list[str]:
        return self._status()

    def picture(self) -> list[str]:
        return self._map([])

    def printout(self, measure_mm: float | None = None, heroes: list[str] | None = None) -> Printout:
        """What ``overlord print`` prints (see :mod:`.sheets`)."""
        return sheets.printout(self.match, measure_mm)

    def drawing(self) -> Drawing:
        return board_drawing(self._view())

    def prompt(self) -> str:
        """The round, the tracks and the active card, always in view."""
        s = self.game.state
        card = self.game.cards[s.active_exploration].name if s.active_exploration else "no active card"
        return f"[round {s.round} | doom {s.track.doom} fate {s.track.fate} | {card}] overlord> "

    def words(self) -> list[str]:
        """What Tab completes besides the commands: heroes, monsters, conditions."""
        return self.game.state.heroes + [f.id for f in self.game.state.monsters()] + list(self.game.quest.conditions)

    def json_extra(self) -> dict:
        s = self.game.state
        return {"round": s.round, "phase": s.phase, "doom": s.track.doom, "fate": s.track.fate}

    def epilogue(self) -> list[str]:
        s = self.game.state
        text = self.game.quest.scenario.epilogue.get("win" if s.phase == "victory" else "lose", "")
        return [f"== {'Victory' if s.phase == 'victory' else 'Defeat'} ==", text] if text else []


def harm_words(fail: dict) -> str:
    """What a failed test costs, in words: "1 fatigue", "poisoned and 2 damage"."""
    parts = [fail.get("condition"), fail.get("fatigue") and f"{fail['fatigue']} fatigue",
             fail.get("damage") and f"{fail['damage']} damage"]
    return listing([p for p in parts if p], "and", "nothing")


def last_activation(log: list[dict]) -> list[dict]:
    """Every group, monster and action event of the last Activation card in ``log``."""
    start = next((i for i in range(len(log) - 1, -1, -1) if log[i]["event"] == "activation_card"), None)
    if start is None:
        return []
    return [e for e in log[start + 1:] if e["event"] in ("group", "monster", "action")]


def status_lines(game: Game, waiting: str = "") -> list[str]:
    """Round, phase, tracks, act and loot; the active card; each hero's health, fatigue,
    conditions, cards and space; what the players have yet to tell."""
    s = game.state
    _, (sx, sy) = game.board()
    heroes = []
    for f in s.hero_figures():
        where = "knocked out, token at" if f.knocked_out else "at"
        conditions = f", {', '.join(f.conditions)}" if f.conditions else ""
        cards = [i.split(" #")[0] for i in s.items.get(f.id, [])] + s.search.get(f.id, [])
        held = f"; cards: {', '.join(cards)}" if cards else ""
        heroes.append(f"{f.id} {game.health(f)}/{f.max_health} health, {f.fatigue}/{f.stamina} fatigue"
                      f"{conditions}, {where} {f.at[0] + sx},{f.at[1] + sy}" +
                      (" (turn over)" if f.id in s.turn_done else "") + held)
    active = game.cards[s.active_exploration].name if s.active_exploration else "none (fate advances each round)"
    lines = [f"round {s.round}, {s.phase.replace('_', ' ')}; doom {s.track.doom}, fate {s.track.fate} "
             f"(top {s.track.spaces - 1}); act {s.act}; loot {count(s.loot.tokens, 'token')}",
             f"active exploration card: {active}; monsters on the map: {len(s.monsters())}"]
    lines += [f"  {h}" for h in heroes]
    told = [f"the Shop Item card {d['hero']} gave away (`loot CARD to HERO`)" for d in s.loot_due] + \
        [f"the Search card {h} drew (`search {h} CARD`)" for h in s.search_due]
    if told:
        lines.append(f"  still to tell me: {'; '.join(told)}")
    return lines + ([waiting] if waiting else [])
