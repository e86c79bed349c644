#!/usr/bin/env python3
"""Fills a SQLite store with readers and reading events at the issue's scale, for the position
benchmark (docs/benchmarks.md, "Reading positions among 10 million events").

Writes READERS accounts on SITE and EVENTS reading events among them, each reader reading a few
of TITLES titles (service ids `scale-NNNNN`; events name titles without a reference, as the API
would have accepted them when the titles existed), and the position each (reader, title, format)
is left at: what `POST /v2/readingEvents` would have written, in bulk. Rows go straight into the
tables because posting ten million events through the API would take over an hour here.

With `--generated`, the titles are instead those `lectern generate` made (`gen-NNNNNNNN`, TITLES
of them) and each reader's titles are drawn by popularity (Zipf, exponent `--zipf`, over the
titles in a shuffled order), as readers crowd on some titles: the recommendation benchmark's world.

Usage: bench/reading_scale_fixture.py DB [--readers 100000] [--events 10000000] [--site demo]
           [--titles 20000] [--generated] [--zipf 1.0]
"""

import argparse
import bisect
import random
import sqlite3
import sys
import time


def main():
    p = argparse.ArgumentParser()
    p.add_argument("db")
    p.add_argument("--readers", type=int, default=100_000)
    p.add_argument("--events", type=int, default=10_000_000)
    p.add_argument("--titles", type=int, default=20_000)
    p.add_argument("--site", default="demo")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--generated", action="store_true")
    p.add_argument("--zipf", type=float, default=1.0)
    a = p.parse_args()
    rng = random.Random(a.seed)
    draw_title = generated_titles(a.titles, a.zipf, rng) if a.generated else \
        (lambda: f"scale-{rng.randrange(a.titles):05d}")
    db = sqlite3.connect(a.db)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = OFF")
    now = int(time.time())
    began = time.time()
    db.executemany(
        "INSERT INTO users (user_account_id, user_name, user_name_key, site_id, roles, first_name,"
        " last_name, created_at) VALUES (?, ?, ?, ?, 'individualMember', 'Scale', ?, ?)",
        ((f"scale-reader-{r:06d}", f"scale{r:06d}@bench.example", f"scale{r:06d}@bench.example",
          a.site, f"Reader {r:06d}", now) for r in range(a.readers)))
    per_reader = a.events // a.readers
    positions = {}

    def events():
        n = 0
        for r in range(a.readers):
            reader = f"scale-reader-{r:06d}"
            books = [draw_title() for _ in range(rng.randint(3, 15))]
            at = now - 86_400 * 365
            for k in range(per_reader):
                sid = books[k % len(books)] if rng.random() < 0.9 else rng.choice(books)
                at += rng.randint(30, 3_600)
                location = f"epubcfi(/6/{2 * (k + 1)})"
                key = (reader, sid, "EPUB3")
                first = positions.get(key, (None, at))[1]
                positions[key] = (location, first, at)
                n += 1
                if n % 1_000_000 == 0:
                    print(f"  {n:,} events, {time.time() - began:.0f} s", file=sys.stderr, flush=True)
                yield (f"scale-event-{n:09d}", reader, sid, location, at)

    db.executemany(
        "INSERT INTO reading_events (event_id, user_account_id, service_id, format, location,"
        " metric, metric_type, occurred_at) VALUES (?, ?, ?, 'EPUB3', ?, 1, 'page', ?)",
        events())
    db.executemany(
        "INSERT INTO reading_positions (user_account_id, service_id, format, location,"
        " date_added, date_modified) VALUES (?, ?, ?, ?, ?, ?)",
        ((u, s, f, loc, first, last) for (u, s, f), (loc, first, last) in positions.items()))
    # Who read what, once per reader and title (one format here), as each event keeps it.
    db.executemany(
        "INSERT INTO title_readers (service_id, user_account_id, since) VALUES (?, ?, ?)",
        ((s, u, first) for (u, s, _), (_, first, _) in positions.items()))
    db.commit()
    counts = [db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]
              for t in ("users", "reading_events", "reading_positions", "title_readers")]
    print(f"users {counts[0]:,}, reading events {counts[1]:,}, positions {counts[2]:,},"
          f" title readers {counts[3]:,} in {time.time() - began:.0f} s")


def generated_titles(titles, exponent, rng):
    """Draws `lectern generate`'s service ids by Zipf popularity; rank r is title
    (r * STRIDE) mod TITLES, so that the popular titles are spread over the catalog."""
    cumulative, total = [], 0.0
    for rank in range(1, titles + 1):
        total += rank ** -exponent
        cumulative.append(total)
    stride = 1_000_003  # a prime larger than any catalog here: the map is a permutation

    def draw():
        rank = bisect.bisect_left(cumulative, rng.random() * total)
        return f"gen-{(rank * stride) % titles + 1:08d}"
    return draw


if __name__ == "__main__":
    main()
