"""What the program asks the players at a table, and how their answers reach the rules.

At a table the players roll their own dice and break the ties the rulebook leaves to them, so a
command is played from the state before it with the answers given so far (``TableResolver``):

* each monster attack takes the next damage the players reported; the first without one stops
  the command (:class:`AwaitAttack`) and the table asks for it;
* each tie the heroes may break (Golden Rules: "If a game effect has multiple potential targets
  and the intended target is unclear, heroes choose the target of the effect from among the
  potential targets") is a numbered **point**, counted in the order the ties come up. A monster's
  tie (a target, an end space) takes the program's first option unless the players chose another
  (``choose N``: the command is played again from the start with that choice); an effect's tie
  ("the hero with the lowest health", "the most damaged monster") stops the command
  (:class:`AwaitChoice`) until the players say whom it is;
* each attribute test a hero makes (the base game: 1 gray and 1 black die, passed when the shields
  are at most the attribute) takes the next result the players reported, pass or fail; the first
  without one stops the command (:class:`AwaitTest`), so several heroes tested by one effect are
  asked one by one. The result is applied as a rolled one is headless (``heroes.test_heroes``);
* the heroes' other rolls (standing up, a monster's Heal the players roll) come with their report;
* the Shop Item and Search decks are theirs, from the box: the program draws no card for them.

Playing a command again gives the same events up to the first point whose choice changed, so the
answers given before it stand and those after it are asked again.
"""

from __future__ import annotations
from .engine import GameError, damage_figure


class AwaitAttack(Exception):
    """A monster attacked a hero: the program waits for the damage the players rolled."""

    def __init__(self, monster: str, hero: str, event: dict):
        super().__init__(f"{monster} attacks {hero}")
        self.monster, self.hero, self.event = monster, hero, event


class AwaitChoice(Exception):
    """An effect's target tied: the program waits for the heroes to choose."""

    def __init__(self, point: int, question: dict):
        super().__init__(f"the heroes choose {question.get('what', 'a target')}")
        self.point, self.question = point, question


class AwaitTest(Exception):
    """A hero tests an attribute: the program waits for the players' pass or fail. ``why``: the
    test's ``source``, the ``actor`` performing it and the ``fail`` harm, for the question."""

    def __init__(self, hero: str, attribute: str, why: dict):
        super().__init__(f"{hero} tests {attribute}")
        self.hero, self.attribute, self.why = hero, attribute, why


#: a test's result as the players report it, and as the table keeps it among the answers
PASS, FAIL = "pass", "fail"
RESULTS = (PASS, FAIL)


class TableResolver:
    """The players' answers to one command, in the order the command asks for them: ``answers``
    the damage of each monster attack (``[hero, damage]``) and the result of each attribute test
    (``[hero, "pass"]`` or ``[hero, "fail"]``); ``choices`` the option taken at each tie point the
    players broke (point -> index into its options)."""

    players_draw = True          # the Shop Item and Search decks are the players' (engine.loot_payout)

    def __init__(self, answers=(), choices=None):
        self.answers = [list(a) for a in answers]
        self.used = 0
        self.choices = {int(k): int(v) for k, v in (choices or {}).items()}
        self.points = 0                   # tie points passed so far
        self.answered_at: list[int] = []  # for each answer used: the tie points passed before it
        self.point_at: dict[int, int] = {}  # point -> the log's length when it came up

    def monster_attack(self, game, fid: str, event: dict) -> None:
        for target in event["targets"]:
            if game.over:
                return
            if not any(h.id == target for h in game.state.heroes_up()):
                continue
            if self.used >= len(self.answers):
                raise AwaitAttack(fid, target, event)
            hero, damage = self._next(target, "damage")
            self.answered_at.append(self.points)
            game.log({"event": "attack_result", "attacker": fid, "target": hero, "damage": damage, "why": "reported"})
            if damage:
                damage_figure(game, hero, damage)

    def choose(self, game, question: dict) -> tuple[int, int]:
        point = self.points
        self.points += 1
        self.point_at[point] = len(game.state.log)
        chosen = self.choices.get(point)
        if chosen is not None and 0 <= chosen < len(question["options"]):
            return chosen, point
        if question.get("ask"):
            raise AwaitChoice(point, question)
        return 0, point

    def test(self, game, hid: str, attribute: str, why: dict | None = None) -> bool:
        if self.used >= len(self.answers):
            raise AwaitTest(hid, attribute, why or {})
        _, result = self._next(hid, "test")
        self.answered_at.append(self.points)
        return result == PASS

    def _next(self, hero: str, kind: str) -> tuple[str, object]:
        """The next answer, which must be of ``kind`` (an attack's damage, a test's result) for
        ``hero``: a command played again asks its questions in the order they were answered, so
        an answer that does not fit is a save not made by the table."""
        named, value = self.answers[self.used][:2]
        fits = value in RESULTS if kind == "test" else isinstance(value, int) and not isinstance(value, bool)
        if named != hero or not fits:
            raise GameError(f"the answers kept for this command do not fit it: {kind} for {hero} asked, "
                            f"{value} for {named} kept")
        self.used += 1
        return named, value

    def roll(self, game, dice):
        return None


def kept_answers(answers: list, answered_at: list[int], point: int) -> list:
    """The answers given before tie ``point`` came up (those after it are asked again)."""
    return [a for a, at in zip(answers, answered_at) if at <= point]
