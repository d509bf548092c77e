"""The games, one package each, and the rules family the Heroes games share (``heroes``). The
framework finds a game only through ``registry`` (one line a game); importing a game's package
registers its content kinds and state machines.
"""
