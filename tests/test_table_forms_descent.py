"""Every command form the Forgotten Souls table's `help` documents, typed at the real table (issue
39): each help line with and without its optional parts, each alternative, the session's own
commands and a number of `options`. A form is typed at a new saved game after its ``before``
lines; its reply must say what the form is for, and the save must resume after it.

Seeds: 10 with four heroes (the master barghest's Howl in round 1); 4 (leoric at 5,3, tarha at 6,3; zombie-master-1, zombie-minion-1 and barghest-minion-1 in
The Onset; round 1's activation card fs-act-01); 16 (the first door opens onto the Shiny
Corridor, its search token at 19,4); 14 (the Treasure Vault, an objective token at 11,1)."""

from __future__ import annotations

import pytest

from table_forms import Form, run_form

SCENARIO = "forgotten-souls"
HEROES = ("leoric", "tarha")
# seed 4: round 1's activation, each attack on leoric answered
ROUND = ("end leoric", "end tarha", "hurt leoric 2", "hurt leoric 1", "hurt leoric 0")
# seed 4: the master zombie two spaces from leoric and tarha, who have the same health
TIED = ("sheet tarha 8 4", "move leoric 4,3", "move tarha 4,4", "end leoric", "end tarha")
KILL = ("attack zombie-master-1 20 by leoric", "attack zombie-minion-1 20 by leoric",
        "attack barghest-minion-1 20 by leoric")       # 4 loot tokens with two heroes: the loot is drawn
# seed 10, four heroes: round 1's fs-act-08, after the zombies' four attacks on leoric the master barghest
# howls (each hero within 3 spaces tests Willpower; a failure costs 1 fatigue): leoric is asked first
FOUR = ("leoric", "tarha", "syndrael", "jain")
HOWL = tuple(f"end {h}" for h in FOUR) + ("hurt leoric 0",) * 4
CORRIDOR = ("objective confirm", "open leoric", "move leoric 18,4")      # seed 16: next to the search token

FORMS = [
    Form("move leoric 4,3", r"^leoric moves to 4,3$", "move HERO X,Y - the hero moved to that space", seed=4),
    Form("move leoric 0,0", r"^0,0 is a wall: no figure can stand there$",
         "a space as players type it, in words (not [0, 0] is wall)", ok=False, seed=4),
    Form("attack zombie-minion-1 2", r"^zombie-minion-1 takes 2 damage: \d+ health left$",
         "attack MONSTER DAMAGE - a hero's attack dealt this much damage", seed=4),
    Form("attack zombie-master-1 20 by tarha", r"^zombie-master-1 is defeated$",
         "attack MONSTER DAMAGE by HERO - and the hero who defeats it places the loot", seed=4),
    Form("hurt leoric 3", r"^leoric takes 3 damage: 5 health left$", "hurt HERO DAMAGE", seed=4),
    Form("defeated leoric", r"leoric is knocked out: fate advances", "Defeated Heroes: 'advance fate by one'",
         seed=4),
    Form("stand leoric", r"^roll 2 red dice for leoric standing up and type `stand leoric HEARTS SURGES`$",
         "stand HERO without numbers: the players roll the 2 red dice, the program asks for them",
         before=("defeated leoric",), ok=False, seed=4),
    Form("stand leoric 2 1", r"^leoric stands up: 2 hearts, 1 surges; 2 health, at 5,3",
         "stand HERO HEARTS SURGES: the hearts and surges the players rolled", before=("defeated leoric",), seed=4),
    Form("stand leoric 3", r"^leoric stands up: 3 hearts, 0 surges; 3 health",
         "stand HERO HEARTS: no surges", before=("defeated leoric",), seed=4),
    Form("revive leoric by tarha", r"^roll 2 red dice for leoric revived by tarha and type "
                                   r"`revive leoric by tarha HEARTS SURGES`$",
         "revive HERO by HERO without numbers: the players roll, the program asks", before=("defeated leoric",),
         ok=False, seed=4),
    Form("revive leoric by tarha 2 1", r"^leoric is revived by tarha: 2 hearts, 1 surges; 2 health",
         "revive HERO by HERO HEARTS SURGES", before=("defeated leoric",), seed=4),
    Form("revive leoric by tarha 4", r"^leoric is revived by tarha: 4 hearts, 0 surges; 4 health",
         "revive HERO by HERO HEARTS", before=("defeated leoric",), seed=4),
    Form("fatigue tarha 2", r"^tarha suffers 2 fatigue: 2 of 4$", "fatigue HERO N", seed=4),
    Form("fatigue tarha -1", r"^tarha recovers 1 fatigue$", "fatigue HERO -N: it recovered N",
         before=("fatigue tarha 2",), seed=4),
    Form("heal zombie-master-1 2", r"^zombie-master-1 recovers 2 damage$", "heal FIGURE N - a monster's own Heal",
         before=("attack zombie-master-1 3 by tarha",), seed=4),
    Form("condition leoric immobilized", r"^  leoric is now immobilized", "condition FIGURE NAME", seed=4),
    Form("condition leoric immobilized off", r"^  leoric is no longer immobilized \(the table says so\)$",
         "condition FIGURE NAME off", before=("condition leoric immobilized",), seed=4),
    Form("sheet tarha 11 5", r"^tarha: 11 health, 5 stamina on the sheet; 11 health left, 0 fatigue$",
         "sheet HERO HEALTH STAMINA", seed=4),
    Form("take leoric objective-vault", r"^leoric takes the objective-vault token at 11,1$",
         "take HERO TOKEN - a token next to the hero", before=("objective confirm", "open leoric", "move leoric 11,2"),
         seed=14),
    Form("open leoric", r"^leoric opens the door: explore Shiny Corridor\n== Shiny Corridor ==",
         "Exploration: 'Draw the top card of the Exploration deck'", before=("objective confirm",), seed=16),
    Form("search leoric", r"leoric takes the search token at 19,4\nleoric draws a Search card from your deck: "
                          r"tell me which with `search leoric CARD`$",
         "search HERO: the Search deck is the players' - the program asks which card", before=CORRIDOR, seed=16),
    Form("search leoric Health Potion", r"leoric takes the search token at 19,4\n"
                                        r"leoric draws the Search card Health Potion$",
         "search HERO CARD: the card drawn, by its name in the box", before=CORRIDOR, seed=16),
    Form("search leoric health potion", r"^leoric draws the Search card Health Potion$",
         "search HERO CARD after `search HERO`: the card of that search", before=CORRIDOR + ("search leoric",),
         seed=16),
    Form("loot Chainmail to tarha", r"^tarha keeps the Shop Item card Chainmail from leoric's loot$",
         "Loot: 'He gives one of the Shop Item cards to any hero of his choice'", before=KILL, seed=4),
    Form("rest tarha", r"^tarha rests: all fatigue recovered at the end of the turn$", "rest HERO", seed=4),
    Form("objective", r"^The objective of Shiny Corridor is done", "objective - the objective completed",
         before=("objective confirm", "open leoric"), seed=16),
    Form("objective", r"The Onset's goal asks for its monsters defeated, and 3 are on the map .*`objective confirm`",
         "objective while the card's goal is plainly not met asks for a confirmation", ok=False, seed=4),
    Form("objective confirm", r"^The objective of The Onset is done\n  discard the exploration card The Onset$",
         "objective confirm", seed=4),
    Form("end leoric", r"^leoric's turn is over$", "end HERO", seed=4),
    Form("end tarha", r"Activation card fs-act-01\n.*\n    \[1\] zombie-master-1 engage leoric: .*\n.*\nwaiting: "
                      r"zombie-master-1 attacks leoric", "the last hero's end: the Overlord phase",
         before=("end leoric",), seed=4),
    Form("hurt leoric 2", r"^leoric takes 2 damage: 6 health left\n    \[3\] zombie-minion-1 engage leoric",
         "hurt HERO DAMAGE while an attack waits: its damage, and the activation goes on",
         before=("end leoric", "end tarha"), seed=4),
    Form("test leoric fail", r"^  leoric tests willpower \(2\): failed\nleoric suffers 1 fatigue: 1 of 5\nwaiting: "
                             r"tarha tests Willpower", "test HERO fail - the Howl's failed Willpower test: 1 fatigue",
         before=HOWL, heroes=FOUR, seed=10),
    Form("test leoric pass", r"^  leoric tests willpower \(2\): passed\nwaiting: tarha tests Willpower",
         "test HERO pass - the test passed: nothing befalls the hero", before=HOWL, heroes=FOUR, seed=10),
    Form("choose 1 4,3", r"^    \[1\] zombie-master-1 engage leoric: 2,3 -> 3,3 -> 4,3 \(2 MP\), ends at 4,3; "
                         r"as good: 4,2; 4,4", "choose N X,Y - another of the equally good spaces; played again",
         before=ROUND, seed=4),
    Form("choose 5 4,4 across", r"^    \[5\] barghest-minion-1 engage leoric: .* ends at 4,4, lying across",
         "choose N X,Y across - a large monster's placement and which way it lies", before=ROUND, seed=4),
    Form("choose 5 4,4 along", r"^    \[5\] barghest-minion-1 engage leoric: .* ends at 4,4, lying along",
         "choose N X,Y along", before=ROUND, seed=4),
    Form("choose 1 tarha", r"^    \[1\] zombie-master-1 engage tarha \(tied with leoric: the heroes may choose",
         "choose N HERO - another of the tied targets (Golden Rules)", before=TIED, seed=4),
    Form("why", r"^zombie\n  zombie-master-1 \(master\)\n    engage: performed - moves 2 MP toward leoric",
         "why - every monster action of the last activation", before=("end leoric", "end tarha"), seed=4),
    Form("why 1", r"^\[1\] zombie-master-1 engage:\n  closest target: leoric - the lowest key \(spaces=3, "
                  r"listed order=0\) of 2", "why N - the comparison keys of decision N",
         before=("end leoric", "end tarha"), seed=4),
    Form("why 2", r"^\[2\] zombie-master-1 attack:\n  target \(the hero with the lowest health adjacent to it\): "
                  r"leoric", "why N - an attack's target", before=("end leoric", "end tarha"), seed=4),
    Form("options", r"^what may be typed now \(type a number to do the command beside it\):\n.*"
                    r"move leoric X,Y.*\n.*\n   1\. rest leoric", "options - what may be typed now", seed=4),
    Form("2", r"^leoric's turn is over$", "N - the command numbered N by `options` (2: end leoric)", seed=4),
    Form("map", r"A=leoric  B=tarha  a=zombie-master-1  b=zombie-minion-1  c=barghest-minion-1\n"
                r"terrain: #=wall  \.=floor  o=obstacle$", "map - every sign it draws explained", seed=4),
    Form("picture", r"^the board is drawn in .*forms\.svg: open it in a browser, or print it$", "picture - the board as a picture beside the save", seed=4),
    Form("status", r"^round 1, hero phase; doom 2, fate 17 \(top 17\); act I; loot 0 tokens\n", "status", seed=4),
    Form("undo", r"^undone: move leoric 4,3", "undo - take back the last command", before=("move leoric 4,3",),
         seed=4),
    Form("components", r"^What to put on the table:\n(.*\n)*.*the Shop Item and Search decks are yours, from the box",
         "components - what to put on the table", seed=4),
    Form("help", r"^move HERO X,Y - .*\n(.*\n)*loot CARD to HERO - ", "help - every command", seed=4),
    Form("help move", r"^move HERO X,Y - the hero moved to that space \(x,y as `map` numbers them\)$",
         "help COMMAND - one command", seed=4),
    Form("quit", r"^bye; continue with `overlord resume .*forms.db`$", "quit", seed=4),
]


@pytest.mark.parametrize("form", FORMS, ids=str)
def test_a_command_form_typed_at_the_table(form, tmp_path):
    run_form(form, tmp_path, SCENARIO, HEROES)
