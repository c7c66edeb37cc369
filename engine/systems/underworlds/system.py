"""Warhammer Underworlds (first, Shadespire edition) refereed in full: the ``System`` the table hosts.

It wires the game's parts into the platform: settings, the actions players take on the shared verbs (with where
each option's values come from), who acts now, the handlers of commands, decisions, simultaneous choices and
reaction windows, the views and pictures, the outcome, the demo and the bot. The rules themselves live in the
modules it calls (``setup``, ``activations``, ``combat``, ``effects``, ``power``, ``endphase``, ``objectives``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import JsonValue

from engine.core import (
    Action,
    Args,
    BoardView,
    CardMark,
    CardsView,
    Choice,
    Command,
    Context,
    Decision,
    Event,
    GameSetup,
    IllegalCommand,
    InvalidCommand,
    LegalAction,
    NotYourTurn,
    Option,
    Outcome,
    Overlay,
    Pick,
    QueryAnswer,
    Setting,
    SideId,
    System,
    SystemSpec,
    Viewer,
    ViewerKind,
    Window,
    side_only,
)
from engine.core.bots import BotMove
from engine.dice import WHU_ATTACK, WHU_DEFENCE
from engine.schema import Catalogue
from engine.systems.underworlds import activations, endphase, imports, opening, overrides, power, setup
from engine.systems.underworlds.bot import bot_move, setup_step
from engine.systems.underworlds.commands import (
    UNDERWORLDS_COMMANDS,
    AddCard,
    Attack,
    AutoSetup,
    Charge,
    Discard,
    DrawPower,
    FixPlace,
    FixToken,
    FixWounds,
    Guard,
    ImportCards,
    Move,
    Pass,
    PlaceArtefact,
    PlaceFighter,
    PlaceToken,
    PlayCard,
    SwapObjective,
    UseAction,
)
from engine.systems.underworlds.effects import answer as effect_answer
from engine.systems.underworlds.events import UNDERWORLDS_EVENTS, PlacementsQueued
from engine.systems.underworlds.flow import advance, concede
from engine.systems.underworlds.game_state import (
    AttackFrame,
    EffectsFrame,
    UnderworldsState,
    objective_deck,
    power_deck,
)
from engine.systems.underworlds.guide import help_lines, legal, sources
from engine.systems.underworlds.library import Library
from engine.systems.underworlds.match import game_outcome, is_matched, match_outcome
from engine.systems.underworlds.reacting import TRIGGERS, Trigger, candidates, resolve
from engine.systems.underworlds.referee import Referee
from engine.systems.underworlds.rules import Rules, refereed
from engine.systems.underworlds.schema import KINDS, Card, Deck, DieFaces, UnderworldsData
from engine.systems.underworlds.turns import ACTIVATIONS
from engine.systems.underworlds.views import UnderworldsView, board_of, changed_board, view_of

__all__ = ["Underworlds"]

_SUMMARY = ("Warhammer Underworlds (Shadespire): two to four warbands on hex boards, refereed in full; secret hands, "
            "objectives, ploys, upgrades and reactions.")


class Underworlds(System[UnderworldsState]):
    spec = SystemSpec(
        name="underworlds", title="Warhammer Underworlds", min_sides=2, max_sides=4, hidden_information=True,
        summary=_SUMMARY, dice=(WHU_ATTACK, WHU_DEFENCE),
        data_kinds={kind: model for kind, model in KINDS.items() if kind != "rulings"},
        importable=("cards", "decks", "dice"), score_name="glory")
    events = UNDERWORLDS_EVENTS
    commands = UNDERWORLDS_COMMANDS

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        data = UnderworldsData.model_validate(
            {**{kind: catalogue.kind(kind) for kind in KINDS if kind != "rulings"}, "rulings": catalogue.rulings})
        self.lib = Library(data)
        self._actions = _declare(self.lib)

    def data_fingerprint(self) -> str:
        return self.catalogue.fingerprint()

    def default_rulings(self) -> dict[str, str]:
        return self.catalogue.ruling_choices()

    def initial_state(self, setup_: GameSetup) -> UnderworldsState:
        return UnderworldsState(setup=setup_)

    def settings(self) -> tuple[Setting, ...]:
        return (
            Setting("scenario", "The warbands: a preset pairing, or each player chooses in secret",
                    (Choice("champions-v-reavers", "Steelheart's Champions (A) against Garrek's Reavers"),
                     Choice("reavers-v-champions", "Garrek's Reavers (A) against Steelheart's Champions"),
                     Choice("choose", "each player chooses a warband and decks in secret")),
                    default="champions-v-reavers"),
            Setting("mode", "One game, a best-of-three match, or Capture the Artefact",
                    (Choice("casual", "one game"), Choice("matched", "matched play: best of three"),
                     Choice("artefact", "Capture the Artefact"),
                     Choice("matched-artefact", "matched play with Capture the Artefact")), default="casual"),
        )

    def actions(self) -> tuple[Action[UnderworldsState], ...]:
        return self._actions

    def legal_actions(self, state: UnderworldsState, side: SideId) -> tuple[LegalAction, ...]:
        return legal(Referee.reading(self.lib, state), side)

    def help(self, state: UnderworldsState, viewer: Viewer) -> tuple[str, ...]:
        return help_lines(Referee.reading(self.lib, state), viewer)

    def demo_settings(self) -> Mapping[str, str]:
        return {"scenario": "champions-v-reavers", "mode": "casual"}

    def demo_commands(self, state: UnderworldsState) -> list[Command]:
        return [AutoSetup()]

    def reaction_triggers(self) -> tuple[str, ...]:
        return TRIGGERS

    # -- acting --------------------------------------------------------------------------------

    def start(self, ctx: Context[UnderworldsState]) -> None:
        try:
            Rules.from_choices(ctx.state.setup.rulings)
        except ValueError as error:
            raise InvalidCommand(f"this table's rulings cannot be played: {error}") from None
        defaults = {ruling.id: ruling.default for ruling in self.catalogue.rulings}
        for ruling, option in ctx.state.setup.rulings.items():
            if refereed(ruling) is None and ruling in defaults and option != defaults[ruling]:
                raise InvalidCommand(f'the referee plays only "{defaults[ruling]}" for ruling {ruling}; "{option}" '
                                     "is not refereed yet (play it by hand with the default)")
        if is_matched(ctx.state) and len(ctx.state.sides) != 2:
            raise InvalidCommand("matched play is for two players (Underworlds core rulebook, L727); play three or "
                                 "four players with mode:casual or mode:artefact")
        ref = Referee.acting(ctx, self.lib)
        setup.begin(ref)
        advance(ref)

    def handle(self, ctx: Context[UnderworldsState], command: Command) -> None:
        ref = Referee.acting(ctx, self.lib)
        if isinstance(command, AutoSetup):
            _auto_setup(ctx, ref)
            return
        if isinstance(command, FixWounds | FixPlace | FixToken):
            side_or_host = None if ctx.actor.host else ctx.acting_side()
            _FIXES[type(command)](ref, side_or_host, command)
            return
        if isinstance(command, ImportCards):
            player = bool(ctx.state.sides_of(ctx.actor.user))
            if not (command.cards or command.decks):  # the table's dice belong to no side
                if not (player or ctx.actor.host):
                    raise IllegalCommand("the table's dice are entered by its host or one of its players",
                                         verb=command.verb)
                side_or_host = None
            else:
                side_or_host = None if ctx.actor.host and not player else ctx.acting_side()
            imports.import_own(ref, side_or_host, [c for c in command.cards if isinstance(c, Card)],
                               [d for d in command.decks if isinstance(d, Deck)],
                               [d for d in command.dice if isinstance(d, DieFaces)])
            return
        side = ctx.acting_side()
        handler = _HANDLERS.get(type(command))
        if handler is None:
            raise InvalidCommand(f"{command.verb} is not a command of Underworlds")
        if ref.state.frames and not isinstance(command, PlayCard):
            raise IllegalCommand("an action is still being resolved; answer what is asked first", verb=command.verb)
        handler(ref, side, command)
        advance(ref)

    def on_answer(self, ctx: Context[UnderworldsState], decision: Decision, answers: dict[str, str]) -> None:
        ref = Referee.acting(ctx, self.lib)
        owner = decision.owner
        kind = decision.kind
        if kind == setup.DECK:
            setup.on_deck(ref, owner, answers["deck"])
        elif kind == setup.BOARD:
            setup.on_board(ref, owner, answers)
        elif kind == setup.LAYOUT:
            setup.on_layout(ref, owner, answers)
        elif kind == setup.PLACE:
            setup.on_free_board(ref, owner, answers)
        elif kind == opening.DO_OVER:
            opening.on_do_over(ref, owner, answers["redo"])
        elif kind == opening.FIRST_PLACER:
            opening.on_first_placer(ref, SideId(answers["side"]))
        elif kind == opening.FIRST_ACTIVATION:
            opening.on_first_activation(ref, SideId(answers["side"]), int(str(decision.context["round"])))
        elif kind == power.CLAIM:
            power.on_claim(ref, SideId(str(decision.context["side"])), str(decision.context["card"]),
                           answers[power.CLAIM] == "yes")
        else:
            frame = ref.frame(str(decision.context.get("frame", "")))
            key = str(decision.context.get("key", ""))
            (part,) = answers.items()
            if isinstance(frame, EffectsFrame):
                effect_answer(ref, frame, kind, key, part[1])
            elif isinstance(frame, AttackFrame):
                ref.replace(frame.model_copy(update={"answers": {**frame.answers, part[0]: part[1]}}))
        advance(ref)

    def on_together(self, ctx: Context[UnderworldsState], kind: str, answers: dict[SideId, dict[str, str]],
                    context: dict[str, JsonValue]) -> None:
        ref = Referee.acting(ctx, self.lib)
        if kind == setup.WARBAND:
            setup.on_warbands(ref, answers)
        elif kind == opening.MULLIGAN:
            opening.on_mulligan(ref, answers)
        advance(ref)

    def reactions(self, state: UnderworldsState, side: SideId, window: Window) -> tuple[Option, ...]:
        return tuple(Option(key=c.key, label=c.label)
                     for c in candidates(state, self.lib, side, Trigger.of(window)))

    def on_reaction(self, ctx: Context[UnderworldsState], window: Window, side: SideId, reaction: str) -> None:
        resolve(Referee.acting(ctx, self.lib), side, Trigger.of(window), reaction)

    def on_window_closed(self, ctx: Context[UnderworldsState], window: Window) -> None:
        advance(Referee.acting(ctx, self.lib))

    def reaction_choice(self, state: UnderworldsState, window: Window, side: SideId, command: Command) -> str | None:
        """``/hand play card:<a reaction ploy>`` while it is offered plays it."""
        if not isinstance(command, PlayCard):
            return None
        offered = candidates(state, self.lib, side, Trigger.of(window))
        wanted = command.card.strip().casefold()
        return next((c.key for c in offered if c.card and (c.card == wanted or c.label.casefold() == wanted)), None)

    def on_concede(self, ctx: Context[UnderworldsState], side: SideId) -> None:
        concede(Referee.acting(ctx, self.lib), side)

    def bot_move(self, state: UnderworldsState, side: SideId, allowed: Callable[[Command], bool]) -> BotMove | None:
        return bot_move(Referee.reading(self.lib, state), side, allowed)

    # -- the end -------------------------------------------------------------------------------

    def scores(self, state: UnderworldsState) -> dict[SideId, int]:
        return {side: state.players[side].glory if side in state.players else 0 for side in state.sides}

    def counts(self, state: UnderworldsState) -> tuple[str, ...]:
        """Activations left in the action phase, four each (L391)."""
        if state.step not in ("first", "activation", "power") or not state.players:
            return ()
        left = ", ".join(f"{side} {ACTIVATIONS - state.players[side].activations}" for side in state.order
                         if side in state.players)
        return (f"activations left {left}",)

    def score_sources(self, state: UnderworldsState) -> dict[SideId, dict[str, int]]:
        return {side: dict(record.sources) for side, record in state.players.items()}

    def outcome(self, state: UnderworldsState) -> Outcome | None:
        """After round 3 (of the match's deciding game in matched play), by ``match``."""
        if state.step != "over":
            return None
        return match_outcome(state) if is_matched(state) else game_outcome(state)

    # -- what viewers see ----------------------------------------------------------------------

    def view(self, state: UnderworldsState, viewer: Viewer) -> UnderworldsView:
        return view_of(self.lib, state, viewer)

    def board(self, state: UnderworldsState, viewer: Viewer, overlays: tuple[Overlay, ...] = ()) -> BoardView | None:
        return board_of(self.lib, state, viewer, overlays)

    def board_update(self, events: Sequence[Event]) -> tuple[Overlay, ...] | None:
        return () if changed_board(events) else None


def _auto_setup(ctx: Context[UnderworldsState], ref: Referee) -> None:
    """Answer every setup choice with its default and place tokens and fighters on the first legal hexes, up to
    the first activation (the demo's one command)."""
    if not ctx.actor.host:
        raise IllegalCommand("only the host sets the game up at once", verb="auto setup")
    for _ in range(200):
        state = ctx.state
        if state.step == "activation" and not state.pending:
            return
        if state.pending:
            decision = next(iter(state.pending.values()))
            answers = {p.key: p.default if p.default is not None else p.options[0].key for p in decision.parts}
            ctx.answer(decision, answers, "forced")
            continue
        command = setup_step(ref, state.active_side or state.sides[0])
        if command is None:
            raise IllegalCommand(f"the game cannot be set up at once from here (step {state.step})",
                                 verb="auto setup")
        _HANDLERS[type(command)](ref, state.active_side or state.sides[0], command)
        advance(ref)
    raise IllegalCommand("the set-up did not finish", verb="auto setup")


def _pass(ref: Referee, side: SideId, command: Pass) -> None:
    step = ref.state.step
    if step == "power":
        activations.pass_power(ref, side, command.verb)
    elif step == "end":
        endphase.finish_player(ref, side, command.verb)
    else:
        activations.pass_activation(ref, side, command.verb)


_PLACING = {"tokens": "L311", "artefact": "L737", "fighters": "L385"}


def _setup_turn(ref: Referee, side: SideId, step: str, verb: str) -> None:
    state = ref.state
    rule = f"Underworlds core rulebook, {_PLACING[step]}"
    if state.step != step:
        raise IllegalCommand(f"this is done in the {step} step of the set-up; the game is at {state.step}", verb=verb,
                             rule=rule)
    if state.active_side != side:
        raise NotYourTurn(f"it is side {state.active_side}'s turn to place; players take turns", verb=verb, rule=rule)


def _token(ref: Referee, side: SideId, command: PlaceToken) -> None:
    _setup_turn(ref, side, "tokens", command.verb)
    setup.place_token(ref, side, command.to)


def _artefact(ref: Referee, side: SideId, command: PlaceArtefact) -> None:
    _setup_turn(ref, side, "artefact", command.verb)
    setup.place_artefact(ref, side, command.to)


def _place(ref: Referee, side: SideId, command: PlaceFighter) -> None:
    """One fighter, or several (``model:B3,B4,B5 to:C2,E2,F2``): the first now (or on the side's next turn), the
    rest each on the side's following turns, as if placed one at a time (L385); the plan stays the player's
    secret until each fighter is placed, and stops if a hex is taken by then."""
    fighters = [f.strip() for f in command.fighter.split(",") if f.strip()]
    hexes = [h.strip().upper() for h in command.to.split(",") if h.strip()]
    if len(fighters) != len(hexes) or not fighters:
        raise InvalidCommand(f"name as many hexes as fighters: {len(fighters)} fighters, {len(hexes)} hexes",
                             verb=command.verb)
    state = ref.state
    if state.step != "fighters":
        _setup_turn(ref, side, "fighters", command.verb)
    named = [ref.lib.fighter(state, f).id for f in fighters]
    if len(set(named)) != len(named) or len(set(hexes)) != len(hexes):
        raise InvalidCommand("each fighter and each hex once", verb=command.verb)
    for fighter_id, hex_id in zip(named, hexes, strict=True):
        fighter = state.fighters[fighter_id]
        if fighter.side != side:
            raise IllegalCommand(f"{fighter_id} is side {fighter.side}'s fighter; place one of your own",
                                 verb=command.verb, rule="Underworlds core rulebook, L385")
        if fighter.hex is not None or fighter.out_of_action:
            raise IllegalCommand(f"{fighter_id} is already on the battlefield", verb=command.verb,
                                 rule="Underworlds core rulebook, L385")
        if ref.lib.hex_id(ref.lib.board(state), hex_id) not in opening.placement_hexes(ref, side):
            raise IllegalCommand(f"{hex_id} is not an empty starting hex in side {side}'s territory", verb=command.verb,
                                 rule="Underworlds core rulebook, L385")
    plan = list(zip(named, hexes, strict=True))
    if state.active_side == side:
        opening.place_fighter(ref, side, *plan[0])
        plan = plan[1:]
    elif len(plan) == 1:
        _setup_turn(ref, side, "fighters", command.verb)
    if plan:
        ref.emit(PlacementsQueued(side=side, placements=plan), side_only(side))


_FIXES: dict[type[Command], Callable[[Referee, SideId | None, Any], None]] = {
    FixWounds: overrides.fix_wounds, FixPlace: overrides.fix_place, FixToken: overrides.fix_token}

_HANDLERS: dict[type[Command], Callable[[Referee, SideId, Any], None]] = {
    PlaceToken: _token,
    PlaceArtefact: _artefact,
    PlaceFighter: _place,
    Move: activations.move,
    Charge: activations.charge,
    Guard: activations.guard,
    Attack: activations.attack,
    UseAction: activations.use_action,
    DrawPower: lambda ref, side, c: activations.draw_power(ref, side, c.verb),
    SwapObjective: activations.swap_objective,
    Pass: _pass,
    PlayCard: power.play_card,
    Discard: lambda ref, side, c: endphase.discard(ref, side, c.card, c.verb),
    AddCard: lambda ref, side, c: power.add_card(ref, side, c.card, c.verb),
}


def _declare(lib: Library) -> tuple[Action[UnderworldsState], ...]:
    """Every action on the shared verbs, with its options' sources (``guide.sources``)."""
    src = sources(lib)
    rule = "Underworlds core rulebook"

    def act(name: str, summary: str, options: tuple[str, ...], build: Callable[[Args], Command], *,
            required: tuple[str, ...] = (), menu: tuple[str, ...] = (), where: str = "") -> Action[UnderworldsState]:
        return Action(("act",), summary, name=name, options=options, required=required, build=build,
                      sources={o: src[o if o not in ("target", "with") else f"{name}:{o}"] for o in options
                               if (o if o not in ("target", "with") else f"{name}:{o}") in src},
                      menu=menu, rule=f"{rule}, {where}" if where else "")

    return (
        act("token", "Place an objective token face down on a hex", ("to",), lambda a: PlaceToken(to=a.text("to")),
            required=("to",), menu=("to",), where="L307, L311"),
        act("artefact", "Place the Katophrane Artefact (Capture the Artefact)", ("to",),
            lambda a: PlaceArtefact(to=a.text("to")), required=("to",), menu=("to",), where="L737"),
        act("place", "Place a fighter on a starting hex of your territory (or several for your next turns: "
                     "model:B3,B4 to:C2,E2)", ("model", "to"),
            lambda a: PlaceFighter(fighter=a.text("model"), to=a.text("to")), required=("model", "to"),
            menu=("model", "to"), where="L385"),
        Action(("move",), "Move action: a fighter moves up to its Move in hexes (to: a hex id, or a path C4>C5)",
               options=("model", "to"), required=("model",), build=lambda a: Move(fighter=a.text("model"),
                                                                                   to=a.text("to")),
               answer=lambda s, v, a: _suggest(lib, s, v, a), answer_without="to",
               sources={"model": src["move:model"], "to": src["move:to"]}, menu=("model", "to"), preview=True,
               rule=f"{rule}, L403"),
        act("charge", "Charge: move, then attack a target in range from where the fighter ends",
            ("model", "target", "to", "with"),
            lambda a: Charge(fighter=a.text("model"), target=a.text("target"), to=a.text("to"),
                             attack=a.text("with", "")), required=("model", "target", "to"),
            menu=("model", "target", "to"), where="L569"),
        act("guard", "Put a fighter on Guard", ("model",), lambda a: Guard(fighter=a.text("model")),
            required=("model",), menu=("model",), where="L573"),
        act("attack", "Attack action: target: an enemy (several, comma-separated, for an attack on all adjacent); "
                      "with: the attack; choice: total-offence", ("model", "target", "with", "choice"),
            lambda a: Attack(fighter=a.text("model"), targets=a.listed("target"), attack=a.text("with", ""),
                             optional=a.text("choice", "")), required=("model",), menu=("model", "target"),
            where="L417-L573"),
        act("use", "An action an upgrade grants (with: the upgrade, e.g. block)", ("model", "with"),
            lambda a: UseAction(fighter=a.text("model"), card=a.text("with")), required=("model", "with"),
            menu=("model", "with"), where="L605"),
        act("draw", "Activation: draw a power card", (), lambda a: DrawPower(), where="L401"),
        act("swap", "Activation: discard an objective card and draw another", ("with",),
            lambda a: SwapObjective(card=a.text("with")), required=("with",), menu=("with",), where="L401"),
        act("pass", "Pass: an activation doing nothing, a pass in the power step, or the end of your end phase", (),
            lambda a: Pass(), where="L401, L575, L703"),
        act("discard", "End phase: discard an objective or power card", ("with",),
            lambda a: Discard(card=a.text("with")), required=("with",), menu=("with",), where="L703"),
        Action(("hand", "play"), "Play a ploy or upgrade (model:, target:, to: as the card asks), or claim an "
                                 "objective", options=("card", "model", "target", "to"), required=("card",),
               build=lambda a: PlayCard(card=a.text("card"), fighter=a.text("model", ""), target=a.text("target", ""),
                                        to=a.text("to", "")),
               sources={"card": src["play:card"], "model": src["play:model"], "to": src["play:to"]}, menu=("card",),
               rule=f"{rule}, L575, L599, L605"),
        Action(("hand", "show"), "Show your hand, to you alone", answer=lambda s, v, a: _hand(lib, s, v),
               rule=f"{rule}, L295"),
        Action(("hand", "add"), "Put one of your own imported cards into your hand (a house rule)",
               options=("card",), required=("card",), build=lambda a: AddCard(card=a.text("card")),
               rule=f"{rule}, L111, L295"),
        Action(("model", "wound"), "By hand: add wound tokens (a negative amount removes them)",
               options=("model", "amount"), required=("model", "amount"),
               build=lambda a: FixWounds(fighter=a.text("model"), amount=a.integer("amount", 0)),
               sources={"model": src["any:model"]}, menu=("model", "amount")),
        Action(("model", "place"), "By hand: put a fighter on a hex (at: a hex id)", options=("model", "at"),
               required=("model", "at"), build=lambda a: FixPlace(fighter=a.text("model"), to=a.text("at")),
               sources={"model": src["any:model"]}),
        Action(("model", "token"), "By hand: give or take Guard (name:guard) or Inspire (name:inspired)",
               options=("model", "name", "remove"), required=("model", "name"),
               build=lambda a: FixToken(fighter=a.text("model"), name=a.text("name"), remove=a.flag("remove")),
               sources={"model": src["any:model"]}),
        Action(("force", "import"), "Bring your own cards and decks: a YAML file of cards: [...] and decks: [...], "
                                    "written like cards.yaml and decks.yaml (decks stay your secret); a table that "
                                    "rolls its own dice adds dice: [...], written like dice.yaml",
               options=("file",), required=("file",), uploads={"file": "cards"},
               build=lambda a: _imports(a.upload("file")), rule=f"{rule}, L105-L113"),
    )


def _imports(upload: object) -> ImportCards:
    """The cards and decks a loader validated from a player's file."""
    entries = upload if isinstance(upload, tuple) else ()
    if not entries or not all(isinstance(entry, Card | Deck | DieFaces) for entry in entries):
        raise InvalidCommand("the file must hold cards: [...], decks: [...] and/or dice: [...], each entry written "
                             "like one of cards.yaml, decks.yaml or dice.yaml")
    return ImportCards(cards=tuple(e for e in entries if isinstance(e, Card)),
                       decks=tuple(e for e in entries if isinstance(e, Deck)),
                       dice=tuple(e for e in entries if isinstance(e, DieFaces)))


def _hand(lib: Library, state: UnderworldsState, viewer: Viewer) -> QueryAnswer:
    """``/hand show``: the asker's own cards with what each does, for their eyes only."""
    side = viewer.side if viewer.kind is ViewerKind.SIDE else None
    if side is None or objective_deck(side) not in state.decks:
        return QueryAnswer("Only a player holding a side, once hands are dealt, has a hand to show.", private=True)
    lines = [f"Your hand (side {side}):"]
    marks = []
    for title, deck in (("Objectives", objective_deck(side)), ("Power cards", power_deck(side))):
        cards = [lib.card(state, card_id) for card_id in state.decks[deck].piles["hand"]]
        shown = [f"  - {card.name} [{card.id}] ({_kind(card)}{_glory(card)}): {card.summary}" for card in cards]
        lines.append(f"{title} ({len(cards)}):" + ("\n" + "\n".join(shown) if shown else " none"))
        marks += [CardMark(title=card.name, kind=_kind(card), text=card.summary,
                           corner=str(card.glory) if card.type == "objective" else "") for card in cards]
    record = state.players[side]
    lines.append(f"Glory {record.glory}, of which {record.glory - record.spent} unspent.")
    picture = CardsView(viewer=viewer, title=f"Side {side}'s hand", cards=tuple(marks))
    return QueryAnswer("\n".join(lines), private=True, cards=picture)


def _glory(card: Card) -> str:
    return f", {card.glory} glory" if card.glory else ""


def _kind(card: Card) -> str:
    """A card's type line: ``objective, immediate`` (its glory goes in the corner), ``ploy, reaction``."""
    if card.type == "objective":
        timing = {"immediate": "score immediately", "third_end_phase": "third end phase"}.get(card.score or "",
                                                                                         "end phase")
        return f"objective, {timing}"
    return f"{card.type}, reaction" if card.reaction is not None else card.type


def _suggest(lib: Library, state: UnderworldsState, viewer: Viewer, args: Args) -> QueryAnswer:
    """``/move model:X`` without ``to:``: where the fighter can move, as picks."""
    choices = sources(lib)["move:to"](state, viewer, {"model": args.text("model")})
    if not choices:
        return QueryAnswer(f"{args.text('model')} cannot make a Move action now.", private=True)
    picks = tuple(Pick(label=c.shown, option="to", value=c.value) for c in choices[:25])
    listed = ", ".join(c.value for c in choices)
    return QueryAnswer(f"{args.text('model')} can move to: {listed}. Type /move model:{args.text('model')} to:<hex>.",
                       private=True, picks=picks)
