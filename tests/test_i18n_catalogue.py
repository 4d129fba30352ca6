"""Issue 30: the catalogues are complete. Every string the code marks (`_`, `N_`, `ngettext`,
`pgettext`, `npgettext` with literal English) is in the French catalogue and translated, with
the same named placeholders; none is marked where Babel's extraction cannot see it (a call in
an f-string's braces: Python 3.11's tokenizer hides them from `pybabel extract`)."""

from __future__ import annotations

import ast
from pathlib import Path

from tools import catalogues

WEB = Path(__file__).resolve().parent.parent / "web"
KEYWORDS = catalogues.KEYWORDS


def literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def marked() -> dict[tuple[str | None, str], str]:
    """{(context, English): where} of every literal marked string under web/."""
    return {key: where[-1] for key, where in catalogues.marked(WEB).items()}


def test_the_french_catalogue_is_complete() -> None:
    po = catalogues.po_files()
    assert "fr" in po
    assert catalogues.problems(po["fr"]) == []


def test_every_marked_string_is_in_the_french_catalogue() -> None:
    entries = {(e.msgctxt, e.msgid) for e in catalogues.read_po(catalogues.po_files()["fr"])}
    strings = marked()
    assert len(strings) > 20
    missing = {key: where for key, where in strings.items() if key not in entries}
    assert not missing, f"marked, not in the catalogue (make messages, translate): {missing}"


def test_no_string_is_marked_inside_an_f_strings_braces() -> None:
    hidden = []
    for path in sorted(WEB.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.JoinedStr):
                continue
            for inner in ast.walk(node):
                if (isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name)
                        and inner.func.id in KEYWORDS and inner.args
                        and any(literal(a) is not None for a in inner.args)):
                    hidden.append(f"{path.relative_to(WEB)}:{inner.lineno}")
    assert not hidden, f"pybabel extract cannot see these (take them out of the f-string): {hidden}"


def test_a_missing_or_broken_translation_is_found(tmp_path: Path) -> None:
    po = tmp_path / "fr" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
                  'msgid "Hello"\nmsgstr ""\n\nmsgid "{name} wins"\nmsgstr "{nom} gagne"\n\n'
                  'msgid "{n} tile"\nmsgid_plural "{n} tiles"\n'
                  'msgstr[0] "{n} tuile"\nmsgstr[1] ""\n',
                  encoding="utf-8")
    old = catalogues.ROOT
    catalogues.ROOT = tmp_path
    try:
        found = catalogues.problems(po)
    finally:
        catalogues.ROOT = old
    assert len(found) == 3, found
    assert "'Hello': not translated" in found[0] and "placeholders" in found[1]


def test_the_pages_own_copies_of_the_engines_texts_are_the_same() -> None:
    """The rules page and Great Explorer mark the engine's card and achievement texts where
    Babel sees them: the copies must say what the engine says."""
    from si_web import explorer, rules_page
    from small_islands import MISSIONS, REWARDS
    from small_islands.achievements import CHECKLISTS

    missions = {k: m.text for k, m in MISSIONS.items()}
    rewards = {k: r.text for k, r in REWARDS.items()}
    assert missions == rules_page.MISSION_TEXTS
    assert rewards == rules_page.REWARD_TEXTS
    texts = {t for checklist in CHECKLISTS.values() for t in checklist.values()}
    assert texts == explorer.BOXES
