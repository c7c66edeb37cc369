"""Test-suite plugins and settings: the stand-in Discord server and the throwaway PostgreSQL server are
available to every test, and Hypothesis never fails an example for being slow (a busy CI machine is no bug;
timing is for ``bench/``)."""

from hypothesis import settings

pytest_plugins = ["tests.discord_standin.fixtures", "tests.postgres_fixtures"]

settings.register_profile("project", deadline=None)
settings.load_profile("project")
