"""Typed slash commands parsed against the registry, with errors that say what is accepted."""

from __future__ import annotations

import pytest

from bot.core.parsing import CommandLineError
from tests.commands import parse_line


def test_values_run_until_the_next_option_of_the_same_command() -> None:
    invocation = parse_line("/move model:A1 to:toward B2 max")
    assert invocation.path == ("move",)
    assert invocation.options == {"model": "A1", "to": "toward B2 max"}
    assert parse_line("/move model:A1 to:via:3,4;6,7 face:B1").options["to"] == "via:3,4;6,7 face:B1"


def test_groups_and_typed_options() -> None:
    invocation = parse_line("/game new system:freeplay practice:yes")
    assert invocation.path == ("game", "new")
    assert invocation.options == {"system": "freeplay", "practice": True}
    assert parse_line("/model wound model:A1 amount:-2").options["amount"] == -2
    assert parse_line("/move model:A1 to:3,4 max:6").options["max"] == 6.0


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("roll dice:2d6", "a command starts with /"),
        ("/mvoe model:A1", "unknown command /mvoe. Did you mean move?"),
        ("/game nwe", "/game nwe is not a command. Did you mean new?"),
        ("/game", "Choose one of: /game new, /game demo, /game join"),
        ("/move A1 10,12", "/move: expected option:value, got 'A1'. /move takes model:, to:, how:, max:"),
        ("/roll for:luck", r"/roll needs dice: \(A dice expression\)"),  # a game's verb asks by menu instead
        ("/model wound model:A1 amount:lots", "amount:lots is not an integer"),
        ("/game new system:freeplay practice:maybe", "practice: takes yes or no"),
        ("/roll dice:1d6 dice:2d6", "dice: is given twice"),
        ("/status extra:1", r"^/status takes no options \(extra: is not one\)\.$"),
        ("/status now", r"^/status: expected option:value, got 'now'\. /status takes no options\.$"),
        ("/move mdoel:A1", "^/move: mdoel: is not one of its options; /move takes model:, to:, how:, max:. "
                           "Did you mean model[?]$"),
        ("/move model:A1 ot:3,4 hwo:run", "^/move: hwo: is not one of its options; .* Did you mean how[?]$"),
        ("/model wound model:A1 amount:x", "amount:x is not an integer"),
    ],
)
def test_a_bad_line_says_what_is_accepted(line: str, message: str) -> None:
    with pytest.raises(CommandLineError, match=message):
        parse_line(line)
