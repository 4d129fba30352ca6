"""PyScript's entry point: tools/build.py inlines it in index.html's <script type="py">.

The shell (`game_shell.host.boot`, in ui.pack.gz with the UI) moves what an older build kept,
then hands the page to the game this tab showed, else the home game.
"""

from game_shell import host

host.boot()
