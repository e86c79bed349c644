#!/usr/bin/env bash
# The readers' pages of a book read online (docs/benchmarks.md, "Reading online: a novel on the
# pages"), on the demo (embedded SQLite) with a 300-page novel imported (30 chapters of 3,300
# words, deflated, a print page marker every 330 words and the page list):
#   - from a cold node (a server just started, nothing of the book read yet), COLD times: the
#     title page's "Read online" (the POST that opens it) and the page it leads to, the first
#     chapter, then the next chapter, each timed by curl from the request to the last byte;
#     then, on a node started anew each time, a click on "Read online" in headless Chromium
#     timed to the first chapter's page loaded (bench/reading_click.mjs; skipped without the
#     accessibility tests' npm packages);
#   - warm, wrk on core 1 against the server on core 0, ROUNDS rounds interleaved: a chapter
#     page (signed in, as a browser asks it) and a resource (chapter 15's file below the
#     reading link, as a Readium app asks it) against `GET /v2/titles/demo-pride` (the API's
#     title record, signed in: the yardstick), with p99's ratio to the record's.
# With TITLES set, the catalog is first given that many generated titles (`lectern generate`,
# seed 1), and the record is also asked for ids spread over them (most miss the node's record
# cache): the issue's figure is at 1,000,000 titles.
#
# Usage: bench/reading_pages.sh [LECTERN_BIN]   (default: ./target/release/lectern, built)
# Knobs (environment): COLD=5 ROUNDS=3 DURATION=8 CONNECTIONS=16 LECTERN_PORT=18088 TITLES=0
#   IDS_SAMPLE=50000
# About 3 minutes once the release build is done (5 more at 1,000,000 titles). Exits 1 if a
# request failed or the server died.
set -euo pipefail
cd "$(dirname "$0")/.."

COLD="${COLD:-5}"
ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-8}"
CONNECTIONS="${CONNECTIONS:-16}"
LECTERN_PORT="${LECTERN_PORT:-18088}"
TITLES="${TITLES:-0}"
IDS_SAMPLE="${IDS_SAMPLE:-50000}"
THREADS=1
WARMUP=2
SERVER_CPU=0
LOAD_CPU=1
CLIENT_KEY=demo-reader-app
USER_NAME=reader@demo.lectern
PASSWORD=demo-pass-1
BENCH_NAME=reading_pages

# shellcheck source=bench/lib.sh
source bench/lib.sh

step "Tools"
bench_tools
need_tools python3 sha256sum shuf
if [ "$TITLES" -gt 0 ] && ! command -v sqlite3 >/dev/null; then apt_install sqlite3; fi
port_free "$LECTERN_PORT" "set LECTERN_PORT"

LECTERN="${1:-}"
if [ -z "$LECTERN" ]; then
  step "Release build"
  cargo build --release -q -p lectern
  LECTERN=./target/release/lectern
fi
[ -x "$LECTERN" ] || die "$LECTERN was not built"
WORK="$(mktemp -d -t lectern-pages.XXXXXX)"
machine_info

step "A 300-page novel"
NOVEL_ID="urn:uuid:lectern-bench-novel-300"
python3 - "$WORK/novel.epub" "$NOVEL_ID" <<'PY'
import random, sys, zipfile
path, identifier = sys.argv[1], sys.argv[2]
rng = random.Random(300)
words = ("the of and to a in that was he she it his her with as had for on at by not but "
         "from they you were be this which all one their an there would so said we when what "
         "no if out up into could them more some time than then about only little other very "
         "river house morning letter garden window evening silence journey promise winter").split()
def sentence():
    s = " ".join(rng.choice(words) for _ in range(rng.randint(8, 22)))
    return s[0].upper() + s[1:] + "."
chapters, pages, page = [], [], 0
for c in range(1, 31):
    body, count = [f'<h1 id="h{c}">Chapter {c}</h1>'], 0
    while count < 3300:
        if count // 330 >= len([p for p in pages if p[0] == c]):
            page += 1
            pages.append((c, page))
            body.append(f'<span epub:type="pagebreak" role="doc-pagebreak" id="page{page}" aria-label="{page}"></span>')
        para = " ".join(sentence() for _ in range(rng.randint(3, 7)))
        count += len(para.split())
        body.append(f"<p>{para}</p>")
    chapters.append("\n".join(body))
def xhtml(title, body):
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml" '
            'xmlns:epub="http://www.idpf.org/2007/ops" lang="en" xml:lang="en"><head><title>'
            f'{title}</title></head><body><section epub:type="chapter">{body}</section></body></html>')
items = "".join(f'<item id="c{i}" href="c{i}.xhtml" media-type="application/xhtml+xml"/>' for i in range(1, 31))
spine = "".join(f'<itemref idref="c{i}"/>' for i in range(1, 31))
toc = "".join(f'<li><a href="c{i}.xhtml">Chapter {i}</a></li>' for i in range(1, 31))
page_list = "".join(f'<li><a href="c{c}.xhtml#page{p}">{p}</a></li>' for c, p in pages)
opf = ('<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" '
       'unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">'
       f'<dc:identifier id="id">{identifier}</dc:identifier><dc:title>A Long Novel</dc:title>'
       '<dc:creator>Bench Author</dc:creator><dc:language>en</dc:language>'
       '<meta property="dcterms:modified">2026-01-01T00:00:00Z</meta></metadata><manifest>'
       '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>'
       f'{items}</manifest><spine>{spine}</spine></package>')
nav = ('<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" '
       'xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head><body>'
       f'<nav epub:type="toc"><ol>{toc}</ol></nav><nav epub:type="page-list" hidden=""><ol>{page_list}</ol></nav></body></html>')
with zipfile.ZipFile(path, "w") as z:
    z.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip", compress_type=zipfile.ZIP_STORED)
    deflate = dict(compress_type=zipfile.ZIP_DEFLATED)
    z.writestr("META-INF/container.xml", '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/package.opf" media-type="application/oebps-package+xml"/></rootfiles></container>', **deflate)
    z.writestr("OEBPS/package.opf", opf, **deflate)
    z.writestr("OEBPS/nav.xhtml", nav, **deflate)
    for i, body in enumerate(chapters, 1):
        z.writestr(f"OEBPS/c{i}.xhtml", xhtml(f"Chapter {i}", body), **deflate)
print(f"    {sum(len(c.split()) for c in chapters):,} words, {page} print pages")
PY
echo "    $(wc -c <"$WORK/novel.epub") bytes"
NOVEL="epub-$(printf '%s' "$NOVEL_ID" | sha256sum | cut -c1-16)"

step "The demo, with the novel imported"
serve_bench demo sqlite "$WORK"
stop_pid "$SERVER_PID"
if [ "$TITLES" -gt 0 ]; then
  step "$TITLES generated titles beside the demo's"
  SITE=demo
  generated_catalog "$WORK" sqlite bench-pages "Reading pages benchmark"
  sqlite3 -readonly -batch -noheader "$WORK/data/lectern.db" \
    "SELECT service_id FROM titles WHERE status = 'live' AND adult_content = 0 AND service_id LIKE 'gen-%'" \
    | shuf -n "$IDS_SAMPLE" --random-source=<(yes) >"$WORK/ids.txt"
  echo "    $(wc -l <"$WORK/ids.txt") ids spread over the catalog"
fi
RUST_LOG=warn "$LECTERN" import-epub --data-dir "$WORK/data" --usage publicDomain "$WORK/novel.epub" \
  | grep '^imported 1 ' || die "the novel was not imported"
echo "    $NOVEL"

JAR="$WORK/cookies"
# sign_in: the reader signs in on the pages (a browser's session, in $JAR).
sign_in() {
  rm -f "$JAR"
  local csrf
  csrf="$(curl -s -c "$JAR" -b "$JAR" "$BASE/demo/sign-in" | sed -nE 's/.*name="csrf" value="([^"]+)".*/\1/p' | head -1)"
  curl -s -o /dev/null -c "$JAR" -b "$JAR" --data-urlencode "csrf=$csrf" \
    --data-urlencode "username=$USER_NAME" --data-urlencode "password=$PASSWORD" "$BASE/demo/sign-in"
}
# open_novel: the title page's "Read online", timed; sets PART1 and OPEN_S.
open_novel() {
  local csrf out
  csrf="$(curl -s -c "$JAR" -b "$JAR" "$BASE/demo/titles/$NOVEL" | sed -nE 's/.*name="csrf" value="([^"]+)".*/\1/p' | head -1)"
  out="$(curl -s -o /dev/null -c "$JAR" -b "$JAR" -w '%{http_code} %{time_total} %{redirect_url}' \
    --data-urlencode "csrf=$csrf" "$BASE/demo/titles/$NOVEL/read")"
  [ "${out%% *}" = 303 ] || die "Read online answered ${out%% *}"
  OPEN_S="$(echo "$out" | cut -d' ' -f2)"
  PART1="$(echo "$out" | cut -d' ' -f3)"
}
# page_s URL: seconds to the last byte of a page, which must answer 200.
page_s() {
  local out
  out="$(curl -s -o /dev/null -b "$JAR" -w '%{http_code} %{time_total}' "$1")"
  [ "${out%% *}" = 200 ] || die "$1 answered ${out%% *}"
  echo "${out#* }"
}

step "From a cold node, $COLD times"
FIRST_PART=() FIRST_CHAPTER=()
for i in $(seq 1 "$COLD"); do
  serve_bench serve sqlite "$WORK"
  sign_in
  open_novel
  part1_s="$(page_s "$PART1")"
  chapter_s="$(page_s "${PART1%/*}/2")"
  FIRST_PART+=("$(awk -v a="$OPEN_S" -v b="$part1_s" 'BEGIN {printf "%.1f", 1000 * (a + b)}')")
  FIRST_CHAPTER+=("$(awk -v a="$chapter_s" 'BEGIN {printf "%.1f", 1000 * a}')")
  echo "    run $i: Read online ${OPEN_S}s, the first chapter ${part1_s}s, the next chapter ${chapter_s}s"
  stop_pid "$SERVER_PID"
done

CLICKS=() SEEN=()
if [ -d tests/a11y/node_modules/playwright-core ] && command -v node >/dev/null; then
  step "From a cold node, in a browser: a click on Read online to the first chapter loaded, $COLD times"
  for i in $(seq 1 "$COLD"); do
    serve_bench serve sqlite "$WORK"
    read -r loaded seen < <(taskset -c "$LOAD_CPU" node bench/reading_click.mjs "$BASE" demo "$NOVEL" "$USER_NAME" "$PASSWORD")
    CLICKS+=("$loaded")
    SEEN+=("$seen")
    echo "    run $i: loaded ${loaded} ms after the click (the browser's navigation timing); the driver saw the text after ${seen} ms"
    stop_pid "$SERVER_PID"
  done
else
  echo "    (no browser timing: tests/a11y's npm packages are not installed)"
fi

step "Warm: a chapter page against the title record"
serve_bench serve sqlite "$WORK"
TOKEN="$(password_token "$BASE" "$CLIENT_KEY" "$USER_NAME" "$PASSWORD")"
AUTH="Authorization: Bearer $TOKEN"
sign_in
open_novel
CHAPTER="${PART1%/*}/15"
page_s "$CHAPTER" >/dev/null
# The session's cookies (curl writes an HttpOnly one as a line starting `#HttpOnly_`).
COOKIE="Cookie: $(awk '{sub(/^#HttpOnly_/, "")} !/^#/ && NF >= 7 {printf "%s%s=%s", sep, $6, $7; sep="; "}' "$JAR")"
[ "$COOKIE" != "Cookie: " ] || die "the reader's session has no cookie"
SHOWN="$(curl -s -H "$COOKIE" "$CHAPTER")"
[[ "$SHOWN" == *"Sign out"* ]] || die "the chapter page is not the signed-in reader's"
echo "    chapter page: $CHAPTER ($(curl -s -b "$JAR" "$CHAPTER" | wc -c) bytes)"
# A file of the book as a Readium app reads it: below `/read/{grant}/`, the link the credential.
GRANT="${PART1%/*}"
GRANT="${GRANT##*/}"
RESOURCE="$BASE/read/$GRANT/OEBPS/c15.xhtml"
[ "$(curl -s -o /dev/null -w '%{http_code}' "$RESOURCE")" = 200 ] || die "$RESOURCE did not answer 200"
echo "    resource: $RESOURCE ($(curl -s "$RESOURCE" | wc -c) bytes, deflated in the EPUB)"

# measure_spread NAME URL IDS HEADER: as `measure`, each request for an id drawn from IDS.
measure_spread() {
  local out="$WORK/wrk-$1-$RANDOM.txt"
  settle
  cpu_mark
  CATALOG_IDS="$3" CATALOG_KEY="$CLIENT_KEY" taskset -c "$LOAD_CPU" wrk -t"$THREADS" \
    -c"$CONNECTIONS" -d"${DURATION}s" --latency -H "$4" -s bench/catalog_ids.lua "$2" >"$out"
  cpu_busy
  read_wrk "$1" "$out"
  TOTAL_BAD=$((TOTAL_BAD + BAD))
  P99_MS="$(to_ms "$P99")"
  printf '    %-24s %8s req/s  p50 %-8s p99 %-8s\n' "$1" "$(fmt "$RPS")" "$P50" "$P99"
}

declare -A RPS_OF P50_OF P99_OF RATIO_OF SPREAD_RATIO_OF
TOTAL_BAD=0
NAMES=(record)
[ "$TITLES" -gt 0 ] && NAMES+=(record-spread)
NAMES+=(chapter-page resource)
# kept NAME: notes the last run's figures under NAME.
kept() { RPS_OF[$1]+=" $RPS"; P50_OF[$1]+=" $(to_ms "$P50")"; P99_OF[$1]+=" $P99_MS"; }
for round in $(seq 1 "$ROUNDS"); do
  step "Round $round"
  measure record "$BASE/v2/titles/demo-pride?api_key=$CLIENT_KEY" "$AUTH"
  record_p99="$P99_MS"
  kept record
  spread_p99=""
  if [ "$TITLES" -gt 0 ]; then
    measure_spread record-spread "$BASE/v2/titles/x" "$WORK/ids.txt" "$AUTH"
    spread_p99="$P99_MS"
    kept record-spread
  fi
  for name in chapter-page resource; do
    if [ "$name" = chapter-page ]; then measure "$name" "$CHAPTER" "$COOKIE"; else measure "$name" "$RESOURCE"; fi
    kept "$name"
    RATIO_OF[$name]+=" $(ratio "$P99_MS" "$record_p99")"
    [ -n "$spread_p99" ] && SPREAD_RATIO_OF[$name]+=" $(ratio "$P99_MS" "$spread_p99")"
  done
  alive "$SERVER_PID" "lectern"
done

step "From a cold node: milliseconds to the last byte ($COLD runs)"
echo "    Read online and the first chapter: median $(median "${FIRST_PART[@]}"), max $(printf '%s\n' "${FIRST_PART[@]}" | sort -g | tail -1) (runs: ${FIRST_PART[*]})"
echo "    the next chapter after it:         median $(median "${FIRST_CHAPTER[@]}"), max $(printf '%s\n' "${FIRST_CHAPTER[@]}" | sort -g | tail -1) (runs: ${FIRST_CHAPTER[*]})"
if [ "${#CLICKS[@]}" -gt 0 ]; then
  echo "    in Chromium, the click to the chapter loaded: median $(median "${CLICKS[@]}"), max $(printf '%s\n' "${CLICKS[@]}" | sort -g | tail -1) (runs: ${CLICKS[*]})"
  echo "    as the driver saw it, to the text shown:      median $(median "${SEEN[@]}"), max $(printf '%s\n' "${SEEN[@]}" | sort -g | tail -1) (runs: ${SEEN[*]})"
fi
step "Warm medians over $ROUNDS rounds ($CONNECTIONS connections, ${DURATION}s each; $TITLES generated titles)"
printf '    %-14s %10s %10s %10s %30s %34s\n' what "req/s" "p50 ms" "p99 ms" "p99 / record's p99" "p99 / spread record's p99"
for name in "${NAMES[@]}"; do
  against="-" spread="-"
  # shellcheck disable=SC2086
  if [ -n "${RATIO_OF[$name]:-}" ]; then against="$(median ${RATIO_OF[$name]}) (runs:${RATIO_OF[$name]})"; fi
  # shellcheck disable=SC2086
  if [ -n "${SPREAD_RATIO_OF[$name]:-}" ]; then spread="$(median ${SPREAD_RATIO_OF[$name]}) (runs:${SPREAD_RATIO_OF[$name]})"; fi
  # shellcheck disable=SC2086
  printf '    %-14s %10s %10s %10s %30s %34s\n' "$name" "$(fmt "$(median ${RPS_OF[$name]})")" \
    "$(median ${P50_OF[$name]})" "$(median ${P99_OF[$name]})" "$against" "$spread"
done
[ "$TOTAL_BAD" -eq 0 ] || die "$TOTAL_BAD requests failed"
