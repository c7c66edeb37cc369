"""Test-suite plugins: the stand-in Discord server fixture is available to every test."""

pytest_plugins = ["tests.discord_standin.fixtures"]
