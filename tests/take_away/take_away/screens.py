"""Take Away's screens as HTML (pure): the game (the pile, whose turn, take 1-3), its end,
and the menu row every screen has (Export, Import, New game, back to the app's menu), with
what the coach adds (`coach.part`: its offer or a tip). Made of the shell's widgets only."""

from __future__ import annotations

from game_shell.widgets import button, esc, swatch

from . import COLOURS, Game


def stones(n: int) -> str:
    dots = "".join(f'<circle cx="{12 + 22 * (i % 8)}" cy="{12 + 22 * (i // 8)}" r="9" '
                   'fill="#8a7a66" stroke="#3b3127"/>' for i in range(n))
    return (f'<svg class="ta-pile" viewBox="0 0 180 {24 + 22 * ((n - 1) // 8) if n else 24}" '
            f'role="img" aria-label="{n} stones left">{dots}</svg>')


def moves(game: Game) -> list[int]:
    """How many stones may be taken now."""
    return [n for n in (1, 2, 3) if n <= game.heap]


def menu_row(game: Game | None) -> str:
    return (
        '<div class="row">'
        + (button("Export this game", "ta-export", "btn") if game and game.actions else "")
        + '<label class="btn">Import a file <input type="file" accept=".json,application/json" '
        'data-change="ta-import" hidden></label>'
        + button("New game", "ta-new", "btn")
        + button("Menu", "ta-menu", "btn")
        + "</div>"
    )


def game_screen(game: Game, message: str | None, coach: str = "") -> str:
    who = game.names[game.to_move]
    note = f'<p class="toast error" role="alert">{esc(message)}</p>' if message else ""
    return (
        '<section class="screen" data-screen="ta-game"><h1>Take Away</h1>'
        f"<p>{swatch(COLOURS[game.to_move])} <b>{esc(who)}</b>, your turn: take 1 to 3 "
        f"stones. {game.heap} left.</p>{stones(game.heap)}"
        '<div class="row">'
        + "".join(button(f"Take {n}", "ta-take", "btn primary", n=n) for n in moves(game))
        + f"</div>{coach}{note}{menu_row(game)}</section>"
    )


def over_screen(game: Game, message: str | None, coach: str = "") -> str:
    winner = game.names[game.winner or 0]
    note = f'<p role="status">{esc(message)}</p>' if message else ""
    return (
        '<section class="screen" data-screen="ta-over"><h1>Take Away</h1>'
        f"<h2>{esc(winner)} took the last stone and won!</h2>"
        f"<p>{len(game.actions)} moves.</p>{coach}{note}{menu_row(game)}</section>"
    )


def render(game: Game, message: str | None, coach: str = "") -> str:
    screen = over_screen if game.over else game_screen
    return screen(game, message, coach)
