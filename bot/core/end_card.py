"""The card a table gets when a game ends: who won and why, the scores, the losses, the seed.

Everything on it comes from what everyone could already see (the spectator's view and board, and
the public records of the log), so it is safe to post to the whole table. A secret stays a secret
unless an event showed it to everyone; the dice seed is shown because the game revealed it, with
a check of every public die against it so players need not take the dice on trust.
"""

from __future__ import annotations

from typing import Any

from bot.core.export import board_history
from engine.core import SPECTATOR, DiceRolled, EndReason, Game, ModelId, SeedRevealed, SideId, View
from engine.dice import Die, commitment, verify_roll

__all__ = ["MAX_CARD_LENGTH", "end_card"]

MAX_CARD_LENGTH = 2000
"""Discord's message limit: the card must fit in one message."""

_MAX_LISTED = 8
"""Reveals and lost models listed by name before the rest are only counted."""


def end_card(game: Game[Any]) -> str:
    """The public end-of-game summary of a finished game, in one Discord message.

    :raises ValueError: if the game is not over (a card mid-game would announce a result that is not one).
    """
    view = game.view(SPECTATOR)
    if view.outcome is None:
        raise ValueError(f"the game is not over (event #{game.seq}); end it with /game end or /game concede first")
    sections = [
        _result(view),
        _rounds(view, game),
        _scores(view, game),
        _losses(game),
        _reveals(game),
        _still_secret(view, game.system.spec.hidden_information),
        _seed(view, game),
    ]
    card = "\n".join(line for section in sections for line in section)
    if len(card) > MAX_CARD_LENGTH:  # only very long lists get here; the seed lines are at the end, keep them
        seed = "\n".join(_seed(view, game))
        card = card[: MAX_CARD_LENGTH - len(seed) - 5].rsplit("\n", 1)[0] + "\n...\n" + seed
    return card


def _name(view: View, side: SideId) -> str:
    user = view.seats.get(side)
    return f"side {side} ({user})" if user else f"side {side}"


def _result(view: View) -> list[str]:
    outcome = view.outcome
    assert outcome is not None
    winner = outcome.winner
    names = " and ".join(_name(view, side) for side in outcome.winners)
    if winner is not None:
        result = f"{_name(view, winner)} wins"
    elif outcome.team is not None:
        result = f"team {outcome.team} ({names}) wins"
    elif outcome.draw and len(outcome.winners) < len(view.sides):
        result = f"{names} draw"
    else:
        result = "a draw"
    losers = [side for side in view.sides if not outcome.won(side)]
    why = {
        EndReason.SCORE: "the last round was played and the scores decide",
        EndReason.SCENARIO: "a scenario's victory condition was met",
        EndReason.ELIMINATION: "a side has nothing left on the table",
        EndReason.CONCEDED: (f"{_name(view, losers[0])} conceded" if winner and len(losers) == 1
                             else "a side conceded"),
        EndReason.HOST_ENDED: "the host ended the game; the scores at that point decide",
    }[outcome.reason]
    return [f"**Game over: {result}.** Why: {why}."]


def _rounds(view: View, game: Game[Any]) -> list[str]:
    played = f"Rounds played: {view.round}. " if view.round else ""
    return [f"{played}Events logged: {game.seq}."]


def _scores(view: View, game: Game[Any]) -> list[str]:
    """Totals from the outcome; where the points came from when the system tells (``score_sources``)."""
    outcome = view.outcome
    assert outcome is not None
    totals = ", ".join(f"side {side} {outcome.scores.get(side, 0)}" for side in view.sides)
    lines = [f"Scores: {totals}."]
    sources = game.system.score_sources(game.state)
    for side in view.sides:
        parts = sources.get(side)
        if parts:
            lines.append(f"  side {side}: " + ", ".join(f"{source} {points}" for source, points in parts.items()))
    return lines


def _losses(game: Game[Any]) -> list[str]:
    """Models each side lost, from the public boards: ever on the table and gone at the end, or at 0 wounds."""
    steps = board_history(game)
    final = next((step.board for step in reversed(steps) if step.board is not None), None)
    if final is None:
        return []
    seen: dict[ModelId, tuple[SideId, str]] = {}
    for step in steps:
        if step.board is not None:
            for model in step.board.models:
                seen.setdefault(model.id, (model.side, model.name))
    if not seen:
        return []
    present = {model.id: model for model in final.models if not model.out}
    parts = []
    for side in final.sides:
        fielded = [model_id for model_id, (owner, _) in seen.items() if owner == side]
        if not fielded:
            continue
        gone = [model_id for model_id in fielded if model_id not in present]
        down = [model_id for model_id in fielded if model_id in present and present[model_id].wounds == 0]
        lost = gone + down
        named = ", ".join(f"{model_id} {seen[model_id][1]}" + (" at 0 wounds" if model_id in down else "")
                          for model_id in lost[:_MAX_LISTED])
        more = f" and {len(lost) - _MAX_LISTED} more" if len(lost) > _MAX_LISTED else ""
        parts.append(f"side {side} {len(lost)} of {len(fielded)}" + (f" ({named}{more})" if lost else ""))
    return [f"Models lost: {'; '.join(parts)}."] if parts else []


def _reveals(game: Game[Any]) -> list[str]:
    """Secrets the game showed everyone (a card played, hands turned over), as the log told them."""
    shown = [event for event in game.events_for(SPECTATOR)
             if event.body.reveals_secret and not isinstance(event.body, SeedRevealed)]
    if not shown:
        return []
    lines = ["Revealed during play:"]
    lines += [f"  #{event.seq} {event.body.full()}" for event in shown[-_MAX_LISTED:]]
    if len(shown) > _MAX_LISTED:
        lines.insert(1, f"  ({len(shown) - _MAX_LISTED} earlier reveals are in the log)")
    return lines


def _still_secret(view: View, hidden: bool) -> list[str]:
    """How many cards each hand still hides, when the system shows hand sizes publicly; never which."""
    sizes = getattr(view, "hand_sizes", None)
    if not hidden or not isinstance(sizes, dict) or not any(sizes.values()):
        return []
    held = ", ".join(f"side {side} {sizes[side]}" for side in view.sides if sizes.get(side))
    return [f"Never shown, and staying secret: cards left in hand ({held})."]


def _seed(view: View, game: Game[Any]) -> list[str]:
    seed = view.revealed_seed
    if seed is None:
        return ["Dice seed: not revealed."]
    matches = "it matches" if commitment(seed) == view.seed_commitment else "IT DOES NOT MATCH"
    checked, verified, rigged = _check_dice(game, seed)
    rolls = f"{verified} of {checked} public seeded dice check out" if checked else "no seeded dice were rolled"
    rigged_note = f"; {rigged} rigged practice dice are marked and prove nothing" if rigged else ""
    return [
        f"Dice seed: `{seed}`",
        f"sha256(seed): `{view.seed_commitment}` (posted when the game began): {matches}.",
        "Anyone can verify every roll with this seed (each die is an HMAC-SHA256 of it, its stream and its index, "
        f"all in /game export): {rolls}{rigged_note}.",
    ]


def _check_dice(game: Game[Any], seed: str) -> tuple[int, int, int]:
    """Recompute every public die of a known kind from the seed: (checked, verified, rigged)."""
    checked = verified = rigged = 0
    custom = {die.name: die for die in game.system.spec.dice}
    for event in game.events_for(SPECTATOR):
        if not isinstance(event.body, DiceRolled):
            continue
        for roll in event.body.rolls:
            if roll.rigged:
                rigged += 1
                continue
            die = _die(roll.die, custom)
            if die is None or roll.index is None:
                continue
            checked += 1
            verified += verify_roll(seed, die, roll)
    return checked, verified, rigged


def _die(name: str, custom: dict[str, Die]) -> Die | None:
    """The game's own dice (``SystemSpec.dice``) by name, and any numeric die ``d<N>``."""
    if name in custom:
        return custom[name]
    sides = name[1:]
    return Die.numeric(int(sides)) if name.startswith("d") and sides.isdigit() and int(sides) > 0 else None
