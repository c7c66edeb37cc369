"""What the table service says back: text, pictures and decision prompts, each with its audience."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.core.parsing import Invocation
from engine.core import BoardView, CardsView, PendingView, SideId, UserId

__all__ = ["CardsPicture", "Document", "Output", "OutputFile", "Picture", "Replay"]


@dataclass(frozen=True, slots=True)
class Picture:
    """A board to draw, with its crop and the alt text built from the same view.

    Front-ends render it (``bot.core.pictures.render_picture``): the console at once, the Discord
    adapter in a process pool, so drawing never stalls the event loop.
    """

    filename: str
    board: BoardView
    crop: tuple[float, float, float, float] | None
    alt: str

    def to_payload(self) -> dict[str, Any]:
        return {"type": "picture", "filename": self.filename, "board": self.board.model_dump(mode="json"),
                "crop": list(self.crop) if self.crop else None, "alt": self.alt}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> Picture:
        crop = payload["crop"]
        return cls(payload["filename"], BoardView.model_validate(payload["board"]),
                   (crop[0], crop[1], crop[2], crop[3]) if crop else None, payload["alt"])


@dataclass(frozen=True, slots=True)
class Replay:
    """A game's public boards, one per round or turn, to encode as an animated GIF (off the event loop)."""

    filename: str
    frames: tuple[BoardView, ...]
    alt: str

    def to_payload(self) -> dict[str, Any]:
        return {"type": "replay", "filename": self.filename, "alt": self.alt,
                "frames": [frame.model_dump(mode="json") for frame in self.frames]}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> Replay:
        return cls(payload["filename"], tuple(BoardView.model_validate(f) for f in payload["frames"]), payload["alt"])


@dataclass(frozen=True, slots=True)
class Document:
    """A file made of text, such as the exported game log."""

    filename: str
    text: str
    alt: str

    def to_payload(self) -> dict[str, Any]:
        return {"type": "document", "filename": self.filename, "text": self.text, "alt": self.alt}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> Document:
        return cls(payload["filename"], payload["text"], payload["alt"])


@dataclass(frozen=True, slots=True)
class CardsPicture:
    """Some cards to draw (a hand, for its owner alone)."""

    filename: str
    cards: CardsView
    alt: str

    def to_payload(self) -> dict[str, Any]:
        return {"type": "cards", "filename": self.filename, "cards": self.cards.model_dump(mode="json"),
                "alt": self.alt}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> CardsPicture:
        return cls(payload["filename"], CardsView.model_validate(payload["cards"]), payload["alt"])


OutputFile = Picture | Replay | Document | CardsPicture
"""What a message may carry as attachments; front-ends turn each into bytes with ``render_file``."""

_FILE_TYPES: dict[str, type[Picture] | type[Replay] | type[Document] | type[CardsPicture]] = {
    "picture": Picture, "replay": Replay, "document": Document, "cards": CardsPicture}


@dataclass(frozen=True, slots=True)
class Output:
    """One message: to the whole table (``to`` is None) or privately to one user.

    A decision notice names the one user it may ping (``ping``), the state it was built from
    (``seq``, stamped on its button) and its deadline (epoch seconds). A message that must survive
    a crash is committed with its events and carries its ``outbox_id`` (Discord's nonce). A preview
    carries the invocation its Confirm runs. A prompt (``bot.core.prompts``: a turn the game offers unasked) has a
    public notice naming the side (``turn``), with a one-click Pass (``quick``), and the player's own menu beside
    it, in private; a decision's notice has a one-click answer where its defaults are public. A lasting secret (a
    kept scheme) also reaches its player in a copy marked ``by_dm``, which goes where it stays (a DM) even when its
    player's own command revealed it: a private reply to a command may vanish (Discord drops ephemeral replies on
    reload). A front-end that shows private
    replies for good (the console) skips the copy.
    """

    text: str
    to: UserId | None = None
    pictures: tuple[OutputFile, ...] = ()
    decision: PendingView | None = None
    error: bool = False
    ping: UserId | None = None
    seq: int | None = None
    deadline: float | None = None
    table: str | None = None
    game_id: str | None = None
    outbox_id: int | None = None
    confirm: Invocation | None = None  # a preview's Confirm runs this (stamped with the previewed state)
    working: tuple[int, int] | None = None  # events (first, last seq) whose working a "Show working" button lists
    picks: tuple[tuple[str, Invocation], ...] = ()  # ready answers to choose from (label, what runs then)
    by_dm: bool = False  # a lasting secret's copy for its DMs, beside the private reply that holds it too
    turn: SideId | None = None  # a prompt turn of this side offered unasked (bot.core.prompts): notice or menu
    quick: str = ""  # a public notice's one-click answer, by its label: Pass (a prompt turn, a reaction offer), a
    # public decision's defaults; its owner alone may press it, and it is worked out from the game when pressed

    @property
    def audience(self) -> str:
        return "everyone" if self.to is None else f"private:{self.to}"

    def to_json(self) -> dict[str, Any]:
        """The console's ``--json`` line: audience, text, images, decision, error."""
        return {
            "audience": self.audience,
            "text": self.text,
            "images": [picture.filename for picture in self.pictures],
            "decision": self.decision.model_dump(mode="json") if self.decision else None,
            "error": self.error,
        }

    def to_payload(self) -> dict[str, Any]:
        """Everything needed to send this message again after a restart (the outbox row)."""
        return {"text": self.text, "to": self.to, "pictures": [p.to_payload() for p in self.pictures],
                "decision": self.decision.model_dump(mode="json") if self.decision else None,
                "ping": self.ping, "seq": self.seq, "deadline": self.deadline, "table": self.table,
                "game_id": self.game_id, "working": list(self.working) if self.working else None,
                "by_dm": self.by_dm, "turn": self.turn, "quick": self.quick}

    @classmethod
    def from_payload(cls, payload: dict[str, Any], outbox_id: int) -> Output:
        decision = payload["decision"]
        return cls(text=payload["text"], to=payload["to"],
                   pictures=tuple(_FILE_TYPES[p["type"]].from_payload(p) for p in payload["pictures"]),
                   decision=PendingView.model_validate(decision) if decision else None,
                   ping=payload["ping"], seq=payload["seq"], deadline=payload["deadline"],
                   table=payload["table"], game_id=payload["game_id"], outbox_id=outbox_id,
                   working=tuple(payload["working"]) if payload.get("working") else None,
                   by_dm=bool(payload.get("by_dm")), turn=payload.get("turn"), quick=payload.get("quick") or "")
