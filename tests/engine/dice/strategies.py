"""Hypothesis strategies shared by the dice tests."""

from __future__ import annotations

from hypothesis import strategies as st

from engine.dice import D6, D20, WHU_ATTACK, WHU_DEFENCE, Die

__all__ = ["DICE", "dice", "seeds", "streams"]

DICE: tuple[Die, ...] = (D6, D20, WHU_ATTACK, WHU_DEFENCE, Die.numeric(4), Die.numeric(2), Die.numeric(1))

dice = st.sampled_from(DICE)
seeds = st.text(min_size=1, max_size=70)
streams = st.one_of(st.just("public"), st.text(max_size=12).map(lambda side: f"secret:{side}"))
