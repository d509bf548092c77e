"""Every shipped game registered before any test, as the command line does (``registry.games()``
imports each game, which registers its content kinds and state machines)."""

from overlord.games import registry

registry.games()
