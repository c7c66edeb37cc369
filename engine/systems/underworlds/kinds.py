"""Every kind of decision Underworlds opens, declared with its handler (``engine.core.decision_kinds``): the set-up's
choices (warbands and decks, boards and how they join, do-overs, who places and who activates first), a claim an
opponent confirms, and the answers a resolution waits for (a drive-back, a card's pick, a push, a draw, a discard, a
set-up hex, an attack a card grants). Reaction windows are the core's (``System.reactions``, ``on_reaction``).

The board choices read their options live: the second player's join offers only slides and turns that join the two
boards chosen (L147), and a board placed freely only placements that fit (L755-L757), so no menu offers what the
referee then refuses. Each decision opens with its parts as they stood (a stored game replays unchanged).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from pydantic import JsonValue

from engine.core import Context, Decision, DecisionPart, SideId
from engine.hex import Edge, Layout
from engine.systems.underworlds import board_setup, opening, power, warbands
from engine.systems.underworlds.declared import RULES
from engine.systems.underworlds.effects import answer as effect_answer
from engine.systems.underworlds.flow import advance
from engine.systems.underworlds.game_state import AttackFrame, EffectsFrame, UnderworldsState
from engine.systems.underworlds.referee import Referee

__all__: list[str] = []

Answers = Mapping[str, str]
_TURNED = {(False, False): "none", (True, False): "first", (False, True): "second", (True, True): "both"}


def _then_advance(work: Callable[[Referee, Decision, Answers], None]
                  ) -> Callable[[Context[UnderworldsState], Decision, dict[str, str]], None]:
    """A decision's handler: carry the rules on with the answers, then the resolution until a player must act."""

    def handler(ctx: Context[UnderworldsState], decision: Decision, answers: dict[str, str]) -> None:
        ref = Referee.acting(ctx, ctx.system.lib)  # type: ignore[attr-defined]
        work(ref, decision, answers)
        advance(ref)

    return handler


# -- the boards: options live from the earlier answers ----------------------------------------------------------


def _offered(part: DecisionPart, keys: Sequence[str]) -> DecisionPart:
    """``part`` offering only ``keys`` (in its own order), its default kept if still offered, else the first."""
    options = tuple(o for o in part.options if o.key in keys)
    default = part.default if part.default in {o.key for o in options} else (options[0].key if options else None)
    return part.model_copy(update={"options": options, "default": default})


def _slid(part: DecisionPart, long_edge: bool) -> DecisionPart:
    """The slide part once the edge is chosen: each slide in words for that edge only."""
    options = tuple(o.model_copy(update={"label": board_setup.slide_label(int(o.key), long_edge)})
                    for o in part.options)
    return part.model_copy(update={"options": options})


def _answer(parts: Sequence[DecisionPart], answers: Answers, key: str) -> str:
    part = next(p for p in parts if p.key == key)
    given = answers.get(key)
    return given if given in part.option_keys() else str(part.default)


def _layout_parts(ref: Referee, decision: Decision, answers: Answers) -> list[DecisionPart]:
    """The second board and how it joins the first: each join, slide and turn offered only where the two boards
    chosen can be joined that way (L147; ruling ``board-layouts: flush-only``: long edges flush only)."""
    parts: list[DecisionPart] = []
    stored = {p.key: p for p in decision.parts}
    if "first-side" in stored:
        parts.append(stored["first-side"])
    parts.append(stored["board"])
    first = _answer(parts, answers, "first-side") if "first-side" in stored else ref.state.field.boards[0]
    legal = ref.lib.layouts(first, _answer(parts, answers, "board"))
    if ref.rules.board_layouts == "flush-only":
        legal = tuple(layout for layout in legal if layout.edge is Edge.LONG and not layout.slide)
    parts.append(_offered(stored["join"], [layout.edge.value for layout in legal]))
    legal = tuple(layout for layout in legal if layout.edge.value == _answer(parts, answers, "join"))
    parts.append(_slid(_offered(stored["slide"], [f"{layout.slide:+d}" for layout in legal]),
                       _answer(parts, answers, "join") == Edge.LONG.value))
    legal = tuple(layout for layout in legal if f"{layout.slide:+d}" == _answer(parts, answers, "slide"))
    parts.append(_offered(stored["turned"], [_turned(layout) for layout in legal]))
    return parts


def _turned(layout: Layout) -> str:
    return _TURNED[(layout.first_turned, layout.second_turned)]


def _free_board_parts(ref: Referee, decision: Decision, answers: Answers) -> list[DecisionPart]:
    """A board placed freely: next to which board, along which edge, slid how far, turned or not, each offered
    only where the board fits (L147, L755-L757)."""
    stored = {p.key: p for p in decision.parts}
    legal = ref.kept(("free", decision.owner), lambda: board_setup.free_options(ref, decision.owner))
    parts = [stored["board"]]
    for key, position, shown in (("next", 0, str), ("edge", 1, str), ("slide", 2, lambda n: f"{n:+d}"),
                                 ("turned", 3, lambda t: "yes" if t else "no")):
        offered = _offered(stored[key], [shown(option[position]) for option in legal])
        if key == "slide":
            offered = _slid(offered, _answer(parts, answers, "edge") in ("below", "above"))
        parts.append(offered)
        chosen = _answer(parts, answers, key)
        legal = [option for option in legal if shown(option[position]) == chosen]
    return parts


def _layout(ref: Referee, decision: Decision, answers: Answers) -> None:
    board_setup.on_layout(ref, decision.owner, answers)


def _free_board(ref: Referee, decision: Decision, answers: Answers) -> None:
    board_setup.on_free_board(ref, decision.owner, answers)


RULES.decision(board_setup.LAYOUT, parts=_layout_parts,
               rule="Underworlds core rulebook, L143-L147")(_then_advance(_layout))
RULES.decision(board_setup.PLACE, parts=_free_board_parts,
               rule="Underworlds core rulebook, L755-L757")(_then_advance(_free_board))


# -- the other set-up choices ------------------------------------------------------------------------------------


def _kind(kind: str, work: Callable[[Referee, Decision, Answers], None], rule: str) -> None:
    """A kind whose parts stand as they opened."""
    RULES.decision(kind, rule=f"Underworlds core rulebook, {rule}")(_then_advance(work))


_kind(warbands.DECK, lambda ref, d, a: warbands.on_deck(ref, d.owner, a["deck"]), "L107-L113")
_kind(board_setup.BOARD, lambda ref, d, a: board_setup.on_board(ref, d.owner, a), "L143-L147, L755")
_kind(opening.DO_OVER, lambda ref, d, a: opening.on_do_over(ref, d.owner, a["redo"]), "L317")
_kind(opening.FIRST_PLACER, lambda ref, d, a: opening.on_first_placer(ref, SideId(a["side"])), "L385")
_kind(opening.FIRST_ACTIVATION,
      lambda ref, d, a: opening.on_first_activation(ref, SideId(a["side"]), int(str(d.context["round"]))), "L391")
_kind(power.CLAIM, lambda ref, d, a: power.on_claim(ref, SideId(str(d.context["side"])), str(d.context["card"]),
                                                    a[power.CLAIM] == "yes"), "L707")


# -- what a resolution in progress waits for ------------------------------------------------------------------


def _for_the_attack(ref: Referee, decision: Decision, answers: Answers) -> None:
    """Where the attacker drives the target back (L511, L567): stored on the attack, which carries on."""
    frame = ref.frame(str(decision.context.get("frame", "")))
    assert isinstance(frame, AttackFrame)
    ref.replace(frame.model_copy(update={"answers": {**frame.answers, **answers}}))


def _for_the_card(ref: Referee, decision: Decision, answers: Answers) -> None:
    """A card's pick, push, draw, discard, set-up hex or granted attack: stored on its effects, which carry on."""
    frame = ref.frame(str(decision.context.get("frame", "")))
    assert isinstance(frame, EffectsFrame)
    ((_, value),) = answers.items()
    effect_answer(ref, frame, decision.kind, str(decision.context.get("key", "")), value)


RULES.decision("drive-back", rule="Underworlds core rulebook, L511, L567")(_then_advance(_for_the_attack))
for _effect_kind in ("pick", "push", "draw", "discard", "set-up", "attack"):
    RULES.decision(_effect_kind, rule="Underworlds core rulebook, L599-L605")(_then_advance(_for_the_card))


# -- simultaneous choices -----------------------------------------------------------------------------------------


def _together(work: Callable[[Referee, Mapping[SideId, Mapping[str, str]]], None]
              ) -> Callable[[Context[UnderworldsState], dict[SideId, dict[str, str]], dict[str, JsonValue]], None]:
    def handler(ctx: Context[UnderworldsState], answers: dict[SideId, dict[str, str]],
                context: dict[str, JsonValue]) -> None:
        ref = Referee.acting(ctx, ctx.system.lib)  # type: ignore[attr-defined]
        work(ref, answers)
        advance(ref)

    return handler


RULES.together(warbands.WARBAND, rule="Underworlds core rulebook, L731")(_together(warbands.on_warbands))
RULES.together(opening.MULLIGAN, rule="Underworlds core rulebook, L317")(_together(opening.on_mulligan))

