"""The bot's policy for a side seated to it (``/game new bot:B``), simple and deterministic (the same state
gives the same move, so games replay). Its candidate moves are what the menus offer (the declarations' ``legal``
entries and each parameter's menu), so the bot never plays what a player could not pick:

* set-up: its warband and its decks drawn among those offered with its side's secret dice (so they differ from game
  to game, and the reasons of these secret choices reach its side alone); each other choice at its default;
  objective tokens, the Artefact and fighters where the menus suggest them, one at a time;
* a decision it owes: a reaction if it has one (the first offered), otherwise each choice's default; a
  drive-back always drives the target back into the first hex offered;
* its activation: the Attack action with the most damage against the enemy closest to going out of action; else
  a Charge at such a target; else a Move toward the nearest enemy (or objective token); else Guard; else pass;
* its power step or end phase: an upgrade when it has unspent glory (the first card on the first fighter that
  may take it); otherwise pass.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from engine.core import PASS, REACTION, ActionCommand, Answer, Ask, Command, LegalAction, SideId, System, Viewer
from engine.core.bots import BotMove, answer_by_default, offer_refused, pick_in_secret
from engine.systems.underworlds.combat import DRIVE
from engine.systems.underworlds.declared import RULES
from engine.systems.underworlds.harm import stats_of
from engine.systems.underworlds.referee import Referee
from engine.systems.underworlds.suggestions import hex_order
from engine.systems.underworlds.warbands import DECK, WARBAND

__all__ = ["bot_move"]

Values = dict[str, str]


def bot_move(system: System[Any], ref: Referee, side: SideId, allowed: Callable[[Command], bool]) -> BotMove | None:
    state = ref.state
    owed = next((d for d in state.pending.values() if d.owner == side), None)
    if owed is not None:
        if owed.core == REACTION:
            options = [o.key for o in owed.parts[0].options if o.key != PASS]
            choice = options[0] if options else PASS
            return BotMove(Answer(decision_id=owed.id, choice=choice), ("answers its reaction offer",))
        if owed.kind == "drive-back":
            options = [o.key for o in owed.parts[0].options if o.key != "none"]
            if options:
                return BotMove(Answer(decision_id=owed.id, answers={DRIVE: options[0]}),
                               (f"drives the target back into {options[0]}",))
        return pick_in_secret(owed) if owed.kind in (WARBAND, DECK) else answer_by_default(owed)
    if state.outcome is not None or state.frames:
        return None
    command = _Offers(system, ref, side).choose()
    if command is None:
        return None
    if not allowed(command):
        offer_refused("underworlds", side, command, "taken from the menus the declarations offer")
        return None
    return BotMove(command, (f"takes {' '.join((*command.path, *([command.name] if command.name else [])))}",))


class _Offers:
    """What the menus offer ``side`` now, read from the declarations on one reading referee."""

    def __init__(self, system: System[Any], ref: Referee, side: SideId) -> None:
        self.ref, self.side = ref, side
        self.legal = RULES.legal(system, ref.state, side)

    def choose(self) -> ActionCommand | None:
        state = self.ref.state
        if state.step in ("tokens", "artefact", "fighters"):
            return self._placement() if state.active_side == self.side else None
        if state.step == "activation":
            return self._attack() or self._charge() or self._move() or self._first("guard") or self._first("pass")
        return self._upgrade() or self._first("pass")

    # -- reading the menus -------------------------------------------------------------------------------

    def _entries(self, name: str | None, verb: tuple[str, ...] = ("act",)) -> list[LegalAction]:
        return [legal for legal in self.legal if legal.verb == verb and legal.name == name]

    def _menu(self, name: str | None, option: str, given: Mapping[str, str],
              verb: tuple[str, ...] = ("act",)) -> list[str]:
        """The values ``option``'s menu offers, given the answers before it."""
        decl = RULES.find(verb, name)
        assert decl is not None
        param = decl.param(option)
        assert param is not None
        ask = Ask(decl.command_verb, self.side, Viewer.of_side(self.side), dict(given))
        return [c.value for c in param.menu(self.ref, ask)] if param.asked(self.ref, ask) else []

    def _first(self, name: str) -> ActionCommand | None:
        entries = self._entries(name)
        return _command(name, {str(k): str(v) for k, v in entries[0].options.items()}) if entries else None

    def _placement(self) -> ActionCommand | None:
        """The suggested placement, one at a time: the first suggestion that names a single hex."""
        for legal in self.legal:
            values = {str(k): str(v) for k, v in legal.options.items()}
            if "to" in values and "," not in values["to"]:
                return _command(legal.name, values)
            if legal.name == "place" and "to" in values:
                fighter, hex_id = values["model"].split(",")[0], values["to"].split(",")[0]
                return _command("place", {"model": fighter, "to": hex_id})
        return None

    # -- the activation ------------------------------------------------------------------------------------

    def _wounds_left(self, fighter_id: str) -> int:
        fighter = self.ref.state.fighters[fighter_id]
        return stats_of(self.ref.lib, self.ref.state, fighter).wounds - fighter.wounds

    def _attack(self) -> ActionCommand | None:
        """The Attack action with the most damage against the enemy closest to going out of action."""
        best: tuple[int, int, str, Values] | None = None
        for values in self._wholes("attack", ("target", "with")):
            fighter = self.ref.state.fighters[values["model"]]
            _, profile = self.ref.lib.attack_named(self.ref.state, fighter, values["with"])
            key = (-profile.damage, self._wounds_left(values["target"]), values["model"] + values["target"])
            if best is None or key < best[:3]:
                best = (*key, values)
        return _command("attack", best[3]) if best is not None else None

    def _charge(self) -> ActionCommand | None:
        """A Charge at the enemy closest to going out of action, from the first hex in id order."""
        for legal in self._entries("charge"):
            model = str(legal.options["model"])
            found = [(self._wounds_left(target), hex_order(end), target, end)
                     for target in self._menu("charge", "target", {"model": model})
                     for end in self._menu("charge", "to", {"model": model, "target": target})]
            if found:
                _, _, target, end = min(found)
                return _command("charge", {"model": model, "target": target, "to": end})
        return None

    def _move(self) -> ActionCommand | None:
        """A Move that brings a fighter nearer the nearest enemy (or objective token)."""
        state = self.ref.state
        board = self.ref.lib.board(state)
        goals = [f.hex for f in state.fighters.values() if f.side != self.side and f.hex] or \
            [t.hex for t in state.tokens]
        if not goals:
            return None

        def gap(hex_id: str) -> int:
            return min(board.hex_of(hex_id).distance(board.hex_of(goal)) for goal in goals)

        for legal in self._entries(None, ("move",)):
            model = str(legal.options["model"])
            ends = self._menu(None, "to", {"model": model}, ("move",))
            here = state.fighters[model].hex
            if ends and here is not None:
                end = min(ends, key=lambda h: (gap(h), hex_order(h)))
                if gap(end) < gap(here):
                    return ActionCommand(path=("move",), values=(("model", model), ("to", end)))
        return None

    def _wholes(self, name: str, options: tuple[str, ...]) -> Iterator[Values]:
        """Every command of ``name`` the menus can make, its first answer from ``/act``, each later one from its
        menu (a parameter settled by the state included)."""
        for legal in self._entries(name):
            yield from self._deeper(name, {str(k): str(v) for k, v in legal.options.items()}, options)

    def _deeper(self, name: str, given: Values, options: tuple[str, ...]) -> Iterator[Values]:
        if not options:
            yield given
            return
        for value in self._menu(name, options[0], given):
            yield from self._deeper(name, {**given, options[0]: value}, options[1:])

    # -- power cards ----------------------------------------------------------------------------------------

    def _upgrade(self) -> ActionCommand | None:
        """The first upgrade in hand on the first fighter that may take it."""
        for legal in self._entries(None, ("hand", "play")):
            card = str(legal.options["card"])
            if self.ref.lib.card(self.ref.state, card).type != "upgrade":
                continue
            fighters = self._menu(None, "model", {"card": card}, ("hand", "play"))
            if fighters:
                return ActionCommand(path=("hand", "play"), values=(("card", card), ("model", fighters[0])))
        return None


def _command(name: str | None, values: Values) -> ActionCommand:
    return ActionCommand(path=("act",), name=name, values=tuple(values.items()))
