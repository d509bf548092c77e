"""Every shipped scenario played to its end in a browser, by clicking, with screenshots for docs/web.md.

For each scenario a real ``overlord serve`` is started and headless Chromium (the operating
system's, as the browser tests use) opens its page; a player clicks one of the page's option
buttons: with ``--guide BOT`` the one that hero bot would choose, where its choice is a button,
else one at random (seeded; a tie the heroes may break the other way is taken one time in five
where a report is also waited for); where the table waits for a report, the player sends the
first form with a number drawn among the four lowest it takes (the damage a monster's attack
dealt, 0 to 3). The bot learns the state from a twin of the game played in this process with the
same commands - and the twin and the server must agree after every click (the same seed and
commands give the same game). The game is played until the page says it is over. Screenshots:
the page after 12 clicks and at the end (docs/img/web-SCENARIO-play.jpg, -end.jpg).

    python bench/web_playthrough.py --guide heuristic     # every scenario, screenshots into docs/img
    python bench/web_playthrough.py --only dragon --no-shots

About a minute of CPU a scenario; not part of the tests (the browser tests play a few rounds of each).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import numpy as np  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from overlord.core.game import match_json  # noqa: E402
from overlord.games import registry  # noqa: E402
from overlord.session.session import Session  # noqa: E402
from overlord.sim.play import bot_of  # noqa: E402
from web_helpers import BROWSER_FLAGS, PARTIES, Server, find_browser  # noqa: E402

SHOTS = ROOT / "docs" / "img"
MID = 12


def shot(page, name: str) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / name), type="jpeg", quality=65)         # what a tablet shows first


def play(browser, scenario: str, seed: int, limit: int, shots: bool, guide: str) -> dict:
    """One game; ``guide``: a hero bot whose choice is clicked where it is one of the buttons (a
    twin of the game, played in this process with the same commands, tells it the state; the twin
    and the server must agree after every click), or "" for seeded random clicks."""
    rules, content, path = registry.open_scenario(scenario)
    twin, _ = Session.start(rules, content, path, PARTIES[scenario], seed)
    bot = bot_of(rules, guide) if guide else None
    dice = np.random.default_rng(seed)
    with tempfile.TemporaryDirectory() as tmp:
        server = Server([scenario, "--heroes", ",".join(PARTIES[scenario]), "--seed", str(seed), "--save", "game.db",
                         "--dice", "program"],
                        Path(tmp))
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(server.url)
            page.wait_for_selector("#board svg .piece")
            page.fill("#who", "Anna")
            page.dispatch_event("#who", "change")
            rng = random.Random(seed)
            clicks, refused, guided, started = 0, 0, 0, time.perf_counter()
            while clicks < limit and not page.locator("#over").is_visible():
                buttons = page.locator(".offers button.option")
                labels = [t.split(". ", 1)[1] for t in buttons.all_inner_texts()]
                ties = [i for i, t in enumerate(labels) if t.startswith("choose ")]
                others = [i for i in range(len(labels)) if i not in ties]
                forms = page.locator(".offers form").count()
                pool = others or (ties if not forms or rng.random() < 0.2 else [])
                wanted = _wanted(rules, twin, bot, dice, labels) if bot is not None else None
                if wanted is not None:
                    pool, guided = [wanted], guided + 1
                if pool:
                    pick = pool[rng.randrange(len(pool))]
                    line = buttons.nth(pick).get_attribute("data-send")
                    buttons.nth(pick).click()
                else:
                    line = _send_form(page, rng)
                page.wait_for_function("() => !document.getElementById('reply').textContent.startsWith('sending')")
                refused += "refused" in (page.get_attribute("#reply", "class") or "")
                twin.execute(line)
                if page.evaluate("page.snap.state_hash") != _hash(twin):
                    raise RuntimeError(f"after {line!r} (click {clicks + 1}) the server and the twin differ")
                clicks += 1
                if shots and clicks == MID:
                    shot(page, f"web-{scenario}-play.jpg")
            over = page.locator("#over").is_visible()
            if shots:
                shot(page, f"web-{scenario}-end.jpg")
            return {"scenario": scenario, "seed": seed, "guide": guide or "random", "clicks": clicks,
                    "guided": guided, "refused": refused, "over": over,
                    "result": page.inner_text("#over").split("\n")[0] if over else "",
                    "prompt": page.inner_text("#prompt"), "page_errors": errors,
                    "seconds": round(time.perf_counter() - started, 1)}
        finally:
            server.stop()


def _wanted(rules, twin, bot, dice, labels: list[str]) -> int | None:
    """The button of the bot's choice, where it is one (a field typed by name is none)."""
    if rules.to_act(twin.match) is None:
        return None
    legal = rules.legal_actions(twin.match)
    if not legal:
        return None
    want = rules.describe(bot(twin.match, legal, dice))
    return next((i for i, t in enumerate(labels) if t == want or want.endswith(": " + t)), None)


def _send_form(page, rng: random.Random) -> str:
    """The first form sent, its words filled (a number among the four lowest it takes); the line sent."""
    form = page.locator(".offers form").first
    words = []
    for part in form.locator(":scope > span:not(.about):not(.stepper), :scope > input, :scope > .stepper input").all():
        tag = part.evaluate("e => e.tagName")
        if tag == "SPAN":
            words.append(part.inner_text())
        elif part.get_attribute("type") == "number":
            low = int(part.get_attribute("min") or 0)
            high = int(part.get_attribute("max") or low + 3)
            value = str(rng.randint(low, min(high, low + 3)))
            part.fill(value)
            words.append(value)
        else:
            value = part.get_attribute("placeholder") or ""
            part.fill(value)
            words.append(value)
    form.locator("button[type=submit]").click()
    return " ".join(words)


def _hash(session: Session) -> str:
    return hashlib.sha256(match_json(session.match).encode("utf-8")).hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", action="append", choices=sorted(PARTIES))
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--limit", type=int, default=1500, help="clicks at most a game")
    parser.add_argument("--no-shots", action="store_true")
    parser.add_argument("--guide", default="", metavar="BOT",
                        help="click the choice of this hero bot where it is a button (heuristic), else at random")
    args = parser.parse_args()
    path = find_browser()
    if path is None:
        sys.exit("no Chromium found (Debian: apt-get install chromium)")
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=BROWSER_FLAGS)
        for scenario in args.only or sorted(PARTIES):
            print(json.dumps(play(browser, scenario, args.seed, args.limit, not args.no_shots, args.guide)), flush=True)
        browser.close()


if __name__ == "__main__":
    main()
