# Two commands set everything up on a fresh machine: `make lab` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: lab play test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test,lab,openspiel,cluster]'
	touch $(STAMP)

lab: $(STAMP)  ## set up and open the lessons in JupyterLab
	$(BIN)/jupyter lab $(if $(filter 0,$(shell id -u)),--allow-root) notebooks/00_welcome.ipynb

# a page closed or reloaded leaves its kernel idle and unconnected: Voilà shuts it down within a few minutes
VOILA_CULL := --MappingKernelManager.cull_idle_timeout=120 --MappingKernelManager.cull_interval=30

play: $(STAMP)  ## the arcade: both games in the browser, no code in sight (Voilà, on localhost only)
	$(BIN)/voila $(VOILA_CULL) notebooks/play.ipynb

lint: $(STAMP)  ## the lessons too: ruff reads notebooks
	$(BIN)/ruff check cardcommons tests benchmarks notebooks
	$(BIN)/ruff format --check cardcommons tests benchmarks notebooks
	$(BIN)/mypy

test: lint  ## set up and pass every test: unit tests, doctests, lessons, browser
	$(BIN)/pytest

bench: $(STAMP)  ## speed figures, side by side with treys and eval7
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV)
