"""Menus that never stop and never lie: the next question of an action, its entries in the order a player thinks,
and pages of at most 25 (Discord's limit), counted.

A ``Question`` is built from a parameter's menu generator (``engine.core.params``), never by trying commands.
Entries come nearest first where distances are shown (a choice certain to fail on reach last, labelled
``20.2" of 16": fails``), otherwise in natural order (``C2`` before ``C10``); where the game hides distances, no
distance is shown and reach decides nothing here. ``page`` cuts a long menu into pages that say where they are
("page 1 of 3, 61 hexes") and always leave room for the entry that turns the page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from engine.core.actions import Choice
from engine.core.params import LEFT_OUT, Ask, Item, Order, Param, Shape, natural_key, parse_items

__all__ = ["MENU_LIMIT", "Page", "Question", "ordered", "page", "param_question", "shown"]

W = TypeVar("W")

MENU_LIMIT = 25
"""Entries in one menu: Discord shows at most 25 options in a select."""


@dataclass(frozen=True, slots=True)
class Question:
    """What a menu asks next for one parameter: its option and prompt, and its entries, each the option's new raw
    value with the Choice a player reads (already ordered). ``closing`` entries (leave it out, done) come first.
    ``why_empty`` says, when asked, why a question with no entries has none (``engine.core.empty_menus``)."""

    option: str
    prompt: str
    entries: tuple[tuple[str, Choice], ...]
    noun: str = "entries"
    closing: tuple[tuple[str, Choice], ...] = ()
    why_empty: Callable[[], str] | None = field(default=None, compare=False)

    @property
    def everything(self) -> tuple[tuple[str, Choice], ...]:
        return (*self.closing, *self.entries)


def shown(choice: Choice, distances: bool) -> str:
    """What a player reads for a choice: with its distance where distances are shown (and ``fails`` when it is
    out of reach), else its label alone."""
    if not distances or choice.distance is None:
        return choice.shown
    reach = f" of {choice.reach:g}\"" if choice.reach is not None else ""
    fails = ": fails" if choice.out_of_reach else ""
    return f"{choice.shown} ({choice.distance:.1f}\"{reach}{fails})"


def ordered(choices: Sequence[Choice], order: Order, distances: bool) -> list[Choice]:
    """Choices in the order a player thinks: nearest first where distances are shown (those out of reach last),
    else natural order; ``Order.GIVEN`` keeps the generator's order."""
    if order is Order.GIVEN:
        return list(choices)
    if order is Order.NEAREST and distances:
        return sorted(choices, key=lambda c: (c.out_of_reach, c.distance if c.distance is not None else 1e9,
                                              natural_key(c.shown)))
    return sorted(choices, key=lambda c: natural_key(c.shown))


def param_question(param: Param[W], world: W, ask: Ask, raw: str | None, paired: Sequence[str], *,
                   distances: bool = True) -> Question | None:
    """The next question for ``param`` given its raw answer so far (None: not answered), or None when it is whole.

    One value: every legal value. A set or split being built (its raw value ends with a comma, or is missing):
    each further value (the one that reaches its most closes it), and "done" once enough are chosen; where only one
    value is listed, picking it is the whole answer (a split offers it once for each count it may take). A plan: the
    value for its next item. An optional parameter offers "none" first where leaving it out is legal; one with no
    menu at all is left out (None)."""
    if raw is not None and raw.strip() == LEFT_OUT and param.optional:
        return None
    items, open_ = parse_items(param, raw) if raw is not None and raw.strip() else ((), False)
    if raw is not None and raw.strip() and not open_:
        return None
    if param.optional and param.values is None:
        return None  # typed only (a point, a distance): a menu has nothing to offer, so it leaves it out
    closing: list[tuple[str, Choice]] = []
    if not items and param.none_offered(world, ask):
        closing.append((LEFT_OUT, Choice(LEFT_OUT, param.none_text(world, ask))))
    prefix = raw.strip() if raw and open_ else ""
    if param.shape is Shape.PLAN:
        index = len(items)
        item = Item(index, paired[index] if index < len(paired) else "", tuple(v for v, _ in items))
        last = index >= len(paired) - 1
        choices = ordered([c for c in param.menu(world, ask.with_item(item)) if c.value not in item.earlier],
                          param.order, distances)
        planned = [(prefix + c.value + ("" if last else ","), c) for c in choices]
        prompt = f"{param.prompt} ({item.paired})" if item.paired else param.prompt
        return Question(param.option, prompt, tuple(planned), param.noun, tuple(closing))
    if param.shape is Shape.ONE:
        choices = ordered(param.menu(world, ask), param.order, distances)
        return Question(param.option, param.prompt, tuple((c.value, c) for c in choices), param.noun, tuple(closing))
    low, high = param.bounds(world, ask)
    total = sum(count for _, count in items)
    chosen = [v for v, _ in items]
    choices = ordered(param.menu(world, ask.with_item(Item(len(items), "", tuple(chosen)))), param.order, distances)
    entries: list[tuple[str, Choice]] = []
    if not items and len(choices) == 1 and low <= 1 < high:  # one value to pick: no "done" to close it after
        (c,) = choices
        counts = range(1, high + 1) if param.shape is Shape.SPLIT else (1,)  # a split's counts, each one pick
        return Question(param.option, param.prompt, tuple(
            (c.value if n == 1 else f"{c.value}x{n}", c if n == 1 else replace(c, label=f"{c.shown} x{n}"))
            for n in counts), param.noun, tuple(closing))
    if total < high:
        still_open = "," if total + 1 < high else ""  # the pick that reaches the most it takes closes it
        for c in choices:
            if param.shape is Shape.SET and c.value in chosen:
                continue
            entries.append((_added(param, items, c.value) + still_open, c))
    if items and total >= low:
        listed = _added(param, items, None)
        closing.append((listed, Choice(listed, f"done: {listed}")))
    return Question(param.option, _counted(param.prompt, low, high, total), tuple(entries), param.noun,
                    tuple(closing))


def _counted(prompt: str, low: int, high: int, total: int) -> str:
    """A set of a fixed size says so (``Which fighters? (choose 2)``, then ``(1 more)``): no "done" entry tells a
    player the first pick is not the last."""
    if low != high or high < 2:
        return prompt
    return f"{prompt} ({'choose ' + str(high) if not total else str(high - total) + ' more'})"


def _added(param: Param[W], items: Sequence[tuple[str, int]], value: str | None) -> str:
    """The raw value with one more of ``value`` (a split counts it up; a set adds it)."""
    counts = dict(items)
    if value is not None:
        counts[value] = counts.get(value, 0) + 1
    if param.shape is Shape.SPLIT:
        return ",".join(f"{v}x{n}" if n > 1 else v for v, n in counts.items())
    return ",".join(counts)


@dataclass(frozen=True, slots=True)
class Page:
    """One page of a menu: its entries, which page it is, and how many entries there are in all."""

    entries: tuple[int, ...]  # indexes into the whole menu
    number: int
    pages: int
    total: int
    noun: str

    @property
    def heading(self) -> str:
        """``page 1 of 3, 61 hexes`` (empty for a menu that fits on one page)."""
        return "" if self.pages <= 1 else f"page {self.number + 1} of {self.pages}, {self.total} {self.noun}"

    @property
    def next_number(self) -> int | None:
        """The page the turning entry shows (the first again after the last), or None on a single page."""
        return None if self.pages <= 1 else (self.number + 1) % self.pages


def page(total: int, number: int, noun: str = "entries", limit: int = MENU_LIMIT) -> Page:
    """Page ``number`` of a menu of ``total`` entries: all of them when they fit, else ``limit - 1`` a page and one
    slot kept for the entry that turns to the next page (so a menu never hides an entry and never stops)."""
    if total <= limit:
        return Page(tuple(range(total)), 0, 1, total, noun)
    size = limit - 1
    pages = -(-total // size)
    number = number % pages
    return Page(tuple(range(number * size, min(total, (number + 1) * size))), number, pages, total, noun)
