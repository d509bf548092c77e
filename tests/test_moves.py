"""A move defined once, and the one rule context (``overlord.core.moves``, ``overlord.core.context``;
issue 40): a move added to the tiny game in one place shows in its legal actions, the table's help
and parser, the narration, the PettingZoo numbering and the JSON form a web page draws; the
parser's refusals; ties cut in one declared way; machines refusing with a RulesError; hidden draws
marked by the draw itself; the enemy's loop written once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from overlord.core import machines
from overlord.core.context import Context, decide, ranking, tied
from overlord.core.decks import new_deck
from overlord.core.game import RulesError, drew_hidden
from overlord.core.moves import ACTOR, ANY, Move, Moves, Param, enemy_until_hero
from overlord.core.rng import new_rng, rng_state
from overlord.games import registry
from overlord.games.descent.game import GAME as DESCENT, shipped_quest
from tinygame.game import GAME, HERO, MOVES, Gauntlet, GauntletTable, go, standing, told
from cli_helpers import run

SCENARIO = str(Path(__file__).resolve().parent / "tinygame" / "content" / "gauntlet.yaml")

#: the one place the new action is written: a hero hops two spaces on
HOP = Move("hop", "the hero hops two spaces on", (HERO,), apply=lambda ctx, a: go(ctx, a, 2),
           legal=lambda ctx: [{"do": "hop", "hero": h} for h in standing(ctx)], tells={"hero": told("hops")})


class Hopping(Gauntlet):
    moves = MOVES.with_move(HOP)


HOPPING = Hopping()


@pytest.fixture
def hopping(monkeypatch):
    registry.games()                                           # the shipped ones loaded first
    monkeypatch.setitem(registry._GAMES, "tiny", HOPPING)
    monkeypatch.setattr(registry, "_OPENED", {})               # scenarios opened with the plain Gauntlet
    return HOPPING


def test_a_move_added_in_one_place_is_offered_typed_told_numbered_and_drawn(hopping):
    content = hopping.load(SCENARIO)
    match = hopping.new_match(content, ["ana", "bo"], 3)
    legal = hopping.legal_actions(match)
    assert legal == [{"do": "step", "hero": "ana"}, {"do": "dash", "hero": "ana"}, {"do": "rest", "hero": "ana"},
                     {"do": "hop", "hero": "ana"}]
    table = GauntletTable(hopping, match)
    assert table.commands["hop"] == "hop HERO - the hero hops two spaces on"
    reply = table.execute("hop", ["ana"], "hop ana")
    assert reply.lines[0] == "ana hops: space 2, health 3" and reply.label == "hop ana"
    spec = hopping.agents(content, ["ana", "bo"])
    assert spec.n_actions == 5 and spec.describe == "0 step, 1 dash, 2 rest, 3 rise, 4 hop"
    assert spec.encode(match, hopping.legal_actions(match)) == [0, 1, 2, 4]
    form = next(m for m in hopping.moves.to_json() if m["name"] == "hop")
    assert form == {"name": "hop", "help": "the hero hops two spaces on", "usage": "hop HERO", "when": "",
                    "params": [{"name": "hero", "kind": "hero", "word": "HERO", "optional": False, "typed": True,
                                "listed": True}], "choices": []}
    assert json.loads(json.dumps(hopping.moves.buttons(hopping.legal_actions(match))))[-1] == \
        {"move": "hop", "label": "hop bo", "action": {"do": "hop", "hero": "bo"}}


def test_the_added_move_at_the_real_table_and_in_the_pettingzoo_environment(hopping):
    out = run("play", SCENARIO, "--heroes", "ana,bo", "--seed", "3", input="help\nhop ana\nhop zed\nquit\n")
    assert out.exit_code == 0, out.output
    assert "hop HERO - the hero hops two spaces on" in out.output
    assert "ana hops: space 2, health 3" in out.output
    assert "not legal now: hop zed; legal: step bo; dash bo; rest bo; hop bo" in out.output
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test
    from overlord.sim.environment import env
    e = env(scenario=SCENARIO, heroes=2, max_rounds=6)
    e.reset(seed=1)
    assert e.N_ACTIONS == 5 and list(e.observe(e.agent_selection)["action_mask"]) == [1, 1, 1, 0, 1]
    api_test(env(scenario=SCENARIO, heroes=2, max_rounds=6), num_cycles=100, verbose_progress=False)


# -- the table's parsing by parameter name ------------------------------------------------------------------

SKILLS = ("magic", "ranged", "close")
DEMO = Moves([
    Move("fight", "fight a creature", (Param("target", "counter", "COUNTER"), Param("skill", "skill", choices=SKILLS),
                                       Param("spell", "item", keyword="with", optional=True,
                                             refusal="no such spell to cast now")), when="when he faces a creature"),
    Move("buy", "buy from the market", (Param("item", "item"), Param("for", "hero", keyword="for", optional=True,
                                                                       default=ACTOR))),
    Move("roll", "say what the die showed", (Param("face", "int", "N", low=1, high=6, listed=False),)),
    Move("end", "end the turn", shows=("pick",)),
], choices=(Param("pick", "int", "N"), Param("cubes", "words", "COLOURS")))
LEGAL = [{"do": "fight", "target": "wolf", "skill": "close"}, {"do": "fight", "target": "wolf", "skill": "ranged"},
         {"do": "fight", "target": "wolf", "skill": "magic", "spell": "bolt"},
         {"do": "buy", "item": "rope", "for": "orc"}, {"do": "buy", "item": "rope", "for": "elf"}, {"do": "end"}]


@pytest.mark.parametrize("typed, action", [
    ("fight wolf close", {"do": "fight", "target": "wolf", "skill": "close"}),
    ("fight wolf with bolt", {"do": "fight", "target": "wolf", "skill": "magic", "spell": "bolt"}),
    ("buy rope", {"do": "buy", "item": "rope", "for": "orc"}),             # for the hero to act by default
    ("buy rope for elf", {"do": "buy", "item": "rope", "for": "elf"}),
    ("end pick=2 cubes=red,blue", {"do": "end", "pick": 2, "cubes": ["red", "blue"]}),
])
def test_parse_fills_in_from_the_legal_actions(typed, action):
    verb, *args = typed.split()
    assert DEMO.parse(verb, args, LEGAL, actor="orc") == action


@pytest.mark.parametrize("typed, refusal", [
    ("fight wolf", r"^fight: say which - fight wolf close; fight wolf ranged$"),
    ("fight bear close", r"^fight bear close: not possible now; possible: fight wolf close; fight wolf ranged$"),
    ("fight wolf with fire", r"^fight wolf with fire: no such spell to cast now; possible: "),
    ("roll 3", r"^roll: not possible now; the options: fight wolf close"),
    ("end pick=x", r"^pick=x: pick is a number$"),
    ("end colour=red", r"^colour=red: not a choice; choices are pick=\.\.\., cubes=\.\.\.$"),
])
def test_parse_refuses_in_one_line(typed, refusal):
    verb, *args = typed.split()
    with pytest.raises(RulesError, match=refusal):
        DEMO.parse(verb, args, LEGAL, actor="orc")


@pytest.mark.parametrize("typed, result", [
    ("roll 4", {"do": "roll", "face": 4}),
    ("roll 7", "roll: N is 1 to 6, not 7"),
    ("roll six", "roll: N is a number, not six"),
    ("roll", r"roll: say N \(roll N\)"),
    ("roll 1 2", r"roll 1 2: too many words \(roll N - say what the die showed\)"),
    ("fight wolf fist", "fight: SKILL is one of magic, ranged, close, not fist"),
])
def test_read_checks_kinds_and_ranges_alone(typed, result):
    verb, *args = typed.split()
    if isinstance(result, dict):
        assert DEMO.read(verb, args) == result
    else:
        with pytest.raises(RulesError, match=f"^{result}$"):
            DEMO.read(verb, args)


COLOURS = ("red", "green", "blue")
#: the Underworld's shapes: a flag typed as its word, a repeated word, a keyword param, a table word
#: that is not the action's name
LOOSE = Moves([
    Move("fight", "combat", (Param("counter", "counter"), Param("skill", "skill", choices=SKILLS),
                             Param("wish", "flag"), Param("colours", "repeated", "COLOUR", choices=COLOURS),
                             Param("sc_skill", "skill", "SKILL", keyword="shadow", optional=True))),
    Move("skip_extend", "do not extend the Underworld", verb="skip"),
])


@pytest.mark.parametrize("rule, typed, result", [
    ("a flag typed is True, left out is left out", "fight ixion close wish",
     {"do": "fight", "counter": "ixion", "skill": "close", "wish": True}),
    ("repeated words are gathered in the order typed, flags among them", "fight ixion close red wish blue",
     {"do": "fight", "counter": "ixion", "skill": "close", "wish": True, "colours": ["red", "blue"]}),
    ("a keyword param after the loose words", "fight ixion close green shadow magic",
     {"do": "fight", "counter": "ixion", "skill": "close", "colours": ["green"], "sc_skill": "magic"}),
    ("the required words come first: a loose word there is the param's value", "fight wish close",
     {"do": "fight", "counter": "wish", "skill": "close"}),
    ("a table word that is not the action's name", "skip", {"do": "skip_extend"}),
    ("a word no param takes is refused", "fight ixion close purple",
     r"fight ixion close purple: too many words \(fight COUNTER SKILL \[wish\] \[COLOUR \.\.\.\] \[shadow SKILL\] - combat\)"),
    ("the action's name is not the table's word", "skip_extend", "no such action: skip_extend"),
])
def test_read_takes_flags_repeated_words_and_table_words(rule, typed, result):
    verb, *args = typed.split()
    if isinstance(result, dict):
        assert LOOSE.read(verb, args) == result, rule
    else:
        with pytest.raises(RulesError, match=f"^{result}$"):
            LOOSE.read(verb, args)


#: Forgotten Souls' report shapes: a space typed X,Y, a card's name of several words, words after a
#: keyword's value, a required keyword
REPORTS = Moves([
    Move("move", "the hero moved to that space", (Param("hero", "hero"), Param("to", "space", "X,Y"))),
    Move("search", "the hero searched", (Param("hero", "hero"), Param("card", "card", optional=True, joined=True))),
    Move("loot", "the card kept", (Param("card", "card", joined=True), Param("hero", "hero", keyword="to"))),
    Move("revive", "a hero revives another", (Param("hero", "hero", keyword="by"), Param("target", "hero", "HERO"),
                                              Param("hearts", "int", low=0, optional=True, listed=False)),
         typed=("target", "hearts")),
])


@pytest.mark.parametrize("rule, typed, result", [
    ("a space is typed X,Y, its value the list", "move leoric 4,2", {"do": "move", "hero": "leoric", "to": [4, 2]}),
    ("a space is two numbers", "move leoric 4", "move: X,Y is a space X,Y, not 4"),
    ("a joined param takes the rest of the words", "search leoric Health Potion",
     {"do": "search", "hero": "leoric", "card": "Health Potion"}),
    ("a joined param may be left out where optional", "search leoric", {"do": "search", "hero": "leoric"}),
    ("a joined param before a keyword", "loot Iron Shield to tarha", {"do": "loot", "card": "Iron Shield", "hero": "tarha"}),
    ("the words after a keyword's value are read in place", "revive leoric by tarha 2",
     {"do": "revive", "hero": "tarha", "target": "leoric", "hearts": 2}),
    ("a required keyword is asked for", "revive leoric", r"revive: say by HERO \(revive HERO \[HEARTS\] by HERO\)"),
])
def test_read_takes_spaces_joined_names_and_words_after_a_keyword(rule, typed, result):
    verb, *args = typed.split()
    if isinstance(result, dict):
        assert REPORTS.read(verb, args) == result, rule
    else:
        with pytest.raises(RulesError, match=f"^{result}$"):
            REPORTS.read(verb, args)


@pytest.mark.parametrize("verb, values, typed", [
    ("move", {"hero": "leoric"}, "move leoric X,Y"),
    ("move", {"hero": "leoric", "to": [4, 2]}, "move leoric 4,2"),
    ("search", {"hero": "leoric"}, "search leoric"),
    ("search", {"hero": "leoric", "card": None}, "search leoric CARD"),
    ("loot", {}, "loot CARD to HERO"),
    ("revive", {"target": "leoric", "hero": "tarha"}, "revive leoric by tarha"),
])
def test_a_command_as_typed_with_some_of_its_values(verb, values, typed):
    """What a table's ``options`` shows to fill in: the values known, the shapes of the others."""
    assert REPORTS[verb].form(**values) == typed
    assert LOOSE["fight"].form(counter="ixion", skill="close", wish=True) == "fight ixion close wish"


def _hero(p: Param, word: str, verb: str):
    if p.kind == "hero" and word not in ("leoric", "tarha"):
        raise RulesError(f"no hero {word}; heroes: leoric, tarha")
    return p.value(word, verb)


@pytest.mark.parametrize("rule, typed, refusal", [
    ("the game's own reading of a word (a hero of this match)", "move zed 4,2", "no hero zed; heroes: leoric, tarha"),
    ("words missing: the usage line", "move leoric", r"usage: move HERO X,Y - the hero moved to that space"),
    ("too many words: the usage line", "move leoric 4,2 5,5", r"usage: move HERO X,Y - the hero moved to that space"),
    ("a keyword with no word after it: the usage line", "loot Chainmail to",
     r"usage: loot CARD to HERO - the card kept"),
    ("the usage line before any word is read", "move zed", r"usage: move HERO X,Y - the hero moved to that space"),
])
def test_read_with_the_games_own_words_and_usage_refusals(rule, typed, refusal):
    verb, *args = typed.split()
    with pytest.raises(RulesError, match=f"^{refusal}$"):
        REPORTS.read(verb, args, value=_hero, usage=True)


#: the Underworld's choices that ride in the action's ``with``: where a value goes (``into``), what a flag
#: sets, one of a few words anywhere, words read in one case, a number counted from 1, a left-out skill as None
RIDING = Moves([
    Move("fight", "combat", (Param("counter", "counter"), Param("skill", "skill", case="lower"),
                             Param("wish", "flag", into="with.treasure.wish", listed=False),
                             Param("trade", "flag", into="with.treasure.keep", sets=False, listed=False),
                             Param("sc_skill", "skill", "SKILL", keyword="shadow", optional=True, choices=SKILLS,
                                   case="lower", into="with.sc_skill", listed=False),
                             Param("keep", "item", "ITEM", keyword="keep", optional=True, into="with.keep")),
         after="after the skill: wish, trade, shadow SKILL or keep ITEM"),
    Move("encounter", "an encounter", (Param("counter", "counter"), Param("skill", "one", choices=SKILLS, into="with.skill"),
                                       Param("stay", "flag", sets=False, into="with.go"),
                                       Param("colour", "one", "COLOUR", choices=COLOURS, into="with.colour"))),
    Move("extend", "a tile", (Param("stack", "int", base=1, refusal="the stack is 1, 2 or 3"),
                              Param("side", case="upper"))),
    Move("attack", "the Damned One", (Param("weapon", "item"), Param("skill", "skill", optional=True, nullable=True))),
])


@pytest.mark.parametrize("rule, typed, result", [
    ("values go along their path into the action; a flag sets its value", "fight ixion Close wish trade",
     {"do": "fight", "counter": "ixion", "skill": "close", "with": {"treasure": {"wish": True, "keep": False}}}),
    ("a keyword param among the loose words, the words after it still read", "fight ixion close keep ring wish",
     {"do": "fight", "counter": "ixion", "skill": "close", "with": {"keep": "ring", "treasure": {"wish": True}}}),
    ("a keyword's value read in its case", "fight ixion close SHADOW Magic",
     {"do": "fight", "counter": "ixion", "skill": "close", "with": {"sc_skill": "magic"}}),
    ("a required word is never a keyword", "fight keep close",
     {"do": "fight", "counter": "keep", "skill": "close"}),
    ("one of a few words, anywhere after the required ones", "encounter hypnos red Magic stay",
     {"do": "encounter", "counter": "hypnos", "with": {"skill": "magic", "go": False, "colour": "red"}}),
    ("a number counted from 1, a word read in upper case", "extend 1 n", {"do": "extend", "stack": 0, "side": "N"}),
    ("an optional param left out is None where it is nullable", "attack trident",
     {"do": "attack", "weapon": "trident", "skill": None}),
    ("a word no param takes, told as the move says", "fight alekto close purple",
     "fight: unexpected 'purple'; after the skill: wish, trade, shadow SKILL or keep ITEM"),
    ("a keyword without its value", "fight ixion magic keep",
     "fight: unexpected 'keep'; after the skill: wish, trade, shadow SKILL or keep ITEM"),
    ("a keyword whose value is none of its choices", "fight ixion magic shadow purple",
     "fight: unexpected 'shadow'; after the skill: wish, trade, shadow SKILL or keep ITEM"),
    ("a word that is no number, told by the param's refusal", "extend x N", "extend: the stack is 1, 2 or 3, not 'x'"),
    ("without the move's words for it, a word too many", "encounter hypnos purple",
     r"encounter hypnos purple: too many words \(encounter COUNTER \[SKILL\] \[stay\] \[COLOUR\] - an encounter\)"),
])
def test_read_puts_each_value_where_its_param_says(rule, typed, result):
    verb, *args = typed.split()
    if isinstance(result, dict):
        assert RIDING.read(verb, args) == result, rule
    else:
        with pytest.raises(RulesError, match=f"^{result}$"):
            RIDING.read(verb, args)


def test_the_choices_a_move_carries_are_in_its_json_form():
    # the Underworld's fight may carry the reward cubes' colours and a shadow cube's skill (HitU "Combat")
    ride = Move("fight", "combat", (Param("counter", "counter"),), rides=("colours", "sc_skill"))
    assert ride.to_json()["rides"] == ["colours", "sc_skill"] and "rides" not in Move("end", "end").to_json()


def test_a_param_reads_only_lower_or_upper_case():
    with pytest.raises(ValueError, match="case 'title' is not lower or upper"):
        Param("side", case="title")


def test_loose_params_in_help_and_json():
    assert LOOSE.commands() == {"fight": "fight COUNTER SKILL [wish] [COLOUR ...] [shadow SKILL] - combat",
                                "skip": "skip - do not extend the Underworld"}
    params = {p["name"]: p for p in LOOSE["fight"].to_json()["params"]}
    assert params["wish"]["kind"] == "flag" and params["wish"]["word"] == "wish"
    assert params["colours"]["choices"] == list(COLOURS)


def test_help_lines_come_from_the_params():
    assert DEMO.commands() == {"fight": "fight COUNTER SKILL [with SPELL] - fight a creature",
                               "buy": "buy ITEM [for FOR] - buy from the market",
                               "roll": "roll N - say what the die showed", "end": "end [pick=N] - end the turn"}


def test_a_kept_numbering_stays_and_a_new_move_comes_after_it():
    """A move added last takes the next index; the moves of a kept layout keep theirs wherever a new
    move is declared (an agent trained on the old numbering still reads it)."""
    kept = Moves(DEMO, numbering=("end", "fight"))
    assert kept.slots() == ["end", "fight", "buy", "roll"]
    assert kept.with_move(Move("pray", "pray")).slots() == ["end", "fight", "buy", "roll", "pray"]
    assert kept.with_move(Move("pray", "pray"), after="fight").slots()[:2] == ["end", "fight"]
    with pytest.raises(ValueError, match="two moves are named 'end'"):
        DEMO.with_move(Move("end", "again"))


# -- the one rule context ------------------------------------------------------------------------------------

HEROES = ["ana", "bo", "cy", "di"]


@pytest.mark.parametrize("rule, spaces, choice, ties, key", [
    ("the lowest key wins", {"ana": 3, "bo": 1, "cy": 2, "di": 4}, "bo", (), (1, 1)),
    ("equal keys tie; the first in the named order is taken", {"ana": 2, "bo": 1, "cy": 1, "di": 1}, "bo", ("cy", "di"),
     (1, 1)),
    ("the order breaks ties only: it never makes a tie", {"ana": 1, "bo": 5, "cy": 5, "di": 5}, "ana", (), (1, 0)),
])
def test_decide_cuts_ties_one_way(rule, spaces, choice, ties, key):
    d = decide("closest hero", HEROES, lambda h: (spaces[h],), ("spaces",), ("hero order", HEROES.index))
    assert (d.choice, d.ties, d.key, d.key_fields, d.policy, d.considered) == \
        (choice, ties, key, ("spaces", "hero order"), "hero order", 4), rule


def test_decide_words_its_policy_where_the_order_alone_does_not():
    # the Underworld's Dark cards record "first in turn order" (HitU "The Dark Phase": the heroes may choose)
    d = decide("hero", HEROES, lambda h: (0,), ("lowest life",), ("turn order", HEROES.index), "first in turn order")
    assert (d.choice, d.key_fields, d.key, d.policy) == ("ana", ("lowest life", "turn order"), (0, 0),
                                                         "first in turn order")


def test_decide_without_an_order_takes_the_first_listed_and_says_so():
    d = decide("artifact kept", ["b", "a", "c"], lambda i: (0,), ("kind",), policy="listed order")
    assert (d.choice, d.ties, d.key, d.policy) == ("b", ("a", "c"), (0,), "listed order")
    assert tied(d.ties) == "as good: a, c (the players may choose)" and tied(()) == ""
    with pytest.raises(ValueError, match="artifact kept: nothing to choose from"):
        decide("artifact kept", [], lambda i: (0,), ("kind",))


# Spaces as node numbers on a board 10 wide: node 12 is the space 2,1 - the reading order sorts the
# nodes, the decision records the spaces as players write them.
NODES = {12: 3, 31: 1, 14: 1, 25: 1, 40: 2}


def _space(node: int) -> list[int]:
    return [node % 10, node // 10]


@pytest.mark.parametrize("rule, options, expected", [
    ("the order sorts the ties by its rank and records the value players read (a space, not its node)",
     dict(order=("reading order", int, _space)),
     (14, ("spaces", "reading order"), (1, [4, 1]), (25, 31), "reading order")),
    ("the recorded names may stand for the candidates too (named): choice and ties as spaces",
     dict(order=("reading order", int, _space), named=_space),
     ([4, 1], ("spaces", "reading order"), (1, [4, 1]), ([5, 2], [1, 3]), "reading order")),
    ("the policy may be named apart from the order (the order 'listed order', the policy 'listed first')",
     dict(order=("listed order", list(NODES).index), policy="listed first"),
     (31, ("spaces", "listed order"), (1, 1), (14, 25), "listed first")),
    ("the key players read may differ from the key compared (shown): the furthest compared negated",
     dict(key=lambda n: (-NODES[n],), shown=lambda n: (NODES[n],)),
     (12, ("spaces",), (3,), (), "first")),
    ("the heroes choose among the ties (choose): their pick, its own key, the first among the ties",
     dict(order=("reading order", int), choose=lambda tied: tied.index(31)),
     (31, ("spaces", "reading order"), (1, 31), (14, 25), "the heroes' choice")),
    ("the heroes may take the first: the decision is the program's own",
     dict(order=("reading order", int), choose=lambda tied: 0),
     (14, ("spaces", "reading order"), (1, 14), (25, 31), "reading order")),
])
def test_decide_records_what_players_read(rule, options, expected):
    options = {"key": lambda n: (NODES[n],), **options}
    d = decide("space", list(NODES), options.pop("key"), ("spaces",), **options)
    assert (d.choice, d.key_fields, d.key, d.ties, d.policy) == expected, rule
    assert d.considered == len(NODES), rule


def test_ranking_lists_every_candidate_best_first_as_decide_orders_them():
    """A rule that goes down the list when the first will not do (Descent's "spot": the next
    target when no space sees the closest) reads the whole order from the one declared way."""
    order, d = ranking("closest target", list(NODES), lambda n: (NODES[n],), ("spaces",), ("reading order", int))
    assert order == [14, 25, 31, 40, 12] and d == decide("closest target", list(NODES), lambda n: (NODES[n],),
                                                         ("spaces",), ("reading order", int))


@pytest.mark.parametrize("rule, ties, options, words", [
    ("names stand apart by commas", ["T4", "T5"], {}, "as good: T4, T5 (the players may choose)"),
    ("spaces hold a comma: they stand apart by semicolons", [[4, 3], [4, 4]], {}, "as good: 4,3; 4,4 (the players may choose)"),
    ("plans of several steps hold semicolons: they stand apart by bars",
     ["ulumu attacks erla; ulumu attacks erla", "hold back"], {"more": 3},
     "as good: ulumu attacks erla; ulumu attacks erla | hold back and 3 more (the players may choose)"),
    ("who may choose is the game's to say", ["bo"], {"who": "the heroes"}, "as good: bo (the heroes may choose)"),
    ("no ties, no words", [], {}, ""),
])
def test_ties_are_worded_one_way_for_players(rule, ties, options, words):
    assert tied(ties, **options) == words, rule


LAMP = machines.define("test-lamp", "a lamp (the tests' own)", ["off", "on", {"name": "broken", "final": True}],
                       [{"trigger": "switch", "source": "off", "dest": "on"},
                        {"trigger": "drop", "source": ["off", "on"], "dest": "broken"}], "off", field="lamp")


class LampState:
    def __init__(self):
        self.lamp, self.log, self.rng = "off", [], rng_state(new_rng(1))


def test_fire_changes_the_kept_state_or_refuses_with_a_rules_error():
    ctx = Context.open(LampState(), None)
    assert ctx.fire(LAMP, "switch") == "on" and ctx.state.lamp == "on"
    with pytest.raises(RulesError, match=r"test-lamp: trigger 'switch' is not allowed in state 'on' .*allowed here: drop"):
        ctx.fire(LAMP, "switch")
    assert ctx.state.lamp == "on"
    assert issubclass(machines.TriggerRefused, RulesError)


def test_draw_marks_the_event_it_tells_as_a_hidden_draw():
    state = LampState()
    ctx = Context.open(state, None)
    deck = new_deck("d", ["a", "b", "c"], new_rng(1))
    top = deck.draw[0]
    assert ctx.draw(deck, {"event": "card"}) == top
    assert state.log == [{"event": "card", "card": top, "drew_hidden": True}] and drew_hidden(state.log)
    ctx.draw(deck)                                             # a draw told later is marked by its teller
    assert len(state.log) == 1 and ctx.commit() == state.log


def test_a_descent_game_is_its_rule_context_and_draws_through_the_kept_generator():
    """Descent's rules take ``game``: it is the one context shape (state, content, decide, draw),
    its draws rebuilt from ``state.rng`` and written back at once, the drawing event marked."""
    quest = shipped_quest()
    game = DESCENT.new_match(quest, ["leoric", "tarha"], 4)
    assert isinstance(game, Context) and game.content is quest and game.quest is quest and game.rng is None
    top = game.state.peril.draw[0]
    assert game.draw(game.state.peril, {"event": "peril"}) == top
    assert game.state.log[-1] == {"event": "peril", "card": top, "drew_hidden": True} and drew_hidden(game.commit())
    assert game.decide("closest", ["tarha", "leoric"], lambda h: (0,), ("spaces",)).ties == ("leoric",)


def test_the_enemy_acts_until_a_hero_must():
    content = GAME.load(SCENARIO)
    match = GAME.new_match(content, ["ana"], 3)
    assert enemy_until_hero(GAME, match) == []                 # a hero is to act: nothing
    GAME.apply(match, {"do": "step", "hero": "ana"})
    events = enemy_until_hero(GAME, match)
    assert [e["event"] for e in events][:2] == ["doom", "warden"] and GAME.to_act(match) == "ana"


class Announced(Gauntlet):
    """A game that records each action begun before its move applies, and refuses in its own words."""

    def started(self, ctx, action, *extra):
        ctx.log({"event": "begun", "action": dict(action)})

    def refused(self, match, action, legal):
        return RulesError(f"{self.describe(action)} is not legal now; legal: {len(legal)}")


@pytest.mark.parametrize("rules, refusal", [
    (GAME, r"not legal now: rest zed; legal: step ana"),          # the default: Moves.refusal's line
    (Announced(), r"rest zed is not legal now; legal: 3"),        # a game's own words (the Underworld's)
])
def test_play_checks_the_legal_actions_then_records_the_start_then_applies(rules, refusal):
    content = rules.load(SCENARIO)
    match = rules.new_match(content, ["ana", "bo"], 3)
    before = len(match.state.log)
    with pytest.raises(RulesError, match=refusal):
        rules.play(match, {"do": "rest", "hero": "zed"})
    assert len(match.state.log) == before                         # refused: nothing changed
    ctx, _played = rules.play(match, {"do": "step", "hero": "ana"})
    begun = [e["event"] for e in ctx.commit()][:1]
    assert begun == (["begun"] if isinstance(rules, Announced) else [])


# -- words matched exactly (a table that takes every word: Heldentaufe's) -------------------------------------

EXACT = Moves([
    Move("forge", "at a Blacksmith", (Param("hero", "hero", typed=False), Param("give", "item", "TOKEN TOKEN", unordered=True),
                                      Param("take", "item", "INTO"))),
    Move("descend", "down a portal", (Param("hero", "hero", typed=False),
                                      Param("portal", "int", "N", optional=True, default=ANY))),
    Move("fight", "a figure next to the hero", (Param("hero", "hero", typed=False), Param("target", "word", "MONSTER"),
                                                Param("companion", "card", optional=True))),
])
FORGE = {"do": "forge", "hero": "mathian", "give": ["ring+1", "ring+1"], "take": "ring+2"}
SWAP = {"do": "forge", "hero": "mathian", "give": ["ring+1", "sword+1"], "take": "boots+2"}
EXACT_LEGAL = [FORGE, SWAP, {"do": "descend", "hero": "erla", "portal": 2},
               {"do": "fight", "hero": "erla", "target": "ulumu"},
               {"do": "fight", "hero": "erla", "target": "ulumu", "companion": "bear-1"}]


@pytest.mark.parametrize("typed, action", [
    ("forge ring+1 sword+1 boots+2", SWAP),                 # the two tokens given in the order listed
    ("forge SWORD+1 ring+1 boots+2", SWAP),                 # ... or the other: unordered, and no case
    ("forge ring+1 ring+1 ring+2", FORGE),
    ("forge ring+1 boots+2", None),                         # a token missing
    ("forge ring+1 sword+1 boots+2 more", None),            # a word too many
    ("forge ring+1 sword+1 ring+2", None),                  # not what is offered
    ("descend", {"do": "descend", "hero": "erla", "portal": 2}),    # left out: any listed (default ANY)
    ("descend 2", {"do": "descend", "hero": "erla", "portal": 2}),
    ("descend 3", None),
    ("fight ulumu", {"do": "fight", "hero": "erla", "target": "ulumu"}),     # left out: the one without it
    ("fight ulumu bear-1", {"do": "fight", "hero": "erla", "target": "ulumu", "companion": "bear-1"}),
])
def test_find_matches_the_words_typed_exactly(typed, action):
    verb, *words = typed.split()
    assert EXACT.find(verb, words, EXACT_LEGAL) == action


def test_an_unordered_param_and_a_cost_in_the_json_form():
    forge = EXACT["forge"].to_json()
    assert forge["params"][1] == {"name": "give", "kind": "item", "word": "TOKEN TOKEN", "optional": False,
                                  "typed": True, "listed": True, "unordered": True}
    assert Move("walk", "one area on", cost=1).to_json()["cost"] == 1 and "cost" not in forge


def test_a_kept_numbering_may_name_one_index_of_a_move():
    """A published layout where a move's indices are not side by side (Heldentaufe: ``end`` is 0,
    ending the turn improving a token is the last)."""
    moves = Moves([Move("end", "end", slots=("end the turn", "end improving")), Move("walk", "walk", slots=("n", "s")),
                   Move("rest", "rest")], numbering=("end the turn", "walk", "end improving"))
    assert moves.slots() == ["end the turn", "n", "s", "end improving", "rest"]
    with pytest.raises(ValueError, match="numbering names no move or index fly"):
        Moves([Move("walk", "walk")], numbering=("fly",))
