"""The shipped Forgotten Souls quest: it validates, its decks deal as the rulebook says, and every
activation card can be carried out by its groups on a board."""

import numpy as np
import pytest
from click.testing import CliRunner

from cli import main
from overlord.games.descent.activation import Hero, Monster, Table, activate_card
from overlord.games.descent.content.quest import load_quest, resolve_scenario
from overlord.core.figures import Figure, Scene
from overlord.core.grids import GridBoard


@pytest.fixture(scope="module")
def quest():
    return load_quest(resolve_scenario("forgotten-souls"))


def test_overlord_validate_passes_on_everything_shipped():
    result = CliRunner().invoke(main, ["validate"])
    assert result.exit_code == 0, result.output
    assert "no problems" in result.output


def test_overlord_validate_fails_with_file_and_line_on_a_broken_copy(tmp_path):
    broken = tmp_path / "peril.yaml"
    broken.write_text("peril_cards:\n  - id: p1\n    name: X\n    effects: [advance_dom: 1]\n")
    result = CliRunner().invoke(main, ["validate", str(broken)])
    assert result.exit_code == 1
    assert f"{broken}:4:" in result.output and "did you mean 'advance_doom'" in result.output


def test_the_quest_has_the_rulebooks_deck_sizes(quest):
    """Components: 10 Peril Cards, 12 Exploration Cards, 10 Activation Cards."""
    assert len(quest.perils) == 10 and len(quest.exploration) == 12 and len(quest.activation.cards) == 10
    assert set(quest.monsters) == {"zombie", "flesh-moulder", "barghest", "shadow-dragon"}
    assert quest.monsters["barghest"].size == [2, 1] and quest.monsters["shadow-dragon"].size == [2, 2]


@pytest.mark.parametrize("act", ["I", "II"])
def test_every_activation_card_runs_with_every_group_on_the_map(quest, act):
    rows = ["#" * 16] + ["#" + "." * 14 + "#" for _ in range(10)] + ["#" * 16]
    board = GridBoard(rows)
    rng = np.random.default_rng(0)
    for card in quest.activation.cards:
        figures = [Figure("leoric", "heroes", [12, 2]), Figure("tarha", "heroes", [13, 8])]
        monsters = {}
        spots = iter([[1, 1], [1, 4], [1, 7], [4, 1], [4, 4], [4, 7], [7, 1], [7, 5]])
        for group, model in quest.monsters.items():
            for rank in ("minion", "master"):
                fid = f"{group}-{rank}"
                stats = getattr(model.act_i if act == "I" else model.act_ii, rank)
                figures.append(Figure(fid, "monsters", next(spots), stats.speed, list(model.size)))
                monsters[fid] = Monster(group, rank, stats.health)
        table = Table(Scene(board, figures), monsters, {"leoric": Hero(int(rng.integers(3, 12))),
                                                        "tarha": Hero(int(rng.integers(3, 12)))},
                      quest.monsters, act)
        table, events = activate_card(table, card, quest.activation.order)
        done = [e for e in events if e["event"] == "done"]
        assert len(done) == 8, card.id                    # every monster activated once
        assert all(e["actions"] <= 2 for e in done)
        attacks = [e for e in events if e.get("action") == "attack" and e["performed"]]
        assert len({e["monster"] for e in attacks}) == len(attacks)   # one attack per monster
