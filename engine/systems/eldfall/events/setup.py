"""Events of setting a quest up: parties chosen and revealed, models added and deployed, the initiative, the turn
order, schemes kept and revealed."""

from __future__ import annotations

from pydantic import JsonValue

from engine.core import EventBody, ModelId, SideId
from engine.systems.eldfall.schema import PartyMember, PartySpec
from engine.systems.eldfall.state import (
    EldfallState,
    Figure,
)

__all__ = [
    "FigureAdded",
    "FigureNoted",
    "InitiativeWon",
    "ModelDeployed",
    "OrderSet",
    "PartiesRevealed",
    "PartyChosen",
    "PartyNoted",
    "PartyOnView",
    "SchemeKept",
    "SchemeRevealed",
    "SetupSettled",
    "SideNoted",
    "SideReady",
]


class PartyChosen(EventBody):
    """A side's party list (a secret of that side until deployment ends, L1036)."""

    kind = "eldfall.party-chosen"
    side: SideId
    party: PartySpec
    upgrade_names: dict[str, str] = {}
    """Each upgrade's name as its card prints it (``Pouch``); stored games without them show the ids."""

    def apply(self, state: EldfallState) -> None:
        record = state.writable_record(self.side)
        record.party = self.party.model_copy(deep=True)
        record.faction = self.party.faction

    def describe(self) -> str:
        members = ", ".join(_member(m, self.upgrade_names) for m in self.party.members)
        return f"Side {self.side} chooses the party {self.party.name} ({members}; Leader {self.party.leader})."


class PartyNoted(EventBody):
    """The public trace of a secret party choice: who has chosen, never what."""

    kind = "eldfall.party-noted"
    side: SideId

    def describe(self) -> str:
        return f"Side {self.side} has chosen its party in secret; lists are shown once deployment ends (L1036)."


class FigureAdded(EventBody):
    """Eldfall's record of a model that entered the table (with the table's own ``ModelAdded``)."""

    kind = "eldfall.figure-added"
    figure: Figure

    def apply(self, state: EldfallState) -> None:
        state.figures[self.figure.id] = self.figure.model_copy(deep=True)

    def describe(self) -> str:
        role = " (the Leader)" if self.figure.leader else ""
        return f"{self.figure.id} joins side {self.figure.side}{role}."


class FigureNoted(EventBody):
    """Bookkeeping on a model's record (it moved, lost HP, was scored, holds a Treasure...): logged silently unless
    ``shown`` says something players should read."""

    kind = "eldfall.figure-noted"
    model: ModelId
    changes: dict[str, JsonValue]
    shown: str = ""

    def apply(self, state: EldfallState) -> None:
        figure = state.figures[self.model]
        for key, value in self.changes.items():
            setattr(figure, key, value)

    def describe(self) -> str:
        return self.shown


class SideNoted(EventBody):
    """A side's standing choice or count changed (a scheme to reveal, a token on its scheme)."""

    kind = "eldfall.side-noted"
    side: SideId
    changes: dict[str, JsonValue]
    shown: str = ""

    def apply(self, state: EldfallState) -> None:
        record = state.writable_record(self.side)
        for key, value in self.changes.items():
            setattr(record, key, value)

    def describe(self) -> str:
        return self.shown or f"Side {self.side}: " + ", ".join(f"{k} {v}" for k, v in self.changes.items()) + "."


class InitiativeWon(EventBody):
    """The Initiative Check's result: d20 plus the Leader's M, the highest wins (L1088-1092)."""

    kind = "eldfall.initiative"
    winner: SideId
    totals: dict[SideId, int]

    def describe(self) -> str:
        shown = ", ".join(f"side {side} {total}" for side, total in self.totals.items())
        return f"Initiative Check ({shown}): side {self.winner} wins and chooses first (L1092)."


class SetupSettled(EventBody):
    """Where each side deploys and who plays first (L1092-1100)."""

    kind = "eldfall.setup-settled"
    edges: dict[SideId, str]
    order: tuple[SideId, ...]
    one_at_a_time: bool = False
    """The players deploy one model after the other (L1094)."""

    def apply(self, state: EldfallState) -> None:
        for side, edge in self.edges.items():
            state.writable_record(side).edge = edge
        state.order = self.order
        state.one_at_a_time = self.one_at_a_time

    def describe(self) -> str:
        edges = ", ".join(f"side {side} deploys along the {edge} edge" for side, edge in self.edges.items())
        how = "; the players deploy one model after the other" if self.one_at_a_time else ""
        return f"{edges[0].upper()}{edges[1:]}; side {self.order[0]} is the 1st Player{how}."


class ModelDeployed(EventBody):
    """Deploying one model after the other, a model is placed: everyone sees it (L1094)."""

    kind = "eldfall.model-deployed"
    reveals_secret = True
    model: ModelId
    name: str

    def apply(self, state: EldfallState) -> None:
        state.deployed_models = (*state.deployed_models, self.model)

    def describe(self) -> str:
        return f"{self.model} ({self.name}) is deployed."


class OrderSet(EventBody):
    """The players' turn order for the game (L1096)."""

    kind = "eldfall.order"
    order: tuple[SideId, ...]

    def apply(self, state: EldfallState) -> None:
        state.order = self.order

    def describe(self) -> str:
        return "Turn order: " + ", ".join(f"side {s}" for s in self.order) + "."


class SideReady(EventBody):
    kind = "eldfall.side-ready"
    side: SideId

    def apply(self, state: EldfallState) -> None:
        state.writable_record(self.side).ready = True

    def describe(self) -> str:
        return f"Side {self.side} has finished deploying."


class PartyOnView(EventBody):
    """A side deploying in the turn order is done: its models are seen by everyone, its list not yet (L1096-1102)."""

    kind = "eldfall.party-on-view"
    reveals_secret = True
    side: SideId

    def apply(self, state: EldfallState) -> None:
        state.writable_record(self.side).on_view = True

    def describe(self) -> str:
        return f"Side {self.side}'s models are on the table for everyone to see; its list stays secret (L1096)."


class PartiesRevealed(EventBody):
    """Deployment is over: every party list is shown (L1096)."""

    kind = "eldfall.parties-revealed"
    reveals_secret = True
    parties: dict[SideId, PartySpec]
    deployed: dict[SideId, int]
    upgrade_names: dict[str, str] = {}
    """Each upgrade's name as its card prints it; stored games without them show the ids."""

    def apply(self, state: EldfallState) -> None:
        for side, count in self.deployed.items():
            record = state.writable_record(side)
            record.revealed = True
            record.deployed = count

    def describe(self) -> str:
        lines = []
        for side, party in self.parties.items():
            members = ", ".join(_member(m, self.upgrade_names) for m in party.members)
            kind = "Guildsworn, any Affiliation" if party.format == "guildsworn" else party.faction  # L1086
            lines.append(f"side {side}: {party.name} ({kind}) - {members}; Leader {party.leader}")
        return "Deployment is over; the parties are revealed (L1096): " + "; ".join(lines) + "."


def _member(member: PartyMember, names: dict[str, str]) -> str:
    """A member as its party list reads: its unit, then its upgrades with their chosen options (its owner sees
    them when choosing, everyone at the reveal)."""
    return member.unit + (f" ({', '.join(_upgrades(member, names))})" if member.upgrades else "")


def _upgrades(member: PartyMember, names: dict[str, str]) -> list[str]:
    """A member's upgrades as the reveal prints them, by name where given, each with the option chosen for it
    (``Glyphscribe: Reduce Weight: inscribed-armor``)."""
    chosen = {upgrade: iter(texts) for upgrade, texts in member.choices.items()}
    return [names.get(u, u) + (f": {text}" if (text := next(chosen.get(u, iter(())), None)) else "")
            for u in member.upgrades]


class SchemeKept(EventBody):
    """The scheme a side keeps: a secret of that side for the whole game, until revealed (L2497)."""

    kind = "eldfall.scheme-kept"
    lasting = True
    side: SideId
    scheme: str
    name: str

    def apply(self, state: EldfallState) -> None:
        state.writable_record(self.side).scheme = self.scheme

    def describe(self) -> str:
        return f"Side {self.side} keeps the scheme {self.name}."


class SchemeRevealed(EventBody):
    kind = "eldfall.scheme-revealed"
    reveals_secret = True
    side: SideId
    scheme: str
    name: str
    why: str
    turn: int | None = None
    target: ModelId | None = None
    tokens: int = 0

    def apply(self, state: EldfallState) -> None:
        record = state.writable_record(self.side)
        record.scheme = self.scheme
        record.scheme_revealed = True
        record.scheme_turn = self.turn
        record.scheme_target = self.target
        record.scheme_tokens = self.tokens

    def describe(self) -> str:
        return f"Side {self.side} reveals its scheme {self.name} ({self.why})."
