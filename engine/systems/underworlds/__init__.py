"""Warhammer Underworlds (first, Shadespire edition) refereed in full: the ``Underworlds`` system (``system.py``),
its data schema and card vocabulary, the pure rules, and the game's flow (docs/underworlds.md)."""
