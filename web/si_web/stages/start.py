"""The start screen: the new-game form, continue the saved game, rules, Great Explorer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game_shell import cards, registry, widgets
from small_islands import Game

from .. import coach, form, screens, words
from ..first_paint import save_summary
from .base import Data, Screen

if TYPE_CHECKING:
    from ..port import Table


class Start(Screen):
    """The menu and the new-game form."""

    name = "start"
    acts = frozenset(
        {"new", "new-cancel", "add-seat", "remove-seat", "form-solo", "continue", "rules",
         "explorer", "noop", "history", "stats", "coach-start", "coach-dismiss", "settings",
         "open-game"}
    )

    def render(self, app: Table) -> str:
        summary = save_summary(app)
        return screens.start_screen(
            app.form, summary is not None, summary or "", app.form_error, app.confirm_new,
            coach.offer_html() if app.guide.offer_open() else "",
            cards.cards(registry.plugins(), app.storage),
        )

    def on_new(self, app: Table, data: Data) -> None:
        guided = app.guide.pending_coach or data.get("coach") == "1"
        try:
            if guided:
                game = Game.new(coach.options(app.form["names"][0], app.form["colours"][0]))
            else:
                game = Game.new(form.to_options(app.form))
        except ValueError as exc:
            app.set_form_error(words.form_problem(exc, app.form["names"][: 1 if app.form["solo"] else None]))
            app.note(f"new game refused: {exc}")
            return
        app.set_form_error(None)
        if guided:
            deal(game)
        if in_progress(app) and data.get("confirmed") != "1":
            app.ask_confirm_new(True)
            app.guide.pending_coach = guided
            return
        app.ask_confirm_new(False)
        if app.session.raw_save() is not None and app.broken is not None:
            app.session.move_aside(app.broken[1])
        app.drop_broken()
        if guided:
            app.guide.started(game)
        app.begin(game)
        app.tell(widgets.names_cleaned(app.form["names"], [s.name for s in game.seats]))

    def on_new_cancel(self, app: Table, data: Data) -> None:
        app.ask_confirm_new(False)
        app.guide.pending_coach = False

    def on_coach_start(self, app: Table, data: Data) -> None:
        """A guided first game (you against an easy computer player, with tips)."""
        self.on_new(app, {**data, "coach": "1"})

    def on_coach_dismiss(self, app: Table, data: Data) -> None:
        app.guide.dismiss_offer()

    def on_add_seat(self, app: Table, data: Data) -> None:
        form.add_seat(app.form)

    def on_remove_seat(self, app: Table, data: Data) -> None:
        form.remove_seat(app.form)

    def on_form_solo(self, app: Table, data: Data) -> None:
        app.form["solo"] = data.get("solo") == "1"
        app.save_settings()

    def on_continue(self, app: Table, data: Data) -> None:
        if app.session.raw_save() is None:
            return
        if app.game is not None and app.broken is None:
            app.resume()  # the holder's turn comes straight back (no pass to themselves)
            return
        app.session.save_meta({"screen": "game"})
        app.load()

    def on_rules(self, app: Table, data: Data) -> None:
        app.guide.open_rules(app)

    def on_explorer(self, app: Table, data: Data) -> None:
        app.go("explorer")

    def on_history(self, app: Table, data: Data) -> None:
        app.kept.reload_others()  # another game may have kept a game since (this window)
        app.kept.history_back = "start"
        app.go("history")

    def on_stats(self, app: Table, data: Data) -> None:
        app.kept.stats_back = "start"
        app.go("stats")

    def on_settings(self, app: Table, data: Data) -> None:
        app.go("settings")

    def on_open_game(self, app: Table, data: Data) -> None:
        """Another game's card: the controller hands it the screen (`game_shell.host`)."""
        plugin = registry.by_name(registry.plugins(), data.get("game"))
        if plugin is not None and not plugin.home:
            app.open_game(plugin.name)

    def on_noop(self, app: Table, data: Data) -> None:
        pass


def deal(game: Game) -> None:
    """The guided game (a newcomer's) starts with the starting tiles arranged (the first ready
    layout): no arranging step before the first real decision. A game from the form keeps the
    choice."""
    if game.phase == "setup" and game.to_move is not None and game.seats[game.to_move].bot is None:
        game.play(game.default_layouts()[0])


def in_progress(app: Table) -> bool:
    """A saved game that loads and is not over (starting another one would lose it)."""
    if app.session.raw_save() is None or app.broken is not None:
        return False
    g = app.game if app.game is not None else app.session.load_game()
    return isinstance(g, Game) and g.phase != "over"
