"""What happened, in words: each world's events by its own narration (the Underworld's marked
``rules: underworld``), the combination's own (the gate, the Evil Marks, the fall) here."""

from __future__ import annotations

from overlord.games.roth import narrate as roth_narrate
from overlord.games.underworld.narrate import narrate as under_narrate

from .view import RULES

OWN = {
    "underworld_laid": lambda e: f"The Underworld: Styx beside the maps, {sum(e['stacks'])} tiles in three stacks",
    "enters_underworld": lambda e: f"  {e['hero']} pays {e['paid']} gold and goes down through the gate on {e['at']} "
                                   f"to Styx" + (f" (leaves {', '.join(e['left'])} on {e['at']})" if e["left"] else ""),
    "leaves_underworld": lambda e: f"  {e['hero']} comes up through the gate on {e['at']}"
                                   + (f", shedding {e['shed']} shadow cubes" if e["shed"] else ""),
    "evil_mark": lambda e: f"  An Evil Mark falls on map {e['map']}: every skill test there is at -1 "
                           f"(the Damned One's choice: {e['decision']['key']})",
    "no_evil_mark": lambda e: f"  No Evil Mark: {e['why']}",
    "damned_fallen": lambda e: f"  The Damned One has fallen to {e['hero']}!",
    "fall_consequences": lambda e: (f"  The Evil Marks are lifted; {e['hero']} takes a Jewel; the heroes below come up "
                                    f"at {e['up_at'] or 'the gate'}, healed; the gate closes"),
    "round_marker": lambda e: f"  The Damned One's round marker {e['markers']} of {e['of']}",
}


def narrate(s, c, evs: list[dict]) -> list[str]:
    out: list[str] = []
    run: list[dict] = []

    def flush() -> None:
        if run:
            out.extend(under_narrate(list(run)))
            run.clear()

    for e in evs:
        if e.get("rules") == RULES:
            if e["event"] == "game_over":
                continue                  # the Damned One's fall: told by the combination (damned_fallen)
            run.append(e)
            continue
        flush()
        own = OWN.get(e["event"])
        if own is not None:
            out.append(own(e))
        else:
            out.extend(roth_narrate.narrate(s, c, [e]))
    flush()
    return out
