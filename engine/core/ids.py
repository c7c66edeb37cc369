"""Identifiers that must not be mixed up: sides, users, models."""

from __future__ import annotations

from typing import NewType

__all__ = ["BOT_USER", "ModelId", "SideId", "UserId"]

SideId = NewType("SideId", str)
"""A side is the unit of control: the models, hand and score one player answers for."""

UserId = NewType("UserId", str)
"""A person (a Discord user id, a console name) or the bot itself."""

ModelId = NewType("ModelId", str)
"""A short id that never changes during a game, like ``A1`` or ``B2``."""

BOT_USER = UserId("bot")
"""The seat holder for sides the bot plays (hostile models)."""
