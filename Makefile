# skye-widgets: `make lab` opens the curriculum, `make test` runs every test.
# Both create .venv on first use and reinstall only when pyproject.toml changes.

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip --disable-pip-version-check -q
PORT   ?= 8888
PYTEST_ARGS ?=

.PHONY: lab test test-fast browser-deps bench lite voila clean

lab: $(VENV)/.lab-installed
	$(VENV)/bin/jupyter lab --ServerApp.root_dir=notebooks --port=$(PORT) notebooks/00_welcome.ipynb

voila: $(VENV)/.lab-installed
	$(VENV)/bin/voila notebooks/classroom_demo.ipynb --port=$(PORT)

test: $(VENV)/.test-installed browser-deps
	$(PY) -m pytest --nbval-lax -p no:cacheprovider $(PYTEST_ARGS)

# Everything but the real-browser tests (no Chromium needed).
test-fast: $(VENV)/.test-installed
	$(PY) -m pytest --nbval-lax -p no:cacheprovider -m "not browser" $(PYTEST_ARGS)

bench: $(VENV)/.test-installed
	@for b in benchmarks/*.py; do echo "== $$b"; $(PY) $$b || exit 1; done

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --upgrade pip

$(VENV)/.lab-installed: pyproject.toml $(VENV)/bin/python
	$(PIP) install -e ".[lab]"
	touch $@

$(VENV)/.test-installed: pyproject.toml $(VENV)/bin/python
	$(PIP) install -e ".[test]"
	touch $@

# Debian's Chromium drives the browser tests (Playwright never downloads a browser).
browser-deps:
	@if [ ! -x /usr/bin/chromium ]; then \
		echo "Installing Debian's chromium for the browser tests"; \
		SUDO=; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q chromium; \
	fi

clean:
	rm -rf $(VENV) build dist *.egg-info tests/output .pytest_cache .hypothesis
