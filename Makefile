# Two commands set everything up on a fresh machine: `make lab` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: lab play student test lint pytest bench solve site lite binder clean

# several jobs at once: the set-ups (Python's, the site's and JupyterLite's packages), then lint beside the tests
MAKEFLAGS += --jobs=4

NPM_STAMP := docs/site/node_modules/.installed
LITE_VENV := .venv-lite
LITE_STAMP := docs/lite/node_modules/.installed
EXTRAS := test,lab,openspiel,cluster,class,site

# a command that downloads packages, tried once more if it fails: a download broken off on the way (seen once,
# as an exception inside pip's resolver) should not end a fresh machine's set-up
twice = $(1) || { echo "failed; trying once more: $(1)"; sleep 10; $(1); }

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(call twice,$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[$(EXTRAS)]')
	touch $(STAMP)

$(NPM_STAMP): docs/site/package-lock.json  # what the static site serves itself (widgets, require.js, MathJax)
	$(call twice,npm ci --prefix docs/site --silent --no-audit --no-fund)
	touch $(NPM_STAMP)

# what JupyterLite boots Pyodide with, and the tools that build it, in an environment of their own: beside
# JupyterLab, the Pyodide kernel's labextension logs an error on every Lab page (docs/lite/requirements.txt)
$(LITE_STAMP): docs/lite/requirements.txt docs/lite/package-lock.json docs/lite/wheels.txt
	$(PYTHON) -m venv $(LITE_VENV)
	$(call twice,$(LITE_VENV)/bin/python -m pip install --quiet --disable-pip-version-check -r docs/lite/requirements.txt)
	$(call twice,npm ci --prefix docs/lite --silent --no-audit --no-fund)
	$(call twice,$(LITE_VENV)/bin/python -m pip download --quiet --disable-pip-version-check --no-deps \
		--only-binary :all: --python-version 3.14 --platform any -r docs/lite/wheels.txt -d docs/lite/wheels)
	touch $(LITE_STAMP)

lab: $(STAMP)  ## set up and open the lessons in JupyterLab
	$(BIN)/jupyter lab $(if $(filter 0,$(shell id -u)),--allow-root) notebooks/00_welcome.ipynb

# Voilà's settings are in notebooks/voila.json, which `make play` and Binder (binder/postBuild) both read:
# a page closed or reloaded leaves its kernel behind: Voilà refuses the page's own request to shut it down (a
# known upstream bug), so the cull ends it, once idle with no page connected for 240 s (an open page's kernel is
# never culled; with 60 s, 3 kernels of 16 pages opened at once on a busy machine were culled while their pages
# still loaded); a kernel holds about 70 MB; a class opens the page together: on a busy machine a kernel's output
# comes long after it ran (16 pages at once on 2 cores: all blank with Voilà's 4 s, all playable after about
# 150 s), so Voilà waits up to 180 s for it, and a page that still cannot start (or whose cell runs over 300 s)
# says so instead of staying blank; the page leaves out the Lab extensions of the site and class tools (with
# them, it logs errors)
play: $(STAMP)  ## the arcade: both games in the browser, no code in sight (Voilà, on 127.0.0.1 only)
	@echo "The arcade listens on 127.0.0.1 only, without a password: open http://127.0.0.1:8866/ on this machine."
	$(BIN)/voila --Voila.ip=127.0.0.1 --Voila.port=8866 --Voila.config_file_paths=notebooks notebooks/play.ipynb

student: $(STAMP)  ## the class kit: class/student to hand out, class/autograder to keep (otter assign)
	$(BIN)/python -m cardcommons.classkit student

lint: $(STAMP)  ## the lessons too: ruff reads notebooks
	$(BIN)/ruff check cardcommons tests benchmarks notebooks binder docs
	$(BIN)/ruff format --check cardcommons tests benchmarks notebooks binder docs
	$(BIN)/mypy

test: lint pytest  ## set up and pass every test: lint and types, unit tests, doctests, lessons, browser

# a worker per core and one more: the browser tests, Binder's and the site's wait on pages, servers and kernels much of
# the time, which the extra worker fills (on 2 cores, the whole run in 547 s with 3 workers, 616 s with 2, 564 s with 4);
# conftest.py keeps a notebook's cells, a module's tests and the browser tests each on one worker
WORKERS ?= $(shell echo $$(( $$(nproc) + 1 )))
pytest: $(STAMP) $(NPM_STAMP) $(LITE_STAMP)  ## every test but lint and types
	$(BIN)/pytest -n $(WORKERS)

bench: $(STAMP)  ## speed figures, side by side with treys and eval7
	$(BIN)/python benchmarks/run.py

# what `make solve` runs: VARIANTS="mini2" (or mini3, self-play, several with spaces); every part by default.
# The stored run (solved.json): mini2's solve 40.5 s and 0.06 GB, mini3's 3,229.4 s and 6.47 GB, the self-play 792.8 s.
VARIANTS ?=
solve: $(STAMP)  ## the miniatures solved by CFR+, each bot's exploitability, the self-play: cardcommons/solve/data/solved.json
	$(BIN)/python -m cardcommons.solve $(VARIANTS)

site: $(STAMP) $(NPM_STAMP)  ## the course as a static site from the committed outputs, in build/site (any static host)
	$(BIN)/python docs/site/stage.py build/site-src $(wildcard build/lite)
	$(BIN)/sphinx-build -q -W -b html build/site-src build/site

lite: $(LITE_STAMP)  ## the lessons and the arcade in JupyterLite, in build/lite (Python in the browser, no server)
	$(LITE_VENV)/bin/python docs/lite/build.py build/lite

binder: $(STAMP)  ## re-pin binder/requirements.txt: the full closure of the lab extra, compiled by uv
	$(BIN)/python binder/pins.py

clean:
	rm -rf $(VENV) $(LITE_VENV) class
