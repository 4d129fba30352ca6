"""Serve the built site/ over HTTP with the MIME types the app needs.

    python tools/serve.py [--port 8000] [--dir site] [--gzip]

Also used by the browser tests and benchmarks (``start_server`` on port 0 in a thread).
--gzip compresses text, scripts and WebAssembly for clients that accept it, as GitHub Pages
does (not zips and images, which are compressed already): for the benchmarks' transfer sizes
and Lighthouse.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import os
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
    ".wav": "audio/wav",
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


GZIP_SUFFIXES = {".html", ".js", ".mjs", ".css", ".json", ".py", ".wasm", ".svg", ".webmanifest",
                 ".map", ".txt"}


class GzipSiteHandler(SiteHandler):
    """SiteHandler that sends GZIP_SUFFIXES gzip-encoded when the client accepts it."""

    cache: dict[tuple[str, float], bytes] = {}
    lock = threading.Lock()

    def send_head(self):  # type: ignore[no-untyped-def]
        path = self.translate_path(self.path)
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        if not accepts or not os.path.isfile(path) or Path(path).suffix not in GZIP_SUFFIXES:
            return super().send_head()
        body = self.compressed(path)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return _Body(body)

    def compressed(self, path: str) -> bytes:
        key = (path, os.path.getmtime(path))
        with self.lock:
            if key not in self.cache:
                self.cache[key] = gzip.compress(Path(path).read_bytes(), 6, mtime=0)
            return self.cache[key]


class QuietGzipSiteHandler(GzipSiteHandler):
    quiet = True


class _Body:
    """A file-like body for SimpleHTTPRequestHandler.copyfile."""

    def __init__(self, data: bytes) -> None:
        self.data, self.pos = data, 0

    def read(self, size: int = -1) -> bytes:
        end = len(self.data) if size < 0 else self.pos + size
        chunk, self.pos = self.data[self.pos:end], min(end, len(self.data))
        return chunk

    def close(self) -> None:
        pass


def make_server(
    directory: Path = SITE,
    host: str = "127.0.0.1",
    port: int = 8000,
    quiet: bool = False,
    compress: bool = False,
) -> http.server.ThreadingHTTPServer:
    """A threading server for ``directory``; port 0 picks a free port; ``compress``: gzip."""
    if not (directory / "index.html").is_file():
        raise SystemExit(f"{directory}/index.html not found: run `python tools/build.py` first")
    handlers = {
        (False, False): SiteHandler,
        (True, False): QuietSiteHandler,
        (False, True): GzipSiteHandler,
        (True, True): QuietGzipSiteHandler,
    }
    handler = functools.partial(handlers[quiet, compress], directory=str(directory))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def start_server(
    directory: Path = SITE, host: str = "127.0.0.1", port: int = 0, compress: bool = False
) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start a quiet server in a daemon thread; return it and its base URL (ends with /)."""
    server = make_server(directory, host, port, quiet=True, compress=compress)
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}/"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--dir", type=Path, default=SITE)
    parser.add_argument("--gzip", action="store_true", help="gzip text, scripts and wasm")
    args = parser.parse_args(argv)
    server = make_server(args.dir.resolve(), args.host, args.port, compress=args.gzip)
    print(f"Serving {args.dir} at http://{args.host}:{server.server_address[1]}/ (Ctrl+C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
