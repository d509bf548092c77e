"""Overlord: plays the enemy side of cooperative dungeon board games.

Layers, imports pointing down only::

    cli.py -> overlord.view -> overlord.ai -> overlord.content -> overlord.core
"""

__version__ = "0.1.0"
