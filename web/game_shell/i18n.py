"""The app's words in the player's language (English, French): gettext catalogues, one domain
(``messages``) for the shell and every game. Pure: no browser imports.

The source strings are English and English needs no catalogue. A language's catalogue is
``locale/<lang>/LC_MESSAGES/messages.po`` in the repository, compiled to ``.mo`` by
tools/build.py; the page fetches only the chosen language's (`game_shell.host`) and hands its
bytes to `install`, which reads them with the standard library's `gettext.GNUTranslations`
(`Catalogue`). A compiled catalogue is keyed by a digest of each English message (`key`),
not by the English itself, which the code already holds: 9 KB fewer for a French player to
fetch; the ``.po`` files stay standard, and tools/catalogues.py `readable` names the keys.
One domain, not one per game: the shell's and the games' words share their terms (a round, a
tile, a turn) and one file is one review. The build compiles it in parts, as the code ships:
the words that only a game fetched on demand uses (`registry.GamePlugin.archive`) go to that
game's part (``site/locale/<lang>/<game>.mo.gz``), fetched with its code (`add` with `game`:
a fallback of the language's catalogue), the rest to ``messages.mo.gz``; `need` names the
games on the page, whose parts a language needs before it can show.

Writing a string to translate: a whole sentence, with named placeholders, never assembled
from pieces (a French sentence puts them elsewhere)::

    _("{name} places a tile").format(name=name)
    ngettext("{n} tile", "{n} tiles", n).format(n=number(n))   # every count, even 1
    pgettext("button", "Place")                               # an English word, two senses

Module-level constants (a setting's label, say) are marked with `N_` where they are written
and translated with `_` where they are shown, so that a switch of language shows at once.
`pseudo` is a test language (``qps``): every string wrapped in ⟦ ⟧ and made ~30 % longer
(tests/test_i18n_pseudo.py finds what is not marked).

>>> install("en"); _("Settings"), language()
('Settings', 'en')
>>> install("qps"); _("Settings"), ngettext("{n} tile", "{n} tiles", 2)
('⟦Settings···⟧', '⟦{n} tiles···⟧')
>>> install("en"); number(1234.5)
'1,234.5'
"""

from __future__ import annotations

import gettext
import io
import time
import zlib
from collections.abc import Callable, Sequence
from functools import lru_cache

DOMAIN = "messages"
LANGUAGES: tuple[tuple[str, str], ...] = (("en", "English"), ("fr", "Français"))  # own names
DEFAULT = "en"
PSEUDO = "qps"
OPEN, CLOSE = "⟦", "⟧"


def catalogue_path(lang: str, game: str | None = None) -> str:
    """Where the site holds a language's compiled catalogue (or its part for `game`), gzipped
    (relative to the page: a ``.mo`` is binary, which a static host sends as it is)."""
    return f"locale/{lang}/{game or DOMAIN}.mo.gz"


@lru_cache(maxsize=8192)
def key(message: str) -> str:
    """`message`'s key in a compiled catalogue (tools/catalogues.py `compile_mo`): its CRC-32
    in hex, 8 characters (the build refuses a catalogue where two messages share one). With
    a context, `message` is ``context + "\\x04" + English``, as gettext writes it; the header
    (the empty message) keeps its empty key. Remembered: a render looks up the same words."""
    return f"{zlib.crc32(message.encode('utf-8')):08x}" if message else ""


_Words = gettext.NullTranslations  # (inside `Catalogue`, `gettext` names its method)


class Catalogue(gettext.GNUTranslations):
    """A compiled catalogue keyed by `key`, read by the standard library's gettext: each
    lookup asks for the English's key and falls back as gettext does (the next catalogue,
    then the English)."""

    def _next(self) -> _Words | None:
        """The catalogue looked up after this one (`add_fallback`), if any."""
        found: _Words | None = self._fallback  # type: ignore[attr-defined]
        return found

    def gettext(self, message: str) -> str:
        found = self._catalog.get(key(message))  # type: ignore[attr-defined]
        if found is not None:
            return str(found)
        after = self._next()
        return after.gettext(message) if after else message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self._plural(key(msgid1), n, lambda t: t.ngettext(msgid1, msgid2, n),
                            msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        found = self._catalog.get(key(f"{context}\x04{message}"))  # type: ignore[attr-defined]
        if found is not None:
            return str(found)
        after = self._next()
        return after.pgettext(context, message) if after else message

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self._plural(key(f"{context}\x04{msgid1}"), n,
                            lambda t: t.npgettext(context, msgid1, msgid2, n),
                            msgid1 if n == 1 else msgid2)

    def _plural(self, digest: str, n: int, fallback: Callable[[_Words], str],
                english: str) -> str:
        found = self._catalog.get((digest, self.plural(n)))  # type: ignore[attr-defined]
        if found is not None:
            return str(found)
        after = self._next()
        return fallback(after) if after else english


class Pseudo(gettext.NullTranslations):
    """Every string marked and lengthened (a check, never a player's language). With
    `known` (the extracted catalogue's messages), only those are marked: a string passed to
    `_` that extraction missed (inside an f-string, say) stays plain, so the check finds it
    as it finds a string never passed to `_`."""

    def __init__(self, known: frozenset[str] | None = None) -> None:
        super().__init__()
        self.known = known

    def mark(self, text: str) -> str:
        if self.known is not None and text not in self.known:
            return text
        return f"{OPEN}{text}{'·' * max(1, (len(text) * 3 + 9) // 10)}{CLOSE}"

    def gettext(self, message: str) -> str:
        return self.mark(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.mark(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self.mark(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.mark(msgid1 if n == 1 else msgid2)


_state: dict[str, object] = {"lang": DEFAULT, "t": gettext.NullTranslations()}
_loaded: dict[str, gettext.NullTranslations] = {}
_parts: dict[str, set[str]] = {}  # language -> the games whose parts were added to it
_needed: set[str] = set()  # the games on the page (`need`)
_listeners: list[Callable[[str], None]] = []
_fetcher: list[Callable[[str], None]] = []


def _t() -> gettext.NullTranslations:
    t = _state["t"]
    assert isinstance(t, gettext.NullTranslations)
    return t


def language() -> str:
    """The language the words are in now ("en", "fr"; "qps" in the pseudo check)."""
    return str(_state["lang"])


def supported(lang: object) -> bool:
    return isinstance(lang, str) and any(lang == code for code, _ in LANGUAGES)


def from_device(preferred: Sequence[str]) -> str:
    """The language for a device that prefers `preferred` (``navigator.languages``, best
    first): French for the first that is French (``fr``, ``fr-CA``...), else English."""
    for tag in preferred:
        code = str(tag).lower().split("-")[0].split("_")[0]
        if code == "fr":
            return "fr"
        if code == "en":
            return "en"
    return DEFAULT


def resolve(stored: str, preferred: Sequence[str]) -> str:
    """The language to show: the one chosen in Settings, else the device's (`from_device`)."""
    return stored if supported(stored) else from_device(preferred)


def need(game: str) -> None:
    """`game` is on the page from now on (its code was fetched): a language shows only once
    its part for that game is added too (`missing`)."""
    _needed.add(game)


def missing(lang: str) -> list[str | None]:
    """What `lang` lacks before it can show: ``[None]`` for its catalogue, else the names of
    the games on the page whose parts are not added yet (nothing for English and the pseudo
    language)."""
    if lang in (DEFAULT, PSEUDO):
        return []
    if lang not in _loaded:
        return [None, *sorted(_needed)]
    return [*sorted(_needed - _parts.get(lang, set()))]


def has(lang: str) -> bool:
    """Can `install` switch to `lang` now (nothing to fetch first)?"""
    return not missing(lang)


def _read(lang: str, mo: bytes) -> Catalogue:
    try:
        if mo[:2] == b"\x1f\x8b":  # gzipped, as the site holds it (`catalogue_path`)
            mo = zlib.decompress(mo, wbits=31)
        return Catalogue(io.BytesIO(mo))
    except (OSError, UnicodeDecodeError, zlib.error) as error:
        raise ValueError(f"the {lang} catalogue cannot be read: {error}") from error


def add(lang: str, mo: bytes, game: str | None = None) -> None:
    """Keep `lang`'s compiled catalogue `mo` (a switch back needs no second fetch), or with
    `game` its part for that game (looked up after the catalogue, as its fallback), without
    switching to it. Raises ValueError for bytes gettext cannot read, KeyError for a part of a
    language whose catalogue is not here (nothing changes)."""
    words = _read(lang, mo)
    if game is None:
        _loaded[lang] = words
        _parts[lang] = set()
        return
    if game not in _parts.get(lang, set()):
        _loaded[lang].add_fallback(words)
        _parts[lang].add(game)


def install(lang: str, mo: bytes | None = None, known: frozenset[str] | None = None) -> None:
    """Show the words in `lang` from now on: `mo` is its compiled catalogue (`add`); English
    and the pseudo language need none. Raises KeyError for a language with no catalogue given
    yet, ValueError for a catalogue that gettext cannot read (the words stay as they were).
    `known`: the pseudo language's catalogue (`Pseudo`)."""
    if mo is not None:
        add(lang, mo)
    if lang == DEFAULT:
        t: gettext.NullTranslations = gettext.NullTranslations()
    elif lang == PSEUDO:
        t = Pseudo(known)
    else:
        t = _loaded[lang]
    changed = lang != _state["lang"]
    _state.update(lang=lang, t=t)
    if changed:
        for listener in list(_listeners):
            listener(lang)


def set_fetcher(fetch: Callable[[str], None]) -> None:
    """How `choose` gets what a language lacks (`missing`): `fetch(lang)` adds the catalogue
    and the parts when their bytes arrive, then calls `install(lang)` (the page: fetches of
    `catalogue_path`)."""
    _fetcher[:] = [fetch]


def choose(lang: str) -> None:
    """Switch to `lang` (a player's choice in Settings): at once when its words are here,
    else once they are fetched (`set_fetcher`; nothing happens without one)."""
    if has(lang):
        install(lang)
    elif _fetcher:
        _fetcher[0](lang)


def on_change(listener: Callable[[str], None]) -> None:
    """Call `listener(lang)` after each switch of language (the page re-renders)."""
    _listeners.append(listener)


def _(message: str) -> str:
    """`message` in the current language."""
    return _t().gettext(message)


def N_(message: str) -> str:  # noqa: N802 (gettext's name for it)
    """Mark `message` for the catalogue without translating it (translated where shown)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for the count `n` (French says "1 tuile", "0 tuile", "2 tuiles")."""
    return _t().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in the sense `context` says (an English word with two French senses)."""
    return _t().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _t().npgettext(context, singular, plural, n)


def number(value: float) -> str:
    """A number as the current language writes it (French: 1 234,5 with a narrow no-break
    space; English: 1,234.5)."""
    text = f"{value:,}" if isinstance(value, int) else f"{value:,.10g}"
    return _local(text)


def fixed(value: float, places: int) -> str:
    """A number with `places` decimals, as the current language writes it ("12.0"; French
    "12,0")."""
    return _local(f"{value:,.{places}f}")


def _local(text: str) -> str:
    """A number written the English way ("1,234.5") as the current language writes it."""
    if language() == "fr":
        text = text.replace(",", "\u202f").replace(".", ",")
    return text


_MONTHS = (
    N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"),
    N_("Jul"), N_("Aug"), N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec"),
)  # the months' short names (French: "janv.", "févr."...)


def date_time(at_ms: int, tz_minutes: int = 0) -> str:
    """A moment as the current language writes it: "12 Mar 2025, 14:05" (French "12 mars
    2025 à 14:05"); `at_ms` in milliseconds since 1970, shown `tz_minutes` ahead of UTC (the
    device's time zone)."""
    t = time.gmtime(at_ms / 1000 + tz_minutes * 60)
    return _("{day} {month} {year}, {hour}:{minute}").format(
        day=t.tm_mday, month=_(_MONTHS[t.tm_mon - 1]), year=t.tm_year,
        hour=f"{t.tm_hour:02d}", minute=f"{t.tm_min:02d}")


def and_list(items: Sequence[str]) -> str:
    """'a, b and c' in the current language (empty items left out)."""
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    head = items[0]
    for item in items[1:-1]:
        head = _("{list}, {item}").format(list=head, item=item)
    return _("{list} and {last}").format(list=head, last=items[-1])


# The loading indicator's words (web/index.html, first-paint.js): the build writes them in each
# language beside that language's start screen, for the first paint before Python runs.
LOADING = N_("Getting the game ready…")
WAITING = N_("Just a moment — getting the game ready")
