"""The Track sheet of a Descent co-op quest as plain data: the Overlord track (doom and fate)
and the Loot track (damage tokens and the fatigue token).

Forgotten Souls rulebook, "The Overlord Track", "Loot" and "Loot Track Anatomy". Functions
change a track in place and return plain data for the game log.
"""

from __future__ import annotations

from dataclasses import dataclass

LOOT_LIMITS = {2: 4, 3: 5, 4: 6}    # "Loot limits": 2 heroes 4, 3 heroes 5, 4 heroes 6


class TrackError(ValueError):
    """A track move the rules do not allow (doom down, a move after the quest is lost, ...)."""


# -- the Overlord track ---------------------------------------------------------------------

@dataclass
class OverlordTrack:
    spaces: int     # space 0 is the bottom, spaces - 1 the top
    doom: int       # the orange token: moves up only
    fate: int       # the purple token: starts on the top, moves down as fate advances


def start_track(spaces: int, doom_start: dict[int, int], heroes: int) -> OverlordTrack:
    """"General Setup" 2: doom on the space for the number of heroes, fate on the upper space."""
    _count("spaces", spaces)
    if spaces < 2:
        raise TrackError(f"the Overlord track needs at least 2 spaces, got {spaces}")
    if heroes not in doom_start:
        raise TrackError(f"no doom start for {heroes} heroes (known: {sorted(doom_start)})")
    doom = doom_start[heroes]
    if not isinstance(doom, int) or isinstance(doom, bool) or not 0 <= doom < spaces - 1:
        raise TrackError(f"doom start for {heroes} heroes must be a space from 0 to {spaces - 2} "
                         f"(below fate on the top space {spaces - 1}), got {doom!r}")
    return OverlordTrack(spaces, doom, spaces - 1)


def met(track: OverlordTrack) -> bool:
    """Doom and fate share a space: "the heroes immediately fail the quest and lose the game".

    A token moving past the other occupies the other's space on the way, so crossing is
    meeting; the moving token stops there (the game is lost at that moment). With these
    functions doom never rises above fate; ``>=`` also treats a track built with doom above
    fate as met.
    """
    return track.doom >= track.fate


def advance_doom(track: OverlordTrack, n: int) -> dict:
    """"Advance doom": the doom token moves up ``n`` spaces, stopping on fate's space (the
    quest is lost) and never past the top. "Players cannot move the doom token down"."""
    _count("advance doom by", n)
    return _move(track, "doom", "advance doom", n, min(track.doom + n, track.fate, track.spaces - 1))


def advance_fate(track: OverlordTrack, n: int) -> dict:
    """"Advance fate": the fate token moves down ``n`` spaces, stopping on doom's space (the
    quest is lost); so it never leaves the track."""
    _count("advance fate by", n)
    return _move(track, "fate", "advance fate", n, max(track.fate - n, track.doom))


def fate_back(track: OverlordTrack, n: int) -> dict:
    """"Move fate backward": the fate token moves up ``n`` spaces, not past the top."""
    _count("move fate backward by", n)
    return _move(track, "fate", "fate back", n, min(track.fate + n, track.spaces - 1))


def refresh_fate(track: OverlordTrack) -> dict:
    """"Refresh fate": the fate token moves to the top space. ``by`` is the distance moved."""
    return _move(track, "fate", "refresh fate", track.spaces - 1 - track.fate, track.spaces - 1)


def _move(track: OverlordTrack, token: str, what: str, by: int, to: int) -> dict:
    if met(track):
        raise TrackError(f"cannot {what}: doom ({track.doom}) and fate ({track.fate}) already "
                         f"share a space, the quest is lost")
    start = getattr(track, token)
    setattr(track, token, to)
    return {"what": what, "by": by, "from": start, "to": to, "met": met(track)}


def _count(what: str, n: int) -> None:
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise TrackError(f"{what}: expected a whole number of spaces >= 0, got {n!r}"
                         + (" (doom never moves down)" if what == "advance doom by" else ""))


# -- the Loot track -------------------------------------------------------------------------

@dataclass
class LootTrack:
    tokens: int = 0     # damage tokens on the loot stack (always below the loot limit)
    fatigue: int = 0    # the fatigue token's space in the loot payout; 0 is the lowest (start)


@dataclass
class Payout:
    """The loot limit was reached: the hero who placed the last token draws ``cards`` Shop Item
    cards from the current act's deck."""

    cards: int      # payout[fatigue]: "equal to the number indicated by the fatigue token"
    fatigue: int    # the fatigue space that decided it (the token is then back at 0)
    placed: int     # tokens placed by this defeat or flip, the last one reaching the limit
    ignored: int    # tokens of the same defeat or flip that would go above the limit


def loot_limit(heroes: int) -> int:
    """"Loot limits" by number of heroes."""
    if heroes not in LOOT_LIMITS:
        raise TrackError(f"no loot limit for {heroes} heroes (the game is for {min(LOOT_LIMITS)}-{max(LOOT_LIMITS)})")
    return LOOT_LIMITS[heroes]


def defeat_monster(track: LootTrack, spaces_occupied: int, master: bool, heroes: int,
                   payout: list[int]) -> Payout | None:
    """"Loot": a defeated monster puts one damage token per space its base occupied on the
    track. For a master monster the fatigue token first moves up one space ("This is done
    before he places any damage tokens"), not past the highest space (``len(payout) - 1``).

    Tokens are placed one at a time; the one that makes the count equal the loot limit pays
    out (see :class:`Payout`), clears the tokens and returns fatigue to its start. The rest of
    this defeat's tokens are ignored ("Any tokens that would be placed above the loot limit as
    the result of an attack are ignored"). Each defeat is one call: an attack that defeats
    several monsters is several calls, in the order the game layer decides.
    """
    _check_loot(track, heroes, payout)
    if not isinstance(spaces_occupied, int) or isinstance(spaces_occupied, bool) or spaces_occupied < 1:
        raise TrackError(f"a monster's base occupies at least 1 space, got {spaces_occupied!r}")
    if master:
        track.fatigue = min(track.fatigue + 1, len(payout) - 1)
    return _place(track, spaces_occupied, heroes, payout)


def flip_search_card(track: LootTrack, heroes: int, payout: list[int]) -> Payout | None:
    """"Loot": flipping a faceup Search card facedown "adds two damage tokens to the loot
    track". Same payout as a defeat; a token over the limit is ignored here too (the track has
    no space above the limit to hold it)."""
    _check_loot(track, heroes, payout)
    return _place(track, 2, heroes, payout)


def _place(track: LootTrack, n: int, heroes: int, payout: list[int]) -> Payout | None:
    limit = loot_limit(heroes)
    for placed in range(1, n + 1):
        track.tokens += 1
        if track.tokens == limit:
            result = Payout(payout[track.fatigue], track.fatigue, placed, n - placed)
            track.tokens, track.fatigue = 0, 0
            return result
    return None


def _check_loot(track: LootTrack, heroes: int, payout: list[int]) -> None:
    limit = loot_limit(heroes)
    if not payout or any(not isinstance(k, int) or isinstance(k, bool) or k < 0 for k in payout):
        raise TrackError(f"the loot payout is a non-empty list of card counts >= 0, got {payout!r}")
    if not 0 <= track.tokens < limit:
        raise TrackError(f"the loot track holds {track.tokens} tokens; with {heroes} heroes it "
                         f"holds 0 to {limit - 1} between payouts")
    if not 0 <= track.fatigue < len(payout):
        raise TrackError(f"the fatigue token is on space {track.fatigue}, off a payout of "
                         f"{len(payout)} spaces")
