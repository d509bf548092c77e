"""The Gauntlet: the smallest real game on Overlord's game interface (``overlord.core.game``),
kept in the test suite. It uses every part of the interface and runs through every generic
command; ``docs/adding-a-game.md`` walks through it."""
