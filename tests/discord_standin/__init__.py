"""A local stand-in for Discord (REST + gateway on 127.0.0.1) that the real discord.py client logs in to.

The ``standin`` fixture lives in ``.fixtures``, loaded as a pytest plugin; see ``docs/testing-discord.md``.
"""

from .bots import start_bot, stop_bot
from .interactions import InjectedInteraction
from .records import Request, Sent, Upload
from .server import StandIn

__all__ = ["InjectedInteraction", "Request", "Sent", "StandIn", "Upload", "start_bot", "stop_bot"]
