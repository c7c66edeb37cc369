"""Test-suite plugins and settings: the stand-in Discord server fixture is available to every test, and
Hypothesis never fails an example for being slow (a busy CI machine is no bug; timing is for ``bench/``)."""

from hypothesis import settings

pytest_plugins = ["tests.discord_standin.fixtures"]

settings.register_profile("project", deadline=None)
settings.load_profile("project")
