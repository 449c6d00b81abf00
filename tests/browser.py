"""A real headless browser for the HTML report tests: Debian's chromium (``.ci/run`` installs it
when it can), its rendered DOM, and a screenshot decoded to pixels (a PNG reader in pure Python,
so the check needs no imaging library)."""

from __future__ import annotations

import shutil
import struct
import subprocess
import tempfile
import zlib
from html.parser import HTMLParser
from pathlib import Path

import pytest

NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
)


def chromium() -> str:
    """The browser's path; the test is skipped, saying why, when none is installed."""
    for name in NAMES:
        found = shutil.which(name)
        if found:
            return found
    pytest.skip(
        "no chromium on PATH (Debian: apt-get install -y chromium; .ci/run installs it as root)"
    )


def _run(page: Path, *arguments: str) -> subprocess.CompletedProcess:
    with tempfile.TemporaryDirectory(prefix="tf2lint-chromium-") as profile:
        return subprocess.run(
            [chromium(), *FLAGS, f"--user-data-dir={profile}", *arguments, page.as_uri()],
            capture_output=True,
            text=True,
            timeout=180,
        )


def rendered_dom(page: Path) -> str:
    """The page's DOM after chromium loaded and laid it out."""
    done = _run(page, "--dump-dom")
    assert done.returncode == 0 and "<html" in done.stdout, done.stderr[-2000:]
    return done.stdout


def screenshot(page: Path, png: Path, width: int = 1280, height: int = 2400) -> Path:
    done = _run(page, f"--window-size={width},{height}", f"--screenshot={png}")
    assert done.returncode == 0 and png.is_file(), done.stderr[-2000:]
    return png


def png_colours(png: Path) -> dict[tuple[int, int, int], int]:
    """Pixel count per RGB colour of an 8-bit, non-interlaced RGB or RGBA PNG."""
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    position, chunks, header = 8, [], None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position : position + 8])
        body = data[position + 8 : position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        position += 12 + length
    width, height, depth, colour_type, _, _, interlace = header
    assert depth == 8 and colour_type in (2, 6) and interlace == 0, header
    channels = 3 if colour_type == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    previous = bytearray(stride)
    counts: dict[tuple[int, int, int], int] = {}
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                nearest = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + nearest) & 0xFF
        for i in range(0, stride, channels):
            colour = (line[i], line[i + 1], line[i + 2])
            counts[colour] = counts.get(colour, 0) + 1
        previous = line
    return counts


def hex_colour(text: str) -> tuple[int, int, int]:
    text = text.lstrip("#")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


class Elements(HTMLParser):
    """Every element's tag, attributes and text, in document order."""

    def __init__(self) -> None:
        super().__init__()
        self.elements: list[dict] = []
        self._open: list[dict] = []

    def handle_starttag(self, tag, attrs):
        element = {"tag": tag, "attrs": dict(attrs), "text": ""}
        self.elements.append(element)
        if tag not in ("br", "meta", "line", "img", "input"):
            self._open.append(element)

    def handle_endtag(self, tag):
        while self._open:
            if self._open.pop()["tag"] == tag:
                break

    def handle_data(self, data):
        for element in self._open:
            element["text"] += data


def elements(html: str) -> list[dict]:
    parser = Elements()
    parser.feed(html)
    return parser.elements
