"""Synthesise the app's sounds into web/sounds/ (standard library only, deterministic).

    python tools/make_sounds.py          # rewrite web/sounds/*.wav
    python tools/make_sounds.py --check  # exit 1 if a committed file differs from its recipe

Short game sounds made from sines and seeded noise: take (a tile slides off the display),
place (a wooden tock), build (two knocks), score (a two-note chime), land (a wave), end (a
rising arpeggio). Mono, 8 000 Hz, 8-bit: small (all of them well under 60 KB) and played
through Web Audio by the page once the player turns sound on.
"""

from __future__ import annotations

import argparse
import io
import math
import random
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 8_000
OUT = Path(__file__).resolve().parent.parent / "web" / "sounds"
Signal = Callable[[float], float]


def tone(
    freq: float, decay: float, start: float = 0.0, harmonics: tuple[float, ...] = (1.0,)
) -> Signal:
    """A struck tone at `freq` Hz from `start` s, fading with time constant `decay` s."""

    def f(t: float) -> float:
        u = t - start
        if u < 0:
            return 0.0
        attack = min(1.0, u / 0.004)
        wave_ = sum(a * math.sin(2 * math.pi * freq * (k + 1) * u) for k, a in enumerate(harmonics))
        return attack * math.exp(-u / decay) * wave_

    return f


def noise(seed: int, length: float, attack: float, smooth: float) -> Signal:
    """Low-passed seeded noise (`smooth` 0..1: more is darker) with a rise and a fall."""
    rng = random.Random(seed)
    n = int(length * RATE) + 1
    samples, y = [], 0.0
    for _ in range(n):
        y = smooth * y + (1 - smooth) * rng.uniform(-1, 1)
        samples.append(y)

    def f(t: float) -> float:
        i = int(t * RATE)
        if i >= n:
            return 0.0
        env = min(1.0, t / attack) * max(0.0, 1 - t / length) ** 2
        return env * samples[i] * 3

    return f


def mix(*parts: tuple[float, Signal]) -> Signal:
    return lambda t: sum(gain * s(t) for gain, s in parts)


ARPEGGIO = (523, 659, 784, 1047)  # C E G C
RECIPES: dict[str, tuple[float, Signal]] = {
    "take": (0.16, mix((0.8, noise(1, 0.16, 0.05, 0.55)), (0.25, tone(880, 0.03, 0.02)))),
    "place": (
        0.12,
        mix((0.9, tone(196, 0.035, 0, (1, 0.5, 0.25))), (0.3, noise(2, 0.02, 0.001, 0.2))),
    ),
    "build": (
        0.24,
        mix((0.7, tone(330, 0.03, 0, (1, 0.4))), (0.7, tone(262, 0.035, 0.1, (1, 0.4)))),
    ),
    "score": (
        0.34,
        mix((0.45, tone(988, 0.09, 0, (1, 0.2))), (0.45, tone(1319, 0.12, 0.09, (1, 0.2)))),
    ),
    "land": (0.38, mix((0.9, noise(3, 0.38, 0.12, 0.85)), (0.3, tone(147, 0.12, 0.02)))),
    "end": (
        0.62,
        mix(*((0.35, tone(f, 0.14, 0.11 * k, (1, 0.3))) for k, f in enumerate(ARPEGGIO))),
    ),
}


def render(length: float, signal: Signal) -> bytes:
    """The WAV file (8-bit unsigned PCM) of `signal`, peak-normalised to 0.8."""
    values = [signal(i / RATE) for i in range(int(length * RATE))]
    peak = max(1e-9, max(abs(v) for v in values))
    fade = int(0.01 * RATE)
    frames = bytearray()
    for i, v in enumerate(values):
        tail = min(1.0, (len(values) - i) / fade)
        frames.append(max(0, min(255, round(128 + 127 * 0.8 * tail * v / peak))))
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(1)
        w.setframerate(RATE)
        w.writeframes(bytes(frames))
    return buf.getvalue()


def sounds() -> dict[str, bytes]:
    """Every sound's WAV bytes by name."""
    return {name: render(length, signal) for name, (length, signal) in RECIPES.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    made = sounds()
    if args.check:
        stale = [n for n, data in made.items() if (OUT / f"{n}.wav").read_bytes() != data]
        print("stale: " + ", ".join(stale) if stale else "web/sounds/ is up to date")
        return 1 if stale else 0
    OUT.mkdir(exist_ok=True)
    for name, data in made.items():
        (OUT / f"{name}.wav").write_bytes(data)
    print(f"wrote {len(made)} sounds, {sum(map(len, made.values()))} bytes, into {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
