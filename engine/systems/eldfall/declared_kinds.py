"""Every kind of decision Eldfall opens, declared once with its handler (``RULES``): the setup's choices, the compound
Reaction step, the late reactions, the Strategic phase's choices, duels, follow-ups and the rest. A decision of a
kind declared here is carried on by its handler; there is no other path (an undeclared kind is a bug the core
reports).

The Reaction step's parts are read live (``reacting.live_parts``): an attack only with what the model may take up, a
strike only at points of the path where it sees the mover, a combat art only for the attack chosen. The other kinds
keep the parts stored when they opened (``parts=None``).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Context, Decision, SideId
from engine.systems.eldfall.aftermath import refresh_engaged
from engine.systems.eldfall.alliance import ALLIANCE_KIND
from engine.systems.eldfall.duels import DUEL_KIND, answer_challenge
from engine.systems.eldfall.familiars import ORDER_KIND, answer_order
from engine.systems.eldfall.flow import after_strategic, close_turn
from engine.systems.eldfall.following import FOLLOW_KIND, answer_follow_up
from engine.systems.eldfall.guards import GUARD_KIND, answer_guard
from engine.systems.eldfall.hit_turns import TURN_KIND, answer_turns
from engine.systems.eldfall.kit import Kit
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
Answering = Callable[[Ctx, Kit, Decision, Answers], None]
Going = Callable[[Ctx, Kit], None]
_RULE = "Eldfall core rules v1.5, "


def _handled(answer: Answering, *then: Going) -> Callable[[Ctx, Decision, Answers], None]:
    """A decision's handler: its answer applied, then what carries the game on (each kind names its own)."""
    def handler(ctx: Ctx, decision: Decision, answers: Answers) -> None:
        kit = kit_of(ctx)
        answer(ctx, kit, decision, answers)
        for step in then:
            step(ctx, kit)
    return handler


def _refresh_engaged(ctx: Ctx, kit: Kit) -> None:
    """A model moved by the answer (a follow-up, a retreat) may engage or leave an engagement (L1453)."""
    refresh_engaged(ctx, kit.world(ctx.state))


def _order_answered(ctx: Ctx, kit: Kit, decision: Decision, answers: Answers) -> None:
    answer_order(ctx, decision, answers)


def _late_done(ctx: Ctx, kit: Kit) -> None:
    after_declaration(ctx, kit, late_done=True)


RULES.decision("scheme", rule=_RULE + "L2363-2367")(_handled(answer_scheme))
RULES.decision("initiative", rule=_RULE + "L1088-1100")(_handled(answer_initiative))
RULES.decision("initiative-rest", rule=_RULE + "L1092-1100")(_handled(answer_initiative_rest))
RULES.decision(STARTING_KIND, rule=_RULE + "L1869-1871")(_handled(answer_starting))
RULES.decision(STARTING_GUARD_KIND, rule=_RULE + "L2906")(_handled(answer_guard))
RULES.decision(STRATEGIC_KIND, rule=_RULE + "L1148-1154")(_handled(answer_strategic, after_strategic))
RULES.decision(REACTION_KIND, rule=_RULE + "L1198-1246",
               parts=lambda r, decision, answers: live_parts(r.world, r.kit, decision, answers))(
    _handled(answer_reaction, after_reactions))
RULES.decision(LATE_KIND, rule=_RULE + "L1246")(_handled(late_answer, _late_done))
RULES.decision(DUEL_KIND, rule=_RULE + "L1567-1585")(_handled(answer_challenge, carry_on))
RULES.decision(TURN_KIND, rule=_RULE + "L823")(_handled(answer_turns, carry_on))
RULES.decision(FOLLOW_KIND, rule=_RULE + "L1508")(_handled(answer_follow_up, _refresh_engaged, carry_on))
RULES.decision(RETREAT_KIND, rule=_RULE + "L1946")(_handled(answer_retreat, _refresh_engaged, carry_on))
RULES.decision(RANGER_KIND, rule=_RULE + "L1170")(_handled(answer_ranger_moves, close_turn))
RULES.decision(ORDER_KIND, rule=_RULE + "L2069")(_handled(_order_answered, carry_on))
RULES.decision(GUARD_KIND, rule=_RULE + "L2906")(_handled(answer_guard, carry_on))


@RULES.together(ALLIANCE_KIND, rule=_RULE + "L2390")
def _alliance(ctx: Ctx, answers: dict[SideId, Answers], context: object) -> None:
    after_alliance(ctx, kit_of(ctx), answers)
