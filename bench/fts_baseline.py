#!/usr/bin/env python3
"""What a user would otherwise build for title search: PostgreSQL full text and SQLite FTS5 over
the catalog `lectern generate` wrote, answering what `GET /v2/titles` answers (docs/benchmarks.md,
"Title catalog at 1,000,000 titles"; run by bench/catalog.sh).

Both baselines are built from the store's own `titles` table (the `record` column, JSON packed
with lz4 against lectern-store's dictionary, and the `status` and `adult_content` columns), and
answer a search the way the API does for a guest:

- the titles a guest sees: status `live` and no adult content (the generated catalog has one
  site, `demo`, which is global);
- the keyword: every word in the title, the subtitle or an author's name (no stemming; PostgreSQL's
  `simple` configuration, FTS5's `unicode61` tokenizer with diacritics removed);
- optional filters: a language of the title, and a format among its available artifacts;
- the answer: the top 10 by rank (`ts_rank` / `bm25`), the number of matches, and the top 10
  authors and top 10 categories over the whole match set (count descending, then name in byte
  order, as Lectern orders ties), each title counting an author or a category once.

Each search is one statement: the matches are gathered once (a materialized CTE), then ranked,
counted and grouped. Per title, the searchable text is stored as a precomputed `tsvector` (GIN
index) or an FTS5 row, and authors, categories, languages and formats as arrays (PostgreSQL) or
side tables (SQLite), so that no JSON is parsed at query time.

Usage:
  fts_baseline.py build-sqlite SOURCE OUT.db     FTS5 in a new file; SOURCE is lectern.db or a
                                                 postgres:// URL holding the store
  fts_baseline.py build-pg PG_URL [--from SOURCE] table fts_titles in PG_URL's database, from
                                                 its `titles` table or from SOURCE (a lectern.db)
  fts_baseline.py run sqlite OUT.db SHAPES       times each search: at least --min-runs runs,
  fts_baseline.py run pg PG_URL SHAPES           then more until --seconds or --max-runs
SHAPES is a file of lines NAME<TAB>KEYWORD<TAB>LANGUAGE<TAB>FORMAT (empty fields: no filter).
`run` prints one line a shape: NAME, matches, runs, p50 ms, p99 ms, mean ms, the top-10 ids
(comma-joined), the author facets and the category facets (JSON), tab-separated.
"""

import argparse
import json
import pathlib
import sqlite3
import statistics
import sys
import time

try:
    import psycopg
except ImportError:  # only the PostgreSQL side needs it
    psycopg = None

BATCH = 5000

try:
    import lz4.block
except ImportError:
    lz4 = None

# lectern-store's `packed`: a format byte, the JSON's length (u32, little-endian), an lz4 block
# compressed against this dictionary; or, for records stored before packing, plain JSON.
DICTIONARY = (pathlib.Path(__file__).resolve().parent.parent
              / "crates/lectern-store/src/title_dictionary.txt").read_bytes()
LZ4_DICTIONARY_1 = 1


def need_psycopg():
    if psycopg is None:
        sys.exit("fts_baseline.py: the PostgreSQL baseline needs psycopg 3 (pip install 'psycopg[binary]')")


def unpack(stored):
    """The JSON of a stored title record."""
    stored = bytes(stored) if not isinstance(stored, str) else stored.encode()
    if stored[:1] == b"{":
        return stored
    if stored[0] != LZ4_DICTIONARY_1:
        sys.exit(f"fts_baseline.py: a title record of unknown format {stored[0]}")
    if lz4 is None:
        sys.exit("fts_baseline.py: packed title records need lz4 (pip install lz4)")
    size = int.from_bytes(stored[1:5], "little")
    return lz4.block.decompress(stored[5:], uncompressed_size=size, dict=DICTIONARY)


def fields(record):
    """(text, authors, categories, languages, formats) of a title's stored record."""
    r = json.loads(unpack(record))
    authors = sorted({c["name"] for c in r.get("contributors", []) if c.get("type") == "author"})
    text = " ".join([r.get("title") or "", r.get("subtitle") or ""] + authors)
    categories = sorted(set(r.get("categories", [])))
    languages = sorted(set(r.get("languages", [])))
    formats = sorted({a["format"] for a in r.get("artifacts", []) if a.get("status") == "available"})
    return text, authors, categories, languages, formats


def source_rows(source):
    """(service_id, visible, record) of every title in a store: a lectern.db or a postgres:// URL."""
    sql = "SELECT service_id, status = 'live' AND adult_content = 0, record FROM titles"
    if source.startswith("postgres"):
        need_psycopg()
        with psycopg.connect(source) as pg, pg.cursor(name="titles") as cur:
            cur.itersize = BATCH
            cur.execute(sql)
            yield from cur
    else:
        db = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        yield from db.execute(sql)
        db.close()


# --- SQLite FTS5 ---------------------------------------------------------------------------------

SQLITE_SCHEMA = """
CREATE TABLE meta (id INTEGER PRIMARY KEY, service_id TEXT NOT NULL, visible INTEGER NOT NULL);
CREATE VIRTUAL TABLE fts USING fts5(text, tokenize = 'unicode61 remove_diacritics 2');
CREATE TABLE title_author (id INTEGER NOT NULL, name TEXT NOT NULL);
CREATE TABLE title_category (id INTEGER NOT NULL, name TEXT NOT NULL);
CREATE TABLE title_language (id INTEGER NOT NULL, code TEXT NOT NULL);
CREATE TABLE title_format (id INTEGER NOT NULL, format TEXT NOT NULL);
"""
SQLITE_INDEXES = """
CREATE INDEX title_author_id ON title_author (id, name);
CREATE INDEX title_category_id ON title_category (id, name);
CREATE UNIQUE INDEX title_language_id ON title_language (id, code);
CREATE UNIQUE INDEX title_format_id ON title_format (id, format);
ANALYZE;
"""


def build_sqlite(source, out):
    db = sqlite3.connect(out)
    db.executescript("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;" + SQLITE_SCHEMA)
    rows = {k: [] for k in ("meta", "fts", "author", "category", "language", "format")}

    def flush():
        db.executemany("INSERT INTO meta VALUES (?, ?, ?)", rows["meta"])
        db.executemany("INSERT INTO fts (rowid, text) VALUES (?, ?)", rows["fts"])
        db.executemany("INSERT INTO title_author VALUES (?, ?)", rows["author"])
        db.executemany("INSERT INTO title_category VALUES (?, ?)", rows["category"])
        db.executemany("INSERT INTO title_language VALUES (?, ?)", rows["language"])
        db.executemany("INSERT INTO title_format VALUES (?, ?)", rows["format"])
        for v in rows.values():
            v.clear()

    n = 0
    for n, (service_id, visible, record) in enumerate(source_rows(source), 1):
        text, authors, categories, languages, formats = fields(record)
        rows["meta"].append((n, service_id, int(bool(visible))))
        rows["fts"].append((n, text))
        rows["author"] += [(n, a) for a in authors]
        rows["category"] += [(n, c) for c in categories]
        rows["language"] += [(n, code) for code in languages]
        rows["format"] += [(n, f) for f in formats]
        if n % BATCH == 0:
            flush()
    flush()
    db.commit()
    db.executescript(SQLITE_INDEXES)
    db.execute("INSERT INTO fts (fts) VALUES ('optimize')")
    db.commit()
    db.close()
    return n


def sqlite_match(keyword):
    """FTS5 query: every word, each quoted (a bare word could be an FTS5 keyword such as AND)."""
    words = "".join(c.lower() if c.isalnum() else " " for c in keyword).split()
    return " ".join(f'"{w}"' for w in words)


SQLITE_SEARCH = """
WITH m AS MATERIALIZED (
  SELECT fts.rowid AS id, bm25(fts) AS score
  FROM fts JOIN meta ON meta.id = fts.rowid
  WHERE fts MATCH :q AND meta.visible = 1
    AND (:language IS NULL OR EXISTS (SELECT 1 FROM title_language l WHERE l.id = fts.rowid AND l.code = :language))
    AND (:format IS NULL OR EXISTS (SELECT 1 FROM title_format f WHERE f.id = fts.rowid AND f.format = :format))
)
SELECT 'top', service_id, NULL FROM (
  SELECT meta.service_id FROM m JOIN meta ON meta.id = m.id ORDER BY m.score, meta.service_id LIMIT 10)
UNION ALL SELECT 'count', NULL, count(*) FROM m
UNION ALL SELECT 'author', name, n FROM (
  SELECT a.name, count(*) AS n FROM m JOIN title_author a ON a.id = m.id
  GROUP BY a.name ORDER BY n DESC, a.name LIMIT 10)
UNION ALL SELECT 'category', name, n FROM (
  SELECT c.name, count(*) AS n FROM m JOIN title_category c ON c.id = m.id
  GROUP BY c.name ORDER BY n DESC, c.name LIMIT 10)
"""


# --- PostgreSQL full text ------------------------------------------------------------------------

PG_BUILD = """
DROP TABLE IF EXISTS fts_titles;
CREATE TABLE fts_titles AS
SELECT t.service_id,
       t.visible,
       to_tsvector('simple', concat_ws(' ', r->>'title', r->>'subtitle', array_to_string(a.authors, ' '))) AS tsv,
       a.authors,
       ARRAY(SELECT DISTINCT x FROM jsonb_array_elements_text(coalesce(r->'categories', '[]')) x ORDER BY 1) AS categories,
       ARRAY(SELECT DISTINCT x FROM jsonb_array_elements_text(coalesce(r->'languages', '[]')) x ORDER BY 1) AS languages,
       ARRAY(SELECT DISTINCT x->>'format' FROM jsonb_array_elements(coalesce(r->'artifacts', '[]')) x
             WHERE x->>'status' = 'available' ORDER BY 1) AS formats
FROM fts_source t
CROSS JOIN LATERAL (SELECT t.record::jsonb AS r) j
CROSS JOIN LATERAL (
  SELECT ARRAY(SELECT DISTINCT c->>'name' FROM jsonb_array_elements(coalesce(r->'contributors', '[]')) c
               WHERE c->>'type' = 'author' ORDER BY 1) AS authors) a;
CREATE INDEX fts_titles_tsv ON fts_titles USING GIN (tsv);
DROP TABLE fts_source;
VACUUM (ANALYZE) fts_titles;
"""

PG_SEARCH = """
WITH m AS MATERIALIZED (
  SELECT service_id, authors, categories, ts_rank(tsv, q) AS score
  FROM fts_titles, plainto_tsquery('simple', %(keyword)s) q
  WHERE tsv @@ q AND visible
    AND (%(language)s::text IS NULL OR %(language)s::text = ANY (languages))
    AND (%(format)s::text IS NULL OR %(format)s::text = ANY (formats))
)
(SELECT 'top', service_id, NULL::bigint FROM m ORDER BY score DESC, service_id COLLATE "C" LIMIT 10)
UNION ALL SELECT 'count', NULL, count(*) FROM m
UNION ALL (SELECT 'author', a, count(*) FROM m, unnest(m.authors) a
           GROUP BY a ORDER BY count(*) DESC, a COLLATE "C" LIMIT 10)
UNION ALL (SELECT 'category', c, count(*) FROM m, unnest(m.categories) c
           GROUP BY c ORDER BY count(*) DESC, c COLLATE "C" LIMIT 10)
"""


def build_pg(url, source):
    need_psycopg()
    with psycopg.connect(url, autocommit=True) as pg:
        # Records are packed, which PostgreSQL cannot read: their JSON is copied into a table
        # first, from the store in this database or from SOURCE (a lectern.db).
        pg.execute("DROP TABLE IF EXISTS fts_source")
        pg.execute("CREATE UNLOGGED TABLE fts_source (service_id TEXT PRIMARY KEY, "
                   "visible BOOLEAN NOT NULL, record TEXT NOT NULL)")
        with pg.cursor() as cur, cur.copy("COPY fts_source FROM STDIN") as copy:
            for service_id, visible, record in source_rows(source or url):
                copy.write_row((service_id, bool(visible), unpack(record).decode()))
        for statement in filter(str.strip, PG_BUILD.split(";")):
            pg.execute(statement)
        n = pg.execute("SELECT count(*) FROM fts_titles").fetchone()[0]
        size = pg.execute("SELECT pg_total_relation_size('fts_titles')").fetchone()[0]
    return n, size


# --- timing --------------------------------------------------------------------------------------

def percentile(sorted_values, p):
    """Linear interpolation between closest ranks (numpy's default)."""
    k = (len(sorted_values) - 1) * p
    lo = int(k)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (k - lo)


def answer(rows):
    top, count, authors, categories = [], None, [], []
    for kind, name, n in rows:
        if kind == "top":
            top.append(name)
        elif kind == "count":
            count = n
        elif kind == "author":
            authors.append([name, n])
        else:
            categories.append([name, n])
    return top, count, authors, categories


def run(engine, target, shapes_file, min_runs, max_runs, seconds, warmup):
    if engine == "sqlite":
        db = sqlite3.connect(f"file:{target}?mode=ro", uri=True)

        def search(keyword, language, fmt):
            params = {"q": sqlite_match(keyword), "language": language, "format": fmt}
            return db.execute(SQLITE_SEARCH, params).fetchall()
    else:
        need_psycopg()
        # Not prepared (prepare_threshold=None): each run is planned for its own parameters, as
        # a one-off statement is; a generic plan would guess the term's frequency.
        pg = psycopg.connect(target, autocommit=True, prepare_threshold=None)

        def search(keyword, language, fmt):
            params = {"keyword": keyword, "language": language, "format": fmt}
            return pg.execute(PG_SEARCH, params).fetchall()

    with open(shapes_file, encoding="utf-8") as f:
        shapes = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    for name, keyword, language, fmt in shapes:
        language, fmt = language or None, fmt or None
        for _ in range(warmup):
            rows = search(keyword, language, fmt)
        times = []
        started = time.perf_counter()
        while len(times) < max_runs and (len(times) < min_runs or time.perf_counter() - started < seconds):
            t = time.perf_counter()
            rows = search(keyword, language, fmt)
            times.append((time.perf_counter() - t) * 1000)
        top, count, authors, categories = answer(rows)
        times.sort()
        print("\t".join([name, str(count), str(len(times)), f"{percentile(times, 0.5):.3f}",
                         f"{percentile(times, 0.99):.3f}", f"{statistics.mean(times):.3f}", ",".join(top),
                         json.dumps(authors, ensure_ascii=False), json.dumps(categories, ensure_ascii=False)]),
              flush=True)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build-sqlite")
    b.add_argument("source")
    b.add_argument("out")
    b = sub.add_parser("build-pg")
    b.add_argument("url")
    b.add_argument("--from", dest="source")
    r = sub.add_parser("run")
    r.add_argument("engine", choices=["sqlite", "pg"])
    r.add_argument("target")
    r.add_argument("shapes")
    r.add_argument("--min-runs", type=int, default=50)
    r.add_argument("--max-runs", type=int, default=500)
    r.add_argument("--seconds", type=float, default=30)
    r.add_argument("--warmup", type=int, default=3)
    a = p.parse_args()

    t = time.perf_counter()
    if a.command == "build-sqlite":
        n = build_sqlite(a.source, a.out)
        print(f"built FTS5 over {n} titles in {time.perf_counter() - t:.1f} s")
    elif a.command == "build-pg":
        n, size = build_pg(a.url, a.source)
        print(f"built PostgreSQL full text over {n} titles in {time.perf_counter() - t:.1f} s ({size} bytes)")
    else:
        run(a.engine, a.target, a.shapes, a.min_runs, a.max_runs, a.seconds, a.warmup)


if __name__ == "__main__":
    main()
