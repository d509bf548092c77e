"""The table session (``overlord.session.session``) on a shipped scenario, started and resumed as
the tests did before the game interface (Descent's and the Underworld's sessions were their own)."""

from __future__ import annotations


class TableSession:
    @staticmethod
    def start(scenario, heroes, seed, save_path=None, dice="program"):
        from overlord.games import registry
        from overlord.session.session import Session
        return Session.start(*registry.open_scenario(scenario), heroes, seed, save_path, dice)

    @staticmethod
    def resume(save_path):
        from overlord.games import registry
        from overlord.session.session import Session
        return Session.resume(save_path, registry.open_scenario)
