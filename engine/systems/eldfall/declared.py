"""Eldfall's actions outside the Action step, each declared once (``RULES``): choosing a party, deploying, activating
a model (Steps 1 and 2 of its sequence), ending the Tactical phase, and the standing orders a player gives between
turns. The Action step's are in ``action_step``; the decision kinds in ``declared_kinds``.

Each parameter's menu and the action's check read the same refusal (``activatable_refusal``, ``ready_refusal``,
``movement_choice_refusal``...), so an entry offered is accepted, and a value typed that the menu does not list is
refused with the rule it breaks (``explain``). Where and when comes from the declaration's ``When`` and the core's
flow record; a sequence under way is each tactical action's precondition (``sequence_refusal``).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import (
    LEFT_OUT,
    Args,
    Ask,
    Choice,
    Context,
    FreeForm,
    IllegalCommand,
    InvalidCommand,
    ModelId,
    Order,
    Overlay,
    OverlayKind,
    Param,
    QueryAnswer,
    SideId,
    Viewer,
)
from engine.geometry import GeometryError, parse_position
from engine.systems.eldfall.activation import (
    Activation,
    activatable,
    activatable_refusal,
    activate,
    facing_refusal,
    goes,
    move_refusal,
    movement_choice_refusal,
    movements,
    read_movement,
    sequence_refusal,
)
from engine.systems.eldfall.aftermath import refresh_engaged
from engine.systems.eldfall.alliance import break_alliance, break_refusal
from engine.systems.eldfall.deployment_phase import (
    deploy_auto,
    deploy_turn_refusal,
    ready_refusal,
    ready_side,
    shroud,
    shroudable,
    spread_refusal,
)
from engine.systems.eldfall.dismissal import dismissal_refusal, order_dismissal, summoned
from engine.systems.eldfall.flow import begin_play, end_turn
from engine.systems.eldfall.perceiving import may_measure
from engine.systems.eldfall.rules import ANY_TIME, DEPLOYING, PARTY_CHOICE, RULES, TACTICAL, Reading, kit_of, said
from engine.systems.eldfall.schema import PartySpec
from engine.systems.eldfall.sequencing import after_movement
from engine.systems.eldfall.setup import choose_party, named_party, parties_fitting, party_refusal, sized_party
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
from engine.systems.eldfall.views import SHROUDED, model_name
from engine.table.suggestions import named_destinations

__all__ = ["destinations"]

Ctx = Context[EldfallState]
_RULE = "Eldfall core rules v1.5, "
_ON_OFF = (Choice("on"), Choice("off"))


def _side(ask: Ask) -> SideId:
    return ask.acting


# -- the parties ----------------------------------------------------------------------------------------------


def _parties(r: Reading, ask: Ask) -> list[Choice]:
    return [Choice(p.name, f"{p.name} ({p.faction}, {p.game_size} pts)") for p in parties_fitting(r.kit, r.state)]


def _party_checked(r: Reading, ask: Ask) -> tuple[SideId, PartySpec]:
    return _side(ask), sized_party(r.kit, r.state, named_party(r.kit, r.state, ask.text("name")))


@RULES.action(None, "Choose your party in secret (a ready one)", verb=("force", "load"), when=PARTY_CHOICE,
              available=lambda r, ask: party_refusal(r.state, _side(ask)), check=_party_checked,
              rule=_RULE + "L1008-1036", label="Choose your party", params=(
                  Param("name", "Which party?", values=_parties, noun="parties"),))
def _choose_party(ctx: Ctx, plan: tuple[SideId, PartySpec]) -> None:
    choose_party(ctx, kit_of(ctx), *plan)


# -- the deployment -------------------------------------------------------------------------------------------


@RULES.action("ready", "Finish your deployment", label="Finish deploying", when=DEPLOYING,
              available=lambda r, ask: ready_refusal(r.kit, r.state, _side(ask)), rule=_RULE + "L1102-1111")
def _ready(ctx: Ctx, ask: Ask) -> None:
    kit = kit_of(ctx)
    if ready_side(ctx, kit, _side(ask)):
        begin_play(ctx, kit)


@RULES.action(None, "Spread your models over your Deployment Zone", verb=("deploy", "auto"), when=DEPLOYING,
              label="Spread my models over my zone",
              available=lambda r, ask: spread_refusal(r.kit, r.state, _side(ask)),
              rule=_RULE + "L1102-1110")
def _deploy_auto(ctx: Ctx, ask: Ask) -> None:
    deploy_auto(ctx, kit_of(ctx), _side(ask))


def _shroud_change(r: Reading, ask: Ask) -> list[Choice]:
    shrouded = r.world.fighter(ModelId(ask.ident("model"))).is_("shrouded")
    return [Choice("off", "it begins the game in the open")] if shrouded else \
        [Choice("on", "it begins the game Shrouded")]


@RULES.action("shroud", "In deployment: a Stealth II or Concealed Approach model begins Shrouded (choice:on) or not",
              label="Begin Shrouded or not", when=DEPLOYING, per="model",
              available=lambda r, ask: deploy_turn_refusal(r.kit, r.state, _side(ask)), rule=_RULE + "L1985, L2803",
              params=(Param("model", "Which model?", values=lambda r, ask: shroudable(r.kit, r.state, _side(ask)),
                            noun="models"),
                      Param("choice", "Shrouded or not?", values=_shroud_change, noun="choices")))
def _shroud(ctx: Ctx, ask: Ask) -> None:
    shroud(ctx, _side(ask), ModelId(ask.ident("model")), ask.text("choice") == "on")


# -- activating a model ---------------------------------------------------------------------------------------


def _activatable(r: Reading, ask: Ask) -> list[Choice]:
    return activatable(r.world, _side(ask))


def _reachable(how: Callable[[Ask], str]) -> Callable[[Reading, Ask], list[Choice]]:
    """The destinations the movement answered (``how``) has a route to (the handler's own, ``move_refusal``)."""
    def listed(r: Reading, ask: Ask) -> list[Choice]:
        f = r.model(ask)
        return [c for c in destinations(r, ask) if goes(r.world, f, how(ask), c.value)]
    return listed


def _routed_movements(r: Reading, ask: Ask) -> list[Choice]:
    """The movements besides Walk that have a route to the destination answered."""
    f = r.model(ask)
    return [c for c in _movements(r, ask) if c.value != "walk" and goes(r.world, f, c.value, ask.text("to"))]


def _goes_somewhere(r: Reading, ask: Ask, text: str) -> bool:
    """Whether the movement ``text`` has a way to one of the destinations a menu names (the first that has one ends
    the search: any way, not the shortest)."""
    f = r.model(ask)
    return movement_choice_refusal(r.world, f, text) is None and \
        any(goes(r.world, f, text, c.value) for c in destinations(r, ask))


def _walkers(r: Reading, ask: Ask) -> list[Choice]:
    """The models that may activate and Walk somewhere a menu names (``/move``'s default)."""
    return [c for c in _activatable(r, ask)
            if _goes_somewhere(r, Ask(ask.verb, ask.asker, ask.viewer, {"model": c.value}), "walk")]


def _walker_refusal(r: Reading, ask: Ask, typed: str) -> str | None:
    """Why a model typed may not activate and Walk (to a point typed, where no named destination has a route)."""
    return activatable_refusal(r.world, _side(ask), typed) or \
        movement_choice_refusal(r.world, r.world.fighter(ModelId(typed.strip().upper())), "walk")


def _model_refusal(r: Reading, ask: Ask, typed: str) -> str | None:
    return activatable_refusal(r.world, _side(ask), typed)


def _movements(r: Reading, ask: Ask) -> list[Choice]:
    """The movements the model may declare now that lead somewhere a menu names."""
    return [c for c in movements(r.world, r.model(ask), idle=False) if _goes_somewhere(r, ask, c.value)]


def _movement_typed(r: Reading, ask: Ask, typed: str) -> str | None:
    return movement_choice_refusal(r.world, r.model(ask), typed)


def _how(ask: Ask, option: str, default: str) -> str:
    return ask.text(option, default) if ask.has(option) else default


def _moving(option: str, default: str) -> Callable[[Reading, Ask], bool]:
    """Whether the movement answered (``default`` when left out) moves the model: ``to:`` is asked, not ``at:``."""
    def asked(r: Reading, ask: Ask) -> bool:
        read = read_movement(_how(ask, option, default))
        return not isinstance(read, str) and read[0] != "idle"
    return asked


def destinations(r: Reading, ask: Ask) -> list[Choice]:
    """Where a move may head, named: into contact with each quest token, toward each objective, then into contact
    with or toward each enemy the asker may know of, nearest first only where the measuring mode lets a player
    measure before declaring (L604-610). A point is typed."""
    state = r.state
    model = ask.ident("model")
    tokens = [Choice(f"contact {t.id}", f"into contact with {t.id}, a {t.kind} token")
              for t in sorted(state.tokens.values(), key=lambda t: t.id)]
    named = named_destinations(state, model, measured=r.distances(ask.viewer),
                               shown=lambda enemy: model_name(state, ask.viewer, enemy))
    toward = [Choice(f"toward {c.value.split()[1]}", c.label.replace("into contact with", "toward", 1))
              for c in named if c.value.startswith("contact ")]
    return [*tokens, *named, *toward]


def _destination_refusal(r: Reading, ask: Ask, typed: str) -> str | None:
    """Why ``typed`` names no place a move may head for (its form; the route is worked out as it is made)."""
    try:
        parse_position(typed)
    except GeometryError as error:
        return f"to:{typed[:40]} is no place to go: {error}"
    return None


def _faces(r: Reading, ask: Ask) -> list[Choice]:
    """The models an Idle model may turn to face (those the asker may know of)."""
    here = ask.ident("model")
    return [Choice(m.id, f"face {m.id} {name}") for m in r.state.models.values()
            if m.id != here and (name := model_name(r.state, ask.viewer, m)) is not None]


def _activation(r: Reading, ask: Ask, option: str, default: str) -> Activation:
    text = _how(ask, option, default)
    read = read_movement(text)
    assert not isinstance(read, str)  # the movement's own menu and predicate read it
    how, dash, skills = read
    refusal = move_refusal(r.world, r.model(ask), text, ask.text("to") if ask.has("to") else None)
    if refusal is not None:
        raise IllegalCommand(refusal, verb=ask.verb)
    return Activation(ModelId(ask.ident("model")), how, ask.text("to") if ask.has("to") else None,
                      ask.text("at") if ask.has("at") else None, dash, skills)


def _activated(ctx: Ctx, plan: Activation) -> None:
    kit = kit_of(ctx)
    activate(ctx, kit, plan)
    after_movement(ctx, kit)


def _stay_idle(r: Reading, ask: Ask) -> list[tuple[str, dict[str, str]]]:
    """One entry a model that activates and stays Idle, keeping its facing: the whole of Steps 1 and 2 in one pick
    (L1184-1196), each answer one the activation's own menus offer (``stay Idle``, ``keep its facing``)."""
    return [("Activate and stay Idle", {"model": c.value, "choice": LEFT_OUT, "at": LEFT_OUT})
            for c in _activatable(r, ask)]


_MOVES = _moving("choice", "idle")
_MODEL = Param("model", "Which model?", values=_activatable, refused=said(_model_refusal), noun="models")
_TO = Param("to", "Where to?", values=_reachable(lambda ask: _how(ask, "choice", "idle")),
            accepts=_destination_refusal, order=Order.GIVEN, noun="places", asked_when=_MOVES,
            free_form=FreeForm.POINT | FreeForm.PHRASE)

RULES.action("activate", "Activate a model: it stays Idle (at: to face a model) or moves (choice: walk, run, climb, "
             "jump...)", label="Activate", when=TACTICAL, per="model", rule=_RULE + "L1184-1196, L1322-1357",
             available=lambda r, ask: sequence_refusal(r.state), suggest=_stay_idle,
             check=lambda r, ask: _activation(r, ask, "choice", "idle"), params=(
                 _MODEL,
                 Param("choice", "How does it move?", values=_movements, accepts=_movement_typed, optional=True,
                       none_label="stay Idle", order=Order.GIVEN, noun="movements"),
                 _TO,
                 Param("at", "Turn to face?", values=_faces,
                       accepts=lambda r, ask, typed: facing_refusal(r.world, typed),
                       optional=True, none_label="keep its facing", noun="models", free_form=FreeForm.NUMBER,
                       asked_when=lambda r, ask: not _MOVES(r, ask))))(_activated)

RULES.action(None, "Activate a model and move it (how: walk, run, climb, jump...)", verb=("move",), label="Move",
             when=TACTICAL, per="model", preview=True, rule=_RULE + "L1184-1196, L1322-1357",
             available=lambda r, ask: sequence_refusal(r.state),
             check=lambda r, ask: _activation(r, ask, "how", "walk"), params=(
                 Param("model", "Which model?", values=_walkers, accepts=_walker_refusal, noun="models"),
                 Param("to", "Where to?", values=_reachable(lambda ask: "walk"), accepts=_destination_refusal,
                       order=Order.GIVEN, noun="places", free_form=FreeForm.POINT | FreeForm.PHRASE),
                 Param("how", "How does it move?", values=_routed_movements, accepts=_movement_typed, optional=True,
                       none_label="walk", order=Order.GIVEN, noun="movements")))(_activated)


# -- the rest of the Tactical phase, and standing orders ------------------------------------------------------


@RULES.action("end", "End your Tactical phase (your unspent AP are discarded)", label="End my Tactical phase",
              when=TACTICAL, available=lambda r, ask: sequence_refusal(r.state), rule=_RULE + "L1168-1172")
def _end(ctx: Ctx, ask: Ask) -> None:
    end_turn(ctx, kit_of(ctx))


def _more_ap(r: Reading, ask: Ask) -> list[Choice]:
    """The AP a Mage may turn into Mana beyond the one it turns when the amount is left out (L926-928)."""
    return [Choice(str(n), f"{n} AP") for n in range(2, r.model(ask).figure.ap + 1)]


def _ap_refusal(r: Reading, ask: Ask, typed: str) -> str | None:
    ap = r.model(ask).figure.ap
    if typed.strip().isdigit() and 1 <= int(typed) <= ap:
        return None
    return f"amount:{typed[:20]} is no number of AP {ask.ident('model')} holds: 1 to {ap} (L926-928)"


@RULES.action("mana", "A Mage turns AP into Mana Counters (amount:)", label="Turn AP into Mana", when=TACTICAL,
              per="model", rule=_RULE + "L926-928", params=(
                  Param("model", "Which Mage?", values=lambda r, ask: mages(r.world, _side(ask)), noun="Mages"),
                  Param("amount", "How many AP?", order=Order.GIVEN, noun="amounts", optional=True, none_label="1 AP",
                        values=_more_ap, accepts=_ap_refusal, free_form=FreeForm.NUMBER)))
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


@RULES.action("stratagem", "Choose the stratagem your Leader uses from your next Strategic phase",
              label="Choose my Leader's stratagem", when=ANY_TIME, rule=_RULE + "L372-382", params=(
                  Param("choice", "Which stratagem?", values=lambda r, ask: stratagems(r.world, _side(ask)),
                        order=Order.GIVEN, noun="stratagems"),))
def _stratagem(ctx: Ctx, ask: Ask) -> None:
    choose_stratagem(ctx, kit_of(ctx), _side(ask), ask.text("choice"))


@RULES.action("scheme", "Reveal your Strategic-phase scheme at your next Strategic phase", label="Reveal my scheme",
              when=ANY_TIME, available=lambda r, ask: reveal_refusal(r.kit, r.state, _side(ask)),
              rule=_RULE + "L2497")
def _scheme(ctx: Ctx, ask: Ask) -> None:
    reveal_scheme(ctx, _side(ask))



# -- questions ----------------------------------------------------------------------------------------------------


def _ringable(r: Reading, ask: Ask) -> list[Choice]:
    """The models on the table the asker knows by name (a Shrouded enemy's ring would tell its Agility, L1776) and may
    pre-measure around: any in Assisted, their own in Standard, none in Realism (L606-608, as ``/los`` tells)."""
    return [Choice(m.id, f"{m.id} {name}") for m in r.state.models.values()
            if m.id in r.state.figures and (name := model_name(r.state, ask.viewer, m)) not in (None, SHROUDED)
            and may_measure(r.kit, r.state, ask.viewer, r.world, m.id)]


@RULES.query(("act",), "Show a model's Awareness (and Casting Aura) as a ring", name="awareness",
             rule=_RULE + "L679-685", params=(Param("model", "Whose Awareness?", values=_ringable, noun="models"),))
def _awareness(r: Reading, viewer: Viewer, args: Args) -> QueryAnswer:
    model = args.model()
    known = _ringable(r, Ask(args.verb, viewer.side, viewer, {}))
    if model not in {choice.value for choice in known}:
        shown = ", ".join(choice.value for choice in known) or "none"
        raise InvalidCommand(f"model:{model[:20]} is no model whose Awareness you may measure now (models: {shown}; "
                             f"{r.kit.mode(r.state)} measuring, L606-608)", verb="act awareness")
    f = r.world.fighter(model)
    radius = r.world.awareness(f)
    ring = Overlay(kind=OverlayKind.RING, center=(f.model.x, f.model.y), radius=round(f.model.radius + radius, 2),
                   label=f"{model} Awareness {radius:g}\"")
    return QueryAnswer(f"{model}'s Awareness (and Casting Aura) reaches {radius:g}\" from its base (L683-685).",
                       overlays=(ring,))
