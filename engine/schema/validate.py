"""Turn parsed data into models, or into one readable line per problem naming the file, entry and field."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from types import NoneType, UnionType
from typing import Annotated, Any, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from engine.schema.errors import DataError, Loc, Problem, did_you_mean

__all__ = ["describe", "parse", "problems_from"]

_M = TypeVar("_M", bound=BaseModel)

_PLAIN = {
    "missing": "is required",
    "string_type": "must be text",
    "bool_type": "must be true or false",
    "bool_parsing": "must be true or false",
    "tuple_type": "must be a list",
    "list_type": "must be a list",
    "dict_type": "must be a mapping of keys to values",
    "model_type": "must be a mapping of fields",
    "model_attributes_type": "must be a mapping of fields",
}
_NO_INPUT = {"missing", "extra_forbidden"}


def parse(
    model: type[_M], data: object, *, source: str | Mapping[str, str], context: Mapping[str, object] | None = None
) -> _M:
    """Validate parsed data (plain dicts, lists and scalars) as ``model``.

    ``source`` names the file, or maps each top-level key of ``data`` to the file it came from.

    :raises DataError: listing every problem, one line each.
    """
    try:
        return model.model_validate(data, context=context)
    except ValidationError as error:
        raise DataError(describe(p, source=source, data=data) for p in problems_from(error, model)) from None


def problems_from(error: ValidationError, model: type[BaseModel]) -> Iterator[Problem]:
    """Yield one problem per pydantic error, with bundled cross-field problems expanded in place."""
    for detail in error.errors():
        loc: Loc = tuple(detail["loc"])
        if detail["type"] == "bundle":
            for problem in detail.get("ctx", {})["problems"]:
                yield Problem(loc + problem.loc, problem.message)
        else:
            yield Problem(loc, _message(detail, model, loc))


def describe(problem: Problem, *, source: str | Mapping[str, str], data: object) -> str:
    """Return the report line: ``file: entry "Knight" (units[2]): field "base_mm": must be ..., got "big"``.

    An entry is a mapping in a list; its ``id`` or ``name`` labels it, and nested entries join with ``/``.
    """
    loc = problem.loc
    if isinstance(source, str):
        where = source
    else:
        where = source.get(str(loc[0]) if loc else "", ", ".join(sorted(set(source.values()))))
    node, labels, entry_end = data, [], 0
    for depth, key in enumerate(loc):
        node = _child(node, key)
        if isinstance(key, int) and isinstance(node, dict):
            entry_end = depth + 1
            label = node.get("id", node.get("name"))
            if isinstance(label, str):
                labels.append(label)
    parts = [where]
    if entry_end:
        name = f'"{"/".join(labels)}" ' if labels else ""
        parts.append(f"entry {name}({_path(loc[:entry_end])})")
    if loc[entry_end:]:
        parts.append(f'field "{_path(loc[entry_end:])}"')
    parts.append(problem.message)
    return ": ".join(parts)


def _child(node: object, key: str | int) -> object:
    if isinstance(node, dict):
        return node.get(key)
    if isinstance(node, list | tuple) and isinstance(key, int) and 0 <= key < len(node):
        return node[key]
    return None


def _path(loc: Loc) -> str:
    text = ""
    for key in loc:
        text += f"[{key}]" if isinstance(key, int) else (f".{key}" if text else str(key))
    return text


def _message(detail: ErrorDetails, model: type[BaseModel], loc: Loc) -> str:
    kind = detail["type"]
    if kind == "extra_forbidden":
        known = _fields_at(model, loc[:-1])
        text = "is not a known field" + did_you_mean(str(loc[-1]), known)
    elif kind in _PLAIN:
        text = _PLAIN[kind]
    elif kind in ("too_short", "too_long"):
        ctx = detail.get("ctx", {})
        bound = ctx.get("min_length") if kind == "too_short" else ctx.get("max_length")
        text = (
            f"must have at {'least' if kind == 'too_short' else 'most'} {bound} {'entry' if bound == 1 else 'entries'}"
        )
    elif kind == "literal_error":
        text = "must be " + str(detail.get("ctx", {}).get("expected", "")).replace("'", '"')
    else:
        text = detail["msg"].removeprefix("Value error, ")
        text = "must be " + text.removeprefix("Input should be ") if text.startswith("Input should be ") else text
    return _with_input(text, kind, detail["input"])


def _with_input(text: str, kind: str, value: object) -> str:
    """Say what was found (scalars in full, containers by kind), ahead of any spelling hint."""
    if kind in _NO_INPUT:
        return text
    if isinstance(value, str | int | float):
        shown = json.dumps(value, ensure_ascii=False)
        got = f", got {shown if len(shown) <= 60 else shown[:57] + '...'}"
    elif kind in _PLAIN and isinstance(value, dict | list):
        got = f", got a {'mapping' if isinstance(value, dict) else 'list'}"
    else:
        return text
    message, hint, rest = text.partition("; did you mean")
    return message + got + hint + rest


def _fields_at(model: type[BaseModel], loc: Loc) -> list[str]:
    """Return the field names of the model found at ``loc`` under ``model``, for spelling hints."""
    current: Any = model
    for key in loc:
        current = _inner(current, key)
    return list(current.model_fields) if isinstance(current, type) and issubclass(current, BaseModel) else []


def _inner(annotation: Any, key: str | int) -> Any:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        field = annotation.model_fields.get(str(key))
        return field.annotation if field else None
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is Annotated:
        return _inner(args[0], key)
    if origin in (Union, UnionType):
        return _inner(next(arg for arg in args if arg is not NoneType), key)
    if origin in (tuple, list) and isinstance(key, int):
        return args[0]
    if origin is dict:
        return args[1]
    return None
