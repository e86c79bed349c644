"""OPDS 2.0 feeds as the Palace Project's library server reads them when it imports a feed:
its webpub-manifest-parser checks each feed's syntax and its semantics (required metadata, a
`self` link, every link's `rel`, an acquisition link in every publication, known media types)
against the OPDS 2.0 and Readium Web Publication Manifest specifications.

Usage: python3 palace_check.py FEED.json...; prints each error found and exits 1 if there was
one."""

import json
import sys

from webpub_manifest_parser.opds2 import OPDS2FeedParserFactory


def main(paths):
    failed = False
    for path in paths:
        with open(path, encoding="utf-8") as f:
            feed = json.load(f)
        result = OPDS2FeedParserFactory().create().parse_json(feed)
        for error in result.errors:
            failed = True
            print(f"{path}: {type(error).__name__}: {error}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
