"""Card effects and triggers in words, for the table: what an exploration card's overlord lines
and hourglasses will do, what its rules do when they fire."""

from __future__ import annotations

from .content.effects import effect_name
from ...view.words import count


def effect(e) -> str:
    name = effect_name(e)
    value = getattr(e, name if name != "if" else "if_")
    if name in ("advance_doom", "advance_fate", "fate_back"):
        return {"advance_doom": "advance doom by", "advance_fate": "advance fate by",
                "fate_back": "move fate back by"}[name] + f" {value}"
    if name in ("refresh_fate", "discard_exploration", "transition_act_ii", "complete_objective"):
        return {"refresh_fate": "refresh fate", "discard_exploration": "discard this Exploration card",
                "transition_act_ii": "transition to Act II",
                "complete_objective": "the objective is done"}[name]
    if name in ("spawn", "place_monsters"):
        what = "every" if value.count is None else str(value.count)
        rank = "" if value.rank == "all" else f" {value.rank}"
        cond = f" ({', '.join(value.conditions)})" if value.conditions else ""
        return f"{'spawn' if name == 'spawn' else 'place'} {what}{rank} {value.group} at {value.at}{cond}"
    if name == "activate_group":
        return f"activate the {value}s"
    if name in ("damage_heroes", "fatigue_heroes"):
        return f"{who(value.who)} suffer{'s' if value.who.pick != 'all' else ''} {value.amount} " \
               f"{'damage' if name == 'damage_heroes' else 'fatigue'}"
    if name == "condition_heroes":
        return f"{who(value.who)} become{'s' if value.who.pick != 'all' else ''} {value.condition}"
    if name == "test_heroes":
        near = f" within {count(value.within, 'space')}" if value.within else ""
        return f"{who(value.who)}{near} test {value.attribute}; failing: {_harm(value.fail)}"
    if name == "heal_monster":
        return (f"Heal: the most damaged monster within {count(value.within, 'space')} (itself too) recovers 1 damage for "
                f"each heart rolled on {dice(value.dice)}")
    if name in ("place_token", "remove_token"):
        return f"{'place' if name == 'place_token' else 'remove'} {count(value.count, value.token + ' token')}" + \
               (f" at {value.at}" if value.at else "")
    if name == "say":
        return f"read: {value}"
    if name == "if":
        then = "; ".join(effect(x) for x in value.then) or "nothing"
        other = "; ".join(effect(x) for x in value.else_)
        return f"if {test(value.test)}: {then}" + (f"; otherwise: {other}" if other else "")
    return name  # pragma: no cover - every registered effect is described above


def effects(items) -> str:
    return "; ".join(effect(e) for e in items)


def test(t) -> str:
    name = next(iter(type(t).model_fields))
    value = getattr(t, name)
    if name == "monsters_on_map":
        return "monsters are on the map" if value else "there are no monsters on the map"
    if name == "group_on_map":
        return f"a {value} is on the map"
    if name == "doom_at_least":
        return f"doom is on {value} or higher"
    if name == "track_gap_at_most":
        return f"doom and fate are at most {value} apart"
    if name == "tokens_at_least":
        return f"at least {count(value.count, value.token + ' token')} are on the map"
    if name == "encounter_clear":
        return "this encounter's monsters are defeated" if value else "this encounter's monsters are on the map"
    if name == "hero_on":
        return f"a hero is {'next to' if value.adjacent else 'on'} {value.at}"
    if name in ("all_of", "any_of"):
        return (" and " if name == "all_of" else " or ").join(test(x) for x in value)
    if name == "not_":
        return f"not ({test(value)})"
    return name  # pragma: no cover


def trigger(tr) -> str:
    if tr.when is not None:
        return f"when {test(tr.when)}: {effects(tr.effects)}"
    what = {"hero_defeated": "a hero is defeated", "monster_defeated": "a monster is defeated",
            "token_taken": "a token is taken"}[tr.whenever.event]
    extra = f" ({tr.whenever.group or tr.whenever.token})" if tr.whenever.group or tr.whenever.token else ""
    return f"each time {what}{extra}: {effects(tr.effects)}"


def who(who) -> str:
    """Which heroes an effect touches, in words."""
    return {"all": "every hero", "lowest_health": "the hero with the least health",
            "highest_health": "the hero with the most health", "exploring_hero": "the exploring hero",
            "random": "a random hero"}[who.pick]


def dice(dice) -> str:
    """["red"] as "1 red die", ["red", "red"] as "2 red dice", ["blue", "red"] as "blue + red"."""
    if len(set(dice)) == 1:
        return count(len(dice), f"{dice[0]} die", f"{dice[0]} dice")
    return " + ".join(dice)


def _harm(h) -> str:
    parts = [f"{h.damage} damage"] * bool(h.damage) + [f"{h.fatigue} fatigue"] * bool(h.fatigue)
    if h.condition:
        parts.append(h.condition)
    return ", ".join(parts) or "nothing"
