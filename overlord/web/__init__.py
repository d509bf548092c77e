"""The web companion (``overlord serve``): the table session as a page on every device at the
table. A layer beside ``session``, above the games: it names no game."""
