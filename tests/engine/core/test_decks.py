"""Decks: shuffled from the owner's secret dice and logged for nobody, drawn for the owner's eyes, counted for
everyone, revealed when played; a secret shuffle never shifts the public dice."""

from __future__ import annotations

import pytest
from pydantic import ConfigDict

from engine.core import (
    NOBODY,
    SPECTATOR,
    ActionCommand,
    Actor,
    Ask,
    Choice,
    Context,
    CoreState,
    Decks,
    DeckShuffled,
    Declarations,
    FreeForm,
    Game,
    GameSetup,
    IllegalCommand,
    Param,
    RequestUndo,
    RollDice,
    SideId,
    System,
    SystemSpec,
    View,
    Viewer,
    When,
    core_view_fields,
    deck_view,
)
from engine.core.core_events import DiceRolled
from engine.core.decks import TABLE_STREAM, CardsMoved, CardsShown, DeckView, Shown
from engine.dice import commitment, secret_stream
from tests.refusals import refusing

A, B = SideId("A"), SideId("B")
SEED = "d3" * 32


class CardState(CoreState):
    model_config = ConfigDict(extra="forbid")


class CardView(View):
    decks: dict[str, DeckView]


RULES: Declarations[CardState, CardState] = Declarations()
"""Playing a card from the hand and adding one's own, on either side's turn alike."""
ANY_TIME = When(turn=False)


def _in_hand(state: CardState, ask: Ask) -> list[Choice]:
    return [Choice(card) for card in state.decks[f"deck-{ask.acting}"].piles["hand"]]


def _named(state: CardState, ask: Ask, typed: str) -> str | None:
    """Any card name is read: the deck itself refuses one that is not where it is taken from."""
    return None


@RULES.action(None, "Play a card face up", verb=("hand", "play"), when=ANY_TIME,
              params=(Param("card", "Which card?", values=_in_hand, accepts=_named),))
def _play(ctx: Context[CardState], ask: Ask) -> None:
    Decks(ctx).move(f"deck-{ask.acting}", [ask.text("card")], "hand", "discard", why="played")


@RULES.action(None, "Add a card of your own to your hand", verb=("hand", "add"), when=ANY_TIME,
              params=(Param("card", "Which card?", accepts=_named, free_form=FreeForm.TEXT),))
def _add(ctx: Context[CardState], ask: Ask) -> None:
    Decks(ctx).add(f"deck-{ask.acting}", [ask.text("card")], "hand", why="a card of their own")


@RULES.action(None, "Set aside every card but the one kept (none, for one held)", verb=("hand", "keep"),
              when=ANY_TIME, params=(Param("card", "Which card?", values=_in_hand),))
def _keep(ctx: Context[CardState], ask: Ask) -> None:
    hand = ctx.state.decks[f"deck-{ask.acting}"].piles["hand"]
    Decks(ctx).move(f"deck-{ask.acting}", [c for c in hand if c != ask.text("card")], "hand", "discard")


def play(card: str) -> ActionCommand:
    return ActionCommand(path=("hand", "play"), values=(("card", card),))


def add(card: str) -> ActionCommand:
    return ActionCommand(path=("hand", "add"), values=(("card", card),))


class Cards(System[CardState]):
    """The table shuffles its face-down tokens (if any), then each side shuffles its own deck and draws three; a
    card may be played face up."""

    spec = SystemSpec(name="cards", title="Cards", min_sides=2, max_sides=2, hidden_information=True,
                      summary="decks for tests")
    declarations = RULES

    def __init__(self, decks: dict[SideId, list[str]], counts: dict[str, Shown] | None = None,
                 tokens: list[str] | None = None) -> None:
        self.contents = decks
        self.counts = counts
        self.tokens = tokens or []

    def initial_state(self, setup: GameSetup) -> CardState:
        return CardState(setup=setup)

    def start(self, ctx: Context[CardState]) -> None:
        decks = Decks(ctx)
        if self.tokens:
            decks.make("tokens", None, self.tokens)
            decks.shuffle("tokens")
        for side in ctx.state.sides:
            decks.make(f"deck-{side}", side, self.contents[side], counts=self.counts)
            decks.shuffle(f"deck-{side}")
            decks.draw(f"deck-{side}", 3, why="opening hand")

    def view(self, state: CardState, viewer: Viewer) -> CardView:
        return CardView(**core_view_fields(state, viewer),
                        decks={deck_id: deck_view(deck, viewer) for deck_id, deck in state.decks.items()})


def game(a_cards: list[str], b_cards: list[str] | None = None, counts: dict[str, Shown] | None = None,
         tokens: list[str] | None = None) -> Game[CardState]:
    setup = GameSetup(system="cards", sides=(A, B), host="alice", seed_commitment=commitment(SEED))  # type: ignore[arg-type]
    system = Cards({A: a_cards, B: b_cards or [f"b{n}" for n in range(8)]}, counts, tokens)
    return Game.start(system, setup, SEED, seats={A: "alice", B: "bob"})  # type: ignore[dict-item]


def _public(g: Game[CardState], *, full: bool = False) -> list[str]:
    return [f"#{line.seq} {line.text}" for line in g.log_view(SPECTATOR, full=full).lines]


def _shuffled(g: Game[CardState], deck_id: str) -> list[str]:
    """The order a deck's draw pile was shuffled into (logged for nobody; the test reads the whole log)."""
    return next(e.body.order for e in g.log if isinstance(e.body, DeckShuffled) and e.body.deck_id == deck_id)


def _shuffle_streams(g: Game[CardState], deck_id: str) -> set[str]:
    """The dice streams the shuffle of ``deck_id`` drew on."""
    purpose = f"shuffling deck {deck_id}"
    return {roll.stream for e in g.log if isinstance(e.body, DiceRolled) and e.body.purpose == purpose
            for roll in e.body.rolls}


def test_a_hand_is_the_owners_alone_and_everyone_sees_the_counts() -> None:
    g = game([f"a{n}" for n in range(8)])
    mine = g.view(Viewer.of_side(A)).decks["deck-A"]  # type: ignore[attr-defined]
    theirs = g.view(Viewer.of_side(B)).decks["deck-A"]  # type: ignore[attr-defined]
    assert len(mine.cards["hand"]) == 3 and "draw" not in mine.cards, "nobody sees the draw pile, not even its owner"
    assert "hand" not in theirs.cards and theirs.counts == {"draw": 5, "hand": 3, "discard": 0}
    assert g.view(SPECTATOR).decks["deck-B"].counts["hand"] == 3  # type: ignore[attr-defined]
    shuffles = [e for e in g.log if isinstance(e.body, DeckShuffled)]
    assert shuffles and all(e.audience == NOBODY for e in shuffles)
    draws = [e for e in g.log if isinstance(e.body, CardsMoved)]
    assert all(e.audience.sides == (e.body.deck_id[-1],) for e in draws), "a draw is logged for its owner only"
    counted = [line for line in _public(g, full=True) if "deck deck-A" in line]
    assert counted and counted[-1].endswith("Side A's deck deck-A: 5 in draw, 3 in hand."), "empty piles go unsaid"
    assert not [line for line in _public(g) if "in draw" in line], "the counts are for the full log only"


def test_the_public_record_does_not_depend_on_what_the_decks_hold() -> None:
    one = game([f"a{n}" for n in range(8)])
    other = game([f"x{n}" for n in range(8)])
    assert _public(one) == _public(other) and _public(one, full=True) == _public(other, full=True)
    assert one.view(SPECTATOR) == other.view(SPECTATOR)
    card = one.view(Viewer.of_side(A)).decks["deck-A"].cards["hand"][0]  # type: ignore[attr-defined]
    (shown, _) = one.apply(play(card), Actor(user="alice", side=A))  # type: ignore[arg-type]
    assert isinstance(shown.body, CardsShown) and shown.audience.everyone, "playing a card reveals it"


def test_a_secret_shuffle_never_shifts_the_public_dice() -> None:
    with_deck = game([f"a{n}" for n in range(20)])
    small_deck = game(["a1", "a2", "a3"])
    rolls = [g.apply(RollDice(expression="3d6"), Actor(user="alice", side=A))[0].body.total  # type: ignore[arg-type,attr-defined]
             for g in (with_deck, small_deck)]
    assert rolls[0] == rolls[1]


def test_a_draw_takes_the_top_of_the_shuffled_pile_and_leaves_the_rest_in_order() -> None:
    g = game([f"a{n}" for n in range(8)])
    order = _shuffled(g, "deck-A")
    assert order != [f"a{n}" for n in range(8)], "the seed shuffles this deck out of its listed order"
    drawn = next(e.body for e in g.log if isinstance(e.body, CardsMoved) and e.body.deck_id == "deck-A")
    assert drawn.cards == order[:3]
    assert g.state.decks["deck-A"].piles == {"draw": order[3:], "hand": order[:3], "discard": []}


def test_each_deck_is_shuffled_with_its_owners_secret_dice_and_the_tables_with_the_tables() -> None:
    """A side's shuffle draws on its own secret stream: how many cards the table's tokens or the other side's
    deck hold shifts nothing in it (on one shared stream, every earlier shuffle would move the later ones)."""
    plain = game([f"a{n}" for n in range(8)])
    busy = game([f"a{n}" for n in range(20)], tokens=[f"t{n}" for n in range(6)])
    assert _shuffle_streams(busy, "tokens") == {TABLE_STREAM}
    assert _shuffle_streams(busy, "deck-A") == {secret_stream(A)}
    assert _shuffle_streams(busy, "deck-B") == {secret_stream(B)}
    assert _shuffled(busy, "deck-B") == _shuffled(plain, "deck-B")


def test_undo_cannot_reach_back_past_a_draw() -> None:
    g = game([f"a{n}" for n in range(8)])
    with refusing(g, "showed secret information", error=IllegalCommand):
        g.apply(RequestUndo(to_seq=2), Actor(user="alice", side=A))  # type: ignore[arg-type]


def test_a_card_not_in_hand_cannot_be_played() -> None:
    g = game([f"a{n}" for n in range(8)])
    with refusing(g, "zz is not in hand", error=IllegalCommand):
        g.apply(play("zz"), Actor(user="alice", side=A))  # type: ignore[arg-type]


def test_a_card_added_during_the_game_is_seen_by_the_hands_owner_alone() -> None:
    """A player's own card joins their hand: only its owner reads its name; everyone sees the new count."""
    g = game([f"a{n}" for n in range(8)])
    events = g.apply(add("my-own"), Actor(user="alice", side=A))  # type: ignore[arg-type]
    added = next(e for e in events if e.kind == "deck.added")
    assert added.audience.sides == (A,) and not added.audience.everyone
    assert "my-own" in g.view(Viewer.of_side(A)).decks["deck-A"].cards["hand"]  # type: ignore[attr-defined]
    assert g.view(SPECTATOR).decks["deck-A"].counts["hand"] == 4  # type: ignore[attr-defined]
    assert not any("my-own" in line for line in _public(g))


def test_a_pile_counted_for_its_owner_alone_is_counted_by_nobody_else() -> None:
    """A count audience (Eldfall's schemes: how many a side drew tells its Leader's INT) reaches the views and the
    log alike; a pile everyone sees stays counted in public."""
    owner_only = {"draw": Shown.OWNER, "hand": Shown.OWNER}
    g = game([f"a{n}" for n in range(8)], [f"b{n}" for n in range(6)], counts=owner_only)
    assert g.view(Viewer.of_side(A)).decks["deck-A"].counts == {"draw": 5, "hand": 3, "discard": 0}  # type: ignore[attr-defined]
    for viewer in (SPECTATOR, Viewer.of_side(B)):
        assert g.view(viewer).decks["deck-A"].counts == {"discard": 0}  # type: ignore[attr-defined]
    assert not [line for line in _public(g) if " in draw" in line or " in hand" in line]
    assert [line.text for line in g.log_view(Viewer.of_side(B)).lines if "deck-A" in line.text] == []
    mine = [line.text for line in g.log_view(Viewer.of_side(A), full=True).lines if "deck deck-A:" in line.text]
    assert mine[-1] == "Side A's deck deck-A: 5 in draw, 3 in hand."
    assert _public(g) == _public(game([f"x{n}" for n in range(20)], [f"b{n}" for n in range(6)], counts=owner_only))
    card = g.view(Viewer.of_side(A)).decks["deck-A"].cards["hand"][0]  # type: ignore[attr-defined]
    g.apply(play(card), Actor(user="alice", side=A))  # type: ignore[arg-type]
    assert _public(g, full=True)[-1].endswith("Side A's deck deck-A: 1 in discard."), \
        "the discard pile is counted in public (in the full log)"
    assert g.view(SPECTATOR).decks["deck-A"].counts == {"discard": 1}  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="pile 'discard' is counted for owner but shown to everyone"):
        game(["a1", "a2", "a3"], counts={"discard": Shown.OWNER})



def test_moving_no_cards_says_nothing_yet_takes_its_events_as_any_move() -> None:
    """Keeping the only card held sets none aside: no "No card: from hand to discard." line for anyone; its events
    are still logged, so how many a secret step takes never tells how many cards were held."""
    g = game(["a1", "a2", "a3"])
    for card in g.state.decks["deck-A"].piles["hand"][1:]:
        g.apply(play(card), Actor(user="alice", side=A))  # type: ignore[arg-type]
    (kept,) = g.state.decks["deck-A"].piles["hand"]
    events = g.apply(ActionCommand(path=("hand", "keep"), values=(("card", kept),)), Actor(user="alice", side=A))  # type: ignore[arg-type]
    assert [e.kind for e in events] == ["deck.shown", "deck.counts"]
    for viewer in (SPECTATOR, Viewer.of_side(A)):
        assert not [line.text for line in g.log_view(viewer, full=True).lines if line.seq == events[0].seq]
