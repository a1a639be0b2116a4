"""Write the pseudo-language catalog from the template: `python tests/pseudo_catalog.py` (run by `make messages`).

Every text of skye_widgets/locale/skye_widgets.pot becomes long, accented and bracketed,
"{name} buys tile {tile}." -> "[{name} ƀûýš ţîļé {tile}. ~~~~~~]", its placeholders ({name},
{count:>3}, %(x)s) and escaped braces left as they are. The package shows it after
set_language("qps"), so a test (or a look at the screen) finds every text still in English:
a text nobody marked for translation. Writes skye_widgets/locale/qps/LC_MESSAGES/skye_widgets.po
and .mo (Babel cannot `init` or `compile` a language CLDR does not know, so this script does both).
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "skye_widgets" / "locale"
CODE = "qps"

#: What stays as it is: {{ and }}, format fields {name}, {count:>3}, and %(name)s fields.
PLACEHOLDER = re.compile(r"\{\{|\}\}|\{[^{}]*\}|%\([^)]*\)[-#0 +]*\d*(?:\.\d+)?[a-zA-Z]|%%|%[sr]")

ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀßÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)


def pseudo(text: str) -> str:
    """``text`` accented, 40 % longer and bracketed, placeholders intact.

    >>> pseudo("{name} buys tile {tile}.")
    '[{name} ƀûýš ţîļé {tile}. ~~~~~~~~~~]'
    """
    if not text:
        return text
    parts, last = [], 0
    for m in PLACEHOLDER.finditer(text):
        parts.append(text[last:m.start()].translate(ACCENTED))
        parts.append(m.group(0))
        last = m.end()
    parts.append(text[last:].translate(ACCENTED))
    return "[" + "".join(parts) + " " + "~" * max(3, round(len(text) * 0.4)) + "]"


def main() -> int:
    with open(LOCALE / "skye_widgets.pot", "rb") as f:
        catalog = read_po(f, locale="en")      # English plural forms (n != 1); the header says qps below
    for message in catalog:
        if not message.id:
            continue
        if message.pluralizable:
            message.string = tuple(pseudo(form) for form in message.id)
        else:
            message.string = pseudo(message.id)
        message.flags.discard("fuzzy")
    catalog.fuzzy = False
    out = LOCALE / CODE / "LC_MESSAGES"
    out.mkdir(parents=True, exist_ok=True)
    text = io.BytesIO()
    write_po(text, catalog, width=100)
    po = text.getvalue().decode("utf-8")
    po = po.replace('"Language: en\\n"', f'"Language: {CODE}\\n"').replace(
        '"Language-Team: en <LL@li.org>\\n"', f'"Language-Team: pseudo-language ({CODE}) for tests\\n"')
    (out / "skye_widgets.po").write_text(po, encoding="utf-8")
    with open(out / "skye_widgets.mo", "wb") as f:
        write_mo(f, catalog)
    print(f"{len([m for m in catalog if m.id])} messages in the pseudo-language catalog {out / 'skye_widgets.po'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
