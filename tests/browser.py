"""A minimal Chrome DevTools Protocol client over ``--remote-debugging-pipe`` (no websocket library).

Chromium reads commands from file descriptor 3 and writes replies and events to descriptor 4, each
message a JSON object terminated by a NUL byte.  Enough for an end-to-end test: open a page, evaluate
JavaScript, click with real mouse events, resize the viewport, take a screenshot (of a region).
"""
from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "chrome")


def find_chromium():
    """The path of a Chromium binary, or None."""
    for name in CHROMIUM_NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


class Browser:
    """A headless Chromium with one page, driven over the DevTools pipe."""

    def __init__(self, binary: str, width: int = 1400, height: int = 900, timeout: float = 30.0):
        self.timeout = timeout
        self._profile = tempfile.mkdtemp(prefix="checker-chromium-")
        cmd_r, self._cmd_w = os.pipe()
        self._out_r, out_w = os.pipe()

        def wire():  # in the child: the protocol's fds 3 (commands in) and 4 (replies out)
            high_r = fcntl.fcntl(cmd_r, fcntl.F_DUPFD, 10)  # out of the way of 3 and 4 first
            high_w = fcntl.fcntl(out_w, fcntl.F_DUPFD, 10)
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)
            os.set_inheritable(3, True)  # dup2 onto the same number would keep close-on-exec
            os.set_inheritable(4, True)

        self.proc = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
             "--disable-sync", f"--user-data-dir={self._profile}", f"--window-size={width},{height}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=wire, close_fds=False)
        os.close(cmd_r)
        os.close(out_w)
        self._buffer = b""
        self._next_id = 0
        self.events: list = []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call("Page.enable", session=True)
        self.call("Runtime.enable", session=True)
        self.call("Emulation.setDeviceMetricsOverride", session=True, width=width, height=height,
                  deviceScaleFactor=1, mobile=False)

    # -- protocol ------------------------------------------------------------------------
    def _read_message(self, deadline: float) -> dict:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no reply from Chromium")
            ready, _, _ = select.select([self._out_r], [], [], left)
            if ready:
                chunk = os.read(self._out_r, 1 << 16)
                if not chunk:
                    raise RuntimeError("Chromium closed the DevTools pipe")
                self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(raw)

    def call(self, method: str, session: bool = False, **params) -> dict:
        """Send one command and wait for its reply (events seen meanwhile are kept in ``events``)."""
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self._cmd_w, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_event(self, method: str) -> dict:
        deadline = time.monotonic() + self.timeout
        for i, ev in enumerate(self.events):
            if ev.get("method") == method:
                return self.events.pop(i)
        while True:
            ev = self._read_message(deadline)
            if ev.get("method") == method:
                return ev
            self.events.append(ev)

    # -- page ----------------------------------------------------------------------------
    def open(self, url: str) -> None:
        self.events.clear()
        self.call("Page.navigate", session=True, url=url)
        self.wait_event("Page.loadEventFired")

    def evaluate(self, expression: str):
        result = self.call("Runtime.evaluate", session=True, expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"JavaScript error: {result['exceptionDetails']}")
        return result["result"].get("value")

    def click(self, x: float, y: float) -> None:
        """A real left click (mouse moved, pressed and released) at viewport coordinates."""
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", session=True, type=kind, x=x, y=y, button="left", clickCount=1)

    def resize(self, width: int, height: int, mobile: bool = False) -> None:
        """The viewport's size in CSS pixels (``mobile``: a phone's viewport, as at 390 px wide)."""
        self.call("Emulation.setDeviceMetricsOverride", session=True, width=width, height=height,
                  deviceScaleFactor=1, mobile=mobile)

    def screenshot(self, path=None, clip=None) -> bytes:
        """A PNG of the viewport (or of ``clip``: {x, y, width, height} in page pixels, inside the viewport),
        saved to ``path`` if given."""
        params = {"format": "png"}
        if clip is not None:
            params.update(clip=dict(clip, scale=1))  # page coordinates; the region must be in the viewport
        data = base64.b64decode(self.call("Page.captureScreenshot", session=True, **params)["data"])
        if path is not None:
            with open(path, "wb") as fh:
                fh.write(data)
        return data

    def close(self) -> None:
        try:
            self.call("Browser.close")
        except Exception:  # noqa: BLE001 - closing anyway
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        for fd in (self._cmd_w, self._out_r):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self._profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
