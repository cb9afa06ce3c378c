#!/usr/bin/env python3
"""Usage: join_generated.py [SOURCE] < LOWERED

Reads lowered code (orbis-cc --emit-lowered of SOURCE) and writes it with each
piece of generated code joined back onto the user's line it stands in: the
markers around generated code, and the `#line` directives that give the
pieces their lines and columns, go (docs/lowering.md, "Where generated code
stands"). The lowering tests check what the generated code is; where it
stands is checked by tests/lit/lowering/generated-code-layout.c."""
import re
import sys

BEGIN = re.compile(r"^(\s*) __orbis_generated_begin $")
END = " __orbis_generated_end "
LINE = re.compile(r'^#line (\d+) "')


def user_text_after(after, line_number, source, begin):
    """The user's text in `after` (blanks up to the user's column, then the
    rest of the user's line): the source line tells where it starts, not
    before the column `begin` where the edit began."""
    lead = len(after) - len(after.lstrip(" "))
    if source and 0 < line_number <= len(source):
        original = source[line_number - 1]
        if lead >= len(after) or after[lead:lead + 1] == original[lead:lead + 1]:
            # The user's own blanks before that text stay.
            return after[min(lead, max(begin, len(original[:lead].rstrip(" ")))):]
    return after[lead:]


def join(lines, source):
    out = []
    # The length of the last line as the compiler saw it, which ended with
    # the user's text: a piece after it starts with that many blanks.
    last = 0
    begin_column = 0
    i = 0
    while i < len(lines):
        line = lines[i]
        begin = BEGIN.match(line)
        if begin and i + 2 < len(lines) and LINE.match(lines[i + 1]):
            piece = lines[i + 2]
            begin_column = len(piece) - len(piece.lstrip(" "))
            # Indentation before an edit stays on the piece's line; after
            # the user's text, the piece goes back to that text's end.
            if not begin.group(1) and out and out[-1].strip() and \
                    piece.startswith(" " * last):
                rest = piece[last:]
                if rest.startswith("  ") and not out[-1].endswith(" "):
                    # The user's blanks before the edit, not shown where
                    # no text of the user's followed them.
                    rest = " " + rest.lstrip(" ")
                piece = out.pop() + rest
            lines[i + 2] = piece
            last = 0
            i += 2
            continue
        if line.endswith(END) and i + 2 < len(lines) and \
                LINE.match(lines[i + 1]):
            # The user's text after the edit, back at the piece's end.
            after = lines[i + 2]
            if BEGIN.match(after):
                # More generated code right after: it joins this piece.
                if line[:-len(END)]:
                    lines[i + 1] = line[:-len(END)]
                    i += 1
                else:
                    i += 2
                continue
            number = int(LINE.match(lines[i + 1]).group(1))
            lines[i + 2] = line[:-len(END)] + \
                user_text_after(after, number, source, begin_column)
            out.append(lines[i + 2])
            last = len(after)
            i += 3
            continue
        out.append(line)
        last = len(line)
        i += 1
    return out


def main():
    source = []
    if len(sys.argv) > 1:
        with open(sys.argv[1], encoding="utf-8", errors="replace") as f:
            source = f.read().split("\n")
    text = sys.stdin.read()
    sys.stdout.write("\n".join(join(text.split("\n"), source)))


if __name__ == "__main__":
    main()
