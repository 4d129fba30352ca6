"""Issue 30, the machinery: gettext catalogues compiled by the build and read by the standard
library's gettext (in CPython here; the site's trimmed Pyodide standard library holds it), the
choice of language (the device's, then Settings), plurals, contexts and numbers per language."""

from __future__ import annotations

import gettext
import gzip
import io
import os
import random
import zipfile
from pathlib import Path

import pytest
from i18n_helpers import french_mo, language

from game_shell import i18n, registry
from game_shell import settings as shell
from game_shell.i18n import _, ngettext, number, pgettext
from tools import build, catalogues

SAMPLE_PO = r'''
msgid ""
msgstr ""
"Content-Type: text/plain; charset=utf-8\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\n"

msgid "{name} places a tile"
msgstr "{name} pose une tuile"

msgid "{n} tile"
msgid_plural "{n} tiles"
msgstr[0] "{n} tuile"
msgstr[1] "{n} tuiles"

msgctxt "verb"
msgid "Place"
msgstr "Poser"

msgctxt "noun"
msgid "Place"
msgstr "Lieu"

#, fuzzy
msgid "Half done"
msgstr "À moitié"

msgid ""
"A long "
"line"
msgstr ""
"Une longue "
"ligne"
'''


def sample(tmp_path: Path) -> gettext.GNUTranslations:
    po = tmp_path / "x.po"
    po.write_text(SAMPLE_PO, encoding="utf-8")
    return i18n.Catalogue(io.BytesIO(catalogues.compile_mo(catalogues.read_po(po))))


def test_the_compiled_catalogue_reads_with_gettext_plurals_contexts_and_all(tmp_path: Path) -> None:
    t = sample(tmp_path)
    assert t.gettext("{name} places a tile").format(name="Ann") == "Ann pose une tuile"
    assert [t.ngettext("{n} tile", "{n} tiles", n) for n in (0, 1, 2)] == [
        "{n} tuile", "{n} tuile", "{n} tuiles"]  # French: 0 and 1 singular
    assert (t.pgettext("verb", "Place"), t.pgettext("noun", "Place")) == ("Poser", "Lieu")
    assert t.gettext("Half done") == "Half done"  # fuzzy: left out, as msgfmt does
    assert t.gettext("A long line") == "Une longue ligne"


def test_the_compiled_catalogue_is_keyed_by_digests_of_the_english(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The .mo holds no English (the code has it): every key is 8 hex digits (a plural
    entry's singular part too), the header's stays empty; a clash of keys stops the build."""
    po = tmp_path / "x.po"
    po.write_text(SAMPLE_PO, encoding="utf-8")
    entries = catalogues.read_po(po)
    mo = catalogues.compile_mo(entries)
    assert b"places a tile" not in mo and b"pose une tuile" in mo
    keys = gettext.GNUTranslations(io.BytesIO(mo))._catalog  # type: ignore[attr-defined]
    heads = {k[0] if isinstance(k, tuple) else k for k in keys} - {""}
    assert heads and all(len(k) == 8 and int(k, 16) >= 0 for k in heads)
    assert i18n.key("verb\x04Place") != i18n.key("noun\x04Place") != i18n.key("Place")
    assert catalogues.readable(mo, entries)["{name} places a tile"] == "{name} pose une tuile"
    monkeypatch.setattr(i18n, "key", lambda message: "00000000" if message else "")
    with pytest.raises(SystemExit, match="share the key"):
        catalogues.compile_mo(entries)


def test_the_functions_follow_the_installed_language(tmp_path: Path) -> None:
    seen: list[str] = []
    i18n.on_change(seen.append)
    with language("fr"):
        assert i18n.language() == "fr"
        assert _("Settings") == "Réglages"
        assert pgettext("nowhere", "Settings") == "Settings"  # no such context: English
        assert ngettext("{n} tile", "{n} tiles", 1) == "{n} tile"  # not in the catalogue
        assert number(1234.5) == "1\u202f234,5" and number(7) == "7"
    assert i18n.language() == "en" and _("Settings") == "Settings" and number(1234.5) == "1,234.5"
    assert seen[-2:] == ["fr", "en"]
    with language("qps"):  # the tests' pseudo language marks only what extraction found
        assert _("Sound") == "⟦Sound··⟧"
        assert ngettext("{n} tile", "{n} tiles", 3) == "⟦{n} tiles···⟧"
        assert _("never extracted") == "never extracted"
    i18n.install("qps")  # without a catalogue: everything marked
    assert ngettext("a", "{n} bs", 3) == "⟦{n} bs··⟧"
    i18n.install("en")


def test_a_catalogue_that_gettext_cannot_read_changes_nothing() -> None:
    with pytest.raises(ValueError, match="cannot be read"):
        i18n.install("fr", b"not a catalogue")
    assert i18n.language() == "en"
    with pytest.raises(KeyError):
        i18n.install("de")


@pytest.mark.parametrize(("stored", "device", "want"), [
    ("", ["fr-FR", "en"], "fr"), ("", ["fr"], "fr"), ("", ["en-GB", "fr"], "en"),
    ("", ["de-DE", "fr-CH"], "fr"), ("", ["de", "es"], "en"), ("", [], "en"),
    ("en", ["fr-FR"], "en"), ("fr", ["en-US"], "fr"), ("xx", ["fr-BE"], "fr"),
])
def test_the_first_visit_follows_the_device_then_the_choice(stored: str, device: list[str],
                                                             want: str) -> None:
    assert i18n.resolve(stored, device) == want


def test_the_choice_is_kept_with_the_other_settings_and_switches_the_words() -> None:
    games = registry.plugins()
    fresh = shell.read(None, games)
    assert fresh.language == ""  # none chosen: the device's
    i18n.install("fr", french_mo())
    i18n.install("en")
    new = shell.changed(fresh, games, "language", "fr")
    try:
        assert new is not None and i18n.language() == "fr"
        assert shell.parse(shell.dump(new), games).language == "fr"
        assert shell.changed(new, games, "language", "de") is None
        page = shell.screen(new, games)
        assert 'data-value="fr" aria-pressed="true" lang="fr">Français' in page
        assert "<h1>Réglages</h1>" in page
    finally:
        i18n.install("en")
    assert "<h1>Settings</h1>" in shell.screen(new, games)


def site() -> Path:
    """The site `make test` built (SI_TEST_SITE), else site/ of this tree (`make build`)."""
    found = Path(os.environ.get("SI_TEST_SITE") or build.ROOT / "site")
    if not (found / "index.html").is_file():
        pytest.fail(f"{found}: no site built (make build)")
    return found


def test_the_build_compiles_the_catalogues_in_parts_and_the_service_worker_precaches_them(
        tmp_path: Path) -> None:
    assert build.write_catalogues(tmp_path) == ["fr"]
    main, part = tmp_path / i18n.catalogue_path("fr"), tmp_path / i18n.catalogue_path(
        "fr", "ember-isle")
    read = [i18n.Catalogue(io.BytesIO(gzip.decompress(f.read_bytes()))) for f in (main, part)]
    po = catalogues.read_po(catalogues.po_files()["fr"])
    catalog = catalogues.readable(french_mo(), po)
    mains, parts = (catalogues.readable(gzip.decompress(f.read_bytes()), po) for f in (main, part))
    assert not mains.keys() & parts.keys() and {**mains, **parts} == catalog  # every word once
    assert len(parts) > 300 and read[1].ngettext("{n} amulet", "{n} amulets", 2) != "{n} amulets"
    # Ember Isle's part holds what only Ember Isle's packages mark
    where = catalogues.marked(build.WEB)
    for key in parts:
        msgid = key[0] if isinstance(key, tuple) else key
        context, _sep, english = msgid.rpartition("\x04")
        places = where[(context or None, english)]
        assert all(p.split("/")[0] in ("ei_web", "ember_isle") for p in places), places
    assert read[0].gettext("Settings") == "Réglages"
    with language("fr"):  # the page installs the gzipped bytes as they are fetched
        i18n.install("fr", main.read_bytes())
        assert _("Settings") == "Réglages"
    (tmp_path / "index.html").write_text("<!doctype html>")
    build.write_service_worker(tmp_path)
    worker = (tmp_path / "service-worker.js").read_text()
    assert f'"./{i18n.catalogue_path("fr")}"' in worker
    assert f'"./{i18n.catalogue_path("fr", "ember-isle")}"' in worker
    assert len(main.read_bytes()) < 40_000  # small: precached with the rest


class Misses(gettext.NullTranslations):
    """The lookups that reached past a catalogue (its fallback): (context, English)."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: set[tuple[str | None, str]] = set()

    def gettext(self, message: str) -> str:
        self.seen.add((None, message))
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.seen.add((None, msgid1))
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        self.seen.add((context, message))
        return message

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        self.seen.add((context, msgid1))
        return msgid1 if n == 1 else msgid2


def test_the_home_games_screens_need_no_word_of_ember_isles_part(tmp_path: Path) -> None:
    """Ember Isle's words come with its code: the home game's screens that show Ember Isle's
    games (its card, the saved game's line, Settings, Your games, Statistics) look up none of
    them, or a French player would read them in English until Ember Isle was opened."""
    from test_ember_files import FINISHED, new_app, send_file
    from test_ember_web import new

    from ember_web_driver import tap
    from game_shell.storage import MemoryStorage
    from si_web.app import App

    storage = MemoryStorage()
    ember = new_app(storage)
    send_file(ember, FINISHED)  # a finished game in Your games
    tap(ember, "ei-import-keep")
    ember = new(["human", "easy"], storage=storage)  # and one in progress
    ember.handle("ei-new", {"confirmed": "1"}, {"ei-seed-number": "11"})
    ember.play(ember.legal()[0])
    build.write_catalogues(tmp_path)
    misses = Misses()
    i18n.add("fr", (tmp_path / i18n.catalogue_path("fr")).read_bytes())
    i18n._loaded["fr"].add_fallback(misses)
    i18n.install("fr")
    pages = []
    app = App(storage)
    pages.append(app.render())
    for act in ("settings", "back", "history", "stats"):
        app.handle(act)
        pages.append(app.render())
    assert "Ember Isle" in pages[0] and any("Ember Isle" in p for p in pages[3:])
    part = build.catalogue_parts()["ember-isle"]
    assert not misses.seen & part, sorted(misses.seen & part)[:10]
    context, english = next(k for k in sorted(part, key=str) if k[0] is None)
    _(english)  # a word of the part does reach past the catalogue: the check sees it
    assert (context, english) in misses.seen


def test_a_game_on_the_page_needs_its_part_before_its_language_shows(tmp_path: Path) -> None:
    build.write_catalogues(tmp_path)
    main = (tmp_path / i18n.catalogue_path("fr")).read_bytes()
    part = (tmp_path / i18n.catalogue_path("fr", "ember-isle")).read_bytes()
    with pytest.raises(ValueError):
        i18n.add("fr", b"junk", "ember-isle")
    i18n.add("fr", main)
    assert i18n.has("fr") and i18n.missing("en") == []
    i18n.need("ember-isle")
    assert i18n.missing("fr") == ["ember-isle"] and not i18n.has("fr")
    i18n.install("fr")  # (the page switches only once `missing` is empty)
    assert _("Settings") == "Réglages"
    assert ngettext("{n} amulet", "{n} amulets", 2) == "{n} amulets"  # not here yet
    i18n.add("fr", part, "ember-isle")
    i18n.add("fr", part, "ember-isle")  # twice: once
    assert i18n.has("fr") and ngettext("{n} amulet", "{n} amulets", 2) != "{n} amulets"
    assert _("Settings") == "Réglages"
    i18n.add("fr", main)  # the catalogue again: its parts go with the old one
    assert i18n.missing("fr") == ["ember-isle"]


def test_the_sites_trimmed_standard_library_holds_gettext() -> None:
    stdlib = site() / f"vendor/pyodide-{build.PYODIDE_VERSION}/python_stdlib.zip"
    with zipfile.ZipFile(stdlib) as archive:
        names = set(archive.namelist())
    assert {"gettext.py", "gettext.pyc"} & names, "gettext is not in the site's standard library"
    assert (site() / i18n.catalogue_path("fr")).is_file()


def played(lang: str, seed: int = 4, taps: int = 120) -> dict[str, str]:
    """Every record a game leaves in storage after the same taps, the words in `lang`."""
    from web_driver import choose, data_of, tappables

    from game_shell.storage import MemoryStorage
    from si_web.app import App
    from small_islands import Game, Options

    with language(lang):
        storage = MemoryStorage()
        app = App(storage)
        app.begin(Game.new(Options(seats=("Ann", "Bob"), seed=seed)))
        rng = random.Random(seed)
        for _ in range(taps):
            item = choose(tappables(app.render()), rng)
            assert item is not None
            app.handle(item["data-act"], data_of(item), {})
        app.handle("menu")
        app.render()
        return dict(storage.data)


def test_saved_games_and_records_are_the_same_in_every_language() -> None:
    english, french = played("en"), played("fr")
    assert english == french  # nothing translated is stored
    assert any("save" in key for key in english)


def test_dates_lists_decimals_and_file_names_follow_the_language() -> None:
    """The date helper (Your games, the replay's title), lists of names, one-decimal numbers
    and percentages (Statistics), and an export's file name, in English and in French."""
    from game_shell.files import file_name
    from game_shell.stats import percent

    at = 1741788300000  # 12 March 2025, 14:05 UTC
    english = (i18n.date_time(at), i18n.date_time(at, 60), i18n.and_list(["Ann", "Bob", "Cy"]),
               i18n.fixed(1234.25, 1), percent(2 / 3),
               file_name("small-islands", ["Ann"], False, at))
    assert english == ("12 Mar 2025, 14:05", "12 Mar 2025, 15:05", "Ann, Bob and Cy", "1,234.2",
                       "67%", "small-islands-2025-03-12-ann-unfinished.json")
    with language("fr"):
        french = (i18n.date_time(at), i18n.and_list(["Ann", "Bob", "Cy"]), i18n.fixed(1234.25, 1),
                  percent(2 / 3), file_name("small-islands", ["Ann"], False, at),
                  file_name("small-islands", ["Ann"], True, at))
    assert french == ("12 mars 2025 à 14:05", "Ann, Bob et Cy", "1\u202f234,2", "67\u202f%",
                      "small-islands-2025-03-12-ann-en-cours.json",
                      "small-islands-2025-03-12-ann.json")
