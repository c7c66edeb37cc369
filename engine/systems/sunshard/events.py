"""Sunshard:Embren's events: outcomes only. Each folds into the state without rules, dice or geometry; ``describe``
is its log line and ``working`` its show-working lines. Positions, wounds and tokens on the table use the shared table
events where they fit (:data:`engine.table.TABLE_EVENTS`); these record what only Sunshard keeps.
"""

from __future__ import annotations

from typing import Literal

from engine.core import EventBody, ModelId, SideId
from engine.systems.sunshard.state import Figure, Gained, LooseMarker, SideRecord, SunshardState

__all__ = [
    "ABILITY_EXPIRY",
    "AbilityGained",
    "FortuneChanged",
    "HpChanged",
    "MarkerPlaced",
    "MarkerTaken",
    "ModelGone",
    "TestMade",
    "TokensChanged",
    "VpScored",
]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if abs(n) == 1 else 's'}"


class TestMade(EventBody):
    """A test rolled and judged (L183-199): what it was for, its TN, the faces and what they gave; the working holds
    the TN's modifiers with their lines and each die's verdict."""

    __test__ = False  # not a pytest class
    kind = "sunshard.test"
    model_id: ModelId | None
    purpose: str
    tn: int
    faces: tuple[int, ...]
    outcome: str
    lines: tuple[str, ...] = ()

    def describe(self) -> str:
        rolled = ", ".join(map(str, self.faces)) or "nothing"
        return f"{self.purpose}: TN {self.tn}, rolled {rolled}: {self.outcome}."

    def working(self) -> tuple[str, ...]:
        return self.lines


class TokensChanged(EventBody):
    """Tokens or condition counters a model gains or loses (L589-632), already capped by the rules."""

    kind = "sunshard.tokens"
    model_id: ModelId
    gained: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()
    why: str = ""

    def apply(self, state: SunshardState) -> None:
        model = state.models.get(self.model_id)
        if model is None:
            return
        model.tokens.extend(self.gained)
        for token in self.lost:
            if token in model.tokens:
                model.tokens.remove(token)

    def describe(self) -> str:
        parts = []
        if self.gained:
            parts.append(f"gains {', '.join(self.gained)}")
        if self.lost:
            parts.append(f"loses {', '.join(self.lost)}")
        why = f" ({self.why})" if self.why else ""
        return f"{self.model_id} {' and '.join(parts) or 'is unchanged'}{why}."


class HpChanged(EventBody):
    """A model loses or heals HP (L636-640): ``amount`` negative for a wound; ``hp_lost`` is its total lost after."""

    kind = "sunshard.hp"
    model_id: ModelId
    amount: int
    hp_lost: int
    why: str = ""

    def apply(self, state: SunshardState) -> None:
        model = state.models.get(self.model_id)
        if model is not None:
            model.wounds_taken = self.hp_lost

    def describe(self) -> str:
        verb = "loses" if self.amount < 0 else "heals"
        why = f" ({self.why})" if self.why else ""
        return f"{self.model_id} {verb} {_plural(abs(self.amount), 'HP')}{why}."


class ModelGone(EventBody):
    """A model leaves the battlefield: Killed (L648; ``credit`` is the side that scores its death, ruling
    kill-credit) or gone without being Killed (Calm Before the Storm, L1089)."""

    kind = "sunshard.gone"
    model_id: ModelId
    how: Literal["killed", "left"]
    cause: str = ""
    credit: SideId | None = None
    by: ModelId | None = None
    """The model whose attack or action killed it, if any (Glory Kill, L1177)."""

    def apply(self, state: SunshardState) -> None:
        state.models.pop(self.model_id, None)
        figure = state.figures.get(self.model_id)
        if figure is not None:
            figure.status = self.how
        if state.party is not None and self.model_id in state.party.members and self.model_id not in state.party.done:
            state.party.done.append(self.model_id)

    def describe(self) -> str:
        if self.how == "left":
            return f"{self.model_id} leaves the battlefield; it is not Killed."
        cause = f" ({self.cause})" if self.cause else ""
        return f"{self.model_id} is Killed{cause} and removed."


class FortuneChanged(EventBody):
    """A player gains or spends Fortune (L749-753)."""

    kind = "sunshard.fortune"
    side: SideId
    amount: int
    total: int
    why: str

    def apply(self, state: SunshardState) -> None:
        state.records.setdefault(self.side, SideRecord()).fortune = self.total

    def describe(self) -> str:
        verb = "gains" if self.amount >= 0 else "spends"
        return f"Side {self.side} {verb} {_plural(abs(self.amount), 'Fortune')} ({self.why}); now {self.total}."


class VpScored(EventBody):
    """A player scores VP from the quest or a deed (quest and deed VP kept apart, L834; a deed once, L1167)."""

    kind = "sunshard.vp"
    side: SideId
    amount: int
    source: Literal["quest", "deed"]
    what: str
    deed: str | None = None
    capped_from: int | None = None
    """What the quest would have given before its VP cap (L1004)."""

    def apply(self, state: SunshardState) -> None:
        record = state.records.setdefault(self.side, SideRecord())
        if self.source == "quest":
            record.quest_vp += self.amount
        else:
            record.deed_vp += self.amount
        if self.deed is not None and self.deed not in record.deeds:
            record.deeds.append(self.deed)

    def describe(self) -> str:
        capped = f" (capped from {self.capped_from})" if self.capped_from is not None else ""
        return f"Side {self.side} scores {_plural(self.amount, 'VP')} for {self.what}{capped}."


ABILITY_EXPIRY: dict[Gained, str] = {"round": "the end of the round", "end-phase": "the next End Phase",
                                     "activation": "the end of its activation", "game": "the end of the game"}


class AbilityGained(EventBody):
    """A model gains a special ability for a while (Commander as Leader L339, Nucleus L785), or loses it."""

    kind = "sunshard.ability"
    model_id: ModelId
    ability: str
    lasts: Gained | None
    """How long it lasts; ``None`` takes it away."""

    def apply(self, state: SunshardState) -> None:
        figure: Figure | None = state.figures.get(self.model_id)
        if figure is None:
            return
        if self.lasts is None:
            figure.gained.pop(self.ability, None)
        else:
            figure.gained[self.ability] = self.lasts

    def describe(self) -> str:
        if self.lasts is None:
            return f"{self.model_id} no longer has {self.ability}."
        return f"{self.model_id} gains {self.ability} until {ABILITY_EXPIRY[self.lasts]}."


class MarkerPlaced(EventBody):
    """A marker put down loose on the battlefield (L632), or on an Objective when ``on`` names it."""

    kind = "sunshard.marker-placed"
    marker: LooseMarker
    on: str | None = None
    why: str = ""

    def apply(self, state: SunshardState) -> None:
        if self.on is not None:
            state.objective_markers.setdefault(self.on, []).append(self.marker.kind)
        else:
            state.markers[self.marker.id] = self.marker
            state.markers_added += 1

    def describe(self) -> str:
        where = f"on {self.on}" if self.on else f"at {self.marker.x:g},{self.marker.y:g}"
        why = f" ({self.why})" if self.why else ""
        return f"A {self.marker.kind} marker is put {where}{why}."


class MarkerTaken(EventBody):
    """A marker taken from an Objective (``from_objective``), from the battlefield (``loose_id``) or from nowhere
    (end of round), by a model that gains it as a token (``model_id``) or by nobody (removed, L1209)."""

    kind = "sunshard.marker-taken"
    marker: str
    from_objective: str | None = None
    loose_id: str | None = None
    model_id: ModelId | None = None
    why: str = ""

    def apply(self, state: SunshardState) -> None:
        if self.from_objective is not None:
            held = state.objective_markers.get(self.from_objective, [])
            if self.marker in held:
                held.remove(self.marker)
        if self.loose_id is not None:
            state.markers.pop(self.loose_id, None)
        if self.model_id is not None and self.model_id in state.models:
            state.models[self.model_id].tokens.append(self.marker)

    def describe(self) -> str:
        source = self.from_objective or self.loose_id or "the battlefield"
        who = f"{self.model_id} takes" if self.model_id else "Removed:"
        why = f" ({self.why})" if self.why else ""
        return f"{who} the {self.marker} marker from {source}{why}."
