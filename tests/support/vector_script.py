# SPDX-License-Identifier: GPL-2.0
"""What the own-vector generators (tests/algs/<alg>/make_vectors.py) share: byte strings as C
string literals, and the command line every generator has:

  make_vectors.py                  print the generated file (redirect it to regenerate)
  make_vectors.py --check FILE     exit 1 if FILE differs from it (ctest runs this)

A generator puts this folder on sys.path, imports this module and ends with
sys.exit(vector_script.main(sys.argv, generate, "<its reference>", __doc__)).
"""
import sys


def c_bytes(data, indent, width=16):
    """data as C string literals of width bytes a line, each line starting with indent."""
    if not data:
        return indent + '""'
    return "\n".join(indent + '"' + "".join("\\x%02x" % b for b in data[i:i + width]) + '"'
                     for i in range(0, len(data), width))


def main(argv, generate, reference, usage):
    """generate() returns (file text, vector count); reference names what the vectors match."""
    text, count = generate()
    if len(argv) == 3 and argv[1] == "--check":
        with open(argv[2]) as f:
            if f.read() != text:
                print("%s differs from make_vectors.py output" % argv[2], file=sys.stderr)
                return 1
        print("%s: %d vectors match %s" % (argv[2], count, reference))
        return 0
    if len(argv) != 1:
        print(usage, file=sys.stderr)
        return 2
    sys.stdout.write(text)
    return 0
