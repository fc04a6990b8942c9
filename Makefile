# Everyday entry points for the mtgrules teaching kit.
#   make lab        open the lessons in JupyterLab
#   make test       every test but the slow ones: unit, docs, notebooks, browser (under 10 minutes on 2 cores)
#   make test-slow  the slow ones (@pytest.mark.slow): 2,000-example fuzzing, a class on a local JupyterHub
#   make bench      run the benchmarks
#   make lint       ruff and mypy over the code
#   make handouts           the static handout site in build/handouts (no kernel, no network)
#   make present LESSON=04  a lesson on a projector, through Voila
# The virtualenv in .venv is created on first use and re-installed only when
# pyproject.toml is newer than the stamp file. Both test targets first install what the
# tests need besides Python (test-tools below); CI (.ci/run) runs lint, test and test-slow.

PYTHON ?= python3
VENV   := .venv
VPY    := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
BUILD  ?= build

# Jupyter refuses to start as root unless told it may.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

# Tests run on every core (pytest-xdist); the browser and server tests share one worker
# (tests/conftest.py groups them), so they never start Chromium or Jupyter two at a time.
JOBS   ?= auto
PYTEST := $(VPY) -m pytest -n $(JOBS) --dist loadgroup

.PHONY: lab lab-settings test test-slow test-tools chromium proxy bench lint handouts present clean distclean

$(VPY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(VPY)
	$(VPY) -m pip install -e '.[test]'
	touch $@

lab: $(STAMP) lab-settings
	$(VENV)/bin/jupyter lab $(ROOT_FLAG) notebooks/

# JupyterLab's defaults for this virtualenv only: no "get notified about official Jupyter news?"
# pop-up over the lessons, no update check (the browser tests set the same).
LAB_SETTINGS := $(VENV)/share/jupyter/lab/settings/overrides.d/mtgrules.json
lab-settings: $(LAB_SETTINGS)
$(LAB_SETTINGS): mtgrules/classroom/jupyter/lab/overrides.json
	mkdir -p $(dir $@)
	cp $< $@

# nbmake runs the lessons that mtgrules/catalog/lessons.py lists, not a learner's notebook beside them.
test: $(STAMP) test-tools
	$(PYTEST) -m "not slow" tests docs README.md notebooks --nbmake --doctest-glob='*.md'

test-slow: $(STAMP) test-tools
	$(PYTEST) -m slow tests

# ---- what the tests need besides Python ----------------------------------------------------
# Each step installs what is missing, or says in one line what to run, and stops make.
test-tools: chromium proxy

# Debian's Chromium at /usr/bin/chromium, for Playwright (which can't download its own here),
# and the DejaVu fonts the width checks measure with: apt-get, when make runs as root.
CHROMIUM ?= /usr/bin/chromium
FONTS    := fonts-dejavu-core
chromium:
	@missing=""; \
	[ -x $(CHROMIUM) ] || missing=" chromium"; \
	dpkg-query -W -f='$${Status}' $(FONTS) 2>/dev/null | grep -q "ok installed" || missing="$$missing $(FONTS)"; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" != 0 ]; then \
		echo "make: the browser tests need$$missing: run 'sudo apt-get install$$missing', then make again"; exit 1; \
	fi; \
	echo "Installing$$missing with apt-get"; \
	export DEBIAN_FRONTEND=noninteractive; \
	apt-get update -qq && apt-get install -y -qq $$missing >/dev/null

# JupyterHub's proxy, for the classroom test: from npm into build/node, unless it is on the PATH.
PROXY := $(BUILD)/node/node_modules/.bin/configurable-http-proxy
proxy:
	@command -v configurable-http-proxy >/dev/null 2>&1 || [ -x $(PROXY) ] || { \
		command -v npm >/dev/null 2>&1 || { \
			echo "make: the classroom test needs JupyterHub's proxy, from npm: run 'sudo apt-get install npm' (or install Node.js), then make again"; exit 1; }; \
		echo "Installing configurable-http-proxy with npm into $(BUILD)/node"; \
		npm install --silent --no-audit --no-fund --prefix $(BUILD)/node configurable-http-proxy@5 >/dev/null || { \
			echo "make: npm could not install the proxy: run 'npm install --prefix $(BUILD)/node configurable-http-proxy@5' to see why"; exit 1; }; \
	}

bench: $(STAMP)
	$(VPY) benchmarks/run.py

handouts: $(STAMP)
	$(VPY) -m mtgrules handouts build/handouts

LESSON ?= 04
present: $(STAMP)
	$(VPY) -m mtgrules present $(LESSON)

lint: $(STAMP)
	$(VENV)/bin/ruff check mtgrules tests benchmarks conftest.py
	$(VENV)/bin/mypy

clean:
	rm -rf build dist *.egg-info .pytest_cache .ruff_cache .hypothesis benchmarks/out
	find . -path ./$(VENV) -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \) \
		-type d -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
