"""Setting up a quest (Eldfall core rules v1.5, L1056-1100): the table and its hostiles, parties chosen in
secret, schemes drawn by the Leader's INT and kept in secret, the Initiative Check and the winner's choice of the
turn order or a Deployment Zone; the deployment itself is ``deployment_phase``.
"""

from __future__ import annotations

from typing import Any

from engine.core import (
    Context,
    Decision,
    DecisionPart,
    Decks,
    IllegalCommand,
    InvalidCommand,
    Option,
    PhaseChanged,
    Shown,
    SideId,
    side_only,
)
from engine.dice import Die
from engine.schema import did_you_mean
from engine.systems.eldfall.alliance import answer_offer, check_alliance_ruling, offer_alliance
from engine.systems.eldfall.cards import Card
from engine.systems.eldfall.commands import ChooseParty
from engine.systems.eldfall.deployment_phase import deploy
from engine.systems.eldfall.events import InitiativeWon, PartyChosen, PartyNoted, QuestBegan, SchemeKept, SetupSettled
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.party import upgrade_names, validate_party
from engine.systems.eldfall.placing import add_model, base_radius
from engine.systems.eldfall.quests import place_tokens
from engine.systems.eldfall.rolls import initiative
from engine.systems.eldfall.schema import PartySpec
from engine.systems.eldfall.scoring import scheme_draws, scheme_for_roll
from engine.systems.eldfall.setup_phases import INITIATIVE, PARTIES, SCHEMES, SETTING_UP, acting_for
from engine.systems.eldfall.state import EldfallState
from engine.table import Point, TableSet, TerrainAdded, default_facing, preset_layout
from engine.table.geometry import check_spot

__all__ = [
    "add_by_hand",
    "after_alliance",
    "answer_initiative",
    "answer_initiative_rest",
    "answer_scheme",
    "choose_party",
    "load_party",
    "named_party",
    "parties_fitting",
    "party_refusal",
    "sized_party",
    "start",
]

Ctx = Context[EldfallState]
_D20 = Die.numeric(20)

_EDGES = ("bottom", "top")
_ALTERNATE = "-alternate"


# -- the table -------------------------------------------------------------------------------------------------


def start(ctx: Ctx, kit: Kit) -> None:
    """Lay the quest's table and hostiles, then ask every player for a party."""
    state = ctx.state
    quest = kit.quest(state)
    size = kit.game_size(state)
    mode = kit.mode(state)
    if mode not in ("assisted", "standard", "realism"):
        raise InvalidCommand(f"mode:{mode} is not a measuring mode; choose assisted, standard or realism (L604)")
    if not 15 <= size <= 300:
        raise InvalidCommand(f"size:{size} is not a game size; give the Recruitment Points, e.g. 60, 75 or 90 (L1016)")
    sides = state.sides
    if quest.hostiles and len(sides) != 3:
        raise InvalidCommand(f"{quest.name} has hostiles, who play as a third side: start it with players:3 and "
                             f"bot:{chr(ord('A') + 2)} (or seat a player there to run them by their cards)")
    if not quest.hostiles and len(sides) != 2:
        raise InvalidCommand(f"{quest.name} is a quest for two players (games of more are not in the core rules, "
                             "L1078); start it with players:2")
    check_alliance_ruling(kit, state)
    hostile = SideId(sides[-1]) if quest.hostiles else None
    ctx.emit(QuestBegan(quest=quest.name, size=size, mode=mode, hostile_side=hostile))
    preset = _map_for(kit, state)
    ctx.emit(TableSet(width=preset.table[0], height=preset.table[1], map_name=preset.name))
    terrain, _zones = preset_layout(preset)
    for piece in terrain:
        ctx.emit(TerrainAdded(terrain=piece))
    place_tokens(ctx, quest)
    if hostile is not None:
        _place_hostiles(ctx, kit, hostile)
    ready = ", ".join(p.name for p in parties_fitting(kit, state))
    ctx.emit(PhaseChanged(phase=PARTIES, shown=f"Each player chooses a party of {size} points in secret: /force load "
                                                f"name:<party> (ready parties: {ready}), or /force import file: with "
                                                "its own list (L1008-1036)."))


def _map_for(kit: Kit, state: EldfallState) -> Any:
    wanted = str(state.setup.options.get("map") or "")
    maps = kit.maps.maps
    if not maps:
        raise InvalidCommand("Eldfall has no map to lay; its data ships none")
    if wanted:
        try:
            return kit.maps.map_preset(wanted)
        except LookupError:
            raise InvalidCommand(f"there is no map {wanted!r}{did_you_mean(wanted, [m.id for m in maps])}; maps: "
                                 f"{', '.join(m.id for m in maps)}") from None
    quest = kit.quest(state)
    return next((m for m in maps if m.id == quest.id), maps[0])


def _place_hostiles(ctx: Ctx, kit: Kit, side: SideId) -> None:
    """The quest's hostiles stand in the middle of the field (L2380, L2455), each facing a Deployment Zone."""
    quest = kit.quest(ctx.state)
    units: list[str] = []
    for setup in quest.hostiles:
        unit = setup.unit or next(card.unit for card in kit.catalogue.behaviours if card.tier == setup.tier)
        units += [unit] * setup.count
    width, height = ctx.state.width, ctx.state.height
    gap = 5.0
    for index, unit in enumerate(units):
        offset = (index - (len(units) - 1) / 2) * gap
        at = (round(width / 2 + offset, 2), round(height / 2, 2))
        facing = 270.0 if index % 2 == 0 else 90.0
        add_model(ctx, kit, side, unit, at, facing, audience_side=None, hostile=True, leader=False)


def add_by_hand(ctx: Ctx, kit: Kit, unit: str, at: Point | None, wanted: SideId | None, facing: float | None,
                verb: str) -> None:
    """A manual fix once the game is under way: put a model of any profile on the table for a side (a creature the
    referee did not summon, a model set up by a quest's own rule); it is no member of the original party (L1280)."""
    state = ctx.state
    if state.phase in SETTING_UP or state.phase == "over":
        raise IllegalCommand("models join through the party and the deployment; add one by hand once play is under "
                             "way", verb=verb)
    side = acting_for(ctx, wanted, verb)
    try:
        card = kit.catalogue.card(unit)
    except LookupError:
        names = [u.name for u in kit.catalogue.units]
        raise InvalidCommand(f"there is no profile {unit!r}{did_you_mean(unit, names)}", verb=verb) from None
    at = at or (state.width / 2, state.height / 2)
    check_spot(state, "new", at, base_radius(kit, card.name))
    facing = facing if facing is not None else default_facing(state, at)
    add_model(ctx, kit, side, card.name, at, facing, audience_side=None, hostile=side == state.hostile_side,
              leader=False, summoner=None, by_hand=True)


# -- parties ---------------------------------------------------------------------------------------------------


def parties_fitting(kit: Kit, state: EldfallState) -> list[PartySpec]:
    """The ready parties made for this game size (else every one that fits it)."""
    size = kit.game_size(state)
    exact = [p for p in kit.catalogue.parties if p.game_size == size]
    return exact or [p for p in kit.catalogue.parties if p.game_size <= size]


def party_refusal(state: EldfallState, side: SideId) -> str | None:
    """Why ``side`` may not choose a party now: it plays the hostiles, or it has chosen one (L1008-1036)."""
    if side == state.hostile_side or side not in state.players():
        return f"side {side} plays the quest's hostiles, who bring no party"
    if state.record(side).party is not None:
        return f"side {side} has already chosen its party"
    return None


def sized_party(kit: Kit, state: EldfallState, spec: PartySpec) -> PartySpec:
    """The party at this game's size, checked against every party rule (L1008-1054).

    :raises RulesError: naming the rule it breaks.
    """
    quest = kit.quest(state)
    sized = spec if quest.game_size is not None else spec.model_copy(update={"game_size": kit.game_size(state)})
    validate_party(sized, kit.catalogue, quest=quest, rulings=kit.rulings(state))
    return sized


def choose_party(ctx: Ctx, kit: Kit, side: SideId, party: PartySpec) -> None:
    """A player's checked party (``sized_party``), kept secret until deployment ends (L1036); the schemes are drawn
    once every player has one."""
    state = ctx.state
    ctx.emit(PartyChosen(side=side, party=party, upgrade_names=upgrade_names(kit.catalogue, party)), side_only(side))
    ctx.emit(PartyNoted(side=side))
    if all(state.record(s).party is not None for s in state.players()):
        _draw_all_schemes(ctx, kit)


def load_party(ctx: Ctx, kit: Kit, command: ChooseParty) -> None:
    """The host's (or an imported list's) party for a side: checked as a player's choice is (L1008-1054)."""
    state = ctx.state
    side = acting_for(ctx, command.side, command.verb)
    if state.phase != PARTIES:
        raise IllegalCommand("parties are chosen before the game begins (L1008-1036); this one is under way",
                             verb=command.verb)
    refusal = party_refusal(state, side)
    if refusal is not None:
        raise IllegalCommand(refusal, verb=command.verb)
    choose_party(ctx, kit, side, sized_party(kit, state, command.spec or named_party(kit, state, command.name or "")))


def named_party(kit: Kit, state: EldfallState, name: str) -> PartySpec:
    """A ready party by name; :raises InvalidCommand: naming the parties."""
    if not name.strip():
        raise InvalidCommand("give the party: /force load name:<party>; parties: "
                             + ", ".join(p.name for p in parties_fitting(kit, state)))
    try:
        return kit.catalogue.party(name)
    except LookupError:
        names = [p.name for p in kit.catalogue.parties]
        raise InvalidCommand(f"there is no party {name!r}{did_you_mean(name, names)}; parties: "
                             f"{', '.join(names)} (or bring your own with /force import file:)") from None


# -- schemes ---------------------------------------------------------------------------------------------------


def _leader_card(kit: Kit, party: PartySpec) -> tuple[Card, int]:
    """The Leader's card and its INT with upgrades (for the scheme draw, L2363)."""
    card = kit.catalogue.card(party.leader)
    member = next(m for m in party.members if kit.catalogue.card(m.unit).name == card.name)
    bonus = sum(kit.catalogue.upgrade(u).grants.adds.get("INT", 0) for u in member.upgrades)
    return card, card["INT"] + bonus


def _draw_all_schemes(ctx: Ctx, kit: Kit) -> None:
    quest = kit.quest(ctx.state)
    if not quest.schemes:
        _after_schemes(ctx, kit)
        return
    ctx.emit(PhaseChanged(phase=SCHEMES, shown="Each player draws schemes by its Leader's INT and keeps one in "
                                               "secret (L2363-2367)."))
    for side in ctx.state.players():
        _draw_schemes(ctx, kit, side)
    if not any(d.kind == "scheme" for d in ctx.state.pending.values()):
        _after_schemes(ctx, kit)


def _scheme_cards(kit: Kit, state: EldfallState, side: SideId) -> list[str]:
    """The side's scheme deck: its faction's d20 table, face by face (L2505); Neutral and Guildsworn parties draw
    the common schemes only (ruling neutral-scheme-deck)."""
    party = state.record(side).party
    assert party is not None
    tables = {t.faction: t for t in kit.catalogue.scheme_tables}
    table = tables.get(party.faction) if party.format == "rivalry" else None
    if table is None:
        any_table = kit.catalogue.scheme_tables[0]
        return [scheme_for_roll(any_table, face) for face in range(1, 21)
                if kit.catalogue.scheme(scheme_for_roll(any_table, face)).common]
    return [scheme_for_roll(table, face) for face in range(1, 21)]


_SCHEME_PILES = {"draw": Shown.NOBODY, "hand": Shown.OWNER, "kept": Shown.OWNER, "aside": Shown.NOBODY,
                 "shown": Shown.EVERYONE}
_SCHEME_COUNTS = {"draw": Shown.OWNER, "hand": Shown.OWNER, "kept": Shown.OWNER, "aside": Shown.OWNER}
"""How many schemes a side drew tells the band of its Leader's INT (L2363-2367), which its secret party list keeps
(L1036): every count but the revealed schemes' is its owner's alone."""


def _draw_schemes(ctx: Ctx, kit: Kit, side: SideId) -> None:
    """Shuffle the side's scheme deck with its secret dice and draw as many as its Leader's INT allows, setting
    aside a second card of a name already drawn (L2363-2367, L2501). The log says the same to the others whatever
    the INT: one draw, one setting aside (of no card, as often as not), and a choice to make even of one scheme."""
    party = ctx.state.record(side).party
    assert party is not None
    _card, leader_int = _leader_card(kit, party)
    drawn, _kept = scheme_draws(leader_int)
    decks = _scheme_decks(ctx, kit)
    deck_id = f"schemes-{side}"
    decks.make(deck_id, side, _scheme_cards(kit, ctx.state, side), piles=_SCHEME_PILES, counts=_SCHEME_COUNTS)
    decks.shuffle(deck_id)
    order = decks.deck(deck_id).piles["draw"]
    hand: list[str] = []
    doubles: list[str] = []
    for card in order:
        if len(hand) == min(drawn, len(set(order))):
            break
        (doubles if card in hand else hand).append(card)
    decks.draw(deck_id, len(hand) + len(doubles), why="the scheme draw (L2363)")
    decks.move(deck_id, doubles, "hand", "aside", why="a second card of a name drawn is set aside (L2501)")
    # A label holds 100 characters on Discord: it names the scheme; the prompt gives each one's text whole.
    lone = len(hand) == 1
    options = tuple(Option(key=card, label=("Keep " if lone else "") + kit.catalogue.scheme(card).name)
                    for card in hand)
    texts = " ".join(f"{kit.catalogue.scheme(card).name}: {kit.catalogue.scheme(card).summary}" for card in hand)
    drew = ("1 scheme, which you keep; you answer all the same, so the other player cannot tell how many you drew"
            if lone else f"{len(hand)} schemes; keep one")
    ctx.open_decision(Decision(
        id=ctx.next_decision_id(), owner=side, kind="scheme", secret=True, optional=False, always_ask=True,
        prompt=f"Your Leader's INT {leader_int} draws {drew} (L2363-2367). {texts}",
        parts=(DecisionPart(key="scheme", prompt="The scheme you keep", options=options, default=hand[0]),),
        context={"hand": list(hand)}))


def answer_scheme(ctx: Ctx, kit: Kit, decision: Decision, answers: dict[str, str]) -> None:
    hand = [str(card) for card in decision.context.get("hand", []) or []]  # type: ignore[union-attr]
    _keep(ctx, kit, decision.owner, answers["scheme"], hand)
    if not any(d.kind == "scheme" for d in ctx.state.pending.values()):
        _after_schemes(ctx, kit)


def _scheme_decks(ctx: Ctx, kit: Kit) -> Decks:
    """The decks, their lines naming schemes by name (its owner reads "No Quarter", not an id)."""
    return Decks(ctx, names=lambda card: kit.catalogue.scheme(card).name)


def _keep(ctx: Ctx, kit: Kit, side: SideId, scheme: str, hand: list[str]) -> None:
    decks = _scheme_decks(ctx, kit)
    deck_id = f"schemes-{side}"
    decks.move(deck_id, [scheme], "hand", "kept", why="kept")
    decks.move(deck_id, [card for card in hand if card != scheme], "hand", "aside", why="not kept")  # none, for one
    ctx.emit(SchemeKept(side=side, scheme=scheme, name=kit.catalogue.scheme(scheme).name), side_only(side))


# -- the alliance and the initiative ---------------------------------------------------------------------------


def _after_schemes(ctx: Ctx, kit: Kit) -> None:
    """Quest 2 offers its Alliance of Necessity before the Initiative Check (ruling alliance)."""
    if not offer_alliance(ctx, kit):
        _initiative(ctx, kit)


def after_alliance(ctx: Ctx, kit: Kit, answers: dict[SideId, dict[str, str]]) -> None:
    """Every player answered the alliance's offer: it forms or not, then the Initiative Check (L1088)."""
    answer_offer(ctx, answers)
    _initiative(ctx, kit)



def _initiative(ctx: Ctx, kit: Kit) -> None:
    """d20 plus the Leader's M for each player, the highest wins; ties roll again (L1088-1092, ruling
    initiative-tie); Double Time adds 6 (L2869)."""
    state = ctx.state
    ctx.emit(PhaseChanged(phase=INITIATIVE, shown="The Initiative Check: d20 + the Leader's M (L1088-1092)."))
    contenders = list(state.players())
    totals: dict[SideId, int] = {}
    for _attempt in range(20):
        entries = []
        for side in contenders:
            party = state.record(side).party
            assert party is not None
            card, _ = _leader_card(kit, party)
            bonus = 6 if any("double-time" in m.upgrades for m in party.members) else 0
            (roll,) = ctx.roll([_D20], f"the Initiative Check (its Leader's M is {card['M']})", roller_side=side)
            entries.append((side, card["M"], roll.value, bonus))
        totals = {SideId(side): morale + face + bonus for side, morale, face, bonus in entries}
        best = initiative(entries)
        if len(best) == 1:
            break
        if kit.rulings(state).initiative_tie == "higher-morale":
            morale = {str(side): m for side, m, _f, _b in entries if side in best}
            top = max(morale.values())
            best = tuple(s for s in best if morale[s] == top)
            if len(best) == 1:
                break
        contenders = [SideId(s) for s in best]
    winner = SideId(best[0])
    ctx.emit(InitiativeWon(winner=winner, totals=totals))
    options = (Option(key="first", label="Play first (the 1st Player; deployment follows the same order)"),
               Option(key="second", label="Play second"), *_edge_options(kit, state))
    ctx.open_decision(Decision(
        id=ctx.next_decision_id(), owner=winner, kind="initiative", optional=False,
        prompt="You won the Initiative Check: choose the turn order or your Deployment Zone; the other player "
               "chooses the rest (L1092-1100).",
        parts=(DecisionPart(key="choice", prompt="Your choice", options=options, default="first"),),
        context={"winner": winner}))


def _edge_options(kit: Kit, state: EldfallState) -> tuple[Option, ...]:
    """The Deployment Zones; deploying in the turn order, whoever picks one also decides whether the parties deploy
    whole or one model after the other (L1094)."""
    options = [Option(key=edge, label=f"Deploy along the {edge} edge") for edge in _EDGES]
    if kit.rulings(state).deployment_order == "turn-order":
        options += [Option(key=edge + _ALTERNATE, label=f"Deploy along the {edge} edge, the players placing one "
                                                        "model after the other") for edge in _EDGES]
    return tuple(options)


def answer_initiative(ctx: Ctx, kit: Kit, decision: Decision, answers: dict[str, str]) -> None:
    """The winner chose; the other player picks the remaining option (L1092-1100)."""
    state = ctx.state
    choice = answers["choice"]
    winner = decision.owner
    loser = next(s for s in state.players() if s != winner)
    if choice in ("first", "second"):
        options = _edge_options(kit, state)
        prompt = f"Side {winner} chose to play {choice}; choose your Deployment Zone (L1092)."
    else:
        options = (Option(key="first", label="Play first (the 1st Player)"),
                   Option(key="second", label="Play second"))
        prompt = f"Side {winner} chose the {choice} edge; choose the turn order (L1092)."
    ctx.open_decision(Decision(
        id=ctx.next_decision_id(), owner=loser, kind="initiative-rest", optional=False, prompt=prompt,
        parts=(DecisionPart(key="choice", prompt="Your choice", options=options, default=options[0].key),),
        context={"winner": winner, "chosen": choice}))


def answer_initiative_rest(ctx: Ctx, kit: Kit, decision: Decision, answers: dict[str, str]) -> None:
    """The other player picked the remaining option: the turn order and the zones are settled, and the deployment
    begins (L1092-1100)."""
    state = ctx.state
    choice = answers["choice"]
    players = state.players()
    winner = SideId(str(decision.context["winner"]))
    chosen = str(decision.context["chosen"])
    loser = decision.owner
    picks = {winner: chosen, loser: choice}
    first = next(side for side, pick in picks.items() if pick == "first") if "first" in picks.values() else \
        next(side for side, pick in picks.items() if pick != "second")
    edge_side, pick = next((side, pick) for side, pick in picks.items() if pick not in ("first", "second"))
    edge_pick = pick.removesuffix(_ALTERNATE)
    other = next(s for s in players if s != edge_side)
    edges = {edge_side: edge_pick, other: _EDGES[1 - _EDGES.index(edge_pick)]}
    order = (first, *(s for s in players if s != first))
    ctx.emit(SetupSettled(edges={s: edges[s] for s in players}, order=order,
                          one_at_a_time=pick.endswith(_ALTERNATE)))
    deploy(ctx, kit)
