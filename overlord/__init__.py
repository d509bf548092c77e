"""Overlord: plays the enemy side of cooperative dungeon board games.

The layers, imports pointing down only, are described once: docs/internals.md, "The layers"
(kept by tests/test_layers.py).
"""

__version__ = "0.1.0"
