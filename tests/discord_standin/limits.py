"""Discord's hard limits on what a bot sends, checked as Discord checks them: a message, an edit, an interaction
response or a follow-up over a limit is refused with 400 / 50035 "Invalid Form Body", so every end-to-end test
fails where the real Discord would (limits from Discord's API reference: messages, embeds, message components,
autocomplete)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from aiohttp import web

from .wire import error

__all__ = ["form_errors", "over_limits"]

CONTENT, EMBEDS, EMBED_TOTAL, ROWS, OPTIONS, LABEL, BUTTON_LABEL, CUSTOM_ID, PLACEHOLDER = (
    2000, 10, 6000, 5, 25, 100, 80, 100, 150)


def over_limits(body: Mapping[str, Any]) -> web.Response | None:
    """Discord's answer to a body over its limits (400, 50035, naming each), or None when it is within them."""
    errors = form_errors(body)
    return error(400, 50035, "Invalid Form Body: " + "; ".join(errors)) if errors else None


def form_errors(body: Mapping[str, Any]) -> list[str]:
    """Everything in one message body (or an interaction response's ``data``) Discord would refuse: content over 2000
    characters, more than 10 embeds or 6000 characters in them, more than 5 rows, 5 buttons or 1 select in a row,
    25 options, labels over 100 (80 for a button), custom ids over 100, placeholders over 150, more than 25
    autocomplete choices or one over 100 characters."""
    errors: list[str] = []
    content = body.get("content") or ""
    if len(content) > CONTENT:
        errors.append(f"content: {len(content)} characters (at most {CONTENT})")
    embeds = body.get("embeds") or []
    total = sum(len(str(e.get(k) or "")) for e in embeds for k in ("title", "description"))
    total += sum(len(f.get("name", "")) + len(f.get("value", "")) for e in embeds for f in e.get("fields", []))
    if len(embeds) > EMBEDS or total > EMBED_TOTAL:
        errors.append(f"embeds: {len(embeds)} with {total} characters (at most {EMBEDS} and {EMBED_TOTAL})")
    rows = body.get("components") or []
    if len(rows) > ROWS:
        errors.append(f"components: {len(rows)} rows (at most {ROWS})")
    for row in rows:
        errors += _row_errors(row.get("components", []))
    choices = body.get("choices") or []
    if len(choices) > OPTIONS or any(len(c["name"]) > LABEL or len(str(c["value"])) > LABEL for c in choices):
        errors.append(f"choices: {len(choices)}, names and values at most {LABEL} characters: {choices!r}")
    return errors


def _row_errors(items: list[Mapping[str, Any]]) -> list[str]:
    errors: list[str] = []
    selects = [c for c in items if c["type"] != 2]
    if len(items) > 5 or (selects and len(items) > 1):
        errors.append(f"a row of {len(items)} components (5 buttons or 1 select)")
    for item in items:
        if len(item.get("custom_id", "")) > CUSTOM_ID:
            errors.append(f"custom_id {item['custom_id']!r} (at most {CUSTOM_ID})")
        if item["type"] == 2 and len(item.get("label", "")) > BUTTON_LABEL:
            errors.append(f"button label {item['label']!r} (at most {BUTTON_LABEL})")
        if len(item.get("placeholder") or "") > PLACEHOLDER:
            errors.append(f"placeholder {item['placeholder']!r} (at most {PLACEHOLDER})")
        options = item.get("options") or []
        if len(options) > OPTIONS or sum(bool(o.get("default")) for o in options) > item.get("max_values", 1):
            errors.append(f"{len(options)} options (at most {OPTIONS})")
        errors += [f"option {o!r} (label, value and description at most {LABEL})" for o in options
                   if max(len(o["label"]), len(o["value"]), len(o.get("description") or "")) > LABEL]
    return errors
