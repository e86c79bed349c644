#!/usr/bin/env python3
"""Checks and page tokens for bench/catalog.sh, through the HTTP API as a client sees it.

  catalog_walk.py shapes BASE_URL API_KEY SHAPES OUT.tsv
      For each search shape (lines NAME<TAB>KEYWORD<TAB>LANGUAGE<TAB>FORMAT), one request with
      limit=10: writes NAME, totalResults, the ten serviceIds, the author facets and the category
      facets (JSON [[name, count], ...]) to OUT.tsv, tab-separated, in fts_baseline.py's format.

  catalog_walk.py walk BASE_URL API_KEY PAGE NAME QUERY [NAME QUERY ...]
      For each listing (QUERY: the search's parameters, without api_key, limit and start), walks
      from page 1 to page PAGE with limit=10, one request at a time, each passing the previous
      page's `next`. Checks that every page is full, that totalResults never changes, that no
      title is listed twice and, for sortOrder=title, that titles come in order. Prints shell
      assignments: TOKEN_NAME (the `start` of page PAGE), WALK_NAME (seconds), TOTAL_NAME.

  catalog_walk.py end BASE_URL API_KEY NAME QUERY LIMIT
      Walks one listing from its first page to its last, LIMIT titles a page: checks that every
      title comes once and that they are as many as totalResults. Prints END_PAGES_NAME,
      END_SECONDS_NAME and END_TOTAL_NAME.

Both ask GET /v2/titles, or the path in $CATALOG_PATH with the bearer token in $CATALOG_BEARER.
"""

import http.client
import json
import os
import sys
import time
import unicodedata
import urllib.parse


def fail(why):
    print(f"catalog_walk.py: {why}", file=sys.stderr)
    sys.exit(1)


class Client:
    """GET /v2/titles, or the listing in $CATALOG_PATH (/v2/catalog) as the user whose access
    token is in $CATALOG_BEARER."""

    def __init__(self, base, key):
        u = urllib.parse.urlsplit(base)
        self.conn = http.client.HTTPConnection(u.hostname, u.port, timeout=120)
        self.key = key
        self.path = os.environ.get("CATALOG_PATH", "/v2/titles")
        bearer = os.environ.get("CATALOG_BEARER")
        self.headers = {"Authorization": f"Bearer {bearer}"} if bearer else {}

    def titles(self, params):
        query = urllib.parse.urlencode([("api_key", self.key)] + params)
        self.conn.request("GET", f"{self.path}?{query}", headers=self.headers)
        r = self.conn.getresponse()
        body = r.read()
        if r.status != 200:
            fail(f"GET {self.path}?{query} answered {r.status}: {body[:500]!r}")
        return json.loads(body)


def shape_params(keyword, language, fmt):
    params = [("keyword", keyword)]
    if language:
        params.append(("language", language))
    if fmt:
        params.append(("format", fmt))
    return params + [("limit", "10")]


def facets(list_):
    return json.dumps([[f["name"], f["count"]] for f in list_], ensure_ascii=False)


def shapes(base, key, shapes_file, out_file):
    client = Client(base, key)
    with open(shapes_file, encoding="utf-8") as f, open(out_file, "w", encoding="utf-8") as out:
        for line in f:
            if not line.strip():
                continue
            name, keyword, language, fmt = line.rstrip("\n").split("\t")
            body = client.titles(shape_params(keyword, language, fmt))
            ids = ",".join(t["serviceId"] for t in body["titles"])
            out.write("\t".join([name, str(body["totalResults"]), ids, facets(body["authorFacets"]),
                                 facets(body["categoryFacets"])]) + "\n")


def fold(title):
    """Roughly Lectern's title sort key: lower-cased, accents removed, leading punctuation off."""
    s = unicodedata.normalize("NFKD", title.strip().lower())
    s = "".join(c for c in s if not unicodedata.combining(c))
    i = 0
    while i < len(s) and not s[i].isalnum():
        i += 1
    return s[i:] or s


def walk(base, key, pages, listings):
    client = Client(base, key)
    for name, query in listings:
        params = urllib.parse.parse_qsl(query) + [("limit", "10")]
        seen, start, total, previous, disorder = set(), None, None, None, 0
        t0 = time.monotonic()
        for page in range(1, pages):
            body = client.titles(params + ([("start", start)] if start else []))
            if total is None:
                total = body["totalResults"]
                if total < pages * 10:
                    fail(f"{name}: {total} results, fewer than {pages} pages of 10")
            elif body["totalResults"] != total:
                fail(f"{name}: totalResults went from {total} to {body['totalResults']} at page {page}")
            if len(body["titles"]) != 10:
                fail(f"{name}: page {page} lists {len(body['titles'])} titles, not 10")
            for t in body["titles"]:
                if t["serviceId"] in seen:
                    fail(f"{name}: {t['serviceId']} listed twice (again on page {page})")
                seen.add(t["serviceId"])
                if ("sortOrder", "title") in params:
                    key_ = fold(t["title"])
                    if previous is not None and key_ < previous:
                        disorder += 1
                    previous = key_
            start = body["next"]
            if not start:
                fail(f"{name}: no next after page {page}")
        seconds = time.monotonic() - t0
        # Page PAGE itself: full, and none of its titles seen before.
        body = client.titles(params + [("start", start)])
        if len(body["titles"]) != 10 or any(t["serviceId"] in seen for t in body["titles"]):
            fail(f"{name}: page {pages} is not ten new titles")
        if disorder:
            print(f"catalog_walk.py: {name}: {disorder} titles out of order by a rough fold of the title "
                  "(check by hand)", file=sys.stderr)
        print(f"TOKEN_{name}={start}")
        print(f"WALK_{name}={seconds:.1f}")
        print(f"TOTAL_{name}={total}")


def to_the_end(base, key, name, query, limit):
    """Every page of one listing, `limit` titles a page: each title once, as many as totalResults."""
    client = Client(base, key)
    params = urllib.parse.parse_qsl(query) + [("limit", str(limit))]
    seen, start, total, pages = set(), None, None, 0
    t0 = time.monotonic()
    while True:
        body = client.titles(params + ([("start", start)] if start else []))
        pages += 1
        if total is None:
            total = body["totalResults"]
        elif body["totalResults"] != total:
            fail(f"{name}: totalResults went from {total} to {body['totalResults']} at page {pages}")
        for t in body["titles"]:
            if t["serviceId"] in seen:
                fail(f"{name}: {t['serviceId']} listed twice (again on page {pages})")
            seen.add(t["serviceId"])
        start = body["next"]
        if not start:
            break
    seconds = time.monotonic() - t0
    if len(seen) != total:
        fail(f"{name}: {len(seen)} titles listed to the end, totalResults says {total}")
    print(f"END_PAGES_{name}={pages}")
    print(f"END_SECONDS_{name}={seconds:.1f}")
    print(f"END_TOTAL_{name}={total}")


def main():
    if len(sys.argv) >= 6 and sys.argv[1] == "shapes":
        shapes(*sys.argv[2:6])
    elif len(sys.argv) >= 7 and sys.argv[1] == "walk" and len(sys.argv) % 2 == 1:
        rest = sys.argv[5:]
        walk(sys.argv[2], sys.argv[3], int(sys.argv[4]), list(zip(rest[::2], rest[1::2])))
    elif len(sys.argv) == 7 and sys.argv[1] == "end":
        to_the_end(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], int(sys.argv[6]))
    else:
        fail(__doc__)


if __name__ == "__main__":
    main()
