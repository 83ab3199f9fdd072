#!/usr/bin/env python3
"""Lists the Swift functions in a tree whose body runs over a line limit, and fails if there are any.

The project keeps functions short enough to read at a glance (40 lines, declaration to closing
brace). This is a brace counter, not a parser: string literals (also multi-line ones) and line
comments are blanked before counting, which is enough for the code in this repository.

    python3 scripts/function_length.py Sources            # exit 1 and a list if any is too long
    python3 scripts/function_length.py --limit 30 Sources  # another limit
"""
import argparse
import os
import re
import sys

DECLARATION = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|private|fileprivate|internal|package|static|class|final|override|mutating|"
    r"nonisolated|convenience|required)\s+)*"
    r"(func\s+[^\s(<]+|init[?!]?|subscript|deinit)\b"
)
STRING = re.compile(r'"(?:\\.|[^"\\])*"')


def blank_out(lines):
    """The lines with string literals, multi-line strings and line comments removed."""
    clean, in_multiline = [], False
    for line in lines:
        if line.count('"""') % 2 == 1:
            in_multiline = not in_multiline
            clean.append("")
            continue
        if in_multiline:
            clean.append("")
            continue
        line = STRING.sub('""', line)
        comment = line.find("//")
        clean.append(line if comment < 0 else line[:comment])
    return clean


def function_lengths(text):
    """(name, first line, length in lines) of every function with a body in `text`."""
    lines = text.split("\n")
    clean = blank_out(lines)
    found = []
    for start, line in enumerate(clean):
        match = DECLARATION.match(line)
        if not match:
            continue
        end = body_end(clean, start)
        if end is not None:
            found.append((match.group(1), start + 1, end - start + 1))
    return found


def body_end(clean, start):
    """The index of the line that closes the body of the function declared at `start`, or None
    for a requirement without a body. Braces inside the signature's parentheses (a closure given
    as a default argument) are not the body: it opens at the first brace outside them."""
    braces, parentheses, opened = 0, 0, False
    for end in range(start, len(clean)):
        if not opened and end > start and DECLARATION.match(clean[end]):
            return None
        for character in clean[end]:
            if not opened and character in "()":
                parentheses += 1 if character == "(" else -1
            elif not opened and parentheses > 0:
                continue
            elif character == "{":
                braces, opened = braces + 1, True
            elif character == "}":
                if not opened:
                    return None  # the enclosing scope closes: a requirement without a body
                braces -= 1
        if opened and braces == 0:
            return end
    return None


def too_long(roots, limit):
    """(path, line, name, length) of every function over `limit` lines under `roots`."""
    result = []
    for root in roots:
        for directory, _, files in os.walk(root):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(directory, name)
                with open(path, encoding="utf-8") as file:
                    for function, line, length in function_lengths(file.read()):
                        if length > limit:
                            result.append((path, line, function, length))
    return result


def main(arguments):
    parser = argparse.ArgumentParser(description="Fail when a Swift function is longer than a limit.")
    parser.add_argument("roots", nargs="+", help="directories to scan")
    parser.add_argument("--limit", type=int, default=40, help="most lines a function may span (default 40)")
    options = parser.parse_args(arguments)
    for root in options.roots:
        if not os.path.isdir(root):
            parser.error(f"{root} is not a directory")
    found = too_long(options.roots, options.limit)
    for path, line, function, length in found:
        print(f"{path}:{line}: {function} spans {length} lines (limit {options.limit})")
    if found:
        return 1
    print(f"every function is at most {options.limit} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
