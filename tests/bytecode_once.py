"""Pytest plugin: under pytest-xdist the controller compiles the project and rewrites the test modules' asserts once,
before the workers start, so they load cached bytecode instead of each doing the same work.

On a fresh clone nothing is compiled yet, and every worker imports every module at the same moment: each rewrote the
asserts of all ~300 test modules (pytest's rewriting walks every assert's syntax tree, about 9 s of CPU) and compiled
the rest (about 2 s), so a run on two cores paid both twice. Warm, this only reads file headers. Nothing here changes
what a test does: the workers load the very bytecode they would have written. Where pytest's internals differ (another
version), or bytecode is not written (``PYTHONDONTWRITEBYTECODE``), it does nothing and each worker compiles as before.
"""

from __future__ import annotations

import compileall
import contextlib
import py_compile
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
PACKAGES = ("engine", "bot", "renderers", "tests")
_TEST_MODULE = re.compile(r"[/\\](test_[^/\\]*|conftest)\.py$")
"""Modules pytest rewrites (and caches under its own name): left to :func:`_rewrite_tests`."""


def _controller(config: pytest.Config) -> bool:
    """Whether this process is an xdist controller about to start workers."""
    return bool(getattr(config.option, "numprocesses", None)) and not hasattr(config, "workerinput")


def _compile_modules() -> None:
    for package in PACKAGES:
        compileall.compile_dir(ROOT / package, quiet=2, rx=_TEST_MODULE,
                               invalidation_mode=py_compile.PycInvalidationMode.TIMESTAMP)


def _rewrite_tests(config: pytest.Config) -> None:
    """Each test module and conftest rewritten into the cache file pytest's own import hook reads and writes."""
    from _pytest.assertion import rewrite

    state = config.stash[rewrite.assertstate_key]
    for source in sorted((ROOT / "tests").rglob("*.py")):
        if not _TEST_MODULE.search(str(source)):
            continue
        cache = rewrite.get_cache_dir(source)
        if not rewrite.try_makedirs(cache):
            return
        pyc = cache / (source.name[:-3] + rewrite.PYC_TAIL)
        if rewrite._read_pyc(source, pyc, state.trace) is None:
            source_hash, code = rewrite._rewrite_test(source, config)
            rewrite._write_pyc(state, code, source_hash, pyc)


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    if sys.dont_write_bytecode or not _controller(config):
        return
    _compile_modules()
    if config.getoption("assertmode") == "rewrite":
        with contextlib.suppress(AttributeError, ImportError, KeyError, TypeError):  # another pytest: skip it
            _rewrite_tests(config)
