"""The project's own files tell the truth: docs match the code, sources are public, tests cannot flake on time."""

from __future__ import annotations

import re
import subprocess
import tomllib
from pathlib import Path

import hypothesis

from bot.core.pace import PACES

ROOT = Path(__file__).resolve().parents[1]
BUDGETS = ROOT / "docs" / "budgets.md"


def _tracked() -> list[Path]:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [ROOT / name for name in listed.splitlines() if (ROOT / name).is_file()]


def test_hypothesis_never_times_an_example() -> None:
    """A slow CI machine must not fail a property: the suite's profile has no per-example deadline."""
    assert hypothesis.settings.default.deadline is None


def test_no_file_names_a_path_on_a_build_machine() -> None:
    machine_path = re.compile(r"(?<![\w.])/(?:work|home|Users|tmp|mnt|root)/[\w.-]+")
    found = []
    for path in _tracked():
        if path.suffix in {".png", ".gif", ".sqlite3"}:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        found += [f"{path.relative_to(ROOT)}: {m.group()}" for m in machine_path.finditer(text)]
    assert found == []


def test_every_benchmark_cites_budgets_kept_in_the_project() -> None:
    budgets = BUDGETS.read_text(encoding="utf-8")
    for script in sorted((ROOT / "bench").glob("*.py")):
        text = script.read_text(encoding="utf-8")
        assert "DESIGN.md" not in text and "issue " not in text, f"{script.name} cites a file outside the project"
        assert "docs/budgets.md" in text, f"{script.name} does not say where its budget is written"
        assert f"`bench/{script.name}`" in budgets, f"docs/budgets.md has no row for {script.name}"
    for doc in (ROOT / "docs").glob("*.md"):
        assert "DESIGN.md" not in doc.read_text(encoding="utf-8"), f"{doc.name} cites a file outside the project"


def test_each_benchmark_budget_constant_is_the_documented_one() -> None:
    budgets = BUDGETS.read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip(): line for line in budgets.splitlines() if line.startswith("| `bench/")}
    constants = re.compile(r"^(\w*BUDGET\w*) = ([\d.]+)", re.MULTILINE)
    for script in sorted((ROOT / "bench").glob("*.py")):
        for name, value in constants.findall(script.read_text(encoding="utf-8")):
            unit = "s" if name.endswith("_S") else "ms"
            number = f"{float(value):g} {unit}"
            assert number in rows[f"`bench/{script.name}`"], f"{script.name} {name} = {value}: not {number} in the doc"


def test_the_pace_timeouts_in_the_docs_are_the_ones_the_code_uses() -> None:
    doc = (ROOT / "docs" / "discord.md").read_text(encoding="utf-8")
    for pace in PACES.values():
        assert f"`{pace.name}` ({pace.description})" in doc
    live = PACES["live"]
    assert (live.timeout("reaction"), live.timeout("reroll"), live.timeout("undo"), live.timeout("ask")) == (
        120, 120, 300, 600)
    assert live.description == "reactions and rerolls 2 min, undo requests 5 min, other choices 10 min"


def test_the_readme_promises_only_what_works() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first = readme.split("\n\n")[1]
    assert "full rules" not in first and "freeplay" in first
    assert "coming" in first or "not yet" in first


def test_the_supported_pythons_are_the_ones_the_readme_names() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["requires-python"] == ">=3.11"
    assert "full rules" not in project["description"]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "Python 3.11 or newer" in readme and "tested on 3.11 only" in readme
