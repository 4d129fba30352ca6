"""PyScript's entry point (``<script type="py" src="./main.py">``).

The controller is `si_web/controller.py`: it ships as bytecode in ui.zip with the rest of the
UI, so no start spends time compiling it (PyScript compiles this file from source).
"""

import si_web.controller  # noqa: F401  -- wires the DOM events and renders the first screen
