"""Menus of picks never cut short: past Discord's 25 options, a menu is paged, counted ("page 1 of 3, 61 hexes"), and
its last pick turns the page (the first page comes round again after the last)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.core.parsing import Invocation
from engine.core import MENU_LIMIT, page

__all__ = ["paged"]

Picks = tuple[tuple[str, Invocation], ...]


def paged(closing: Sequence[tuple[str, Invocation]], entries: Sequence[tuple[str, Invocation]], number: int,
          noun: str, again: Invocation) -> tuple[str, Picks]:
    """Page ``number`` of a menu: the ``closing`` picks first on every page (leave it out, done, keep the
    defaults), then that page's entries, then (when there is more than one page) a pick that asks ``again`` for
    the next page. Returns the page's heading (empty on a single page) and its picks."""
    shown = page(len(entries), number, noun, limit=MENU_LIMIT - len(closing))
    picks = [*closing, *(entries[index] for index in shown.entries)]
    if shown.next_number is not None:
        turn = "back to page 1" if shown.next_number == 0 else f"page {shown.next_number + 1}"
        picks.append((f"More: {turn} of {shown.pages}", replace(again, page=shown.next_number)))
    return shown.heading, tuple(picks)
