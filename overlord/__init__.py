"""Overlord: plays the enemy side of cooperative dungeon board games.

Layers, imports pointing down only::

    cli.py -> overlord.session -> overlord.view
                               -> overlord.games (each game's rules and flow)
                                  -> overlord.ai (movement words, targeting, activation)
                                     -> overlord.content -> overlord.core
"""

__version__ = "0.1.0"
