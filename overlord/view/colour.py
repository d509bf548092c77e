"""The board in colour for a terminal (rich): heroes bold green, monsters bold red, the path
yellow, walls dim, water blue, lava and pits magenta. Plain text stays in ``text``."""

from __future__ import annotations

from rich.text import Text

STYLES = {"#": "dim", " ": "", ".": "grey50", "~": "blue", "o": "dim", "p": "magenta", "l": "magenta",
          "*": "bold yellow", "+": "bold yellow"}


def colour_board(picture: str) -> Text:
    """Colour a drawing made by ``view.text.draw``: upper-case letters are heroes, lower-case
    letters in the map rows monsters (the key line below the map stays plain)."""
    out = Text()
    lines = picture.splitlines()
    for i, line in enumerate(lines):
        if i == 0 or i == len(lines) - 1:           # the ruler and the key
            out.append(line + "\n", style="dim" if i == 0 else "")
            continue
        out.append(line[:3], style="dim")
        for ch in line[3:]:
            if ch.isupper():
                out.append(ch, style="bold green")
            elif ch.isalpha() and ch not in "opl":
                out.append(ch, style="bold red")
            else:
                out.append(ch, style=STYLES.get(ch, ""))
        out.append("\n")
    return out
