"""Quest 2's Alliance of Necessity (Eldfall core rules v1.5, L2390, L2403-2404, L2935-2937): forming it, breaking it,
and who is allied.

The book says the players may form it and what it does, not when or how (ruling ``alliance``): by default it is
offered once the schemes are kept, before the Initiative Check, each player answering in secret, and it forms only if
every player joins; ``declared-at-creation`` forms it at that point with no question, ``never`` leaves it out. An
allied player breaks it on its own turn between activations (``/act action:break-alliance``), losing 3 VP that are
not divided (L2404); with ruling ``alliance-attacks`` at ``attack-breaks``, declaring an attack on an ally does it.

While it holds, the allies' models are allied models for every rule that asks friend or foe
(``EldfallState.enemies``/``friends``); the hostiles stay everyone's enemies. How its VP are shared is
``scoring_end.vp_totals``.
"""

from __future__ import annotations

from engine.core import (
    Context,
    DecisionPart,
    EventBody,
    InvalidCommand,
    Option,
    SideId,
    ask_together,
)
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.scoring import reward_vp
from engine.systems.eldfall.scoring_end import score
from engine.systems.eldfall.state import EldfallState

__all__ = [
    "ALLIANCE_EVENTS",
    "ALLIANCE_KIND",
    "AllianceBroken",
    "AllianceFormed",
    "AllianceRefused",
    "alliance_line",
    "answer_offer",
    "break_alliance",
    "break_refusal",
    "check_alliance_ruling",
    "offer_alliance",
]

Ctx = Context[EldfallState]
ALLIANCE_KIND = "alliance"
"""The kind of the players' simultaneous secret answer to the alliance's offer."""
_JOIN = "join"
_DECLINE = "decline"
_CITE = "L2390"


class AllianceFormed(EventBody):
    """The players formed an Alliance of Necessity: their models are allied and their VP pooled (L2390)."""

    kind = "eldfall.alliance-formed"
    sides: tuple[SideId, ...]
    why: str

    def apply(self, state: EldfallState) -> None:
        state.alliance = tuple(self.sides)
        state.alliance_broken_by = None

    def describe(self) -> str:
        return (f"Sides {' and '.join(self.sides)} form an Alliance of Necessity ({self.why}): their models are "
                "allies, the hostiles everyone's enemies, and each will receive half their combined VP, rounded down "
                f"({_CITE}).")


class AllianceBroken(EventBody):
    """A player broke the alliance: its members are enemies again from now on (L2404)."""

    kind = "eldfall.alliance-broken"
    side: SideId
    why: str

    def apply(self, state: EldfallState) -> None:
        state.alliance_broken_by = self.side

    def describe(self) -> str:
        return f"Side {self.side} breaks the Alliance of Necessity ({self.why}): the former allies are enemies again."


class AllianceRefused(EventBody):
    """The offer is turned down: some player did not join, so every player fights on its own."""

    kind = "eldfall.alliance-refused"
    declined: tuple[SideId, ...]

    def describe(self) -> str:
        return (f"No Alliance of Necessity: side {' and '.join(self.declined)} did not join, so every player fights "
                "on its own.")


ALLIANCE_EVENTS: tuple[type[EventBody], ...] = (AllianceFormed, AllianceRefused, AllianceBroken)


def check_alliance_ruling(kit: Kit, state: EldfallState) -> None:
    """Refuse a table that declares an alliance in a quest without one.

    :raises InvalidCommand: naming the quest that offers it.
    """
    quest = kit.quest(state)
    if kit.rulings(state).alliance == "declared-at-creation" and not quest.alliance:
        raise InvalidCommand(f"rules:alliance=declared-at-creation: {quest.name} has no Alliance of Necessity; only "
                             f"Quest 2, Unexpected Encounter, offers one ({_CITE})")


def offer_alliance(ctx: Ctx, kit: Kit) -> bool:
    """Once the schemes are kept: ask every player in secret whether it joins, or form the alliance by the table's
    rules (ruling ``alliance``). Returns whether the setup waits for the answers."""
    state = ctx.state
    if not kit.quest(state).alliance:
        return False
    players = state.players()
    match kit.rulings(state).alliance:
        case "declared-at-creation":
            ctx.emit(AllianceFormed(sides=players, why="declared by the table's rules, ruling alliance"))
            return False
        case "never":
            return False
    options = (Option(key=_DECLINE, label="Stay on your own"),
               Option(key=_JOIN, label="Join the Alliance of Necessity (shared VP, halved at the end)"))
    part = DecisionPart(key="choice", prompt="Do you join the Alliance of Necessity?", options=options,
                        default=_DECLINE)
    ask_together(ctx, ALLIANCE_KIND, "Unexpected Encounter: the players may form an Alliance of Necessity: their "
                                     "models become allies against the hostiles, their VP are pooled and each gets "
                                     "half, rounded down; whoever breaks it loses 3 VP (L2390, L2404). It forms only "
                                     "if every player joins.",
                 {side: (part,) for side in players})
    return True


def answer_offer(ctx: Ctx, answers: dict[SideId, dict[str, str]]) -> None:
    """Every player has answered: the alliance forms if all joined (ruling ``alliance``)."""
    declined = [side for side, answer in answers.items() if answer.get("choice") != _JOIN]
    if declined:
        ctx.emit(AllianceRefused(declined=tuple(declined)))
        return
    ctx.emit(AllianceFormed(sides=tuple(answers), why="every player joined"))


def break_refusal(kit: Kit, state: EldfallState, side: SideId) -> str | None:
    """Why ``side`` may not break the alliance now (``/act action:break-alliance``, on its own turn between
    activations, ruling alliance): no alliance holds, or it is not in it."""
    quest = kit.quest(state)
    if not quest.alliance:
        return (f"{quest.name} has no Alliance of Necessity to break; only Quest 2, Unexpected Encounter, offers one "
                f"({_CITE})")
    if not state.alliance:
        return "no Alliance of Necessity was formed in this game"
    if state.alliance_broken_by is not None:
        return f"side {state.alliance_broken_by} has already broken the alliance"
    if side not in state.alliance:
        return f"side {side} is not in the alliance"
    return None


def break_alliance(ctx: Ctx, kit: Kit, side: SideId, why: str) -> None:
    """``side`` breaks the alliance: enemies again, and -3 VP for it alone (L2404). Engaged is worked out anew at
    the end of the next Resolution step, or by the caller between activations."""
    ctx.emit(AllianceBroken(side=side, why=why))
    score(ctx, side, "penalty", reward_vp(kit.quest(ctx.state), "alliance-broken"),
          "it broke the Alliance of Necessity; this penalty is not divided (L2404)")


def alliance_line(state: EldfallState) -> str:
    """The alliance as everyone may see it: who is allied, or who broke it; empty without one."""
    if not state.alliance:
        return ""
    names = " and ".join(state.alliance)
    if state.alliance_broken_by is not None:
        return f"Alliance of {names} broken by side {state.alliance_broken_by} (L2404)."
    return f"Allied: {names} (Alliance of Necessity, VP pooled and halved at the end, {_CITE})."
