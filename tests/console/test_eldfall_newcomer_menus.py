"""Newcomer findings 33, 2, 1 and 32 (session 37): an Eldfall attack is one pick from the Action step's menu ("Attack
B3 ... with Greatsword: 2 dice, 84% for a Hit": no combat art, nothing spent, L1412-1486), an attack certain to fail on
reach is said so in that one entry (L746, Assisted measuring, L604-610), so is contact a Walk cannot reach, and /help
in the set-up names no round."""

from __future__ import annotations

from tests.menu_walk import table


async def test_a_whole_attack_is_one_pick_and_is_declared_as_its_label_says() -> None:
    walk = await table("eldfall", seed="seed5")
    await walk.say("alice", "/act model:A2 choice:idle action:activate", "A")
    await walk.settle()
    await walk.say("alice", "/act", "A")
    labels = walk.labels("alice")
    whole = [i for i, label in enumerate(labels) if label.startswith("A2: Attack B") and " with " in label]
    assert whole and labels.index("A2: Attack (choose weapon, art, Luck, targets)") > whole[-1], labels
    first = labels[whole[0]]
    assert "for a Hit" in first or "fails, out of reach" in first, first
    outputs = await walk.pick("alice", whole[0])
    assert not [o.text for o in outputs if o.error]
    target, weapon = first.split()[2], first.split(" with ")[1].split(":")[0].split(" (")[0]
    said = " ".join(o.text for o in outputs)
    assert f"A2 declares: attacks {target} " in said and f"with {weapon}." in said, said


async def test_contact_a_walk_cannot_reach_is_said_before_it_is_picked() -> None:
    """Finding 1: "into contact with B1" was offered for a Walk 20" short of it, and the move stopped short (ruling
    move-too-far, L593, L635); under Assisted measuring the place now says so, and the Run that reaches is still
    offered next."""
    walk = await table("eldfall", seed="seed5")
    await walk.say("alice", "/move model:A2", "A")
    contacts = [label for label in walk.labels("alice") if label.startswith("into contact with B")]
    short = [label for label in contacts if label.endswith(": stops short)")]
    assert short, contacts
    for label in short:
        allowance, gap = (float(part.split('"')[0]) for part in label.split("(a walk's ")[1].split(" of "))
        assert gap > allowance, label


async def test_help_in_the_set_up_says_so_rather_than_a_round() -> None:
    """Finding 32: '/help' during the set-up said 'round -.'."""
    walk = await table("eldfall", demo=False, seed="seed0")
    said = " ".join(o.text for o in await walk.say("alice", "/help"))
    assert "measuring), setting up." in said and "round -" not in said, said
