"""PyScript's entry point: tools/build.py inlines it in index.html's <script type="py">.

The controller is `si_web/controller.py`, in ui.zip.gz with the rest of the UI.
"""

import si_web.controller  # noqa: F401  -- wires the DOM events and renders the first screen
