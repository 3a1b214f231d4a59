#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Runs the docs' console blocks marked <!-- doctest --> and compares what they print.

A marked block is the ```console block right after a line `<!-- doctest -->`. Its `$ ` lines
(with `\\` continuations) are commands, run in order in one bash session (variables carry over),
in a scratch folder where `build` is the build tree and `kcshim` is its CLI on PATH; the lines
after a command, up to the next one, are what it must print (stdout and stderr together). An
expected line `...` stands for any number of lines; every other line must be equal. A command
must exit 0 unless what it shows ends in a "kcshim: " error line.

Usage: console_blocks.py BUILD_DIR FILE.md...    exit 1 when a block prints something else
"""
import os
import subprocess
import sys
import tempfile

MARK = "<!-- doctest -->"
SEPARATOR = "\x1edoctest-command-exited\x1e"


def marked_blocks(path):
    """(line number, [(command, [expected lines])]) of each marked block of path"""
    lines = open(path, encoding="utf-8").read().split("\n")
    blocks = []
    for i, line in enumerate(lines):
        if line.strip() != MARK or i + 1 >= len(lines) or lines[i + 1].strip() != "```console":
            continue
        commands, j = [], i + 2
        while j < len(lines) and lines[j].strip() != "```":
            if lines[j].startswith("$ "):
                command = lines[j][2:]
                while command.endswith("\\") and j + 1 < len(lines):
                    j += 1
                    command = command[:-1] + " " + lines[j].strip()
                commands.append((command, []))
            elif commands:
                commands[-1][1].append(lines[j])
            j += 1
        blocks.append((i + 2, commands))
    return blocks


def matches(expected, actual):
    """whether actual fits expected, where an expected '...' is any number of lines"""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(matches(expected[1:], actual[k:]) for k in range(len(actual) + 1))
    return bool(actual) and actual[0] == expected[0] and matches(expected[1:], actual[1:])


def run_block(commands, workdir, env):
    script = "".join(f"{command} 2>&1\nprintf '{SEPARATOR}%d\\n' $?\n" for command, _ in commands)
    result = subprocess.run(["bash", "-c", script], cwd=workdir, env=env, capture_output=True,
                            text=True, timeout=600)
    outputs = result.stdout.split(SEPARATOR)
    failures = []
    for k, (command, expected) in enumerate(commands):
        text = outputs[k] if k < len(outputs) else ""
        if k > 0:	# the exit status of the command before, then this one's output
            text = text.split("\n", 1)[1] if "\n" in text else ""
        status = outputs[k + 1].split("\n", 1)[0] if k + 1 < len(outputs) else "?"
        actual = text.rstrip("\n").split("\n") if text else []
        while expected and expected[-1] == "":
            expected = expected[:-1]
        fails = bool(expected) and expected[-1].startswith("kcshim: ")
        if not matches(expected, actual) or (status == "0") == fails:
            failures.append((command, expected, actual + [f"(exit status {status})"]))
    return failures


def main():
    build = os.path.abspath(sys.argv[1])
    status, blocks = 0, 0
    with tempfile.TemporaryDirectory(prefix="kcshim-doctest-") as workdir:
        os.symlink(build, os.path.join(workdir, "build"))
        bindir = os.path.join(workdir, "bin")
        os.mkdir(bindir)
        os.symlink(os.path.join(build, "tools", "cli", "kcshim"), os.path.join(bindir, "kcshim"))
        env = dict(os.environ, PATH=bindir + os.pathsep + os.environ["PATH"])
        for path in sys.argv[2:]:
            for line, commands in marked_blocks(path):
                blocks += 1
                failures = run_block(commands, workdir, env)
                where = f"{os.path.relpath(path)}:{line}"
                print(f"{'FAIL' if failures else 'ok  '} {where}: {len(commands)} commands")
                for command, expected, actual in failures:
                    status = 1
                    print(f"  $ {command}\n  expected:")
                    print("".join(f"    | {e}\n" for e in expected), end="")
                    print("  printed:")
                    print("".join(f"    | {a}\n" for a in actual), end="")
    if not blocks:
        print("no <!-- doctest --> block in " + " ".join(sys.argv[2:]))
        return 1
    return status


if __name__ == "__main__":
    sys.exit(main())
