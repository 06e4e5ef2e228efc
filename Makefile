# Two commands set everything up on a fresh machine: `make lab` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: lab play student test lint bench solve clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test,lab,openspiel,cluster,class]'
	touch $(STAMP)

lab: $(STAMP)  ## set up and open the lessons in JupyterLab
	$(BIN)/jupyter lab $(if $(filter 0,$(shell id -u)),--allow-root) notebooks/00_welcome.ipynb

play: $(STAMP)  ## the arcade: both games in the browser, no code in sight (Voilà, on localhost only)
	$(BIN)/voila notebooks/play.ipynb

student: $(STAMP)  ## the class kit: class/student to hand out, class/autograder to keep (otter assign)
	$(BIN)/python -m cardcommons.classkit student

lint: $(STAMP)  ## the lessons too: ruff reads notebooks
	$(BIN)/ruff check cardcommons tests benchmarks notebooks
	$(BIN)/ruff format --check cardcommons tests benchmarks notebooks
	$(BIN)/mypy

test: lint  ## set up and pass every test: unit tests, doctests, lessons, browser
	$(BIN)/pytest

bench: $(STAMP)  ## speed figures, side by side with treys and eval7
	$(BIN)/python benchmarks/run.py

solve: $(STAMP)  ## the miniatures solved by CFR+, each bot's exploitability: cardcommons/solve/data/solved.json (mini3: about 15 min, 7 GB)
	$(BIN)/python -m cardcommons.solve

clean:
	rm -rf $(VENV) class
