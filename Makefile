# Two commands on a fresh machine with Python 3.11+:
#   make play   - install into .venv (first time) and start Hedgemony TUI
#   make test   - install into .venv (first time), check the layers and the types, run the whole test suite
# make test-fast is the working loop: lint, layers and every test not marked slow (a few minutes).
# ARGS passes arguments through, e.g. make play ARGS="calc odds crt-a --column 1:1".

PYTHON ?= $(shell for p in python3.13 python3.12 python3.11 python3; do \
	  command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null && { echo $$p; break; }; \
	done)
VENV := .venv
STAMP := $(VENV)/.installed-stamp

.PHONY: play test test-fast clean browser

$(STAMP): pyproject.toml
	@test -n "$(PYTHON)" || { echo "Hedgemony TUI needs Python 3.11 or newer on PATH (python3.11, python3.12, python3.13 or python3)."; exit 1; }
	$(PYTHON) -m venv $(VENV)
	@# The stamp takes the time the install began: pyproject.toml edited meanwhile (a new
	@# game's entry point) is newer than it, and the next make installs again.
	@touch $(STAMP).new
	$(VENV)/bin/python -m pip install --quiet --upgrade pip
	$(VENV)/bin/python -m pip install --quiet -e '.[dev]'
	@mv $(STAMP).new $(STAMP)

play: $(STAMP)
	@$(VENV)/bin/hedgemony $(ARGS)

test: $(STAMP) browser
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy
	$(VENV)/bin/python -m pytest -q -n auto --dist loadgroup $(ARGS)

# The working loop, under four minutes on two cores: what `test` checks but mypy (a
# minute alone from cold; `test` and CI run it) and the tests marked slow (whole games
# played through, sweeps, balance runs, fuzzing, the wheel build). Every game's
# conformance and feed privacy, the snapshots and the command line's round trips stay in.
test-fast: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/python -m pytest -q -n auto --dist loadgroup -m "not slow" $(ARGS)

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .hypothesis

# Headless Chromium renders the debrief pack's HTML in one test. Installed where the
# machine allows it (Debian, as root); elsewhere that one test is skipped and says so.
browser:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || \
	  { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && \
	    timeout 300 sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium' >/dev/null 2>&1; } || \
	  echo "Chromium could not be installed: the test that renders the debrief pack's HTML will be skipped."
