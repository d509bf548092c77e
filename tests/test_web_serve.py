"""``overlord serve`` as a player starts it (issue 41): it prints the address to open; on its own
it listens on 127.0.0.1 only, with --lan on every address behind a join token printed with a QR
code; a save is served again where it stopped."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

from overlord.web.serve import lan_address
from web_helpers import Server


def get(url: str) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


@pytest.fixture
def started(tmp_path):
    servers: list[Server] = []

    def start(*args: str) -> Server:
        servers.append(Server(list(args), tmp_path))
        return servers[-1]
    yield start
    for s in servers:
        s.stop()


def test_on_its_own_it_serves_this_machine_only_and_says_where_the_game_is_saved(started, tmp_path):
    server = started("forgotten-souls", "--heroes", "leoric,tarha", "--seed", "4")
    assert server.url.startswith("http://127.0.0.1:") and "token" not in server.url
    assert any(line.startswith("every command is saved in forgotten-souls-4.db") for line in server.printed)
    assert (tmp_path / "forgotten-souls-4.db").exists()
    assert get(server.base + "/state")[1]["title"] == "Forgotten Souls: leoric, tarha"
    address = lan_address()
    if address != "127.0.0.1":                      # a machine with a network: not reachable on it
        with pytest.raises(OSError):
            socket.create_connection((address, server.port), timeout=2).close()


def test_with_lan_a_device_needs_the_join_token_printed_with_a_qr_code(started):
    server = started("underworld", "--heroes", "bard,gnome", "--lan")
    token = server.url.split("?token=")[1]
    printed = "\n".join(server.printed)
    assert f"join token: {token}" in printed
    assert "\u2580" in printed or "\u2584" in printed or "\u2588" in printed        # the QR code's blocks
    base = server.base.replace(server.base.split("//")[1].split(":")[0], "127.0.0.1")
    status, body = get(base + "/state")
    assert status == 403 and body["error"].startswith("this game needs its join token")
    assert get(base + f"/state?token={token}")[0] == 200


def test_a_save_is_served_again_where_it_stopped(started, tmp_path):
    first = started("forgotten-souls", "--heroes", "leoric,tarha", "--seed", "4", "--save", "table.db")
    request = urllib.request.Request(first.base + "/command", method="POST", data=b'{"line": "end leoric", "who": "Anna"}',
                                     headers={"Content-Type": "application/json"})
    urllib.request.urlopen(request, timeout=10).close()
    first.stop()
    again = started("table.db")
    state = get(again.base + "/state")[1]
    assert state["undo"] == {"command": "end leoric", "who": "Anna"}
    assert state["narration"][0]["command"] == "resume"
    assert "resumed table.db after 1 command" in state["narration"][0]["lines"][0]


def test_a_port_in_use_is_refused_in_one_line_before_a_save_is_written(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = subprocess.run([sys.executable, "-m", "overlord.cli", "serve", "forgotten-souls", "--heroes", "leoric,tarha",
                              "--seed", "5", "--port", str(port)], cwd=tmp_path, capture_output=True, text=True,
                             timeout=60)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert run.stderr.strip() == (f"overlord: cannot listen on 127.0.0.1:{port} (address already in use): another "
                                  "server may have it; `--port N` picks another")
    assert list(tmp_path.iterdir()) == []
