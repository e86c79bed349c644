#!/usr/bin/env bash
# The readers' pages of a book read online (docs/benchmarks.md, "Reading online: a novel on the
# pages"), on the demo (embedded SQLite) with a 300-page novel imported (30 chapters of 3,300
# words, deflated, a print page marker every 330 words and the page list):
#   - from a cold node (a server just started, nothing of the book read yet), COLD times: the
#     title page's "Read online" (the POST that opens it) and the page it leads to, the first
#     chapter, then the next chapter, each timed by curl from the request to the last byte;
#   - warm, wrk on core 1 against the server on core 0, ROUNDS rounds interleaved: a chapter
#     page (signed in, as a browser asks it) against `GET /v2/titles/demo-pride` (the API's
#     title record, signed in: the yardstick), with p99's ratio to the record's.
#
# Usage: bench/reading_pages.sh [LECTERN_BIN]   (default: ./target/release/lectern, built)
# Knobs (environment): COLD=5 ROUNDS=3 DURATION=8 CONNECTIONS=16 LECTERN_PORT=18088
# About 3 minutes once the release build is done. Exits 1 if a request failed or the server died.
set -euo pipefail
cd "$(dirname "$0")/.."

COLD="${COLD:-5}"
ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-8}"
CONNECTIONS="${CONNECTIONS:-16}"
LECTERN_PORT="${LECTERN_PORT:-18088}"
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
need_tools python3 sha256sum
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
declare -A RPS_OF P50_OF P99_OF RATIO_OF
TOTAL_BAD=0
for round in $(seq 1 "$ROUNDS"); do
  step "Round $round"
  measure record "$BASE/v2/titles/demo-pride?api_key=$CLIENT_KEY" "$AUTH"
  record_p99="$P99_MS"
  RPS_OF[record]+=" $RPS"; P50_OF[record]+=" $(to_ms "$P50")"; P99_OF[record]+=" $P99_MS"
  measure chapter-page "$CHAPTER" "$COOKIE"
  RPS_OF[chapter-page]+=" $RPS"; P50_OF[chapter-page]+=" $(to_ms "$P50")"; P99_OF[chapter-page]+=" $P99_MS"
  RATIO_OF[chapter-page]+=" $(ratio "$P99_MS" "$record_p99")"
  alive "$SERVER_PID" "lectern"
done

step "From a cold node: milliseconds to the last byte ($COLD runs)"
echo "    Read online and the first chapter: median $(median "${FIRST_PART[@]}"), max $(printf '%s\n' "${FIRST_PART[@]}" | sort -g | tail -1) (runs: ${FIRST_PART[*]})"
echo "    the next chapter after it:         median $(median "${FIRST_CHAPTER[@]}"), max $(printf '%s\n' "${FIRST_CHAPTER[@]}" | sort -g | tail -1) (runs: ${FIRST_CHAPTER[*]})"
step "Warm medians over $ROUNDS rounds ($CONNECTIONS connections, ${DURATION}s each)"
printf '    %-14s %10s %10s %10s %22s\n' what "req/s" "p50 ms" "p99 ms" "p99 / record's p99"
for name in record chapter-page; do
  # shellcheck disable=SC2086
  printf '    %-14s %10s %10s %10s %22s\n' "$name" "$(fmt "$(median ${RPS_OF[$name]})")" \
    "$(median ${P50_OF[$name]})" "$(median ${P99_OF[$name]})" \
    "$([ "$name" = record ] && echo - || echo "$(median ${RATIO_OF[$name]}) (runs:${RATIO_OF[$name]})")"
done
[ "$TOTAL_BAD" -eq 0 ] || die "$TOTAL_BAD requests failed"
