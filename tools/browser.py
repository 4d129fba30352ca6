"""How this project launches Chromium (browser tests and benchmarks share it).

Chromium comes from $CHROMIUM, else `chromium`/`chromium-browser` on PATH (Debian's
package), else Playwright's own download. There is no internet here or in CI: the flags
keep Chromium from reaching out (and from flooding the closed network).
"""

from __future__ import annotations

import os
import shutil
from typing import Any

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
]


def chromium_executable() -> str | None:
    """The Chromium binary to drive, or None for Playwright's bundled one."""
    return (
        os.environ.get("CHROMIUM")
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
        or None
    )


def launch_args(headless: bool = True) -> dict[str, Any]:
    """Keyword arguments for Playwright's `chromium.launch` / `launch_persistent_context`."""
    args = CHROMIUM_ARGS if headless else [a for a in CHROMIUM_ARGS if a != "--headless"]
    return {"executable_path": chromium_executable(), "args": args, "headless": headless}
