"""A board's role and name for screen readers (issue 28): the ARIA attributes of its focusable canvas.

The board's top canvas (ipycanvas' ``MultiCanvas`` view: one ``<canvas>`` with ``tabindex=0``) takes
the keys, but ipywidgets and ipycanvas give Python no way to set an element's ``role`` or ``aria-*``
attributes (only ``title``, through ``tooltip``). :class:`BoardAria` is an invisible `anywidget
<https://anywidget.dev>`_ placed in the board's box, after the canvas: its few lines of page code find
their box's canvas (the class ``skye-board-canvas``) and set on it

* ``role="application"`` (the board handles its keys itself: a screen reader passes them on),
* ``aria-roledescription`` ("game board", translated),
* ``aria-label``: the board's first sentence (the same words as its tooltip),
* ``aria-describedby``: the box's hidden description (``.skye-description``, the board in whole
  sentences), given an id of its own,

and set them again whenever the label changes, or the box's children change (a view made anew). The
page code waits for its box (a widget's view is placed in its box after it is made: every 100 ms
for 30 s, then every 2 s), then watches the box with a ``MutationObserver``, which it drops when the
view goes away; a view moved to another box watches that one. Its own hidden element says what it
does (``data-skye-aria``: "waiting" or "watching"; ``data-skye-aria-applied``: how many times it
set the attributes), for a browser test to report when a canvas has no name.

This module imports anywidget; :class:`~.base.CanvasBoard` imports it when a board is made and does
without it when anywidget is missing (a JupyterLite kernel that installed skye-widgets without its
dependencies): the board works the same, its canvas keeps its tooltip as its only name.
"""

from __future__ import annotations

import anywidget
import traitlets

#: The page code (an ES module run by anywidget's front end; no request to any server).
ESM = r"""
const WAIT_MS = 100, WAIT_TRIES = 300;   // the box: every 100 ms for 30 s, then every 2 s

function apply(model, box) {
  const canvas = box.querySelector(":scope > canvas.skye-board-canvas");
  if (!canvas) return false;
  canvas.setAttribute("role", "application");
  const role = model.get("roledescription");
  if (role) canvas.setAttribute("aria-roledescription", role);
  else canvas.removeAttribute("aria-roledescription");
  const label = model.get("label");
  if (label) canvas.setAttribute("aria-label", label);
  else canvas.removeAttribute("aria-label");
  const described = box.querySelector(":scope > .skye-description");
  if (described) {
    if (!described.id) described.id = "skye-description-" + Math.random().toString(36).slice(2, 12);
    canvas.setAttribute("aria-describedby", described.id);
  }
  return true;
}

export default {
  render({ model, el }) {
    let box = null, observer = null, timer = null, tries = 0;
    // what the helper is doing, on its own (hidden) element: "waiting" for its box, or "watching" it
    // and how many times it set the canvas's attributes (a browser test reads it when a name is missing)
    let applied = 0;
    const mark = (state) => { el.dataset.skyeAria = state; el.dataset.skyeAriaApplied = String(applied); };
    const update = () => {
      if (el.parentElement !== box) { watch(); return; }   // the view was moved to another box
      if (box && apply(model, box)) { applied += 1; mark("watching"); }
    };
    const watch = () => {
      if (timer !== null) { clearTimeout(timer); timer = null; }
      if (observer) { observer.disconnect(); observer = null; }
      box = el.parentElement;
      if (!box) {
        mark("waiting");
        // the box places a view after making it: every 100 ms for 30 s, then every 2 s
        timer = setTimeout(watch, ++tries < WAIT_TRIES ? WAIT_MS : 20 * WAIT_MS);
        return;
      }
      observer = new MutationObserver(update);
      observer.observe(box, { childList: true });
      mark("watching");
      update();
    };
    model.on("change:label", update);
    model.on("change:roledescription", update);
    watch();
    return () => {
      if (timer !== null) clearTimeout(timer);
      if (observer) observer.disconnect();
      model.off("change:label", update);
      model.off("change:roledescription", update);
    };
  },
};
"""


class BoardAria(anywidget.AnyWidget):
    """The ARIA attributes of the board canvas in the same box (see the module's docstring)."""

    _esm = ESM
    #: The board's accessible name (its first sentence).
    label = traitlets.Unicode("").tag(sync=True)
    #: What a screen reader calls the canvas instead of "application" ("game board", translated).
    roledescription = traitlets.Unicode("").tag(sync=True)
