"""A suggestion's reason in the player's language (issue 30).

The engine gives its reason as a structured `Why` (``small_islands.bots.hint``: a key and
its values: tile ids, cells, mission ids, points); here it becomes a sentence with the
tile's picture, the place named by what is there and the card named by its text. A reason
from a stored record or the worker is not trusted: a value of the wrong type words as
"a tile" / "your objective", an unknown key gives None (the caller then words the English
text the old way).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game_shell.i18n import _, fixed, number
from game_shell.markup import escape
from small_islands.view import SeatView

from . import words

Why = Mapping[str, Any]

FIXED = {
    "only": lambda: _("The only possible move."),
    "layout": lambda: _("This layout suits the objective card you hold."),
    "keep_tokens": lambda: _("Keep your bonus tokens: no token gains enough now."),
    "no_house": lambda: _("No island is worth one of your remaining houses now."),
    "medium": lambda: _("What the Medium computer player would do."),
}


def hint_html(why: object, view: SeatView | None) -> str | None:
    """The reason as HTML (None: not a reason this build knows)."""
    if not isinstance(why, Mapping):
        return None
    key = why.get("key")
    if not isinstance(key, str):
        return None
    if key in FIXED:
        return escape(FIXED[key]())
    if key == "place":
        return _capital(_placement(why, view))
    if key == "take":
        tile = words.thumb(_text(why.get("tile")))
        then = why.get("then")
        if isinstance(then, Mapping):
            same = then.get("tile") == why.get("tile")  # "then place it", not its picture again
            return escape(_("Take {tile}, then {placement}")).format(
                tile=tile, placement=_placement(then, view, same))
        return escape(_("Take {tile}: the most useful of the face-up tiles.")).format(tile=tile)
    if key == "objective":
        return escape(_("{now} now fits the map best (about {pp} PP); keep {later} for next "
                        "round.").format(now=words.objective_words(why.get("now")),
                                         later=words.objective_words(why.get("later")),
                                         pp=_pp(why)))
    if key == "land":
        return escape(_land(why))
    if key == "token":
        return escape(_token(why, view))
    if key == "house":
        return escape(_house(why, view))
    if key == "discovery":
        return escape(_("Keep the Discovery token worth {n} PP: the highest drawn.").format(
            n=number(_int(why.get("token")))))
    if key == "discard":
        return escape(_("No tile fits: return {tile} to the box, the least useful one.")).format(
            tile=words.thumb(_text(why.get("tile"))))
    return None


def _placement(why: Why, view: SeatView | None, same: bool = False) -> str:
    """'place [tile] in the north of the map: completes your island for “…”: +5 PP' ('place
    it …' when `same`: the tile just taken)."""
    tile = words.thumb(_text(why.get("tile")))
    place = escape(_where(why, view))
    how = why.get("how")
    mission = escape(words.mission_words(_text(why.get("mission"))))
    if same:
        text = _placed_it(how)
    elif how == "completes":
        text = _("place {tile} {place}: completes your island for “{mission}”: +{pp} PP")
    elif how == "improves":
        text = _("place {tile} {place}: improves your island for “{mission}”: +{pp} PP")
    elif how == "closer":
        text = _("place {tile} {place}: brings an island closer to “{mission}”")
    elif how == "later":
        text = _("place {tile} {place}: builds toward next round’s “{mission}”")
    else:
        text = _("place {tile} {place}: the best fit for your objectives")
    return escape(text).format(tile=tile, place=place, mission=mission, pp=escape(_pp(why)))


def _placed_it(how: object) -> str:
    """The tile just taken, placed: 'place it in the north of the map: …'."""
    if how == "completes":
        return _("place it {place}: completes your island for “{mission}”: +{pp} PP")
    if how == "improves":
        return _("place it {place}: improves your island for “{mission}”: +{pp} PP")
    if how == "closer":
        return _("place it {place}: brings an island closer to “{mission}”")
    if how == "later":
        return _("place it {place}: builds toward next round’s “{mission}”")
    return _("place it {place}: the best fit for your objectives")


def _land(why: Why) -> str:
    mission = why.get("mission")
    pp = _pp(why)
    own = why.get("ship") == "own"
    if isinstance(mission, str):
        m = words.mission_words(mission)
        if own:
            return _("Land your own ship now: your objective “{mission}” pays about {pp} PP as "
                     "the map stands.").format(mission=m, pp=pp)
        return _("Land a grey ship now: your objective “{mission}” pays about {pp} PP as the "
                 "map stands.").format(mission=m, pp=pp)
    if own:
        return _("Land your own ship now: your objective pays about {pp} PP as the map "
                 "stands.").format(pp=pp)
    return _("Land a grey ship now: your objective pays about {pp} PP as the map "
             "stands.").format(pp=pp)


def _token(why: Why, view: SeatView | None) -> str:
    pp = fixed(_float(why.get("pp")), 1)
    place = _where(why, view)
    resource = why.get("resource")
    if resource == "port":
        return _("Put a port token {place}: worth about {pp} PP more than keeping it.").format(
            place=place, pp=pp)
    return _("Put a token showing {resource} {place}: worth about {pp} PP more than keeping "
             "it.").format(resource=words.symbol_name(_text(resource)), place=place, pp=pp)


def _house(why: Why, view: SeatView | None) -> str:
    place = _where(why, view)
    mission = why.get("mission")
    if isinstance(mission, str):
        return _("Build a house {place}: +{pp} PP from your objective “{mission}”.").format(
            place=place, pp=_pp(why), mission=words.mission_words(mission))
    return _("Build a house {place}: +{pp} PP from your objective.").format(
        place=place, pp=_pp(why))


def _where(why: Why, view: SeatView | None) -> str:
    """The reason's cell in words ('in the north of the map'); '' without a view."""
    if view is None:
        return ""
    return words.where(view, _int(why.get("x")), _int(why.get("y")))


def _pp(why: Why) -> str:
    """The reason's points, rounded to a whole number as the language writes it."""
    return number(round(_float(why.get("pp"))))


def _capital(html: str) -> str:
    return html[:1].upper() + html[1:]


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _float(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 0.0
    return float(value) if abs(value) < 1e6 else 0.0
