"""Where a dead hero's things go (Return of the Heroes, "Hit Points"; Under the Shadow of the
Dragon, "Combat", "Death of a Hero"). The sheet's own reset is ``sheet.rebirth``; this module
routes the counters it leaves behind.

- "You may keep one artifact" / "except for a single artifact that the deceased hero bequeaths on
  his son or daughter" (UtSotD); RotH: "Any one artifact with a yellow or partly yellow border".
- "Artifacts from the City of the Mages (S1) are returned to the other 'City of the Mages'
  counters. Special artifacts (i.e., artifacts printed on the reverse side of other counters) are
  also placed on the field where the hero died." (UtSotD); RotH: "The magic items remain on the
  field where you died, but the artifacts bought on the market decay and are placed back on the
  stack of the market counters."
- "This also applies if the hero has already found one of the scrolls and the corresponding
  special material. The player has to part with one of these, which is put back into the bag."
  (UtSotD). Read here: every scroll or special material the hero does not keep goes back into the
  bag (not onto the field), whether he held both or one.
- "all the tasks he has taken on are placed on the field in which he died" (UtSotD).

An item's *provenance* says where it goes: ``market`` (back to the market pile), ``chain`` (a
scroll or special material: back into the bag), ``bag`` (a creature that went with the hero: the
Orc's companion, "disappears into the bag"), anything else (``special``, ``counter``: a plain
artifact counter) onto the field where the hero died.
"""

from __future__ import annotations

from dataclasses import dataclass, field

PROVENANCES = ("market", "chain", "special", "counter", "bag")


@dataclass
class DeathRouting:
    kept: str | None
    to_market: list[str] = field(default_factory=list)
    to_bag: list[str] = field(default_factory=list)
    to_field: list[str] = field(default_factory=list)


def route_at_death(items: list[tuple[str, str]], keep: str | None) -> DeathRouting:
    """``items``: (counter id, provenance) of what the hero carried; ``keep``: the one artifact he
    bequeaths (or None). Returns where each of the others goes."""
    ids = [i for i, _ in items]
    if keep is not None and keep not in ids:
        raise ValueError(f"the hero did not carry {keep!r}")
    out = DeathRouting(keep)
    for item, provenance in items:
        if provenance not in PROVENANCES:
            raise ValueError(f"unknown provenance {provenance!r} of {item}; expected one of {PROVENANCES}")
        if item == keep:
            continue
        if provenance == "market":
            out.to_market.append(item)
        elif provenance in ("chain", "bag"):
            out.to_bag.append(item)
        else:
            out.to_field.append(item)
    return out
