"""The markup every game's screens share: buttons, colour swatches with their marks (never
colour alone), modal questions, the toasts and Back's "Leave the game?", the screen of a
window another window overtook, the notice of cleaned names. Pure."""

from __future__ import annotations

from .i18n import _
from .markup import escape

esc = escape

# Each player colour has its own mark (shape, not only colour), centred near (0, 3).
MARKS = {
    "blue": '<circle cy="3" r="4.2" fill="none" stroke-width="2.4"/>',
    "red": '<path d="M-7 0.5H7M-7 6H7" stroke-width="2.4" fill="none"/>',
    "yellow": '<path d="M-4.5-1.5L4.5 7.5M4.5-1.5L-4.5 7.5" stroke-width="2.4" fill="none"/>',
    "purple": '<path d="M0-3L5 3L0 9L-5 3Z" stroke-width="1"/>',
    "grey": "",
}


def attrs(**values: object) -> str:
    """HTML/SVG attributes, escaped; ``data_x=1`` becomes ``data-x="1"``; None is left out."""
    out = []
    for key, value in values.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        out.append(f' {name}="{escape(str(value), quote=True)}"')
    return "".join(out)


def button(
    label: str,
    act: str,
    cls: str = "btn",
    disabled: bool = False,
    shortcut: str | None = None,
    name: str | None = None,
    **data: object,
) -> str:
    """A <button> with data-act and data-* arguments (label is escaped); `shortcut` its
    aria-keyshortcuts, `name` an accessible name fuller than the label."""
    extra = attrs(**{f"data_{k}": v for k, v in data.items()})
    extra += attrs(aria_keyshortcuts=shortcut, aria_label=name)
    dis = " disabled" if disabled else ""
    return f'<button type="button" class="{cls}" data-act="{escape(act)}"{extra}{dis}>{escape(label)}</button>'


def swatch(colour: str) -> str:
    """A small house in a player colour with the colour's own mark (never colour alone)."""
    c = colour if colour in MARKS else "grey"
    return (
        '<svg class="swatch" viewBox="-12 -12 24 24" aria-hidden="true">'
        f'<path class="f-{c}" d="M-11 11V-1L0-11L11-1V11Z" stroke="#111" stroke-width="1.5"/>'
        f'<g class="k-{c}">{MARKS[c]}</g></svg>'
    )


def elsewhere_screen(game: str, prefix: str = "") -> str:
    """Another window saved this game since: this one stopped (both games; `prefix` names
    the game whose screen it is: its acts' prefix)."""
    return (
        f'<section class="screen elsewhere" data-screen="{prefix}elsewhere">'
        '<div class="dialog" role="alertdialog" aria-labelledby="elsewhere-title" '
        'aria-describedby="elsewhere-text">'
        '<h1 id="elsewhere-title">' + escape(_("This game continued in another window")) + "</h1>"
        '<p id="elsewhere-text">'
        + escape(_("Another window or tab of {game} on this device saved the game since this one "
                   "did. So as not to write over those moves, this window stopped. Continue here "
                   "to load the latest position (the other window stops as soon as you play "
                   "here), or close this window.").format(game=game)) + "</p>"
        + button(_("Continue here"), f"{prefix}continue-here", "btn primary big", autofocus="1")
        + "</div></section>"
    )


def toasts(message: str | None, notice: str | None, leave_asked: bool = False,
           saved: bool = True) -> str:
    """The reason of a refused tap, a feedback line such as "+5 PP", and the question Back
    asks in a game ("Leave the game?")."""
    parts = []
    if message:
        parts.append(f'<p class="toast error" role="alert" data-msg="error">{esc(message)}</p>')
    if notice:
        parts.append(f'<p class="toast notice" role="status" data-msg="notice">{esc(notice)}</p>')
    out = '<div class="toasts">' + "".join(parts) + "</div>" if parts else ""
    return out + (leave_dialog(saved=saved) if leave_asked else "")


def question(key: str, title: str, text_html: str, buttons: str) -> str:
    """A modal question over the screen (``data-dialog=key``): its title, its text (HTML,
    escaped by the caller) and its row of buttons (the one to focus has ``autofocus``)."""
    return (
        f'<div class="dialog-back" data-dialog="{esc(key)}"><div class="dialog" role="alertdialog" '
        f'aria-modal="true" aria-labelledby="{esc(key)}-title" aria-describedby="{esc(key)}-text">'
        f'<h2 id="{esc(key)}-title">{esc(title)}</h2><p id="{esc(key)}-text">{text_html}</p>'
        f'<div class="row">{buttons}</div></div></div>'
    )


def leave_dialog(prefix: str = "", resume: str | None = None, saved: bool = True) -> str:
    """Back was pressed in a game: stay, or go to the menu. `prefix`: the game's acts ("ei-"
    of another game than the home one); `resume`: the menu's button that brings it back; `saved`: whether the
    game's latest move is in storage (else the dialog says so: "saved" only when it is); the
    words are the player's language (`resume` given translated)."""
    resume = _("Continue the saved game") if resume is None else resume
    text = escape(_('It stays saved on this device: "{resume}" on the menu brings it back.')
                  .format(resume=resume), quote=False) if saved else escape(
        _("Your last move could not be saved (this device's storage is full): on the menu "
          "the game is as it was last saved. Export it first to keep every move."), quote=False)
    return question(
        "leave", _("Leave the game?"),
        text,
        button(_("Stay in the game"), f"{prefix}stay", "btn primary", autofocus="1")
        + button(_("Go to the menu"), f"{prefix}menu", "btn"),
    )


def names_cleaned(typed: list[str], names: list[str]) -> str | None:
    """Said once a game starts when a typed name lost invisible or text-direction characters
    (`Options` cleans every name: they could show a name reversed, or two names alike)."""
    changed = [n for n in names if n not in {t.strip() for t in typed}]
    if not changed:
        return None
    if len(changed) == 1:
        return _("Invisible or text-direction characters were taken out of the name {name}.").format(
            name=changed[0])
    return _("Invisible or text-direction characters were taken out of some names.")


def pass_screen(name: str, colour: str, what: str, prefix: str = "") -> str:
    """'Pass the device to <name>': nothing secret on this screen. `prefix` names the game
    whose screen it is (its acts and screen name start with it)."""
    heading = escape(_("Pass the device to {name}")).format(
        name=f'<span class="name">{escape(name)}</span>')
    return (
        f'<section class="screen pass" data-screen="{prefix}pass">'
        f'<div class="pass-who">{swatch(colour)}</div>'
        f"<h1>{heading}</h1>"
        f"<p>{escape(what)}</p>"
        + button(_("I am {name}: show my turn").format(name=name), f"{prefix}unlock", "btn primary big")
        + '<div class="row">'
        + button(_("Menu"), f"{prefix}menu", "btn")
        + "</div></section>"
    )
