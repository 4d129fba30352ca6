"""HTML pieces of the game and watch screens (pure string builders over a seat's view).

Everything a user typed (names) or storage held goes through `esc`. Nothing here knows the
screen state machine: each builder takes the values it shows.
"""

from __future__ import annotations

from typing import Any

from game_shell import table
from game_shell.i18n import N_, _, ngettext, number
from game_shell.last_moves import recap_item
from game_shell.widgets import button, swatch
from small_islands import MISSIONS, OBJECTIVES, REWARDS
from small_islands.view import PublicView, SeatView

from . import hint_words, pictures, words
from .board_svg import glyph_icon, mini_tile_svg
from .choices import Choices, Hint
from .screens import esc

PHASE_NAMES = {  # translated where shown (`phase_name`)
    "setup": N_("Setup"),
    "preparation": N_("Preparation"),
    "exploration": N_("Exploration"),
    "reward": N_("Reward"),
    "over": N_("Game over"),
}
# The computer players' levels as the words say them ("Ben (computer, medium)").
LEVEL_NAMES = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard"),
               "expert": N_("expert"), "master": N_("master")}


def phase_name(phase: str) -> str:
    """A phase's name in the player's language."""
    return _(PHASE_NAMES[phase]) if phase in PHASE_NAMES else phase


def level_name(level: str) -> str:
    """A computer player's level in the player's language."""
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


def objective_text(card: str) -> tuple[str, str]:
    """(mission text, reward text) of an Objective card or a Mission/Reward card."""
    if card in OBJECTIVES:
        o = OBJECTIVES[card]
        return words.card_text(MISSIONS[o.mission].text), words.card_text(REWARDS[o.reward].text)
    if card in MISSIONS:
        return words.card_text(MISSIONS[card].text), ""
    if card in REWARDS:
        return "", words.card_text(REWARDS[card].text)
    return card, ""


def hinted(hint: Hint | None, act: str, **data: object) -> str:
    """' hinted' when the suggestion is this button's move (for its class)."""
    if hint is None:
        return ""
    a = hint.action
    match = {
        "take": a["type"] == "take_tile" and a.get("slot") == data.get("slot"),
        "end-turn": a["type"] == "end_turn",
        "end-reward": a["type"] == "end_reward",
        "keep": a["type"] == "keep_discovery" and a.get("index") == data.get("index"),
        "discard": a["type"] == "discard_tile" and a.get("tile") == data.get("tile"),
        "alexis-house": a["type"] == "choose_house"
        and [a.get("x"), a.get("y"), a.get("index")] == data.get("at"),
    }
    return " hinted" if match.get(act) else ""


def round_phase(v: SeatView | PublicView) -> str:
    """'Round 2 · Exploration' (a narrow header breaks it after the dot only)."""
    phase = phase_name(v["phase"])
    # (no-break spaces: "Round 2 ·" stays on one line)
    return _("Round\u00a0{round}\u00a0· {phase}").format(round=v["round"], phase=phase) if v["round"] else phase


def status_bar(v: SeatView | PublicView, buttons: str) -> str:
    """The table's compact bar (`game_shell.table`): every seat's score chip (the one to move
    marked), then `buttons` (Undo, Rules, the sound toggle, Menu...)."""
    scores = esc(_("Scores"))
    return (
        f'<header class="bar t-bar"><ul class="chips" data-n="{len(v["seats"])}" '
        f'aria-label="{scores}">{chips(v)}</ul><span class="bar-buttons">{buttons}</span></header>'
    )


def bar_buttons(v: SeatView, undo: str | None = None, sound: str = "") -> str:
    """The game screen's bar buttons: Undo (`undo`: its buttons, `undo.buttons`), Rules, the
    sound toggle (`sound`), Menu."""
    if undo is None:
        undo = button(_("Undo"), "undo", "btn") if v["can_undo"] else ""
    rules = button("?", "rules", "btn rules-btn", name=_("Rules"))
    return undo + rules + sound + button(_("Menu"), "menu", "btn")


def say_lead(v: SeatView | PublicView, name: str, colour: str) -> str:
    """The tray's lead: whose turn (their house), the round and the phase."""
    return f"{swatch(colour)}<b>{esc(name)}</b> · {round_phase(v)}"


def stacks_line(v: SeatView) -> str:
    """How many tiles are left to explore this round (the engine's navigation stack) and for
    the later rounds (its reserve)."""
    nav, reserve = v["navigation_count"], v["reserve_count"]
    land = " " + _("Ships may land now.") if nav == 0 and v["phase"] == "exploration" else ""
    line = ngettext("{n} tile left to explore this round, {reserve} for the rounds after.",
                    "{n} tiles left to explore this round, {reserve} for the rounds after.",
                    nav).format(n=number(nav), reserve=number(reserve))
    return f'<p class="stacks small">{line}{land}</p>'


def chips(v: SeatView | PublicView) -> str:
    """Each seat's essentials in short form (its full words for screen readers)."""
    out = []
    for s in v["seats"]:
        turn = s["seat"] == v["to_move"]
        bonus = ngettext("{n} bonus token", "{n} bonus tokens", s["bonus"]).format(
            n=number(s["bonus"]))
        full = _("{name}: {pp} PP, houses {stock} in stock and {reserve} in reserve, {bonus}").format(
            name=s["name"], pp=number(s["pp"]), stock=number(s["stock"]),
            reserve=number(s["reserve"]), bonus=bonus) + (_(", to move") if turn else "")
        figures = (
            f"<b>{number(s['pp'])}</b><span class=\"pp\">&#8239;" + esc(_("PP")) + "</span>"
            f"<span class=\"ico\">{glyph_icon('house')}{number(s['stock'])}</span>"
            f"<span class=\"ico\">{glyph_icon('token')}{number(s['bonus'])}</span>"
        )
        out.append(table.chip(s["seat"], turn, full, swatch(s["colour"]), s["name"], figures))
    return "".join(out)


def hint_box(hint_wanted: bool, hint: Hint | None, offered: bool, v: SeatView) -> str:
    """"Suggest a move", the suggestion being computed, or the one ready with its reason."""
    if hint_wanted:
        return ('<section class="card hint" data-hint="wait"><p>'
                + esc(_("Thinking of a suggestion…")) + "</p></section>")
    if hint is None:
        return button(_("Suggest a move"), "hint", "btn suggest") if offered else ""
    return (
        '<section class="card hint" data-hint="ready"><h2>' + esc(_("Suggestion")) + "</h2>"
        f'<p data-hint-type="{esc(hint.action["type"])}">{hint_reason(hint, v)}</p>'
        '<p class="small">' + esc(_("Highlighted below or on the map; you still confirm the move."))
        + "</p></section>"
    )


def hint_reason(hint: Hint, v: SeatView) -> str:
    """A suggestion's reason in the player's language (a record kept before reasons were
    structured: its English text, worded the old way)."""
    html = hint_words.hint_html(hint.why, v) if hint.why is not None else None
    return html if html is not None else words.log_html({"text": hint.reason}, v)


def since_box(auto_note: list[dict[str, Any]], v: SeatView) -> str:
    """What the computer seats did since this human's last move."""
    if not auto_note:
        return ""
    return (
        '<details class="card since"><summary>' + esc(_("While you waited")) + "</summary><ol>"
        + "".join(log_item(e, v) for e in auto_note)
        + "</ol></details>"
    )


def recap_box(entries: list[dict[str, Any]], v: SeatView, shown: int | None = None) -> str:
    """"Since your turn": what the others did, numbered as their marks on the map; a line
    whose move went on the map is a button that shows it there (`shown`: the line shown)."""
    if not entries:
        return ""
    colours = {s["seat"]: s["colour"] for s in v["seats"]}
    items = []
    for line, e in enumerate(entries, 1):
        lead = swatch(colours[e["seat"]]) if e.get("seat") in colours else ""
        if e.get("seat") in colours and words.entry_cells(e):
            who = ("<b>" + esc(e["name"]) + "</b> ") if e.get("name") else ""
            items.append(recap_item(line, lead, who + words.log_html(e, v), "show-move", line == shown))
        else:
            items.append(log_item(e, v, "with-swatch", lead))
    return (
        '<section class="card recap" data-recap="1"><h2>' + esc(_("Since your turn")) + "</h2>"
        '<p class="small">'
        + esc(_("Marked on the map in each player’s colour: tap a line to see it.")) + "</p>"
        f"<ol>{''.join(items)}</ol></section>"
    )


def log_item(
    e: dict[str, Any], v: SeatView | None = None, cls: str = "", lead: str = ""
) -> str:
    """One log entry in words: who, what (a tile as its picture)."""
    who = ("<b>" + esc(e["name"]) + "</b> ") if e.get("name") else ""
    attr = f' class="{cls}"' if cls else ""
    return f"<li{attr}>{lead}{who}{words.log_html(e, v)}</li>"


def players(v: SeatView | PublicView) -> str:
    """Every seat: PP, houses, tokens, ship, revealed objective."""
    rows = []
    for s in v["seats"]:
        turn = " turn" if s["seat"] == v["to_move"] else ""
        ship = _("ship landed") if s["ship"] else _("ship at sea")
        obj = s.get("objective")  # a seat view's seats only (revealed objectives)
        obj_txt = (
            f'<span class="obj">{pictures.parts(obj["mission"], obj["reward"], "pic-card small")}'
            + esc(_("Objective: {mission}; reward: {reward}").format(
                mission=words.card_text(obj["mission_text"]),
                reward=words.card_text(obj["reward_text"]))) + "</span>"
            if isinstance(obj, dict) and obj
            else ""
        )
        kind = " " + _("(computer, {level})").format(level=level_name(str(s["bot"]))) if s.get("bot") else ""
        solo = v.get("solo")  # a seat view's only
        if isinstance(solo, dict) and solo and s["seat"] == 1:
            kind = " " + _("(level {level})").format(level=number(solo["level"]))
        pp = _("{pp} PP").format(pp=number(s["pp"]))
        houses = _("houses: {stock} in stock, {reserve} in reserve").format(
            stock=number(s["stock"]), reserve=number(s["reserve"]))
        bonus = _("bonus tokens: {n}").format(n=number(s["bonus"]))
        rows.append(
            f'<li class="player{turn}" data-seat="{s["seat"]}">{swatch(s["colour"])}'
            f"<b>{esc(s['name'])}</b>{esc(kind)}"
            f"<span>{esc(pp)}</span><span>{esc(houses)}</span>"
            f"<span>{esc(bonus)}</span><span>{esc(ship)}</span>{obj_txt}</li>"
        )
    return ('<section class="card players"><h2>' + esc(_("Players")) + "</h2>"
            f'<ul>{"".join(rows)}</ul></section>')


def game_log(v: SeatView, events: list[str], expanded: bool = False, limit: int = 40) -> str:
    """The app's notes and the game's log, newest first."""
    items = "".join(f'<li class="app-note">{esc(t)}</li>' for t in reversed(events[-5:]))
    items += "".join(log_item(e, v) for e in reversed(v["log"][-limit:]))
    opened = " open" if expanded else ""
    return (f'<details{opened} class="card log"><summary>' + esc(_("Game log")) + "</summary>"
            f"<ol>{items}</ol></details>")


def objectives_box(v: SeatView) -> str:
    """The seat's objectives for this round and the next (secret: marked data-secret)."""
    parts = []
    for o, label in ((v.get("objective"), _("This round")), (v.get("next_objective"), _("Next round"))):
        if o:
            mission = _("Mission: {text}").format(text=words.card_text(o["mission_text"]))
            reward = _("Reward: {text}").format(text=words.card_text(o["reward_text"]))
            parts.append(
                f'<div class="objective small kept-card" data-secret="objective"><b>{esc(label)}</b>'
                f'{pictures.parts(o["mission"], o["reward"], "pic-card small")}<span class="obj-words">'
                f"<span>{esc(mission)}</span>"
                f"<span>{esc(reward)}</span></span></div>"
            )
    return '<section class="card objectives">' + "".join(parts) + "</section>" if parts else ""


def hand_box(v: SeatView, selected: str | None, selectable: bool) -> str:
    """The seat's hand tiles: buttons while placing, pictures otherwise."""
    place = (v["legal"] or {}).get("place", {})
    sel = selected if selectable else None
    items = []
    for t in v["hand"]:
        name = words.tile_words(t["points"], t["symbols"])
        svg = mini_tile_svg(t["points"], t["symbols"], 0)
        if selectable:
            label = name if place.get(t["id"]) else _("{tile} (fits nowhere now)").format(tile=name)
            cls = (
                "tile-btn"
                + (" on" if t["id"] == sel else "")
                + ("" if place.get(t["id"]) else " nofit")
            )
            items.append(
                f'<button type="button" class="{cls}" data-act="hand" data-tile="{esc(t["id"])}" '
                f'data-secret="hand" aria-pressed="{"true" if t["id"] == sel else "false"}" '
                f'aria-label="{esc(label)}">{svg}</button>'
            )
        else:
            items.append(
                f'<span class="tile-btn static" data-secret="hand" data-tile="{esc(t["id"])}" '
                f'role="img" aria-label="{esc(name)}">{svg}</span>'
            )
    return (
        '<section class="card hand"><h2>' + esc(_("Your hand")) + "</h2>"
        f'<div class="tiles">{"".join(items)}</div></section>'
    )


def display_box(v: SeatView, takeable: bool, hint: Hint | None = None) -> str:
    """The face-up tiles: buttons when they may be taken."""
    take = set((v["legal"] or {}).get("take", []))
    items = []
    for slot, t in enumerate(v["display"]):
        if t is None:
            items.append('<span class="tile-btn empty">' + esc(_("empty")) + "</span>")
            continue
        name = words.tile_words(t["points"], t["symbols"])
        svg = mini_tile_svg(t["points"], t["symbols"], 0)
        if takeable and slot in take:
            take_label = _("Take the {tile}").format(tile=name)
            items.append(
                f'<button type="button" class="tile-btn{hinted(hint, "take", slot=slot)}" data-act="take" data-slot="{slot}" '
                f'data-tile="{esc(t["id"])}" aria-label="{esc(take_label)}">{svg}</button>'
            )
        else:
            items.append(
                f'<span class="tile-btn static" role="img" data-tile="{esc(t["id"])}" '
                f'aria-label="{esc(name)}">{svg}</span>'
            )
    return f'<div class="tiles display">{"".join(items)}</div>'


def face_up_card(v: SeatView) -> str:
    """The face-up tiles as a small card (not takeable)."""
    return '<section class="card"><h3>' + esc(_("Face-up")) + "</h3>" + display_box(v, False) + "</section>"


def card_words(card: str) -> str:
    """A card's full name in words: 'mission: at least 2 Leaves; reward: 1 PP per Leaf, +2'."""
    mission, reward = objective_text(card)
    parts = []
    if mission:
        parts.append(_("mission: {text}").format(text=mission))
    if reward:
        parts.append(_("reward: {text}").format(text=reward))
    return "; ".join(parts)


def objective_card(card: str, slots: tuple[str, ...], choices: Choices) -> str:
    """An objective (or mission / reward) card, drawn as its picture with its words, and its
    This round / Next round buttons (named with the card's whole words); a kept card says so
    in words and with a tick, not by its colour alone."""
    mission, reward = objective_text(card)
    chosen = [s for s in slots if choices.picks.get(f"{s}_{card[0]}") == card]
    cls = "objective pick" + (" chosen-" + chosen[0] if chosen else "")
    label = {"now": _("This round"), "later": _("Next round")}
    name = card_words(card)
    kept = {"now": _("kept for this round"), "later": _("kept for next round")}
    return (
        f'<div class="{cls}" data-card="{esc(card)}">'
        f'<span class="obj-pic">{pictures.card(card)}</span><span class="obj-words">'
        + ('<span class="mission">' + esc(_("Mission: {text}").format(text=mission)) + "</span>"
           if mission else "")
        + ('<span class="reward">' + esc(_("Reward: {text}").format(text=reward)) + "</span>"
           if reward else "")

        + (f'<span class="kept"><span aria-hidden="true">✓ </span>{esc(kept[chosen[0]])}</span>' if chosen else "")
        + '</span><span class="row">'
        + "".join(
            f'<button type="button" class="btn small{" on" if s in chosen else ""}" data-act="obj" '
            f'data-card="{esc(card)}" data-slot="{s}" aria-pressed="{"true" if s in chosen else "false"}" '
            f'aria-label="{esc(label[s] + ": " + name)}">'
            + ('<span aria-hidden="true">✓\u00a0</span>' if s in chosen else "")
            + f"{esc(label[s])}</button>"

            for s in slots
        )
        + "</span></div>"
    )
