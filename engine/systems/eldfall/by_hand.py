"""Eldfall's tools beside its rules, declared once on ``RULES`` and accepted only typed (never offered in ``/act``, in
``/help``'s lines or to the bot): the shared table's tools as they are (fixes by hand, terrain, maps, measuring,
``/los`` by Eldfall's facing and sight through ``table_rules``, templates); ``/model place``, which deploys a model
inside its zone during the deployment (L1104-1110) and is the table's fix by hand afterwards; ``/model add``, a model
added by hand once play is under way (L1280); and the two commands the game builds itself, a party loaded for a side
(the demo's, or a list brought as a file) and a practice table's set-up settled at once."""

from __future__ import annotations

from engine.core import ActionCommand, Ask, Choice, Context, FreeForm, InvalidCommand, Param
from engine.systems.eldfall import setup
from engine.systems.eldfall.aftermath import refresh_engaged
from engine.systems.eldfall.commands import ChooseParty, SettleSetup
from engine.systems.eldfall.demo import settle_setup
from engine.systems.eldfall.deployment_phase import place
from engine.systems.eldfall.rules import RULES, Reading, kit_of
from engine.systems.eldfall.schema import PartySpec
from engine.systems.eldfall.setup_phases import DEPLOY
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.views import model_name
from engine.table import TABLE, off_the_table

__all__ = ["added", "placed"]

_RULE = "Eldfall core rules v1.5"

RULES.include(TABLE, without=(("move",), ("force", "load"), ("force", "import"), ("deploy", "auto"),
                              ("model", "place"), ("model", "add")), typed_only=True)


def _point(r: Reading, ask: Ask, typed: str) -> str | None:
    """A typed point in inches on this table (``x,y``), or why not."""
    return off_the_table(r.state, typed)


def _degrees(r: Reading, ask: Ask, typed: str) -> str | None:
    try:
        float(typed)
    except ValueError:
        return f"facing:{typed[:20]} is not a number of degrees"
    return None


def _facing(ask: Ask) -> float | None:
    value = ask.number("facing")
    return None if value is None else value % 360


def _own(r: Reading, ask: Ask) -> list[Choice]:
    """The asker's own models on the table, by the names its side knows them by."""
    named = ((m, model_name(r.state, ask.viewer, m)) for m in r.state.models.values()
             if ask.asker is None or m.side == ask.asker)
    return [Choice(m.id, f"{m.id} {name}") for m, name in named if name is not None]


def _on_table(r: Reading, ask: Ask, typed: str) -> str | None:
    """Any model on the table may be named typed (the host fixes any side's); the handler checks whose it is."""
    return None if typed.strip() in r.state.models else f"there is no model {typed[:20]} on the table"


@RULES.action(None, "Place a model: in the deployment, in your zone; afterwards anywhere (a fix)",
              verb=("model", "place"), typed=True, host=True, rule=f"{_RULE}, L1104-1110", params=(
                  Param("model", "Which model?", values=_own, accepts=_on_table, noun="models"),
                  Param("at", "Where (x,y in inches)?", accepts=_point, free_form=FreeForm.POINT),
                  Param("facing", "Facing which way (degrees)?", accepts=_degrees, optional=True,
                        free_form=FreeForm.NUMBER)))
def _place(ctx: Context[EldfallState], ask: Ask) -> None:
    """During the deployment, inside the model's area; afterwards the table's own fix by hand, after which the
    Engaged state follows where the models now stand, as at the end of a phase (L1449)."""
    if ctx.state.phase == DEPLOY:
        place(ctx, kit_of(ctx), ask.model(), ask.point("at"), _facing(ask), ask.verb)
        return
    facing = _facing(ask)
    x, y = ask.point("at")
    TABLE.handle(ctx.system, ctx, ActionCommand(path=("model", "place"), values=(
        ("model", ask.model()), ("at", f"{x:g},{y:g}"), *((("facing", f"{facing:g}"),) if facing is not None else ()))))
    refresh_engaged(ctx, kit_of(ctx).world(ctx.state))


def _units(r: Reading, ask: Ask) -> list[Choice]:
    return [Choice(unit.name) for unit in r.kit.catalogue.units]


@RULES.action(None, "Add a model from a unit profile", verb=("model", "add"), typed=True, host=True,
              rule=f"{_RULE}, L1280", params=(
                  Param("unit", "Which profile?", values=_units, accepts=lambda r, ask, typed: None, noun="profiles"),
                  Param("at", "Where (x,y in inches)?", accepts=_point, optional=True, free_form=FreeForm.POINT),
                  Param("side", "For which side?", values=lambda r, ask: [Choice(s) for s in r.state.sides],
                        optional=True, noun="sides"),
                  Param("facing", "Facing which way (degrees)?", accepts=_degrees, optional=True,
                        free_form=FreeForm.NUMBER)))
def _add(ctx: Context[EldfallState], ask: Ask) -> None:
    setup.add_by_hand(ctx, kit_of(ctx), ask.text("unit"), ask.point("at") if ask.has("at") else None, ask.side(),
                      _facing(ask), ask.verb)


def _brought(r: Reading, ask: Ask) -> ChooseParty:
    """The one party list a loader validated from a player's file."""
    parties = ask.entries("file", PartySpec)
    if len(parties) != 1:
        raise InvalidCommand(f"a party file holds exactly one party (parties: [...] with one entry); it holds "
                             f"{len(parties)}", verb=ask.verb)
    return ChooseParty(spec=parties[0])


@RULES.action(None, "Bring your own party list (a YAML file of parties)", label="Bring your own party",
              verb=("force", "import"), typed=True, host=True, check=_brought, rule=f"{_RULE}, L1008-1054",
              params=(Param("file", "The YAML file of your party list", upload="parties"),))
@RULES.command(ChooseParty)
def _party(ctx: Context[EldfallState], command: ChooseParty) -> None:
    """The host's party for a side (the demo's), or a side's own list brought as a file."""
    setup.load_party(ctx, kit_of(ctx), command)


@RULES.command(SettleSetup)
def _settle(ctx: Context[EldfallState], command: SettleSetup) -> None:
    settle_setup(ctx, kit_of(ctx), command)


def placed(model: str, at: tuple[float, float], facing: float | None = None) -> ActionCommand:
    """``/model place`` as typed (for the bot's seat, scripts and tests)."""
    turned = (("facing", f"{facing:g}"),) if facing is not None else ()
    return ActionCommand(path=("model", "place"), values=(("model", model), ("at", f"{at[0]:g},{at[1]:g}"), *turned))


def added(unit: str, at: tuple[float, float] | None = None, side: str | None = None,
          facing: float | None = None) -> ActionCommand:
    """``/model add`` as typed (for scripts and tests)."""
    values = {"unit": unit, "at": f"{at[0]:g},{at[1]:g}" if at is not None else None, "side": side,
              "facing": f"{facing:g}" if facing is not None else None}
    return ActionCommand(path=("model", "add"), values=tuple((k, v) for k, v in values.items() if v is not None))
