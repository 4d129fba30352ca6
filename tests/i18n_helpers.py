"""The tests' languages: French from the repository's catalogue (compiled as the build compiles
it), the pseudo language, and English again after each test (`language`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from game_shell import i18n
from tools import catalogues


def extracted() -> frozenset[str]:
    """Every message of the catalogue (singulars, plurals): the French ``.po``, which `make
    messages` keeps equal to what extraction finds (tests/test_i18n_catalogue.py; the
    extracted ``.pot`` itself is not kept in the repository)."""
    ids: set[str] = set()
    for m in catalogues.read_po(catalogues.po_files()["fr"]):
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
