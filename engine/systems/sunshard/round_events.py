"""Sunshard:Embren's events of the round: rounds, phases and steps, initiative, activations and parties (Sunshard:
Embren core rules v1.0, L343-445). Outcomes only: each folds without rules."""

from __future__ import annotations

from engine.core import EventBody, ModelId, SideId
from engine.systems.sunshard.state import Activation, Party, SunshardState

__all__ = [
    "ROUND_EVENTS",
    "ActivationBegan",
    "ActivationEnded",
    "FirstPicked",
    "GameFinished",
    "InitiativeWon",
    "PartyFormed",
    "RoundBegan",
    "StepNoted",
    "StepReached",
]


class RoundBegan(EventBody):
    """A new round: every model may activate, take Party Formation, Charge each target and use its Reload profiles and
    once-a-round abilities again; what lasted the round ends (L345, L405, L443, L1522)."""

    kind = "sunshard.round"
    round: int

    def apply(self, state: SunshardState) -> None:
        state.round = self.round
        state.initiative = state.active_side = state.first_pick = None
        for figure in state.figures.values():
            figure.activated = figure.party_formed = False
            figure.charged, figure.reloads, figure.used = [], {}, []
            figure.gained = {name: lasts for name, lasts in figure.gained.items() if lasts != "round"}

    def describe(self) -> str:
        return f"Round {self.round} begins."


_PHASE_OPENS = {("start", "beginning"), ("initiative", "roll"), ("activation", "first-pick"), ("end", "downed-blight")}
"""The first step of each phase of a round (L347-375)."""


class StepReached(EventBody):
    """The round reaches a phase and step (L347-375); as the End Phase begins, what lasted "until the next End Phase"
    ends (ruling until-next-end-phase)."""

    kind = "sunshard.step"
    phase: str
    step: str

    def apply(self, state: SunshardState) -> None:
        if state.phase != self.phase:
            state.phases_begun += 1  # a pass "for the phase" ends as the next one begins
        state.phase, state.step = self.phase, self.step
        state.noted = []
        if self.phase == "end" and self.step == "downed-blight":
            for figure in state.figures.values():
                figure.gained = {n: lasts for n, lasts in figure.gained.items() if lasts != "end-phase"}
            for piece, rules in list(state.lasting_rules.items()):
                for rule in [r for r, lasts in rules.items() if lasts == "end-phase"]:
                    del rules[rule]
                if not rules:
                    del state.lasting_rules[piece]

    def describe(self) -> str:
        """Set-up names each stage; a round names each phase as it begins, its steps being the referee's (L347)."""
        if self.phase == "setup":
            return f"Setup Phase: {self.step.replace('-', ' ')}."
        return f"{self.phase.title()} Phase." if (self.phase, self.step) in _PHASE_OPENS else ""


class InitiativeWon(EventBody):
    """The initiative roll-off's winner (lowest, ties re-rolled, L359), who picks the first model to activate."""

    kind = "sunshard.initiative"
    side: SideId
    lines: tuple[str, ...] = ()
    rolls: str = ""
    """Who rolled what and why the winner won (``A 12, B 4; the lowest roll wins, L359``)."""

    def apply(self, state: SunshardState) -> None:
        state.initiative = state.active_side = self.side

    def describe(self) -> str:
        why = f" ({self.rolls})" if self.rolls else ""
        return f"Side {self.side} wins the initiative{why} and picks the first model to activate."

    def working(self) -> tuple[str, ...]:
        return self.lines


class FirstPicked(EventBody):
    """The model to activate first, the winner's own or one of the opponent's (L359); its owner activates it."""

    kind = "sunshard.first-pick"
    model_id: ModelId
    side: SideId

    def apply(self, state: SunshardState) -> None:
        state.first_pick = self.model_id
        state.active_side = self.side

    def describe(self) -> str:
        return f"{self.model_id} activates first (side {self.side})."


class PartyFormed(EventBody):
    """A party: the selected models take Party Formation and activate one after another (L437-443)."""

    kind = "sunshard.party"
    party: Party | None

    def apply(self, state: SunshardState) -> None:
        state.party = self.party.model_copy(deep=True) if self.party is not None else None
        for member in self.party.members if self.party is not None else ():
            state.figures[member].party_formed = True

    def describe(self) -> str:
        if self.party is None:
            return "The party ends."
        others = ", ".join(m for m in self.party.members if m != self.party.selector)
        return f"{self.party.selector} forms a party with {others}."


class ActivationBegan(EventBody):
    """A model's activation begins, with its AP (L377-383)."""

    kind = "sunshard.activation"
    activation: Activation

    def apply(self, state: SunshardState) -> None:
        state.activation = self.activation.model_copy(deep=True)
        figure = state.figures[self.activation.model]
        figure.activated = True
        if state.first_pick == self.activation.model:
            state.first_pick = None

    def describe(self) -> str:
        return f"{self.activation.model} activates with {self.activation.ap} AP."


class ActivationEnded(EventBody):
    """A model's activation ends, its AP left lost (L383); ``active_side`` selects next (L365)."""

    kind = "sunshard.activation-ended"
    model_id: ModelId
    active_side: SideId | None

    def apply(self, state: SunshardState) -> None:
        state.activation = None
        state.active_side = self.active_side
        if state.party is not None and self.model_id in state.party.members and self.model_id not in state.party.done:
            state.party.done.append(self.model_id)

    def describe(self) -> str:
        return f"{self.model_id}'s activation ends."


class StepNoted(EventBody):
    """Something done at this step, so it is not done twice (``passed:A``: side A uses no more Fortune now;
    ``scored``; ``asked:A``)."""

    kind = "sunshard.noted"
    note: str

    def apply(self, state: SunshardState) -> None:
        state.noted.append(self.note)

    def describe(self) -> str:
        return ""  # bookkeeping: the full log says it

    def full(self) -> str:
        if self.note.startswith("passed:"):
            return f"Side {self.note[7:]} uses no Fortune ability now."
        return f"Done this step: {self.note}."


class GameFinished(EventBody):
    """The game is over: its last round was played, a quest declared a winner, or a player has no models left
    (L345); ``why`` says which."""

    kind = "sunshard.game-over"
    why: str

    def apply(self, state: SunshardState) -> None:
        state.phase, state.step = "over", "over"
        state.active_side = None

    def describe(self) -> str:
        return f"The game is over: {self.why}."


ROUND_EVENTS: tuple[type[EventBody], ...] = (RoundBegan, StepReached, InitiativeWon, FirstPicked, PartyFormed,
                                             ActivationBegan, ActivationEnded, StepNoted, GameFinished)
