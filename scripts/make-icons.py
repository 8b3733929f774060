#!/usr/bin/env python3
"""Draws Herald's web-app icons (a white bell on the pages' accent blue) as PNGs, with the
standard library only, so the icons can be made again exactly: python3 scripts/make-icons.py.

The bell keeps within the middle 60 % of the square: the icons are also "maskable", and a phone's
mask (a circle, a squircle) cuts up to 10 % off each side."""
import struct
import zlib
from pathlib import Path

BACKGROUND = (0x2F, 0x6F, 0xB3)
BELL = (0xFF, 0xFF, 0xFF)
SAMPLES = 4  # per pixel and axis: smooth edges


def inside_bell(x: float, y: float) -> bool:
    """Whether (x, y), both in 0…1 of the square, is on the bell."""
    cx = 0.5
    # The dome: a half disc above y = 0.42, then the body widening down to the rim at 0.68.
    if 0.27 <= y <= 0.42 and (x - cx) ** 2 + (y - 0.42) ** 2 <= 0.15**2:
        return True
    if 0.42 <= y <= 0.68:
        half = 0.15 + (y - 0.42) / 0.26 * 0.07
        return abs(x - cx) <= half
    # The rim, and the clapper below it.
    if 0.68 <= y <= 0.72 and abs(x - cx) <= 0.25:
        return True
    if (x - cx) ** 2 + (y - 0.75) ** 2 <= 0.055**2:
        return True
    # The knob on top.
    return (x - cx) ** 2 + (y - 0.255) ** 2 <= 0.035**2


def png(size: int) -> bytes:
    rows = bytearray()
    for py in range(size):
        rows.append(0)  # filter: none
        for px in range(size):
            hits = sum(
                inside_bell((px + (sx + 0.5) / SAMPLES) / size, (py + (sy + 0.5) / SAMPLES) / size)
                for sx in range(SAMPLES)
                for sy in range(SAMPLES)
            )
            share = hits / SAMPLES**2
            rows.extend(round(b + (f - b) * share) for b, f in zip(BACKGROUND, BELL))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(
        b"IEND", b""
    )


if __name__ == "__main__":
    static = Path(__file__).resolve().parent.parent / "Sources/HeraldServer/Static"
    for size in (180, 192, 512):
        (static / f"icon-{size}.png").write_bytes(png(size))
