"""Write the typographic apostrophe (’) in every French translation: `python tests/french_apostrophes.py`.

French user-facing text uses one apostrophe, the typographic one (issue 27; the French rulebook and most of
the catalog already did): "l’eau", "d’or", "n’a". A straight apostrophe between two letters of a translation
becomes ’ in the three French catalogs (the program's, the lessons' and the notebooks'; in a notebook's code
cell that is inside a comment or a string the reader sees). Then run `make messages`.
tests/test_grammar_i18n.py fails while any is left.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = [ROOT / "skye_widgets" / "locale" / "fr" / "LC_MESSAGES" / "skye_widgets.po",
            ROOT / "skye_widgets" / "locale" / "fr" / "LC_MESSAGES" / "lessons.po",
            ROOT / "notebooks" / "locale" / "fr" / "LC_MESSAGES" / "notebooks.po"]
STRAIGHT = re.compile(r"(?<=[^\W\d_])'(?=[*_]*[^\W\d_])")


def typographic(text: str) -> str:
    return STRAIGHT.sub("’", text)


def main() -> int:
    for path in CATALOGS:
        with open(path, "rb") as f:
            catalog = read_po(f, locale="fr")
        changed = 0
        for m in catalog:
            if not m.id:
                continue
            if isinstance(m.string, tuple):
                new = tuple(typographic(s) for s in m.string)
            else:
                new = typographic(m.string)
            if new != m.string:
                m.string = new
                changed += 1
        if changed:
            with open(path, "wb") as f:
                write_po(f, catalog, width=100, ignore_obsolete=True)
        print(f"{path.relative_to(ROOT)}: {changed} entries")
    return 0


if __name__ == "__main__":
    sys.exit(main())
