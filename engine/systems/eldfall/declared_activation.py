"""Activating a model, declared once on ``RULES``: Steps 1 and 2 of its sequence (``/act action:activate``: stay Idle
or move; ``/move``: activate and move, Walk by default; L1184-1196, L1322-1357).

Each parameter's menu and the action's check read the same refusal (``activatable_refusal``,
``movement_choice_refusal``, ``move_refusal``...), so an entry offered is accepted, and a value typed that the menu
does not list is refused with the rule it breaks. A sequence under way is each action's precondition
(``sequence_refusal``)."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import (
    LEFT_OUT,
    Ask,
    Choice,
    Context,
    FreeForm,
    IllegalCommand,
    ModelId,
    Order,
    Param,
    SideId,
)
from engine.geometry import TOLERANCE, GeometryError, parse_position
from engine.systems.eldfall.activation import (
    MOVEMENT_SKILLS,
    Activation,
    activatable,
    activatable_refusal,
    activate,
    declarable,
    goes_anywhere,
    goes_each,
    move_refusal,
    movement_allowance,
    movement_choice_refusal,
    movements,
    read_movement,
    sequence_refusal,
    way_test,
    written,
)
from engine.systems.eldfall.rules import RULES, TACTICAL, Reading, kit_of, said
from engine.systems.eldfall.sequencing import after_movement
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.views import model_name, model_names
from engine.table.suggestions import named_destinations

__all__ = ["destinations"]

Ctx = Context[EldfallState]
_RULE = "Eldfall core rules v1.5, "


def _side(ask: Ask) -> SideId:
    return ask.acting


# -- activating a model ---------------------------------------------------------------------------------------


def _activatable(r: Reading, ask: Ask) -> list[Choice]:
    """The models the side may activate (worked out once per menu: its suggestions, Activate and Move ask it)."""
    side = _side(ask)
    return list(r.world.kept(("activatable", side), lambda: activatable(r.world, side)))


def _reachable(how: Callable[[Ask], str], pace: str = "") -> Callable[[Reading, Ask], list[Choice]]:
    """The destinations the movement answered (``how``) has a route to (the handler's own, ``move_refusal``); where
    distances are shown, contact its allowance certainly falls short of is said and put last (``_short``), ``pace``
    naming the movement where the menu has not asked it yet."""
    def listed(r: Reading, ask: Ask) -> list[Choice]:
        text = how(ask)
        test = way_test(r.world, r.model(ask), text)
        found = [_short(r, ask, c, text, pace) for c in destinations(r, ask) if test(c.value)]
        return sorted(found, key=lambda c: c.label.endswith(_STOPS) and (not pace or _beyond_all(r, ask, c.value)))
    return listed


def _beyond_all(r: Reading, ask: Ask, to: str) -> bool:
    """Whether every movement the model may declare stops short of ``to`` (a menu asking the movement after the place
    puts such a place last, and not one a Run would reach)."""
    return all(_falls_short(r, ask, to, text) is not None for text in declarable(r.world, r.model(ask)))


_STOPS = "stops short)"


def _short(r: Reading, ask: Ask, c: Choice, text: str, pace: str = "") -> Choice:
    """``c`` (a destination) labelled where the movement ``text`` certainly stops short of it (``_falls_short``)."""
    short = _falls_short(r, ask, c.value, text)
    if short is None:
        return c
    far, gap = short
    return Choice(c.value, f"{c.label} ({pace}{far:g}\" of {gap:.1f}\": {_STOPS}", distance=c.distance)


def _falls_short(r: Reading, ask: Ask, to: str, text: str) -> tuple[float, float] | None:
    """(allowance, gap) where ``to`` is contact with a model farther than the movement's allowance, edge to edge in a
    straight line (no route is shorter): the move is legal to declare and stops where its allowance runs out (ruling
    move-too-far, L593, L635), a certain failure a player who may measure (Assisted, L604-610) is told of. None
    otherwise, and wherever distances are hidden."""
    other = _contacted(r, to)
    read = read_movement(text)
    if other is None or isinstance(read, str) or read[0] == "idle" or not r.distances(ask.viewer):
        return None
    f = r.model(ask)
    far, gap = movement_allowance(f, read[0]), r.world.gap(f.id, other)
    return (far, gap) if gap > far + TOLERANCE else None


def _contacted(r: Reading, to: str) -> ModelId | None:
    """The model a destination heads into contact with (``contact B2``, as ``destinations`` names it), or None (a
    token, a point, ``toward``): read by a split, not ``parse_position``, as menus ask it of every destination."""
    what, _, other = to.partition(" ")
    return ModelId(other) if what == "contact" and ModelId(other) in r.state.models else None


def _routed_movements(r: Reading, ask: Ask) -> list[Choice]:
    """Every movement but a plain Walk (``how:`` left out, ``_walk_label``) the model may declare, skills and all,
    that has a way to the destination answered, each with how far it goes; the movements a route meets alike (the
    same movement, Flicker or not, Trample or not) are routed once."""
    f, to = r.model(ask), ask.text("to")
    ways: dict[tuple[str, bool, bool], bool] = {}
    found: list[Choice] = []
    for text in declarable(r.world, f):
        read = read_movement(text)
        if text == "walk" or isinstance(read, str):
            continue
        how, _, skills = read
        key = (how, "flicker" in skills, "trample" in skills)
        if key not in ways:
            ways[key] = way_test(r.world, f, text)(to)
        if ways[key]:
            label = f"{text} ({movement_allowance(f, how):g}\")"
            short = _falls_short(r, ask, to, text)
            found.append(Choice(text, label if short is None else f"{label}: {_STOPS[:-1]} of {to.split()[1]}, "
                                f"{short[1]:.1f}\" away"))
    # the paces alone first, in the book's order; those certain to stop short of the contact asked last
    return sorted(found, key=lambda c: (" stops short of " in c.label, c.value not in _PLAIN))


_PLAIN = ("run", "climb", "jump", "dash")


def _walk_label(r: Reading, ask: Ask) -> str:
    """The words of ``how:`` left out: a Walk and how far it goes (L1328), as every other movement says its own."""
    return f"walk ({movement_allowance(r.model(ask), 'walk'):g}\")"


def _how_refusal(r: Reading, ask: Ask, typed: str) -> str | None:
    """Why the model may not make the movement ``typed`` to the destination answered (the referee's own reason),
    or None (``_routed_movements`` lists those); one written with its skills in another order is refused saying
    how a menu writes it."""
    text = typed.strip().casefold()
    read = read_movement(text)
    if isinstance(read, str):
        return read
    if read[0] == "idle":
        return "a /move moves the model: to stay Idle, /act action:activate (L1333)"
    refusal = move_refusal(r.world, r.model(ask), text, ask.text("to"))
    if refusal is not None:
        return refusal
    canonical = written(text)
    return None if canonical == text else f"how:{typed[:40]} is written {canonical} (its skills in the order " \
        f"{', '.join(MOVEMENT_SKILLS)})"


def _walk_typed(r: Reading, ask: Ask, typed: str) -> str | None:
    """``how:walk`` typed: the movement a /move makes when how: is left out (every other one is listed)."""
    return None if typed.strip().casefold() == "walk" else _how_refusal(r, ask, typed) or \
        f"how:{typed[:40]} is not one of the movements with a way there now"


def _goes_somewhere(r: Reading, ask: Ask, text: str) -> bool:
    """Whether the movement ``text`` has a way to one of the destinations a menu names (the first that has one ends
    the search: any way, not the shortest)."""
    return goes_anywhere(r.world, r.model(ask), text, [c.value for c in destinations(r, ask)])


def _walkers(r: Reading, ask: Ask) -> list[Choice]:
    """The models that may activate and Walk somewhere a menu names (``/move``'s default), asked of them all at once
    (``goes_each``)."""
    models = _activatable(r, ask)
    asks = [Ask(ask.verb, ask.asker, ask.viewer, {"model": c.value}) for c in models]
    going = goes_each(r.world, "walk", [(r.model(one), [c.value for c in destinations(r, one)]) for one in asks])
    return [c for c, goes in zip(models, going, strict=True) if goes]


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
    return r.world.kept(("destinations", ask.ident("model"), ask.viewer), lambda: _destinations(r, ask))


def _destinations(r: Reading, ask: Ask) -> list[Choice]:
    state = r.state
    model = ask.ident("model")
    tokens = [Choice(f"contact {t.id}", f"into contact with {t.id}, a {t.kind} token")
              for t in sorted(state.tokens.values(), key=lambda t: t.id)]
    names = r.world.kept(("names", ask.viewer), lambda: model_names(state, ask.viewer))
    named = named_destinations(state, model, measured=r.distances(ask.viewer), shown=lambda enemy: names.get(enemy.id))
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


def _face_refusal(r: Reading, ask: Ask, typed: str) -> str | None:
    """Why an Idle model may not turn to face the model ``typed``, or None (``_faces`` lists those): another model
    on the table the asker may know of (one it may not is refused as one that is not there, L1333)."""
    wanted = typed.strip().upper()
    if wanted == ask.ident("model").upper():
        return f"{wanted} cannot turn to face itself: name another model, or degrees (L1333)"
    other = r.state.models.get(ModelId(wanted))
    if other is None or model_name(r.state, ask.viewer, other) is None:
        return f"at:{typed[:40]} is neither degrees nor a model on the table you know of (L1333)"
    return None


def _degrees(r: Reading, ask: Ask, typed: str) -> str | None:
    """A facing typed in degrees (no menu lists those); a model is one ``_faces`` lists, else refused saying why."""
    try:
        float(typed.strip())
    except ValueError:
        return _face_refusal(r, ask, typed) or f"at:{typed[:40]} is not one of the models it may face now"
    return None


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


def _walks_into_contact(r: Reading, ask: Ask) -> list[tuple[str, dict[str, str]]]:
    """Where distances are shown (Assisted, L604-610): for each model that may Walk, one entry walking it into contact
    with the nearest enemy a Walk's allowance spans edge to edge (L1322-1331), the whole of Steps 1 and 2 in one pick,
    each answer one ``/move``'s own menus offer (the model, ``contact <id>``, a Walk). A route round scenery may be
    longer: the move then stops short (ruling move-too-far), which the entry does not promise against."""
    if not r.distances(ask.viewer):
        return []
    found: list[tuple[str, dict[str, str]]] = []
    for c in _activatable(r, ask):
        one = Ask(ask.verb, ask.asker, ask.viewer, {"model": c.value})
        f = r.model(one)
        far = movement_allowance(f, "walk")
        near = [(gap, d) for d in destinations(r, one) if (other := _contacted(r, d.value)) is not None
                and TOLERANCE < (gap := r.world.gap(f.id, other)) <= far + TOLERANCE]
        if not near or r.world.engagers(f.id) or movement_choice_refusal(r.world, f, "walk") is not None:
            continue
        gap, d = min(near, key=lambda pair: pair[0])
        if way_test(r.world, f, "walk")(d.value):
            found.append((f"Move: walk {d.label} ({gap:.1f}\" away, a walk's {far:g}\")",
                          {"model": c.value, "to": d.value, "how": LEFT_OUT}))
    return found


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
                       accepts=_degrees, refused=said(_face_refusal),
                       optional=True, none_label="keep its facing", noun="models", free_form=FreeForm.NUMBER,
                       asked_when=lambda r, ask: not _MOVES(r, ask))))(_activated)

RULES.action(None, "Activate a model and move it (how: walk, run, climb, jump...)", verb=("move",), label="Move",
             when=TACTICAL, per="model", preview=True, rule=_RULE + "L1184-1196, L1322-1357",
             available=lambda r, ask: sequence_refusal(r.state), suggest=_walks_into_contact,
             check=lambda r, ask: _activation(r, ask, "how", "walk"), params=(
                 Param("model", "Which model?", values=_walkers, accepts=_walker_refusal, noun="models"),
                 Param("to", "Where to?", values=_reachable(lambda ask: "walk", "a walk's "),
                       accepts=_destination_refusal,
                       order=Order.GIVEN, noun="places", free_form=FreeForm.POINT | FreeForm.PHRASE),
                 Param("how", "How does it move?", values=_routed_movements, accepts=_walk_typed,
                       refused=said(_how_refusal), optional=True, none_label=_walk_label, order=Order.GIVEN,
                       noun="movements")))(_activated)
