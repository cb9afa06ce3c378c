#!/usr/bin/env python3
"""Compiles each source with orbis-cc / orbis-c++ -Weverything -fsyntax-only
and prints every warning whose source line, as clang shows it, is not the
user's text at that place: a warning raised by the code the lowering wrote
(tests/lit/driver/generated-code-warnings.test). Generated code has lines of
its own, so a line of the user's may be shown in pieces: each piece must be
the user's characters at their own columns, and the warning's column one of
them. Exit status 1 if any.

Usage: generated_warnings.py ORBIS_CC ORBIS_CXX FILE... [-- EXTRA FLAGS]
"""
import re
import subprocess
import sys

WARNING = re.compile(r"^(.*?):(\d+):(\d+): warning: (.*)$")


QUERY_NAME = re.compile(r"__orbis_q[nbst]\d+_\d+")
QUERY_CALL = re.compile(r"omp_(num_blocks|block_num|block_size|total_size)"
                        r"\s*\(\s*\)")


def users_text(shown, line, column):
    """Whether `shown` is the user's `line` at the same columns, blanks
    aside, with a character of the user's at `column`. A tile query's call
    is shown as the name of the tile's answer, padded to the call's length:
    the user's text too."""
    for m in QUERY_NAME.finditer(shown):
        call = QUERY_CALL.match(line, m.start())
        if call and call.end() >= m.end():
            shown = shown[:m.start()] + line[m.start():call.end()] + \
                shown[call.end():]
    if column > len(shown) or shown[column - 1] == " ":
        return False
    return all(c == " " or (k < len(line) and line[k] == c)
               for k, c in enumerate(shown))


def check(compiler, path, extra):
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    p = subprocess.run([compiler, "-Weverything", "-fsyntax-only", *extra, path],
                       capture_output=True, text=True, errors="replace")
    out = p.stderr.split("\n")
    bad = 0
    for i, line in enumerate(out):
        m = WARNING.match(line)
        if m and m.group(1) != path and "/orbis-" in m.group(1):
            # In the lowered file's own lines (the prologue in front of the
            # user's first line): code the lowering wrote.
            print(f"{m.group(1)}:{m.group(2)}:{m.group(3)}: {m.group(4)}")
            bad += 1
            continue
        if not m or m.group(1) != path or i + 1 >= len(out):
            continue
        # The snippet: "  NN | text".
        shown = out[i + 1].split("|", 1)
        number = int(m.group(2))
        if len(shown) < 2 or number > len(lines):
            continue
        if not users_text(shown[1][1:].rstrip(), lines[number - 1],
                          int(m.group(3))):
            print(f"{path}:{number}:{m.group(3)}: {m.group(4)}")
            print(f"  shown: {shown[1][1:120]}")
            bad += 1
    return bad


def main(argv):
    cc, cxx, *rest = argv
    extra = []
    if "--" in rest:
        extra = rest[rest.index("--") + 1:]
        rest = rest[:rest.index("--")]
    bad = 0
    for path in rest:
        bad += check(cxx if path.endswith((".cpp", ".cc")) else cc, path, extra)
    print(f"{bad} warnings in generated code")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
