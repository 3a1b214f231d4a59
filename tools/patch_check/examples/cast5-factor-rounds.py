#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Writes seed 004's kind of change for a tree that already has it, as a patch to give
`kcshim patch-check --applied`: CAST5's encryption and decryption with the twelve rounds both key
lengths share factored out of the `if (!(c->rr))` branches (the kernel has had them factored since
2011, so the tree is the after side and the patch, taken out, gives the before side).

The patch is made from the tree's own crypto/cast5_generic.c: the branches are put back as they
were (the twelve rounds in both), and the difference is the patch. No kernel text is kept here.

Usage: cast5-factor-rounds.py TREE > cast5-factor-rounds.patch
"""
import difflib
import re
import sys

FILE = "crypto/cast5_generic.c"
ROUND = re.compile(r"^\tt = l; l = r; r = t \^ F[123]\(r, Km\[\d+\], Kr\[\d+\]\);\n$")
BRANCH = "\tif (!(c->rr)) {\n"


def rounds_at(lines, i):
    """The run of single-indented round lines starting at i."""
    j = i
    while j < len(lines) and ROUND.match(lines[j]):
        j += 1
    return lines[i:j]


def branch_at(lines, i):
    """The `if (!(c->rr)) {` block starting at i: its inner lines, and the index after it."""
    assert lines[i] == BRANCH, lines[i]
    j = i + 1
    while lines[j] != "\t}\n":
        j += 1
    return lines[i + 1:j], j + 1


def unfactor(lines):
    out, i, done = [], 0, 0
    while i < len(lines):
        shared = rounds_at(lines, i)
        if len(shared) == 12 and lines[i + 12] == BRANCH:
            # encryption: the shared rounds, then the 16-round key's last four
            inner, after = branch_at(lines, i + 12)
            nested = ["\t" + l for l in shared]
            out += [BRANCH] + nested + inner + ["\t} else {\n"] + nested + ["\t}\n"]
            i, done = after, done + 1
            continue
        if lines[i] == BRANCH:
            inner, after = branch_at(lines, i)
            shared = rounds_at(lines, after)
            if len(shared) == 12:
                # decryption: the 16-round key's first four, then the shared rounds
                nested = ["\t" + l for l in shared]
                out += [BRANCH] + inner + nested + ["\t} else {\n"] + nested + ["\t}\n"]
                i, done = after + 12, done + 1
                continue
        out.append(lines[i])
        i += 1
    if done != 2:
        sys.exit(f"cast5-factor-rounds: {FILE}: found {done} of the 2 factored functions")
    return out


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip().splitlines()[-1])
    with open(f"{sys.argv[1]}/{FILE}") as f:
        after = f.readlines()
    before = unfactor(after)
    sys.stdout.write("From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"
                     "From: kcshim <patch-check@kcshim.invalid>\n"
                     "Subject: [PATCH] crypto: cast5: factor out the rounds both key lengths "
                     "share\n\n"
                     "Made by tools/patch_check/examples/cast5-factor-rounds.py from the tree's\n"
                     "own file, as seed 004's change.\n---\n"
                     f"diff --git a/{FILE} b/{FILE}\n")
    sys.stdout.writelines(difflib.unified_diff(before, after, f"a/{FILE}", f"b/{FILE}"))


if __name__ == "__main__":
    main()
