"""Serve the built site/ over HTTP with the MIME types the app needs.

    python tools/serve.py [--port 8000] [--dir site]

Also used by the browser tests and benchmarks (``start_server`` on port 0 in a thread).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".py": "text/x-python; charset=utf-8",
    ".zip": "application/zip",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".map": "application/json",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with explicit MIME types and revalidation on every load."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False

    def end_headers(self) -> None:
        # Always revalidate: a rebuilt site is seen at once (the service worker caches offline).
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        if not self.quiet:
            super().log_message(format, *args)


class QuietSiteHandler(SiteHandler):
    quiet = True


def make_server(
    directory: Path = SITE, host: str = "127.0.0.1", port: int = 8000, quiet: bool = False
) -> http.server.ThreadingHTTPServer:
    """A threading server for ``directory``; port 0 picks a free port."""
    if not (directory / "index.html").is_file():
        raise SystemExit(f"{directory}/index.html not found: run `python tools/build.py` first")
    handler = functools.partial(
        QuietSiteHandler if quiet else SiteHandler, directory=str(directory)
    )
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def start_server(
    directory: Path = SITE, host: str = "127.0.0.1", port: int = 0
) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start a quiet server in a daemon thread; return it and its base URL (ends with /)."""
    server = make_server(directory, host, port, quiet=True)
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}/"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--dir", type=Path, default=SITE)
    args = parser.parse_args(argv)
    server = make_server(args.dir.resolve(), args.host, args.port)
    print(f"Serving {args.dir} at http://{args.host}:{server.server_address[1]}/ (Ctrl+C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
