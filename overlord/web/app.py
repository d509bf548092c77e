"""The web companion's routes (Starlette): one page, its state, its commands and its event stream.

=====================  ===========================================================================
``GET /``              the page (HTML; its script and styles from ``/static``)
``GET /state``         the game as a page draws it (:meth:`Hub.snapshot`, JSON)
``GET /board.svg``     the board as SVG (``?large=1``, ``?contrast=1``): to open, save or print
``POST /command``      ``{"line": "end leoric", "step": 4, "server": "9f2c01ab", "who": "Anna"}``:
                       the command's reply; 409 with the current state when ``step`` is not the
                       latest of this server (``server``: the id the state gave)
``GET /events``        server-sent events: ``state`` with the snapshot each time the game changes
                       (and at once when the page's ``Last-Event-ID``, ``SERVER:STEP``, is
                       not the latest: a page that was away catches up), a comment every 15 s to keep the line open
=====================  ===========================================================================

With a join token (``overlord serve --lan``) every route but ``/static`` wants it: as ``?token=``
in the address the server printed (the page then keeps it in a cookie), or an ``X-Overlord-Token``
header. Commands come as JSON only (``Content-Type: application/json``), so a page of another site
cannot send one to a server on this machine (a browser asks first and gets no permission).
"""

from __future__ import annotations

import asyncio
import hmac
import html
import json
from pathlib import Path
from typing import TYPE_CHECKING

from .hub import Hub, Stale

if TYPE_CHECKING:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response

HERE = Path(__file__).resolve().parent
COOKIE = "overlord_token"
KEEP_ALIVE = 15.0                 # seconds between the event stream's comments
LINE_LIMIT = 500                  # characters of a command (a longer one is no command of any game)
PAGE = (HERE / "templates" / "page.html").read_text(encoding="utf-8")


def page_html(title: str, game: str) -> str:
    """The page with the game's names filled in (escaped: a scenario's name is an author's text).
    Two names are all the page's HTML takes from the game; the rest comes from ``/state``."""
    return PAGE.replace("{{ title }}", html.escape(title)).replace("{{ game }}", html.escape(game))


def create_app(hub: Hub, token: str | None = None) -> Starlette:
    """The companion's app over ``hub``; ``token``: the join token every device needs (None: none,
    for a server on 127.0.0.1 only)."""
    from starlette.applications import Starlette  # lazy: starlette, only for serve (not every command's start-up)
    from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse  # lazy: starlette
    from starlette.routing import Mount, Route  # lazy: starlette
    from starlette.staticfiles import StaticFiles  # lazy: starlette

    def _bad(text: str, status: int = 400) -> Response:
        return JSONResponse({"ok": False, "error": text, "lines": [text]}, status_code=status)

    def allowed(request: Request) -> bool:
        if token is None:
            return True
        given = request.query_params.get("token") or request.headers.get("x-overlord-token") \
            or request.cookies.get(COOKIE) or ""
        return hmac.compare_digest(given.encode("utf-8", "replace"), token.encode("utf-8"))

    def refused(request: Request) -> Response:
        text = ("this game needs its join token: open the address the server printed "
                "(it ends with ?token=...), or scan its QR code")
        if request.url.path == "/" and "text/html" in request.headers.get("accept", ""):
            return HTMLResponse(f"<!doctype html><html lang=en><title>Overlord: join token needed</title>"
                                f"<main><h1>Join token needed</h1><p>{text}</p></main></html>", status_code=403)
        return JSONResponse({"ok": False, "error": text}, status_code=403)

    async def page(request: Request) -> Response:
        if not allowed(request):
            return refused(request)
        response = HTMLResponse(page_html(hub.title, hub.snapshot()["game"]))
        if token is not None and request.query_params.get("token"):
            response.set_cookie(COOKIE, token, httponly=True, samesite="strict")
        return response

    async def state(request: Request) -> Response:
        if not allowed(request):
            return refused(request)
        return JSONResponse(hub.snapshot())

    async def board(request: Request) -> Response:
        if not allowed(request):
            return refused(request)
        svg = hub.board(large=_flag(request, "large"), contrast=_flag(request, "contrast"))
        if not svg:
            return JSONResponse({"ok": False, "error": "this game draws no picture of its board"}, status_code=404)
        return Response(svg, media_type="image/svg+xml")

    async def command(request: Request) -> Response:
        if not allowed(request):
            return refused(request)
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            return _bad("a command is sent as JSON (Content-Type: application/json)", 415)
        try:
            body = json.loads(await request.body())
        except (ValueError, UnicodeDecodeError):
            return _bad("the command is not JSON: send {\"line\": \"...\", \"step\": N}")
        if not isinstance(body, dict) or not isinstance(body.get("line"), str):
            return _bad("the command needs its line: {\"line\": \"end leoric\", \"step\": N}")
        step = body.get("step")
        if step is not None and (isinstance(step, bool) or not isinstance(step, int)):
            return _bad(f"step is the number of the step the page showed, not {step!r}")
        server = body.get("server")
        if server is not None and not isinstance(server, str):
            return _bad(f"server is the id of the server the page showed, not {server!r}")
        line = body["line"]
        if len(line) > LINE_LIMIT:
            return _bad(f"a command is at most {LINE_LIMIT} characters")
        if line.split()[:1] and line.split()[0].lower() == "quit":
            return JSONResponse({"ok": False, "step": hub.step, "lines": [
                "the game stays open here for every device; stop the server with Ctrl+C in its terminal "
                "(the save keeps every command: `overlord resume FILE` or `overlord serve FILE` goes on)"]})
        try:
            reply, changed = hub.command(line, step, str(body.get("who") or ""), server)
        except Stale as e:
            return JSONResponse({"ok": False, "stale": True, "error": str(e), "lines": [str(e)],
                                 "state": hub.snapshot()}, status_code=409)
        return JSONResponse({"ok": reply.ok, "command": reply.command, "lines": reply.lines, "changed": changed,
                             "step": hub.step})

    async def events(request: Request) -> Response:
        if not allowed(request):
            return refused(request)
        seen = request.headers.get("last-event-id") or request.query_params.get("since") or ""
        queue = hub.listen()

        async def stream():
            try:
                if seen != _event_id(hub.server, hub.step):         # a page that is behind, or new
                    yield _event(hub.snapshot())
                while True:
                    try:
                        step = await asyncio.wait_for(queue.get(), KEEP_ALIVE)
                    except asyncio.TimeoutError:
                        yield ": still here\n\n"
                        continue
                    if step is None:
                        return
                    while not queue.empty():           # a burst of changes: the latest is enough
                        step = queue.get_nowait()
                        if step is None:
                            return
                    yield _event(hub.snapshot())
            finally:
                hub.forget(queue)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    routes = [Route("/", page), Route("/state", state), Route("/board.svg", board),
              Route("/command", command, methods=["POST"]), Route("/events", events),
              Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")]
    return Starlette(routes=routes)


def _event_id(server: str, step: int) -> str:
    return f"{server}:{step}"


def _event(snapshot: dict) -> str:
    return (f"id: {_event_id(snapshot['server'], snapshot['step'])}\nretry: 2000\nevent: state\n"
            f"data: {json.dumps(snapshot)}\n\n")


def _flag(request: Request, name: str) -> bool:
    return request.query_params.get(name, "") in ("1", "true", "yes", "on")

