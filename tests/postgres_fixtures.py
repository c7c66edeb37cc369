"""Pytest wiring for PostgreSQL: one throwaway server per test session, one fresh schema per test.

Tests that take ``postgres_dsn`` are skipped, with the reason, where PostgreSQL is not installed; where it is,
they run, and a server that fails to start fails them.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.postgres_cluster import PostgresCluster, PostgresUnavailable

__all__ = ["postgres_cluster", "postgres_dsn"]


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    try:
        cluster = PostgresCluster()
    except PostgresUnavailable as why:
        pytest.skip(f"the PostgreSQL half of the storage tests is skipped: {why}")
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def postgres_dsn(postgres_cluster: PostgresCluster) -> str:
    """A DSN of an empty schema of its own on the session's server."""
    return postgres_cluster.new_schema_dsn()
