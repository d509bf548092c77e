"""Headless simulation of many games of a scenario (``overlord simulate``) and their summary."""
