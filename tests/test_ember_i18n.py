"""Ember Isle in French (issue 30): the same taps in both languages keep the same records
(saves and the start screen's summary hold no words), the words are French on screen, and what
is on screen follows a switch of language (the suggestion, the summary line)."""

from __future__ import annotations

from i18n_helpers import language
from test_ember_web import new, text_of

from ei_web.app import EmberApp
from game_shell.storage import MemoryStorage
from si_web.app import App


def played(lang: str) -> MemoryStorage:
    storage = MemoryStorage()
    with language(lang):
        app = new(["human", "easy"], storage=storage)
        app.handle("ei-new", {"confirmed": "1"}, {"ei-seed-number": "11"})
        for _ in range(12):  # a few actions (the computer's by its own choice)
            if app.auto.bot_seat() is not None:
                assert app.auto.local(app.auto.token)
                continue
            legal = app.legal()
            app.play(legal[0])
    return storage


def test_the_same_taps_keep_the_same_records_in_both_languages() -> None:
    en, fr = played("en"), played("fr")
    keys = sorted(k for k in en.data if k.startswith("ember-isle/"))
    assert "ember-isle/summary" in keys
    assert keys == sorted(k for k in fr.data if k.startswith("ember-isle/"))
    for key in keys:
        assert en.get(key) == fr.get(key), key


def test_the_start_screens_say_the_saved_game_in_the_language_on_screen() -> None:
    storage = played("en")
    with language("fr"):
        assert "Ember Isle\u00a0: Ann, Bob (ordinateur) — tour" in App(storage).render()
        html = EmberApp(storage).render()
        assert "Reprendre Ember Isle" in html and "Bob (ordinateur)" in html
    assert "Ann, Bob (computer) — turn" in App(storage).render()


def test_a_suggestion_follows_a_switch_of_language() -> None:
    app = new(["human", "easy"])
    while app.auto.bot_seat() is not None:
        assert app.auto.local(app.auto.token)
    app.handle("ei-hint", {}, {})
    app.auto.hint_locally(app.auto.token)
    assert app.auto.hint is not None and "Suggestion: " in text_of(app.render())
    with language("fr"):
        shown = text_of(app.render())
        assert "Suggestion\u00a0: " in shown and "Suggestion: " not in shown
