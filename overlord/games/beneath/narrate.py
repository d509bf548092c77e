"""What happened, in words, in a combination with the Underworld (:class:`Narration`, over the upper
game's narration): each world's events by its own narration (the Underworld's marked ``rules:
underworld``), the joins' own (the gates, the Evil Marks, the fall) here; the table's lines (status,
picture, the line above the options) both worlds'."""

from __future__ import annotations

from types import ModuleType

from overlord.games.heroes.sheet import shadow_cubes
from overlord.games.underworld.narrate import narrate as under_narrate
from overlord.games.underworld.picture import draw_map
from overlord.view.words import count

from . import shadows
from .view import RULES, UnderView


def _mark_words(d: dict) -> str:
    """The Evil Mark's key in words: the heroes above and the counters on the map, its place in the layout."""
    heroes, lying, _ = d["key"].values()
    ties = f"; tied with map {', '.join(d['ties'])}" if d.get("ties") else ""
    return f"{count(-heroes, 'hero')} above on it, {count(-lying, 'counter')} on it{ties}"


OWN = {
    "underworld_laid": lambda e: f"The Underworld: Styx beside the maps, {sum(e['stacks'])} tiles in three stacks",
    "enters_underworld": lambda e: f"  {e['hero']} pays {e['paid']} gold and goes down through the gate on {e['at']} "
                                   f"to Styx" + (f" (leaves {', '.join(e['left'])} on {e['at']})" if e["left"] else ""),
    "leaves_underworld": lambda e: f"  {e['hero']} comes up through the gate on {e['at']}"
                                   + (f", shedding {e['shed']} shadow cubes" if e["shed"] else ""),
    "evil_mark": lambda e: f"  An Evil Mark falls on map {e['map']}: every skill test there is at -1 (the Damned One's "
                           f"choice: {_mark_words(e['decision'])})",
    "no_evil_mark": lambda e: f"  No Evil Mark: {e['why']}",
    "damned_fallen": lambda e: f"  The Damned One has fallen to {e['hero']}!",
    "fall_consequences": lambda e: (f"  The Evil Marks are lifted; {e['hero']} takes {e.get('reward', 'a Jewel')}; the "
                                    f"heroes below come up at {e['up_at'] or 'the gate'}, healed; the gate closes"),
    "no_experience": lambda e: (f"  {e['hero']} gains no {e['colour']} cube: he fought with the Black Weapon "
                                f"{e['weapon']} (\"they grant no experience\")" if e.get("weapon") else
                                f"  {e['hero']} gains no {e['colour']} cube: a shadow cube lies on {e['skill']} "
                                "(\"In a skill which has an SC, no more EC can be gained in the Upper World\")"),
    "task_discarded": lambda e: f"  {e['hero']} discards {e['name']} in the Underworld (out of the game)",
    "advice_used": lambda e: (f"  {e['hero']} uses the Advice of Hermes: {e['counter']} is fought with {e['skill']}, a "
                              f"skill its counter does not show, at {e['modifier']:+d} (the Advice is used up)"),
    "dark_due": lambda e: f"== the Damned One's Dark card (round {e['round']})",
    "round_marker": lambda e: f"  The Damned One's round marker {e['markers']} of {e['of']}",
}



class Narration:
    """The table's narration (``heroes.table.Narration``) of a combination over ``above``, the upper game's
    narration module."""

    def __init__(self, above: ModuleType):
        self.above = above

    def narrate(self, s, c, evs: list[dict]) -> list[str]:
        out: list[str] = []
        run: list[dict] = []

        def flush() -> None:
            if run:
                out.extend(under_narrate(list(run)))
                run.clear()

        for k, e in enumerate(evs):
            nxt = evs[k + 1] if k + 1 < len(evs) else {}
            if e["event"] == "turn" and e.get("rules") != RULES and nxt.get("rules") == RULES and nxt["event"] == "turn":
                continue                      # a turn below: the Underworld's line tells it (on its tile)
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
                out.extend(self.above.narrate(s, c, [e]))
        flush()
        return out

    def asked(self, s, c) -> str:
        """The line above the numbered options: a hero below is asked by the Underworld's phases."""
        hero = s.pending.get("hero") if s.pending else s.turn.hero
        t = s.part.turn
        if hero in s.below and not s.pending and t is not None and t.hero == hero:
            return (f"{hero}, in the Underworld, phase {t.phase}" + (f", {t.mp_left} MP left" if t.phase == "move" else "")
                    + ":")
        return self.above.asked(s, c)

    def brought_out(self, s, c, e: dict) -> str:
        if e.get("rules") == RULES:
            k = e["event"]
            if k == "tile_drawn":
                return f"the Underworld's map tile {e['tile']}"
            if k == "revealed":
                return f"the Adventure marker {e['counter']} ({e['name']})"
            if k == "treasure_revealed":
                return f"the treasure markers {', '.join(e['markers'])}"
            return "something hidden below"
        return self.above.brought_out(s, c, e)

    def status(self, s, c) -> list[str]:
        """The upper game's status above, then the Underworld's (:meth:`under_line`), then the heroes below."""
        out = self.above.status(s, c) + [self.under_line(s, c)]
        part = s.part
        for h in s.heroes:
            if h in s.below:
                out.append(f"  {h} below on {part.map.heroes[h]}: {shadow_cubes(s.sheets[h])} shadow cubes"
                           + (", TRAPPED" if h in part.trapped else ""))
        return out

    @staticmethod
    def gates(s, c) -> str:
        """Where each gate is: on its field, in the bag or out of the game."""
        lying = shadows.gate_fields(s, c)
        return "; ".join(f"{c.up.gate_words[g]} " + (f"on {lying[g]}" if g in lying else "out of the game"
                                                     if g in s.removed else "in the bag") for g in c.up.gates)

    def under_line(self, s, c) -> str:
        """The Dark Side, the Damned One, the Avatars, the Evil Marks and where each gate is."""
        part = s.part
        gates = self.gates(s, c)
        return (f"the Underworld: Dark Side {part.dark_side}/11; the Damned One {part.damned.replace('_', ' ')}; "
                f"Avatars banished {sum(v == 'banished' for v in part.avatars.values())}/3; Evil Marks on "
                f"{', '.join(s.marks) or 'no map'}; {gates}")

    def picture(self, s, c) -> str:
        """The maps above as the upper game draws them, then the Underworld's tiles."""
        return self.above.picture(s, c) + "\n\nThe Underworld:\n" + draw_map(UnderView(s))

    def summary(self, s, c) -> list[str]:
        return self.above.summary(s, c) + [f"The Underworld: Styx beside the maps; {self.gates(s, c)}."]
