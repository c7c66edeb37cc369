"""The game's data kinds: boards, warbands, fighters, cards, decks and rulings, each a strict frozen model.

``data/underworlds/<kind>.yaml`` holds one top-level list named after the kind (``boards:``, ``cards:``, ...).
``KINDS`` maps each kind to its entry model, for a loader that validates files kind by kind; ``UnderworldsData``
holds them all and checks what refers to what (a card's warband, an upgrade's fighters, a deck's cards). Every
entry cites its public ``source``. Rules are paraphrased, never quoted.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Literal, Self, TypeVar

from pydantic import Field, ValidationInfo, field_validator, model_validator
from pydantic_core import PydanticCustomError

from engine.dice.faces import WHU_ATTACK, WHU_DEFENCE
from engine.schema import Count, Ident, NonNegativeInt, Problem, RulingOption, Spec, Text, bundle, did_you_mean
from engine.systems.underworlds.vocabulary import (
    AttackSymbol,
    Choose,
    Condition,
    DefenceSymbol,
    Effect,
    Modifier,
    Reaction,
)

__all__ = [
    "DIE_FACES",
    "KINDS",
    "UNIVERSAL",
    "AttackProfile",
    "Board",
    "Card",
    "CardType",
    "Deck",
    "DieFaces",
    "Fighter",
    "FighterSide",
    "FollowUp",
    "GrantedAction",
    "UnderworldsData",
    "Warband",
]

UNIVERSAL = "universal"
"""The warband of cards any warband may use (the universal symbol, Underworlds core rulebook, L299, L381)."""

CardType = Literal["objective", "ploy", "upgrade"]
BOARD_WIDTH, BOARD_ROWS = 8, 5
"""A board side: rows of 8, 7, 8, 7, 8 hexes (odd-r offset); the public board lists are written this way."""

Offset = tuple[NonNegativeInt, NonNegativeInt]
_T = TypeVar("_T")


def _assumption(assumed: bool, reason: str | None) -> None:
    if assumed and reason is None:
        raise PydanticCustomError("assumed", "needs assumed_reason: say why the values are guessed")
    if not assumed and reason is not None:
        raise PydanticCustomError("assumed", "assumed_reason is only allowed when assumed is true")


class Board(Spec):
    """One printed side of a game board: its starting, blocked and lethal hexes as ``[x, y]`` offsets.

    ``board`` names the physical board the side is printed on (two sides share one); positions are in the
    side's upright orientation (the data source's ``0``), and turning it is the hex package's job.
    """

    id: Ident
    name: Text
    board: Ident
    starting: Annotated[tuple[Offset, ...], Field(min_length=1)]
    blocked: tuple[Offset, ...] = ()
    lethal: tuple[Offset, ...] = ()
    source: Text
    assumed: bool = False
    assumed_reason: Text | None = None

    @model_validator(mode="after")
    def _positions(self) -> Self:
        _assumption(self.assumed, self.assumed_reason)
        problems = []
        seen: dict[tuple[int, int], str] = {}
        for kind in ("starting", "blocked", "lethal"):
            for index, (x, y) in enumerate(getattr(self, kind)):
                width = BOARD_WIDTH if y % 2 == 0 else BOARD_WIDTH - 1
                if y >= BOARD_ROWS or x >= width:
                    problems.append(Problem((kind, index), f"[{x}, {y}] is not a hex of the board (rows 0-4 hold "
                                                           f"x 0-7 on even rows, 0-6 on odd rows)"))
                elif (x, y) in seen:
                    problems.append(Problem((kind, index), f"[{x}, {y}] is also a {seen[(x, y)]} hex"))
                seen.setdefault((x, y), kind)
        if problems:
            raise bundle(problems)
        return self


class FollowUp(Spec):
    """A reaction printed with an Attack action: after (or during) it, when ``reaction`` says, do ``effects``."""

    reaction: Reaction
    effects: Annotated[tuple[Effect, ...], Field(min_length=1)]


class AttackProfile(Spec):
    """An Attack action: Range in hexes, Dice (count and symbol), Damage, and its extra rules.

    ``targets: all_adjacent`` hits every adjacent enemy, rolled separately for each (L519);
    ``critical_damage`` is extra damage on a critical hit; ``modifiers`` apply when their conditions hold
    (an extra die with no friend adjacent, Cleave if a critical is rolled); ``made_as`` marks an attack only
    made as a reaction, with what making it does (Furious Parry); ``follow_up`` is a reaction printed with it
    (Righteous Strike).
    """

    name: Text
    range: Count
    dice: Count
    symbol: AttackSymbol
    damage: Count
    cleave: bool = False
    knockback: NonNegativeInt = 0
    targets: Literal["one", "all_adjacent"] = "one"
    critical_damage: NonNegativeInt = 0
    modifiers: tuple[Modifier, ...] = ()
    made_as: FollowUp | None = None
    follow_up: FollowUp | None = None


class FighterSide(Spec):
    """One side of a fighter card: characteristics and Attack actions."""

    title: Text
    move: Count
    defence: Count
    defence_symbol: DefenceSymbol
    wounds: Count
    attacks: Annotated[tuple[AttackProfile, ...], Field(min_length=1)]


class Fighter(Spec):
    """A fighter card: ``normal`` and ``inspired`` sides (flipped when its warband's Inspire condition is met)."""

    id: Ident
    name: Text
    warband: Ident
    leader: bool = False
    normal: FighterSide
    inspired: FighterSide
    source: Text


class Warband(Spec):
    """A warband: its fighters (one leader) and the Inspire condition printed on all of its fighter cards."""

    id: Ident
    name: Text
    rulebook_name: Text
    fighters: Annotated[tuple[Ident, ...], Field(min_length=1)]
    inspire: Condition
    source: Text


class GrantedAction(Spec):
    """An action an upgrade gives its fighter (used as an activation): a name and what it does."""

    name: Text
    effects: Annotated[tuple[Effect, ...], Field(min_length=1)]


class Card(Spec):
    """An objective, ploy or upgrade card, with its effect written in the vocabulary.

    Objectives have ``glory``, ``score`` and a ``condition`` (and a ``multiplayer`` condition that replaces it
    with three or four players, where known). Ploys have ``effects`` (with ``choose`` for what the player
    picks, and ``reaction`` when it is played as one). Upgrades cost one glory; they may be limited to some
    fighters (``restricted_to``) and carry ``modifiers``, an ``attack``, an ``action``, or ``effects`` with a
    ``reaction`` (the player may use it) or a ``trigger`` (it always happens). A card the vocabulary cannot
    express says why in ``unexpressed`` (the game then asks the holder to claim it and the opponent to
    confirm). ``summary`` is our own paraphrase; ``faq`` notes a later ruling the core rulebook lacks. An
    immediate objective scored after an event (Coward!, Lightning Strikes), not while a state of the phase holds,
    says ``after_event``: drawn after its event, it waits for the event again (L707).
    """

    id: Ident
    name: Text
    number: Count
    code: Count
    type: CardType
    warband: Ident
    summary: Text
    source: Text
    glory: Count | None = None
    score: Literal["end_phase", "immediate", "third_end_phase"] | None = None
    condition: Condition | None = None
    multiplayer: Condition | None = None
    choose: Choose | None = None
    reaction: Reaction | None = None
    trigger: Reaction | None = None
    effects: tuple[Effect, ...] = ()
    restricted_to: tuple[Ident, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    attack: AttackProfile | None = None
    action: GrantedAction | None = None
    unexpressed: Text | None = None
    faq: Text | None = None
    after_event: bool = False

    @model_validator(mode="after")
    def _fits_its_type(self) -> Self:
        allowed = {
            "objective": {"glory", "score", "condition", "multiplayer"},
            "ploy": {"choose", "reaction", "effects"},
            "upgrade": {"restricted_to", "modifiers", "attack", "action", "reaction", "trigger", "effects", "choose"},
        }[self.type]
        optional = {"glory", "score", "condition", "multiplayer", "choose", "reaction", "trigger", "effects",
                    "restricted_to", "modifiers", "attack", "action"}
        wrong = sorted(name for name in optional - allowed if getattr(self, name) not in (None, ()))
        problems = [Problem((name,), f"is not part of a {self.type} card") for name in wrong]
        expressed = {"objective": self.condition is not None, "ploy": bool(self.effects),
                     "upgrade": bool(self.modifiers or self.attack or self.action or self.effects)}[self.type]
        if self.type == "objective":
            problems += [Problem((name,), "is required on an objective card") for name in ("glory", "score")
                         if getattr(self, name) is None]
        if not expressed and self.unexpressed is None:
            problems.append(Problem(("unexpressed",), "is required when the card's effect is not written in the "
                                                      "vocabulary: say what it cannot express"))
        if expressed and self.unexpressed is not None:
            problems.append(Problem(("unexpressed",), "is only for cards whose effect is not written out"))
        if self.after_event and self.score != "immediate":
            problems.append(Problem(("after_event",), "is only for objectives scored immediately"))
        if (self.reaction is not None or self.trigger is not None) and not self.effects:
            problems.append(Problem(("effects",), "is required with a reaction or trigger: say what it does"))
        if self.reaction is not None and self.trigger is not None:
            problems.append(Problem(("trigger",), "cannot go with a reaction: a card's effect is one or the other"))
        if problems:
            raise bundle(problems)
        return self


class Deck(Spec):
    """A warband's pair of decks: 12 objective cards and at least 20 power cards, by card id."""

    id: Ident
    name: Text
    warband: Ident
    objectives: tuple[Ident, ...]
    power: tuple[Ident, ...]
    source: Text
    assumed: bool = False
    assumed_reason: Text | None = None

    @model_validator(mode="after")
    def _assumption_said(self) -> Self:
        _assumption(self.assumed, self.assumed_reason)
        return self


_ROLL_OFF_FACES = ("crit", "double support", "support")

DIE_FACES = {"attack": tuple(sorted({f.label for f in WHU_ATTACK.faces})),
             "defence": tuple(sorted({f.label for f in WHU_DEFENCE.faces}))}
"""The symbols each kind of die may show (Underworlds core rulebook, L453, L509, L841)."""


class DieFaces(Spec):
    """The six faces of the attack or the defence die, in any order: the public lists, or a table's own dice
    (ruling ``dice-faces``)."""

    id: Literal["attack", "defence"]
    faces: Annotated[tuple[str, ...], Field(min_length=6, max_length=6)]
    source: Text

    @model_validator(mode="after")
    def _symbols(self) -> Self:
        problems = [Problem(("faces", i), f'"{face}" is not a face of the {self.id} die; its faces are '
                                          f"{', '.join(DIE_FACES[self.id])}")
                    for i, face in enumerate(self.faces) if face not in DIE_FACES[self.id]]
        ranks = {face if face in _ROLL_OFF_FACES else "" for face in self.faces}
        if self.id == "attack" and len(ranks) < 2:
            problems.append(Problem(("faces",), "roll-offs are rolled with attack dice and compare criticals, then "
                                                "supports (Underworlds core rulebook, L131): faces that are all alike "
                                                "there would tie for ever"))
        if problems:
            raise bundle(problems)
        return self


KINDS: dict[str, type[Spec]] = {
    "boards": Board,
    "warbands": Warband,
    "fighters": Fighter,
    "cards": Card,
    "decks": Deck,
    "dice": DieFaces,
    "rulings": RulingOption,
}
"""The data kinds of this game: ``data/underworlds/<kind>.yaml`` holds a list of these entries."""


def _repeats(values: Iterable[str], field: str) -> list[Problem]:
    first: dict[str, int] = {}
    problems = []
    for index, value in enumerate(values):
        if value in first:
            problems.append(Problem((index, field), f'repeats {field} "{value}" (also entry {first[value]})'))
        first.setdefault(value, index)
    return problems


def _unknown(index: int, field: str, value: str, what: str, known: Iterable[str]) -> Problem:
    return Problem((index, field), f'names unknown {what} "{value}"{did_you_mean(value, list(known))}')


class UnderworldsData(Spec):
    """All of the game's data, checked across kinds: unique ids, known warbands, fighters and cards.

    Sections are checked in order, so a broken section reports its own errors and later checks that depend on
    it are skipped rather than guessing.
    """

    boards: tuple[Board, ...] = ()
    warbands: tuple[Warband, ...] = ()
    fighters: tuple[Fighter, ...] = ()
    cards: tuple[Card, ...] = ()
    decks: tuple[Deck, ...] = ()
    dice: tuple[DieFaces, ...] = ()
    rulings: tuple[RulingOption, ...] = ()

    @field_validator("boards", "rulings")
    @classmethod
    def _unique_ids(cls, entries: tuple[Board, ...] | tuple[RulingOption, ...]) -> tuple[Spec, ...]:
        problems = _repeats((entry.id for entry in entries), "id")
        if problems:
            raise bundle(problems)
        return entries

    @field_validator("warbands")
    @classmethod
    def _warbands(cls, warbands: tuple[Warband, ...]) -> tuple[Warband, ...]:
        problems = _repeats((w.id for w in warbands), "id")
        problems += [Problem((i, "id"), f'"{UNIVERSAL}" is reserved for cards any warband may use')
                     for i, w in enumerate(warbands) if w.id == UNIVERSAL]
        if problems:
            raise bundle(problems)
        return warbands

    @field_validator("fighters")
    @classmethod
    def _fighters(cls, fighters: tuple[Fighter, ...], info: ValidationInfo) -> tuple[Fighter, ...]:
        problems = _repeats((f.id for f in fighters), "id")
        if "warbands" in info.data:
            warbands = {w.id: w for w in info.data["warbands"]}
            for i, fighter in enumerate(fighters):
                if fighter.warband not in warbands:
                    problems.append(_unknown(i, "warband", fighter.warband, "warband", warbands))
                elif fighter.id not in warbands[fighter.warband].fighters:
                    problems.append(Problem((i, "warband"), f'warband "{fighter.warband}" does not list this '
                                                            f'fighter'))
            listed = {f for w in warbands.values() for f in w.fighters}
            ids = {f.id for f in fighters}
            problems += [Problem((), f'warband lists fighter "{f}", which has no fighter card')
                         for f in sorted(listed - ids)]
            for warband in warbands.values():
                leaders = [f.id for f in fighters if f.warband == warband.id and f.leader]
                if len(leaders) != 1:
                    problems.append(Problem((), f'warband "{warband.id}" needs exactly one leader, has '
                                                f'{len(leaders)} ({", ".join(leaders) or "none"}) (L49)'))
        if problems:
            raise bundle(problems)
        return fighters

    @field_validator("cards")
    @classmethod
    def _cards(cls, cards: tuple[Card, ...], info: ValidationInfo) -> tuple[Card, ...]:
        problems = _repeats((c.id for c in cards), "id") + _repeats((c.name for c in cards), "name")
        if "warbands" in info.data and "fighters" in info.data:
            warbands = {w.id for w in info.data["warbands"]} | {UNIVERSAL}
            fighters = {f.id: f.warband for f in info.data["fighters"]}
            for i, card in enumerate(cards):
                if card.warband not in warbands:
                    problems.append(_unknown(i, "warband", card.warband, "warband", warbands))
                for fighter in card.restricted_to:
                    if fighter not in fighters:
                        problems.append(_unknown(i, "restricted_to", fighter, "fighter", fighters))
                    elif card.warband not in (UNIVERSAL, fighters[fighter]):
                        problems.append(Problem((i, "restricted_to"), f'fighter "{fighter}" is not in warband '
                                                                      f'"{card.warband}"'))
        if problems:
            raise bundle(problems)
        return cards

    @field_validator("decks")
    @classmethod
    def _decks(cls, decks: tuple[Deck, ...], info: ValidationInfo) -> tuple[Deck, ...]:
        problems = _repeats((d.id for d in decks), "id")
        if "cards" in info.data and "warbands" in info.data:
            cards = {c.id for c in info.data["cards"]}
            warbands = {w.id for w in info.data["warbands"]}
            for i, deck in enumerate(decks):
                if deck.warband not in warbands:
                    problems.append(_unknown(i, "warband", deck.warband, "warband", warbands))
                for field in ("objectives", "power"):
                    problems += [_unknown(i, field, card, "card", cards) for card in getattr(deck, field)
                                 if card not in cards]
        if problems:
            raise bundle(problems)
        return decks

    def card(self, card_id: str) -> Card:
        """Return the card with that id; :raises LookupError: naming close matches."""
        return _find(card_id, "card", {c.id: c for c in self.cards})

    def fighter(self, fighter_id: str) -> Fighter:
        """Return the fighter card with that id; :raises LookupError: naming close matches."""
        return _find(fighter_id, "fighter", {f.id: f for f in self.fighters})

    def warband(self, warband_id: str) -> Warband:
        """Return the warband with that id; :raises LookupError: naming close matches."""
        return _find(warband_id, "warband", {w.id: w for w in self.warbands})

    def board(self, board_id: str) -> Board:
        """Return the board side with that id; :raises LookupError: naming close matches."""
        return _find(board_id, "board", {b.id: b for b in self.boards})


def _find(key: str, what: str, by_id: dict[str, _T]) -> _T:
    try:
        return by_id[key]
    except KeyError:
        raise LookupError(f'unknown {what} "{key}"{did_you_mean(key, list(by_id))}') from None
