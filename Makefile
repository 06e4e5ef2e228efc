# Two commands set everything up on a fresh machine: `make lab` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: lab play test lint bench site lite binder clean

$(STAMP): pyproject.toml docs/site/package-lock.json docs/lite/package-lock.json docs/lite/wheels.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test,lab,openspiel,cluster,site]'
	npm ci --prefix docs/site --silent --no-audit --no-fund  # what the static site serves itself
	npm ci --prefix docs/lite --silent --no-audit --no-fund  # Pyodide's core, for JupyterLite
	$(BIN)/python -m pip download --quiet --no-deps --only-binary :all: --python-version 3.14 \
		-r docs/lite/wheels.txt -d docs/lite/wheels  # what Pyodide boots the kernel with
	touch $(STAMP)

lab: $(STAMP)  ## set up and open the lessons in JupyterLab
	$(BIN)/jupyter lab $(if $(filter 0,$(shell id -u)),--allow-root) notebooks/00_welcome.ipynb

play: $(STAMP)  ## the arcade: both games in the browser, no code in sight (Voilà, on localhost only)
	$(BIN)/voila notebooks/play.ipynb

lint: $(STAMP)  ## the lessons too: ruff reads notebooks
	$(BIN)/ruff check cardcommons tests benchmarks notebooks binder docs
	$(BIN)/ruff format --check cardcommons tests benchmarks notebooks binder docs
	$(BIN)/mypy

test: lint  ## set up and pass every test: unit tests, doctests, lessons, browser
	$(BIN)/pytest

bench: $(STAMP)  ## speed figures, side by side with treys and eval7
	$(BIN)/python benchmarks/run.py

site: $(STAMP)  ## the course as a static site from the committed outputs, in build/site (any static host)
	$(BIN)/python docs/site/stage.py build/site-src
	$(BIN)/sphinx-build -q -W -b html build/site-src build/site

lite: $(STAMP)  ## the lessons and the arcade in JupyterLite, in build/lite (Python in the browser, no server)
	$(BIN)/python docs/lite/build.py build/lite

binder: $(STAMP)  ## re-pin binder/requirements.txt: the full closure of the lab extra, compiled by uv
	$(BIN)/python binder/pins.py

clean:
	rm -rf $(VENV)
