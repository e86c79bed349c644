#!/usr/bin/env bash
# Document conversion time (docs/benchmarks.md, "The reader's own library (issue 17)"): a PDF of
# PAGES pages with a text layer (a heading and forty lines a page), uploaded to POST
# /v2/myDocuments on the embedded store, timed from the upload to the EPUB being served (the
# worker converts it with pdftohtml and builds the EPUB). The server runs on core 0.
# Usage: bench/documents.sh   Knobs: ROUNDS=3 PAGES=100 LECTERN_PORT=18083
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS="${ROUNDS:-3}"
PAGES="${PAGES:-100}"
LECTERN_PORT="${LECTERN_PORT:-18083}"
SERVER_CPU=0
LOAD_CPU=1
CLIENT_KEY=demo-reader-app
LECTERN=./target/release/lectern

# shellcheck source=bench/lib.sh
source bench/lib.sh

step "Tools"
need_tools curl python3 pdftohtml taskset
port_free "$LECTERN_PORT" "set LECTERN_PORT"
step "Release build"
cargo build --release -q -p lectern
WORK="$(mktemp -d -t lectern-bench.XXXXXX)"
machine_info

python3 - "$WORK/book.pdf" "$PAGES" <<'PY'
import sys
path, pages = sys.argv[1], int(sys.argv[2])
objs = [b"", b"", b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
kids = []
words = "the quick reader turns the page and finds another line of plain text to read aloud".split()
for p in range(pages):
    lines, y = [f"BT /F1 20 Tf 72 750 Td (Chapter {p + 1}) Tj ET"], 714
    for l in range(40):
        text = " ".join(words[(l + p + i) % len(words)] for i in range(12))
        lines.append(f"BT /F1 11 Tf 72 {y} Td ({text}) Tj ET")
        y -= 14 + (8 if l % 8 == 7 else 0)
    content = "\n".join(lines) + "\n"
    objs.append(f"<< /Length {len(content)} >>\nstream\n{content}endstream".encode())
    objs.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents {len(objs)} 0 R "
                f"/Resources << /Font << /F1 3 0 R >> >> >>".encode())
    kids.append(len(objs))
objs[0] = b"<< /Type /Catalog /Pages 2 0 R >>"
objs[1] = f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] /Count {pages} >>".encode()
out, offsets = b"%PDF-1.4\n", []
for i, o in enumerate(objs):
    offsets.append(len(out))
    out += f"{i + 1} 0 obj\n".encode() + o + b"\nendobj\n"
xref = len(out)
out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode()
out += b"".join(f"{o:010} 00000 n \n".encode() for o in offsets)
out += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
open(path, "wb").write(out)
PY
echo "document: $PAGES pages, $(wc -c <"$WORK/book.pdf") bytes"

taskset -c "$SERVER_CPU" "$LECTERN" demo --data-dir "$WORK/data" --listen "127.0.0.1:$LECTERN_PORT" \
  >"$WORK/lectern.out" 2>/dev/null &
pid=$!
PIDS+=("$pid")
base="http://127.0.0.1:$LECTERN_PORT"
wait_http "$base/v2/openapi.json" "$pid" "lectern"
token="$(curl -s -u "$CLIENT_KEY:" -d grant_type=password -d username=reader@demo.lectern \
  -d password=demo-pass-1 "$base/oauth/token" | sed -nE 's/.*"access_token":"([^"]+)".*/\1/p')"
[ -n "$token" ] || die "no access token"

times=()
for round in $(seq 1 "$ROUNDS"); do
  started="$(date +%s.%N)"
  id="$(taskset -c "$LOAD_CPU" curl -s -H "Authorization: Bearer $token" -F "name=Book $round" \
    -F mimeType=application/pdf -F "file=@$WORK/book.pdf" "$base/v2/myDocuments?api_key=$CLIENT_KEY" \
    | sed -nE 's/.*"serviceId":"([^"]+)".*/\1/p')"
  [ -n "$id" ] || die "the upload was refused"
  while :; do
    status="$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $token" \
      "$base/v2/titles/$id/EPUB3?api_key=$CLIENT_KEY")"
    [ "$status" = 302 ] && break
    [ "$status" = 202 ] || die "the conversion answered $status"
    sleep 0.05
  done
  took="$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN {printf "%.2f", b - a}')"
  times+=("$took")
  echo "  round $round: $took s from upload to EPUB"
done
echo "median: $(median "${times[@]}") s"
