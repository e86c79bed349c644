#!/usr/bin/env python3
"""Compares two wire corpora (tests/wire/each_role.sh): every answer must be the same, byte for
byte, but for what record.py replaced by a placeholder, which this names. Exits 1 on any
difference, after printing each (a unified diff, cut at DIFF_LINES lines an answer).

    compare.py BEFORE AFTER       (each a directory, or a .tar.xz of one: tests/wire/corpus.tar.xz)
"""

import difflib
import os
import sys
import tarfile
import tempfile

DIFF_LINES = int(os.environ.get("DIFF_LINES", "40"))
IGNORED = """Not compared (record.py, `normalize`):
  <time>        an RFC 3339 timestamp            <http-date>  an HTTP date (Retry-After, Expires)
  <date>        a YYYY-MM-DD date                <page-date>  a date as a page writes it
  <signature>   a signed file URL's sig/expires  <csrf>       a form's CSRF token
  <request-id>  the id of a request              <unix-time>  seconds since 1970 (2023 to 2033)
  <sync-key>    a KOReader sync key made
  <page-token K>  a page token, K its key as read (times in it <unix-time>)
  <id N>        a random identifier (an account's, a UUID, a token, a hash), N by first appearance"""


def files(root):
    found = set()
    for d, _, names in os.walk(root):
        for n in names:
            found.add(os.path.relpath(os.path.join(d, n), root))
    return found


def opened(path, scratch):
    """A corpus's directory: the directory named, or the archive's contents unpacked."""
    if os.path.isdir(path):
        return path
    with tarfile.open(path) as archive:
        archive.extractall(scratch, filter="data")
    return scratch


def main():
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        compare(opened(sys.argv[1], a), opened(sys.argv[2], b))


def compare(before, after):
    a, b = files(before), files(after)
    print(IGNORED)
    differ = 0
    for name in sorted(a - b):
        print(f"\nonly before: {name}")
        differ += 1
    for name in sorted(b - a):
        print(f"\nonly after: {name}")
        differ += 1
    for name in sorted(a & b):
        with open(os.path.join(before, name), encoding="utf-8") as f:
            x = f.read().splitlines()
        with open(os.path.join(after, name), encoding="utf-8") as f:
            y = f.read().splitlines()
        if x != y:
            differ += 1
            diff = list(difflib.unified_diff(x, y, f"before/{name}", f"after/{name}", lineterm=""))
            print()
            print("\n".join(diff[:DIFF_LINES]))
            if len(diff) > DIFF_LINES:
                print(f"... {len(diff) - DIFF_LINES} more lines")
    print(f"\n{len(a | b)} answers, {differ} differ")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
