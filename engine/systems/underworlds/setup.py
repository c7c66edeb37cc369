"""Setting up a game, in the book's order (Underworlds core rulebook, L121-L141, L871): warbands and decks, the
boards (a roll-off, the loser's board, the winner's board and how they join; three or four placed in turn), and the
objective tokens placed face down in turn and then revealed. The opening hands, the do-over and the fighters follow
in ``opening``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from engine.core import (
    EVERYONE,
    DecisionPart,
    IllegalCommand,
    InvalidCommand,
    Option,
    PhaseChanged,
    Shown,
    SideId,
    ask_together,
    side_only,
)
from engine.hex import Edge, Hex, HexBoard, Layout, Placement
from engine.systems.underworlds.boards import (
    FREE,
    SIDES,
    dead_end_possible,
    edge_hexes,
    free_layout,
    free_problem,
    legal_layouts,
    next_to,
    objective_hexes,
    tile,
)
from engine.systems.underworlds.events import (
    BattlefieldJoined,
    BoardChosen,
    BoardFaceUp,
    DeckChosen,
    StepStarted,
    TokenPlaced,
    TokensRevealed,
    TurnPassed,
    WarbandsChosen,
)
from engine.systems.underworlds.game_state import FighterRecord, SideRecord, TokenRecord
from engine.systems.underworlds.opening import draw_hands, make_deck
from engine.systems.underworlds.owndecks import deck_of, decks_for, problems_of
from engine.systems.underworlds.referee import Referee, choice, winner_of
from engine.systems.underworlds.rules import RULE
from engine.systems.underworlds.schema import DIE_FACES, Deck
from engine.systems.underworlds.turns import rotation

__all__ = [
    "BOARD",
    "DECK",
    "LAYOUT",
    "PLACE",
    "WARBAND",
    "artefact_hex",
    "artefact_hexes",
    "begin",
    "begin_boards",
    "choose_brought_deck",
    "free_options",
    "on_board",
    "on_deck",
    "on_free_board",
    "on_layout",
    "on_warbands",
    "place_artefact",
    "place_token",
    "preset_decks",
    "token_count",
    "token_hex",
    "token_hexes",
]

WARBAND, DECK, BOARD, LAYOUT, PLACE = "warband", "deck", "board", "layout", "place-board"
_TOKENS = {2: 5, 3: 7, 4: 9}
_SCENARIOS = {"champions-v-reavers": ("steelhearts-champions", "garreks-reavers"),
              "reavers-v-champions": ("garreks-reavers", "steelhearts-champions")}


def token_count(sides: int) -> int:
    """Objective tokens 1-5 with two players, 1-7 with three, 1-9 with four (L267, L765)."""
    return _TOKENS[sides]


# -- warbands ------------------------------------------------------------------------------------


def preset_decks(ref: Referee, scenario: str) -> dict[SideId, Deck]:
    """The decks a preset scenario gives each side: warbands alternate down the seats; a warband fielded again
    takes its next starter deck (with two core sets, L35)."""
    warbands = _SCENARIOS.get(scenario)
    if warbands is None:
        raise InvalidCommand(f"scenario:{scenario} is not a scenario of Underworlds; choose "
                             f"{', '.join((*_SCENARIOS, 'choose'))}")
    taken: dict[str, int] = {}
    chosen: dict[SideId, Deck] = {}
    for index, side in enumerate(ref.state.sides):
        warband = warbands[index % 2]
        decks = [d for d in ref.lib.data.decks if d.warband == warband]
        chosen[side] = decks[taken.get(warband, 0) % len(decks)]
        taken[warband] = taken.get(warband, 0) + 1
    return chosen


def begin(ref: Referee) -> None:
    """Open the game: warbands chosen in secret and revealed together (``scenario:choose`` and matched play,
    L731, L755), then each player's decks chosen in secret and never revealed; or both given by the scenario.
    Then the boards."""
    ref.emit(PhaseChanged(phase="setup", shown="Setting up: warbands, boards, objective tokens, cards, fighters."))
    options = ref.state.setup.options
    scenario = str(options.get("scenario") or "champions-v-reavers")
    if scenario == "choose" or str(options.get("mode", "")).startswith("matched"):
        warbands = [(w.id, w.name) for w in ref.lib.data.warbands if any(d.warband == w.id
                                                                          for d in ref.lib.data.decks)]
        part = DecisionPart(key="warband", prompt="Your warband", default=warbands[0][0],
                            options=tuple(Option(key=k, label=label) for k, label in warbands))
        ask_together(ref.ctx, WARBAND, "Choose your warband (revealed together)",
                     {side: (part,) for side in ref.state.sides})
        return
    decks = preset_decks(ref, scenario)
    _muster(ref, {side: deck.warband for side, deck in decks.items()})
    for side, deck in decks.items():
        _deck_chosen(ref, side, deck, secret=False)
    begin_boards(ref)


def on_warbands(ref: Referee, answers: Mapping[SideId, Mapping[str, str]]) -> None:
    """The warbands are revealed; each player now picks decks for theirs, in secret: a starter deck, or decks
    they brought (``/force import``), theirs first."""
    _muster(ref, {side: answer["warband"] for side, answer in answers.items()})
    for side in ref.state.sides:
        decks = decks_for(ref.lib, ref.state, side, ref.state.players[side].warband)
        shown = [(d.id, f"{d.name} (your own)" if own else d.name) for d, own in decks]
        ref.ask(side, DECK, "Choose your decks (nobody else is told; /force import file: brings your own)",
                [choice("deck", "Your objective and power decks", shown, shown[0][0])], secret=True)
    _all_decks_chosen(ref)


def on_deck(ref: Referee, side: SideId, deck_id: str) -> None:
    decks = decks_for(ref.lib, ref.state, side, ref.state.players[side].warband)
    deck = next((d for d, _ in decks if d.id == deck_id), None)
    if deck is None:
        raise InvalidCommand(f"there are no decks {deck_id!r} for side {side}'s warband; choose "
                             f"{', '.join(d.id for d, _ in decks)}")
    _deck_chosen(ref, side, deck, secret=True)
    _all_decks_chosen(ref)


def choose_brought_deck(ref: Referee, side: SideId, deck_ids: list[str]) -> None:
    """Decks a player brings while being asked to choose theirs are their choice (the first that fits their
    warband); brought earlier, they are offered when the choice comes."""
    decision = next((d for d in ref.state.pending.values() if d.owner == side and d.kind == DECK), None)
    if decision is None:
        return
    fitting = {d.id for d, own in decks_for(ref.lib, ref.state, side, ref.state.players[side].warband) if own}
    chosen = next((deck_id for deck_id in deck_ids if deck_id in fitting), None)
    if chosen is not None:
        ref.ctx.answer(decision, {"deck": chosen}, "answer")


def _all_decks_chosen(ref: Referee) -> None:
    """Once every player holds decks (a warband with one deck needs no choice), the boards."""
    if all(record.deck for record in ref.state.players.values()) and not ref.state.field.boards:
        if ref.rules.same_card_both_players == "forbidden":
            _no_card_twice(ref)
        begin_boards(ref)


def _no_card_twice(ref: Referee) -> None:
    seen: dict[str, SideId] = {}
    for side in ref.state.players:
        deck = deck_of(ref.lib, ref.state, side)
        for card in (*deck.objectives, *deck.power):
            if card in seen:
                raise IllegalCommand(f"{ref.lib.card(ref.state, card).name} is in the decks of sides {seen[card]} and "
                                     f"{side}; this table allows no card in two players' decks (ruling "
                                     "same-card-both-players)")
            seen[card] = side


def _muster(ref: Referee, warbands: Mapping[SideId, str]) -> None:
    """The warbands join the game: fighter ids are the side's letter and the fighter's place in its warband
    (``B1`` is side B's leader when the leader comes first)."""
    data = ref.lib.data
    players: dict[SideId, SideRecord] = {}
    fighters: list[FighterRecord] = []
    names: dict[SideId, str] = {}
    for side, warband_id in warbands.items():
        warband = data.warband(warband_id)
        players[side] = SideRecord(warband=warband.id)
        names[side] = warband.name
        for number, profile in enumerate(warband.fighters, start=1):
            fighters.append(FighterRecord(id=f"{side}{number}", profile=profile, side=side,
                                          leader=data.fighter(profile).leader))
    ref.emit(WarbandsChosen(players=players, fighters=fighters, names=names))


def _deck_chosen(ref: Referee, side: SideId, deck: Deck, *, secret: bool) -> None:
    """Record a player's decks, legal by the deck-building rules (L107-L113): for their eyes only when chosen
    in secret."""
    problems = problems_of(ref.lib, ref.state, side, deck)
    if problems:
        raise IllegalCommand(f"side {side}'s decks are not legal: {'; '.join(map(str, problems))}")
    ref.emit(DeckChosen(side=side, deck=deck.id, name=deck.name), side_only(side) if secret else EVERYONE)


# -- boards --------------------------------------------------------------------------------------


def _board_part(ref: Referee, prompt: str) -> DecisionPart:
    boards = [(b.id, b.name) for b in ref.lib.data.boards]
    return choice("board", prompt, boards, default=boards[0][0])


def _sides_of(ref: Referee, physical: str) -> list[tuple[str, str]]:
    """The printed sides of one physical board, as (board side id, name)."""
    return [(b.id, b.name) for b in ref.lib.data.boards if b.board == physical]


def _placer_turns_sides(ref: Referee) -> bool:
    """Two players, and the roll-off winner picks which side of each board faces up (ruling
    ``board-side-choice``)."""
    return len(ref.state.sides) == 2 and ref.rules.board_side_choice == "placer-picks-sides"


def begin_boards(ref: Referee) -> None:
    """Roll off; two players: the loser picks a board, the winner picks the other and joins them (L143-L147).
    Three or four: the fewest successes places first, the rest roll off again for each later place (L755). A
    table that rolls its own dice enters them first (ruling ``dice-faces: table-entered``)."""
    if ref.rules.dice_faces == "table-entered" and set(ref.state.dice) != set(DIE_FACES):
        ref.emit(StepStarted(step="dice", shown="This table rolls its own dice (ruling dice-faces: table-entered): "
                                                "before the first roll, enter the faces of both with /force import "
                                                "file: (dice: [...], written like dice.yaml)."))
        return
    sides = list(ref.state.in_play)
    if len(sides) == 2:
        result = ref.roll_off(sides, "the boards")
        loser = next(s for s in sides if s != result.winner)
        ref.emit(StepStarted(step="boards", order=[loser, winner_of(result)],
                             shown=f"Side {loser} chooses the first board; side {result.winner} the second and "
                                   f"how they join ({RULE}, L143-L147)."))
    else:
        order: list[SideId] = []
        while len(sides) > 1:
            lowest = ref.fewest(sides, "placing a board")
            order.append(lowest)
            sides.remove(lowest)
        order.append(sides[0])
        layout = ref.rules.multiplayer_layouts
        how = ("each next to a board already placed, long edges completing at least three hexes or short edges "
               f"two ({RULE}, L755-L757)" if layout == FREE else
               f"in the fixed format {layout} (ruling multiplayer-layouts)")
        ref.emit(StepStarted(step="boards", order=order,
                             shown=f"Boards are placed in the order {', '.join(order)} (fewest successes first, "
                                   f"{RULE}, L755), {how}."))
    _ask_board(ref)


def _ask_board(ref: Referee) -> None:
    state = ref.state
    side = state.order[state.turn_index]
    if len(state.order) == 2 and state.turn_index == 1:
        parts = [_board_part(ref, "Your board (the side facing up)"),
                 choice("join", "Join the boards along", (("long", "long edges (at least 3 hexes)"),
                                                          ("short", "short edges (at least 2 hexes)")), "long"),
                 choice("slide", "Slide the second board along the edge by",
                        tuple((f"{n:+d}", f"{n:+d} hexes") for n in range(-4, 5)), "+0"),
                 choice("turned", "Turn a board half round", (("none", "neither"), ("first", "the first board"),
                                                               ("second", "your board"), ("both", "both")), "none")]
        first = ref.lib.data.board(state.field.boards[0])
        name = first.name
        if _placer_turns_sides(ref):
            faces = _sides_of(ref, first.board)
            parts.insert(0, choice("first-side", "The side of the first board facing up", faces, faces[0][0]))
            name = " / ".join(n for _, n in faces)
        ref.ask(side, LAYOUT, f"Choose your board and join it to {name}", parts)
        return
    if _placer_turns_sides(ref):
        physical = list(dict.fromkeys(b.board for b in ref.lib.data.boards))
        options = [(p, " / ".join(name for _, name in _sides_of(ref, p))) for p in physical]
        ref.ask(side, BOARD, "Choose a board (the other player chooses which side faces up)",
                [choice("board", "Your board", options, options[0][0])])
        return
    if state.field.placed and ref.rules.multiplayer_layouts == FREE:
        _ask_free_board(ref, side)
        return
    ref.ask(side, BOARD, "Choose a board (and the side facing up)", [_board_part(ref, "Your board")])


def on_board(ref: Referee, side: SideId, answers: Mapping[str, str]) -> None:
    if _placer_turns_sides(ref):
        faces = _sides_of(ref, answers["board"])
        board = ref.lib.data.board(faces[0][0])
        ref.emit(BoardChosen(side=side, board=board.id, name=board.name,
                             shown=f"Side {side} chooses the board {' / '.join(n for _, n in faces)}; the other "
                                   "player picks the side facing up (ruling board-side-choice)."))
        _next_board(ref)
        return
    board = ref.lib.data.board(answers["board"])
    free = ref.rules.multiplayer_layouts == FREE and len(ref.state.sides) > 2
    ref.emit(BoardChosen(side=side, board=board.id, name=board.name, at=(0, 0, False) if free else None))
    _next_board(ref)


def _next_board(ref: Referee) -> None:
    """The next player places a board; after the last, the battlefield is joined."""
    state = ref.state
    if state.turn_index + 1 < len(state.order):
        ref.emit(TurnPassed(index=state.turn_index + 1, side=state.order[state.turn_index + 1]))
        _ask_board(ref)
        return
    layout = free_layout(state.field.placed) if state.field.placed else ref.rules.multiplayer_layouts
    shown = (f"The boards form the {layout} battlefield for {len(state.sides)} players." if not state.field.placed
             else f"The {len(state.field.boards)} boards, placed freely, form the battlefield.")
    joined = ref.lib.joined(state.field.boards, state.field.owners, layout)
    _refuse_dead_end(ref, joined, "board")
    ref.emit(BattlefieldJoined(layout=layout, hexes=len(joined), shown=shown))
    _begin_tokens(ref)


def _placements(ref: Referee) -> list[Placement]:
    field = ref.state.field
    return [Placement(tile(ref.lib.data.board(board)), column, row, turned, owner)
            for board, (column, row, turned), owner in zip(field.boards, field.placed, field.owners, strict=True)]


def free_options(ref: Referee, side: SideId) -> list[tuple[int, str, int, bool]]:
    """Every legal (board placed, edge, slide, turned) for the next board, in the order the defaults take."""
    placed = _placements(ref)
    board = ref.lib.data.boards[0]
    found = []
    for index, anchor in enumerate(placed):
        for edge in SIDES:
            for slide in sorted(range(-4, 5), key=abs):
                for turned in (False, True):
                    new = next_to(anchor, board, edge, slide, turned, side)
                    if free_problem(placed, anchor, new, edge) is None:
                        found.append((index, edge, slide, turned))
    return found


def _ask_free_board(ref: Referee, side: SideId) -> None:
    """A later board placed freely (L755-L757): which board, next to which board already placed, along which of
    its edges, slid how far and turned or not; the defaults are a legal placement."""
    state = ref.state
    index, edge, slide, turned = free_options(ref, side)[0]
    placed = [(str(i), f"{ref.lib.data.board(b).name} (side {owner}'s)")
              for i, (b, owner) in enumerate(zip(state.field.boards, state.field.owners, strict=True))]
    parts = [_board_part(ref, "Your board (the side facing up)"),
             choice("next", "Next to the board", placed, str(index)),
             choice("edge", "Along its edge", [(e, f"{e} it ({'long' if e in ('below', 'above') else 'short'} "
                                                 "edges)") for e in SIDES], edge),
             choice("slide", "Slid along that edge by", tuple((f"{n:+d}", f"{n:+d} hexes (long edges; rows on short "
                                                                          "edges)") for n in range(-4, 5)),
                    f"{slide:+d}"),
             choice("turned", "Your board turned half round", (("no", "no"), ("yes", "yes")),
                    "yes" if turned else "no")]
    ref.ask(side, PLACE, "Choose your board and place it next to a board already placed (at least 3 hexes joined "
                         "along long edges, 2 along short ones)", parts)


def on_free_board(ref: Referee, side: SideId, answers: Mapping[str, str]) -> None:
    """Place a board freely: refused, naming why, when it overlaps a board or completes too few hexes (L147,
    L755-L757)."""
    state = ref.state
    board = ref.lib.data.board(answers["board"])
    placed = _placements(ref)
    anchor = placed[int(answers["next"])]
    new = next_to(anchor, board, answers["edge"], int(answers["slide"]), answers["turned"] == "yes", side)
    why = free_problem(placed, anchor, new, answers["edge"])
    if why is not None:
        raise IllegalCommand(f"{board.name} cannot go {answers['edge']} "
                             f"{ref.lib.data.board(state.field.boards[int(answers['next'])]).name} slid "
                             f"{answers['slide']}: {why} ({RULE}, L147, L755-L757)", verb="board")
    ref.emit(BoardChosen(side=side, board=board.id, name=board.name, at=(new.column, new.row, new.turned),
                         shown=f"Side {side} places {board.name} {answers['edge']} "
                               f"{ref.lib.data.board(state.field.boards[int(answers['next'])]).name}, slid "
                               f"{answers['slide']}{', turned' if new.turned else ''}."))
    _next_board(ref)


def on_layout(ref: Referee, side: SideId, answers: Mapping[str, str]) -> None:
    """The roll-off winner's board and the join: refused when it completes too few hexes (L147)."""
    state = ref.state
    first, second = ref.lib.data.board(answers.get("first-side") or state.field.boards[0]), \
        ref.lib.data.board(answers["board"])
    turned = answers["turned"]
    layout = Layout(Edge(answers["join"]), int(answers["slide"]), turned in ("first", "both"),
                    turned in ("second", "both"))
    if layout not in legal_layouts(first, second):
        raise IllegalCommand(f"joining {first.name} and {second.name} as {layout.name} completes too few hexes: a "
                             f"long edge needs 3, a short edge 2, and a short join cannot slide ({RULE}, L147)",
                             verb="layout")
    if ref.rules.board_layouts == "flush-only" and (layout.edge is Edge.SHORT or layout.slide):
        raise IllegalCommand("this table joins boards only long edge to long edge, flush (ruling board-layouts)",
                             verb="layout")
    if first.id != state.field.boards[0]:
        ref.emit(BoardFaceUp(index=0, board=first.id, name=first.name))
    ref.emit(BoardChosen(side=side, board=second.id, name=second.name))
    owners = state.field.owners
    joined = ref.lib.joined(state.field.boards, owners, layout.name)
    _refuse_dead_end(ref, joined, "layout")
    hexes = len(joined)
    ref.emit(BattlefieldJoined(layout=layout.name, hexes=hexes,
                               shown=f"Side {side} joins {first.name} (side {owners[0]}'s territory) and "
                                     f"{second.name} (side {owners[1]}'s) as {layout.name}: {hexes} hexes."))
    _begin_tokens(ref)


# -- objective tokens ------------------------------------------------------------------------------


def _begin_tokens(ref: Referee) -> None:
    """Capture the Artefact: the last to place a board puts the Artefact in no one's territory first (L737)."""
    state = ref.state
    if "artefact" in str(state.setup.options.get("mode", "")):
        placer = state.field.owners[-1]
        ref.emit(StepStarted(step="artefact", order=[placer],
                             shown=f"Side {placer} places the Katophrane Artefact on a hex of no one's territory "
                                   f"that is not an edge hex ({RULE}, L737): /act action:artefact to:<hex>."))
        return
    _begin_numbered(ref)


def _begin_numbered(ref: Referee) -> None:
    state = ref.state
    count = token_count(len(state.sides))
    decks = ref.decks()
    make_deck(ref, "tokens", None, [str(n) for n in range(1, count + 1)], "bag",
          {"bag": Shown.NOBODY, "revealed": Shown.EVERYONE})
    decks.shuffle("tokens", "bag")
    first = state.chooser or state.sides[0]
    clockwise = rotation(state.sides, first)
    order = [clockwise[i % len(clockwise)] for i in range(count)]
    ref.emit(StepStarted(step="tokens", order=order,
                         shown=f"Objective tokens 1-{count} are shuffled face down. Side {first} places the first, "
                               f"then each in turn ({RULE}, L307, L311): /act action:token to:<hex>."))



def artefact_hexes(ref: Referee) -> list[str]:
    """Where the Katophrane Artefact may go: a hex of no one's territory, not blocked and not an edge hex (L737)."""
    board = ref.lib.board(ref.state)
    edges = board.edge_hexes()
    return [board.id_of(h) for h in board.hexes
            if board.region_of(h) is None and not board.is_blocked(h) and h not in edges]


def artefact_hex(ref: Referee, to: str, verb: str) -> str:
    """The hex ``to`` names, checked for the Artefact (L737; ruling ``objective-placement-dead-end``)."""
    board = ref.lib.board(ref.state)
    hex_id = ref.lib.hex_id(board, to)
    h = board.hex_of(hex_id)
    if board.region_of(h) is not None or board.is_blocked(h) or h in board.edge_hexes():
        raise IllegalCommand(f"the Katophrane Artefact goes on a hex of no one's territory that is not blocked and "
                             f"not an edge hex; {hex_id} is not one ({RULE}, L737)", verb=verb)
    _refuse_dead_end(ref, board, verb, taken=(h,))
    return hex_id


def place_artefact(ref: Referee, side: SideId, hex_id: str) -> None:
    ref.emit(TokenPlaced(token=TokenRecord(slot=0, hex=hex_id, artefact=True), side=side))
    _begin_numbered(ref)


def _refuse_dead_end(ref: Referee, board: HexBoard, verb: str, taken: Collection[Hex] = ()) -> None:
    """Under the ruling ``objective-placement-dead-end: refuse-layout``, a battlefield (or an Artefact's hex) where
    some objective token could find no hex at all, even an edge hex, is refused (L307, L311)."""
    if ref.rules.objective_placement_dead_end != "refuse-layout":
        return
    edges = edge_hexes(board, ref.rules.edge_hexes == "blocked-makes-edge")
    if dead_end_possible(board, token_count(len(ref.state.sides)), edges=edges, taken=taken):
        raise IllegalCommand("on this battlefield the players could place objective tokens so that one finds no hex "
                             "even on an edge; this table does not use such a set-up (ruling "
                             f"objective-placement-dead-end: refuse-layout; {RULE}, L307, L311)", verb=verb)


def token_hexes(ref: Referee, planned: Sequence[str] = ()) -> frozenset[str]:
    """Where the next objective token may go (L307, L311; rulings edge-hexes, objective-placement-dead-end), the
    ``planned`` hexes of a player's plan for their next turns counted as placed."""
    state = ref.state
    board = ref.lib.board(state)
    numbered = [board.hex_of(h) for h in (*(t.hex for t in state.tokens if not t.artefact), *planned)]
    taken = [board.hex_of(t.hex) for t in state.tokens if t.artefact]
    last = len(numbered) + 1 == token_count(len(state.sides))
    edges = edge_hexes(board, ref.rules.edge_hexes == "blocked-makes-edge")
    return frozenset(board.id_of(h) for h in objective_hexes(board, numbered, last=last, edges=edges, taken=taken))


def token_hex(ref: Referee, to: str, verb: str) -> str:
    """The hex ``to`` names, checked for the next objective token (L307, L311)."""
    hex_id = ref.lib.hex_id(ref.lib.board(ref.state), to)
    if hex_id not in token_hexes(ref):
        raise IllegalCommand(f"an objective token may not go on {hex_id}: not on a starting, blocked or edge hex (the "
                             f"last token may use an edge hex), nor within two hexes of another token ({RULE}, L307, "
                             "L311)", verb=verb)
    return hex_id


def place_token(ref: Referee, side: SideId, hex_id: str) -> None:
    state = ref.state
    slot = sum(1 for t in state.tokens if not t.artefact) + 1
    ref.emit(TokenPlaced(token=TokenRecord(slot=slot, hex=hex_id), side=side))
    if slot < token_count(len(state.sides)):
        ref.emit(TurnPassed(index=state.turn_index + 1, side=state.order[state.turn_index + 1]))
        return
    numbers = ref.decks().draw("tokens", slot, source="bag", target="revealed", why="the tokens are turned over",
                               quiet=True)
    ref.emit(TokensRevealed(numbers={i: int(n) for i, n in enumerate(numbers, start=1)},
                            hexes={t.slot: t.hex for t in ref.state.tokens if not t.artefact}))
    draw_hands(ref)
