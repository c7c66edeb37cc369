"""The example games (``examples/*/*.gm``): each plays to its end without an error, as ``skirmish-gm --console
--seed 7 --json`` plays it, draws its pictures and replays from its log to the same state; and each shows the rules
it was written for.

A whole game is seconds of work, so each example is played once, by one test, and every rule it shows is checked
on that play (the functions under ``RULES``, each named by its rule): a parallel run never plays it twice. Of its
pictures (hundreds in all, a tenth of a second each to draw) the first of each kind and the last are drawn: the
console's ``--out`` writing every one is tested in test_console.py.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.console.session import TABLE, ConsoleSession, seeded_source
from bot.core.outputs import Output, OutputFile, Picture
from bot.core.pictures import render_picture
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import SPECTATOR, Game, UserId, Viewer
from engine.systems.underworlds.game_state import objective_deck, power_deck

ROOT = Path(__file__).parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*/*.gm"))
README_PICTURE = ROOT / "docs" / "board-example.png"


@dataclass(frozen=True)
class Step:
    """One line typed, who typed it, what it said and the game's state after it (states are never changed in
    place, so a kept one stays as it was)."""

    user: str
    line: str
    outputs: list[Output]
    state: Any


@dataclass(frozen=True, repr=False)
class Played:
    """An example played to its end, or to its first error. No dataclass repr: ``asyncio.run`` formats its main
    task's repr, result included, when it restores the SIGINT handler (CPython 3.11's ``signal.getsignal``), and
    the repr of every state of a whole game took seconds."""

    status: int  # 0: played to the end; 1: stopped at an error
    errors: int
    steps: list[Step]
    records: list[dict[str, Any]]  # the JSON lines the console printed
    pictures: list[OutputFile]  # every picture the outputs carried, in order
    game: Game[Any] | None

    def texts(self) -> list[str]:
        return [str(record["text"]) for record in self.records]


async def _play(script: Path) -> Played:
    printed: list[str] = []
    session = ConsoleSession(SYSTEM_FACTORIES, seeded_source(7), print_line=printed.append, as_json=True,
                             files_from=script.parent)
    steps: list[Step] = []
    for line in script.read_text(encoding="utf-8").splitlines():
        typist = line.strip()[1:].partition(" ")[0] if line.strip().startswith("@") else str(session.user)
        outputs = await session.run_line(line)
        if not outputs:
            continue
        game = session._service.live_game(TABLE)  # the console's own table, as tests/core/test_export.py reads it
        steps.append(Step(typist.partition(":")[0], line.strip(), outputs, game.state if game else None))
        if any(output.error for output in outputs):
            break
    status = int(any(output.error for output in steps[-1].outputs)) if steps else 0
    pictures = [picture for step in steps for output in step.outputs for picture in output.pictures]
    return Played(status, session.errors, steps, [json.loads(text) for text in printed], pictures,
                  session._service.live_game(TABLE))


def _last_png(played: Played) -> bytes:
    """The last picture ``--out`` would write as a PNG (the README's is the freeplay example's)."""
    return render_picture([p for p in played.pictures if p.filename.endswith(".png")][-1])


def _drawn(played: Played) -> list[bytes]:
    """The first picture of each kind (by file name: the board, a hand, a replay) and the last, drawn."""
    firsts = {picture.filename: picture for picture in reversed(played.pictures)}
    return [render_picture(picture) for picture in firsts.values()] + [_last_png(played)]


# -- the rules each example shows -------------------------------------------------------------------------------


def the_readme_picture_is_the_examples_last_board(played: Played) -> None:
    last = _last_png(played)
    if os.environ.get("UPDATE_GOLDEN"):
        README_PICTURE.write_bytes(last)
    assert README_PICTURE.read_bytes() == last, "regenerate with UPDATE_GOLDEN=1 make test"
    assert "docs/board-example.png" in (ROOT / "README.md").read_text(encoding="utf-8")


def the_quest_runs_to_the_end_of_round_5_and_schemes_reach_only_their_owners(played: Played) -> None:
    records, texts = played.records, played.texts()
    kept = {str(r["audience"]): str(r["text"]).split("keeps the scheme ")[1].split(".")[0]
            for r in records if "keeps the scheme" in str(r["text"])}
    assert set(kept) == {"private:alice", "private:bob"}, "each kept scheme is told to its owner alone"
    reveal = next(i for i, t in enumerate(texts) if "reveals its scheme" in t)
    for record in records[:reveal]:
        if record["audience"] == "public":
            assert not any(name in str(record["text"]) for name in kept.values()), record["text"]
    assert any("the last player has played its turn of round 5" in t for t in texts)
    assert any(t.startswith("**Game over") or "Game over" in t for t in texts)


def one_player_against_the_bot_plays_to_a_result(played: Played) -> None:
    texts = played.texts()
    assert any("The bot plays side C: Amazon Gladiatrix" in t for t in texts), "her card drives her (L1616-1630)"
    assert any("The bot plays side B" in t for t in texts)
    assert any("Game over" in t for t in texts)


def the_alliance_forms_by_secret_agreement_and_its_breaker_pays_alone(played: Played) -> None:
    texts = played.texts()
    assert any("Sides A and B form an Alliance of Necessity (every player joined)" in t for t in texts)
    assert any("Allied: A and B" in t for t in texts if "You hold side A" in t), "/help says who is allied"
    assert any("Side B reacts: B2 Dodges." in t for t in texts), "an ally repositions with a Dodge (L2937)"
    assert any("Side B loses 3 VP: it broke the Alliance of Necessity" in t for t in texts)


def the_game_ends_with_a_result_in_round_3_and_keeps_every_hand_secret(played: Played) -> None:
    game = played.game
    assert game is not None and game.is_over() and game.outcome() is not None and game.state.round == 3
    leaks, checked = [], 0
    for step in played.steps:
        seats = {str(side): str(user) for side, user in step.state.seats.items()}
        found, looked = _leaks(step.line, _secrets(game.system, step.state), seats, step.outputs,
                               _own(game.system, step.state))
        leaks += found
        checked += looked
    assert leaks == [] and checked > 300


BOOKKEEPING = (" in draw", " in hand.", ": turned over", ": draw: ", "played as an upgrade", "objective token 1 ")
"""What the default log leaves to the full one: deck counts, bag reveals, decks listed, cards a game line already
names, face-down tokens numbered by placing order."""


def the_default_log_says_what_matters_and_the_full_log_keeps_everything(played: Played) -> None:
    game = played.game
    assert game is not None
    for side in (*game.state.sides, None):
        viewer = SPECTATOR if side is None else Viewer.of_side(side)
        default = [line.text for line in game.log_view(viewer).lines]
        assert not [t for t in default if any(word in t for word in BOOKKEEPING)], "bookkeeping in the default log"
        full = [line.text for line in game.log_view(viewer, full=True).lines]
        assert any(" in draw" in t for t in full) and set(default) <= set(full), "the full log keeps everything"


def the_introductory_scenario_plays_from_the_menus_to_a_winner_in_few_clicks(played: Played) -> None:
    """Shroudfall: every line after /game new a bare /act, /decide or a letter; the crystal mines score (L1297);
    alice's first activation within 12 interactions of /game new, her later ones 3 on average and never over 5
    (issue 23's menu-only counting)."""
    first, since_act, per_activation = None, 0, []
    for typed, step in enumerate(played.steps, start=1):
        assert typed == 1 or step.line in ("/act", "/decide") or (len(step.line) == 1 and step.line.isalpha())
        since_act = 1 if step.line == "/act" else since_act + 1
        if any(" A activates " in f" {o.text}" for o in step.outputs):
            if first is None:
                first = typed
            else:
                per_activation.append(since_act)
    texts = played.texts()
    assert "Scenarios in play: Captivating Crystal Creations." in "\n".join(texts)
    assert any("scores 1 VP for controlling" in t for t in texts) and any("Game over" in t for t in texts)
    assert first is not None and first <= 12, f"{first} interactions to alice's first activation"
    assert max(per_activation) <= 5 and sum(per_activation) / len(per_activation) <= 3, per_activation


def the_scenario_lead_wins_before_the_last_round(played: Played) -> None:
    """Shroudfall: the Crystal Mines score at each round's end (L1297), and at the end of a round before the fifth
    alice's lead reaches the scenario's VP value, 3: she wins by scenario (L1198; ruling scenario-win), before round 5
    (L1160), and the end card says why."""
    game = played.game
    assert game is not None and game.is_over()
    outcome = game.outcome()
    assert outcome is not None and outcome.reason.value == "scenario" and outcome.winner == "A"
    ended = game.state.round
    assert ended < 5
    scores = outcome.scores
    assert scores["A"] - scores["B"] >= 3, scores
    texts = "\n".join(played.texts())
    assert "scores 1 VP for controlling" in texts and "Crystal Mine, L1297)" in texts
    lead = scores["A"] - scores["B"]
    assert f"At the end of round {ended} side A leads by {lead} VP, at least the scenarios' 3: side A wins by " \
           "scenario (L1198)." in texts
    assert "Why: a scenario's victory condition was met." in texts


def the_quest_is_played_against_the_bot_to_its_winner_and_every_test_shows_its_tn(played: Played) -> None:
    """Sunshard: On The Hunt's 4 rounds to a winner; each test's public line gives its TN and what made it, its
    working every modifier with its rule line."""
    game = played.game
    assert game is not None and game.is_over() and game.outcome() is not None and game.state.round == 4
    texts = played.texts()
    assert any("The bot plays side B" in t for t in texts) and any("Game over" in t for t in texts)
    tests = [line for t in texts for line in t.splitlines() if "test" in line and ": TN " in line]
    assert tests and all(re.search(r": TN -?\d+( \(.+\))?, rolled ", line) for line in tests), tests[:3]
    assert any("(AA " in line and "EVA" in line for line in tests), "an attack's TN shows AA + EVA and its modifiers"
    workings = [str(w) for record in played.records for w in [record.get("working")] if w]
    assert any("EVA [Sunshard:Embren core rules v1.0, L497]" in w for w in workings)


def deeds_score_once_each_beside_the_quest_and_the_rain_takes_two_off_every_shot(played: Played) -> None:
    """Sunshard: Chance Encounter with deeds. Each deed scores once in the game, the moment it is met, kept apart from
    the quest's VP (L1163-1167): Headhunter with its Fortune (L1179); each kill 2 VP and each model standing 2 VP at
    the end (L1004); Torrential Rain takes 2 off every ranged attack test (L1008)."""
    game = played.game
    assert game is not None and game.is_over() and game.outcome() is not None and game.state.round == 4
    scored = [e.body for e in game.log if e.body.kind == "sunshard.vp"]
    deeds = [(str(b.side), b.deed) for b in scored if b.source == "deed"]
    assert {("B", "headhunter")} <= set(deeds)
    assert len(deeds) == len(set(deeds)), "a deed scores once in the game"
    for side, record in game.state.records.items():
        assert record.deed_vp == sum(b.amount for b in scored if b.side == side and b.source == "deed")
        assert record.quest_vp == sum(b.amount for b in scored if b.side == side and b.source == "quest")
    kills = [b for b in scored if b.source == "quest" and b.what.startswith("Killing")]
    standing = [b for b in scored if b.source == "quest" and "still standing" in b.what]
    assert kills and all(b.amount == 2 for b in kills) and len(standing) == 2
    assert all(b.amount == 2 * int(b.what.split()[0]) for b in standing)
    texts = played.texts()
    assert any("gains 1 Fortune (the deed Headhunter)" in t for t in texts)
    rained: list[bool] = []  # each ranged attack test: whether it had the rain's -2
    staged = None
    for event in game.log:
        body = event.body
        if body.kind == "sunshard.attack" and body.attack is not None:
            staged = body.attack
        elif body.kind == "sunshard.test" and "attack test on" in body.purpose and staged is not None:
            card = game.system.data.card(game.state.figures[staged.attacker].card)
            if next((w.RN != 0 for w in card.weapons if w.name == staged.profile), False):  # a curse is no weapon
                rained.append("-2 Torrential Rain" in body.made_of)
    assert rained and all(rained), "the rain takes 2 off every ranged attack test"


UNDERWORLDS = (the_game_ends_with_a_result_in_round_3_and_keeps_every_hand_secret,
               the_default_log_says_what_matters_and_the_full_log_keeps_everything)
RULES: dict[str, tuple[Callable[[Played], None], ...]] = {
    "freeplay/skirmish-at-the-crossroads.gm": (the_readme_picture_is_the_examples_last_board,),
    "eldfall/open-hostilities.gm": (the_quest_runs_to_the_end_of_round_5_and_schemes_reach_only_their_owners,),
    "eldfall/solo-against-the-arena.gm": (one_player_against_the_bot_plays_to_a_result,),
    "eldfall/alliance-of-necessity.gm": (the_alliance_forms_by_secret_agreement_and_its_breaker_pays_alone,),
    "sunshard/against-the-bot.gm": (the_quest_is_played_against_the_bot_to_its_winner_and_every_test_shows_its_tn,),
    "sunshard/chance-encounter-with-deeds.gm":
        (deeds_score_once_each_beside_the_quest_and_the_rain_takes_two_off_every_shot,),
    "underworlds/two-players.gm": UNDERWORLDS,
    "underworlds/three-players.gm": UNDERWORLDS,
    "shroudfall/introductory-from-the-menus.gm":
        (the_introductory_scenario_plays_from_the_menus_to_a_winner_in_few_clicks,),
    "shroudfall/scenario-lead-victory.gm": (the_scenario_lead_wins_before_the_last_round,),
}


def _name(script: Path) -> str:
    return f"{script.parent.name}/{script.name}"


@pytest.mark.parametrize("script", EXAMPLES, ids=_name)
def test_every_example_plays_to_the_end_and_shows_its_rules(script: Path) -> None:
    text = script.read_text(encoding="utf-8").splitlines()
    commands = [line for line in text if line.strip().startswith(("/", "@"))]
    assert text[0].startswith("#") and commands[0].startswith("/game new")
    played = asyncio.run(_play(script))
    assert played.status == 0 and played.errors == 0, [s.line for s in played.steps if any(o.error for o in s.outputs)]
    assert all(_drawn(played)), "the game drew the battlefield"
    game = played.game
    assert game is not None
    replayed = Game.from_records(game.system, game.setup, game.state.revealed_seed or "unrevealed", game.records())
    assert replayed.state.fingerprint() == game.state.fingerprint(), "its log replays to the same state"
    for rule in RULES.get(_name(script), ()):
        rule(played)


def test_every_example_shows_a_rule_and_every_rule_has_its_example() -> None:
    assert set(RULES) == {_name(script) for script in EXAMPLES}


def test_there_are_two_and_three_player_underworlds_examples_and_a_long_freeplay_one() -> None:
    firsts = [s.read_text(encoding="utf-8").splitlines()[3] for s in EXAMPLES if s.parent.name == "underworlds"]
    assert any("players:2" in line for line in firsts) and any("players:3" in line for line in firsts)
    freeplay = [p for p in EXAMPLES if p.parent.name == "freeplay"]
    assert freeplay
    assert max(sum(line.startswith(("/", "@")) for line in p.read_text().splitlines()) for p in freeplay) >= 40


# -- the hand-secrecy check of the Underworlds examples -----------------------------------------------------------


def _public_texts(output: Output) -> Iterator[str]:
    yield output.text
    for picture in output.pictures:
        yield picture.alt
        if isinstance(picture, Picture):
            yield picture.board.model_dump_json()


def _secrets(system: Any, state: Any) -> dict[str, set[str]]:
    """For each side, the names of the cards in its hand that no public pile shows (a card of the same name may be
    face up in another deck: two players can run the same card)."""
    public = {card for deck in state.decks.values() for pile, cards in deck.piles.items()
              if deck.shown[pile].value == "everyone" for card in cards}
    held: dict[str, set[str]] = {}
    for side in state.sides:
        for deck in (objective_deck(side), power_deck(side)):
            for card in state.decks[deck].piles["hand"] if deck in state.decks else []:
                if card not in public:
                    held.setdefault(side, set()).add(system.lib.card(state, card).name)
    return held


def _own(system: Any, state: Any) -> dict[str, set[str]]:
    """For each side, the names of every card in its own decks: its player may read them in private lines (its
    deck as dealt), even when another player holds a card of the same name."""
    return {side: {system.lib.card(state, card).name
                   for deck in (objective_deck(side), power_deck(side)) if deck in state.decks
                   for cards in state.decks[deck].piles.values() for card in cards} for side in state.sides}


def _leaks(line: str, secrets: dict[str, set[str]], seats: dict[str, str],
           outputs: list[Output], own: dict[str, set[str]] | None = None) -> tuple[list[str], int]:
    """Every secret card named where someone who does not hold it reads it (a card of the reader's own decks
    aside); and how many texts were looked at."""
    found, checked = [], 0
    for output in outputs:
        texts = list(_public_texts(output)) if output.to is None else [output.text]
        allowed = {side for side, u in seats.items() if u == output.to}
        known = {name for side in allowed for name in (own or {}).get(side, set())}
        for side, names in secrets.items():
            if side in allowed:
                continue
            for text in texts:
                checked += 1
                found += [f"{line!r}: side {side}'s {name!r} in {text[:100]!r}" for name in names - known
                          if name in text]
    return found, checked


def test_the_leak_check_finds_a_leak() -> None:
    secrets, seats = {"A": {"Sidestep"}}, {"A": "alice", "B": "bob"}
    outputs = [Output(text="Side A holds Sidestep"), Output(text="Sidestep", to=UserId("bob")),
               Output(text="Sidestep is in your hand.", to=UserId("alice"))]
    found, _ = _leaks("/x", secrets, seats, outputs)
    assert len(found) == 2
