# Everyday entry points for the mtgrules teaching kit.
#   make lab    open the lessons in JupyterLab
#   make test   run every test (unit, notebooks, browser, and the slow 2,000-example fuzzing)
#   make bench  run the benchmarks
#   make lint   ruff and mypy over the code
#   make handouts           the static handout site in build/handouts (no kernel, no network)
#   make present LESSON=04  a lesson on a projector, through Voila
# The virtualenv in .venv is created on first use and re-installed only when
# pyproject.toml is newer than the stamp file.

PYTHON ?= python3
VENV   := .venv
VPY    := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

# Jupyter refuses to start as root unless told it may.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

# Notebooks are tested with nbmake once the folder exists.
NOTEBOOKS := $(wildcard notebooks)

.PHONY: lab test bench lint handouts present clean distclean

$(VPY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(VPY)
	$(VPY) -m pip install -e '.[test]'
	touch $@

lab: $(STAMP)
	$(VENV)/bin/jupyter lab $(ROOT_FLAG) notebooks/

test: $(STAMP)
	MTGRULES_SLOW=1 $(VPY) -m pytest tests docs README.md $(NOTEBOOKS) --nbmake --doctest-glob='*.md'

bench: $(STAMP)
	$(VPY) benchmarks/run.py

handouts: $(STAMP)
	$(VPY) -m mtgrules handouts build/handouts

LESSON ?= 04
present: $(STAMP)
	$(VPY) -m mtgrules present $(LESSON)

lint: $(STAMP)
	$(VENV)/bin/ruff check mtgrules tests benchmarks
	$(VENV)/bin/mypy

clean:
	rm -rf build dist *.egg-info .pytest_cache .ruff_cache .hypothesis benchmarks/out
	find . -path ./$(VENV) -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \) \
		-type d -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
