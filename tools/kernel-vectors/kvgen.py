#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""kvgen: turns a kernel tree's testmgr vectors into a kcshim vectors module.

The module is a shared object exporting
    const struct kcshim_vector_source *kcshim_vector_source(void);
named "kernel-<VERSION>.<PATCHLEVEL>" (from the tree's Makefile), with one suite per hash,
skcipher/cipher or AEAD entry of the tree's crypto/testmgr.c alg_test_descs[]. Nothing is hard-coded: the
names, the test functions and the vector tables are read from the tree, and the tables themselves
are compiled from the tree's crypto/testmgr.h against the shim headers, so a new tree works
unchanged.

Commands (each exits non-zero with one "kvgen: ..." line on failure):
    kvgen.py list TREE                  the suites the tree yields (alg, kind, table)
    kvgen.py generate TREE OUTDIR       writes OUTDIR/kvectors.c and OUTDIR/include/ (forwarders)
    kvgen.py build TREE OUT.so          generate, then compile with $CC (default cc)
    kvgen.py build-trees --build-dir B [--trees-dir T] VERSION...
                                        for CMake: extract each Debian linux-source-VERSION with
                                        tools/kernel-tree/prepare and build B/kvectors-VERSION.so;
                                        skips (exit 0, one message) a version whose package is
                                        missing; rebuilds only when an input is newer than the .so
Common options: --shim-include DIR (default: shim/include of this checkout), --cc CC.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_DIR = os.path.dirname(os.path.dirname(HERE))
DEFAULT_SHIM_INCLUDE = os.path.join(SOURCE_DIR, "shim", "include")
OWN_INCLUDE = os.path.join(HERE, "include")
PREPARE = os.path.join(SOURCE_DIR, "tools", "kernel-tree", "prepare")

# testmgr's test functions whose suites we convert, by the suite member they use.
HASH_TESTS = {"alg_test_hash", "alg_test_crc32c"}
CIPHER_TESTS = {"alg_test_skcipher", "alg_test_cipher"}
AEAD_TESTS = {"alg_test_aead"}

# kcshim field <- candidate kernel field names (first present wins; 4.x trees used the old names).
HASH_FIELDS = [
    ("key", ["key"]),
    ("plaintext", ["plaintext"]),
    ("digest", ["digest"]),
    ("psize", ["psize"]),
    ("ksize", ["ksize"]),
    ("setkey_error", ["setkey_error"]),
    ("digest_error", ["digest_error"]),
]
CIPHER_FIELDS = [
    ("key", ["key"]),
    ("iv", ["iv"]),
    ("iv_out", ["iv_out"]),
    ("ptext", ["ptext", "input"]),
    ("ctext", ["ctext", "result"]),
    ("klen", ["klen"]),
    ("len", ["len", "ilen"]),
    ("setkey_error", ["setkey_error"]),
    ("crypt_error", ["crypt_error"]),
    ("wk", ["wk"]),
    ("generates_iv", ["generates_iv"]),
]
AEAD_FIELDS = [
    ("key", ["key"]),
    ("iv", ["iv"]),
    ("ptext", ["ptext", "input"]),
    ("assoc", ["assoc"]),
    ("ctext", ["ctext", "result"]),
    ("klen", ["klen"]),
    ("plen", ["plen", "ilen"]),
    ("clen", ["clen", "rlen"]),
    ("alen", ["alen"]),
    ("setkey_error", ["setkey_error"]),
    ("setauthsize_error", ["setauthsize_error"]),
    ("crypt_error", ["crypt_error"]),
    ("novrfy", ["novrfy"]),
    ("wk", ["wk"]),
]
# The flags of an AEAD suite (struct aead_test_suite's bit fields), copied when present.
AEAD_SUITE_FLAGS = ["einval_allowed", "aad_iv"]
# Fields without a kcshim counterpart, deliberately dropped: fips_skip (kcshim never runs in FIPS
# mode, where testmgr skips such vectors); np/tap/also_non_np/rlen (4.x chunking, superseded by
# the self-test manager's own split configurations).


class KvError(Exception):
    pass


# ---------------------------------------------------------------------------------------------
# Reading the tree

def tree_version(tree):
    """(VERSION, PATCHLEVEL, SUBLEVEL) from the tree's top-level Makefile."""
    path = os.path.join(tree, "Makefile")
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read(4096)
    except OSError as e:
        raise KvError(f"{path}: {e.strerror}") from e
    fields = {}
    for key in ("VERSION", "PATCHLEVEL", "SUBLEVEL"):
        m = re.search(rf"^{key}\s*=\s*(\d+)\s*$", text, re.M)
        fields[key] = m.group(1) if m else None
    if not fields["VERSION"] or not fields["PATCHLEVEL"]:
        raise KvError(f"{path}: no VERSION/PATCHLEVEL")
    return fields["VERSION"], fields["PATCHLEVEL"], fields["SUBLEVEL"] or "0"


def source_name(tree):
    v, p, _ = tree_version(tree)
    return f"kernel-{v}.{p}"


def read(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError as e:
        raise KvError(f"{path}: {e.strerror}") from e


def braced_block(text, start):
    """Index just past the '}' matching the '{' at text[start], skipping comments and literals."""
    depth = 0
    i = start
    n = len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            i = text.index("*/", i + 2) + 2
            continue
        if text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
            continue
        if c in "\"'":
            i += 1
            while text[i] != c:
                i += 2 if text[i] == "\\" else 1
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise KvError("unbalanced braces")


def preprocess(snippet, cc):
    """Runs the C preprocessor over a snippet with no includes and no CONFIG_ options set, so
    `#if IS_ENABLED(CONFIG_...)` blocks drop out as in a kernel without those options, and strips
    comments. Macros the snippet uses but does not define (__VECS) stay as written."""
    cmd = cc.split() + ["-E", "-P", "-undef", "-nostdinc", "-x", "c",
                        "-DIS_ENABLED(x)=0", "-DIS_BUILTIN(x)=0", "-DIS_MODULE(x)=0", "-"]
    try:
        res = subprocess.run(cmd, input=snippet, capture_output=True, text=True, check=False)
    except OSError as e:
        raise KvError(f"cannot run {cmd[0]}: {e.strerror}") from e
    if res.returncode:
        raise KvError(f"preprocessing alg_test_descs failed: {res.stderr.strip()}")
    return res.stdout


TOKEN = re.compile(r"""
      (?P<ws>\s+)
    | (?P<str>L?"(?:[^"\\\n]|\\.)*")
    | (?P<chr>'(?:[^'\\\n]|\\.)*')
    | (?P<id>[A-Za-z_][A-Za-z0-9_]*)
    | (?P<num>\.?[0-9](?:[eEpP][+-]|[A-Za-z0-9_.])*)
    | (?P<punct>\.\.\.|->|<<=|>>=|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^!~<>=?:;,.(){}\[\]#])
""", re.X)


def tokenize(text):
    toks = []
    pos = 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            raise KvError(f"cannot tokenize near {text[pos:pos + 40]!r}")
        pos = m.end()
        if m.lastgroup != "ws":
            toks.append(m.group())
    return toks


class InitParser:
    """Parses a C brace initialiser into nested lists of (designator path, value) items, where a
    value is either such a list (a nested brace) or the list of tokens of an expression."""

    def __init__(self, toks):
        self.toks = toks
        self.i = 0

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self, want=None):
        tok = self.peek()
        if tok is None or (want is not None and tok != want):
            raise KvError(f"alg_test_descs: expected {want!r}, found {tok!r}")
        self.i += 1
        return tok

    def brace(self):
        self.take("{")
        items = []
        while self.peek() != "}":
            path = []
            while self.peek() in (".", "["):
                if self.take() == ".":
                    path.append(self.take())
                else:
                    path.append("[" + " ".join(self.expr(stop="]")) + "]")
                    self.take("]")
            if path:
                self.take("=")
            value = self.brace() if self.peek() == "{" else self.expr()
            items.append((tuple(path), value))
            if self.peek() == ",":
                self.take()
            elif self.peek() != "}":
                raise KvError(f"alg_test_descs: unexpected {self.peek()!r}")
        self.take("}")
        return items

    def expr(self, stop=None):
        out = []
        depth = 0
        while True:
            tok = self.peek()
            if tok is None:
                raise KvError("alg_test_descs: unexpected end")
            if depth == 0 and (tok in (",", "}") or tok == stop):
                return out
            if tok in "([":
                depth += 1
            elif tok in ")]":
                depth -= 1
            out.append(self.take())


def flatten(items, prefix=()):
    """{designator path: expression tokens} for a parsed initialiser."""
    flat = {}
    for path, value in items:
        full = prefix + path
        if isinstance(value, list) and value and isinstance(value[0], tuple):
            flat.update(flatten(value, full))
        elif isinstance(value, list) and not value:
            flat[full] = []
        else:
            flat[full] = value
    return flat


def c_string(tokens):
    """The value of a sequence of adjacent string literals (escapes kept as written)."""
    if not tokens or not all(t.startswith('"') for t in tokens):
        return None
    return "".join(t[1:-1] for t in tokens)


def vecs_ref(flat, member):
    """(table, count expression or None) for .suite.<member>, or None when absent."""
    toks = flat.get(("suite", member))
    if toks is not None:
        # __VECS(table), or ____VECS(table) inside a brace with the suite's flags
        if (len(toks) == 4 and toks[0] in ("__VECS", "____VECS") and toks[1] == "("
                and toks[3] == ")"):
            return toks[2], None
        raise KvError(f"unrecognised suite initialiser {' '.join(toks)!r}")
    table = flat.get(("suite", member, "vecs"))
    if table is None:
        return None
    if len(table) != 1:
        raise KvError(f"unrecognised vecs {' '.join(table)!r}")
    count = flat.get(("suite", member, "count"))
    return table[0], (" ".join(count) if count else None)


def read_descs(tree, cc):
    """The hash, cipher and AEAD suites of the tree's alg_test_descs[], in table order: dicts
    with alg, kind ("hash"/"cipher"/"aead"), table, count (an expression, or None for the whole
    table), test (the testmgr function), generic_driver (or None) and flags (an AEAD suite's
    einval_allowed/aad_iv that are set)."""
    path = os.path.join(tree, "crypto", "testmgr.c")
    text = read(path)
    m = re.search(r"\balg_test_descs\s*\[\s*\]\s*=\s*", text)
    if not m:
        raise KvError(f"{path}: no alg_test_descs[]")
    start = text.index("{", m.end())
    body = text[start:braced_block(text, start)]
    try:
        items = InitParser(tokenize(preprocess(body, cc))).brace()
    except KvError as e:
        raise KvError(f"{path}: {e}") from e

    suites = []
    for _, entry in items:
        flat = flatten(entry)
        alg = c_string(flat.get(("alg",), []))
        test = " ".join(flat.get(("test",), []))
        if alg is None:
            raise KvError(f"{path}: an alg_test_descs entry without .alg")
        generic = c_string(flat.get(("generic_driver",), []))
        for kind, member, tests in (("hash", "hash", HASH_TESTS),
                                    ("cipher", "cipher", CIPHER_TESTS),
                                    ("aead", "aead", AEAD_TESTS)):
            ref = vecs_ref(flat, member)
            if ref is None:
                continue
            if test not in tests:
                print(f"kvgen: note: {alg}: .suite.{member} with test {test} skipped",
                      file=sys.stderr)
                continue
            flags = [f for f in AEAD_SUITE_FLAGS
                     if kind == "aead" and flat.get(("suite", member, f), ["0"]) != ["0"]]
            suites.append({"alg": alg, "kind": kind, "table": ref[0], "count": ref[1],
                           "test": test, "generic_driver": generic, "flags": flags})
    if not suites:
        raise KvError(f"{path}: no hash or cipher suites in alg_test_descs[]")
    return suites


def struct_fields(testmgr_h, struct):
    """Member names of `struct <struct> { ... };` in testmgr.h."""
    m = re.search(rf"\bstruct\s+{struct}\s*\{{", testmgr_h)
    if not m:
        raise KvError(f"testmgr.h: no struct {struct}")
    start = m.end() - 1
    body = testmgr_h[start + 1:braced_block(testmgr_h, start) - 1]
    body = re.sub(r"/\*.*?\*/|//[^\n]*", " ", body, flags=re.S)
    names = set()
    for decl in body.split(";"):
        for part in decl.split(","):
            mm = re.search(r"([A-Za-z_]\w*)\s*(\[[^\]]*\])?\s*(:\s*\d+)?\s*$", part.strip())
            if mm:
                names.add(mm.group(1))
    return names


REQUIRED_FIELDS = {
    "hash_testvec": {"key", "digest", "psize"},
    "cipher_testvec": {"key", "ptext", "ctext", "len"},
    "aead_testvec": {"key", "ptext", "ctext", "plen", "clen", "alen", "assoc"},
}


def field_map(present, mapping, struct):
    out = []
    for ours, candidates in mapping:
        for k in candidates:
            if k in present:
                out.append((ours, k))
                break
    missing = REQUIRED_FIELDS[struct]
    if missing - {o for o, _ in out}:
        raise KvError(f"testmgr.h: struct {struct} lacks {sorted(missing - {o for o, _ in out})}")
    return out


# ---------------------------------------------------------------------------------------------
# Headers testmgr.h needs that the shim does not have

INCLUDE = re.compile(r'^\s*#\s*include\s*<([^>]+)>', re.M)


def forward_missing_headers(tree, path, include_dirs, outdir, done):
    """For every <header> reachable from path that no include dir provides, writes a forwarder in
    outdir/include to the tree's own include/<header>. Returns the forwarded names."""
    forwarded = []
    for name in INCLUDE.findall(read(path)):
        if name in done:
            continue
        done.add(name)
        if any(os.path.exists(os.path.join(d, name)) for d in include_dirs):
            continue
        theirs = os.path.join(tree, "include", name)
        if not os.path.exists(theirs):
            continue    # a system header; the compiler finds it or says so
        fwd = os.path.join(outdir, "include", name)
        os.makedirs(os.path.dirname(fwd), exist_ok=True)
        with open(fwd, "w", encoding="utf-8") as f:
            f.write(f"/* Generated by kvgen: the shim has no <{name}>; use the tree's. */\n"
                    f'#include "{os.path.abspath(theirs)}"\n')
        forwarded.append(name)
        forwarded += forward_missing_headers(tree, theirs, include_dirs, outdir, done)
    return forwarded


def context_headers(tree, include_dirs):
    """The <headers> testmgr.c includes before testmgr.h that an include dir provides: testmgr.h
    uses names (EINVAL, u8, ...) from them without including them itself. The others are for
    testmgr.c's code (AEAD, RNG, compression APIs), not for the tables."""
    text = read(os.path.join(tree, "crypto", "testmgr.c"))
    end = text.find('"testmgr.h"')
    headers = INCLUDE.findall(text[:end if end >= 0 else len(text)])
    return [h for h in headers
            if any(os.path.exists(os.path.join(d, h)) for d in include_dirs)]


# ---------------------------------------------------------------------------------------------
# Writing the C file

def c_quote(s):
    return '"' + s + '"'     # already C-escaped: taken from a C string literal


def generate(tree, outdir, shim_include, cc):
    tree = os.path.abspath(tree)
    v, p, s = tree_version(tree)
    name = f"kernel-{v}.{p}"
    testmgr_h_path = os.path.join(tree, "crypto", "testmgr.h")
    testmgr_h = read(testmgr_h_path)
    suites = read_descs(tree, cc)
    hash_map = field_map(struct_fields(testmgr_h, "hash_testvec"), HASH_FIELDS, "hash_testvec")
    cipher_map = field_map(struct_fields(testmgr_h, "cipher_testvec"), CIPHER_FIELDS,
                           "cipher_testvec")
    aead_map = None
    if any(st["kind"] == "aead" for st in suites):
        try:
            aead_map = field_map(struct_fields(testmgr_h, "aead_testvec"), AEAD_FIELDS,
                                 "aead_testvec")
        except KvError as e:
            # a tree whose AEAD vectors kcshim cannot read still yields its other suites
            print(f"kvgen: note: AEAD suites skipped: {e}", file=sys.stderr)
            suites = [st for st in suites if st["kind"] != "aead"]

    os.makedirs(outdir, exist_ok=True)
    shutil.rmtree(os.path.join(outdir, "include"), ignore_errors=True)
    forwarded = forward_missing_headers(tree, testmgr_h_path, [shim_include, OWN_INCLUDE],
                                        outdir, set())
    for h in forwarded:
        print(f"kvgen: note: the shim has no <{h}>; using the tree's", file=sys.stderr)

    tables = {}     # table -> kind, in first-use order
    for st in suites:
        if tables.setdefault(st["table"], st["kind"]) != st["kind"]:
            raise KvError(f"{st['table']} is used as both {tables[st['table']]} and "
                          f"{st['kind']} vectors")

    out = []
    w = out.append
    w("/* SPDX-License-Identifier: GPL-2.0 */")
    w(f"/* Generated by tools/kernel-vectors/kvgen.py from {tree} (Linux {v}.{p}.{s}): the")
    w(" * hash, skcipher/cipher and AEAD suites of its crypto/testmgr.c alg_test_descs[], converted to")
    w(" * kcshim vector suites. Do not edit; regenerate. */")
    w("#include <kcshim/testvec.h>")
    w("")
    w("/* testmgr.h relies on testmgr.c's includes: those the shim provides. */")
    for h in context_headers(tree, [shim_include, OWN_INCLUDE]):
        w(f"#include <{h}>")
    w(f"#include {c_quote(testmgr_h_path)}")
    w("")
    w("#define KV_COUNT(a) (sizeof(a) / sizeof((a)[0]))")
    w("")
    w("static void kv_hash(struct kcshim_hash_vec *d, const struct hash_testvec *s, unsigned int n)")
    w("{")
    w("\tfor (unsigned int i = 0; i < n; i++) {")
    for ours, theirs in hash_map:
        w(f"\t\td[i].{ours} = s[i].{theirs};")
    w("\t}")
    w("}")
    w("")
    w("static void kv_cipher(struct kcshim_cipher_vec *d, const struct cipher_testvec *s,")
    w("\t\t      unsigned int n)")
    w("{")
    w("\tfor (unsigned int i = 0; i < n; i++) {")
    for ours, theirs in cipher_map:
        cast = " != 0" if ours in ("wk", "generates_iv") else ""
        w(f"\t\td[i].{ours} = s[i].{theirs}{cast};")
    w("\t}")
    w("}")
    w("")
    if aead_map:
        w("static void kv_aead(struct kcshim_aead_vec *d, const struct aead_testvec *s,")
        w("\t\t    unsigned int n)")
        w("{")
        w("\tfor (unsigned int i = 0; i < n; i++) {")
        for ours, theirs in aead_map:
            cast = " != 0" if ours in ("wk", "novrfy") else ""
            w(f"\t\td[i].{ours} = s[i].{theirs}{cast};")
        w("\t}")
        w("}")
        w("")
    vec_types = {"hash": "kcshim_hash_vec", "cipher": "kcshim_cipher_vec",
                 "aead": "kcshim_aead_vec"}
    suite_kinds = {"hash": "KCSHIM_SUITE_HASH", "cipher": "KCSHIM_SUITE_CIPHER",
                   "aead": "KCSHIM_SUITE_AEAD"}
    for table, kind in tables.items():
        w(f"static struct {vec_types[kind]} kv_{table}[KV_COUNT({table})];")
    w("")
    w("static const struct kcshim_vector_suite kv_suites[] = {")
    for st in suites:
        kind = suite_kinds[st["kind"]]
        count = st["count"] or f"KV_COUNT({st['table']})"
        generic = c_quote(st["generic_driver"]) if st["generic_driver"] else "NULL"
        flags = "".join(f", .{f} = true" for f in st["flags"])
        w(f"\t{{ .alg = {c_quote(st['alg'])}, .generic_driver = {generic}, .kind = {kind},")
        w(f"\t  .vecs = kv_{st['table']}, .count = {count}{flags} }},")
    w("};")
    w("")
    w("static const struct kcshim_vector_source kv_source = {")
    w(f"\t.name = {c_quote(name)},")
    w("\t.suites = kv_suites,")
    w("\t.nsuites = KV_COUNT(kv_suites),")
    w("};")
    w("")
    w("/* The kernel's tables are constant data, so the conversion runs once, at load time. */")
    w("static void __attribute__((constructor)) kv_convert(void)")
    w("{")
    for table, kind in tables.items():
        w(f"\tkv_{kind}(kv_{table}, {table}, KV_COUNT({table}));")
    w("}")
    w("")
    w("__attribute__((visibility(\"default\")))")
    w("const struct kcshim_vector_source *kcshim_vector_source(void);")
    w("")
    w("const struct kcshim_vector_source *kcshim_vector_source(void)")
    w("{")
    w("\treturn &kv_source;")
    w("}")
    cfile = os.path.join(outdir, "kvectors.c")
    with open(cfile, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    return cfile, name, suites


def compile_module(cfile, outdir, so, shim_include, cc):
    tmp = so + ".tmp"
    cmd = cc.split() + [
        "-std=gnu11", "-shared", "-fPIC", "-O1", "-fvisibility=hidden",
        # the tree's tables are kernel code: its warnings are not ours to fix
        "-w",
        "-I", shim_include, "-I", OWN_INCLUDE, "-I", os.path.join(outdir, "include"),
        "-o", tmp, cfile]
    res = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if res.returncode:
        raise KvError("compiling the vectors failed:\n  " + " ".join(cmd) + "\n" + res.stderr)
    os.replace(tmp, so)


def build(tree, so, shim_include, cc, workdir=None):
    so = os.path.abspath(so)
    os.makedirs(os.path.dirname(so), exist_ok=True)
    own_tmp = workdir is None
    workdir = workdir or tempfile.mkdtemp(prefix="kvgen-", dir=os.path.dirname(so))
    try:
        cfile, name, suites = generate(tree, workdir, shim_include, cc)
        compile_module(cfile, workdir, so, shim_include, cc)
    finally:
        if own_tmp:
            shutil.rmtree(workdir, ignore_errors=True)
    return name, suites


def newest_mtime(paths):
    return max(os.stat(p).st_mtime for p in paths if os.path.exists(p))


def build_trees(build_dir, trees_dir, versions, shim_include, cc):
    """For CMake: Debian's linux-source-VERSION -> build_dir/kvectors-VERSION.so."""
    trees_dir = trees_dir or os.path.join(build_dir, "kernel-trees")
    for version in versions:
        so = os.path.join(build_dir, f"kvectors-{version}.so")
        # prepare takes bookworm's installed package, or downloads a newer suite's (7.x); it
        # exits 2 when the tree cannot be had (package not installed, offline).
        res = subprocess.run([PREPARE, version, trees_dir], capture_output=True, text=True,
                             check=False)
        if res.returncode == 2:
            print(f"kernel-vectors: skipping kvectors-{version}.so: {res.stderr.strip()}")
            continue
        if res.returncode:
            raise KvError(f"prepare {version}: {res.stderr.strip()}")
        tree = res.stdout.strip()
        inputs = [os.path.join(tree, ".kcshim-extracted"), os.path.join(tree, "crypto", "testmgr.h"),
                  os.path.join(tree, "crypto", "testmgr.c"), os.path.abspath(__file__),
                  os.path.join(shim_include, "kcshim", "testvec.h")]
        if os.path.exists(so) and os.stat(so).st_mtime >= newest_mtime(inputs):
            continue
        name, suites = build(tree, so, shim_include, cc,
                             workdir=os.path.join(build_dir, "kernel-vectors", version))
        print(f"kernel-vectors: {os.path.relpath(so, build_dir)}: {name}, "
              f"{len(suites)} suites")


def main(argv):
    ap = argparse.ArgumentParser(prog="kvgen.py", description=__doc__.splitlines()[0])
    ap.add_argument("--shim-include", default=DEFAULT_SHIM_INCLUDE)
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("list")
    p.add_argument("tree")
    p = sub.add_parser("generate")
    p.add_argument("tree")
    p.add_argument("outdir")
    p = sub.add_parser("build")
    p.add_argument("tree")
    p.add_argument("so")
    p = sub.add_parser("build-trees")
    p.add_argument("--build-dir", required=True)
    p.add_argument("--trees-dir", help="where the trees are extracted (default BUILD_DIR/kernel-trees)")
    p.add_argument("versions", nargs="+")
    args = ap.parse_args(argv)
    shim_include = os.path.abspath(args.shim_include)
    if not os.path.exists(os.path.join(shim_include, "kcshim", "testvec.h")):
        raise KvError(f"{shim_include}: not the shim's include directory (no kcshim/testvec.h)")

    if args.cmd == "list":
        print(f"# {source_name(args.tree)}")
        for st in read_descs(args.tree, args.cc):
            extra = f" count={st['count']}" if st["count"] else ""
            extra += "".join(f" {f}" for f in st["flags"])
            print(f"{st['alg']}\t{st['kind']}\t{st['table']}{extra}")
    elif args.cmd == "generate":
        cfile, name, suites = generate(args.tree, args.outdir, shim_include, args.cc)
        print(f"{cfile}: {name}, {len(suites)} suites")
    elif args.cmd == "build":
        name, suites = build(args.tree, args.so, shim_include, args.cc)
        print(f"{args.so}: {name}, {len(suites)} suites")
    else:
        build_trees(os.path.abspath(args.build_dir),
                    args.trees_dir and os.path.abspath(args.trees_dir), args.versions,
                    shim_include, args.cc)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KvError as e:
        print(f"kvgen: {e}", file=sys.stderr)
        sys.exit(1)
