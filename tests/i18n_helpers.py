"""The tests' languages: French from the repository's catalogue (compiled as the build compiles
it), the pseudo language, and English again after each test (`language`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from game_shell import i18n
from tools import catalogues


def extracted() -> frozenset[str]:
    """Every message of the extracted catalogue (locale/messages.pot: singulars, plurals)."""
    ids: set[str] = set()
    for m in catalogues.read_po(catalogues.LOCALE / f"{catalogues.DOMAIN}.pot"):
        ids.update(x for x in (m.msgid, m.plural) if x)
    return frozenset(ids)


def french_mo() -> bytes:
    return catalogues.compile_mo(catalogues.read_po(catalogues.po_files()["fr"]))


@contextmanager
def language(lang: str) -> Iterator[None]:
    """The words in `lang` inside the block, English after it."""
    i18n.install(lang, french_mo() if lang == "fr" else None,
                 extracted() if lang == i18n.PSEUDO else None)
    try:
        yield
    finally:
        i18n.install("en")
