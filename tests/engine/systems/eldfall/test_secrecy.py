"""Eldfall's secrets: the bot's party, how many schemes a side drew, the Leader a list names. Two whole tables that
differ only in secret set-up are compared by tests/core/test_non_interference.py."""

from __future__ import annotations

from engine.core import BOT_USER, BotReasoned, PileCounts, SideId, Viewer, side_only
from engine.systems.eldfall.views import EldfallView
from tests.engine.systems.eldfall.commands import ChooseParty, Ready
from tests.engine.systems.eldfall.tables import ALICE, as_side, new_game, settle

A, B = SideId("A"), SideId("B")


def test_the_bot_seat_draws_its_party_in_secret_and_its_reasons_reach_its_side_alone() -> None:
    """The bot's party is its secret like anyone's (L1036): drawn with its side's secret dice (so it differs from
    game to game), named in no public line, its reasons for it logged for its side alone (ruling solo-bot-party)."""
    chosen = set()
    for seed in ("s1", "s2", "s3", "s4", "s5", "s6"):
        game = new_game(seed, seats={"A": ALICE, "B": BOT_USER})
        move = game.system.bot_move(game.state, B, lambda c, g=game: g.allows(c, as_side("B", BOT_USER)))
        assert move is not None and move.secret
        events = game.apply_bot(B, move)
        party = game.state.record(B).party
        assert party is not None
        chosen.add(party.name)
        public = [e for e in events if e.audience.is_public]
        assert not any(party.name in " ".join((e.body.describe(), *e.body.working())) for e in public)
        reasoned = [e for e in events if isinstance(e.body, BotReasoned)]
        assert [e.audience for e in reasoned] == [side_only(B)] and party.name in reasoned[0].body.describe()
        assert [e.audience for e in events if e.kind == "dice.rolled"] == [side_only(B)], "drawn with B's dice"
    assert len(chosen) >= 2, chosen


def test_how_many_schemes_a_side_drew_is_its_own_to_know() -> None:
    """The INT band of a Leader (1 scheme at 13 or less, 3 at 16 or more, L2363-2367) is its secret list's (L1036):
    every scheme pile's count reaches its owner alone, and each side is asked to keep one even of one scheme."""
    lines = []
    for party in ("Thenion Shadows", "Sand Conclave"):  # Leaders of INT 13 and 16
        game = new_game("scheme-counts")
        game.apply(ChooseParty(name=party), as_side("A"))
        game.apply(ChooseParty(name="Helian Expedition"), as_side("B"))
        assert {d.owner for d in game.pending if d.kind == "scheme"} == {A, B}
        counted = [e for e in game.log if isinstance(e.body, PileCounts) and e.body.deck_id == "schemes-A"]
        assert counted and all(e.audience == side_only(A) for e in counted)
        lines.append([line.text for line in game.log_view(Viewer.of_side(B)).lines])
    assert lines[0] == lines[1]


def test_the_leader_a_list_names_stays_secret_until_the_lists_are_revealed() -> None:
    # L1036, L1096: the party lists, and the Leader they name, are shown once every side has deployed; the 1st
    # Player's models are on view before that, but not which of them leads.
    game = new_game("leader-secret")
    game.apply(ChooseParty(name="Helian Expedition"), as_side("A"))
    game.apply(ChooseParty(name="Soga Vanguard"), as_side("B"))
    settle(game)  # the schemes and the Initiative Check, by their defaults
    first, second = game.state.order
    game.apply(Ready(), as_side(first))

    def leaders(viewer: str) -> set[str]:
        view = game.view(Viewer.of_side(SideId(viewer)))
        assert isinstance(view, EldfallView)
        return {m.id for m in view.models if m.side == first and m.leader}

    assert leaders(second) == set() and len(leaders(first)) == 1
    game.apply(Ready(), as_side(second))
    assert leaders(second) == leaders(first), "revealed with the lists"


def test_a_lone_scheme_is_confirmed_saying_why_and_the_owners_lines_name_schemes() -> None:
    """L2363-2367: a Leader of INT 13 draws one scheme, kept without a choice; its player still answers (so the other
    cannot tell), told why, and its own lines name the schemes drawn and kept, not their ids."""
    game = new_game("scheme-counts")
    game.apply(ChooseParty(name="Thenion Shadows"), as_side("A"))
    game.apply(ChooseParty(name="Helian Expedition"), as_side("B"))
    (decision,) = [d for d in game.pending if d.kind == "scheme" and d.owner == A]
    (part,) = decision.parts
    (option,) = part.options
    assert "cannot tell how many you drew" in decision.prompt and option.label.startswith("Keep ")
    settle(game)
    names = {s.name for s in game.system.kit.catalogue.schemes}
    ids = {s.id for s in game.system.kit.catalogue.schemes if s.id != s.name.casefold()}
    mine = [line.text for line in game.log_view(Viewer.of_side(A)).lines if "drawn into the hand" in line.text
            or line.text.endswith(": kept.")]
    assert len(mine) == 2 and all(any(n in t for n in names) for t in mine), mine
    assert not any(i in t.split(":")[0].split(", ") for t in mine for i in ids), mine
