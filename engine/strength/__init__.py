"""Measuring the robots' strength: the duplicate-deal arena, the gap to the oracle, and the calibration of the
rating anchors with the fit that turns pairs' tallies into ratings.

Owns `python -m engine arena`, `gap` and `calibrate`, and engine/robots/anchors.json's contents. May import the
rest of `engine` (the games, the registry, the robots and the oracle) and the standard library only; nothing in
`engine` outside the command line imports it.
"""
