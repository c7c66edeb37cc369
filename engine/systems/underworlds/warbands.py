"""The set-up's first step (Underworlds core rulebook, L121-L141, L731, L755): warbands, given by the scenario or
chosen in secret and revealed together, then each player's decks, starter or brought, chosen in secret and never
revealed. The boards follow (``board_setup``), then the objective tokens (``token_setup``), then ``opening``.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import (
    EVERYONE,
    DecisionPart,
    IllegalCommand,
    InvalidCommand,
    Option,
    PhaseChanged,
    SideId,
    ask_together,
    side_only,
)
from engine.systems.underworlds import board_setup
from engine.systems.underworlds.events import (
    DeckChosen,
    WarbandsChosen,
)
from engine.systems.underworlds.game_state import FighterRecord, SideRecord
from engine.systems.underworlds.owndecks import deck_of, decks_for, problems_of
from engine.systems.underworlds.referee import Referee, choice
from engine.systems.underworlds.schema import Deck

__all__ = ["DECK", "WARBAND", "begin", "choose_brought_deck", "on_deck", "on_warbands", "preset_decks"]

WARBAND, DECK = "warband", "deck"
_SCENARIOS = {"champions-v-reavers": ("steelhearts-champions", "garreks-reavers"),
              "reavers-v-champions": ("garreks-reavers", "steelhearts-champions")}

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
    board_setup.begin_boards(ref)


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
        board_setup.begin_boards(ref)


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
