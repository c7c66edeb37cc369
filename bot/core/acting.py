"""A game's actions as players reach them: an invocation of a shared verb becomes the system's action,
read through ``Args``, and either answers (changing nothing) or builds a command.

Menus live here too: ``/act`` alone lists the actions a side may take now, and an action picked from a
menu asks for each option it still needs from that option's source, so a whole turn can be played
without typing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, cast

from bot.core.announce import AFTER_THE_GAME, decision_prompt, waiting_for
from bot.core.data_loader import ImportKind, load_player_import, shipped_data
from bot.core.outputs import CardsPicture, Output, OutputFile
from bot.core.paging import paged
from bot.core.parsing import CommandLineError, Invocation
from bot.core.pictures import board_picture, view_picture
from bot.core.staleness import public_lines, seen
from bot.core.text import fit
from engine.core import (
    LEFT_OUT,
    PASS,
    SPECTATOR,
    Action,
    Actor,
    Args,
    Command,
    Game,
    LegalAction,
    Question,
    RulesError,
    SideId,
    System,
    UserId,
    Viewer,
    ViewerKind,
)
from engine.core.menus import shown
from engine.schema import Catalogue

__all__ = ["MENU_LIMIT", "answer", "decided_first", "legal_menu", "next_menu_option", "option_menu", "preview",
           "resolve"]

MENU_LIMIT = 25
"""Discord shows at most 25 options in a select."""


def resolve(system: System[Any], invocation: Invocation) -> tuple[Action[Any], Args]:
    """The action an invocation names and its options read for it, or a refusal saying what is accepted."""
    name = str(invocation.options["action"]) if invocation.options.get("action") else None
    action = system.action(invocation.path, name)
    if action is None:
        if invocation.path == ("act",):
            known = ", ".join(a.name for a in system.actions() if a.name) or "none (use the other commands)"
            raise CommandLineError(f"{system.spec.title} has no action {str(name)[:40]!r}; its actions: {known}")
        raise CommandLineError(f"{invocation.name} is not part of {system.spec.title}; /help says what is")
    given = [key for key in invocation.options if key != "action"]
    unread = [key for key in given if key not in action.options]
    if unread:
        takes = ", ".join(f"{o}:" for o in action.options) or "no options"
        raise CommandLineError(f"{action.title} does not take {', '.join(f'{o}:' for o in unread)}; it takes {takes}")
    attached = {name: file.filename for name, file in invocation.attachments.items() if name in action.uploads}
    given_values = {k: v for k, v in invocation.options.items() if k != "action"}
    if invocation.building in given_values:  # a menu's set or plan still open: the engine reads it by its comma
        given_values[invocation.building] = f"{given_values[invocation.building]},"
    args = Args(action.title, {**attached, **given_values}, _uploads(system, action, invocation))
    return action, args


def _uploads(system: System[Any], action: Action[Any], invocation: Invocation) -> dict[str, object]:
    """Validate each uploaded file as the kind of data the action expects, against the game's own data."""
    found: dict[str, object] = {}
    for option, kind in action.uploads.items():
        upload = invocation.attachments.get(option)
        if upload is None:
            continue
        catalogue = shipped_data(system.spec.name) or Catalogue(system=system.spec.name)
        found[option] = load_player_import(upload.filename, upload.data, cast(ImportKind, kind), catalogue=catalogue)
    return found


def answer(game: Game[Any], action: Action[Any], args: Args, viewer: Viewer, user: UserId,
           invocation: Invocation) -> Output:
    """A question's answer: to the table as a spectator would get it, or to the asker alone when it is
    private or holds what only the asker may know."""
    assert action.answer is not None
    mine = action.answer(game.state, viewer, args)
    reply = mine
    if not mine.private and viewer != SPECTATOR:
        try:
            reply = action.answer(game.state, SPECTATOR, args)
        except RulesError:
            reply = replace(mine, private=True)
    shown_to = viewer if reply.private else SPECTATOR
    if reply.cards is not None:
        alt = "; ".join(f"{card.title} ({card.kind})" for card in reply.cards.cards)[:1000] or "no cards"
        pictures: tuple[OutputFile, ...] = (CardsPicture("cards.png", reply.cards, alt),)
    elif reply.board is not None:
        pictures = view_picture(reply.board, "map.png")
    elif reply.overlays:
        pictures = board_picture(game, reply.overlays, viewer=shown_to)
    else:
        pictures = ()
    picks = tuple((pick.label, replace(invocation, options={**invocation.options, pick.option: pick.value}))
                  for pick in reply.picks)
    return Output(text=reply.text, to=user if reply.private else None, pictures=pictures, picks=picks)


def preview(game: Game[Any], command: Command, actor: Actor, invocation: Invocation, note: str = "") -> Output:
    """What ``command`` would do, tried on a copy and shown to its author with the path drawn. A command that
    rolls dice is shown up to its first die, with the roll that comes next: Confirm rolls it (a preview never
    shows dice before they count)."""
    sight = game.foresee(command, actor)
    lines = public_lines(sight.events)
    roll = sight.next_roll()
    if roll is None:
        text = "Preview: " + "\n".join(lines) + "\nConfirm to make it so, or Adjust."
    else:
        before = "\n".join(lines) or "nothing is settled before the dice."
        text = (f"Preview, up to the dice: {before}\nThen: {roll}\n"
                "Confirm to roll and play it out (the dice decide the rest), or Adjust.")
    overlays = sight.game.system.board_update(sight.events) or ()
    return Output(text=note + text, to=actor.user, pictures=board_picture(sight.game, overlays, name="preview.png"),
                  confirm=replace(invocation, built_at_seq=game.seq, menu=False, expect=seen(sight)))


# -- menus -----------------------------------------------------------------------------------------


def _invocation(legal: LegalAction, side: SideId) -> Invocation:
    options = {**legal.options, **({"action": legal.name} if legal.name else {})}
    return Invocation(legal.verb, dict(options), menu=True, side=side)


def _label(legal: LegalAction) -> str:
    model = legal.options.get("model")
    return f"{legal.model_shown or model}: {legal.label}" if model else legal.label


def legal_menu(game: Game[Any], user: UserId, sides: tuple[SideId, ...], model: str | None = None) -> Output:
    """``/act`` alone: the actions the asker's sides may take now, as a menu (grouped by model when there
    are too many for one)."""
    if not sides:
        return Output(text="You hold no side here, so there is nothing for you to do; /game join takes one.", to=user)
    seen: set[tuple[Any, ...]] = set()
    legal: list[tuple[LegalAction, SideId]] = []
    for side in sides:
        for found in game.system.legal_actions(game.state, side):
            key = (found.verb, found.name, tuple(sorted(found.options.items())))
            if key not in seen and (model is None or str(found.options.get("model", "")).upper() == model.upper()):
                seen.add(key)
                legal.append((found, side))
    if not legal and game.is_over():  # not "/status says whose turn it is": nobody's
        return Output(text=AFTER_THE_GAME, to=user)
    if not legal:
        owed = [decision for decision in game.pending if decision.owner in game.state.sides_of(user)]
        if owed:  # the asker's own side must answer before anything else: show them its prompt again
            view = next(v for v in game.view(Viewer.of_side(owed[0].owner)).pending if v.id == owed[0].id)
            return Output(text=decision_prompt(game, view), to=user, decision=view)
        waiting = waiting_for(game, game.state.sides_of(user)) or "/status says whose turn it is."
        return Output(text=f"Nothing you can do right now. {waiting}", to=user)
    to_act = game.to_act()
    if to_act.prompt:  # a prompt's Pass comes first: passing it is one pick (bot.core.prompts)
        legal.sort(key=lambda found: not (found[0].name == PASS and to_act.includes(found[1])))
    if len(legal) <= MENU_LIMIT:
        picks = tuple((_label(found), _invocation(found, side)) for found, side in legal)
        return Output(text="What do you do? Pick an action (or type it; /help lists the commands).", to=user,
                      picks=picks)
    models = {str(found.options["model"]): found.model_shown or str(found.options["model"])
              for found, _ in legal if "model" in found.options}
    others = [(found, side) for found, side in legal if "model" not in found.options]
    picks = (tuple((f"{shown}: its actions", Invocation(("act",), {"model": m}, menu=True))
                   for m, shown in models.items())
             + tuple((_label(found), _invocation(found, side)) for found, side in others))
    return Output(text="What do you do? Pick a model, or an action.", to=user, picks=picks[:MENU_LIMIT])


def implied_side(game: Game[Any], action: Action[Any], args: Args, held: Sequence[SideId],
                 chosen: SideId | None = None) -> SideId | None:
    """Which of the sides a player holds a command acts for when they have not said: the one side for which
    the first option it names is a legal value (``model:B3`` is side B's model; ``target:B3`` is an enemy of A
    only), else the side they chose to act for (``/game side``), else the one held side the game waits on. None
    when that is still unclear."""
    for option in (*action.menu, *action.options):
        source = action.sources.get(option)
        if source is None or not args.has(option):
            continue
        value = str(args.options[option]).upper()
        fits = [side for side in held
                if any(choice.value.upper() == value for choice in source(game.state, Viewer.of_side(side),
                                                                         args.options))]
        if fits:
            return fits[0] if len(fits) == 1 else chosen
    if chosen is not None:
        return chosen
    to_act = game.to_act()
    waiting = [side for side in held if to_act.includes(side)]
    return waiting[0] if len(waiting) == 1 else None


def declared_question(game: Game[Any], action: Action[Any], args: Args, viewer: Viewer, *,
                      typed: bool = False, host: bool = False) -> Question | None:
    """What a declared action asks next given the options filled so far (None: it is whole). A ``typed`` command
    (one the player wrote, not a menu's pick) leaves out every optional parameter it does not name, as ``-``
    would; a menu asks for each, offering "none" first. ``host``: the table's host asks (answers already typed may
    be what the host may give)."""
    declarations = game.system.declarations  # a typed-only tool is one of them, read through its own world
    decl = action.declaration
    assert decl is not None
    side = viewer.side if viewer.kind is ViewerKind.SIDE else None
    filled = dict(args.options)
    if typed:
        filled.update({p.option: LEFT_OUT for p in decl.params if p.optional and not args.has(p.option)})
    return declarations.question(game.system, game.state, decl, viewer, side, filled, host=host)


def decided_first(game: Game[Any], action: Action[Any], held: Sequence[SideId]) -> None:
    """Refuse a declared action while another side owes a decision that holds its player up, before any menu of it
    is built or an answer read against one: a stale letter or a typed command then says who must decide first, not
    that its answer is "not one of the choices (nothing now)". A decision the player owes themselves is left to the
    rules (a reaction offered may be taken as a command, ``Game.apply``)."""
    decl = action.declaration
    if decl is None or decl.anytime or any(decision.owner in held for decision in game.pending):
        return
    refusal = game.decision_first(held, " ".join((*action.verb, *((action.name,) if action.name else ()))))
    if refusal is not None:
        raise refusal


def next_menu_option(game: Game[Any], action: Action[Any], args: Args, viewer: Viewer, *,
                     typed: bool = False, host: bool = False) -> str | None:
    """The first option this action asks for by menu that is still missing. An optional option with nothing to
    offer now is passed over, so a menu never stops at an empty choice. A declared
    action asks what its declarations ask next (a set being built, a parameter an earlier answer calls for), of a
    ``typed`` command only what it cannot do without."""
    if action.declaration is not None:
        asked = declared_question(game, action, args, viewer, typed=typed, host=host)
        return asked.option if asked is not None else None
    for option in action.menu:
        if args.has(option):
            continue
        source = action.sources.get(option)
        if source is None or source(game.state, viewer, args.options):
            return option
    return None


def option_menu(game: Game[Any], action: Action[Any], args: Args, viewer: Viewer, user: UserId, invocation: Invocation,
                option: str, *, host: bool = False) -> Output:
    """The values ``option`` may take now, as a menu that carries on with the action: in the order a player thinks
    (a declared action's), paged past 25 entries and counted, never cut short; what its entries draw (a suggested
    move's path) is drawn on the board."""

    def carried(value: str) -> Invocation:  # a value still open (``B2,``) is kept whole, its openness beside it
        still_open = value.endswith(",")
        return replace(invocation, options={**invocation.options, option: value.removesuffix(",")}, menu=True,
                       page=0, building=option if still_open else "")

    closing: list[tuple[str, Invocation]] = []
    pictures: tuple[OutputFile, ...] = ()
    unexplained: Callable[[], str] | None = None  # why an empty menu is empty, asked only if it is
    if action.declaration is not None:
        asked = declared_question(game, action, args, viewer, typed=not invocation.menu, host=host)
        unexplained = asked.why_empty if asked else None
        distances = game.system.disclosure(game.state, viewer).distances
        entries = [(fit(shown(choice, distances)), carried(raw)) for raw, choice in asked.entries] if asked else []
        closing = [(fit(choice.shown), carried(raw)) for raw, choice in asked.closing] if asked else []
        prompt, noun = (asked.prompt, asked.noun) if asked else (f"choose {option}:", "entries")
        drawn = tuple(choice.overlay for _, choice in asked.entries if choice.overlay is not None) if asked else ()
        pictures = board_picture(game, drawn, viewer=viewer, name="choices.png") if drawn else ()
    else:
        source = action.sources.get(option)
        entries = [(fit(c.shown), carried(c.value)) for c in (source(game.state, viewer, args.options) if source
                                                               else [])]
        prompt, noun = f"choose {option}:", "entries"
    if not entries and not closing:
        why = unexplained() if unexplained is not None else ""
        if why and action.declaration is not None:  # the rule that leaves it empty, as any refusal of it reads
            return Output(text=f"{action.declaration.command_verb} refused: {why}", to=user, error=True)
        text, typed_only = _nothing_listed(action, option)
        return Output(text=text, to=user, error=typed_only)
    heading, picks = paged(closing, entries, invocation.page, noun, invocation)
    return Output(text=f"{action.title}: {prompt}" + (f" ({heading})" if heading else ""), to=user, picks=picks,
                  pictures=pictures)


def _nothing_listed(action: Action[Any], option: str) -> tuple[str, bool]:
    """What a command missing ``option`` is told where no menu lists a value for it, and whether no menu ever could
    (an error: what the option accepts, a file to attach or a value to type); else nothing may be chosen now."""
    param = action.declaration.param(option) if action.declaration is not None else None
    if param is not None and param.upload is not None:
        return f"{action.title} needs a YAML file attached as {option}: ({param.prompt}).", True
    if param is not None and param.values is None:
        return f"{action.title} needs {option}: typed ({param.prompt}).", True
    return (f"{action.title}: nothing to choose for {option}: now; type the command with {option}:<value> "
            "instead."), False
