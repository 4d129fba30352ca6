"""Your games: the finished games kept on this device, newest first; filters, replay,
export (download or share), delete with confirmation, import a file, the game in progress.
The shell frames the screen and lists the other games' kept games (`game_shell.your_games`);
this game's section is `own_section`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game_shell import registry, your_games
from game_shell.i18n import N_, _, and_list, ngettext, number
from game_shell.widgets import button, swatch

from ..history import KEEP_FULL, Summary
from ..panels import phase_name
from ..screens import esc
from ..stats import ALEXIS_LABELS, LEVEL_LABELS
from .base import Data, Screen

if TYPE_CHECKING:
    from small_islands import Game

    from ..port import Table

NAME = "small-islands"  # this game's name in the registry (`game_plugins.small_islands`)
# The words are English here, marked with `N_`, and translated where shown (`_`).
MODE_FILTERS = (("all", N_("All")), ("normal", N_("Normal")), ("advanced", N_("Advanced")),
                ("solo", N_("Solo")))
OPPONENT_LABELS = {
    "all": N_("Any opponents"),
    "people": N_("Other people"),
    **LEVEL_LABELS,
    **{f"alexis-{n}": label for n, label in ALEXIS_LABELS.items()},
}
PRIVACY = N_(
    "This game is not finished and several people play it: the file holds every player's "
    "hand tiles and objectives, and anyone who opens it can see them. Export it only if "
    "every player agrees."
)
END_WORDS = {
    "ships": N_("all ships landed"),
    "reserve": N_("the reserve ran out"),
    "display": N_("no tile was left"),
}
KIND_WORDS = {
    "easy": N_("computer, easy"),
    "medium": N_("computer, medium"),
    "hard": N_("computer, hard"),
    "expert": N_("computer, expert"),
    "master": N_("computer, master"),
}


def kind_words(kind: str, solo: int | None) -> str:
    """'computer, hard', 'level 3' (Alexis), or '' for a person."""
    if kind == "alexis":
        return _("level {level}").format(level=number(solo or 0))
    return "" if kind == "human" else _(KIND_WORDS[kind]) if kind in KIND_WORDS else kind


def mode_words(s: Summary) -> str:
    if s["solo"]:
        text = (_("Advanced, solo level {level}") if s["mode"] == "advanced"
                else _("Normal, solo level {level}"))
        return text.format(level=number(s["solo"]))
    return _("Advanced") if s["mode"] == "advanced" else _("Normal")


def seats_line(s: Summary) -> str:
    """Every seat: mark, name, kind, score; the winners marked in words."""
    items = []
    for seat in sorted(s["seats"], key=lambda seat: seat["rank"]):
        kind = kind_words(seat["kind"], s["solo"])
        won = ' <b class="won">' + esc(_("winner")) + "</b>" if seat["rank"] == 1 else ""
        points = ngettext("{n} point", "{n} points", seat["total"]).format(n=number(seat["total"]))
        items.append(
            f'<li>{swatch(seat["colour"])} {esc(seat["name"])}'
            + (' <span class="small">' + esc(_("({kind})").format(kind=kind)) + "</span>" if kind else "")
            + f' <span class="pts">{esc(points)}</span>{won}</li>'
        )
    return f'<ul class="seats-line">{"".join(items)}</ul>'


def game_row(app: Table, s: Summary) -> str:
    """One kept game: who won, when, mode, seats and scores; Replay, Export, Delete."""
    winners = [seat["name"] for seat in s["seats"] if seat["rank"] == 1]
    head = ngettext("{names} won", "{names} win", len(winners)).format(names=and_list(winners))
    end = _(END_WORDS[s["end"]]) if s["end"] in END_WORDS else ""
    meta = _("{game} · {when} · {mode} · {end}").format(
        game="Small Islands", when=app.kept.when(s["at"]), mode=mode_words(s), end=end)
    imported = ' · <span class="small">' + esc(_("imported")) + "</span>" if s["imported"] else ""
    if s["full"]:
        buttons = (
            button(_("Replay"), "replay", "btn", id=s["id"])
            + button(_("Export"), "export", "btn", id=s["id"])
        )
    else:
        buttons = '<span class="small">' + esc(_("Summary only: no replay or export.")) + "</span>"
    buttons += button(_("Delete"), "delete", "btn", id=s["id"])
    return (
        f'<li class="card game-row" data-game="{esc(s["id"])}">'
        f'<h2>{esc(head)}</h2><p class="small">{esc(meta)}{imported}</p>'
        f'{seats_line(s)}<div class="row">{buttons}</div></li>'
    )


def in_progress_card(app: Table, g: Game) -> str:
    """The game in progress: export it only when the player asks for unfinished games too."""
    kept = app.kept
    names = _(", ").join(s.name for s in g.seats)
    phase = phase_name(g.phase).lower()
    scope = (
        '<div class="row tabs" role="group" aria-label="'
        + esc(_("Which games may be exported")) + '">'
        + button(_("Finished games only"), "export-scope", "btn" + ("" if kept.with_unfinished else " on"),
                 scope="finished")
        + button(_("Also the game in progress"), "export-scope", "btn" + (" on" if kept.with_unfinished else ""),
                 scope="all")
        + "</div>"
    )
    if kept.with_unfinished:
        warn = f'<p class="warn">{esc(_(PRIVACY))}</p>' if kept.humans(g) > 1 else ""
        export = warn + button(_("Export the game in progress"), "export", "btn", id="current")
    else:
        export = (
            '<p class="small">' + esc(_("Exports are for finished games: the file of a game in progress "
                                        "shows every player's hand and objectives.")) + "</p>"
        )
    where = _("{names} — round {round}, {phase}").format(names=names, round=number(g.round), phase=phase)
    return (
        '<section class="card in-progress" data-in-progress="1"><h2>' + esc(_("Game in progress"))
        + f"</h2><p>{esc(where)}</p>{scope}{export}</section>"
    )


def export_dialog(app: Table, target: str) -> str:
    """Download or share one game's file (a warning first for an unfinished shared game)."""
    kept = app.kept
    warn = ""
    if target == "current":
        g = kept.unfinished()
        if g is not None and kept.humans(g) > 1:
            warn = f'<p class="warn">{esc(_(PRIVACY))}</p>'
    share = (
        button(_("Share…"), "export-share", "btn", id=target) if kept.can_share else ""
    )
    return (
        '<div class="dialog-back" data-dialog="export"><div class="dialog" role="alertdialog" '
        'aria-modal="true" aria-labelledby="export-title" aria-describedby="export-text">'
        '<h2 id="export-title">' + esc(_("Export a game")) + "</h2>"
        '<p id="export-text">'
        + esc(_('The file holds the whole game: its settings and every move. Open it with Small '
                'Islands on any device: "Your games", then "Import a file".')) + "</p>"
        f"{warn}"
        '<div class="row">'
        + button(_("Download the file"), "export-download", "btn primary", id=target, autofocus="1")
        + share
        + button(_("Cancel"), "export-cancel", "btn")
        + "</div></div></div>"
    )


def delete_dialog(app: Table, game_id: str) -> str:
    other = app.kept.other(game_id)
    s = other[1].get(other[2]) if other else app.kept.history.get(game_id)
    what = app.kept.title(s) if s else _("this game")
    text = (_("{game}: its summary leaves this device for good.") if other else
            _("{game}: its summary and record leave this device for good, and the statistics no "
              "longer count it."))
    return (
        '<div class="dialog-back" data-dialog="delete"><div class="dialog" role="alertdialog" '
        'aria-modal="true" aria-labelledby="delete-title" aria-describedby="delete-text">'
        '<h2 id="delete-title">' + esc(_("Delete this game?")) + "</h2>"
        + f'<p id="delete-text">{esc(text.format(game=what))}</p>'
        + '<div class="row">'
        + button(_("Keep it"), "delete-cancel", "btn primary", autofocus="1")
        + button(_("Delete it"), "delete-confirm", "btn danger", id=game_id)
        + "</div></div></div>"
    )


def feedback(app: Table) -> str:
    """The messages of the last tap and the storage notes (this screen has no toasts)."""
    kept = app.kept
    out = ""
    if kept.import_error:
        out += f'<p class="error" role="alert" data-msg="import-error">{esc(kept.import_error)}</p>'
    if app.message:
        out += f'<p class="error" role="alert" data-msg="error">{esc(app.message)}</p>'
    if app.notice:
        out += f'<p class="ok" role="status" data-msg="notice">{esc(app.notice)}</p>'
    out += "".join(f'<p class="app-note">{esc(n)}</p>' for n in kept.notes[-3:])
    if kept.history.error:
        out += (
            '<p class="error" role="alert">'
            + esc(_("The history kept on this device cannot be read; it is kept as it is, and "
                    "moved aside when the next game is added.")) + "</p>"
        )
    return out


def own_section(app: Table, empty: str) -> str:
    """This game's part of "Your games" (the shell frames it, `game_shell.your_games`): the
    game in progress, the filters, the kept games they let through (or `empty`, when none is
    kept), Show more."""
    kept = app.kept
    listed = kept.listed()
    g = kept.unfinished()
    modes = "".join(
        button(_(label), "filter-mode", "btn" + (" on" if kept.mode_filter == v else ""), mode=v)
        for v, label in MODE_FILTERS
    )
    opts = "".join(
        f'<option value="{v}"{" selected" if kept.opponent_filter == v else ""}>'
        f"{esc(_(OPPONENT_LABELS[v]))}</option>"
        for v in kept.opponents()
    )
    rows = "".join(game_row(app, s) for s in listed[: kept.shown])
    total = len(kept.history.games)
    if not total:
        rows = empty
    elif not listed:
        rows = '<p class="empty">' + esc(_("No kept game matches these filters.")) + "</p>"
    more = (
        button(_("Show more ({n} left)").format(n=number(len(listed) - kept.shown)), "more", "btn")
        if len(listed) > kept.shown
        else ""
    )
    pruned = kept.history.pruned_count()
    bound = (
        '<p class="small">' + esc(ngettext(
            "{n} game keeps a summary only (no replay or export): the full records of the oldest "
            "games go when more than {full} are kept, or when the device's storage runs short.",
            "{n} games keep a summary only (no replay or export): the full records of the oldest "
            "games go when more than {full} are kept, or when the device's storage runs short.",
            pruned).format(n=number(pruned), full=number(KEEP_FULL))) + "</p>"
        if pruned
        else ""
    )
    return (
        (in_progress_card(app, g) if g is not None else "")
        + '<section class="card filters"><h2>' + esc(_("Finished games"))
        + ' <span class="small">'
        + esc(ngettext("({n} kept)", "({n} kept)", total).format(n=number(total))) + "</span></h2>"
        + '<div class="row tabs" role="group" aria-label="' + esc(_("Mode"))
        + f'">{modes}</div>'
        + '<label class="filter">' + esc(_("Opponents")) + ' <select data-change="filter-opponent" '
        + 'aria-label="' + esc(_("Opponents")) + f'">{opts}</select></label>{bound}</section>'
        + (f'<ol class="games">{rows}</ol>' if rows.startswith("<li") else rows)
        + more
    )


class HistoryScreen(Screen):
    """The list of kept games and what can be done with each."""

    name = "history"
    acts = frozenset({
        "menu", "stats", "filter-mode", "filter-opponent", "more", "replay", "export",
        "export-scope", "export-cancel", "export-download", "export-share", "delete", "delete-confirm",
        "delete-cancel", "import-file",
    })

    def render(self, app: Table) -> str:
        kept = app.kept
        dialog = ""
        if kept.confirm_delete:
            dialog = delete_dialog(app, kept.confirm_delete)
        elif kept.export:
            dialog = export_dialog(app, kept.export)
        mine = your_games.Own(len(kept.history.games), lambda empty: own_section(app, empty))
        return your_games.page(
            registry.plugins(), {NAME: mine},
            {plugin.name: index for plugin, index in kept.others.values()}, kept.when,
            back=_("Back") if kept.history_back == "over" else _("Menu"), messages=feedback(app),
            dialog=dialog,
        )

    def back_act(self, app: Table) -> str | None:
        kept = app.kept
        return "delete-cancel" if kept.confirm_delete else "export-cancel" if kept.export else "menu"

    def on_menu(self, app: Table, data: Data) -> None:
        kept = app.kept
        kept.export = kept.confirm_delete = kept.import_error = None
        back = kept.history_back if app.game is not None and app.game.phase == "over" else "start"
        kept.history_back = "start"
        app.go(back)

    def on_stats(self, app: Table, data: Data) -> None:
        app.kept.stats_back = "history"
        app.go("stats")

    def on_filter_mode(self, app: Table, data: Data) -> None:
        if data.get("mode") in dict(MODE_FILTERS):
            app.kept.mode_filter = data["mode"]
            app.kept.shown = 20

    def on_filter_opponent(self, app: Table, data: Data) -> None:
        if data.get("value") in OPPONENT_LABELS:
            app.kept.opponent_filter = data["value"]
            app.kept.shown = 20

    def on_more(self, app: Table, data: Data) -> None:
        app.kept.shown += 20

    def on_replay(self, app: Table, data: Data) -> None:
        app.kept.open_replay(data["id"])

    def on_export(self, app: Table, data: Data) -> None:
        target = data["id"]
        if target == "current" and not app.kept.with_unfinished:
            return
        app.kept.export = target

    def on_export_scope(self, app: Table, data: Data) -> None:
        app.kept.with_unfinished = data.get("scope") == "all"

    def on_export_cancel(self, app: Table, data: Data) -> None:
        app.kept.export = None

    def _send(self, app: Table, data: Data, share: bool) -> None:
        kept = app.kept
        target = data["id"]
        if target != kept.export or target == "current" and not kept.with_unfinished:
            return  # only from the dialog that was opened (and its warning shown)
        if kept.send(target, share):
            kept.export = None
            app.tell(_("The file is ready.") if share else _("The file was downloaded."))

    def on_export_download(self, app: Table, data: Data) -> None:
        self._send(app, data, share=False)

    def on_export_share(self, app: Table, data: Data) -> None:
        self._send(app, data, share=True)

    def on_delete(self, app: Table, data: Data) -> None:
        other = app.kept.other(f'{data.get("game", "")}/{data["id"]}')
        if other is not None:
            if other[1].get(other[2]) is not None:
                app.kept.confirm_delete = f"{other[0].name}/{other[2]}"
        elif app.kept.history.get(data["id"]) is not None:
            app.kept.confirm_delete = data["id"]

    def on_delete_cancel(self, app: Table, data: Data) -> None:
        app.kept.confirm_delete = None

    def on_delete_confirm(self, app: Table, data: Data) -> None:
        kept = app.kept
        if data["id"] != kept.confirm_delete:
            return
        kept.confirm_delete = None
        gid = data["id"]
        other = kept.other(gid)
        if other[1].delete(other[2]) if other else kept.history.delete(gid):
            app.tell(_("The game was deleted."))
        else:
            app.say(_("The game could not be deleted."))

    def on_import_file(self, app: Table, data: Data) -> None:
        app.kept.receive(data.get("name", ""), int(data.get("size", "0")), data.get("text", ""))
