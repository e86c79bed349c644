#!/usr/bin/env python3
"""Catalog edits, measured through a running Lectern (docs/benchmarks.md, "Collection (issue 20)").

    bench/collection_edits.py accept BASE TOKEN KEY COUNT     accepts COUNT title edits (202s)
    bench/collection_edits.py drain sqlite:PATH|postgres:URL  waits until the worker applied them
    bench/collection_edits.py delay BASE TOKEN KEY COUNT      acceptance -> searchable, one at a time

`accept` and `delay` edit the demo's titles round robin; `drain` reads the store's queue
(`catalog_edits`) every 20 ms and prints the edits applied per second. bench/collection.sh runs
all three in order.
"""
import sqlite3
import subprocess
import sys
import time
import urllib.parse
import urllib.request

TITLES = ["demo-pride", "demo-walden", "demo-alice", "demo-frankenstein", "demo-moby"]  # of the demo data set


def put(base, token, key, service_id, form):
    data = urllib.parse.urlencode(form).encode()
    req = urllib.request.Request(
        f"{base}/v2/titles/{service_id}?api_key={key}", data=data, method="PUT",
        headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req) as resp:
        assert resp.status == 202, resp.status


def found(base, key, word):
    url = f"{base}/v2/titles?api_key={key}&keyword={word}"
    with urllib.request.urlopen(url) as resp:
        return b'"serviceId"' in resp.read()


def accept(base, token, key, count):
    start = time.monotonic()
    for i in range(count):
        put(base, token, key, TITLES[i % len(TITLES)], {"notes": f"bench edit {i}"})
    took = time.monotonic() - start
    print(f"accepted {count} edits in {took:.2f} s: {count / took:.0f}/s (one client, sequential)")


QUEUED = "SELECT COUNT(*) FROM catalog_edits WHERE status = 'queued'"


def queue_reader(store):
    """How many edits wait, read from `sqlite:PATH` or `postgres:URL` (through psql)."""
    kind, _, where = store.partition(":")
    if kind == "sqlite":
        db = sqlite3.connect(where)
        return lambda: db.execute(QUEUED).fetchone()[0]
    if kind == "postgres":
        return lambda: int(subprocess.run(["psql", where, "-qAtX", "-c", QUEUED], check=True,
                                          capture_output=True, text=True).stdout)
    sys.exit(f"drain: '{store}' is neither sqlite:PATH nor postgres:URL")


def drain(store):
    queued = queue_reader(store)
    first = queued()
    start = time.monotonic()
    while queued() > 0:
        time.sleep(0.02)
        if time.monotonic() - start > 600:
            sys.exit("the worker did not drain the queue in 10 minutes")
    took = time.monotonic() - start
    print(f"applied {first} edits in {took:.2f} s: {first / took:.0f}/s (one worker)")


def delay(base, token, key, count):
    delays = []
    for i in range(count):
        word = f"probe{i}x{int(time.time())}"
        service_id = TITLES[i % len(TITLES)]
        start = time.monotonic()
        put(base, token, key, service_id, {"subtitle": word})
        while not found(base, key, word):
            time.sleep(0.005)
            if time.monotonic() - start > 30:
                sys.exit(f"edit {i} was not searchable within 30 s")
        delays.append((time.monotonic() - start) * 1000)
    delays.sort()
    p = lambda q: delays[min(len(delays) - 1, int(q * len(delays)))]
    print(f"acceptance to searchable over {count} edits: p50 {p(0.50):.0f} ms, p99 {p(0.99):.0f} ms, max {delays[-1]:.0f} ms")


if __name__ == "__main__":
    what, args = sys.argv[1], sys.argv[2:]
    if what == "accept":
        accept(args[0], args[1], args[2], int(args[3]))
    elif what == "drain":
        drain(args[0])
    elif what == "delay":
        delay(args[0], args[1], args[2], int(args[3]))
    else:
        sys.exit(__doc__)
