#!/usr/bin/env bash
# Formats made from an EPUB master (docs/benchmarks.md, "Formats made from the EPUB"): Pride and
# Prejudice (public domain; its text from Debian's r-cran-janeaustenr, read without R) made into
# Word, braille and DAISY whole and in parts, read aloud by eSpeak NG, and two formats made at once.
#
# Usage: bench/derived.sh   (as root, or with sudo: installs Debian packages when missing)
# Knobs (environment): PROFILE=release (or dev: pandoc and liblouis, which do most of the work,
# are the same programs either way; Lectern's own reading and layout are unoptimised in dev)
set -euo pipefail
cd "$(dirname "$0")/.."
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

data=/usr/lib/R/site-library/janeaustenr/data
for pkg in r-cran-janeaustenr liblouis-bin pandoc espeak-ng; do
  dpkg -s "$pkg" >/dev/null 2>&1 || as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$pkg" >/dev/null
done
# The package keeps each novel as R's serialized character vector, one line a string, in a
# lazy-load database: an index of (offset, length) and zlib chunks after a 4-byte length.
python3 - "$data" "$WORK/pride.txt" <<'PY'
import gzip, re, struct, sys, zlib
data, out = sys.argv[1], sys.argv[2]
index = gzip.decompress(open(f"{data}/Rdata.rdx", "rb").read())
names = [n.decode() for n in re.findall(rb"\x00\x04\x00\x09\x00\x00\x00.([a-z]+)", index, re.S)][1:]
pairs = re.findall(rb"\x00\x00\x00\x0d\x00\x00\x00\x02(.{8})", index, re.S)
where = dict(zip(names, (struct.unpack(">ii", p) for p in pairs)))
offset, length = where["prideprejudice"]
rdb = open(f"{data}/Rdata.rdb", "rb").read()
raw = zlib.decompress(rdb[offset + 4 : offset + length])
at = raw.index(b"\x00\x00\x00\x10")
count = struct.unpack(">i", raw[at + 4 : at + 8])[0]
at += 8
lines = []
for _ in range(count):
    size = struct.unpack(">i", raw[at + 4 : at + 8])[0]
    at += 8
    lines.append("" if size < 0 else raw[at : at + size].decode("utf-8"))
    at += max(size, 0)
open(out, "w").write("\n".join(lines))
PY
echo "machine:  $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p')"
echo "commit:   $(git rev-parse --short HEAD)"
echo "tools:    $(lou_translate --version | head -n 1), $(pandoc --version | head -n 1), $(espeak-ng --version)"
PROFILE="${PROFILE:-release}"
echo "profile:  $PROFILE"
cargo run --quiet --profile "$PROFILE" -p lectern-jobs --example derived_timing -- "$WORK/pride.txt"
