"""``build.py serve``: dist/ served on 127.0.0.1 with the runtime's MIME types."""

from __future__ import annotations

import functools
import http.server
import socketserver
import sys
from pathlib import Path

from .assemble import build
from .common import DIST


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static files from dist/ with the right MIME types for the runtime, no request logging."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                      ".whl": "application/zip", ".toml": "text/plain", ".py": "text/plain",
                      ".webmanifest": "application/manifest+json"}

    def log_message(self, *args) -> None:  # noqa: D401 - keep the console quiet
        pass


def make_server(port: int = 0, directory: Path = DIST) -> socketserver.TCPServer:
    """A threaded static server on 127.0.0.1:port (0 = any free port) serving ``directory``."""
    handler = functools.partial(QuietHandler, directory=str(directory))
    socketserver.ThreadingTCPServer.allow_reuse_address = True
    server = _Server(("127.0.0.1", port), handler)
    server.daemon_threads = True
    return server


class _Server(socketserver.ThreadingTCPServer):
    """A browser that drops a download half-way (a tab closed, a crashed renderer) is not news: no
    traceback for a broken or reset connection; any other error is printed as before."""

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def serve(port: int) -> None:
    build()
    server = make_server(port)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"\nTirada is served at {url}  (Ctrl+C to stop)\n", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
