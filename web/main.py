"""Placeholder entry point: shows that the engine and UI zips load, then marks the page ready.

Contract kept by any replacement: render into the ``#app`` root, then set
``document.body.dataset.ready = "1"`` once the first screen is on the page.
"""

import html

import si_web  # noqa: F401  (proves ui.zip was unpacked)
import small_islands
from pyscript import document

version = small_islands.__version__
print(f"Small Islands engine {version}")

document.getElementById("app").innerHTML = (
    '<section class="start">'
    "<h1>Small Islands</h1>"
    f'<p class="start-status">Small Islands — engine {html.escape(version)} loaded</p>'
    "</section>"
)
document.body.dataset.ready = "1"
