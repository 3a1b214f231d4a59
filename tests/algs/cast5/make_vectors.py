#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Generates algs/cast5/cast5_testvecs.c, kcshim's own CAST5 vectors.

References, none of them kcshim code:
  - RFC 2144 Appendix B.1, typed in below, for the three single-block vectors;
  - OpenSSL's CAST5 block function (libcrypto's CAST_set_key/CAST_ecb_encrypt through ctypes;
    it honours short keys, i.e. 12 rounds up to 80 bits) for every other block;
  - `openssl enc -cast5-ecb/-cast5-cbc` (legacy provider), an independent ECB/CBC
    implementation, re-checks every ECB and CBC vector whose key is longer than 80 bits (the
    command line zero-pads keys to 128 bits, which is only the same cipher for 16 rounds).
CTR is computed here from ECB: the counter is the whole 8-byte IV, a 64-bit big-endian
integer incremented once per block (partial last block included) and wrapping at 2^64, as the
kernel's ctr template does; iv_out is the counter after the last block.

  make_vectors.py > algs/cast5/cast5_testvecs.c               regenerate
  make_vectors.py --check algs/cast5/cast5_testvecs.c         exit 1 if the file differs
"""
import ctypes
import ctypes.util
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "support"))
import vector_script  # noqa: E402
from vector_script import c_bytes  # noqa: E402

RFC2144_B1_KEY = bytes.fromhex("0123456712345678234567893456789a")
RFC2144_B1_PT = bytes.fromhex("0123456789abcdef")
RFC2144_B1 = [(16, "238b4fe5847e44b2"), (10, "eb6a711a2c02271b"), (5, "7ac816d16e9b302e")]

_crypto = ctypes.CDLL(ctypes.util.find_library("crypto") or "libcrypto.so.3")


def ecb_encrypt_block(key, block):
    ks = ctypes.create_string_buffer(512)          # CAST_KEY is 132 bytes
    _crypto.CAST_set_key(ks, ctypes.c_int(len(key)), key)
    out = ctypes.create_string_buffer(8)
    _crypto.CAST_ecb_encrypt(block, out, ks, ctypes.c_int(1))
    return out.raw


def ecb(key, pt):
    return b"".join(ecb_encrypt_block(key, pt[i:i + 8]) for i in range(0, len(pt), 8))


def cbc(key, iv, pt):
    out, prev = [], iv
    for i in range(0, len(pt), 8):
        prev = ecb_encrypt_block(key, bytes(a ^ b for a, b in zip(pt[i:i + 8], prev)))
        out.append(prev)
    return b"".join(out), prev


def ctr(key, iv, pt):
    ctrv, out = int.from_bytes(iv, "big"), bytearray()
    for i in range(0, len(pt), 8):
        ks = ecb_encrypt_block(key, ctrv.to_bytes(8, "big"))
        out += bytes(a ^ b for a, b in zip(pt[i:i + 8], ks))
        ctrv = (ctrv + 1) % (1 << 64)
    return bytes(out), ctrv.to_bytes(8, "big")


def openssl_enc(mode, key, iv, pt):
    cmd = ["openssl", "enc", "-%s" % mode, "-provider", "legacy", "-provider", "default",
           "-nopad", "-K", key.hex()]
    if iv is not None:
        cmd += ["-iv", iv.hex()]
    return subprocess.run(cmd, input=pt, capture_output=True, check=True).stdout


class Stream:
    """A fixed 32-bit xorshift byte stream, so the file regenerates byte for byte."""

    def __init__(self, seed):
        self.x = seed

    def bytes(self, n):
        out = bytearray()
        while len(out) < n:
            self.x ^= (self.x << 13) & 0xFFFFFFFF
            self.x ^= self.x >> 17
            self.x ^= (self.x << 5) & 0xFFFFFFFF
            out.append((self.x >> 11) & 0xFF)
        return bytes(out)


def vec_lines(v):
    fields = [("key", v["key"]), ("iv", v.get("iv")), ("iv_out", v.get("iv_out")),
              ("ptext", v["ptext"]), ("ctext", v["ctext"])]
    lines = []
    for name, data in fields:
        if data is None:
            continue
        if len(data) <= 16:
            lines.append("\t\t.%s\t\t= %s," % (name, c_bytes(data, "").lstrip()))
        else:
            lines.append("\t\t.%s\t\t=" % name)
            lines.append(c_bytes(data, "\t\t\t") + ",")
    lines.append("\t\t.klen\t\t= %d," % len(v["key"]))
    lines.append("\t\t.len\t\t= %d," % len(v["ptext"]))
    return lines


def table(name, comment, vecs):
    out = ["/* %s */" % comment, "static const struct kcshim_cipher_vec %s[] = {" % name]
    for i, v in enumerate(vecs):
        out.append("\t{" if i == 0 else "\t}, {")
        if "note" in v:
            out.append("\t\t/* %s */" % v["note"])
        out += vec_lines(v)
    out += ["\t},", "};", ""]
    return out


def build():
    rnd = Stream(0x2144CA57)
    ecb_v, cbc_v, ctr_v = [], [], []

    for klen, ct in RFC2144_B1:
        key = RFC2144_B1_KEY[:klen]
        got = ecb(key, RFC2144_B1_PT)
        if got.hex() != ct:
            sys.exit("OpenSSL disagrees with RFC 2144 B.1 for a %d-bit key" % (8 * klen))
        ecb_v.append(dict(note="RFC 2144 B.1, %d-bit key" % (8 * klen), key=key,
                          ptext=RFC2144_B1_PT, ctext=bytes.fromhex(ct)))
    for klen, n, note in [(16, 64, "8 blocks"), (11, 40, "88-bit key: the shortest with 16 rounds"),
                          (6, 24, "48-bit key, 12 rounds")]:
        key, pt = rnd.bytes(klen), rnd.bytes(n)
        ecb_v.append(dict(note=note, key=key, ptext=pt, ctext=ecb(key, pt)))

    for klen, n, note in [(16, 8, "one block"), (16, 136, "17 blocks"),
                          (5, 64, "40-bit key, 12 rounds"), (12, 256, "96-bit key, 32 blocks")]:
        key, iv, pt = rnd.bytes(klen), rnd.bytes(8), rnd.bytes(n)
        ct, iv_out = cbc(key, iv, pt)
        cbc_v.append(dict(note=note, key=key, iv=iv, iv_out=iv_out, ptext=pt, ctext=ct))

    for klen, iv, n, note in [
            (16, None, 64, "8 whole blocks"),
            (16, None, 61, "7 blocks and a 5-byte tail"),
            (7, None, 3, "less than one block, 56-bit key"),
            (16, bytes.fromhex("fffffffffffffffd"), 40, "the counter wraps at 2^64"),
            (10, bytes.fromhex("00000000fffffffe"), 100,
             "carry into the upper 32 bits, 80-bit key, 4-byte tail")]:
        key = rnd.bytes(klen)
        iv = iv if iv is not None else rnd.bytes(8)
        pt = rnd.bytes(n)
        ct, iv_out = ctr(key, iv, pt)
        ctr_v.append(dict(note=note, key=key, iv=iv, iv_out=iv_out, ptext=pt, ctext=ct))

    # The second, independent implementation: OpenSSL's command line (16-round keys only).
    for v in ecb_v:
        if len(v["key"]) > 10:
            assert openssl_enc("cast5-ecb", v["key"], None, v["ptext"]) == v["ctext"], v["note"]
    for v in cbc_v:
        if len(v["key"]) > 10:
            assert openssl_enc("cast5-cbc", v["key"], v["iv"], v["ptext"]) == v["ctext"], v["note"]
    return ecb_v, cbc_v, ctr_v


def generate():
    ecb_v, cbc_v, ctr_v = build()
    out = [
        "// SPDX-License-Identifier: GPL-2.0",
        "/*",
        " * kcshim's own vectors for \"ecb(cast5)\", \"cbc(cast5)\" and \"ctr(cast5)\" (the \"own\"",
        " * source of the self-test manager, which tests the single-block \"cast5\" through its",
        " * \"ecb(cast5)\" vectors, as testmgr does).",
        " *",
        " * Generated by tests/algs/cast5/make_vectors.py: RFC 2144 B.1 as published, the rest",
        " * from OpenSSL's CAST5 and re-checked with `openssl enc` where it applies; regenerate",
        " * rather than edit (ctest runs `make_vectors.py --check` on this file).",
        " */",
        "#include <kcshim/testvec.h>",
        "",
    ]
    out += table("cast5_ecb_own_tv", "RFC 2144 B.1, then multi-block messages", ecb_v)
    out += table("cast5_cbc_own_tv", "iv_out is the last ciphertext block", cbc_v)
    out += table("cast5_ctr_own_tv",
                 "64-bit big-endian counter over the whole IV; iv_out is the next counter", ctr_v)
    out += [
        "static const struct kcshim_vector_suite cast5_own_suites[] = {",
        "\tKCSHIM_CIPHER_SUITE(\"ecb(cast5)\", cast5_ecb_own_tv),",
        "\tKCSHIM_CIPHER_SUITE(\"cbc(cast5)\", cast5_cbc_own_tv),",
        "\tKCSHIM_CIPHER_SUITE(\"ctr(cast5)\", cast5_ctr_own_tv),",
        "};",
        "",
        "KCSHIM_OWN_VECTORS(cast5_own_suites);",
    ]
    return "\n".join(out) + "\n", len(ecb_v) + len(cbc_v) + len(ctr_v)


if __name__ == "__main__":
    sys.exit(vector_script.main(sys.argv, generate, "RFC 2144 B.1 and OpenSSL", __doc__))
