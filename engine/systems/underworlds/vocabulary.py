"""The card vocabulary: conditions, effects and modifiers that cards and fighters are written in, as data.

A card in YAML says what it does with these few words, so a player can add cards without code. Conditions
(objectives, Inspire conditions) are evaluated by ``conditions.evaluate``; modifiers (upgrades, lingering
ploys) by ``stats``; effects and reactions are typed data the game applies step by step. Every entry is a
mapping with a ``kind`` (or, for modifiers, the fields it changes), and every side is relative to the card's
owner: ``friendly`` is theirs, ``enemy`` any opponent's, ``any`` both.
"""

from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from engine.schema import Count, NonNegativeInt, Spec

__all__ = [
    "AllOf",
    "AnyOf",
    "AttackSymbol",
    "Choose",
    "Condition",
    "DefenceSymbol",
    "Effect",
    "FaceLabel",
    "FighterDeed",
    "FighterPlace",
    "FightersCondition",
    "HeldThroughCondition",
    "Modifier",
    "MovedAwayCondition",
    "Not",
    "ObjectivesCondition",
    "Reaction",
    "RolledCondition",
    "Side",
    "TakenOutCondition",
    "WarbandsCondition",
    "Who",
]

Side = Literal["friendly", "enemy", "any"]
AttackSymbol = Literal["hammer", "swords"]
DefenceSymbol = Literal["block", "dodge"]
FaceLabel = Literal["crit", "hammer", "swords", "block", "dodge", "support", "double support"]
"""Die faces as the dice roller labels them (``engine.dice.faces``: WHU_ATTACK, WHU_DEFENCE)."""

FighterPlace = Literal[
    "in_friendly_territory", "in_enemy_territory", "in_no_ones_territory", "holding_objective",
    "adjacent_to_enemy", "adjacent_to_friendly", "inspired", "on_guard",
]
"""Where a fighter is or what state it is in now; friendly and enemy are relative to the card's owner, so
``adjacent_to_friendly`` is next to one of the owner's fighters and ``in_enemy_territory`` in an opponent's."""

FighterDeed = Literal["moved", "charged", "attacked_successfully", "took_damage"]
"""What a fighter did this phase (in an end phase: in the action phase just played)."""


class _Comparison(Spec):
    """A count compared with one bound: ``at_least``, ``at_most`` or ``exactly``."""

    at_least: NonNegativeInt | None = None
    at_most: NonNegativeInt | None = None
    exactly: NonNegativeInt | None = None

    @model_validator(mode="after")
    def _one_bound(self) -> Self:
        given = [name for name in ("at_least", "at_most", "exactly") if getattr(self, name) is not None]
        if len(given) != 1 and not getattr(self, "every", False):
            raise PydanticCustomError("bound", "needs exactly one of at_least, at_most or exactly")
        return self

    def holds(self, count: int) -> bool:
        """Tell whether ``count`` meets the bound."""
        if self.at_least is not None:
            return count >= self.at_least
        if self.at_most is not None:
            return count <= self.at_most
        return count == self.exactly

    def bound_text(self) -> str:
        """The bound in words: ``at least 3``."""
        if self.at_least is not None:
            return f"at least {self.at_least}"
        if self.at_most is not None:
            return f"at most {self.at_most}"
        return f"exactly {self.exactly}"


class FightersCondition(_Comparison):
    """Count fighters of ``side`` in ``state`` that are in every ``where`` place, none of the ``where_not``
    places, and did every deed in ``did`` this phase."""

    kind: Literal["fighters"]
    side: Side = "friendly"
    state: Literal["on_battlefield", "out_of_action", "any"] = "on_battlefield"
    leader: bool | None = None
    where: tuple[FighterPlace, ...] = ()
    where_not: tuple[FighterPlace, ...] = ()
    did: tuple[FighterDeed, ...] = ()


class ObjectivesCondition(_Comparison):
    """Count objective tokens on the battlefield held as ``held_by`` says, lying ``where``, numbered ``number``."""

    kind: Literal["objectives"]
    held_by: Literal["friendly", "enemy", "anyone", "nobody", "not_friendly", "any"] = "friendly"
    where: Literal["anywhere", "friendly_territory", "enemy_territory", "no_ones_territory"] = "anywhere"
    number: Count | None = None


class TakenOutCondition(_Comparison):
    """Count fighters of ``victims`` taken out of action this phase by a warband of ``by``, ``using`` what."""

    kind: Literal["taken_out"]
    by: Side = "friendly"
    victims: Side = "enemy"
    leader: bool | None = None
    using: Literal["any", "attack", "charge", "ploy"] = "any"


class WarbandsCondition(_Comparison):
    """Count warbands of ``side`` that ``that``; ``every: true`` asks it of every such warband instead."""

    kind: Literal["warbands"]
    side: Side = "any"
    that: Literal["lost_a_fighter", "wiped_out", "have_fighters"]
    every: bool = False


class MovedAwayCondition(Spec):
    """A fighter of ``mover`` began a Move action this phase next to a fighter of ``away_from`` and ended it next
    to none of them."""

    kind: Literal["moved_away"]
    mover: Side = "enemy"
    away_from: Side = "friendly"


class HeldThroughCondition(Spec):
    """One fighter of ``side`` held the same objective token at the end of the last ``phases`` action phases."""

    kind: Literal["held_through"]
    side: Side = "friendly"
    phases: Count = 2


class RolledCondition(Spec):
    """This fighter's own roll (its defence roll as the target of an attack, or its attack roll) showed at
    least one of ``faces``: the Liberators' Inspire condition."""

    kind: Literal["rolled"]
    dice: Literal["attack", "defence"]
    faces: Annotated[tuple[FaceLabel, ...], Field(min_length=1)]


class AllOf(Spec):
    kind: Literal["all_of"]
    conditions: Annotated[tuple[Condition, ...], Field(min_length=2)]


class AnyOf(Spec):
    kind: Literal["any_of"]
    conditions: Annotated[tuple[Condition, ...], Field(min_length=2)]


class Not(Spec):
    kind: Literal["not"]
    condition: Condition


Condition = Annotated[
    FightersCondition | ObjectivesCondition | TakenOutCondition | WarbandsCondition | MovedAwayCondition
    | HeldThroughCondition | RolledCondition | AllOf | AnyOf | Not,
    Field(discriminator="kind"),
]
"""Something true or false of the battlefield, the phase so far, or the roll just made."""


class Modifier(Spec):
    """A change to a fighter's characteristics or an attack, and when it applies.

    Changes: ``move``, ``defence``, ``wounds``, ``dice``, ``damage``, ``knockback`` add to characteristics;
    ``move_times`` multiplies Move; ``critical_damage`` adds damage on a critical hit; ``damage_taken_becomes``
    replaces the damage a fighter suffers; ``symbol`` changes an attack's symbol; ``also_success`` makes more
    attack faces successes; ``cleave`` (or ``cleave_if_critical_rolled``) gives Cleave;
    ``no_enemy_support_for_target``, ``cannot_be_driven_back``, ``move_through_fighters``, ``cannot_charge``,
    ``exhausts`` (the fighter cannot be activated again this phase) and ``extra_glory_for_take_out`` as named.
    Conditions: ``when_charging`` (true: only in a Charge; false: never in one), ``range_at_most``,
    ``no_adjacent_friend``; ``optional`` lets the player decide each time.
    """

    move: int = 0
    move_times: Count = 1
    defence: int = 0
    wounds: int = 0
    dice: int = 0
    damage: int = 0
    knockback: NonNegativeInt = 0
    critical_damage: NonNegativeInt = 0
    damage_taken_becomes: Count | None = None
    symbol: AttackSymbol | None = None
    also_success: tuple[Literal["hammer", "swords"], ...] = ()
    cleave: bool = False
    cleave_if_critical_rolled: bool = False
    no_enemy_support_for_target: bool = False
    cannot_be_driven_back: bool = False
    move_through_fighters: bool = False
    cannot_charge: bool = False
    exhausts: bool = False
    extra_glory_for_take_out: NonNegativeInt = 0
    when_charging: bool | None = None
    range_at_most: Count | None = None
    no_adjacent_friend: bool = False
    optional: bool = False

    @model_validator(mode="after")
    def _changes_something(self) -> Self:
        unchanged = Modifier.model_construct()
        changes = [name for name in _CHANGES if getattr(self, name) != getattr(unchanged, name, None)]
        if not changes:
            raise PydanticCustomError("modifier", "changes nothing: give at least one of {names}",
                                      {"names": ", ".join(_CHANGES)})
        return self


_CHANGES = (
    "move", "move_times", "defence", "wounds", "dice", "damage", "knockback", "critical_damage",
    "damage_taken_becomes", "symbol", "also_success", "cleave", "cleave_if_critical_rolled",
    "no_enemy_support_for_target", "cannot_be_driven_back", "move_through_fighters", "cannot_charge", "exhausts",
    "extra_glory_for_take_out",
)

Who = Literal[
    "self", "chosen", "attacker", "target", "victim", "survivor", "each_adjacent_enemy",
    "each_enemy_adjacent_to_target", "self_and_adjacent_friendly",
]
"""Who an effect applies to: the card's fighter, the chosen fighter(s), the fighters of the triggering attack."""


class Choose(Spec):
    """What the player picks when the card is played: fighters of a side, an empty hex, or a held objective.

    A card cannot be played when the pick is impossible (two adjacent friendly fighters with only one left,
    Underworlds core rulebook, L575). ``up_to`` lets the player pick fewer than ``count``, even none.
    """

    fighters: Side | None = None
    count: Count = 1
    up_to: bool = False
    adjacent_to_each_other: bool = False
    hex: Literal["empty"] | None = None
    objective: Literal["held_by_friendly"] | None = None

    @model_validator(mode="after")
    def _one_thing(self) -> Self:
        if sum(x is not None for x in (self.fighters, self.hex, self.objective)) != 1:
            raise PydanticCustomError("choose", "needs exactly one of fighters, hex or objective")
        return self


class Reaction(Spec):
    """When a reaction may be used: ``when`` in the game, and filters on the triggering action.

    ``after_action`` follows an Attack action (or ploy, by ``by``); ``during_attack`` comes once the dice of an
    attack are known; ``could_be_driven_back`` when this fighter could be driven back; ``after_activation``
    follows an activation. ``actor`` made the attack or activation, ``target`` was attacked; ``result`` is the
    attack's outcome (``took_out``: it took a fighter out of action; ``critical_hit``: it scored one).
    ``friendly_left`` is how many friendly
    fighters remain on the battlefield afterwards; ``within`` how close the actor ended to this fighter;
    ``this_attack`` limits it to the Attack action the card grants.
    """

    when: Literal["after_action", "during_attack", "could_be_driven_back", "after_activation"]
    by: Literal["attack", "ploy", "attack_or_ploy"] = "attack"
    actor: Literal["self", "friendly", "enemy", "any"] = "any"
    target: Literal["self", "friendly", "enemy", "any"] = "any"
    result: Literal["any", "failed", "succeeded", "took_out", "critical_hit"] = "any"
    target_leader: bool | None = None
    target_adjacent_to_actor: bool = False
    friendly_left: NonNegativeInt | None = None
    within: Count | None = None
    this_attack: bool = False


class DamageEffect(Spec):
    kind: Literal["damage"]
    to: Who
    amount: Count = 1


class HealEffect(Spec):
    """Remove wound tokens: ``amount`` of them, or all when no amount is given."""

    kind: Literal["heal"]
    to: Who
    amount: Count | None = None


class PushEffect(Spec):
    kind: Literal["push"]
    who: Who
    hexes: Count = 1
    up_to: bool = False


class GuardEffect(Spec):
    kind: Literal["guard"]
    who: Who


class SwapEffect(Spec):
    """The two chosen fighters swap hexes."""

    kind: Literal["swap"]


class DrawEffect(Spec):
    kind: Literal["draw"]
    deck: Literal["power", "objective"]
    count: Count = 1
    up_to: bool = False


class RemoveObjectiveEffect(Spec):
    """The chosen objective token leaves the battlefield."""

    kind: Literal["remove_objective"]


class BlockHexEffect(Spec):
    """The chosen hex counts as blocked until the end of the phase."""

    kind: Literal["block_hex"]
    until: Literal["end_of_phase"] = "end_of_phase"


class RollEffect(Spec):
    """Roll dice; if any shows one of ``success``, apply ``then``, otherwise ``otherwise``."""

    kind: Literal["roll"]
    dice: Literal["attack", "defence"]
    count: Count = 1
    success: Annotated[tuple[FaceLabel, ...], Field(min_length=1)]
    then: tuple[Effect, ...] = ()
    otherwise: tuple[Effect, ...] = ()


class SetUpEffect(Spec):
    """Put a fighter that is out of action back on an empty starting hex in its owner's territory."""

    kind: Literal["set_up"]
    who: Who
    on: Literal["starting_hex_in_territory"] = "starting_hex_in_territory"


class AttackEffect(Spec):
    """``by`` makes an Attack action at once, costing no activation: against anyone, the triggering attacker,
    or the same target as the triggering attack; ``action: this`` repeats the triggering Attack action."""

    kind: Literal["attack"]
    by: Who
    against: Literal["any", "attacker", "same_target"] = "any"
    action: Literal["any", "this"] = "any"


class NotDrivenBackEffect(Spec):
    kind: Literal["not_driven_back"]
    who: Who


class ModifyEffect(Spec):
    """A lingering effect: ``modifier`` applies to ``applies_to`` in the next activation, for fighters of
    ``fighters`` (the chosen fighter, or a side; attacks by that side, or damage and moves of it)."""

    kind: Literal["modify"]
    lasts: Literal["next_activation"] = "next_activation"
    applies_to: Literal["first_attack", "every_attack", "first_damage", "first_move"]
    fighters: Literal["friendly", "enemy", "any", "chosen"] = "any"
    targets: Literal["friendly", "enemy", "any"] = "any"
    modifier: Modifier


class GrantReactionEffect(Spec):
    """For the next activation the player holds this reaction, as if it were printed on a card."""

    kind: Literal["grant_reaction"]
    lasts: Literal["next_activation"] = "next_activation"
    reaction: Reaction
    choose: Choose | None = None
    effects: Annotated[tuple[Effect, ...], Field(min_length=1)]


class ExhaustEffect(Spec):
    """The fighter cannot be activated again this phase."""

    kind: Literal["exhaust"]
    who: Who


Effect = Annotated[
    DamageEffect | HealEffect | PushEffect | GuardEffect | SwapEffect | DrawEffect | RemoveObjectiveEffect
    | BlockHexEffect | RollEffect | SetUpEffect | AttackEffect | NotDrivenBackEffect | ModifyEffect
    | GrantReactionEffect | ExhaustEffect,
    Field(discriminator="kind"),
]
"""One thing a card does, applied in the order the card lists them."""

for _model in (AllOf, AnyOf, Not, RollEffect, GrantReactionEffect):
    _model.model_rebuild()
