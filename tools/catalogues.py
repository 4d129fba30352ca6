"""The translation catalogues: read a ``.po`` file and compile it to gettext's ``.mo``
(standard library only, the logic of CPython's Tools/i18n/msgfmt.py: the catalogues compile
without Babel). Babel (a dev dependency) extracts the strings and updates the
``.po`` files: ``make messages`` (see README, "Translations").

    python tools/catalogues.py check      # every entry of every .po translated, placeholders kept

Fuzzy entries are left out of the ``.mo`` (gettext then shows the English), as msgfmt does.
"""

from __future__ import annotations

import ast
import re
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
if str(ROOT / "web") not in sys.path:
    sys.path.insert(0, str(ROOT / "web"))
from game_shell import i18n  # noqa: E402 (the key a compiled catalogue is looked up by)

DOMAIN = "messages"
PLACEHOLDER = re.compile(r"\{[a-z_]+\}|%\([a-z_]+\)[sd]")


@dataclass
class Entry:
    """One message: its context, English (singular, plural), translations (one per plural
    form; a singular message has one) and whether it is fuzzy."""

    msgid: str = ""
    msgctxt: str | None = None
    plural: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    fuzzy: bool = False
    line: int = 0

    @property
    def key(self) -> str:
        return self.msgid if self.msgctxt is None else f"{self.msgctxt}\x04{self.msgid}"


def _string(text: str, path: Path, line: int) -> str:
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError) as error:
        raise SystemExit(f"{path}:{line}: not a string: {text}") from error
    if not isinstance(value, str):
        raise SystemExit(f"{path}:{line}: not a string: {text}")
    return value


def read_po(path: Path) -> list[Entry]:
    """The entries of a .po file (the header is the entry whose msgid is empty)."""
    entries: list[Entry] = []
    entry = Entry()
    target: tuple[str, int] | None = None
    fuzzy = False

    def close() -> None:
        nonlocal entry, fuzzy
        if entry.msgstr or entry.msgid:
            entry.fuzzy = fuzzy
            entries.append(entry)
        entry, fuzzy = Entry(), False

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if target is not None and target[0] == "msgstr":
                close()
                target = None
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            continue
        word, _, rest = line.partition(" ")
        if line.startswith('"'):
            if target is None:
                raise SystemExit(f"{path}:{number}: a string continued from nothing")
            kind, index = target
            value = _string(line, path, number)
            if kind == "msgid":
                entry.msgid += value
            elif kind == "msgctxt":
                entry.msgctxt = (entry.msgctxt or "") + value
            elif kind == "msgid_plural":
                entry.plural = (entry.plural or "") + value
            else:
                entry.msgstr[index] += value
            continue
        if word in ("msgctxt", "msgid") and target is not None and target[0] == "msgstr":
            close()
        if word == "msgctxt":
            entry.msgctxt, target = _string(rest, path, number), ("msgctxt", 0)
        elif word == "msgid":
            entry.msgid, entry.line, target = _string(rest, path, number), number, ("msgid", 0)
        elif word == "msgid_plural":
            entry.plural, target = _string(rest, path, number), ("msgid_plural", 0)
        elif word == "msgstr":
            entry.msgstr[0], target = _string(rest, path, number), ("msgstr", 0)
        elif (found := re.fullmatch(r"msgstr\[(\d+)\]", word)) is not None:
            index = int(found.group(1))
            entry.msgstr[index], target = _string(rest, path, number), ("msgstr", index)
        else:
            raise SystemExit(f"{path}:{number}: cannot read {line!r}")
    close()
    return entries


def compile_mo(entries: list[Entry]) -> bytes:
    """gettext's .mo bytes of these entries (the untranslated and fuzzy ones left out, and
    those the same as the English; the header kept), keyed by `i18n.key` of the English (a
    plural entry: the singular's key), keys sorted as msgfmt writes them. Raises SystemExit
    when two messages share a key."""
    messages: dict[bytes, bytes] = {}
    english: dict[str, str] = {}
    for e in entries:
        if e.fuzzy and e.msgid:
            continue
        forms = [e.msgstr[i] for i in sorted(e.msgstr)]
        if e.msgid and not all(forms):
            continue
        if e.msgid and forms == ([e.msgid] if e.plural is None else [e.msgid, e.plural]):
            continue  # the same words as the English ("Menu", "Solo"), which a miss shows
        digest = i18n.key(e.key)
        if english.setdefault(digest, e.key) != e.key:
            raise SystemExit(f"two messages share the key {digest}: {english[digest]!r}, "
                             f"{e.key!r} (reword one)")
        key = digest if e.plural is None else f"{digest}\x00"
        messages[key.encode()] = "\x00".join(forms).encode()
    keys = sorted(messages)
    ids = strs = b""
    offsets: list[int] = []
    for k in keys:
        offsets += [len(ids), len(k), len(strs), len(messages[k])]
        ids += k + b"\x00"
        strs += messages[k] + b"\x00"
    start = 7 * 4 + 16 * len(keys)
    key_table: list[int] = []
    value_table: list[int] = []
    for i in range(len(keys)):
        o1, l1, o2, l2 = offsets[4 * i: 4 * i + 4]
        key_table += [l1, o1 + start]
        value_table += [l2, o2 + start + len(ids)]
    header = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + len(keys) * 8, 0, 0)
    return (header + struct.pack(f"{len(key_table)}i", *key_table)
            + struct.pack(f"{len(value_table)}i", *value_table) + ids + strs)


#: the marking functions: name -> (context's, English's, plural's argument; None: none)
KEYWORDS = {"_": (None, 0, None), "N_": (None, 0, None), "ngettext": (None, 0, 1),
            "pgettext": (0, 1, None), "npgettext": (0, 1, 2)}
Key = tuple[str | None, str]  # (context, English)


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def marked(web: Path) -> dict[Key, list[str]]:
    """{(context, English): where, ``path:line`` under `web`} of every literal marked string
    (what `make messages` extracts, found with the standard library's ast)."""
    found: dict[Key, list[str]] = {}
    for path in sorted(web.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in KEYWORDS):
                continue
            ctx_at, id_at, _plural = KEYWORDS[node.func.id]
            if len(node.args) <= id_at or (msgid := _literal(node.args[id_at])) is None:
                continue
            context = None if ctx_at is None else _literal(node.args[ctx_at])
            found.setdefault((context, msgid), []).append(
                f"{path.relative_to(web).as_posix()}:{node.lineno}")
    return found


def split(entries: list[Entry], parts: dict[str, set[Key]]) -> dict[str | None, list[Entry]]:
    """The entries as the site ships them: each part's (`parts`: name -> its keys) and the
    rest (under None), the header in every one (its plural forms)."""
    header = [e for e in entries if not e.msgid]
    out: dict[str | None, list[Entry]] = {name: list(header) for name in parts}
    out[None] = list(header)
    for e in entries:
        if e.msgid:
            owner = next((n for n, keys in parts.items() if (e.msgctxt, e.msgid) in keys), None)
            out[owner].append(e)
    return out


def readable(mo: bytes, entries: list[Entry]) -> dict[str | tuple[str, int], str]:
    """A compiled catalogue's messages by their English (``context\\x04English`` with a
    context; ``(English, form)`` for plural forms), as a catalogue keyed by the English would
    hold them: `entries` (its .po's) name the keys. For tests and tools."""
    import gettext
    import io

    names = {i18n.key(e.key): e.key for e in entries if e.msgid}
    catalog = gettext.GNUTranslations(io.BytesIO(mo))._catalog  # type: ignore[attr-defined]
    out: dict[str | tuple[str, int], str] = {}
    for k, v in catalog.items():
        if isinstance(k, tuple):
            out[(names[k[0]], k[1])] = v
        elif k:
            out[names[k]] = v
    return out


def po_files() -> dict[str, Path]:
    """{language: its .po file}."""
    return {p.parent.parent.name: p for p in sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))}


def problems(path: Path) -> list[str]:
    """What a catalogue lacks: entries not translated or fuzzy, plural forms missing, and
    translations that drop or add a placeholder."""
    out: list[str] = []
    entries = read_po(path)
    header = next((e.msgstr.get(0, "") for e in entries if not e.msgid), "")
    found = re.search(r"nplurals=(\d+)", header)
    if found is None:
        return [f"{path.relative_to(ROOT)}: no Plural-Forms header"]
    plurals = int(found.group(1))
    for e in entries:
        if not e.msgid:
            continue
        where = f"{path.relative_to(ROOT)}:{e.line}: {e.msgid!r}"
        forms = [e.msgstr.get(i, "") for i in range(plurals if e.plural is not None else 1)]
        if e.fuzzy or not all(forms):
            out.append(f"{where}: not translated" + (" (fuzzy)" if e.fuzzy else ""))
            continue
        want = set(PLACEHOLDER.findall(e.msgid)) | set(PLACEHOLDER.findall(e.plural or ""))
        for form in forms:
            got = set(PLACEHOLDER.findall(form))
            if got - want or (e.plural is None and want - got):
                out.append(f"{where}: placeholders {sorted(want)} but {form!r}")
    return out


def main(argv: list[str]) -> int:
    if argv[1:] != ["check"]:
        print(__doc__)
        return 2
    found = [p for path in po_files().values() for p in problems(path)]
    print("\n".join(found) or "every catalogue complete")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
