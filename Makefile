# Small Islands: `make serve` serves the app, `make test` runs the tests (every push, CI),
# `make test-deep` runs them all at full scale (before a release).
# Installs are idempotent: stamp files skip them until pyproject.toml / package-lock.json change.

PYTHON ?= python3
PORT ?= 8000
VENV := .venv
VPY := $(VENV)/bin/python
VENV_STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
BENCHES ?= $(sort $(filter-out bench/_%.py,$(wildcard bench/*.py)))

# The browser tests find Chromium via $$CHROMIUM, else `chromium`/`chromium-browser` on PATH,
# else Playwright's own download.

# The long tests' scale (tests/scale.py): `make test` runs them small (0.1: a tenth of the
# property-test examples, random games, fuzz games and recorded-game replays) and leaves out
# the tests marked `deep`; `make test-deep` runs everything at scale 1 (the full numbers, the
# whole CPython suite again under Pyodide, the browser tests' duplicate whole games).
TEST_SCALE ?= 0.1

.PHONY: serve test test-deep test-tests test-e2e build bench lint chromium install clean messages

serve: install build
	$(PYTHON) tools/serve.py --port $(PORT)

# tests/ and e2e/ run side by side (each one's output shown whole when it ends): the browser
# tests mostly wait (on Pyodide, timers, the pages), which the CPython tests fill. The browser
# tests also run in parallel by file, E2E_WORKERS of them (each its own server and Chromium, a
# file's tests in order on one worker): 3 beat 2 on two cores (bench/RESULTS.md, "Test suite
# time"). (SI_TEST_SITE: tests/test_build.py checks the site/ just built.)
E2E_WORKERS ?= 3

test: install lint chromium build
	@$(MAKE) --no-print-directory -j2 --output-sync=target test-tests test-e2e

# (both after `make build`)
test-tests:
	SI_TEST_SCALE=$(TEST_SCALE) SI_TEST_SITE=$(CURDIR)/site $(VPY) -m pytest tests -n auto --durations=15
test-e2e:
	SI_TEST_SCALE=$(TEST_SCALE) $(VPY) -m pytest e2e -n $(E2E_WORKERS) --dist loadfile --durations=25

test-deep:
	$(MAKE) test TEST_SCALE=1

# (zopfli, a dev dependency, compresses what the site sends as it is: tools/build.py `squeeze`)
build: $(VENV_STAMP) $(NODE_STAMP)
	$(VPY) tools/build.py

# The words to translate (README, "Translations"): Babel extracts them from web/ into
# locale/messages.pot and merges them into each language's .po (new ones empty, to be
# translated; tests/test_i18n_catalogue.py fails until they are). The build compiles the .po.
messages: $(VENV_STAMP)
	$(VENV)/bin/pybabel extract -F babel.cfg --no-location --sort-output --omit-header --no-wrap -o locale/messages.pot web
	$(VENV)/bin/pybabel update -i locale/messages.pot -d locale -D messages --no-fuzzy-matching --ignore-obsolete --no-wrap

bench: install chromium build
	@for b in $(BENCHES); do echo "== $$b"; $(VPY) $$b || exit 1; done

lint: $(VENV_STAMP)
	$(VPY) -m ruff check .
	$(VPY) -m mypy
	$(VPY) -m mypy --strict tools e2e/conftest.py e2e/test_shell.py e2e/test_snapshot.py e2e/test_first_paint.py bench/startup.py

install: $(VENV_STAMP) $(NODE_STAMP)

$(VENV_STAMP): pyproject.toml
	test -x $(VPY) || $(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# A Chromium for Playwright: the system one if present, else Debian's package (as root),
# else Playwright's download (needs its CDN; not reachable on the project's machines).
chromium: $(VENV_STAMP)
	@if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then \
	  :; \
	elif [ "$$(id -u)" = 0 ]; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	else \
	  $(VPY) -m playwright install chromium; \
	fi

clean:
	rm -rf site e2e/artifacts bench/out
