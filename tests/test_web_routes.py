"""The web companion's routes, with Starlette's test client (issue 41): every endpoint, and every
refusal in one clear line with nothing changed - an unknown command, a stale step, a bad token, a
body that is no command, a missing save."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from overlord.cli import main
from overlord.games import registry
from overlord.session.session import Session
from overlord.web.serve import hub_for
from overlord.web.app import create_app
from web_helpers import PARTIES, new_hub


@pytest.fixture
def hub(tmp_path):
    h = new_hub(tmp_path)
    yield h
    h.close()


@pytest.fixture
def client(hub):
    return TestClient(create_app(hub))


def saved(hub) -> list[str]:
    return hub.session.save.commands()


def test_the_page_names_the_game_and_loads_only_its_own_files(client):
    page = client.get("/")
    assert page.status_code == 200
    assert "<title>Forgotten Souls: leoric, tarha - Overlord</title>" in page.text
    assert "http" not in page.text.replace('href="/static', "").replace('src="/static', "")   # nothing from elsewhere
    for path, kind in (("/static/page.js", "javascript"), ("/static/page.css", "text/css"), ("/static/icon.svg", "svg")):
        asset = client.get(path)
        assert asset.status_code == 200 and kind in asset.headers["content-type"], path


def test_the_state_holds_the_board_the_options_and_the_opening(client):
    state = client.get("/state").json()
    assert state["step"] == 0
    assert state["svg"].startswith("<svg") and "leoric" in state["svg"]
    assert ["A", "leoric", "heroes", "5,3"] in state["positions"]
    assert state["narration"][0]["command"] == "start"
    buttons = [o for o in state["options"] if o["kind"] == "button"]
    assert [b["label"] for b in buttons][:2] == ["rest leoric - leoric rests", "end leoric - leoric's turn is over"]
    move = next(o for o in state["options"] if o["kind"] == "form" and o["label"].startswith("move leoric"))
    assert move["words"][:2] == [{"word": "move"}, {"word": "leoric"}]
    assert move["words"][2]["fill"] == "X,Y" and move["words"][2]["kind"] == "space"
    assert state["undo"] is None


def test_a_command_is_played_saved_and_told_with_its_step(client, hub):
    answer = client.post("/command", json={"line": "end leoric", "step": 0, "who": "Anna"}).json()
    assert answer == {"ok": True, "command": "end leoric", "lines": ["leoric's turn is over"], "changed": True,
                      "step": 1}
    assert saved(hub)[-1] == "end leoric"
    state = client.get("/state").json()
    assert state["step"] == 1
    assert state["narration"][0] == {"step": 1, "who": "Anna", "command": "end leoric", "ok": True,
                                     "lines": ["leoric's turn is over"], "changed": True}
    assert state["undo"] == {"command": "end leoric", "who": "Anna"}


def test_a_command_that_changes_nothing_keeps_the_step(client, hub):
    answer = client.post("/command", json={"line": "status", "step": 0}).json()
    assert answer["ok"] and not answer["changed"] and answer["step"] == 0
    assert answer["lines"][0].startswith("round 1, hero phase")


def test_undo_names_what_it_takes_back_and_who_typed_it(client, hub):
    client.post("/command", json={"line": "end leoric", "step": 0, "who": "Anna"})
    answer = client.post("/command", json={"line": "undo", "step": 1, "who": "Ben"}).json()
    assert answer["ok"] and answer["step"] == 2
    assert answer["lines"][0] == "undone: end leoric (typed by Anna)"
    assert saved(hub) == ["start"]
    assert client.get("/state").json()["undo"] is None


def test_who_typed_a_command_is_kept_in_the_save(tmp_path):
    """A server started again on the save still names who typed the command undo takes back."""
    first = new_hub(tmp_path)
    TestClient(create_app(first)).post("/command", json={"line": "end leoric", "step": 0, "who": "Anna"})
    first.close()
    session, opening = Session.resume(tmp_path / "forgotten-souls.db", registry.open_scenario)
    again = hub_for(session, opening)
    try:
        assert TestClient(create_app(again)).get("/state").json()["undo"] == {"command": "end leoric", "who": "Anna"}
    finally:
        again.close()


# -- refusals: one clear line, nothing changed ---------------------------------------------------------
def test_a_command_from_a_page_that_missed_a_step_is_refused_with_the_game_as_it_is(client, hub):
    client.post("/command", json={"line": "end leoric", "step": 0, "who": "Anna"})
    before = saved(hub)
    answer = client.post("/command", json={"line": "end tarha", "step": 0, "who": "Ben"})
    assert answer.status_code == 409
    body = answer.json()
    assert body["stale"] and body["error"].startswith(
        "refused: the game changed on another device since this page showed step 0 (it is at step 1)")
    assert body["state"]["step"] == 1 and body["state"]["undo"] == {"command": "end leoric", "who": "Anna"}
    assert saved(hub) == before


def test_a_command_from_a_page_of_a_server_since_restarted_is_refused(client, hub):
    """Steps count from 0 each time a server starts: the page's step is of the server it saw."""
    answer = client.post("/command", json={"line": "end leoric", "step": 0, "server": "0ld5erve"})
    assert answer.status_code == 409
    assert answer.json()["error"].startswith("refused: the server was started again since this page showed step 0")
    assert saved(hub) == ["start"]
    state = client.get("/state").json()
    assert client.post("/command", json={"line": "end leoric", "step": 0, "server": state["server"]}).json()["ok"]


@pytest.mark.parametrize("body, status, refusal", [
    ({"line": "dance leoric", "step": 0}, 200, "unknown command 'dance'"),
    ({"line": "move leoric 99,99", "step": 0}, 200, "99,99"),
    ({"line": "quit", "step": 0}, 200, "stop the server with Ctrl\\+C"),
    ({"step": 0}, 400, "the command needs its line"),
    ({"line": 5, "step": 0}, 400, "the command needs its line"),
    ({"line": "end leoric", "step": "0"}, 400, "step is the number of the step the page showed"),
    ({"line": "end leoric", "step": True}, 400, "step is the number"),
    ({"line": "end leoric", "step": 0, "server": 7}, 400, "server is the id of the server"),
    ({"line": "x" * 501, "step": 0}, 400, "at most 500 characters"),
    (["end leoric"], 400, "the command needs its line"),
])
def test_a_command_that_cannot_be_played_is_refused_in_one_line(client, hub, body, status, refusal):
    before = (saved(hub), client.get("/state").json()["state_hash"])
    answer = client.post("/command", json=body)
    assert answer.status_code == status
    told = answer.json()
    assert told["ok"] is False and len(told["lines"]) == 1
    assert re.search(refusal, told["lines"][0]), told["lines"]
    assert (saved(hub), client.get("/state").json()["state_hash"]) == before


def test_a_body_that_is_not_json_is_refused(client, hub):
    answer = client.post("/command", content=b"end leoric", headers={"content-type": "application/json"})
    assert answer.status_code == 400 and answer.json()["error"].startswith("the command is not JSON")
    other = client.post("/command", content=b"line=end+leoric", headers={"content-type": "application/x-www-form-urlencoded"})
    assert other.status_code == 415 and "sent as JSON" in other.json()["error"]
    assert saved(hub) == ["start"]


# -- the join token --------------------------------------------------------------------------------------
@pytest.fixture
def guarded(hub):
    return TestClient(create_app(hub, token="s3cret"))


@pytest.mark.parametrize("path", ["/", "/state", "/board.svg", "/events"])
def test_without_the_join_token_every_route_is_refused(guarded, path):
    answer = guarded.get(path)
    assert answer.status_code == 403
    assert "this game needs its join token" in answer.text


def test_a_wrong_token_is_refused_and_changes_nothing(guarded, hub):
    answer = guarded.post("/command?token=guess", json={"line": "end leoric", "step": 0})
    assert answer.status_code == 403 and answer.json()["ok"] is False
    assert saved(hub) == ["start"]


def test_the_token_in_the_address_lets_the_page_in_and_stays_in_a_cookie(guarded, hub):
    page = guarded.get("/?token=s3cret")
    assert page.status_code == 200 and "overlord_token" in page.headers["set-cookie"]
    assert "HttpOnly" in page.headers["set-cookie"] and "SameSite=strict" in page.headers["set-cookie"]
    assert guarded.get("/state").status_code == 200                       # the cookie
    assert guarded.post("/command", json={"line": "end leoric", "step": 0}).json()["ok"]
    assert TestClient(create_app(hub, token="s3cret")).get("/state", headers={"X-Overlord-Token": "s3cret"}).status_code == 200


def test_the_static_files_need_no_token(guarded):
    assert guarded.get("/static/page.js").status_code == 200


# -- the board -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("query, mark", [("", 'class="board"'), ("?large=1", 'class="board large"'),
                                         ("?contrast=1", 'class="board contrast"'),
                                         ("?large=1&contrast=1", 'class="board large contrast"')])
def test_the_board_is_svg_in_each_mode(client, query, mark):
    answer = client.get("/board.svg" + query)
    assert answer.status_code == 200 and answer.headers["content-type"] == "image/svg+xml"
    assert mark in answer.text


# -- every shipped scenario --------------------------------------------------------------------------------
@pytest.mark.parametrize("scenario", sorted(PARTIES))
def test_each_numbered_option_is_a_button_that_plays_it(tmp_path, scenario):
    """The buttons are the game's own numbered options: the first one's number played through the
    page's route changes the game as typing it at the table does."""
    hub = new_hub(tmp_path, scenario)
    try:
        client = TestClient(create_app(hub))
        state = client.get("/state").json()
        buttons = [o for o in state["options"] if o["kind"] == "button"]
        assert buttons and [b["send"] for b in buttons] == [str(n) for n in range(1, len(buttons) + 1)]
        assert state["svg"].startswith("<svg") and state["positions"]
        answer = client.post("/command", json={"line": buttons[0]["send"], "step": 0, "who": "Anna"}).json()
        assert answer["ok"] and answer["changed"], answer
        assert client.get("/state").json()["undo"]["who"] == "Anna"
    finally:
        hub.close()


@pytest.mark.parametrize("scenario", sorted(PARTIES))
def test_every_typed_move_has_its_form_from_its_definition(tmp_path, scenario):
    hub = new_hub(tmp_path, scenario)
    try:
        forms = TestClient(create_app(hub)).get("/state").json()["forms"]
        verbs = [f["verb"] for f in forms]
        assert verbs and set(verbs) <= set(hub.session.table.commands)
        for f in forms:
            assert f["usage"].split()[0] == f["verb"]
            for p in f["params"]:
                assert p["kind"] and ("range" not in p or p["kind"] == "int")
    finally:
        hub.close()


# -- the command line: serve -----------------------------------------------------------------------------
@pytest.mark.parametrize("args, refusal", [
    (["nothing.db"], "nothing.db: no such save"),
    (["forgotten-souls"], "needs its heroes: overlord serve forgotten-souls --heroes A,B"),
    (["no-such-quest", "--heroes", "a,b"], "no-such-quest"),
    (["underworld", "--heroes", "bard,nobody"], "unknown hero 'nobody'"),
])
def test_serve_refuses_what_it_cannot_start_in_one_line(tmp_path, monkeypatch, args, refusal):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["serve", *args, "--port", "0"])
    assert result.exit_code != 0
    assert refusal in result.output and "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []                       # no save left behind


def test_serve_refuses_a_save_another_server_holds(tmp_path):
    """Only one server writes a save: the save's lock refuses a second (another process: a lock
    is the process's own)."""
    hub = new_hub(tmp_path)
    try:
        second = subprocess.run([sys.executable, "-m", "overlord.cli", "serve", str(tmp_path / "forgotten-souls.db"),
                                 "--port", "0"], capture_output=True, text=True, timeout=60)
        assert second.returncode == 1 and "Traceback" not in second.stderr
        assert "the game is open elsewhere" in second.stderr, second.stderr
        assert second.stderr.count("\n") == 1
    finally:
        hub.close()


def test_serve_refuses_heroes_for_a_save(tmp_path):
    hub = new_hub(tmp_path)
    hub.close()
    result = CliRunner().invoke(main, ["serve", str(tmp_path / "forgotten-souls.db"), "--heroes", "leoric"])
    assert result.exit_code == 2 and "is a save: it knows its heroes" in result.output


def test_the_enemys_turn_is_explained_step_by_step_with_each_decisions_key_and_ties(client):
    """Forgotten Souls' activation: the narration's numbered steps, `why`, and each decision's
    comparison key with its ties (`why N`), for the page's explanation."""
    client.post("/command", json={"line": "end leoric", "step": 0})
    client.post("/command", json={"line": "end tarha", "step": 1})
    state = client.get("/state").json()
    last = state["narration"][0]
    assert last["command"] == "end tarha"
    assert any(line.strip().startswith("[1] zombie-master-1 engage leoric") for line in last["lines"])
    assert state["why"][:2] == ["zombie", "  zombie-master-1 (master)"]
    assert [d["n"] for d in state["decisions"]] == [1, 2]
    first = state["decisions"][0]["lines"]
    assert first[0] == "[1] zombie-master-1 engage:"
    assert "the lowest key" in first[1] and "tied with 4,3; 4,4" in first[2]
