"""One terminal playing a table as several players: ``as bob`` switches who acts, ``@bob /cmd`` acts once.

In a hot seat (``hotseat``: two people at one keyboard, the interactive console's default) the keyboard follows the
menus: whoever the latest menu printed is for types next (a letter, a bare ``/act`` or ``/decide``), said in one
line ("(bob's menu: ...)"); a secret choice's line says who alone looks, as a private line names its reader.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from bot.core.data_loader import IMPORT_LIMIT_BYTES
from bot.core.deciding import matters, part_picks
from bot.core.outputs import Output
from bot.core.parsing import Attachment, CommandLineError, Invocation, parse_command_line
from bot.core.pictures import render_picture
from bot.core.registry import OptionType
from bot.core.service import SystemFactory, TableService
from bot.core.storage import MemoryRepository
from engine.core import BOT_USER, SideId, UserId

__all__ = ["ConsoleSession", "seeded_source"]

TABLE = "console"
PICK_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def seeded_source(seed: int) -> Callable[[], str]:
    """Reproducible game seeds for ``--seed N``: the k-th game of the session gets sha256("N:k")."""
    counter = iter(range(1_000_000))
    return lambda: hashlib.sha256(f"{seed}:{next(counter)}".encode()).hexdigest()


@dataclass
class ConsoleSession:
    """Reads console lines, runs them through the table service, prints what each player sees."""

    systems: Mapping[str, SystemFactory]
    seed_source: Callable[[], str]
    print_line: Callable[[str], None] = print
    as_json: bool = False
    show_working: bool = False  # print each action's working (Discord's Show working button) under it
    echo: bool = True  # repeat each command before its outputs (scripts); the keyboard needs no echo
    hotseat: bool = False  # the keyboard passes to whoever the latest menu is for (players sharing one keyboard)
    files_from: Path = field(default_factory=Path)  # where file: options are read from (the script's folder)
    out_dir: Path | None = None
    user: UserId = field(default_factory=lambda: UserId("alice"))
    side: SideId | None = None
    errors: int = 0
    _service: TableService = field(init=False)
    _pictures: int = 0
    _picks: dict[UserId, list[Invocation]] = field(default_factory=dict)  # each player's latest menu, by letter
    _last_working: str = ""  # the working behind the last output that offered one (the ``working`` line)
    _shown: UserId | None = None  # whose menu the letters printed last belong to
    _shown_at: dict[UserId, tuple[int, str | None]] = field(default_factory=dict)  # each menu's seq and decision

    def __post_init__(self) -> None:
        # No clock at a console table: a pre-passed reaction offer is passed at once.
        self._service = TableService(MemoryRepository(), self.systems, seed_source=self.seed_source,
                                     pass_delay=lambda: 0.0)

    async def run_line(self, line: str) -> list[Output]:
        """Run one console line; comments, blank lines and ``as NAME`` produce no output."""
        text = line.strip()
        if not text or text.startswith("#"):
            return []
        if text.startswith("as "):
            self.user, self.side = _identity(text[3:])
            return []
        if text == "working":  # a click on Show working under the last action that offered it
            self.print_line("  " + (self._last_working or "Nothing shown yet has working.").replace("\n", "\n  "))
            return []
        user, side, seq = self.user, self.side, self._seq()
        named = text.startswith("@")  # '@bob a' picks from bob's menu on purpose: no hint about whose letters
        if named:
            name, _, text = text[1:].partition(" ")
            user, side = _identity(name)
        try:
            picked = self._picked(text, user, hint=not named)
            invocation = picked or self._with_files(parse_command_line(text, self._service.registry))
        except CommandLineError as error:
            outputs = [Output(text=str(error), to=user, error=True)]
        else:
            invocation = _practice(invocation)
            outputs = await self._practice_gives_way(invocation)
            outputs += await self._service.execute(TABLE, user, invocation, side=side)
            outputs += await self._seat_opponent(invocation, outputs)
            if picked is not None and not named and self._whose(user):  # an old pick refused: whose letters showed
                outputs = [replace(o, text=o.text + self._whose(user)) if o.error else o for o in outputs]
            elif picked is None and (folded := self._folded(invocation)):  # 'extra:1' read as part of a value
                outputs = [replace(o, text=o.text + folded) if o.error else o for o in outputs]
        workings = [await self._service.working(TABLE, *o.working) if o.working else "" for o in outputs]
        self._last_working = next((w for w in reversed(workings) if w), self._last_working)
        self._show(user, f"{user}:{side}" if side else user, text, outputs, workings)
        if self.hotseat and not any(o.picks or _decision_picks(o)[1] for o in outputs):
            self._pass_keyboard(seq)
        return outputs

    def _seq(self) -> int:
        game = self._service.live_game(TABLE)
        return game.seq if game is not None else -1

    def _current(self, user: UserId) -> bool:
        """Whether ``user``'s latest menu still answers: printed at this state, or its decision still waits."""
        game = self._service.live_game(TABLE)
        shown = self._shown_at.get(user)
        if game is None or shown is None:
            return False
        seq, decision = shown
        return seq == game.seq or (decision is not None and decision in game.state.pending)

    def _pass_keyboard(self, seq: int) -> None:
        """A hot seat's line that moved the game on and printed no menu (bob answered his half of two secret
        picks; a pick whose next step is another player's): the keyboard passes to the one player the game now
        waits for, when the typist is not among those it waits for and has no menu still answering."""
        game = self._service.live_game(TABLE)
        if game is None or game.seq == seq or game.is_over() or self._current(self.user):
            return
        sides = game.to_act().sides
        waited = {user for side in sides if (user := game.state.controller(side)) not in (None, BOT_USER)}
        if self.user in waited or len(waited) != 1:
            return
        (self.user,), self.side = tuple(waited), None
        self._shown = self.user
        self.print_line(f"  ({self.user}'s menu above: type a letter to pick)" if self._current(self.user) else
                        f"  ({self.user}'s turn: /act or /decide shows {self.user}'s menu)")

    def has_game(self) -> bool:
        """Whether a game is open at the table (the banner says what a new one replaces)."""
        game = self._service.live_game(TABLE)
        return game is not None and not game.is_over()

    def menu(self, user: UserId) -> list[Invocation]:
        """``user``'s latest menu, in letter order (what their next letter picks from)."""
        return list(self._picks.get(user, ()))

    async def _practice_gives_way(self, invocation: Invocation) -> list[Output]:
        """``make run`` opens a practice table; a ``/game new`` or ``/game demo`` that would start is not refused for
        it (one terminal holds every seat, so nobody else's game is lost): the practice game is ended first."""
        game = self._service.live_game(TABLE)
        if game is None or not game.setup.practice or game.is_over():
            return []
        if invocation.path == ("game", "new"):
            starts = self._service.check_new_game(game.setup.host, invocation.options) is None
        else:
            starts = invocation.path == ("game", "demo") and str(invocation.options.get("system")) in self.systems
        if not starts:
            return []
        ended = await self._service.execute(TABLE, game.setup.host, Invocation(("game", "end"), {}))
        if any(output.error for output in ended):
            return ended
        # Its end report (a draw, the dice seed revealed) is about a table the newcomer never played: one line.
        return [Output(text="The practice table is put away for the new game.")]

    async def _seat_opponent(self, invocation: Invocation, outputs: list[Output]) -> list[Output]:
        """``/game new ... opponent:bob`` seats bob at the first free side, as his click on the invite's Join
        would on Discord (a practice table is what ``/game new`` gives without an opponent)."""
        opponent = str(invocation.options.get("opponent", "")).strip().lstrip("@")
        if invocation.path != ("game", "new") or not opponent or any(o.error for o in outputs):
            return []
        return await self._service.execute(TABLE, UserId(opponent), Invocation(("game", "join"), {}))

    def _picked(self, text: str, user: UserId, *, hint: bool = True) -> Invocation | None:
        """A letter picks from the typist's own latest menu, as their click on Discord would (carrying on its
        questions); another player's menu is never theirs to answer."""
        if len(text) != 1 or not text.isalpha():
            return None
        picks = self._picks.get(user, [])
        index = PICK_LETTERS.find(text.lower())
        if not 0 <= index < len(picks):
            accepted = ("; /act or /decide shows one" if not picks else " (its only pick is a)" if len(picks) == 1
                        else f" (picks a-{PICK_LETTERS[len(picks) - 1]})")
            whose = self._whose(user) if hint else ""
            raise CommandLineError(f"{user} has no pick {text} in their latest menu{accepted}{whose}")
        return picks[index]

    def _folded(self, invocation: Invocation) -> str:
        """A refused typed command with a ``name:`` word that is none of its options (``/act action:move extra:1``):
        the parser read it as part of the value before it (values may hold colons), which the refusal does not say."""
        spec = self._service.registry.find(invocation.path)
        names = [option.name for option in spec.options] if spec else []
        for key, value in invocation.options.items():
            for word in str(value).split()[1:] if isinstance(value, str) else ():
                name, colon, _ = word.partition(":")
                if colon and name.isalpha() and name not in names:
                    return (f" ({name}: is not an option of {invocation.name}, so it was read as part of {key}:; "
                            f"{invocation.name} takes {', '.join(f'{n}:' for n in names)})")
        return ""

    def _whose(self, typist: UserId) -> str:
        """When the letters last shown are another player's, how to answer them: a newcomer at one keyboard
        reads the menu just printed, but a letter picks from the typist's own latest menu."""
        if self._shown is None or self._shown == typist:
            return ""
        return f". The letters shown last are {self._shown}'s menu: type 'as {self._shown}' first"

    async def run_lines(self, lines: Iterable[str], *, strict: bool = False) -> int:
        """Run a script; with ``strict`` stop at the first error. Returns the exit status."""
        for line in lines:
            outputs = await self.run_line(line)
            if strict and any(output.error for output in outputs):
                return 1
        return 0

    def _with_files(self, invocation: Invocation) -> Invocation:
        """Read each file option (an attachment in Discord) from disk, relative to ``files_from``."""
        spec = self._service.registry.find(invocation.path)
        names = [o.name for o in spec.options if o.type is OptionType.ATTACHMENT] if spec else []
        files = {name: _read(self.files_from, str(invocation.options[name])) for name in names
                 if name in invocation.options}
        return replace(invocation, attachments=files) if files else invocation

    def _show(self, typist: UserId, user: str, command: str, outputs: list[Output], workings: list[str]) -> None:
        self.errors += sum(output.error for output in outputs)
        if self.echo and not self.as_json:
            self.print_line(f"{user}> {command}")
        for output, working in zip(outputs, workings, strict=True):
            if output.by_dm:  # the private reply printed beside it stays on the screen
                continue
            heading, found = _decision_picks(output)
            picks, footer = output.picks or found, ""
            if picks:
                self._picks[output.to or typist] = [invocation for _, invocation in picks]
                self._shown = output.to or typist
                self._shown_at[self._shown] = (self._seq(), output.decision.id if output.decision else None)
                footer = self._footer(self._shown, output)
            images = self._save_pictures(output)
            if self.as_json:  # images: the files written (--out); pictures: what the output carries
                record: dict[str, Any] = {"user": user, "command": command, **output.to_json()}
                record["pictures"], record["images"] = record["images"], images
                record["working"] = working.splitlines() if working else None
                self.print_line(json.dumps(record))
                continue
            label = "" if output.to is None else f"[{'error' if output.error else 'private'} to {output.to}] "
            under = "\n    " if label else "\n  "  # a private message's later lines stand under its label
            self.print_line("  " + (label + output.text).replace("\n", under))
            if working and self.show_working:
                self.print_line("  Working:\n" + "\n".join(f"    {line}" for line in working.splitlines()))
            if heading and not output.picks:  # which part the letters answer (the prompt above lists them all)
                self.print_line(f"  {heading}:")
            for letter, (pick, invocation) in zip(PICK_LETTERS, picks, strict=False):
                self.print_line(f"  {letter}) {pick}: {invocation.command_line()}")
            if picks:
                self.print_line(footer)
            for image in images or [f"{p.filename} (not saved; --out DIR saves pictures)" for p in output.pictures]:
                self.print_line(f"  [picture: {image}]")

    def _footer(self, owner: UserId, output: Output) -> str:
        """The line under a menu: who answers it and how. In a hot seat the keyboard passes to its owner (a secret
        choice's line says who alone looks, as a private line names its reader); otherwise another player's menu
        says how to hand the keyboard over."""
        if owner != self.user and not self.hotseat:
            return f"  ({owner}'s menu: type 'as {owner}', then a letter)"
        handed, self.user = owner != self.user, owner
        self.side = None if handed else self.side
        if self.hotseat and output.decision is not None and output.decision.secret and self._others():
            return f"  ({owner}'s secret choice: only {owner} looks; type a letter to pick)"
        return f"  ({owner}'s menu: type a letter to pick)" if handed else "  (type a letter to pick)"

    def _others(self) -> bool:
        """Whether another person plays at this table (a secret choice is then for one pair of eyes)."""
        game = self._service.live_game(TABLE)
        return game is not None and any(user not in (self.user, BOT_USER) for user in game.state.seats.values())

    def _save_pictures(self, output: Output) -> list[str]:
        """Write the output's pictures into ``out_dir`` (nothing without one), numbered on from the pictures
        already there, so a second run never overwrites the first's."""
        if self.out_dir is None or not output.pictures:
            return []
        self.out_dir.mkdir(parents=True, exist_ok=True)
        if self._pictures == 0:
            self._pictures = max((int(p.name[:3]) for p in self.out_dir.glob("[0-9][0-9][0-9]-*")), default=0)
        saved = []
        for picture in output.pictures:
            self._pictures += 1
            path = self.out_dir / f"{self._pictures:03d}-{picture.filename}"
            path.write_bytes(render_picture(picture))
            saved.append(str(path))
        return saved


def _decision_picks(output: Output) -> tuple[str, tuple[tuple[str, Invocation], ...]]:
    """A private decision prompt as picks: the first part's menu ("keep the defaults" first where there are several
    parts); each pick carries on to the next part that matters (Discord shows one select per part instead). With
    its heading when several parts are asked, so "b) Nothing" says whose nothing."""
    view = output.decision
    if output.to is None or view is None:
        return "", ()
    found = part_picks(view.id, view.parts, {})
    if found is None:
        return "", ()
    several = sum(matters(part, {}) for part in view.parts) > 1
    return (found[0] if several else ""), found[1]


def _read(folder: Path, name: str) -> Attachment:
    """A file option read from disk, refused past Discord's import limit (read no further than that)."""
    path = folder / name
    try:
        with path.open("rb") as file:
            data = file.read(IMPORT_LIMIT_BYTES + 1)
    except OSError as error:
        raise CommandLineError(f"cannot read the file {name}: {error.strerror}") from None
    if len(data) > IMPORT_LIMIT_BYTES:
        raise CommandLineError(f"{name} is larger than {IMPORT_LIMIT_BYTES // 1024} KB: imports are YAML files "
                               f"of at most {IMPORT_LIMIT_BYTES // 1024} KB, as on Discord")
    return Attachment(path.name, data)


def _identity(text: str) -> tuple[UserId, SideId | None]:
    """``alice`` or ``alice:B`` (alice acting for side B, when she holds several)."""
    name, _, side = text.strip().partition(":")
    return UserId(name), SideId(side.upper()) if side else None


def _practice(invocation: Invocation) -> Invocation:
    """A console table without an opponent is a practice table (one person holds every side); naming an opponent
    seats them instead (``ConsoleSession._seat_opponent``)."""
    if invocation.path == ("game", "new") and "practice" not in invocation.options \
            and "opponent" not in invocation.options:
        return Invocation(invocation.path, {**invocation.options, "practice": True})
    return invocation
