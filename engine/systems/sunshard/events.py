"""Sunshard:Embren's events: outcomes only. Each folds into the state without rules, dice or geometry; ``describe``
is its log line and ``working`` its show-working lines. Positions, wounds and tokens on the table use the shared table
events where they fit (:data:`engine.table.TABLE_EVENTS`); these record what only Sunshard keeps.
"""

from __future__ import annotations

import re
from typing import Literal

from engine.core import EventBody, ModelId, SideId
from engine.systems.sunshard.state import AttackState, Figure, Gained, LooseMarker, SideRecord, SunshardState

_CITED = re.compile(r" \(((?:Sunshard:Embren core rules[^()]*, )?L\d[^()]*)\)")
"""A citation in brackets of its own inside a reason: the whole book's (``(Sunshard:Embren core rules v1.0, L622)``)
or a line's (``(L776)``)."""


def _because(why: str) -> str:
    """`` (why)`` for the end of a line, the rule cited last in ``why`` joined on with a comma rather than in brackets
    of its own (one citation, never one inside another): "(Vigil (L776))" reads "(Vigil, L776)", "(3 Blight tokens
    (Sunshard:Embren core rules v1.0, L620))" "(3 Blight tokens, Sunshard:Embren core rules v1.0, L620)"."""
    if not why:
        return ""
    found = list(_CITED.finditer(why))
    if found:
        last = found[-1]
        why = f"{why[:last.start()]}, {last.group(1)}{why[last.end():]}"
    return f" ({why})"


__all__ = [
    "ABILITY_EXPIRY",
    "SUNSHARD_EVENTS",
    "AbilityGained",
    "ActivationFlag",
    "Anticipated",
    "ApLost",
    "ApSpent",
    "AttackStaged",
    "ChargeReady",
    "DashingShow",
    "Faded",
    "FigureUsed",
    "FortuneChanged",
    "GuardKept",
    "HpChanged",
    "MarkerPlaced",
    "MarkerTaken",
    "ModelGone",
    "Phaseformed",
    "TerrainRuleGained",
    "TestMade",
    "TokensChanged",
    "VpScored",
]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if abs(n) == 1 or word.isupper() else 's'}"


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
    made_of: str = ""
    """The TN's sum in one line without citations (``AA 5, +5 B1's EVA, -2 heavy cover``); empty when unmodified."""

    def describe(self) -> str:
        rolled = ", ".join(map(str, self.faces)) or "nothing"
        sum_ = f" ({self.made_of})" if self.made_of else ""
        return f"{self.purpose}: TN {self.tn}{sum_}, rolled {rolled}: {self.outcome}."

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
        why = _because(self.why)
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
        why = _because(self.why)
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
        return f"{self.model_id} is Killed{_because(self.cause)} and removed."


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
        return f"Side {self.side} {verb} {_plural(abs(self.amount), 'Fortune')}{_because(self.why)}; now {self.total}."


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
            if self.marker.kind == "Archaeology" and self.marker.placed_by is not None:
                state.dug_by.setdefault(self.on, []).append(self.marker.placed_by)
        else:
            state.markers[self.marker.id] = self.marker
            state.markers_added += 1

    def describe(self) -> str:
        where = f"on {self.on}" if self.on else f"at {self.marker.x:g},{self.marker.y:g}"
        why = _because(self.why)
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
            if self.marker == "Archaeology":
                state.dug_by.pop(self.from_objective, None)
        if self.loose_id is not None:
            state.markers.pop(self.loose_id, None)
        if self.model_id is not None and self.model_id in state.models:
            state.models[self.model_id].tokens.append(self.marker)

    def describe(self) -> str:
        source = self.from_objective or self.loose_id or "the battlefield"
        who = f"{self.model_id} takes" if self.model_id else "Removed:"
        why = _because(self.why)
        return f"{who} the {self.marker} marker from {source}{why}."


class ApSpent(EventBody):
    """The activating model spends AP (L379, L1375); ``left`` is what it has after."""

    kind = "sunshard.ap"
    model_id: ModelId
    amount: int
    left: int
    on: str

    def apply(self, state: SunshardState) -> None:
        if state.activation is not None and state.activation.model == self.model_id:
            state.activation.ap = self.left
            state.activation.spent += self.amount
            state.activation.moved_into = []

    def describe(self) -> str:
        return f"{self.model_id} spends {_plural(self.amount, 'AP')} on {self.on} ({self.left} left)."


class ApLost(EventBody):
    """The activating model loses AP it has not spent (the Rescue marker's -1 AP taken at once, ruling rescue-ap,
    L872); ``left`` is what it has after."""

    kind = "sunshard.ap-lost"
    model_id: ModelId
    left: int
    why: str

    def apply(self, state: SunshardState) -> None:
        if state.activation is not None and state.activation.model == self.model_id:
            state.activation.ap = self.left

    def describe(self) -> str:
        return f"{self.model_id} loses 1 AP ({self.why}; {self.left} left)."


class FigureUsed(EventBody):
    """Something a model may do only so often: Charge a target once a round (L405), a Reload(X) profile X times
    (L1522), a once-per-round ability (L1413, L1415, L1419, L1465)."""

    kind = "sunshard.used"
    model_id: ModelId
    charged: ModelId | None = None
    reload: str | None = None
    once: str | None = None

    def apply(self, state: SunshardState) -> None:
        figure = state.figures.get(self.model_id)
        if figure is None:
            return
        if self.charged is not None:
            figure.charged.append(self.charged)
            if state.activation is not None and state.activation.model == self.model_id:
                state.activation.moved_into = []
        if self.reload is not None:
            figure.reloads[self.reload] = figure.reloads.get(self.reload, 0) + 1
        if self.once is not None:
            figure.used.append(self.once)

    def describe(self) -> str:
        if self.charged is not None or self.reload is not None:
            return ""  # the attack's own line says it (attack_flow: one attack, one line)
        return f"{self.model_id} uses {self.once} (once a round)."


class AttackStaged(EventBody):
    """The attack being resolved, as it stands after a step (its dice already rolled and logged): ``None`` once it
    is over."""

    kind = "sunshard.attack"
    attack: AttackState | None
    note: str = ""
    sight: tuple[tuple[tuple[float, float], tuple[float, float], str], ...] = ()
    """As the attack is declared: each sight line drawn (attacker to target, base centres) with the cover it gave
    (``light``, ``heavy``, ``none``; ``melee`` for a melee attack), for the picture (L302)."""

    def apply(self, state: SunshardState) -> None:
        state.attack = self.attack.model_copy(deep=True) if self.attack is not None else None

    def describe(self) -> str:
        """The note a step has for the table; a step without one (the attack moving on to its next step, whose
        dice and tests say what happened) says nothing, where it printed its internal step name."""
        return self.note


class DashingShow(EventBody):
    """A Dashing Show model hit with a melee attack in its activation: the other members of its party not Leader gain
    +2 on their attack tests (L1427)."""

    kind = "sunshard.dashing-show"
    model_id: ModelId

    def apply(self, state: SunshardState) -> None:
        if state.party is not None:
            state.party.dashing_by = self.model_id

    def describe(self) -> str:
        return f"{self.model_id}'s Dashing Show: its party's other members (not the Leader) gain +2 to hit."


class Anticipated(EventBody):
    """A model spent its On Guard token on Anticipate Attack: the activating model's attacks on it take -2 for the
    rest of the activation (L423; ruling anticipate-duration)."""

    kind = "sunshard.anticipated"
    model_id: ModelId

    def apply(self, state: SunshardState) -> None:
        if state.activation is not None:
            state.activation.anticipating.append(self.model_id)

    def describe(self) -> str:
        return f"{self.model_id} Anticipates the attack: -2 on attack tests against it this activation."


class Faded(EventBody):
    """Inches the activating model vaulted through Fade, counted for Hit and Run (L1223)."""

    kind = "sunshard.faded"
    model_id: ModelId
    inches: float

    def apply(self, state: SunshardState) -> None:
        if state.activation is not None and state.activation.model == self.model_id:
            state.activation.faded = round(state.activation.faded + self.inches, 2)

    def describe(self) -> str:
        return f"{self.model_id} vaulted {self.inches:.2f}\" through Fade."


class ChargeReady(EventBody):
    """A movement action ended in contact with these enemies (or within 2" and in sight, with Reach): the model may
    Charge one of them now (L405, L537-539, L1305)."""

    kind = "sunshard.charge-ready"
    model_id: ModelId
    targets: tuple[ModelId, ...]

    def apply(self, state: SunshardState) -> None:
        if state.activation is not None and state.activation.model == self.model_id:
            state.activation.moved_into = list(self.targets)

    def describe(self) -> str:
        if not self.targets:
            return f"{self.model_id}'s move ends out of contact with any enemy."
        return f"{self.model_id} may Charge {', '.join(self.targets)} now."


class GuardKept(EventBody):
    """An engaged On Guard model keeps its token to Anticipate an attack declared next; ``None`` clears the list once
    the activating model does something else (ruling held-strike-offer)."""

    kind = "sunshard.guard-kept"
    model_id: ModelId | None

    def apply(self, state: SunshardState) -> None:
        if state.activation is None:
            return
        if self.model_id is None:
            state.activation.guard_kept = []
        else:
            state.activation.guard_kept.append(self.model_id)

    def describe(self) -> str:
        if self.model_id is None:
            return "No On Guard token is kept for an attack any longer."
        return f"{self.model_id} keeps its On Guard token to Anticipate an attack made at once."


class ActivationFlag(EventBody):
    """Something the activating model gained for the rest of its activation: free Aiming (Eagle-Eye, L1431), Fade 1"
    further (L778), incendiary Jammable profiles (L770)."""

    kind = "sunshard.activation-flag"
    model_id: ModelId
    flag: Literal["aim_free", "fade_bonus", "incendiary", "interacted"]

    def apply(self, state: SunshardState) -> None:
        if state.activation is not None and state.activation.model == self.model_id:
            setattr(state.activation, self.flag, True)

    def describe(self) -> str:
        what = {"aim_free": "takes the Aiming bonus for free", "fade_bonus": "vaults 1\" further with Fade",
                "incendiary": "fires incendiary rounds", "interacted": "has taken Interact"}[self.flag]
        return f"{self.model_id} {what} for the rest of its activation."


class Phaseformed(EventBody):
    """A Phaseforming model's choice as it gains an On Guard token: the terrain rule Seeded pieces within 6" of it
    gain while it keeps the token (L1463)."""

    kind = "sunshard.phaseformed"
    model_id: ModelId
    rule: Literal["light-cover", "hazardous", "rugged"]

    def apply(self, state: SunshardState) -> None:
        figure = state.figures.get(self.model_id)
        if figure is not None:
            figure.phased = self.rule

    def describe(self) -> str:
        return (f"{self.model_id} Phaseforms: Seeded terrain within 6\" of it is {self.rule.replace('-', ' ')} while "
                f"it is On Guard.")


class TerrainRuleGained(EventBody):
    """A terrain piece gains a terrain rule: for a while (the Shardborn Fortune's Seeded until the next End Phase,
    L784) or for good (Trapper's Den's Hazardous L747, Withering Whereabouts L1496; ``lasts`` "game")."""

    kind = "sunshard.terrain-rule"
    terrain_id: str
    rule: str
    lasts: Gained

    def apply(self, state: SunshardState) -> None:
        piece = state.terrain.get(self.terrain_id)
        if piece is None:
            return
        if self.lasts == "game":
            if self.rule not in piece.keywords:
                state.terrain[self.terrain_id] = piece.model_copy(update={"keywords": (*piece.keywords, self.rule)})
        else:
            state.lasting_rules.setdefault(self.terrain_id, {})[self.rule] = self.lasts

    def describe(self) -> str:
        until = "for the rest of the game" if self.lasts == "game" else f"until {ABILITY_EXPIRY[self.lasts]}"
        return f"Terrain {self.terrain_id} gains {self.rule} {until}."


SUNSHARD_EVENTS: tuple[type[EventBody], ...] = (
    TestMade, TokensChanged, HpChanged, ModelGone, FortuneChanged, VpScored, AbilityGained, MarkerPlaced, MarkerTaken,
    ApSpent, ApLost, FigureUsed, AttackStaged, DashingShow, Anticipated, Faded, ChargeReady, GuardKept, ActivationFlag,
    TerrainRuleGained, Phaseformed)
"""Every event of this module, for the game's codec."""
