"""Every kind of decision Eldfall opens, declared once with its handler (``RULES``): the setup's choices, the compound
Reaction step, the late reactions, the Strategic phase's choices, duels, follow-ups and the rest. A decision of a
kind declared here is carried on by its handler; there is no other path (an undeclared kind is a bug the core
reports).

The Reaction step's parts are read live (``reacting.live_parts``): an attack only with what the model may take up, a
strike only at points of the path where it sees the mover, a combat art only for the attack chosen. The other kinds
keep the parts stored when they opened (``parts=None``).
"""

from __future__ import annotations

from engine.core import Context, Decision, SideId
from engine.systems.eldfall.aftermath import refresh_engaged
from engine.systems.eldfall.alliance import ALLIANCE_KIND
from engine.systems.eldfall.duels import DUEL_KIND, answer_challenge
from engine.systems.eldfall.familiars import ORDER_KIND, answer_order
from engine.systems.eldfall.flow import after_strategic, close_turn
from engine.systems.eldfall.following import FOLLOW_KIND, answer_follow_up
from engine.systems.eldfall.guards import GUARD_KIND, answer_guard
from engine.systems.eldfall.late import LATE_KIND, late_answer
from engine.systems.eldfall.rangers import RANGER_KIND, answer_ranger_moves
from engine.systems.eldfall.reacting import REACTION_KIND, live_parts
from engine.systems.eldfall.reacting import answer as answer_reaction
from engine.systems.eldfall.retreating import RETREAT_KIND, answer_retreat
from engine.systems.eldfall.rules import RULES, kit_of
from engine.systems.eldfall.sequencing import after_declaration, after_reactions, carry_on
from engine.systems.eldfall.setup import after_alliance, answer_initiative, answer_initiative_rest, answer_scheme
from engine.systems.eldfall.starting_creatures import STARTING_GUARD_KIND, STARTING_KIND, answer_starting
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.strategic_choices import STRATEGIC_KIND, answer_strategic

__all__: list[str] = []

Ctx = Context[EldfallState]
Answers = dict[str, str]
_RULE = "Eldfall core rules v1.5, "


@RULES.decision("scheme", rule=_RULE + "L2363-2367")
def _scheme(ctx: Ctx, decision: Decision, answers: Answers) -> None:
    answer_scheme(ctx, kit_of(ctx), decision, answers)


@RULES.together(ALLIANCE_KIND, rule=_RULE + "L2390")
def _alliance(ctx: Ctx, answers: dict[SideId, Answers], context: object) -> None:
    after_alliance(ctx, kit_of(ctx), answers)


@RULES.decision("initiative", rule=_RULE + "L1088-1100")
def _initiative(ctx: Ctx, decision: Decision, answers: Answers) -> None:
    answer_initiative(ctx, kit_of(ctx), decision, answers)


@RULES.decision("initiative-rest", rule=_RULE + "L1092-1100")
def _initiative_rest(ctx: Ctx, decision: Decision, answers: Answers) -> None:
    answer_initiative_rest(ctx, kit_of(ctx), decision, answers)


@RULES.decision(STARTING_KIND, rule=_RULE + "L1869-1871")
def _starting(ctx: Ctx, decision: Decision, answers: Answers) -> None:
    answer_starting(ctx, kit_of(ctx), decision, answers)


@RULES.decision(STARTING_GUARD_KIND, rule=_RULE + "L2906")
def _starting_guard(ctx: Ctx, decision: Decision, answers: Answers) -> None:
    answer_guard(ctx, kit_of(ctx), decision, answers)


@RULES.decision(STRATEGIC_KIND, rule=_RULE + "L1148-1154")
def _strategic(ctx: Ctx, decision: Decision, answers: Answers) -> None:
    kit = kit_of(ctx)
    answer_strategic(ctx, kit, decision, answers)
    after_strategic(ctx, kit)


@RULES.decision(REACTION_KIND, rule=_RULE + "L1198-1246",
                parts=lambda r, decision, answers: live_parts(r.world, r.kit, decision, answers))
def _reaction(ctx: Ctx, decision: Decision, answers: Answers) -> None:
    kit = kit_of(ctx)
    answer_reaction(ctx, kit, decision, answers)
    after_reactions(ctx, kit)


@RULES.decision(LATE_KIND, rule=_RULE + "L1246")
def _late(ctx: Ctx, decision: Decision, answers: Answers) -> None:
    kit = kit_of(ctx)
    late_answer(ctx, kit, decision, answers)
    after_declaration(ctx, kit, late_done=True)


@RULES.decision(DUEL_KIND, rule=_RULE + "L1567-1585")
def _duel(ctx: Ctx, decision: Decision, answers: Answers) -> None:
    kit = kit_of(ctx)
    answer_challenge(ctx, kit, decision, answers)
    carry_on(ctx, kit)


@RULES.decision(FOLLOW_KIND, rule=_RULE + "L1508")
def _follow_up(ctx: Ctx, decision: Decision, answers: Answers) -> None:
    kit = kit_of(ctx)
    answer_follow_up(ctx, kit, decision, answers)
    refresh_engaged(ctx, kit.world(ctx.state))
    carry_on(ctx, kit)


@RULES.decision(RETREAT_KIND, rule=_RULE + "L1946")
def _retreat(ctx: Ctx, decision: Decision, answers: Answers) -> None:
    kit = kit_of(ctx)
    answer_retreat(ctx, kit, decision, answers)
    refresh_engaged(ctx, kit.world(ctx.state))
    carry_on(ctx, kit)


@RULES.decision(RANGER_KIND, rule=_RULE + "L1170")
def _ranger(ctx: Ctx, decision: Decision, answers: Answers) -> None:
    kit = kit_of(ctx)
    answer_ranger_moves(ctx, kit, decision, answers)
    close_turn(ctx, kit)


@RULES.decision(ORDER_KIND, rule=_RULE + "L2069")
def _order(ctx: Ctx, decision: Decision, answers: Answers) -> None:
    answer_order(ctx, decision, answers)
    carry_on(ctx, kit_of(ctx))


@RULES.decision(GUARD_KIND, rule=_RULE + "L2906")
def _guard(ctx: Ctx, decision: Decision, answers: Answers) -> None:
    kit = kit_of(ctx)
    answer_guard(ctx, kit, decision, answers)
    carry_on(ctx, kit)
