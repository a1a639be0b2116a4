"""The settings override this package installs for JupyterLab / Notebook 7 (see pyproject's data-files).

It turns on "save widget state" so a notebook saved after running shows its boards' last pictures
when reopened without the kernel (tests/browser/test_reload_browser.py shows it in a browser).
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

from skye_widgets.widgets.skye import TerritoryWidget

REPO = Path(__file__).resolve().parents[1]
TARGET = "share/jupyter/lab/settings/overrides.d"


def test_pyproject_installs_the_override_where_jupyterlab_reads_it():
    files = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["data-files"]
    assert files[TARGET] == ["jupyter-config/lab/settings/overrides.d/skye-widgets.json"]


def test_every_jupyter_file_is_installed_where_its_folder_says():
    """jupyter-config/ mirrors <prefix>/share/jupyter: pyproject's data-files (for `pip install .`)
    and the Makefile's copy (for the editable install of `make lab`/`make test`) agree."""
    files = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["data-files"]
    declared = {f"{target}/{Path(f).name}": f for target, fs in files.items() for f in fs}
    on_disk = {"share/jupyter/" + p.relative_to(REPO / "jupyter-config").as_posix(): p.relative_to(REPO).as_posix()
               for p in (REPO / "jupyter-config").rglob("*") if p.is_file()}
    assert declared == on_disk
    for installed in on_disk:                      # and this environment has them (make's copy or pip's)
        assert (Path(sys.prefix) / installed).is_file(), installed


def test_the_override_names_a_real_setting_of_the_installed_widget_manager():
    override = json.loads((REPO / "jupyter-config/lab/settings/overrides.d/skye-widgets.json").read_text())
    assert override["@jupyter-widgets/jupyterlab-manager:plugin"] == {"saveState": True}
    schema = Path(sys.prefix) / "share/jupyter/labextensions/@jupyter-widgets/jupyterlab-manager/schemas" \
        / "@jupyter-widgets/jupyterlab-manager/plugin.json"
    props = json.loads(schema.read_text())["properties"]
    assert props["saveState"]["type"] == "boolean"


def test_the_override_asks_no_news_server():
    """No request to any server but the page's own: JupyterLab neither fetches news nor checks for
    updates (a classroom on a filtered network sees no pop-up asking)."""
    override = json.loads((REPO / "jupyter-config/lab/settings/overrides.d/skye-widgets.json").read_text())
    notification = override["@jupyterlab/apputils-extension:notification"]
    assert notification == {"fetchNews": "false", "checkForUpdates": False}
    schema = Path(sys.prefix) / "share/jupyter/lab/schemas/@jupyterlab/apputils-extension/notification.json"
    props = json.loads(schema.read_text())["properties"]
    assert {"const": "false", "title": "Never"} in props["fetchNews"]["oneOf"]
    assert props["checkForUpdates"]["type"] == "boolean"


def test_every_board_layer_sends_its_pixels_back_for_the_saved_state():
    board = TerritoryWidget()
    layers = board.canvas._canvases
    assert len(layers) == len(board.layers) and all(layer.sync_image_data for layer in layers)


def test_the_override_keeps_widget_messages_on_the_kernels_main_thread():
    """JupyterLab 4.4+ sends widget messages to a kernel subshell by default, where ipykernel 7 runs
    their callbacks beside the cells; ipywidgets and ipycanvas share state across a kernel and
    expect one thread (skye_widgets/widgets/threads.py). The override turns that off, with a value
    the installed JupyterLab's schema knows."""
    override = json.loads((REPO / "jupyter-config/lab/settings/overrides.d/skye-widgets.json").read_text())
    assert override["@jupyterlab/apputils-extension:kernels-settings"] == {"commsOverSubshells": "disabled"}
    schema = Path(sys.prefix) / "share/jupyter/lab/schemas/@jupyterlab/apputils-extension/kernels-settings.json"
    props = json.loads(schema.read_text())["properties"]
    assert {"const": "disabled", "title": "Disabled"} in props["commsOverSubshells"]["oneOf"]


def test_the_override_lays_out_every_cell_of_a_lesson_at_once():
    """JupyterLab 4.2+ lays out a notebook's cells only as they come into view (windowing mode
    "contentVisibility"): the cells above a board then take their real heights and move it, and a
    learner's click (or a browser test's) meant for a Check button lands beside it. A lesson is a few
    dozen cells: the override lays them all out at once ("none"), with a value the installed
    JupyterLab's schema knows."""
    override = json.loads((REPO / "jupyter-config/lab/settings/overrides.d/skye-widgets.json").read_text())
    assert override["@jupyterlab/notebook-extension:tracker"] == {"windowingMode": "none"}
    schema = Path(sys.prefix) / "share/jupyter/lab/schemas/@jupyterlab/notebook-extension/tracker.json"
    props = json.loads(schema.read_text())["properties"]
    assert {"const": "none", "title": "None"} in props["windowingMode"]["oneOf"]
    assert props["windowingMode"]["default"] != "none"      # else the override would say nothing
