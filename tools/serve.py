"""Serve the built site/ over HTTP with the MIME types the app needs.

    python tools/serve.py [--port 8000] [--dir site] [--gzip] [--max-age SECONDS]

Also used by the browser tests and benchmarks (``start_server`` on port 0 in a thread).
Every file is sent with an ``ETag`` (its content's hash) and ``Last-Modified``, and a request
that names the current ETag (``If-None-Match``) gets ``304 Not Modified``, as GitHub Pages does:
a browser revalidates what its HTTP cache holds without downloading it again (the service
worker's precache relies on it). ``Cache-Control: no-cache`` by default (a rebuilt site is seen
at once); ``--max-age 600`` is what GitHub Pages sends. --gzip compresses text, scripts and
WebAssembly for clients that accept it, as GitHub Pages does (not zips and images, which are
compressed already): for the benchmarks' transfer sizes and Lighthouse. ``start_server(...,
record=True)``: the server keeps what it sent (`Transfer`: path, status, bytes on the wire).
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import hashlib
import http.server
import io
import os
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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

GZIP_SUFFIXES = {".html", ".js", ".mjs", ".css", ".json", ".py", ".wasm", ".svg", ".webmanifest",
                 ".map", ".txt"}


@dataclass(frozen=True)
class Transfer:
    """One response as sent: the request's path, the status and the bytes written (headers
    included, so a 304 counts its headers)."""

    path: str
    status: int
    size: int


class SiteServer(http.server.ThreadingHTTPServer):
    """A threading server; ``transfers`` (when not None) collects every response sent."""

    daemon_threads = True
    transfers: list[Transfer] | None = None
    transfers_lock = threading.Lock()

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a client that went away: fine
            super().handle_error(request, client_address)


class _Counting:
    """The response stream, counting the bytes written to it."""

    def __init__(self, raw: io.BufferedIOBase) -> None:
        self.raw, self.count = raw, 0

    def write(self, data: bytes) -> int:
        self.count += len(data)
        return self.raw.write(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with explicit MIME types, ETags (304 on revalidation) and a cache policy."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    # HTTP/1.1 (keep-alive), as real hosts: Chromium revalidates with an ETag (If-None-Match)
    # only from an HTTP/1.1 response, else with Last-Modified's one-second resolution.
    protocol_version = "HTTP/1.1"
    quiet = False
    compress = False  # gzip GZIP_SUFFIXES for clients that accept it
    max_age: int | None = None  # None: "no-cache" (always revalidate)
    # (path, gzip, mtime_ns, size) -> (ETag, gzipped body or None): see `representation`.
    cache: dict[tuple[str, bool, int, int], tuple[str, bytes | None]] = {}
    lock = threading.Lock()
    status = length = start = 0  # this response's status, Content-Length, first byte

    def setup(self) -> None:
        super().setup()
        self.counter = _Counting(self.wfile)
        self.wfile = self.counter  # type: ignore[assignment]

    def handle_one_request(self) -> None:
        self.status, self.length, self.start = 0, 0, self.counter.count
        super().handle_one_request()

    def send_response_only(self, code: int, message: str | None = None) -> None:
        self.status = int(code)
        super().send_response_only(code, message)

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-length":
            self.length = int(value)
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        if self.status < 300 or self.status == 304:
            age = "no-cache" if self.max_age is None else f"max-age={self.max_age}"
            self.send_header("Cache-Control", age)
        else:  # errors and redirects: never kept
            self.send_header("Cache-Control", "no-store")
        super().end_headers()
        server = self.server
        if isinstance(server, SiteServer) and server.transfers is not None:
            # Kept before the body is sent: what a client has received is always here.
            body = 0 if self.command == "HEAD" or self.status == 304 else self.length
            sent = self.counter.count - self.start + body
            with server.transfers_lock:
                server.transfers.append(Transfer(self.path.split("?")[0], self.status, sent))

    def send_head(self):  # type: ignore[no-untyped-def]
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return super().send_head()  # a directory's redirect, a listing or a 404
        gzipped = (self.compress and Path(path).suffix in GZIP_SUFFIXES
                   and "gzip" in self.headers.get("Accept-Encoding", ""))
        mtime, etag, body = self.representation(path, gzipped)
        if self.not_modified(etag, mtime):
            self.send_response(304)
            self.send_validators(path, etag, mtime)
            self.end_headers()
            return None
        if body is None:
            file = open(path, "rb")  # noqa: SIM115 (closed by the caller, do_GET)
            stream: _Body | io.BufferedReader = file
            size = os.fstat(file.fileno()).st_size
        else:
            stream, size = _Body(body), len(body)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        if gzipped:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(size))
        self.send_validators(path, etag, mtime)
        self.end_headers()
        return stream

    def not_modified(self, etag: str, mtime_ns: int) -> bool:
        """The client holds this version (RFC 9110: If-None-Match, else If-Modified-Since)."""
        match = self.headers.get("If-None-Match")
        if match is not None:
            return etag in (tag.strip() for tag in match.split(","))
        since = self.headers.get("If-Modified-Since")
        try:
            when = email.utils.parsedate_to_datetime(since) if since else None
        except (TypeError, ValueError):
            return False
        return when is not None and mtime_ns // 10**9 <= when.timestamp()

    def send_validators(self, path: str, etag: str, mtime_ns: int) -> None:
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", email.utils.formatdate(mtime_ns / 1e9, usegmt=True))
        if self.compress and Path(path).suffix in GZIP_SUFFIXES:
            self.send_header("Vary", "Accept-Encoding")

    def representation(self, path: str, gzipped: bool) -> tuple[int, str, bytes | None]:
        """(mtime in ns, ETag, the gzipped body or None: the file as it is) of the file as
        sent. Hashes and gzipped bodies are computed once per version of a file (a test may
        change a file: its mtime and size tell)."""
        stat = os.stat(path)
        key = (path, gzipped, stat.st_mtime_ns, stat.st_size)
        with self.lock:
            found = self.cache.get(key)
        if found is None:
            data = Path(path).read_bytes()
            tag = hashlib.sha256(data).hexdigest()[:20]
            found = (f'"{tag}-gzip"', gzip.compress(data, 6, mtime=0)) if gzipped else (
                f'"{tag}"', None)
            with self.lock:
                self.cache[key] = found
        return stat.st_mtime_ns, found[0], found[1]

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        if not self.quiet:
            super().log_message(format, *args)


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
    max_age: int | None = None,
    record: bool = False,
) -> SiteServer:
    """A threading server for ``directory``; port 0 picks a free port; ``compress``: gzip;
    ``max_age``: Cache-Control max-age (None: no-cache); ``record``: keep `Transfer`s."""
    if not (directory / "index.html").is_file():
        raise SystemExit(f"{directory}/index.html not found: run `python tools/build.py` first")
    handler = type("Handler", (SiteHandler,), {
        "quiet": quiet, "compress": compress, "max_age": max_age,
    })
    server = SiteServer((host, port), functools.partial(handler, directory=str(directory)))
    if record:
        server.transfers = []
    return server


def start_server(
    directory: Path = SITE, host: str = "127.0.0.1", port: int = 0, compress: bool = False,
    max_age: int | None = None, record: bool = False,
) -> tuple[SiteServer, str]:
    """Start a quiet server in a daemon thread; return it and its base URL (ends with /)."""
    server = make_server(directory, host, port, quiet=True, compress=compress, max_age=max_age,
                         record=record)
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}/"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--dir", type=Path, default=SITE)
    parser.add_argument("--gzip", action="store_true", help="gzip text, scripts and wasm")
    parser.add_argument("--max-age", type=int, default=None,
                        help="Cache-Control max-age (GitHub Pages: 600); default no-cache")
    args = parser.parse_args(argv)
    server = make_server(args.dir.resolve(), args.host, args.port, compress=args.gzip,
                         max_age=args.max_age)
    print(f"Serving {args.dir} at http://{args.host}:{server.server_address[1]}/ (Ctrl+C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
