"""A game's own kinds of data (cards, weapons, spells...): validated by the model it declares, with errors that
name the file, the entry and the field; part of the data fingerprint; uploadable where the game allows."""

from __future__ import annotations

import pytest

from bot.core import data_loader
from bot.core.data_loader import catalogue_from_yaml, load_player_import
from engine.core import SystemSpec
from engine.schema import Catalogue, DataError, NonNegativeInt, Spec, Text


class CardSpec(Spec):
    id: Text
    name: Text
    glory: NonNegativeInt = 0


KINDS = {"cards": CardSpec}
CARDS = """cards:
  - {id: c1, name: Ambush, glory: 1}
  - {id: c2, name: Great Speed}
"""


def test_a_kind_is_read_from_its_own_file_and_looked_up_by_id() -> None:
    catalogue = catalogue_from_yaml("game", {"cards.yaml": CARDS}, folder="data/game", kinds=KINDS)
    assert [card.name for card in catalogue.kind("cards")] == ["Ambush", "Great Speed"]  # type: ignore[attr-defined]
    assert catalogue.entry("cards", "c2").glory == 0  # type: ignore[attr-defined]
    with pytest.raises(LookupError, match='unknown card "c3"'):
        catalogue.entry("cards", "c3")
    assert catalogue.kind("spells") == ()


def test_the_fingerprint_covers_the_games_own_data() -> None:
    one = catalogue_from_yaml("game", {"cards.yaml": CARDS}, kinds=KINDS)
    other = catalogue_from_yaml("game", {"cards.yaml": CARDS.replace("glory: 1", "glory: 2")}, kinds=KINDS)
    assert one.fingerprint() != other.fingerprint() != Catalogue(system="game").fingerprint()


def test_errors_name_the_file_the_entry_and_the_field() -> None:
    broken = CARDS.replace("glory: 1", "glory: -1").replace("Great Speed}", "Great Speed, power: 3}")
    with pytest.raises(DataError) as caught:
        catalogue_from_yaml("game", {"cards.yaml": broken}, folder="data/game", kinds=KINDS)
    problems = caught.value.problems
    assert any(p.startswith('data/game/cards.yaml: entry "c1" (cards[0]): field "glory": ') for p in problems)
    assert any('entry "c2" (cards[1]): field "power": is not a known field' in p for p in problems)
    twice = CARDS + "  - {id: c1, name: Again}\n"
    with pytest.raises(DataError, match=r'entry "c1" \(cards\[2\]\): repeats "c1" \(also cards\[0\]\)'):
        catalogue_from_yaml("game", {"cards.yaml": twice}, folder="data/game", kinds=KINDS)
    with pytest.raises(DataError, match=r"spells\.yaml: not a data file; expected one of .*cards\.yaml"):
        catalogue_from_yaml("game", {"spells.yaml": "spells: []"}, kinds=KINDS)


def test_players_upload_only_the_kinds_the_game_allows(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = SystemSpec(name="game", title="The Game", min_sides=2, max_sides=2, hidden_information=True,
                      summary="", data_kinds={"cards": CardSpec, "boards": CardSpec}, importable=("cards",))
    monkeypatch.setattr(data_loader, "find_system", lambda name: (spec, None))
    catalogue = Catalogue(system="game")
    (card,) = load_player_import("mine.yaml", "cards: [{id: m1, name: Mine}]", "cards", catalogue=catalogue)
    assert card.name == "Mine"  # type: ignore[attr-defined]
    with pytest.raises(DataError, match=r"mine\.yaml: The Game takes no uploads of boards; it takes units, forces, "
                                        "maps, cards"):
        load_player_import("mine.yaml", "boards: []", "boards", catalogue=catalogue)
