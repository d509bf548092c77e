"""What happened, in words, in the Underworld beneath Return of the Heroes (``beneath.narrate``, over
Return of the Heroes' narration); together, the status says how often the Dark card comes."""

from __future__ import annotations

from overlord.games.beneath.narrate import Narration
from overlord.games.roth import narrate as roth_narrate


def rounds(every: int) -> str:
    """"every round", "every 2 rounds"."""
    return "every round" if every == 1 else f"every {every} rounds"


class HadesNarration(Narration):
    def under_line(self, s, c) -> str:
        coop = c.hades.coop
        every = coop.dark_phase_every.get(len(s.heroes)) if coop is not None else None
        return super().under_line(s, c) + (f"; a Dark card {rounds(every)}" if every else "")


NARRATION = HadesNarration(roth_narrate)
narrate, asked, brought_out, status = NARRATION.narrate, NARRATION.asked, NARRATION.brought_out, NARRATION.status
picture, summary = NARRATION.picture, NARRATION.summary
