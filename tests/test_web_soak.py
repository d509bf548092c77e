"""Random play through the web companion's routes, as several devices at a table play it (issue 41):
three devices click the page's own controls - option buttons, forms filled with numbers in their
range and words of the game, undo, a command typed - each sometimes from a step it has not caught up
with. After every request: a refusal changed nothing, a change moved the step by one, the state the
pages get is the one the save holds, and the page's state builds (board, options, narration)."""

from __future__ import annotations

import hashlib
import random

import pytest
from starlette.testclient import TestClient

from overlord.web.app import create_app
from web_helpers import PARTIES, new_hub

REQUESTS = 120


def _line(state: dict, rng: random.Random) -> str:
    options = state["options"]
    buttons = [o for o in options if o["kind"] == "button"]
    forms = [o for o in options if o["kind"] == "form"]
    roll = rng.random()
    if roll < 0.08:
        return "undo"
    if roll < 0.12:
        return rng.choice(["status", "why", "help", "map", "options", "picture", "dance", "hurt", "42"])
    if forms and (roll < 0.3 or not buttons):
        form = rng.choice(forms)
        words = []
        for w in form["words"]:
            if "word" in w:
                words.append(w["word"])
            elif w.get("kind") == "int":
                low, high = (w.get("range") or [0, None])
                low = low or 0
                words.append(str(rng.randint(low, high if high is not None else low + 4)))
            else:
                words.append(rng.choice(state["words"] + ["4,2", "X,Y"]))
        return " ".join(words)
    if buttons:
        return rng.choice(buttons)["send"]
    return "options"


def _saved_hash(hub) -> str:
    return hashlib.sha256(hub.session.save.latest()[1].encode("utf-8")).hexdigest()[:16]


@pytest.mark.parametrize("scenario", sorted(PARTIES))
def test_three_devices_click_at_random_and_the_pages_always_show_the_save(tmp_path, scenario):
    hub = new_hub(tmp_path, scenario, seed=7)
    rng = random.Random(scenario)
    try:
        client = TestClient(create_app(hub))
        seen = {device: client.get("/state").json() for device in ("Anna", "Ben", "Cleo")}
        told = {"stale": 0, "changed": 0, "unchanged": 0}
        for _ in range(REQUESTS):
            device = rng.choice(sorted(seen))
            page = seen[device]
            now = client.get("/state").json()
            line = _line(page, rng)
            answer = client.post("/command", json={"line": line, "step": page["step"], "server": page["server"],
                                                   "who": device})
            after = client.get("/state").json()
            body = answer.json()
            if answer.status_code == 409:                       # a page behind: nothing done, the game shown
                assert page["step"] != now["step"]
                assert after["state_hash"] == now["state_hash"] and body["state"]["step"] == now["step"]
                seen[device] = body["state"]
                told["stale"] += 1
                continue
            assert answer.status_code == 200, body
            assert page["step"] == now["step"]
            told["changed" if body["changed"] else "unchanged"] += 1
            if body["changed"]:
                assert body["ok"] and after["step"] == now["step"] + 1, (line, body)
                assert after["narration"][0]["who"] == device
            else:
                assert after["step"] == now["step"] and after["state_hash"] == now["state_hash"], (line, body)
            assert after["state_hash"] == _saved_hash(hub)
            assert after["svg"].startswith("<svg") and after["positions"]
            seen[device] = after if rng.random() < 0.7 else page      # some pages miss the change
        assert all(told.values()), told               # every kind of answer was met
    finally:
        hub.close()
