# skye-widgets: `make lab` opens the curriculum, `make test` runs every test.
# Both create .venv on first use and reinstall only when pyproject.toml changes.

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip --disable-pip-version-check -q
PORT   ?= 8888
PYTEST_ARGS ?=
# The learner's own copy of the lessons (git ignores it): filled from notebooks/ with the lessons it
# does not have yet, never overwritten; the tracked notebooks stay as they are however long one plays.
LESSONS ?= my-lessons

.PHONY: lab rooms test test-fast browser-under-load browser-deps system-deps bench lite lite-offline voila projector notebooks messages clean

# JupyterLab on $(LESSONS), opened on the welcome notebook (the address it prints opens it); every
# language's lessons trusted; root is fine too. `skye-widgets lab` does all of it (docs/classroom.md).
lab: $(VENV)/.lab-installed
	$(VENV)/bin/skye-widgets lab $(LESSONS) --port=$(PORT)

voila: $(VENV)/.lab-installed
	$(VENV)/bin/voila notebooks/classroom_demo.ipynb --port=$(PORT)

# One game on a projector with the teacher's controls: make projector GAME=skye|hashi|skylands;
# GAME=class: the class room panel (a room for the whole class; its service: make rooms)
GAME ?= skye
projector: $(VENV)/.lab-installed
	$(VENV)/bin/voila notebooks/projector_$(GAME).ipynb --port=$(PORT)

# The room service a class plays together on (docs/classroom.md, "Play together"): 127.0.0.1:8765,
# printing the key the class room panel asks for.
rooms: $(VENV)/.lab-installed
	$(VENV)/bin/skye-widgets rooms serve

# Every test, in two pytest runs at once: the headless tests and the notebooks (nbval) on $(WORKERS)
# workers (pytest-xdist; a test file or a notebook stays on one worker, in its order), and beside them
# the real-browser tests in a pytest run of their own (a browser's asyncio loop never shares a process
# with the headless tests; they mostly wait on pages and kernels, so they fit beside the others).
# BROWSER_WORKERS=2 runs them on two workers (a file per worker): faster on a quiet machine, but at a
# load of 10 on two cores a restored board and a projector's bots outlasted their bounds. The
# browser tests' output is kept in build/browser-tests.log and printed when both runs have ended;
# `make test` fails if either failed (a run that PYTEST_ARGS leaves without a test is no failure).
WORKERS ?= 2
BROWSER_WORKERS ?= 0
BROWSER_LOG := build/browser-tests.log
test: $(VENV)/.test-installed browser-deps
	@# the package's bytecode, once: a machine with PYTHONDONTWRITEBYTECODE set (as CI's) would otherwise
	@# compile it again in every kernel and every command-line run the tests start (0.3 s each here)
	$(PY) -m compileall -q skye_widgets
	@mkdir -p build; echo "== the real-browser tests run beside these (output: $(BROWSER_LOG), printed at the end)"; \
	$(PY) -m pytest --nbval-lax -p no:cacheprovider -m browser -n $(BROWSER_WORKERS) --dist loadfile --durations=10 $(PYTEST_ARGS) > $(BROWSER_LOG) 2>&1 & browser=$$!; \
	$(PY) -m pytest --nbval-lax -p no:cacheprovider -m "not browser" -n $(WORKERS) --dist loadfile --durations=10 $(PYTEST_ARGS); \
	headless=$$?; wait $$browser; browsers=$$?; echo "== the real-browser tests"; cat $(BROWSER_LOG); \
	status=0; for code in $$headless $$browsers; do [ $$code = 0 ] || [ $$code = 5 ] || status=1; done; exit $$status

# The browser suite RUNS times in a row while two busy loops hold both cores (each loop ends with the
# runs, and after 2 hours at most): a board that stays blank or a click that races shows up here.
RUNS ?= 3
browser-under-load: $(VENV)/.test-installed browser-deps
	@pids=; for i in 1 2; do timeout 7200 $(PY) -c "while True: pass" & pids="$$pids $$!"; done; \
	trap 'kill $$pids 2>/dev/null' EXIT; fails=0; \
	for run in $$(seq $(RUNS)); do \
		echo "== browser suite, run $$run of $(RUNS), load $$(cut -d' ' -f1-3 /proc/loadavg)"; \
		$(PY) -m pytest --nbval-lax -p no:cacheprovider -m browser -q $(PYTEST_ARGS) || fails=$$((fails + 1)); \
	done; echo "browser suite under load: $(RUNS) runs, $$fails failed"; [ $$fails = 0 ]

# Everything but the real-browser tests (no Chromium needed).
test-fast: $(VENV)/.test-installed
	$(PY) -m pytest --nbval-lax -p no:cacheprovider -m "not browser" $(PYTEST_ARGS)

# Re-run the notebooks and keep only their static pictures, SVG and PNG (what gets committed).
notebooks: $(VENV)/.test-installed
	$(PY) tests/notebook_tools.py notebooks/*.ipynb $(foreach l,$(LANGS),notebooks/$(l)/*.ipynb)

# The message catalogs (docs/translating.md), with Babel (a development tool; at run time the package
# reads the .mo files with the standard library): extract every marked text of the package into the
# template skye_widgets/locale/skye_widgets.pot, merge it into each language's .po (new texts empty,
# changed ones fuzzy: a translator's work, and tests/test_i18n.py fails until it is done), write the
# pseudo-language catalog (qps), compile the .mo files.
LOCALE    := skye_widgets/locale
LANGS     := pt pl fr es
PYBABEL   := $(VENV)/bin/pybabel

messages: $(VENV)/.test-installed
	$(PYBABEL) extract -F pyproject.toml -k lazy -k lazy_ngettext:1,2 -c Translators: --sort-by-file \
		--project=skye-widgets --version=$$(sed -n 's/^version = "\(.*\)"/\1/p' pyproject.toml) \
		--copyright-holder="skye-widgets developers" --msgid-bugs-address="" -w 100 \
		-o $(LOCALE)/skye_widgets.pot.new skye_widgets
	@# keep the old template when only its date changed (no churn in every catalog's header)
	if [ -f $(LOCALE)/skye_widgets.pot ] && [ "$$(grep -v '^"POT-Creation-Date' $(LOCALE)/skye_widgets.pot)" = \
			"$$(grep -v '^"POT-Creation-Date' $(LOCALE)/skye_widgets.pot.new)" ]; then \
		rm $(LOCALE)/skye_widgets.pot.new; else mv $(LOCALE)/skye_widgets.pot.new $(LOCALE)/skye_widgets.pot; fi
	for l in $(LANGS); do \
		if [ -f $(LOCALE)/$$l/LC_MESSAGES/skye_widgets.po ]; then \
			$(PYBABEL) update -i $(LOCALE)/skye_widgets.pot -d $(LOCALE) -D skye_widgets -l $$l -w 100 --ignore-obsolete || exit 1; \
		else \
			$(PYBABEL) init -i $(LOCALE)/skye_widgets.pot -d $(LOCALE) -D skye_widgets -l $$l -w 100 || exit 1; \
		fi; \
	done
	$(PY) tests/pseudo_catalog.py
	for l in $(LANGS); do $(PYBABEL) compile -d $(LOCALE) -D skye_widgets -l $$l --statistics || exit 1; done
	@# the lessons' texts and the notebooks: their catalogs, and notebooks/<lang>/ built from them
	$(PY) tests/data_catalogs.py

# The benchmarks print figures (tests never assert times). PySAT is the peer of the Hashiwokakero
# solver's benchmark only: installed here, never a dependency of the package.
bench: $(VENV)/.test-installed
	$(PIP) install "python-sat>=1.8.dev0"
	@for b in benchmarks/*.py; do echo "== $$b"; $(PY) $$b || exit 1; done

# In-browser site: JupyterLite + the Pyodide kernel, the notebooks, puzzles/ and our own wheel
# (piplite installs it from the site: `%pip install skye-widgets`). Built from its own venv:
# the Pyodide kernel's lab extension must stay out of .venv (it breaks plain JupyterLab).
# The extra ipycanvas/jupyterlab_widgets/anywidget are only for their lab extensions (no deps needed).
LITE_VENV ?= build/lite-venv
LITE_OUT  ?= build/lite
LITE_WORK ?= build/lite-work
LITE_PY   := $(LITE_VENV)/bin/python
LITE_PKGS := "jupyterlite-core>=0.8,<0.9" "jupyterlite-pyodide-kernel>=0.8,<0.9" "jupyter_server>=2,<3" "build>=1" "setuptools>=68" wheel
LITE_EXTS := "ipycanvas>=0.14,<0.15" "jupyterlab_widgets>=3,<4" "anywidget>=0.9,<0.12"

# The site's own copy of our wheel, without the lessons it carries (the site serves the notebooks
# itself; the puzzles stay in the wheel, where the package looks for them): 16 MB less to unpack in
# every browser. `wheel pack` writes the RECORD anew.
define slim-wheel
	w=$$(ls $(1)/skye_widgets-*-py3-none-any.whl) && rm -rf $(1)/unpacked && \
	$(LITE_PY) -m wheel unpack -d $(1)/unpacked $$w >/dev/null && \
	rm -rf $(1)/unpacked/*/skye_widgets/_curriculum/notebooks && rm $$w && \
	$(LITE_PY) -m wheel pack -d $(1) $(1)/unpacked/* >/dev/null && rm -rf $(1)/unpacked
endef

lite: $(LITE_VENV)/.lite-installed system-deps
	rm -rf $(LITE_WORK) $(LITE_OUT) && mkdir -p $(LITE_WORK)/contents/notebooks $(LITE_WORK)/site
	$(LITE_PY) -m build -q --no-isolation --outdir $(LITE_WORK)/dist . >/dev/null
	$(call slim-wheel,$(LITE_WORK)/dist)
	find notebooks -maxdepth 1 -name '*.ipynb' -exec cp {} $(LITE_WORK)/contents/notebooks/ \;
	if [ -d puzzles ]; then cp -R puzzles $(LITE_WORK)/contents/; fi
	cd $(LITE_WORK)/site && $(abspath $(LITE_VENV))/bin/jupyter lite build --lite-dir . \
		--output-dir $(abspath $(LITE_OUT)) --contents ../contents \
		--piplite-wheels $$(ls $(abspath $(LITE_WORK))/dist/skye_widgets-*-py3-none-any.whl)
	@echo "JupyterLite site in $(LITE_OUT): serve it with"
	@echo "  $(LITE_PY) -m http.server -d $(LITE_OUT) 8000  # then open lab/index.html?path=notebooks/00_welcome.ipynb"

# The same site with no request to a CDN: Pyodide from the `pyodide` npm package (the exact
# version the kernel expects), micropip and the pure-Python wheels from PyPI, all served from
# the site itself (static/pyodide/ with a lock file listing only what it serves; piplite never
# falls back to pypi.org). numpy/Pillow (ipycanvas, PNG pictures) have no Pyodide build here:
# those cells still need Pyodide's CDN. Downloads are cached in $(LITE_CACHE).
LITE_OFFLINE_OUT  ?= build/lite-offline
LITE_OFFLINE_WORK ?= build/lite-offline-work
LITE_CACHE        ?= build/lite-cache
LITE_PYODIDE_VERSION = $$($(LITE_PY) -c "from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION as v; print(v)")

lite-offline: $(LITE_VENV)/.lite-installed system-deps
	rm -rf $(LITE_OFFLINE_WORK) $(LITE_OFFLINE_OUT) && mkdir -p $(LITE_OFFLINE_WORK)/contents/notebooks $(LITE_OFFLINE_WORK)/site $(LITE_CACHE)/npm
	v=$(LITE_PYODIDE_VERSION); if [ "$$(cat $(LITE_CACHE)/npm/.version 2>/dev/null)" != "$$v" ]; then \
		echo '{"name": "skye-lite-pyodide", "private": true}' > $(LITE_CACHE)/npm/package.json && \
		(cd $(LITE_CACHE)/npm && npm install --no-audit --no-fund --loglevel=error --save-exact "pyodide@$$v") && \
		echo "$$v" > $(LITE_CACHE)/npm/.version; fi
	$(LITE_PY) lite/offline.py prepare --pyodide $(LITE_CACHE)/npm/node_modules/pyodide \
		--cache $(LITE_CACHE)/wheels --lite-dir $(LITE_OFFLINE_WORK)/site \
		--wheels $(LITE_OFFLINE_WORK)/wheels --expect $(LITE_PYODIDE_VERSION)
	$(LITE_PY) -m build -q --no-isolation --outdir $(LITE_OFFLINE_WORK)/wheels . >/dev/null
	$(call slim-wheel,$(LITE_OFFLINE_WORK)/wheels)
	find notebooks -maxdepth 1 -name '*.ipynb' -exec cp {} $(LITE_OFFLINE_WORK)/contents/notebooks/ \;
	if [ -d puzzles ]; then cp -R puzzles $(LITE_OFFLINE_WORK)/contents/; fi
	cp lite/offline_check.ipynb $(LITE_OFFLINE_WORK)/contents/
	cd $(LITE_OFFLINE_WORK)/site && $(abspath $(LITE_VENV))/bin/jupyter lite build --lite-dir . \
		--output-dir $(abspath $(LITE_OFFLINE_OUT)) --contents ../contents \
		--piplite-wheels $(abspath $(LITE_OFFLINE_WORK))/wheels
	$(LITE_PY) lite/offline.py check $(LITE_OFFLINE_OUT)
	@echo "Offline JupyterLite site in $(LITE_OFFLINE_OUT) (no CDN; no ipycanvas/numpy/Pillow): serve it with"
	@echo "  $(LITE_PY) -m http.server -d $(LITE_OFFLINE_OUT) 8000"

# One install at a time: `make test` builds both sites at once on a new machine (the headless tests
# `make lite`, the browser tests `make lite-offline`); the second waits, then finds all installed.
$(LITE_VENV)/.lite-installed: Makefile
	mkdir -p $(dir $(LITE_VENV))
	flock $(LITE_VENV).lock sh -c '[ -x $(LITE_PY) ] || $(PYTHON) -m venv $(LITE_VENV); \
		$(LITE_PY) -m pip --disable-pip-version-check -q install $(LITE_PKGS) && \
		$(LITE_PY) -m pip --disable-pip-version-check -q install --no-deps $(LITE_EXTS) && touch $@'

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --upgrade pip

$(VENV)/.lab-installed: pyproject.toml $(VENV)/bin/python $(VENV)/.jupyter-config
	$(PIP) install -e ".[lab]"
	touch $@

$(VENV)/.test-installed: pyproject.toml $(VENV)/bin/python $(VENV)/.jupyter-config
	$(PIP) install -e ".[test,cluster,classroom]"
	touch $@

# The package's Jupyter files (pyproject's data-files: the JupyterLab settings default, the Voila
# template). `pip install .` puts them in <prefix>/share/jupyter; an editable install does not,
# so the venv gets them here.
JUPYTER_CONFIG := $(shell find jupyter-config -type f)
$(VENV)/.jupyter-config: $(JUPYTER_CONFIG) $(VENV)/bin/python
	mkdir -p $(VENV)/share/jupyter
	cp -R jupyter-config/. $(VENV)/share/jupyter/
	touch $@

# axe-core, the accessibility engine browsers' own audits use: tests/browser/test_axe_browser.py
# injects build/axe/node_modules/axe-core/axe.min.js into the pages. One exact version (a new one
# brings new rules: change it here, and the stamp's name makes the next run install it).
AXE_CORE := 4.14.1

# Debian's Chromium drives the browser tests (Playwright never downloads a browser); Node.js and
# npm run Pyodide (tests/test_pyodide.py), JupyterHub's configurable-http-proxy (the class test),
# axe-core (the accessibility test) and the offline JupyterLite build. Only what is missing is
# installed: Debian's chromium when /usr/bin/chromium is absent; Debian's nodejs and npm only when
# there is no `node`, npm alone when there is no `npm`; a Node.js that is there (NodeSource's, say)
# is never replaced (--no-remove).
browser-deps: system-deps build/chp/.installed build/axe/.installed-$(AXE_CORE)

system-deps:
	@missing=; [ -x /usr/bin/chromium ] || missing="chromium"; \
	if ! command -v node >/dev/null; then missing="$$missing nodejs npm"; \
	elif ! command -v npm >/dev/null; then missing="$$missing npm"; fi; \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian's$$missing for the browser tests"; \
		SUDO=; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q --no-remove $$missing \
		|| { echo "Could not install$$missing with apt-get (above: why). Nothing that was installed was removed:" \
			"a Node.js without npm wants the npm of its own source (NodeSource's nodejs package has it)." >&2; exit 1; }; \
	fi

build/chp/.installed: | system-deps
	mkdir -p build/chp
	echo '{"name": "skye-chp", "private": true, "dependencies": {"configurable-http-proxy": "^5"}}' > build/chp/package.json
	cd build/chp && npm install --no-audit --no-fund --loglevel=error
	touch $@

build/axe/.installed-$(AXE_CORE): | system-deps
	rm -rf build/axe && mkdir -p build/axe
	echo '{"name": "skye-axe", "private": true, "dependencies": {"axe-core": "$(AXE_CORE)"}}' > build/axe/package.json
	cd build/axe && npm install --no-audit --no-fund --loglevel=error
	touch $@

clean:
	rm -rf $(VENV) build dist *.egg-info tests/output .pytest_cache .hypothesis
