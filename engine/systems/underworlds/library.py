"""The game's data as one game reads it: cards (the shipped ones and the players' own), fighter cards, the
battlefield rebuilt from the state, the table's rulings, and the read-only ``Battle`` the pure rules take.

A system builds one ``Library`` from its validated data and shares it between games; it caches only pure
results (a joined battlefield depends on nothing but its boards and layout).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pydantic import TypeAdapter

from engine.core import InvalidCommand
from engine.dice import WHU_ATTACK, WHU_DEFENCE, Die, Face
from engine.hex import HexBoard, HexIdError, Layout, Placement, join
from engine.systems.underworlds.battle import Battle, FighterState, MoveRecord, ObjectiveToken, PhaseRecord, TakeOut
from engine.systems.underworlds.boards import FREE, battlefield, free_placements, legal_layouts, parse_layout, tile
from engine.systems.underworlds.game_state import FighterRecord, UnderworldsState
from engine.systems.underworlds.rules import Rules
from engine.systems.underworlds.schema import AttackProfile, Card, Fighter, FighterSide, UnderworldsData

__all__ = ["MULTIPLAYER_FORMATS", "Library"]

MULTIPLAYER_FORMATS: dict[str, dict[int, tuple[tuple[int, int], ...]]] = {
    "stacked": {3: ((0, 0), (0, 6), (0, 12)), 4: ((0, 0), (0, 6), (8, 0), (8, 6))},
    "fanned": {3: ((4, 0), (0, 6), (8, 6)), 4: ((0, 0), (8, 0), (4, 6), (12, 6))},
}
"""Fixed battlefields for three and four players, each board's top-left hex (column, row): the book's diagrams
of its fixed format are lost (L787-L797), so these are the ruling ``multiplayer-layouts``. Every join completes
at least three hexes along long edges and two along short edges, as L755 requires."""

_CARD = TypeAdapter(Card)


class Library:
    """See the module docstring."""

    def __init__(self, data: UnderworldsData) -> None:
        self.data = data
        self._cards = {card.id: card for card in data.cards}
        self._fighters = {fighter.id: fighter for fighter in data.fighters}
        self._boards: dict[tuple[tuple[str, ...], tuple[str, ...], str, tuple[str, ...]], HexBoard] = {}
        self._layouts: dict[tuple[str, str], tuple[Layout, ...]] = {}

    # -- rulings, cards and fighter cards --------------------------------------------------------

    @staticmethod
    def rules(state: UnderworldsState) -> Rules:
        return Rules.from_choices(state.setup.rulings)

    def card(self, state: UnderworldsState, card_id: str) -> Card:
        """The card with that id, shipped or imported into this game; :raises InvalidCommand: naming it."""
        card = self._cards.get(card_id)
        if card is not None:
            return card
        for raw in state.imported:
            if raw.get("id") == card_id:
                return _CARD.validate_python(raw)
        raise InvalidCommand(f"there is no card {card_id!r} in this game")

    def find_card(self, state: UnderworldsState, text: str, among: Iterable[str]) -> str | None:
        """The card among ``among`` that ``text`` names (its id or name, any case, or a unique beginning)."""
        wanted = text.strip().casefold().replace("’", "'")
        listed = list(among)
        named = {card: {card.casefold(), self.card(state, card).name.casefold()} for card in listed}
        exact = [card for card, names in named.items() if wanted in names]
        if exact:
            return exact[0]
        begins = [card for card, names in named.items() if any(n.startswith(wanted) for n in names)]
        return begins[0] if len(begins) == 1 else None

    def fighter_card(self, profile: str) -> Fighter:
        return self._fighters[profile]

    def side_of_card(self, fighter: FighterRecord) -> FighterSide:
        """The side of the fighter card it uses now: Inspired or not (L45)."""
        card = self._fighters[fighter.profile]
        return card.inspired if fighter.inspired else card.normal

    def attacks(self, state: UnderworldsState, fighter: FighterRecord) -> list[tuple[str, AttackProfile]]:
        """Every Attack action the fighter has now, with where it comes from (``fighter`` or an upgrade's id);
        an attack made only as a reaction (Furious Parry) is left out."""
        found: list[tuple[str, AttackProfile]] = [("fighter", profile) for profile in self.side_of_card(fighter).attacks
                                                  if profile.made_as is None]
        for upgrade in fighter.upgrades:
            card = self.card(state, upgrade)
            if card.attack is not None:
                found.append((upgrade, card.attack))
        return found

    def attack_named(self, state: UnderworldsState, fighter: FighterRecord, name: str | None,
                     source: str | None = None) -> tuple[str, AttackProfile]:
        """The fighter's Attack action called ``name`` (or its only one); :raises InvalidCommand: listing them."""
        every = [(src, p) for src, p in self.attacks(state, fighter) if source is None or src == source]
        if source is not None and not every:
            every = [(src, p) for src, p in self._reaction_attacks(fighter)]
        if name is None or not name.strip():
            if len(every) == 1:
                return every[0]
            raise InvalidCommand(f"{fighter.id} has several Attack actions; say which with with: "
                                 f"({', '.join(p.name for _, p in every)})")
        wanted = name.strip().casefold().replace("-", " ")
        for src, profile in every:
            if profile.name.casefold().replace("-", " ") == wanted or src == name.strip().casefold():
                return src, profile
        for src, profile in self._reaction_attacks(fighter):
            if profile.name.casefold().replace("-", " ") == wanted:
                return src, profile
        raise InvalidCommand(f"{fighter.id} has no Attack action {name!r}; it has "
                             f"{', '.join(p.name for _, p in every)}")

    def _reaction_attacks(self, fighter: FighterRecord) -> list[tuple[str, AttackProfile]]:
        return [("fighter", p) for p in self.side_of_card(fighter).attacks if p.made_as is not None]

    # -- the battlefield ---------------------------------------------------------------------------

    def board(self, state: UnderworldsState) -> HexBoard:
        """The battlefield of this game (with Shardfall's blocked hexes this phase).

        :raises InvalidCommand: before the boards are placed.
        """
        field = state.field
        if not field.layout:
            raise InvalidCommand("the boards are not placed yet")
        key = (tuple(field.boards), tuple(field.owners), field.layout, tuple(state.shardfall))
        board = self._boards.get(key)
        if board is None:
            board = self.joined(field.boards, field.owners, field.layout)
            if state.shardfall:
                board = board.with_kind([board.hex_of(h) for h in state.shardfall], "blocked")
            self._boards[key] = board
        return board

    def layouts(self, first: str, second: str) -> tuple[Layout, ...]:
        """Every way these two board sides may be joined (L147), worked out once for each pair."""
        key = (first, second)
        if key not in self._layouts:
            self._layouts[key] = legal_layouts(self.data.board(first), self.data.board(second))
        return self._layouts[key]

    def die(self, state: UnderworldsState, kind: str) -> Die:
        """The attack or defence die as this table rolls it: the faces it entered (ruling ``dice-faces``), else the
        shipped public list (``dice.yaml``), in its order."""
        faces = state.dice.get(kind) or next((d.faces for d in self.data.dice if d.id == kind), None)
        if faces is None:
            return WHU_ATTACK if kind == "attack" else WHU_DEFENCE
        return Die(name=f"whu-{kind}", faces=tuple(
            Face(label=f, symbols=("support", "support") if f == "double support" else (f,)) for f in faces))

    def joined(self, boards: Sequence[str], owners: Sequence[str], layout: str) -> HexBoard:
        """The battlefield of these board sides, owned by these sides, joined in ``layout`` (uncached)."""
        sides = [self.data.board(b) for b in boards]
        if layout.startswith(FREE):
            return join([Placement(tile(side), column, row, turned, region=owner) for side, (column, row, turned), owner
                         in zip(sides, free_placements(layout), owners, strict=True)]).board
        if len(sides) == 2:
            return battlefield(sides[0], sides[1], parse_layout(layout), (owners[0], owners[1])).board
        corners = MULTIPLAYER_FORMATS[layout][len(sides)]
        return join([Placement(tile(side), column, row, region=owner)
                     for side, (column, row), owner in zip(sides, corners, owners, strict=True)]).board

    @staticmethod
    def hex_id(board: HexBoard, text: str, what: str = "hex") -> str:
        """A hex id as the board writes it (``c4`` -> ``C4``); :raises InvalidCommand: for one not on it."""
        try:
            return board.id_of(board.hex_of(text))
        except HexIdError as error:
            raise InvalidCommand(f"{what} {text!r}: {error}") from None

    # -- the read-only battle for the pure rules --------------------------------------------------

    def battle(self, state: UnderworldsState) -> Battle:
        board = self.board(state)
        fighters = tuple(
            FighterState(id=f.id, profile=f.profile, side=f.side, hex=board.hex_of(f.hex) if f.hex else None,
                         leader=f.leader, wounds=f.wounds, inspired=f.inspired, guard=f.guard, moved=f.moved,
                         charged=f.charged, upgrades=tuple(f.upgrades))
            for f in state.fighters.values())
        tokens = tuple(ObjectiveToken(number=t.number or 0, hex=board.hex_of(t.hex), face_up=t.face_up)
                       for t in state.tokens)
        log = state.phase_log
        record = PhaseRecord(
            moved=frozenset(log.moved), charged=frozenset(log.charged),
            attacked_successfully=frozenset(log.attacked_successfully), took_damage=frozenset(log.took_damage),
            taken_out=tuple(TakeOut(t.victim, t.by, t.by_fighter, t.using) for t in log.taken_out),
            moves=tuple(MoveRecord(m.fighter, frozenset(m.before), frozenset(m.after)) for m in log.moves))
        held = tuple(frozenset((n, f) for n, f in end) for end in state.held_at_phase_ends)
        return Battle(board=board, sides=state.sides, fighters=fighters, objectives=tokens, phase=record,
                      held_at_phase_ends=held)

    # -- fighters ----------------------------------------------------------------------------------

    @staticmethod
    def fighter(state: UnderworldsState, text: str) -> FighterRecord:
        """The fighter a player named: its id (``B3``), its card id or a unique beginning of its name.

        :raises InvalidCommand: naming the fighters there are.
        """
        wanted = text.strip().casefold()
        if wanted.upper() in state.fighters:
            return state.fighters[wanted.upper()]
        found = [f for f in state.fighters.values()
                 if f.profile == wanted or f.profile.startswith(wanted.replace(" ", "-"))]
        if len(found) == 1:
            return found[0]
        listed = ", ".join(f"{f.id} ({f.profile})" for f in state.fighters.values())
        raise InvalidCommand(f"there is no fighter {text!r}; fighters: {listed}")
