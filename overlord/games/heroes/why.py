"""`why` at a family game's table: the last command's events told again, each with the rule behind
it in the book's words (by section), or the game's own rule (ours), and every choice the program
made for the players with its key and the ties.

The last command's events are the log from ``last_action`` (where the last action's events begin),
so `why` explains the same command after ``resume`` and after ``undo``. A game gives its
:class:`Reasons`: its narration, the book's rule of an event, its own rules, and the words of its
choices.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from overlord.core.context import tied


@dataclass(frozen=True)
class Reasons:
    narrate: Callable[[Any, Any, list[dict]], list[str]]
    rule: Callable[[dict], tuple[str, str] | None]     # an event -> (the book's section, its words)
    ours: dict[str, str]                               # an event -> the rule that is ours
    chosen: dict[str, str]                             # a decision's name -> what the program chose


def choice_words(d: dict, chosen: dict[str, str]) -> str:
    key = ", then ".join(f"{name} ({value})" for name, value in d["key"].items())
    told = chosen.get(d["what"], f"the program's choice of {d['what']}")
    ties = f"; {tied(d['ties'])}" if d.get("ties") else ""
    return f"{told} - by {key}{ties}"


def explain(s, c, reasons: Reasons) -> list[str]:
    """The last command's events, each followed by the rule behind it (each rule once)."""
    if s.last_action < 0:
        return ["no command yet: `why` explains the last one, with the rules behind it"]
    evs = s.log[s.last_action:]
    out = ["The last command, step by step, with the rules behind it:"]
    given: set = set()
    for e in evs:
        told = reasons.narrate(s, c, [e])
        out += told
        rule = reasons.rule(e)
        if rule is not None and rule not in given and told:
            given.add(rule)
            out.append(f"      the book, {rule[0]}: \"{rule[1]}\"")
        if e["event"] in reasons.ours and told and e["event"] not in given:
            given.add(e["event"])
            out.append(f"      {reasons.ours[e['event']]}")
        if e.get("decision") and told:
            out.append(f"      {choice_words(e['decision'], reasons.chosen)}")
    return out if len(out) > 1 else ["the last command changed nothing that needs a reason"]
