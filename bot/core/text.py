"""Cleaning text players type before it reaches the table: short, one line, no layout-breaking markdown.

Player text (notes, names, card titles, questions) is shown inside the bot's own lines; a stray code
fence, heading or quote marker would swallow or reshape the rest of the message, and control
characters can reorder it. Emphasis and plain punctuation are left alone (dice notation uses ``*``).
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["LABEL_LIMIT", "PLAYER_TEXT_LIMIT", "clean_player_text", "fit"]

PLAYER_TEXT_LIMIT = 500
"""Characters one option a player typed may hold (games set tighter limits of their own, e.g. notes)."""

LABEL_LIMIT = 100
"""Characters Discord shows in a select option's label or an autocomplete choice's name."""

_SPACES = re.compile(r"\s+")
_LEADING_BLOCK = re.compile(r"^(?:[#>]+|-#)\s*")
_MASKED_LINK = re.compile(r"\]\(")


def clean_player_text(text: str, field: str = "text") -> str:
    """One line without code fences, block markers, masked links or invisible control characters;
    raises ``ValueError`` naming ``field`` when it is longer than ``PLAYER_TEXT_LIMIT``."""
    visible = "".join(ch for ch in text if unicodedata.category(ch) not in ("Cc", "Cf") or ch in "\n\t")
    one_line = _SPACES.sub(" ", visible.replace("`", "'")).strip()
    cleaned = _MASKED_LINK.sub("] (", _LEADING_BLOCK.sub("", one_line))
    if len(cleaned) > PLAYER_TEXT_LIMIT:
        raise ValueError(f"{field}: is {len(cleaned)} characters long; write at most {PLAYER_TEXT_LIMIT}")
    return cleaned


def fit(text: str, limit: int = LABEL_LIMIT) -> str:
    """``text`` within ``limit`` characters for a label: whole, or cut at the last word that fits and ended with
    "…", so a player never reads half a word."""
    if len(text) <= limit:
        return text
    cut = text[:limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip(" ,;:") + "…"
