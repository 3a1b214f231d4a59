#!/usr/bin/env python3
# Writes the binary seeds of corpus/ (bridge frames and sessions, API sequences, vectors): the
# bridge frames follow afalg/protocol/protocol.h (big-endian; str = u16 len + bytes, blob = u32 len +
# bytes, list = u32 count + elements). Run from tests/fuzz/; the text seeds are written by hand.
import struct
from pathlib import Path


def s(text):
    b = text.encode()
    return struct.pack(">H", len(b)) + b


def blob(b):
    return struct.pack(">I", len(b)) + b


def blobs(items):
    return struct.pack(">I", len(items)) + b"".join(blob(i) for i in items)


def frame(type_, id_, body):
    return struct.pack(">IBBHII", 0x4B435342, 1, type_, 0, id_, len(body)) + body


HASH, HASH_CLONE, SKCIPHER, LIST, BATCH, ERROR, HASH_OK, BATCH_OK = 7, 9, 11, 5, 14, 4, 8, 15
bodies = {
    "list": (LIST, b""),
    "hash": (HASH, s("sha256") + b"\0" + blob(b"") + blobs([b"abc", b"", b"def"])),
    "hash_key": (HASH, s("hmac(sha256)") + b"\1" + blob(b"k" * 16) + blobs([b"message"])),
    "hash_clone": (HASH_CLONE, s("sha256") + b"\0" + blob(b"") + blobs([b"pre", b"fix"])
                   + blob(b"a") + blob(b"b")),
    "skcipher": (SKCIPHER, s("cbc(aes)") + b"\1" + blob(bytes(16)) + blob(bytes(16))
                 + blobs([bytes(16), bytes(16)])),
    "batch": (BATCH, s("sha256") + struct.pack(">I", 64) + struct.pack(">I", 2)
              + b"\1\0" + blob(b"") + blob(b"") + struct.pack(">QI", 7, 10) + struct.pack(">III", 2, 4, 6)
              + b"\3\1" + blob(b"") + blob(bytes(16)) + struct.pack(">QI", 9, 32) + struct.pack(">II", 1, 32)),
    "error": (ERROR, struct.pack(">i", -2) + b"\1" + s("no such algorithm")),
    "hash_ok": (HASH_OK, blob(bytes(32))),
    "batch_ok": (BATCH_OK, struct.pack(">I", 1) + struct.pack(">i", 0) + b"\0\0" + blob(b"x") + blob(b"")),
}

frames = Path("corpus/bridge_frames")
session = Path("corpus/bridge_session")
for d in (frames, session):
    d.mkdir(parents=True, exist_ok=True)
for name, (t, body) in bodies.items():
    (frames / f"{name}.bin").write_bytes(frame(t, 1, body))
    # the session harness frames each piece itself: u8 type | u16 length | body
    (session / f"{name}.bin").write_bytes(struct.pack(">BH", t, len(body)) + body)
(frames / "stream.bin").write_bytes(b"".join(frame(t, i, b) for i, (t, b) in enumerate(bodies.values())))
(session / "stream.bin").write_bytes(b"".join(struct.pack(">BH", t, len(b)) + b for t, b in bodies.values()))

# API sequences: u8 driver, then u8 opcode (+ u8 length + bytes for those with data)
api = Path("corpus/api_sequence")
api.mkdir(parents=True, exist_ok=True)
for drv in range(0, 40, 3):
    (api / f"shash_{drv}.bin").write_bytes(bytes([drv, 1, 2, 5]) + b"hello" + bytes([3, 2, 3]) + b"abc"
                                           + bytes([4, 5, 1, 2, 0, 5]))
    (api / f"cipher_{drv}.bin").write_bytes(bytes([drv, 16]) + bytes(range(16)) + b"\1"
                                            + bytes([16]) + b"0123456789abcdef" + b"\0" + bytes([2, 1, 8]))

# vectors: u8 alg, u8 kind, then per vector u8 klen, u8 len, u8 flags, key, data, expected
vec = Path("corpus/kvectors")
vec.mkdir(parents=True, exist_ok=True)
for alg in range(10):
    (vec / f"hash_{alg}.bin").write_bytes(bytes([alg, 0, 0, 3, 0]) + b"abc" + bytes(64))
    (vec / f"cipher_{alg}.bin").write_bytes(bytes([alg, 1, 16, 16, 0]) + bytes(range(16)) + bytes(16)
                                            + bytes(16) + bytes(16))
