"""Sunshard:Embren's set-up events (Sunshard:Embren core rules v1.0, L323-341): the quest and forces chosen, the
turn to place Objectives or deploy, a model picked for its owner to deploy, Leaders chosen. Outcomes only."""

from __future__ import annotations

from engine.core import EventBody, ModelId, SideId
from engine.systems.sunshard.schema import ModelCard, SpellSpec, WarbandSpec
from engine.systems.sunshard.state import Figure, SideRecord, SunshardState

__all__ = ["SETUP_EVENTS", "CardsImported", "DeployAsSuggested", "DeployTurn", "ForceMustered", "LeaderChosen",
           "ModelDeployed", "QuestChosen", "SpellsChosen", "WarbandPicked"]


class WarbandPicked(EventBody):
    """A player's warband for the game (L327), chosen before the quest is set up."""

    kind = "sunshard.warband-picked"
    side: SideId
    warband: str

    def apply(self, state: SunshardState) -> None:
        state.picked[self.side] = self.warband

    def describe(self) -> str:
        return f"Side {self.side} picks the warband {self.warband}."


class CardsImported(EventBody):
    """A player's own model cards, warbands and spells, brought for this game (an import replaces a shipped entry of
    the same name)."""

    kind = "sunshard.imported"
    side: SideId
    cards: tuple[ModelCard, ...] = ()
    warbands: tuple[WarbandSpec, ...] = ()
    spells: tuple[SpellSpec, ...] = ()

    def apply(self, state: SunshardState) -> None:
        state.imported_cards.update({card.name: card for card in self.cards})
        state.imported_warbands.update({warband.name: warband for warband in self.warbands})
        state.imported_spells.update({spell.id: spell for spell in self.spells})

    def describe(self) -> str:
        parts = [f"{len(items)} {what}" for items, what in ((self.cards, "model card(s)"),
                 (self.warbands, "warband(s)"), (self.spells, "spell(s)")) if items]
        names = ", ".join(w.name for w in self.warbands)
        return f"Side {self.side} brings its own {', '.join(parts)}" + (f": {names}." if names else ".")


class QuestChosen(EventBody):
    """The quest and what it sets: rounds, battlefield rules, deeds, zone depths (L329-331, L808)."""

    kind = "sunshard.quest"
    quest: str
    name: str
    rounds: int
    battlefield: tuple[str, ...]
    deeds: bool
    zone_depth: float
    contested_half: float

    def apply(self, state: SunshardState) -> None:
        state.quest, state.rounds, state.deeds_used = self.quest, self.rounds, self.deeds
        state.battlefield = list(self.battlefield)
        state.zone_depth, state.contested_half = self.zone_depth, self.contested_half

    def describe(self) -> str:
        rules = f"; battlefield rules: {', '.join(self.battlefield)}" if self.battlefield else ""
        deeds = "with deeds" if self.deeds else "without deeds"
        return f"Quest: {self.name}, {self.rounds} rounds, {deeds}{rules}."


class ForceMustered(EventBody):
    """A player's alignment, warbands and models, not yet deployed (L327)."""

    kind = "sunshard.force"
    side: SideId
    alignment: str
    warbands: tuple[str, ...]
    figures: tuple[Figure, ...]
    fortune: int = 0

    def apply(self, state: SunshardState) -> None:
        state.records[self.side] = SideRecord(alignment=self.alignment, warbands=list(self.warbands),
                                              fortune=self.fortune)
        for figure in self.figures:
            state.figures[figure.id] = figure.model_copy(deep=True)

    def describe(self) -> str:
        return (f"Side {self.side} brings {', '.join(self.warbands)} ({self.alignment}): "
                f"{', '.join(f'{f.id} {f.card}' for f in self.figures)}.")


class DeployTurn(EventBody):
    """Whose turn it is to place an Objective or deploy (L335, L337), and a model the opponent picked for its owner
    to deploy now (``forced``)."""

    kind = "sunshard.deploy-turn"
    side: SideId | None
    forced: ModelId | None = None
    first: SideId | None = None
    """The player who deployed first, recorded once (Rangers and Leaders follow that order, L339, L1473)."""
    won: str = ""
    """The roll-off that gave ``side`` this turn, who rolled what and why it won (L335, L337), if one did."""

    def apply(self, state: SunshardState) -> None:
        state.active_side = self.side
        state.first_pick = self.forced
        if self.first is not None and not state.deploy_order:
            state.deploy_order = [self.first, *(s for s in state.sides if s != self.first)]

    def describe(self) -> str:
        if self.side is None:
            return "Every model is placed."
        if self.forced is not None:
            return f"Side {self.side} must deploy {self.forced} now, picked by its opponent."
        return f"{self.won}: side {self.side}'s turn." if self.won else f"Side {self.side}'s turn."


class ModelDeployed(EventBody):
    """A model reaches the battlefield (its place is a table event); its Change Form, if any (L1423)."""

    kind = "sunshard.deployed"
    model_id: ModelId
    form: str | None = None

    def apply(self, state: SunshardState) -> None:
        figure = state.figures[self.model_id]
        figure.status = "deployed"
        figure.form = self.form

    def describe(self) -> str:
        form = f" as {self.form}" if self.form else ""
        return f"{self.model_id} is deployed{form}."


class SpellsChosen(EventBody):
    """The spells a caster knows (L654-660)."""

    kind = "sunshard.spells"
    model_id: ModelId
    spells: tuple[str, ...]

    def apply(self, state: SunshardState) -> None:
        state.figures[self.model_id].spells = list(self.spells)

    def describe(self) -> str:
        return f"{self.model_id} knows {', '.join(self.spells) or 'no spell'}."


class LeaderChosen(EventBody):
    """A warband's Leader, chosen after deployment; it gains Commander (not the Fortunate One) (L339, L1347, L1439)."""

    kind = "sunshard.leader"
    model_id: ModelId
    commander: bool

    def apply(self, state: SunshardState) -> None:
        figure = state.figures[self.model_id]
        figure.leader = True
        if self.commander:
            figure.gained["Commander"] = "game"

    def describe(self) -> str:
        gains = " and gains Commander" if self.commander else ""
        return f"{self.model_id} leads its warband{gains}."


class DeployAsSuggested(EventBody):
    """A player chose to place the rest of its models as suggested: each of its later deployment turns (L337, L1473)
    deploys its next model on the first suggested spot, without asking."""

    kind = "sunshard.deploy-as-suggested"
    side: SideId

    def apply(self, state: SunshardState) -> None:
        state.deploy_as_suggested = [*state.deploy_as_suggested, self.side]

    def describe(self) -> str:
        return f"Side {self.side} places the rest of its models as suggested."


SETUP_EVENTS: tuple[type[EventBody], ...] = (QuestChosen, ForceMustered, DeployTurn, ModelDeployed, SpellsChosen,
                                             LeaderChosen, WarbandPicked, CardsImported, DeployAsSuggested)
