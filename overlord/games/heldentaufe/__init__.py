"""Heldentaufe (``../shared/rules/heldentaufe.txt``): heroes explore the Upper World and go down
into a hex Underworld where the program, as the monster boss, plans the three monsters' turns.
"""
