"""Turn a command's events into messages: public lines, private lines, decision prompts."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.core.decision_pictures import decision_picture
from bot.core.outputs import Output
from bot.core.text import fit
from engine.core import (
    BOT_USER,
    REACTION,
    SPECTATOR,
    Decision,
    DecisionAnnounced,
    DecisionOpened,
    Event,
    Game,
    PendingView,
    SeatTaken,
    SideId,
    UserId,
    Viewer,
    pending_view,
    said,
)

__all__ = ["AFTER_THE_GAME", "PASS_LABEL", "announce", "announce_pending", "decision_prompt", "quick_answer",
           "waiting_for", "who"]

AFTER_THE_GAME = ("The game is over. /game rematch plays it again with the sides swapped, /game export takes its log "
                  "and a replay home, /game new starts another.")
"""What a player can do once the game is over (/help, and /act alone)."""

PASS_LABEL = "Pass"
"""The one-click answer of a prompt turn (``bot.core.prompts``) and of a reaction offer."""


def _people(game: Game[Any], side: SideId) -> tuple[UserId, ...]:
    """The people who play ``side``: its members, never the bot's seat (the bot reads no messages)."""
    return tuple(user for user in game.state.members(side) if user != BOT_USER)


def who(game: Game[Any], side: SideId) -> str:
    """A side as the table names it: its player and letter."""
    user = game.state.seats.get(side)
    return f"{user} (side {side})" if user else f"side {side}"


def waiting_for(game: Game[Any], held: Sequence[SideId] = ()) -> str:
    """Whom the table waits on, by player ("Waiting for bob (side B) to play."), leaving out the asker's own
    sides: a newcomer with nothing to do is told whose turn it is rather than sent to /status. Empty when the
    table waits on nobody else (the game over or paused, or only the asker)."""
    to_act = game.to_act()
    sides = [side for side in to_act.sides if side not in held]
    if not sides:
        return ""
    owing = {decision.owner for decision in game.pending}
    verb = "decide" if all(side in owing for side in sides) else "play"
    return f"Waiting for {' and '.join(who(game, side) for side in sides)} to {verb}."


def decision_prompt(game: Game[Any], view: PendingView) -> str:
    """The owner's prompt: the question, each part's options, and how to answer."""
    lines = [f"{who(game, view.owner)}, decide {view.id}: {view.prompt}"]
    for part in view.parts:
        options = ", ".join(o.label if o.label.startswith(o.key) else f"{o.key} ({o.label})" for o in part.options)
        default = f"; default {part.default}" if part.default is not None else ""
        accepted = options or part.kind.value
        only = f" (only if {part.asked_when[0]} is {' or '.join(part.asked_when[1])})" if part.asked_when else ""
        lines.append(f"  {part.key}: {part.prompt}{only} [{accepted}{default}]")
    keys = [part.key for part in view.parts]
    example = "choice:<answer>" if len(keys) == 1 else "choice:" + ";".join(f"{k}=<answer>" for k in keys)
    optional = " Optional: it passes on timeout." if view.optional else ""
    lines.append(f"  Answer with /decide decision:{view.id} {example}.{optional}")
    return "\n".join(lines)


def announce(game: Game[Any], events: Sequence[Event], pictures: Callable[[], tuple[Any, ...]] = tuple) -> list[Output]:
    """Messages for one command: a public summary (with the pictures), private lines per side (a secret needed
    for the whole game once more by DM, see ``Output.by_dm``), and for each decision opened a public notice and the
    owner's private prompt."""
    outputs: list[Output] = []
    noticed = {e.body.decision.id for e in events if isinstance(e.body, DecisionOpened)
               and (pending := game.state.pending.get(e.body.decision.id)) is not None and _asks_people(game, pending)}
    # A decision's notice (below) says who is choosing, by name: its "Side A is choosing in secret." would say it twice.
    public = [line for e in events if e.audience.is_public and e.kind != "decision.opened"
              and not (isinstance(e.body, DecisionAnnounced) and e.body.decision_id in noticed)
              if (line := e.body.describe())]
    private: dict[UserId, list[str]] = {}
    lasting: dict[UserId, list[str]] = {}
    for event in events:
        if event.audience.is_public:
            continue
        recipients: list[UserId | None] = [user for side in event.audience.sides for user in _people(game, side)]
        if event.audience.host:
            recipients.append(game.setup.host)
        for user in recipients:
            line = event.body.describe()
            if user is not None and event.kind != "decision.opened" and line:
                private.setdefault(user, []).append(line)
                if event.body.lasting:
                    lasting.setdefault(user, []).append(line)
    if public:
        outputs.append(Output(text="\n".join(public), pictures=pictures()))
    outputs.extend(Output(text="\n".join(lines), to=user) for user, lines in private.items())
    outputs.extend(Output(text="Keep this for the game: " + " ".join(lines), to=user, by_dm=True)
                   for user, lines in lasting.items())
    for event in events:
        body = event.body
        decision_id = body.decision.id if isinstance(body, DecisionOpened) else None
        if isinstance(body, DecisionAnnounced):
            decision_id = None  # the private DecisionOpened beside it carries the prompt
        if decision_id is None or decision_id not in game.state.pending:
            continue
        decision = game.state.pending[decision_id]
        if _asks_people(game, decision):
            outputs.append(_notice(game, decision))
        owner_view = pending_view(decision, Viewer.of_side(decision.owner))
        drawn = decision_picture(game, decision.owner, owner_view.parts)  # drawn once for every member
        outputs.extend(Output(text=decision_prompt(game, owner_view), to=member, decision=owner_view, seq=game.seq,
                              pictures=drawn) for member in _people(game, decision.owner))
    outputs += _owed_on_joining(game, events)
    return outputs


def _owed_on_joining(game: Game[Any], events: Sequence[Event]) -> list[Output]:
    """A player who takes a seat that already owes a decision (opened before they joined: the invited opponent's
    first set-up choice) is given its prompt, so they answer it from its menu rather than by looking it up."""
    found = []
    opened = {e.body.decision.id for e in events if isinstance(e.body, DecisionOpened)}  # prompted above
    for event in events:
        if isinstance(event.body, SeatTaken):
            for decision in game.state.pending.values():
                if decision.owner == event.body.side and decision.id not in opened:
                    view = pending_view(decision, Viewer.of_side(decision.owner))
                    found.append(Output(text=decision_prompt(game, view), to=event.body.user, decision=view,
                                        seq=game.seq))
    return found


def _notice(game: Game[Any], decision: Decision) -> Output:
    """The public line that a side owes a decision: it pings only the owner and never shows a secret one."""
    notice = (f"{who(game, decision.owner)} is choosing." if decision.secret
              else f"Waiting for {who(game, decision.owner)}: {decision.prompt}")
    return Output(text=notice, decision=pending_view(game.live(decision), SPECTATOR),  # its options as they are now
                  ping=next(iter(_people(game, decision.owner)), None), seq=game.seq,
                  quick=quick_answer(decision))


def quick_answer(decision: Decision) -> str:
    """The label of a notice's one-click answer, its defaults, where that gives nothing away: Pass on a reaction
    offer (a core window's, or a game's own Reaction step: its defaults play no reaction, and every eligible side
    is offered it whatever it holds); on a decision that is not secret, its default (or "Keep the defaults (...)",
    said in words); on a secret one, "Keep the default", never saying what that is; none where a part has no
    default."""
    answers = decision.default_answers()
    if answers is None:
        return ""
    if decision.core == REACTION or decision.reaction_to is not None:
        return PASS_LABEL
    if decision.secret:  # asked whatever its owner holds: that it has defaults is all a button shows
        return "Keep the default"
    if len(decision.parts) == 1:
        part = decision.parts[0]
        label = part.label_of(str(part.default)) or str(part.default)
        return fit(label, 80)  # a button label's limit
    return fit(f"Keep the defaults ({said(decision.answers_that_matter(answers), decision.parts)})", 80)


def _asks_people(game: Game[Any], decision: Decision) -> bool:
    """Whether a decision gets a public notice with a Decide button: not one nobody else may know of, and not one
    the bot's seat owes (the table answers it at once, and nobody could press its button)."""
    return not decision.owner_only and game.state.controller(decision.owner) != BOT_USER


def announce_pending(game: Game[Any]) -> list[Output]:
    """The public notice of every decision pending now (to refresh prompts after a restart)."""
    return [_notice(game, decision) for decision in game.state.pending.values() if _asks_people(game, decision)]
