"""The rest of Eldfall's Tactical phase and the standing orders a player gives between turns, each declared once on
``RULES``: ending the Tactical phase, turning AP into Mana, breaking the Alliance of Necessity, dismissing a summoned
creature, the Defensive Stance, the Leader's stratagem, revealing the scheme."""

from __future__ import annotations

from engine.core import (
    Ask,
    Choice,
    Context,
    ModelId,
    Order,
    Param,
    Shape,
    SideId,
)
from engine.systems.eldfall import drop_orders as drops
from engine.systems.eldfall.activation import (
    sequence_refusal,
)
from engine.systems.eldfall.aftermath import refresh_engaged
from engine.systems.eldfall.alliance import break_alliance, break_refusal
from engine.systems.eldfall.dismissal import dismissal_refusal, order_dismissal, summoned
from engine.systems.eldfall.flow import end_turn
from engine.systems.eldfall.rules import ANY_TIME, RULES, TACTICAL, Reading, kit_of, said
from engine.systems.eldfall.standing import (
    channel_mana,
    choose_stance,
    choose_stratagem,
    mages,
    reveal_refusal,
    reveal_scheme,
    stratagems,
    warriors,
)
from engine.systems.eldfall.state import EldfallState

__all__ = []

Ctx = Context[EldfallState]
_RULE = "Eldfall core rules v1.5, "
_ON_OFF = (Choice("on"), Choice("off"))


def _side(ask: Ask) -> SideId:
    return ask.acting


# -- the rest of the Tactical phase, and standing orders ------------------------------------------------------


@RULES.action("end", "End your Tactical phase (your unspent AP are discarded)", label="End my Tactical phase",
              when=TACTICAL, available=lambda r, ask: sequence_refusal(r.state), rule=_RULE + "L1168-1172")
def _end(ctx: Ctx, ask: Ask) -> None:
    end_turn(ctx, kit_of(ctx))


def _more_ap(r: Reading, ask: Ask) -> list[Choice]:
    """The AP a Mage may turn into Mana beyond the one it turns when the amount is left out (L926-928)."""
    return [Choice(str(n), f"{n} AP") for n in range(2, r.model(ask).figure.ap + 1)]


def _ap_refusal(r: Reading, ask: Ask, typed: str) -> str | None:
    """Why a typed amount is no amount of AP the Mage may turn into Mana now, or None (1, or one the menu lists)."""
    ap = r.model(ask).figure.ap
    if typed.strip().isdigit() and 1 <= int(typed) <= ap:
        return None
    return f"amount:{typed[:20]} is no number of AP {ask.ident('model')} holds: 1 to {ap} (L926-928)"


def _one_ap(r: Reading, ask: Ask, typed: str) -> str | None:
    """``amount:1`` typed: what the amount left out means (every other one is listed)."""
    return None if typed.strip() == "1" else _ap_refusal(r, ask, typed) or f"amount:{typed[:20]} is not listed now"


@RULES.action("mana", "A Mage turns AP into Mana Counters (amount:)", label="Turn AP into Mana", when=TACTICAL,
              per="model", rule=_RULE + "L926-928", params=(
                  Param("model", "Which Mage?", values=lambda r, ask: mages(r.world, _side(ask)), noun="Mages"),
                  Param("amount", "How many AP?", order=Order.GIVEN, noun="amounts", optional=True, none_label="1 AP",
                        values=_more_ap, accepts=_one_ap, refused=said(_ap_refusal))))
def _mana(ctx: Ctx, ask: Ask) -> None:
    channel_mana(ctx, kit_of(ctx).world(ctx.state).fighter(ModelId(ask.ident("model"))), ask.integer("amount", 1))


@RULES.action("break-alliance", "Break the Alliance of Necessity on your turn (you lose 3 VP, not divided)",
              label="Break the Alliance of Necessity (-3 VP)", when=TACTICAL, rule=_RULE + "L2390, L2403-2404",
              available=lambda r, ask: sequence_refusal(r.state) or break_refusal(r.kit, r.state, _side(ask)))
def _break_alliance(ctx: Ctx, ask: Ask) -> None:
    kit = kit_of(ctx)
    break_alliance(ctx, kit, _side(ask), "its player's choice")
    refresh_engaged(ctx, kit.world(ctx.state))


def _dismissals(r: Reading, ask: Ask) -> list[Choice]:
    model = ModelId(ask.ident("model"))
    on = [Choice("on", "dismiss it at your next Strategic phase")] if dismissal_refusal(r.state, model) is None else []
    return [*on, Choice("off", "keep it")]


def _not_summoned(r: Reading, ask: Ask, typed: str) -> str | None:
    figure = r.state.figures.get(ModelId(typed.strip().upper()))
    if figure is None or (figure.summoner is not None and figure.side == _side(ask)):
        return None
    if figure.side != _side(ask):
        return f"{figure.id} belongs to side {figure.side}"
    return f"{figure.id} was not summoned: a caster dismisses only its summoned creatures (L992)"


@RULES.action("dismiss", "Dismiss a summoned creature at your next Strategic phase (choice:off withdraws it)",
              label="Dismiss a summoned creature", when=ANY_TIME, rule=_RULE + "L992", params=(
                  Param("model", "Which creature?", values=lambda r, ask: summoned(r.state, _side(ask)),
                        refused=said(_not_summoned), noun="creatures"),
                  Param("choice", "Dismiss it?", values=_dismissals, order=Order.GIVEN, noun="choices",
                        refused=said(lambda r, ask, typed: dismissal_refusal(r.state, ModelId(ask.ident("model")))))))
def _dismiss(ctx: Ctx, ask: Ask) -> None:
    order_dismissal(ctx, _side(ask), ModelId(ask.ident("model")), ask.text("choice") == "on")


@RULES.action("stance", "A Warrior takes (choice:on) or leaves (choice:off) the Defensive Stance",
              label="Defensive Stance", when=ANY_TIME, rule=_RULE + "L1880", params=(
                  Param("model", "Which Warrior?", values=lambda r, ask: warriors(r.world, _side(ask)),
                        noun="Warriors"),
                  Param("choice", "Take it or leave it?", values=lambda r, ask: list(_ON_OFF), order=Order.GIVEN,
                        noun="choices")))
def _stance(ctx: Ctx, ask: Ask) -> None:
    choose_stance(ctx, ModelId(ask.ident("model")), ask.text("choice") == "on")


@RULES.action("stratagem", "Choose the stratagem your Leader uses from your next Strategic phase (typed: that phase "
              "asks it)", label="Choose my Leader's stratagem", when=ANY_TIME, rule=_RULE + "L372-382", typed=True,
              params=(
                  Param("choice", "Which stratagem?", values=lambda r, ask: stratagems(r.world, _side(ask)),
                        order=Order.GIVEN, noun="stratagems"),))
def _stratagem(ctx: Ctx, ask: Ask) -> None:
    choose_stratagem(ctx, kit_of(ctx), _side(ask), ask.text("choice"))


@RULES.action("scheme", "Reveal your Strategic-phase scheme at your next Strategic phase", label="Reveal my scheme",
              when=ANY_TIME, available=lambda r, ask: reveal_refusal(r.kit, r.state, _side(ask)),
              rule=_RULE + "L2497")
def _scheme(ctx: Ctx, ask: Ask) -> None:
    reveal_scheme(ctx, _side(ask))


@RULES.action("drop", "A model drops items as it activates this turn, left in a Cache token in base contact (with: "
              "the items, dagger x2 for copies; none withdraws the order)", label="Drop items as it activates",
              when=TACTICAL, rule=_RULE + "L394", available=lambda r, ask: sequence_refusal(r.state)
              or drops.drop_unavailable(r, ask), check=drops.drop_plan, params=(
                  Param("model", "Which model?", values=drops.drop_models, refused=said(drops.model_refusal),
                        noun="models"),
                  Param("with", "Which items does it drop?", values=drops.drop_items_menu, shape=Shape.SET,
                        count=drops.dropped_count, refused=said(drops.items_refusal), optional=True,
                        none_when=drops.ordered, none_label="nothing (withdraw the order)", noun="items")))
def _drop(ctx: Ctx, plan: drops.DropPlan) -> None:
    drops.record_drop(ctx, plan)
