"""``overlord serve``: the web companion's server over one table session.

The server binds 127.0.0.1 (this machine only) unless ``lan`` is asked for: then it binds every
address, makes a join token every device needs, and prints the address with the token and a QR code
of it for the phones and tablets at the table. Nothing is fetched from the internet: the page, its
script and its styles ship in the package.
"""

from __future__ import annotations

import io
import secrets
import socket
from collections.abc import Callable
from pathlib import Path

from ..session.session import Reply, Session
from .app import create_app
from .hub import Hub

SQLITE_MAGIC = b"SQLite format 3\x00"


class ServeError(Exception):
    """The server cannot start (its port is taken): one line for the player."""


def is_save(path: Path) -> bool:
    """Whether ``path`` is a file that holds a save (an SQLite database), not a scenario."""
    try:
        with open(path, "rb") as f:
            return f.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC
    except OSError:
        return False


def default_save(scenario_id: str, seed: int) -> Path:
    """Where a game started by ``serve`` is saved when no ``--save`` is given: a new file in the
    current folder (never an existing one)."""
    base = Path(f"{scenario_id}-{seed}.db")
    n = 1
    while base.exists():
        n += 1
        base = Path(f"{scenario_id}-{seed}-{n}.db")
    return base


def title_of(session: Session) -> str:
    info = session.rules.info(session.content)
    return f"{info.name}: {', '.join(session.match.state.heroes)}"


def hub_for(session: Session, opening: Reply | None = None) -> Hub:
    hub = Hub(session, title=title_of(session))
    if opening is not None:
        hub.opened(opening)
    return hub


def lan_address() -> str:
    """This machine's address on its network (the one a route out would use; nothing is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
        except OSError:
            return socket.gethostbyname(socket.gethostname())


def qr_text(url: str) -> str:
    """The address as a QR code drawn in the terminal's characters."""
    import segno  # lazy: segno, only for `serve --lan` (kept out of every other command's start-up)
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def listen(port: int, lan: bool) -> socket.socket:
    """The server's socket, bound before the game is opened (a port in use is refused before a new
    game's save is written): 127.0.0.1 only, or every address with ``lan``."""
    return _bind("0.0.0.0" if lan else "127.0.0.1", port)


def run(hub: Hub, sock: socket.socket, lan: bool, say: Callable[[str], None],
        ready: Callable[[str], None] | None = None) -> None:
    """Serve ``hub`` on ``sock`` (:func:`listen`) until Ctrl+C; the save is closed (its lock goes)
    when the server stops."""
    import uvicorn  # lazy: uvicorn, only for `serve` (kept out of every other command's start-up)
    token = secrets.token_urlsafe(12) if lan else None
    app = create_app(hub, token)
    config = uvicorn.Config(app, log_level="warning", lifespan="off", timeout_graceful_shutdown=2)
    server = uvicorn.Server(config)
    bound = sock.getsockname()[1]
    where = lan_address() if lan else "127.0.0.1"
    url = f"http://{where}:{bound}/" + (f"?token={token}" if token else "")
    say(f"{hub.title}: open {url} in a browser" + (" on each device at the table" if lan else ""))
    if lan:
        say(f"join token: {token} (a device needs it; it is in the address and the QR code)")
        say(qr_text(url))
    else:
        say("(this machine only; `overlord serve ... --lan` lets the table's phones and tablets join)")
    save = hub.session.save
    say(f"every command is saved in {save.path if save else '(no save)'}; Ctrl+C stops the server")
    if ready is not None:
        ready(url)
    try:
        server.run(sockets=[sock])
    finally:
        hub.close()


def _bind(host: str, port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as e:
        sock.close()
        raise ServeError(f"cannot listen on {host}:{port} ({(e.strerror or str(e)).lower()}): "
                        "another server may have it; `--port N` picks another") from None
    sock.listen(64)
    sock.set_inheritable(True)
    return sock

