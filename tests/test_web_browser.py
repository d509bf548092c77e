"""The web companion in a real browser (issue 41): headless Chromium from the operating system's
packages, driven by Playwright, against a real ``overlord serve`` on 127.0.0.1.

Each shipped scenario is started and played a few rounds by clicking the page's own buttons and
forms, then undone; two devices on one game see each other's moves and a stale command is refused;
a page whose server went away says so and catches up when it is back; every page passes an axe
audit with no violation. Where no Chromium is found the tests are skipped with the reason, except
under CI (``CI=true``), where a missing browser is a failure: ``.ci/run`` installs Debian's."""

from __future__ import annotations

import json
import os
import re
import urllib.request
from pathlib import Path

import pytest

from web_helpers import BROWSER_FLAGS, PARTIES, Server, find_browser

try:                                   # the test extra installs both; a missing one is told below
    import axe_playwright_python
    from playwright import sync_api as playwright
except ImportError:
    playwright = axe_playwright_python = None

AXE = Path(axe_playwright_python.__file__).with_name("axe.min.js") if axe_playwright_python else None
CLICKS = 14              # buttons clicked in each scenario's game: a few rounds of each


@pytest.fixture(scope="module")
def browser():
    path = find_browser()
    reason = ""
    if playwright is None:
        reason = "Playwright or axe is not installed (pip install '.[test]'): the browser tests need both"
    elif path is None:
        reason = ("no Chromium found (Debian: apt-get install chromium; or set OVERLORD_CHROMIUM to one): "
                  "the browser tests need one")
    if reason:
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=BROWSER_FLAGS)
        yield b
        b.close()


@pytest.fixture
def served(tmp_path):
    started: list[Server] = []

    def start(scenario: str, seed: int = 4, port: int = 0, save: str = "game.db", dice: str = "program") -> Server:
        args = [scenario, "--heroes", ",".join(PARTIES[scenario]), "--seed", str(seed), "--save", save,
                "--dice", dice] if scenario in PARTIES else [scenario]
        server = Server(args, tmp_path, port)
        started.append(server)
        return server

    yield start
    for s in started:
        s.stop()


def open_page(browser, url: str, who: str = ""):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(url)
    page.wait_for_selector("#board svg .piece")
    page.wait_for_function("document.body.dataset.step !== undefined")
    if who:
        page.fill("#who", who)
        page.dispatch_event("#who", "change")
    page.errors = errors
    return page


def step(page) -> int:
    return int(page.get_attribute("body", "data-step"))


def server_state(server: Server) -> dict:
    with urllib.request.urlopen(server.base + "/state") as r:
        return json.loads(r.read())


def answered(page) -> str:
    page.wait_for_function("() => !document.getElementById('reply').textContent.startsWith('sending')")
    return page.inner_text("#reply")


def click_on(page) -> str:
    """One move as a player makes it: an option button (an `end` first, so that rounds go by),
    else the first form to complete, sent with what it shows (a number's lowest value)."""
    buttons = page.locator(".offers button.option")
    labels = buttons.all_inner_texts()
    if labels:
        pick = next((i for i, t in enumerate(labels) if t.split(". ", 1)[1].startswith("end")), 0)
        buttons.nth(pick).click()
        return labels[pick]
    form = page.locator(".offers form").first
    for field in form.locator("input[type=text]").all():
        field.fill(field.get_attribute("placeholder") or "")
    form.locator("button[type=submit]").click()
    return form.get_attribute("aria-label") or "a form"


def round_of(page) -> int:
    return int(re.search(r"round (\d+)", page.inner_text("#prompt")).group(1))


@pytest.mark.parametrize("scenario", sorted(PARTIES))
def test_a_game_is_played_by_clicking_then_undone_and_its_page_passes_an_audit(browser, served, scenario):
    server = served(scenario)
    page = open_page(browser, server.url, who="Anna")
    for _ in range(CLICKS):
        if page.locator("#over").is_visible():
            break
        before = step(page)
        what = click_on(page)
        told = answered(page)
        assert step(page) == before + 1, f"{what}: {told}"
    state = server_state(server)
    assert round_of(page) >= 2 or page.locator("#over").is_visible(), page.inner_text("#prompt")
    assert page.get_attribute("body", "data-step") == str(state["step"])
    assert page.locator("#board svg .piece").count() == len([r for r in state["positions"] if r[2] != "marker"])
    assert page.locator("#positions tbody tr").count() == len(state["positions"])
    assert page.locator("#log .entry").count() >= CLICKS // 2
    assert page.locator("#steps li").count() >= 2
    undo = page.inner_text("#undo")
    assert undo.startswith("Undo: ")
    if page.is_disabled("#undo"):                         # the last command turned up a hidden card
        assert page.inner_text("#undo-what") == state["undo"]["refused"]
        assert state["undo"]["refused"].startswith(f"undo refused: '{undo[len('Undo: '):]}'")
    else:
        assert page.inner_text("#undo-what") == "typed by Anna"
        before = step(page)
        page.click("#undo")
        assert answered(page).startswith(f"undone: {undo[len('Undo: '):]} (typed by Anna)")
        assert step(page) == before + 1
    audit(page, scenario)
    assert page.errors == []


def test_two_devices_see_each_others_moves_and_a_stale_command_is_refused(browser, served):
    server = served("forgotten-souls")
    anna, ben = open_page(browser, server.url, "Anna"), open_page(browser, server.url, "Ben")
    anna.click(".offers button.option:has-text('end leoric')")
    ben.wait_for_function("document.body.dataset.step === '1'")
    assert "end leoric" in ben.inner_text("#log") and "Anna" in ben.inner_text("#log")
    ben.evaluate("page.events.close()")                  # Ben's page stops listening: it misses a step
    anna.fill("#line", "hurt tarha 1")
    anna.press("#line", "Enter")
    anna.wait_for_function("document.body.dataset.step === '2'")
    assert step(ben) == 1
    ben.click(".offers button.option:has-text('end tarha')")
    told = answered(ben)
    assert told.startswith("refused: the game changed on another device since this page showed step 1 (it is at step 2)")
    assert step(ben) == 2                                  # and it shows the game as it is now
    assert server_state(server)["narration"][0]["command"] == "hurt tarha 1"
    assert "end tarha" not in [e["command"] for e in server_state(server)["narration"]]


def test_a_page_that_lost_its_server_says_so_and_catches_up_when_it_is_back(browser, served, tmp_path):
    """The server stops (a laptop closed) and starts again on the same save, whose steps count from
    0 again: the page tells it lost the line, then shows the game as the new server has it."""
    server = served("forgotten-souls")
    page = open_page(browser, server.url)
    page.click(".offers button.option:has-text('end leoric')")
    page.wait_for_function("document.body.dataset.step === '1'")
    before = page.evaluate("page.snap.server")
    port = server.port
    server.stop()
    page.wait_for_selector("#link[data-state='lost']")
    assert page.inner_text("#link").startswith("Connection lost")
    again = served(str(tmp_path / "game.db"), port=port)     # the same save, served again
    request = urllib.request.Request(again.base + "/command", method="POST", data=b'{"line": "end tarha"}',
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as r:
        assert json.loads(r.read())["step"] == 1
    page.wait_for_selector("#link[data-state='live']", timeout=20000)
    page.wait_for_function(f"page.snap.server !== '{before}' && document.body.dataset.step === '1'", timeout=20000)
    log = page.inner_text("#log")
    assert "end tarha" in log and "resumed " in log and "after 1 command" in log
    assert "Overlord phase of round 1" in page.inner_text("#steps")


def audit(page, scenario: str) -> None:
    """axe's audit of the page as it is, in both colour modes, with the closed parts opened."""
    page.click("#positions-box summary")
    page.click("#all-h ~ details summary")
    for mode in ("", "contrast"):
        if mode:
            page.click(f"#{mode}")
            page.wait_for_selector("#board svg.contrast")
        page.add_script_tag(path=str(AXE))
        found = page.evaluate("async () => (await axe.run(document)).violations"
                              ".map(v => v.id + ': ' + v.help + ' (' + v.nodes.length + ')')")
        assert found == [], f"{scenario} {mode or 'default'}: {found}"


def test_large_text_and_high_contrast_are_kept_and_redraw_the_board(browser, served):
    server = served("forgotten-souls")
    page = open_page(browser, server.url)
    page.click("#large")
    page.click("#contrast")
    page.wait_for_selector("#board svg.large.contrast")
    assert page.get_attribute("#large", "aria-pressed") == "true"
    page.reload()
    page.wait_for_selector("#board svg.large.contrast")
    assert page.evaluate("document.documentElement.className") == "large contrast"


def test_every_control_is_reached_by_the_keyboard(browser, served):
    server = served("forgotten-souls")
    page = open_page(browser, server.url)
    page.click("h1")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('option')"):
            break
    else:
        pytest.fail("no option button was reached with Tab")
    page.keyboard.press("Enter")
    assert answered(page)
    assert step(page) == 1


def test_a_tapped_figure_says_what_it_is_and_a_tapped_space_fills_a_space(browser, served):
    server = served("forgotten-souls")
    page = open_page(browser, server.url)
    page.click("#board svg .piece.heroes")
    assert page.inner_text("#picked").startswith("leoric")
    field = page.locator(".offers form[aria-label^='move leoric'] input").first
    field.focus()
    page.click("#board svg [data-space='6,4']")
    assert field.input_value() == "6,4"


def test_the_command_line_completes_the_word_being_typed(browser, served):
    server = served("forgotten-souls")
    page = open_page(browser, server.url)
    page.fill("#line", "hurt le")
    assert page.eval_on_selector_all("#words option", "os => os.map(o => o.value)") == ["hurt leoric"]
    page.fill("#line", "en")
    assert "end" in page.eval_on_selector_all("#words option", "os => os.map(o => o.value)")


def test_the_players_dice_are_asked_and_typed_on_the_page(browser, served):
    """Issue 42: with `--dice players` the page asks for the roll ("roll 2 dice for bard's magic
    trial against Ixion ...") with a field for each die; the faces sent are the trial's."""
    server = served("underworld", dice="players")
    page = open_page(browser, server.url, who="Anna")
    for _ in range(3):                                   # bard lays area-17, turns it, enters: Ixion turns up
        page.locator(".offers button.option").first.click()
        answered(page)
    page.locator(".offers button.option", has_text="fight ixion with magic").click()
    told = answered(page)
    assert told.startswith("  bard: fight ixion with magic") and "roll 2 dice for bard's magic trial against Ixion" in told
    form = page.locator(".offers form[aria-label='the dice you rolled']")
    assert page.inner_text("#prompt").startswith("roll 2 dice for bard's magic trial against Ixion")
    inputs = form.locator("input[type=number]")
    assert inputs.count() == 2 and inputs.first.get_attribute("max") == "6"
    inputs.nth(0).fill("3")
    inputs.nth(1).fill("3")
    form.locator("button[type=submit]").click()
    assert answered(page).startswith("    one successful trial wins: rolled 3 and 3")    # told once: the rest
    assert "rolled 3 and 3, kept 3+3=6: <= 8, success - won" in page.inner_text("#log")
    assert page.locator(".offers form[aria-label='the dice you rolled']").count() == 0
    assert page.errors == []
