#!/usr/bin/env python3
"""The reader's library at scale, through a running Lectern (bench/reader_scale.sh).

    reader_scale.py recommend BASE KEY PASSWORD SAMPLE_FILE PASSES
        Each reader of SAMPLE_FILE (a user name a line) signs in, then asks
        GET /v2/myRecommendations?limit=10 PASSES times, one request at a time: p50, p99, max.
    reader_scale.py lists BASE KEY PASSWORD USER IDS_FILE TITLES REPEATS
        USER makes a private list and puts TITLES titles on it (from IDS_FILE, live titles, one a
        line; one the reader may not see is skipped), then times, REPEATS times each,
        GET /v2/myLists and every page (limit=100) of the list's titles in each sort order.

Latencies are the client's, on one keep-alive connection, in milliseconds.
"""
import http.client
import json
import sys
import time
import urllib.parse


class Api:
    def __init__(self, base, key):
        u = urllib.parse.urlsplit(base)
        self.conn = http.client.HTTPConnection(u.hostname, u.port, timeout=120)
        self.key = key
        self.token = None

    def call(self, method, path, form=None, ok=(200,)):
        sep = "&" if "?" in path else "?"
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        t0 = time.monotonic()
        self.conn.request(method, f"{path}{sep}api_key={self.key}", body=body, headers=headers)
        r = self.conn.getresponse()
        data = r.read()
        took = (time.monotonic() - t0) * 1000
        if r.status not in ok:
            sys.exit(f"{method} {path} answered {r.status}: {data[:300]!r}")
        return r.status, (json.loads(data) if data else None), took

    def sign_in(self, user, password):
        form = {"grant_type": "password", "username": user, "password": password}
        _, body, _ = self.call("POST", "/oauth/token", form)
        self.token = body["access_token"]


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def summary(xs):
    return f"p50 {pct(xs, 0.5):.1f} ms, p99 {pct(xs, 0.99):.1f} ms, max {max(xs):.1f} ms"


def recommend(base, key, password, sample_file, passes):
    readers = []
    for name in open(sample_file).read().split():
        api = Api(base, key)
        api.sign_in(name, password)
        readers.append(api)
    later, offered = [], []
    for n in range(passes):
        this = []
        for api in readers:
            _, body, took = api.call("GET", "/v2/myRecommendations?limit=10")
            this.append(took)
            if n == 0:
                offered.append(len(body["recommendedTitles"]))
        note = " (the first request fills the popular titles' cache)" if n == 0 else ""
        print(f"pass {n + 1}: {len(this)} readers, {summary(this)}; first request {this[0]:.1f} ms{note}")
        if n == 0 and len(this) > 1:
            print(f"RECOMMEND first asks (pass 1 after its first request): {len(this) - 1} requests, "
                  f"{summary(this[1:])}")
        if n > 0:
            later += this
    if later:
        print(f"RECOMMEND passes 2 to {passes}: {len(later)} requests, {summary(later)}")
    print(f"titles offered a reader: min {min(offered)}, median {pct(offered, 0.5)}, max {max(offered)}")


def lists(base, key, password, user, ids_file, titles, repeats):
    api = Api(base, key)
    api.sign_in(user, password)
    _, made, _ = api.call("POST", "/v2/myLists", {"name": "A thousand titles", "access": "private"},
                          ok=(200, 201))
    list_id = made["readingListId"]
    added, adds, t0 = 0, [], time.monotonic()
    for sid in open(ids_file).read().split():
        if added == titles:
            break
        status, _, took = api.call("POST", f"/v2/lists/{list_id}/titles", {"serviceId": sid},
                                   ok=(200, 201, 403, 404))
        if status in (200, 201):
            added += 1
            adds.append(took)
    if added < titles:
        sys.exit(f"only {added} titles could be put on the list")
    print(f"put {added} titles on a list in {time.monotonic() - t0:.1f} s: {summary(adds)} an add")
    mine = [api.call("GET", "/v2/myLists")[2] for _ in range(repeats)]
    print(f"LISTS GET /v2/myLists ({repeats} requests): {summary(mine)}")
    for order in ("title", "author", "dateAddedToReadingList"):
        first, later, seen = [], [], 0
        for _ in range(repeats):
            start, page, seen = None, 0, 0
            while True:
                q = f"/v2/lists/{list_id}/titles?limit=100&sortOrder={order}"
                _, body, took = api.call("GET", q + (f"&start={urllib.parse.quote(start)}" if start else ""))
                (first if page == 0 else later).append(took)
                seen += len(body["titles"])
                page += 1
                start = body.get("next")
                if not start:
                    break
        if seen != titles:
            sys.exit(f"sortOrder={order}: walked {seen} titles, the list has {titles}")
        print(f"LISTS titles by {order}, 100 a page, {page} pages to the end: page 1 {summary(first)};"
              f" pages 2 to {page} {summary(later)}")


if __name__ == "__main__":
    what, a = sys.argv[1], sys.argv[2:]
    if what == "recommend" and len(a) == 5:
        recommend(a[0], a[1], a[2], a[3], int(a[4]))
    elif what == "lists" and len(a) == 7:
        lists(a[0], a[1], a[2], a[3], a[4], int(a[5]), int(a[6]))
    else:
        sys.exit(__doc__)
