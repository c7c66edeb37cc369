"""What each option of Eldfall's actions may be now, for the menus and autocomplete: the models a side may
activate, where a move may head and how, the targets, weapons, spells, equipment, quest tokens and stratagems of the
activated model. Every name follows what the asker may know (``model_name``): a side deploying behind its screen is
not listed, a Shrouded model is a token (L1776)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from engine.core import Choice, Disclosure, ModelId, OptionValue, Viewer, ViewerKind
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.odds import attack_odds
from engine.systems.eldfall.shrouds import shown_name
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.trading import trade_partners
from engine.systems.eldfall.views import SHROUDED, concealed, visible_models
from engine.table import PlacedModel
from engine.table.suggestions import named_destinations

__all__ = ["MOVES", "OptionSources", "model_name"]

_Filled = Mapping[str, OptionValue]
MOVES = ("walk", "run", "climb", "jump", "idle")
"""The movements a /move or an activation may name (L1184-1196)."""


def model_name(state: EldfallState, viewer: Viewer, model: PlacedModel) -> str | None:
    """How ``viewer`` may know a model in a menu: not at all while its side deploys behind a screen, as a token while
    it is Shrouded (its identity is its player's secret, L1776), else by name."""
    if model.id not in visible_models(state, viewer):
        return None
    return SHROUDED if concealed(state, viewer, model.id) else model.name


class OptionSources:
    """The option sources of one game's actions, over its kit and its measuring mode's disclosure."""

    def __init__(self, kit: Kit, disclosure: Callable[[EldfallState, Viewer], Disclosure]) -> None:
        self.kit = kit
        self.disclosure = disclosure

    def activatable(self, state: EldfallState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
        if viewer.kind is not ViewerKind.SIDE:
            return []
        world = self.kit.world(state)
        return [Choice(f.id, f"{f.id} {f.name} ({f.figure.ap} AP)") for f in world.fighters(viewer.side, standing=True)
                if f.figure.ap > 0]

    def destinations(self, state: EldfallState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
        """Where a move may head, named: into contact with each quest token, then with the enemies, nearest first
        only where the measuring mode lets a player measure before declaring (L604-610). A point is typed."""
        model = str(filled.get("model") or "")
        if ModelId(model.upper()) not in state.models:
            return []
        tokens = [Choice(f"contact {t.id}", f"into contact with {t.id}, a {t.kind} token")
                  for t in sorted(state.tokens.values(), key=lambda t: t.id)]
        return [*tokens, *named_destinations(state, model, measured=self.disclosure(state, viewer).distances,
                                             shown=lambda enemy: model_name(state, viewer, enemy))]

    def hows(self, state: EldfallState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
        """The movements, and those with the skills the chosen model has (L1190-1192)."""
        found = [Choice(how) for how in MOVES]
        model = ModelId(str(filled.get("model") or "").upper())
        if model not in state.models or model not in state.figures:
            return found
        f = self.kit.world(state).fighter(model)
        extra = {"walk flicker": f.has("Flicker"), "run flicker": f.has("Flicker"),
                 "walk fly": f.has("Flight") or f.accessory("flying-carpet"), "walk land": f.is_("flying"),
                 "walk stand": f.is_("crouched"), "walk crouch": not f.is_("crouched") and not f.is_("flying"),
                 "walk taunt": f.has("Taunt"), "run trample": f.has("Trample"), "dash": f.has("Dash")}
        return found + [Choice(how) for how, ok in extra.items() if ok]

    @staticmethod
    def active(state: EldfallState) -> ModelId | None:
        return state.sequence.model if state.sequence is not None else None

    def targets(self, state: EldfallState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
        """The enemies the activated model may aim at; once the weapon or spell is chosen, and where the measuring
        mode shows odds before declaring, each with its dice and its chance of a Hit."""
        active = self.active(state)
        if active is None:
            return []
        world = self.kit.world(state)
        f = world.fighter(active)
        means, sequence = str(filled.get("with") or ""), state.sequence
        found = []
        for e in world.enemies(f, standing=False):
            if e.dead:
                continue
            # No odds against a Shrouded token: they would be worked from the profile its player keeps secret.
            odds = attack_odds(world, f, means, e, idle=sequence.movement == "idle", dash=sequence.dash) \
                if means and sequence is not None and self.disclosure(state, viewer).odds \
                and not concealed(state, viewer, e.id) else ""
            found.append(Choice(e.id, f"{e.id} {shown_name(e)}{odds}"))
        return found

    def means(self, state: EldfallState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
        active = self.active(state)
        if active is None:
            return []
        f = self.kit.world(state).fighter(active)
        return [Choice(m.id, f.item_label(m.item) if m.item is not None and not m.thrown else m.name)
                for m in (*f.weapons, *f.spell_means())]

    def equipment(self, state: EldfallState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
        active = self.active(state)
        if active is None:
            return []
        f = self.kit.world(state).fighter(active)
        shield = (Choice("no-shield", "Lay the shield down"), Choice("shield", "Take the shield up"))
        return [*(Choice(c.item.id, f.item_label(c.item)) for c in f.carried if c.item.category == "Weapon"),
                *(shield if any(c.item.category == "Shield" for c in f.carried) else ())]

    def summoned(self, state: EldfallState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
        """The asker's summoned creatures on the table, which their casters may dismiss (L992)."""
        if viewer.kind is not ViewerKind.SIDE:
            return []
        return [Choice(f.id, f"{f.id} {state.models[f.id].name} (summoned by {f.summoner})")
                for f in state.figures.values() if f.side == viewer.side and f.summoner is not None
                and f.gone is None and f.id in state.models]

    def partners(self, state: EldfallState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
        """The allied models in base contact the activated model may Trade with (L1544)."""
        active = self.active(state)
        if active is None:
            return []
        world = self.kit.world(state)
        return [Choice(o.id, f"{o.id} {shown_name(o)}") for o in trade_partners(world, world.fighter(active))]

    def gives(self, state: EldfallState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
        """The acquired items the activated model may give (L1545)."""
        active = self.active(state)
        return self._tradeable(state, active) if active is not None else []

    def takes(self, state: EldfallState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
        """The acquired items the Trade's target may hand over (L1545)."""
        target = ModelId(str(filled.get("target") or "").upper())
        return self._tradeable(state, target) if self.active(state) is not None else []

    def _tradeable(self, state: EldfallState, model: ModelId) -> Sequence[Choice]:
        if model not in state.models or model not in state.figures:
            return []
        f = self.kit.world(state).fighter(model)
        return [Choice(item, self.kit.catalogue.item(item).name + (f" (x{n})" if n > 1 else ""))
                for item, n in f.tradeable.items()]

    def spells(self, state: EldfallState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
        active = self.active(state)
        if active is None:
            return []
        f = self.kit.world(state).fighter(active)
        return [Choice(s.id, s.name) for s in f.spells]

    def tokens(self, state: EldfallState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
        return [Choice(t.id, f"{t.id} {t.kind}") for t in state.tokens.values()]

    def stratagems(self, state: EldfallState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
        if viewer.kind is not ViewerKind.SIDE:
            return []
        leader = next((f for f in self.kit.world(state).fighters(viewer.side) if f.figure.leader), None)
        return [Choice(name) for name in (leader.card.stratagems if leader is not None else ())]
