"""Descent: Journeys in the Dark 2nd edition, cooperative adventure (Forgotten Souls)."""
