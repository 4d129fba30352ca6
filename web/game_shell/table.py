"""The game table: one frame for every game's screen, phone first.

A phone (portrait, up to 1100 px wide) stacks, top to bottom:

- the **bar**: one compact row (every seat's score chip, Undo, Rules, Menu);
- the **coach** row: a tip or a question in a row of its own, so it never lies over what it
  points at (empty: no height);
- the **map**, which takes the rest of the height;
- the **tray**: what to do now in one line (`say`) and what the player holds and is choosing
  (the game's `tray`), above the action bar; its pills open the sheets;
- the **action bar**: the step's buttons, the primary one last.

The **sheets** (what happened since your turn, the objective tracker, the players and the
log, the suggestion, ...) open on demand over the map's lower part, one at a time (the game
keeps which one: `data-sheet` on the frame), so they never push the tray or the action
away. Tablets in landscape and desktops lay the same parts side by side: the map on the
left; on the right the coach, the tray and every sheet, open, under it (the pills hidden).

Each part sits in a container whose id is the game's prefix and the part's name
(`si-say`, `ei-tray`...): a game may replace a changed part alone.
The CSS is the shell's (`.table` in styles.css). Names no game.

>>> s = Sheet("log", "Log", "<p>x</p>")
>>> 'aria-controls="g-sheet-log"' in pills("g", [s], None)
True
>>> 'data-sheet="log"' in pills("g", [s], "log") and 'aria-expanded="true"' in pills("g", [s], "log")
True
>>> pills("g", [Sheet("log", "Log", "")], None)
''
"""

from __future__ import annotations

from dataclasses import dataclass

from .i18n import _
from .markup import escape

SHEET_ACT = "sheet"  # a pill's act: open (or close) the sheet named by data-sheet


@dataclass(frozen=True)
class Sheet:
    """One sheet: `name` (its id), the pill's `label`, its `body` HTML ("" = nothing to
    show: no pill), a `badge` on the pill (how many lines are new, say), and the pill's
    `act` (a pill may also do something, e.g. ask for a suggestion; `data-sheet` names the
    sheet it opens either way)."""

    name: str
    label: str
    body: str
    badge: str = ""
    act: str = ""  # "" : the game's sheet act (`pills`' `sheet_act`)


def pills(
    prefix: str, sheets: list[Sheet], open_name: str | None, sheet_act: str = SHEET_ACT
) -> str:
    """The row of pills that open the sheets (the open one pressed). Phones only (CSS).
    `sheet_act`: the game's act that toggles a sheet (data-sheet names it)."""
    out = []
    for s in sheets:
        if not s.body:
            continue
        on = s.name == open_name
        badge = f' <span class="badge-n">{escape(s.badge)}</span>' if s.badge else ""
        out.append(
            f'<button type="button" class="btn pill{" on" if on else ""}" data-act="{s.act or sheet_act}" '
            f'data-sheet="{s.name}" aria-expanded="{"true" if on else "false"}" '
            f'aria-controls="{prefix}-sheet-{s.name}">{escape(s.label)}{badge}</button>'
        )
    return "".join(out)


def sheet_box(
    prefix: str,
    sheet: Sheet,
    open_name: str | None,
    sheet_act: str = SHEET_ACT,
    closable: bool = True,
) -> str:
    """One sheet's container (on phones shown only when open, with a Close button unless
    `closable` is False: a picture painted before the game is ready has nothing to tap)."""
    if not sheet.body:
        return ""
    opened = " data-open" if sheet.name == open_name else ""
    close = (
        f'<button type="button" class="btn sheet-close" data-act="{sheet_act}" '
        f'data-sheet="{sheet.name}">' + escape(_("Close")) + "</button>"
        if closable
        else ""
    )
    return (
        f'<section class="sheet" id="{prefix}-sheet-{sheet.name}" data-name="{sheet.name}"{opened} '
        f'aria-label="{escape(sheet.label)}">{close}{sheet.body}</section>'
    )


def sheet_layers(prefix: str, sheets: list[Sheet], open_name: str | None,
                 sheet_act: str = SHEET_ACT) -> Layers:
    """The sheets (`sheet_box` each) in `Layers`: one sheet's change replaces that sheet alone
    and opening one sets its attribute.

    >>> s = [Sheet("log", "Log", "<p>x</p>"), Sheet("hint", "Hint", "")]
    >>> m = sheet_layers("g", s, "log")
    >>> 'id="g-sheet-log" data-open="" data-name="log"' in m.html(), m.sets
    (True, (('g-sheet-log', 'data-open', ''),))
    """
    segments: list[tuple[str, str]] = []
    sets: list[tuple[str, str, str | None]] = []
    for s in sheets:
        if not s.body:
            continue
        ident = f"{prefix}-sheet-{s.name}"
        close = (f'<button type="button" class="btn sheet-close" data-act="{sheet_act}" '
                 f'data-sheet="{s.name}">' + escape(_("Close")) + "</button>")
        segments += [
            ("", f'<section class="sheet" id="{ident}" data-name="{s.name}" '
                 f'aria-label="{escape(s.label)}">'),
            (ident, close + s.body),
            ("", "</section>"),
        ]
        sets.append((ident, "data-open", "" if s.name == open_name else None))
    return Layers(tuple(segments), tuple(sets))


def chip(seat: int, turn: bool, words: str, mark: str, name: str, figures: str) -> str:
    """One seat's chip in the bar: its `mark` (a swatch), `name` (escaped here) and
    `figures` (HTML: points, pieces) in short, `words` in full for screen readers; the seat
    to move (`turn`) marked, not by colour alone (aria-current and a frame).

    >>> c = chip(1, True, "Bo: 3 PP", "<svg/>", "Bo<", "<b>3</b>")
    >>> 'class="chip turn" data-seat="1" aria-current="true"' in c and "Bo&lt;" in c
    True
    """
    current = ' aria-current="true"' if turn else ""
    return (
        f'<li class="chip{" turn" if turn else ""}" data-seat="{seat}"{current}>'
        f'<span class="sr">{escape(words)}</span><span class="short" aria-hidden="true">'
        f'{mark}<span class="nm">{escape(name)}</span>{figures}</span></li>'
    )


def say(lead: str, title: str, line: str) -> str:
    """What to do now: a small lead (whose turn, the round), the step's title and its one
    line. A polite live region is the game's: this is read with the tray."""
    lead_html = f'<span class="say-lead">{lead}</span>' if lead else ""
    return (
        f'{lead_html}<h2 class="say-title">{title}</h2>'
        + (f'<p class="say-line">{line}</p>' if line else "")
    )


@dataclass(frozen=True)
class Layers:
    """A part's HTML in layers, so that a tap which changes one layer (the map's pieces, one
    sheet) replaces that layer alone: `segments` are (id, html) pairs in order, an id "" for
    the part's own markup and an element's id for that element's content (the element opened
    by the markup just before it). `sets`: attributes of the part's elements that change often
    (element id, name, value as written, escaped; None: absent): written into the markup after
    the element's `id`, set on the page when only they changed (a map's viewBox, an open sheet).

    >>> m = Layers((("", '<svg id="m"><g id="a">'), ("a", "<rect/>"), ("", "</g></svg>")),
    ...            (("m", "viewBox", "0 0 9 9"), ("m", "data-x", None)))
    >>> m.html()
    '<svg id="m" viewBox="0 0 9 9"><g id="a"><rect/></g></svg>'
    >>> m.layers(), m.skeleton() == Layers(m.segments[:1] + (("a", ""),) + m.segments[2:]).skeleton()
    ({'a': '<rect/>'}, True)
    """

    segments: tuple[tuple[str, str], ...]
    sets: tuple[tuple[str, str, str | None], ...] = ()

    def html(self) -> str:
        out = "".join(html for _, html in self.segments)
        for ident, name, value in self.sets:
            if value is not None:
                at = f'id="{ident}"'
                out = out.replace(at, f'{at} {name}="{value}"', 1)
        return out

    def layers(self) -> dict[str, str]:
        """Each layer's content by its element's id."""
        return {i: html for i, html in self.segments if i}

    def skeleton(self) -> tuple[str, ...]:
        """The part's own markup and its layers' ids: two parts of one skeleton differ only
        in their layers' contents and their `sets`."""
        return tuple(i or html for i, html in self.segments)


Part = str | Layers


def html_of(part: Part) -> str:
    """A part's HTML, whether written whole or in layers."""
    return part if isinstance(part, str) else part.html()


@dataclass(frozen=True)
class Frame:
    """The parts of a game's table (HTML each, or in `Layers`; see the module's docstring)."""

    bar: str
    coach: str
    board: Part
    say: str
    tray: str
    pills: str
    sheets: Part
    actions: str
    toasts: str = ""


def frame(
    prefix: str,
    attrs: str,
    f: Frame,
    board_id: str = "board-wrap",
    tail: str = "",
    cls: str = "",
    board_cls: str = "",
) -> str:
    """The whole table. `attrs`: the frame's attributes (data-screen, data-sheet, ...);
    `cls`: its classes besides the table's; `tail`: markup after the parts (SVG defs)."""
    p = prefix
    turn, more = escape(_("Your turn")), escape(_("More"))
    return (
        f'<div class="game table{" " + cls if cls else ""}" {attrs}>'
        f'<div id="{p}-bar" class="bar-wrap">{f.bar}</div>'
        f'<div id="{p}-coach" class="t-coach">{f.coach}</div>'
        f'<div class="board-wrap{" " + board_cls if board_cls else ""}" id="{board_id}">{html_of(f.board)}</div>'
        f'<div class="side">'
        f'<section class="tray" id="{p}-tray-box" aria-label="{turn}">'
        f'<div id="{p}-say" class="say">{f.say}</div>'
        f'<div id="{p}-pills" class="pills" role="group" aria-label="{more}">{f.pills}</div>'
        f'<div id="{p}-tray" class="tray-body" tabindex="0">{f.tray}</div></section>'
        f'<div id="{p}-sheets" class="sheets">{html_of(f.sheets)}</div></div>'
        f'<div class="actions" id="{p}-actions">{f.actions}</div>'
        f'<div id="{p}-toasts">{f.toasts}</div>{tail}</div>'
    )


PARTS = ("bar", "coach", "board", "say", "pills", "tray", "sheets", "actions", "toasts")


@dataclass(frozen=True)
class Screen:
    """A whole table screen: `frame`'s arguments kept together, so that a browser can replace
    only the parts that changed since the last drawing (`table_draw.draw`) instead of the
    whole screen.

    >>> s = Screen("g", 'data-screen="g" data-sheet=""', Frame("b", "", "m", "s", "t", "", "", "a"))
    >>> s.parts()["g-tray"], s.parts()["board-wrap"], s.attributes()["data-screen"]
    ('t', 'm', 'g')
    >>> all(f'id="{i}"' in s.html() for i in s.parts())
    True
    """

    prefix: str
    attrs: str  # the frame's attributes: name="value" pairs (values escaped)
    parts_: Frame
    board_id: str = "board-wrap"
    cls: str = ""
    board_cls: str = ""

    def html(self) -> str:
        return frame(self.prefix, self.attrs, self.parts_, self.board_id, cls=self.cls,
                     board_cls=self.board_cls)

    def ids(self) -> dict[str, str]:
        """Each part's container id."""
        p = self.prefix
        return {k: self.board_id if k == "board" else f"{p}-{k}" for k in PARTS}

    def parts(self) -> dict[str, str]:
        """Each part's HTML by its container's id."""
        return {i: html_of(getattr(self.parts_, k)) for k, i in self.ids().items()}

    def pieces(self) -> dict[str, Part]:
        """Each part as made (HTML, or `Layers`) by its container's id."""
        return {i: getattr(self.parts_, k) for k, i in self.ids().items()}

    def attributes(self) -> dict[str, str]:
        """The frame's attributes as a dict (their values as written, escaped)."""
        out = {}
        for pair in self.attrs.split('" '):
            name, _, value = pair.partition('="')
            if name.strip():
                out[name.strip()] = value.rstrip('"')
        return out

    def shape(self) -> tuple[str, str, str, str]:
        """What the frame's own element is made of besides its attributes: two screens of
        one shape differ only in their parts and attributes."""
        return (self.prefix, self.board_id, self.cls, self.board_cls)


def sheet_attr(open_name: str | None) -> str:
    """The frame's attribute naming the open sheet ("" when none)."""
    return f'data-sheet="{open_name}"' if open_name else 'data-sheet=""'


def toggled(current: str | None, name: str) -> str | None:
    """The sheet open after its pill is pressed: it, or none when it was open.

    >>> toggled(None, "log"), toggled("log", "log"), toggled("recap", "log")
    ('log', None, 'log')
    """
    return None if current == name else name
