# Two commands do all the set-up: `make run` plays, `make test` checks everything.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench fuzz clean

# uv installs the project and its tools in about 14 s where pip takes 35 s (a fresh clone's set-up counts in the
# suite's 3-minute budget); where uv cannot be had or cannot reach an index, pip does the same install.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	( $(BIN)/python -m pip install --quiet uv && $(BIN)/uv pip install --quiet --python $(BIN)/python -e '.[dev]' ) \
	  || $(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/skirmish-gm

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/mypy

# The suite runs on every core (pytest-xdist); an idle worker takes queued tests from a busy one (worksteal).
# PYTEST_ARGS adds options: .ci/run prints the slowest tests with PYTEST_ARGS=--durations=15.
# Python keeps compiled modules and pytest's rewritten asserts in __pycache__ (its default, even where the shell
# sets PYTHONDONTWRITEBYTECODE): otherwise every worker recompiles everything, 16 s of CPU each instead of 6.5.
test: lint
	PYTHONDONTWRITEBYTECODE= $(BIN)/pytest -n auto --dist worksteal $(PYTEST_ARGS)

fuzz: $(STAMP)  ## the long property run: every property and fuzz with its long budget (tests/budget.py); long
	SKIRMISH_FUZZ=long $(BIN)/pytest -n auto -m "hypothesis or fuzz" -p no:cacheprovider

bench: $(STAMP)
	for script in bench/*.py; do $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
