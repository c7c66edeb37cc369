"""Small valid documents (plain dicts, as YAML parses them) that each test breaks in one place."""

from __future__ import annotations

from typing import Any


def unit(name: str = "Knight", **fields: Any) -> dict[str, Any]:
    return {"name": name, "base_mm": 32, "wounds": 3, **fields}


def preset(**fields: Any) -> dict[str, Any]:
    return {
        "id": "yard",
        "name": "Yard",
        "system": "any",
        "table": [36, 36],
        "description": "A test table.",
        "terrain": [{"id": "T1", "kind": "wall", "keywords": ["cover"], "rect": [10, 10, 4, 0.5]}],
        "zones": [
            {"id": "DA", "kind": "deployment", "side": "A", "rect": [0, 0, 36, 6]},
            {"id": "DB", "kind": "deployment", "side": "B", "rect": [0, 30, 36, 6]},
            {"id": "O1", "kind": "objective", "circle": [18, 18, 0.8]},
        ],
        **fields,
    }


def ruling(**fields: Any) -> dict[str, Any]:
    return {
        "id": "measuring",
        "question": "When may players measure?",
        "default": "free",
        "options": {"free": "Any time.", "declare-first": "After declaring."},
        "citation": "seeds/000 L1",
        **fields,
    }
