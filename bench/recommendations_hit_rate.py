#!/usr/bin/env python3
"""Recommendation quality: hit rate at 10 of GET /v2/myRecommendations against the popular-titles
baseline (docs/benchmarks.md, "Recommendations: hit rate").

Readers with planted tastes: the catalog's authors fall into taste clusters, each with categories
of its own; a reader belongs to one cluster and reads mostly its titles: 30% by three favourite
authors of the cluster, 45% drawn by the cluster's own popularity (Zipf, exponent 0.8), and 25%
drawn by everyone's popularity (Zipf, exponent 1). Every reader's reading is
loaded as reading events through a fixture file, except the last HOLDOUT titles of each test
reader, which are kept back. The server then recommends 10 titles to each test reader, through
the real API (password grant, then GET /v2/myRecommendations); a hit is a held-back title among
them. The baseline offers each test reader the 10 most-read titles they have not read, counted
over the same loaded events: what a library shows without recommendations.

Usage: bench/recommendations_hit_rate.py [--readers N] [--test-readers N] [--seed S]
Needs ./target/release/lectern (cargo build --release -p lectern).
"""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

LECTERN = "./target/release/lectern"
SITE = "taste"
CLIENT = "taste-reader-app"
CATEGORIES_PER_CLUSTER = 2
AUTHORS_PER_CLUSTER = 20
TITLES_PER_AUTHOR = 8
PASSWORD = "taste-pass-1"


def build_world(rng, clusters, readers, test_readers, holdout):
    categories = [f"Taste {c:02d} {k}" for c in range(clusters) for k in "AB"]
    titles, by_author, author_cluster = [], {}, {}
    for c in range(clusters):
        for a in range(AUTHORS_PER_CLUSTER):
            author = f"Author {c:02d}-{a:02d}"
            author_cluster[author] = c
            for t in range(TITLES_PER_AUTHOR):
                sid = f"taste-{c:02d}-{a:02d}-{t}"
                category = categories[c * CATEGORIES_PER_CLUSTER + (0 if rng.random() < 0.8 else 1)]
                titles.append({
                    "serviceId": sid, "site": SITE, "status": "live",
                    "title": f"Title {sid}", "usageRestriction": "publicDomain",
                    "contributors": [{"name": author, "type": "author"}],
                    "categories": [category],
                })
                by_author.setdefault(author, []).append(sid)
    everyone = [t["serviceId"] for t in titles]
    # Popular with everyone: a Zipf-like weight over a shuffled order of all titles.
    order = everyone[:]
    rng.shuffle(order)
    global_weights = [1.0 / (i + 1) for i in range(len(order))]

    # Within a cluster some titles are much read and most are not, as in any genre.
    in_cluster = {}
    for c in range(clusters):
        mine = [sid for a, cl in author_cluster.items() if cl == c for sid in by_author[a]]
        rng.shuffle(mine)
        in_cluster[c] = (mine, [1.0 / (i + 1) ** 0.8 for i in range(len(mine))])

    users, histories = [], {}
    for r in range(readers):
        name = f"reader{r:05d}@taste.example"
        cluster = rng.randrange(clusters)
        authors = [a for a, c in author_cluster.items() if c == cluster]
        favourites = rng.sample(authors, 3)
        n = rng.randint(12, 30)
        read = []
        while len(read) < n:
            draw = rng.random()
            if draw < 0.3:
                sid = rng.choice(by_author[rng.choice(favourites)])
            elif draw < 0.75:
                sid = rng.choices(*in_cluster[cluster])[0]
            else:
                sid = rng.choices(order, global_weights)[0]
            if sid not in read:
                read.append(sid)
        user = {"userName": name, "site": SITE, "roles": ["individualMember"],
                "firstName": "Reader", "lastName": f"{r:05d}", "dateOfBirth": "1980-01-01"}
        if r < test_readers:
            user["password"] = PASSWORD
        users.append(user)
        histories[name] = read

    held = {}
    events = []
    start = 1_700_000_000
    for i, (name, read) in enumerate(histories.items()):
        shown = read
        if i < test_readers:
            shown, held[name] = read[:-holdout], read[-holdout:]
        for k, sid in enumerate(shown):
            at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(start + i * 1000 + k * 10))
            events.append({"user": name, "serviceId": sid, "format": "EPUB3",
                           "location": "epubcfi(/6/2)", "metric": 1, "metricType": "chapter",
                           "at": at})
    fixture = {
        "sites": [{"id": SITE, "name": "Taste Library", "global": True}],
        "clients": [{"apiKey": CLIENT, "secret": None, "name": "Taste Reader", "site": SITE,
                     "redirectUris": [], "trusted": True, "privileged": False}],
        "categories": [{"name": c} for c in categories],
        "titles": titles,
        "users": users,
        "readingEvents": events,
    }
    return fixture, histories, held


def popular_baseline(histories, held):
    readers_of = {}
    for name, read in histories.items():
        shown = read[: len(read) - len(held.get(name, []))]
        for sid in shown:
            readers_of[sid] = readers_of.get(sid, 0) + 1
    ranked = sorted(readers_of, key=lambda s: (-readers_of[s], s))
    offers = {}
    for name in held:
        seen = set(histories[name][: -len(held[name])])
        offers[name] = [s for s in ranked if s not in seen][:10]
    return offers


def call(base, path, data=None, token=None):
    req = urllib.request.Request(base + path, data=data)
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.load(resp)


def served_offers(base, held):
    offers = {}
    took = []
    for name in held:
        form = urllib.parse.urlencode({"grant_type": "password", "username": name,
                                       "password": PASSWORD}).encode()
        token = call(base, f"/oauth/token?api_key={CLIENT}", form)["access_token"]
        began = time.perf_counter()
        body = call(base, f"/v2/myRecommendations?api_key={CLIENT}&limit=10", token=token)
        took.append(time.perf_counter() - began)
        offers[name] = [t["serviceId"] for t in body["recommendedTitles"]]
    return offers, took


def score(offers, held):
    readers_hit = sum(1 for n in held if set(offers[n]) & set(held[n]))
    hits = sum(len(set(offers[n]) & set(held[n])) for n in held)
    return readers_hit / len(held), hits / sum(len(h) for h in held.values())


def wait_for(base, server):
    for _ in range(300):
        if server.poll() is not None:
            sys.exit("the server stopped")
        try:
            urllib.request.urlopen(base + "/v2/openapi.json", timeout=1)
            return
        except OSError:
            time.sleep(0.1)
    sys.exit("the server did not start")


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--clusters", type=int, default=20)
    p.add_argument("--readers", type=int, default=2000)
    p.add_argument("--test-readers", type=int, default=200)
    p.add_argument("--holdout", type=int, default=3)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--port", type=int, default=18090)
    a = p.parse_args()
    rng = random.Random(a.seed)
    fixture, histories, held = build_world(rng, a.clusters, a.readers, a.test_readers, a.holdout)
    work = tempfile.mkdtemp(prefix="lectern-taste.")
    try:
        path = os.path.join(work, "taste.json")
        with open(path, "w") as f:
            json.dump(fixture, f)
        data = ["--data-dir", os.path.join(work, "data")]
        print(f"loading {len(fixture['titles'])} titles, {len(fixture['users'])} readers, "
              f"{len(fixture['readingEvents'])} reading events", flush=True)
        subprocess.run([LECTERN, "load", path, *data], check=True, stdout=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{a.port}"
        server = subprocess.Popen([LECTERN, "serve", *data, "--listen", f"127.0.0.1:{a.port}"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_for(base, server)
            offers, took = served_offers(base, held)
        finally:
            server.terminate()
            server.wait()
        method_rate, method_recall = score(offers, held)
        base_rate, base_recall = score(popular_baseline(histories, held), held)
        took.sort()
        print(f"test readers: {len(held)}, each with {a.holdout} titles held back")
        print(f"hit rate at 10 (readers with a held-back title among 10 offered):"
              f" method {method_rate:.3f}, popular baseline {base_rate:.3f},"
              f" ratio {method_rate / max(base_rate, 1e-9):.1f}")
        print(f"recall at 10 (held-back titles found): method {method_recall:.3f},"
              f" popular baseline {base_recall:.3f}")
        print(f"recommendation latency: p50 {took[len(took) // 2] * 1000:.1f} ms,"
              f" max {took[-1] * 1000:.1f} ms")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
