"""The catalogs of what is data, not code: the lessons' texts and the notebooks (run by `make messages`).

``python tests/data_catalogs.py`` (the development step; Babel reads and writes the catalogs):

* **lessons**: every text of ``skye_widgets/lessons/data/*.json`` (questions, choices, feedback,
  tasks, exercise messages; :func:`skye_widgets.lessons.texts_of`) -> the template
  ``skye_widgets/locale/lessons.pot`` -> each language's ``<lang>/LC_MESSAGES/lessons.po`` (new texts
  empty, changed ones fuzzy, as ``pybabel update``) -> ``lessons.mo``, which the package reads at run
  time (context: the lesson's name). The pseudo-language ``qps`` gets its catalog generated.
* **notebooks**: each English notebook ``notebooks/*.ipynb`` is the source. Its markdown cells are cut
  into blocks (paragraphs, lists, tables, headings: text between blank lines; a fenced code block stays
  whole) and its code cells that show words to a reader (a comment, a printed or displayed text) are
  taken whole -> ``notebooks/locale/notebooks.pot`` (context: the notebook's name) -> each language's
  ``notebooks/locale/<lang>/LC_MESSAGES/notebooks.po``. Then :func:`build` writes
  ``notebooks/<lang>/<name>.ipynb``: the same cells, each block and code cell translated (a text the
  catalog lacks stays English), a first code cell that speaks the language
  (``skye_widgets.set_language("pt")``), paths out of the folder one level deeper (``../docs`` ->
  ``../../docs``); links between notebooks stay inside the language's folder. ``make notebooks``
  then runs them to keep their pictures and pinned outputs.

``python tests/data_catalogs.py --check`` changes nothing and exits 1 when a built notebook's cells
differ from what the catalogs say (``tests/test_notebooks_i18n.py`` runs the same check).
"""

from __future__ import annotations

import ast
import copy
import io
import json
import re
import sys
from datetime import datetime, timezone
from pathlib import Path

import nbformat
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from pseudo_catalog import pseudo  # noqa: E402

from skye_widgets import lessons  # noqa: E402
from skye_widgets.i18n import LANGUAGES, LESSONS, LOCALE_DIR, NAMES, PSEUDO  # noqa: E402

LANGS = [code for code in LANGUAGES if code != "en"]
NOTEBOOKS = ROOT / "notebooks"
NB_LOCALE = NOTEBOOKS / "locale"
NB_DOMAIN = "notebooks"
WIDTH = 100
#: Set on a generated notebook's metadata: which English notebook and language it was built from.
META = "skye_widgets_translation"
FENCE = re.compile(r"^\s*(```|~~~)")
#: A relative link or path that leaves the notebooks' folder: one level deeper in a language's folder.
OUT_OF_FOLDER = re.compile(r"""(?<=[("'])\.\./""")
LANGUAGE_CELL_ID = "set-language"
#: The welcome notebook's line of languages (each language named in itself, linked to its folder):
#: not translated but written anew for each language.
LANGUAGES_CELL_ID = "languages"


# ---------------------------------------------------------------------------- catalogs

def _catalog(project: str, locale: str | None = None) -> Catalog:
    return Catalog(locale=locale, project="skye-widgets", version=_version(),
                   copyright_holder="skye-widgets developers", msgid_bugs_address="",
                   creation_date=datetime(2026, 1, 1, tzinfo=timezone.utc),
                   header_comment=f"# {project} of skye-widgets, in this language.\n"
                                  "# See docs/translating.md.")


def _version() -> str:
    m = re.search(r'^version = "(.*)"', (ROOT / "pyproject.toml").read_text(), re.M)
    return m.group(1) if m else "0"


def _read(path: Path, locale: str | None = None) -> Catalog:
    with open(path, "rb") as f:
        return read_po(f, locale=locale)


def _write(path: Path, catalog: Catalog, *, omit_header: bool = False) -> bool:
    """Write ``catalog`` as a .po/.pot at ``path`` when its text changed (the date never churns)."""
    out = io.BytesIO()
    write_po(out, catalog, width=WIDTH, omit_header=omit_header, sort_output=False)
    text = out.getvalue()
    if path.exists() and _no_dates(path.read_bytes()) == _no_dates(text):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_bytes(text)
    tmp.replace(path)
    return True


def _no_dates(text: bytes) -> bytes:
    return re.sub(rb'"(POT-Creation-Date|PO-Revision-Date): [^"]*"', b"", text)


def _update(template: Catalog, po_path: Path, code: str) -> Catalog:
    """Merge ``template`` into the language's catalog (as ``pybabel update``: new texts empty, changed
    ones fuzzy, removed ones gone), creating it when missing."""
    if po_path.exists():
        catalog = _read(po_path, locale=code)
        catalog.update(template, no_fuzzy_matching=False)
        catalog.obsolete.clear()
    else:
        catalog = copy.deepcopy(template)
        catalog.locale = code
        catalog.fuzzy = False
    rule = get_plural(code)             # CLDR's rule, as `pybabel init` writes it (Polish: three forms)
    catalog.mime_headers = [("Plural-Forms", f"nplurals={rule.num_plurals}; plural={rule.plural_expr};")]
    catalog.revision_date = datetime(2026, 1, 1, tzinfo=timezone.utc)
    return catalog


def _pseudo(template: Catalog) -> Catalog:
    catalog = copy.deepcopy(template)
    for m in catalog:
        if m.id:
            m.string = pseudo(m.id)
            m.flags.discard("fuzzy")
    catalog.fuzzy = False
    return catalog


def _write_pseudo_po(path: Path, catalog: Catalog) -> None:
    out = io.BytesIO()
    write_po(out, catalog, width=WIDTH, sort_output=False)
    po = out.getvalue().decode("utf-8").replace('"Language: en\\n"', f'"Language: {PSEUDO}\\n"')
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or _no_dates(path.read_bytes()) != _no_dates(po.encode()):
        path.write_text(po, encoding="utf-8")


def _compile(catalog: Catalog, path: Path) -> None:
    out = io.BytesIO()
    write_mo(out, catalog)          # fuzzy texts are left out: English until a translator confirms them
    if not path.exists() or path.read_bytes() != out.getvalue():
        path.write_bytes(out.getvalue())


# ---------------------------------------------------------------------------- lessons

def lessons_template() -> Catalog:
    """Every text of every lesson file, its lesson's name as context and its key path as a note."""
    catalog = _catalog("The lessons' texts", locale="en")
    for stem in lessons.stems():
        english = lessons.load_file(lessons.DATA / f"{stem}.json", stem)
        for where, text in lessons.texts_of(english):
            m = catalog.get(text, context=stem)
            if m is None:
                catalog.add(text, context=stem, auto_comments=[where],
                            locations=[(f"lessons/data/{stem}.json#{where}", None)])
            else:
                m.auto_comments.append(where)
    return catalog


def update_lessons() -> None:
    template = lessons_template()
    _write(LOCALE_DIR / f"{LESSONS}.pot", template)
    for code in LANGS:
        po = LOCALE_DIR / code / "LC_MESSAGES" / f"{LESSONS}.po"
        catalog = _update(template, po, code)
        _write(po, catalog)
        _compile(_read(po, locale=code), po.with_suffix(".mo"))
    qps = _pseudo(template)
    po = LOCALE_DIR / PSEUDO / "LC_MESSAGES" / f"{LESSONS}.po"
    _write_pseudo_po(po, qps)
    _compile(qps, po.with_suffix(".mo"))


# ---------------------------------------------------------------------------- notebooks

def english_notebooks() -> list[Path]:
    return sorted(NOTEBOOKS.glob("*.ipynb"))


def blocks(markdown: str) -> list[str]:
    """A markdown cell cut into blocks: text between blank lines, a fenced code block kept whole.

    >>> blocks("# Title\\n\\nOne line\\nand two.\\n\\n```\\na\\n\\nb\\n```")
    ['# Title', 'One line\\nand two.', '```\\na\\n\\nb\\n```']
    """
    out: list[str] = []
    current: list[str] = []
    fenced = False
    for line in markdown.split("\n"):
        if FENCE.match(line):
            fenced = not fenced
        if not fenced and not line.strip() and not FENCE.match(line):
            if current:
                out.append("\n".join(current))
                current = []
            continue
        current.append(line)
    if current:
        out.append("\n".join(current))
    return out


def translatable_block(block: str) -> bool:
    """A block with words to translate (not a lone fenced code block, an HTML comment, a picture)."""
    if FENCE.match(block) and block.rstrip().endswith(("```", "~~~")) and block.count("\n") >= 1:
        return False
    return bool(re.search(r"[A-Za-z]{2,}", re.sub(r"!\[[^\]]*\]\([^)]*\)|<!--.*?-->", "", block, flags=re.S)))


def _strings_and_comments(source: str) -> tuple[list[str], list[str]]:
    """The string constants (f-strings' literal parts included) and the comments of a cell's code."""
    import tokenize
    comments = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type == tokenize.COMMENT:
                comments.append(tok.string)
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass
    strings = []
    try:
        for node in ast.walk(ast.parse(_without_magics(source))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                strings.append(node.value)
    except SyntaxError:
        pass
    return strings, comments


def _without_magics(source: str) -> str:
    """The cell with IPython's ``%magic``/``!shell`` lines and top-level ``await`` made parseable."""
    lines = []
    for line in source.split("\n"):
        stripped = line.lstrip()
        if stripped.startswith(("%", "!")):
            line = line[: len(line) - len(stripped)] + "pass"
        lines.append(line.replace("await ", ""))
    return "\n".join(lines)


def translatable_code(source: str) -> bool:
    """A code cell that shows a reader words: a comment (not nbval's mark) or a text of two or more
    words, or one ending in ':' (a printed label). Identifiers ("water", "castle-blue") are not."""
    strings, comments = _strings_and_comments(source)
    if any(re.search(r"[A-Za-z]{2,}", c) and "NBVAL" not in c for c in comments):
        return True
    return any(re.search(r"[A-Za-z]{2,}", s) and (" " in s.strip() or s.rstrip().endswith(":"))
               for s in strings) or any(re.search(r"[A-Za-z]{2,}", s) for s in _f_string_texts(source))


def _f_string_texts(source: str) -> list[str]:
    """The literal parts of the cell's f-strings: always meant for a reader ("rotation {r}: ...")."""
    try:
        tree = ast.parse(_without_magics(source))
    except SyntaxError:
        return []
    return [v.value for node in ast.walk(tree) if isinstance(node, ast.JoinedStr)
            for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)]


def code_shape(source: str) -> str:
    """The cell's code with every string constant and comment taken out: a translation may change
    texts and comments, never the code (tests/test_notebooks_i18n.py compares the shapes)."""
    class Blank(ast.NodeTransformer):
        def visit_Constant(self, node):
            return ast.Constant("") if isinstance(node.value, str) else node

        def visit_JoinedStr(self, node):
            return ast.JoinedStr([v for v in (self.visit(x) for x in node.values)
                                  if not isinstance(v, ast.Constant)])
    return ast.dump(Blank().visit(ast.parse(_without_magics(source))))


def notebook_template() -> Catalog:
    catalog = _catalog("The notebooks", locale="en")
    for path in english_notebooks():
        nb = nbformat.read(path, as_version=4)
        stem = path.stem
        for index, cell in enumerate(nb.cells):
            where = f"{path.name}#{cell.get('id', index)}"
            if cell.get("id") == LANGUAGES_CELL_ID:
                items = []
            elif cell.cell_type == "markdown":
                items = [(b, "markdown") for b in blocks(cell.source) if translatable_block(b)]
            elif cell.cell_type == "code" and translatable_code(cell.source):
                items = [(cell.source, "code: translate the comments and the texts shown to the reader; "
                                       "keep the code, names, keys and identifiers exactly")]
            else:
                items = []
            for text, kind in items:
                m = catalog.get(text, context=stem)
                if m is None:
                    catalog.add(text, context=stem, auto_comments=[kind], locations=[(where, None)])
                elif (where, None) not in m.locations:
                    m.locations.append((where, None))
    return catalog


def update_notebook_catalogs() -> None:
    template = notebook_template()
    _write(NB_LOCALE / f"{NB_DOMAIN}.pot", template)
    for code in LANGS:
        po = NB_LOCALE / code / "LC_MESSAGES" / f"{NB_DOMAIN}.po"
        _write(po, _update(template, po, code))


def translator(code: str):
    """The notebooks' catalog of ``code`` as a function (stem, English text) -> translation or None."""
    catalog = _read(NB_LOCALE / code / "LC_MESSAGES" / f"{NB_DOMAIN}.po", locale=code)

    def tr(stem: str, text: str) -> str | None:
        m = catalog.get(text, context=stem)
        if m is None or not m.string or m.fuzzy:
            return None
        return m.string
    return tr


def languages_line(code: str, name: str) -> str:
    """The line of languages in language ``code``'s folder: its own name in bold, the others linked.

    >>> languages_line("pl", "00_welcome.ipynb")[:60]
    '[English](../00_welcome.ipynb) · [Português](../pt/00_welcom'
    """
    links = []
    for other in LANGUAGES:
        if other == code:
            links.append(f"**{NAMES[other]}**")
        else:
            target = f"../{name}" if other == "en" else f"../{other}/{name}"
            links.append(f"[{NAMES[other]}]({target})")
    return " · ".join(links)


def translated_notebook(path: Path, code: str, tr) -> nbformat.NotebookNode:
    """The English notebook ``path`` in language ``code`` (cells only; outputs as in the English)."""
    nb = nbformat.read(path, as_version=4)
    stem = path.stem
    cells = []
    for cell in nb.cells:
        cell = copy.deepcopy(cell)
        if cell.get("id") == LANGUAGES_CELL_ID:
            cell.source = languages_line(code, path.name)
        elif cell.cell_type == "markdown":
            parts = []
            for b in blocks(cell.source):
                parts.append((tr(stem, b) or b) if translatable_block(b) else b)
            cell.source = "\n\n".join(parts)
            cell.source = OUT_OF_FOLDER.sub("../../", cell.source)
        elif cell.cell_type == "code":
            if translatable_code(cell.source):
                cell.source = tr(stem, cell.source) or cell.source
            cell.source = OUT_OF_FOLDER.sub("../../", cell.source)
        cells.append(cell)
    first = next((i + 1 for i, c in enumerate(cells) if c.get("id") == "lite-install"), 0)
    cells.insert(first, nbformat.v4.new_code_cell(
        f'import skye_widgets\n\nskye_widgets.set_language("{code}")', id=LANGUAGE_CELL_ID))
    nb.cells = cells
    nb.metadata[META] = {"source": f"../{path.name}", "language": code}
    return nb


def _sources(nb: nbformat.NotebookNode) -> list[tuple[str, str, str]]:
    return [(c.cell_type, c.get("id", ""), c.source) for c in nb.cells]


def build(check: bool = False) -> list[Path]:
    """Write (or with ``check`` only compare) ``notebooks/<lang>/*.ipynb``; returns the notebooks whose
    cells changed (their outputs are kept when only the texts changed; ``make notebooks`` runs them)."""
    changed = []
    for code in LANGS:
        tr = translator(code)
        folder = NOTEBOOKS / code
        for path in english_notebooks():
            new = translated_notebook(path, code, tr)
            target = folder / path.name
            old = nbformat.read(target, as_version=4) if target.exists() else None
            if old is not None and _sources(old) == _sources(new):
                continue
            changed.append(target)
            if check:
                continue
            if old is not None:          # keep the outputs of cells whose code did not change
                before = {c.get("id"): c for c in old.cells if c.cell_type == "code"}
                for c in new.cells:
                    o = before.get(c.get("id"))
                    if c.cell_type == "code" and o is not None and o.source == c.source:
                        c.outputs, c.execution_count = o.outputs, o.execution_count
            folder.mkdir(exist_ok=True)
            tmp = target.with_suffix(".tmp")
            nbformat.write(new, tmp)
            tmp.replace(target)
        for stale in sorted(folder.glob("*.ipynb")) if folder.exists() else ():
            if not (NOTEBOOKS / stale.name).exists():
                changed.append(stale)
                if not check:
                    stale.unlink()
    return changed


def main(argv: list[str]) -> int:
    if "--check" in argv:
        changed = build(check=True)
        for path in changed:
            print(f"{path.relative_to(ROOT)}: not what the catalogs say (run make messages)")
        return 1 if changed else 0
    update_lessons()
    update_notebook_catalogs()
    changed = build()
    for path in changed:
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
