"""What the search bot knows of Return of the Heroes with the Dragon (``overlord.core.search``):
Return of the Heroes' position features and fitted weights read through its lens (they were fitted
on Return of the Heroes' own games: the combination's are not fitted yet), and the determinisation:
Return of the Heroes' over both boxes' counters - the covered counters one pool, Guards and Servants
among their own, the bag and the market's pile shuffled, the Nameless card dealt again where nobody
may know it - and the City of the Mages' pile shuffled too. What the deciding hero saw by Vision is
dealt with the rest (a world forgets it; it never peeks)."""

from __future__ import annotations

from ...core.game import Match
from ..roth import evaluation as roth_evaluation

WEIGHTS = roth_evaluation.WEIGHTS


def features(match) -> dict[str, float]:
    return roth_evaluation.features(Match(match.content.roth, match.state))


def determinize(match, rng):
    dealt = roth_evaluation.determinize(Match(match.content.roth, match.state), rng)
    s = dealt.state
    city = sorted(s.city)
    s.city = [city[i] for i in rng.permutation(len(city))]
    return Match(match.content, s)
