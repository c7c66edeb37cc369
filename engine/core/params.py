"""The parameters of a declared action: what a player answers, in order, and which answers are legal.

A parameter is answered on one option of the shared verb (``target:``, ``to:``); games add no options. Each has a
*menu generator*, the finite list of values legal given the earlier answers (python-chess's
``generate_legal_moves``), and may have a *predicate* for typed values no menu can list (a point, a path like
``C4>C5``, ``toward B1 3``). The action's check reads the same answers, so what a menu offers and what the referee
accepts come from one piece of code.

Beyond one value a parameter may take a *set* (``B1,B2``: N fighters), a *split* (``B1x2,B2``: dice shared among
targets) or a *plan* paired with an earlier set or split (``model:B3,B4 to:C2,E2``: one hex for each fighter;
paired with a split, one value for each of its counts: ``with:gargoyle x2 to:n,s``). A menu builds
these one pick at a time: a value still being built ends with a comma (``B1,``), and a "done" entry closes it (the
pick that reaches the most it takes closes it at once). A set's generator sees the picks before it
(``ask.item.earlier``), so a second fighter can be offered only where it stands next to the first.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from enum import Enum, Flag, auto
from typing import Any, Generic, TypeVar, cast

from engine.core.actions import Choice
from engine.core.args import Args, OptionValue
from engine.core.audience import Viewer
from engine.core.errors import IllegalCommand, InvalidCommand, RulesError
from engine.core.ids import SideId

__all__ = ["LEFT_OUT", "Ask", "FreeForm", "Generator", "Item", "Order", "Param", "Predicate", "Shape", "flag",
           "keep_menus", "natural_key", "paired_values", "parse_items", "read_param"]

W = TypeVar("W")
E = TypeVar("E")

LEFT_OUT = "-"
"""The value an optional parameter takes when its player leaves it out from a menu ("none")."""
_YES = ("true", "yes", "on", "1")
_NO = ("false", "no", "off", "0")


def natural_key(text: str) -> tuple[Any, ...]:
    """Sort key in the order people count: ``C2`` before ``C10``, ``A9`` before ``B1``; case does not matter."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part.casefold())
                 for part in re.split(r"(\d+)", text) if part)


class Shape(Enum):
    """How many values one parameter takes."""

    ONE = "one"  # a single value: C2
    SET = "set"  # distinct values, comma-separated: B1,B2
    SPLIT = "split"  # a count per value: B1x2,B2 (dice split across targets)
    PLAN = "plan"  # one value per item of an earlier set, in its order: model:B3,B4 to:C2,E2


class Order(Enum):
    """How a menu of this parameter is ordered for a player."""

    NATURAL = "natural"  # by label, as people count: C2 before C10
    NEAREST = "nearest"  # by ``Choice.distance`` (where distances are shown), then naturally
    GIVEN = "given"  # the generator's own order means something (a ranking the rules give)


class FreeForm(Flag):
    """The kinds of typed value a parameter takes that no menu can list, declared where the parameter is
    (``free_form=FreeForm.POINT | FreeForm.PHRASE``): the menus cannot reach them, so the conformance property
    (``engine.core.offers.reachable``) takes a value of such a kind as typed and checks the rest of the command, and
    holds every other value the check accepts to the menu. A parameter with no menu must declare one (or be an
    upload): the registry refuses a game whose player would otherwise be left to guess what to type."""

    NONE = 0
    TEXT = auto()  # anything its predicate accepts: a note, a name, a terrain shape, yes or no spelt any way
    NUMBER = auto()  # 3, 2.5: a distance, degrees, a count the menu does not list
    POINT = auto()  # 10.5,12: a point in inches, or one for each model (A3@10,12;A4@11,12)
    PHRASE = auto()  # toward B1 3, via:C1: a place said in words
    PATH = auto()  # C4>C5: hexes one after another
    LIST = auto()  # B2,B1: several values in order where one is asked (a sweep's targets)

    def covers(self, typed: str) -> bool:
        """Whether ``typed`` is of a kind this declares."""
        text = typed.strip()
        return any(kind in self and re.fullmatch(pattern, text) is not None for kind, pattern in _FORMS.items())


_TYPED_ELSE = FreeForm.TEXT | FreeForm.NUMBER | FreeForm.POINT | FreeForm.PHRASE
"""Typed values beside a menu that may answer otherwise than its one entry (a path or a list of it says the same)."""

_NUMBER = r"[-+]?\d+(\.\d+)?"
_FORMS = {FreeForm.TEXT: r"(?s).*", FreeForm.NUMBER: _NUMBER, FreeForm.POINT: r"(?s).*\d\s*,\s*[-+]?\.?\d.*",
          FreeForm.PHRASE: r"(?s).*[\s:].*", FreeForm.PATH: r".*[>;,].*", FreeForm.LIST: r".+,.+"}


@dataclass(frozen=True, slots=True)
class Item:
    """Which item of a plan is being answered: its index and the value it is paired with (``B4`` of
    ``model:B3,B4``), with the plan's answers before it."""

    index: int
    paired: str
    earlier: tuple[str, ...] = ()


class Ask(Args):
    """Who is asking and what they have answered so far: the answers are read as ``Args`` reads options
    (``ask.ident("target")``, ``ask.listed("model")``), and the asking side (``asker``; ``acting`` where one must
    act) and viewer tell a generator whose menu it builds (never showing a secret of another side). ``host`` says
    the command comes from the table's host (who may fix any side's models by hand); menus are built for players,
    so it is False there."""

    def __init__(self, title: str, side: SideId | None, viewer: Viewer, given: Mapping[str, OptionValue],
                 item: Item | None = None, *, host: bool = False, uploads: Mapping[str, object] | None = None) -> None:
        super().__init__(title, {key: value for key, value in given.items() if str(value).strip() != LEFT_OUT},
                         uploads)
        self.asker = side
        self.viewer = viewer
        self.item = item
        self.host = host

    @property
    def acting(self) -> SideId:
        """The side that acts (an action declared for a side always has one)."""
        if self.asker is None:
            raise IllegalCommand("only a player acting for a side may do this (holding several, choose which with "
                                 "/game side side:<side>)", verb=self.verb)
        return self.asker

    def yes(self, name: str) -> bool:
        """A yes/no option as a command carries it (``True``, ``yes``; left out is no)."""
        return str(self.options.get(name, "")).strip().casefold() in _YES

    def entries(self, name: str, kind: type[E]) -> tuple[E, ...]:
        """The entries of ``kind`` in the file uploaded as ``name`` (``ask.entries("file", Card)``), read back from
        the command by the declarations (``engine.core.uploads``)."""
        return tuple(entry for entry in cast(Iterable[object], self.upload(name)) if isinstance(entry, kind))

    def with_item(self, item: Item) -> Ask:
        return Ask(self.verb, self.asker, self.viewer, self.options, item, host=self.host, uploads=self.uploads)


Generator = Callable[[W, Ask], Iterable[Choice]]
"""The legal values of a parameter given the earlier answers (``ask``), read from the game's world."""

Predicate = Callable[[W, Ask, str], str | None]
"""Why a typed value is refused (a sentence), or ``None`` when it is accepted."""


@dataclass(frozen=True, slots=True)
class Param(Generic[W]):
    """One answer an action needs, on the shared verb's option ``option``.

    ``values`` is the menu: every legal value given the answers before it, finite. ``accepts`` judges a typed
    value the menu does not list (a point, a path); without it only listed values are accepted. ``asked_when``
    says whether the parameter exists at all given the earlier answers (a card decides whether a fighter or a hex
    is asked); ``optional`` lets a player leave it out (a menu offers "none" first, where ``none_when`` allows it:
    leaving it out is a choice the check may refuse too, as ``/deploy auto`` for a side already spread; ``none_label``
    its words, a callable where they depend on the answers so far). An optional
    parameter with no menu (a typed point, a distance) is left out by menus: they have nothing to offer for it.
    ``count`` bounds how many values a set, split or plan takes (a callable when the state decides, e.g. the dice of
    an attack); ``pairs`` names the set a plan follows. ``single``: when the menu lists exactly one value it is taken
    without asking (an optional one too, where leaving it out would mean that value: a fighter's only attack that
    reaches); typed, it is checked like any other. A required one-value parameter whose menu lists exactly one value
    within reach takes it so too, ``single`` or not (``alone``: a question with one answer is no question).
    ``costly`` marks a menu that takes real work to build (routed
    moves): a typed value is then judged by ``accepts`` alone, which must accept every value the menu lists, and the
    menu is built only to be shown. ``upload`` names the kind of file a front-end validates for it (``map``,
    ``units``, a game's ``cards``): such a parameter needs no menu nor predicate; the command carries the loader's
    entries as JSON (``engine.core.uploads``) and the check reads them back with ``ask.upload(option)``. ``refused``
    gives the refusal of a typed value the menu does not list, where the rules have more to say than the list of
    what is accepted (``B1 belongs to side B``, ``it is side B's turn``, ``A2 has no line of sight to B3``); it may
    return None where it has nothing more to say, and the value is refused with that list. ``free_form`` declares
    the kinds of typed value (``FreeForm``) its predicate takes that no menu lists (a path, a point, free text).
    ``precheck`` judges a typed value by itself, needing no earlier answer (a point off the table): its refusal comes
    at once, before a menu asks the earlier questions. ``candidates`` lists values a player might name that the menu
    may leave out (every weapon the model carries, every unit of the side): where the menu lists nothing, each one's
    ``refused`` says why (``engine.core.empty_menus``).
    """

    option: str
    prompt: str
    values: Generator[W] | None = None
    accepts: Predicate[W] | None = None
    asked_when: Callable[[W, Ask], bool] | None = None
    optional: bool = False
    shape: Shape = Shape.ONE
    count: tuple[int, int] | Callable[[W, Ask], tuple[int, int]] = (1, 1)
    pairs: str | None = None
    noun: str = "entries"
    order: Order = Order.NATURAL
    none_label: str | Callable[[W, Ask], str] = "none"
    none_when: Callable[[W, Ask], bool] | None = None
    costly: bool = False
    upload: str | None = None
    refused: Callable[[W, Ask, str], RulesError | None] | None = None
    single: bool = False
    free_form: FreeForm = FreeForm.NONE
    precheck: Predicate[W] | None = None
    candidates: Generator[W] | None = None

    def __post_init__(self) -> None:
        if self.values is None and self.accepts is None and self.upload is None:
            raise ValueError(f"parameter {self.option}: give its menu (values), a predicate for typed values, or the "
                             "kind of file it uploads")
        if self.upload is not None and (self.values is not None or self.shape is not Shape.ONE):
            raise ValueError(f"parameter {self.option}: an uploaded file is one value no menu lists")
        if (self.shape is Shape.PLAN) != (self.pairs is not None):
            raise ValueError(f"parameter {self.option}: a plan pairs with an earlier set (pairs=), and only a plan")
        if self.costly and self.accepts is None:
            raise ValueError(f"parameter {self.option}: a costly menu needs a predicate (accepts) for typed values")
        if self.none_when is not None and not self.optional:
            raise ValueError(f"parameter {self.option}: none_when says when an optional parameter may be left out")
        if self.free_form and self.accepts is None:
            raise ValueError(f"parameter {self.option}: typed values no menu lists (free_form) need a predicate "
                             "(accepts)")
        if self.candidates is not None and self.refused is None:
            raise ValueError(f"parameter {self.option}: candidates are judged by refused, which it needs")
        if self.single and (self.shape is not Shape.ONE or self.values is None):
            raise ValueError(f"parameter {self.option}: only a one-value menu answers itself (single=)")

    def prechecked(self, world: W, ask: Ask, raw: object) -> None:
        """Refuse a typed value that is wrong whatever the earlier answers (``precheck``); nothing when none is
        typed."""
        text = "" if raw is None else str(raw).strip()
        if self.precheck is not None and text and text != LEFT_OUT and (refusal := self.precheck(world, ask, text)):
            raise IllegalCommand(refusal, verb=ask.verb)

    def asked(self, world: W, ask: Ask) -> bool:
        return self.asked_when is None or self.asked_when(world, ask)

    def none_text(self, world: W, ask: Ask) -> str:
        """The words of the "none" entry (worked out from the answers so far where they depend on them: a Walk's
        distance)."""
        return self.none_label(world, ask) if callable(self.none_label) else self.none_label

    def none_offered(self, world: W, ask: Ask) -> bool:
        """Whether a menu offers leaving it out now."""
        return self.optional and (self.none_when is None or self.none_when(world, ask))

    def bounds(self, world: W, ask: Ask) -> tuple[int, int]:
        return self.count(world, ask) if callable(self.count) else self.count

    def menu(self, world: W, ask: Ask) -> list[Choice]:
        """The listed values now (unordered: ``engine.core.menus`` orders and pages them); worked out once per
        question inside ``keep_menus``."""
        if self.values is None:
            return []
        kept = _KEPT.get()
        key = kept.key(self, world, ask) if kept is not None else None
        if kept is None or key is None:
            return list(self.values(world, ask))
        if key not in kept.menus:
            kept.menus[key] = tuple(self.values(world, ask))
        return list(kept.menus[key])

    def _answers_alone(self) -> bool:
        """Whether one listed value may be the whole answer: a ``single`` parameter's, or a required one-value
        parameter's whose menu is not costly and where nothing typed could say otherwise (no point, number, text
        or phrase its predicate takes beside the menu: a path to the one hex, a list of the one enemy, say the same)."""
        return self.single or (self.shape is Shape.ONE and not self.optional and not self.costly
                               and self.values is not None and not self.free_form & _TYPED_ELSE)

    def alone(self, listed: Sequence[Choice]) -> str | None:
        """The value taken without asking when ``listed`` (the menu now) holds exactly one: a question with one
        answer is no question (one certain to fail on reach is still asked, so its player sees why)."""
        if len(listed) != 1 or not self._answers_alone():
            return None
        return listed[0].value if self.single or not listed[0].out_of_reach else None

    def only(self, world: W, ask: Ask) -> str | None:
        """The one value this parameter takes without asking now (``alone``), or None (a real choice)."""
        if not self._answers_alone():
            return None
        return self.alone(self.menu(world, ask))


@dataclass(frozen=True, slots=True)
class _Kept:
    """The menus worked out at one point of one game's log (its seed commitment and seq), by parameter, world
    reader and question."""

    game: str
    seq: int
    menus: dict[tuple[Any, ...], tuple[Choice, ...]]

    def key(self, param: Param[Any], world: Any, ask: Ask) -> tuple[Any, ...] | None:
        """The question's key, or None when ``world`` reads another game or another point of the log."""
        state = getattr(world, "state", world)
        setup = getattr(state, "setup", None)
        if getattr(state, "seq", None) != self.seq or getattr(setup, "seed_commitment", None) != self.game:
            return None
        return (id(param), type(world), ask.verb, ask.asker, ask.viewer, ask.item, ask.host,
                tuple(sorted(ask.options.items())))


_KEPT: ContextVar[_Kept | None] = ContextVar("kept_menus", default=None)


@contextmanager
def keep_menus(state: Any) -> Iterator[None]:
    """While a game stays at ``state``'s point of its log, each parameter's menu for one question is worked out
    once: the state and every copy of it at the same seq (a preview's, the referee's check's) are one table, so the
    menus, the bot's pick and the check of a typed value share it. A copy that has moved on (an event moves the
    seq) and any other game are worked out afresh. For callers that ask many questions of one state (the menu
    conformance walks); nothing may change the state in place meanwhile."""
    token = _KEPT.set(_Kept(state.setup.seed_commitment, state.seq, {}))
    try:
        yield
    finally:
        _KEPT.reset(token)


def flag(option: str, prompt: str, yes: str, no: str,
         offered: Callable[[W, Ask], bool] | None = None) -> Param[W]:
    """A yes/no option (``remove:``, ``optional:``): left out means no. A menu offers "no" (leaving it out) and, where
    ``offered`` allows, "yes"; typed, any yes or no is read (the action's check refuses a yes it cannot take)."""

    def values(world: W, ask: Ask) -> list[Choice]:
        return [Choice("True", yes)] if offered is None or offered(world, ask) else []

    def accepts(world: W, ask: Ask, typed: str) -> str | None:
        return None if typed.casefold() in (*_YES, *_NO) else f"{option}: takes yes or no, not {typed[:40]!r}"

    return Param(option, prompt, values=values, accepts=accepts, optional=True, none_label=no, noun="answers",
                 free_form=FreeForm.TEXT)  # yes, no, on, off, 1, 0: spellings the menu's one entry does not list


def parse_items(param: Param[Any], raw: str) -> tuple[tuple[tuple[str, int], ...], bool]:
    """A raw answer as (value, count) items and whether it is still open (``B1x2,B2,`` -> B1 twice, B2, open)."""
    text = raw.strip()
    if param.shape is Shape.ONE:
        return ((text, 1),), False
    open_ = text.endswith(",")
    items: list[tuple[str, int]] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        value, count = part, 1
        if param.shape is Shape.SPLIT:
            match = re.fullmatch(r"(.+?)\s*[x×]\s*(\d+)", part)
            if match:
                value, count = match[1].strip(), int(match[2])
        items.append((value, count))
    return tuple(items), open_


def paired_values(partner: Param[Any] | None, raw: object) -> list[str]:
    """The values a plan pairs with, one per item of the answer of ``partner`` (its ``pairs``): a split's value
    counted N times stands N times (``B1x2,B2``: B1, B1, B2), since each of its counts is one thing to place."""
    if partner is None or raw is None or not str(raw).strip():
        return []
    items, _open = parse_items(partner, str(raw))
    return [value for value, count in items for _ in range(count)]


def _matched(choices: Sequence[Choice], value: str) -> Choice | None:
    wanted = value.strip().casefold()
    return next((c for c in choices if c.value.casefold() == wanted), None) or \
        next((c for c in choices if c.label and c.label.casefold() == wanted), None)


def _one(param: Param[W], world: W, ask: Ask, value: str, taken: Iterable[str] = ()) -> str:
    """One value checked: listed by the menu (its canonical spelling), or accepted by the predicate (alone, for a
    costly menu)."""
    if param.costly and param.accepts is not None:
        refusal = param.accepts(world, ask, value.strip())
        if refusal is not None:
            raise IllegalCommand(refusal, verb=ask.verb)
        return value.strip()
    listed = [c for c in param.menu(world, ask) if c.value not in set(taken)]
    found = _matched(listed, value)
    if found is not None:
        return found.value
    if param.accepts is not None:
        refusal = param.accepts(world, ask, value.strip())
        if refusal is None:
            return value.strip()
        raise IllegalCommand(refusal, verb=ask.verb)
    refusal_given = param.refused(world, ask, value.strip()) if param.refused is not None else None
    if refusal_given is not None:
        raise refusal_given
    shown = ", ".join(sorted((c.value for c in listed), key=natural_key)[:12]) or "nothing now"
    more = f" and {len(listed) - 12} more" if len(listed) > 12 else ""
    owner = _other_side(param, ask, value.strip())
    if owner is not None:
        raise IllegalCommand(f"{value.strip().upper()[:40]} is side {owner}'s {param.noun.removesuffix('s')}; you "
                             f"(side {ask.asker}) may choose {shown}{more} ({param.prompt.lower()})", verb=ask.verb)
    raise IllegalCommand(f"{param.option}:{value.strip()[:40]} is not one of the choices for {param.prompt.lower()}"
                         f" ({shown}{more})", verb=ask.verb)


_PIECES = frozenset({"models", "units", "fighters"})
_PIECE_ID = re.compile(r"([A-Z])(?:\d+|-\S+)")
"""A model's, unit's or fighter's id in every game: its side's letter, then a number (``A1``) or a name
(``B-lancers``)."""


def _other_side(param: Param[W], ask: Ask, value: str) -> str | None:
    """The side whose piece a player typed where only their own are listed (``A1`` typed by side B), else None."""
    match = _PIECE_ID.fullmatch(value.upper()) if param.noun in _PIECES and ask.asker is not None else None
    return match[1] if match is not None and match[1] != ask.asker else None


def read_param(param: Param[W], world: W, ask: Ask, raw: str, paired: Sequence[str] = ()) -> str:
    """A parameter's whole answer checked against the rules and returned in its canonical spelling, or a refusal
    that names the option and what it accepts."""
    if param.upload is not None:
        return raw.strip()  # the loader checked the file; the declarations read it back (engine.core.uploads)
    items, open_ = parse_items(param, raw)
    if open_:
        raise InvalidCommand(f"{param.option}:{raw.strip()[:40]} is not finished (it ends with a comma)", verb=ask.verb)
    if param.shape is Shape.ONE:
        return _one(param, world, ask, items[0][0])
    if param.shape is Shape.PLAN:
        if len(items) != len(paired):
            raise InvalidCommand(f"name one {param.option}: for each of {param.pairs}:{','.join(paired)} "
                                 f"({len(paired)}), not {len(items)}", verb=ask.verb)
        done: list[str] = []
        for index, ((value, _), partner) in enumerate(zip(items, paired, strict=True)):
            done.append(_one(param, world, ask.with_item(Item(index, partner, tuple(done))), value, done))
        return ",".join(done)
    low, high = param.bounds(world, ask)
    total = sum(count for _, count in items)
    if not low <= total <= high:
        what = "in all" if param.shape is Shape.SPLIT else "values"
        wanted = f"{low}" if low == high else f"{low} to {high}"
        raise InvalidCommand(f"{param.option}: takes {wanted} {what}, not {total}", verb=ask.verb)
    values: list[tuple[str, int]] = []
    for value, count in items:
        if any(v.casefold() == value.casefold() for v, _ in values):
            raise InvalidCommand(f"{param.option}: names {value} twice", verb=ask.verb)
        picking = ask.with_item(Item(len(values), "", tuple(v for v, _ in values)))
        values.append((_one(param, world, picking, value), count))
    if param.shape is Shape.SET:
        return ",".join(v for v, _ in values)
    return ",".join(f"{v}x{n}" if n > 1 else v for v, n in values)
