"""Test-suite plugins and settings: the stand-in Discord server and the throwaway PostgreSQL server are
available to every test, and Hypothesis never fails an example for being slow (a busy CI machine is no bug;
timing is for ``bench/``). Under CI (``.ci/run`` sets ``CI``) every property runs derandomized, so a run is
the same run on any machine; locally each run draws new examples and keeps exploring. ``make fuzz``
(``SKIRMISH_FUZZ=long``) loads the long profile: every property with many more examples (``tests/budget.py``).

``make test`` runs the suite in parallel (pytest-xdist), and each worker is a process of its own: a stand-in
server listens on a free port it is given, a PostgreSQL server lives in a temporary folder with its socket
inside, files go to ``tmp_path``, and Hypothesis's example database (locally, ``.hypothesis/``) writes each
example atomically, so workers share it safely.

Every bot runs under ``strict_offers``: a move its game offered and the referee refused is an error in tests
(in play the bot skips it), so a menu that lies cannot hide behind a bot that tries the next entry."""

import os

from hypothesis import settings

from engine.core import strict_offers
from tests.budget import LONG

pytest_plugins = ["tests.bytecode_once", "tests.lean_gc", "tests.discord_standin.fixtures", "tests.postgres_fixtures"]

settings.register_profile("project", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, database=None)
settings.register_profile("long", deadline=None, max_examples=2000)
settings.load_profile("long" if LONG else "ci" if os.environ.get("CI") else "project")

strict_offers()
