// Ace by DAISY on one EPUB: `node check.mjs book.epub`. Exits 1, naming each problem, when Ace
// finds a violation of serious or critical impact, or when the accessibility metadata the EPUB
// declares is not true of it (what Ace measured: images and their text alternatives, the table
// of contents, headings, page breaks, MathML, audio and video). Chromium is Debian's
// (PUPPETEER_EXECUTABLE_PATH, /usr/bin/chromium unless set), given as long as it needs to start.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const epub = process.argv[2];
if (!epub) {
  console.error("usage: node check.mjs book.epub");
  process.exit(2);
}
const out = mkdtempSync(join(tmpdir(), "lectern-ace-"));
try {
  execFileSync(join(here, "node_modules/.bin/ace-cli"), ["--silent", "--force", "--outdir", out, epub], {
    env: {
      ...process.env,
      PUPPETEER_EXECUTABLE_PATH: process.env.PUPPETEER_EXECUTABLE_PATH || "/usr/bin/chromium",
      // Ace gives Chromium 5 s to start, and on two busy cores (tests run side by side) it can
      // take longer: Ace then fails with no finding ("Timed out after 5000 ms while waiting for
      // the WS endpoint URL"). Chromium's start is waited for; this only bounds a hung one.
      ACE_TIMEOUT_INITIAL: process.env.ACE_TIMEOUT_INITIAL || "300000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const report = JSON.parse(readFileSync(join(out, "report.json"), "utf8"));
  const problems = [...violations(report), ...untrue(report)];
  for (const p of problems) console.log(p);
  console.log(`Ace: ${problems.length} problem(s) in ${epub}`);
  // Once the lines are written: to a pipe Node writes asynchronously.
  process.stdout.write("", () => process.exit(problems.length ? 1 : 0));
} finally {
  rmSync(out, { recursive: true, force: true });
}

function violations(report) {
  const found = [];
  for (const subject of report.assertions || []) {
    for (const a of subject.assertions || []) {
      const impact = a["earl:test"]["earl:impact"];
      if (impact === "serious" || impact === "critical") {
        found.push(`${impact}: ${subject["earl:testSubject"].url}: ${a["earl:test"]["dct:title"]}: ${a["earl:result"]["dct:description"]}`);
      }
    }
  }
  return found;
}

/// Each declared property against what Ace found in the content.
function untrue(report) {
  const meta = report["earl:testSubject"].metadata || {};
  const list = (name) => [meta[`schema:${name}`] || []].flat().flatMap((v) => String(v).split(/\s*,\s*/));
  const data = report.data || {};
  const props = report.properties || {};
  const images = data.images || [];
  // An empty alt is a decorative image's text alternative; no alt at all is none.
  const described = (img) => typeof img.alt === "string";
  const informative = images.filter((img) => (img.alt || "").trim() !== "");
  const hasMedia = (data.video || []).length + (data.audio || []).length > 0 || props.hasVideo || props.hasAudio;
  const found = [];
  const claim = (ok, text) => { if (!ok) found.push(`untrue: ${text}`); };
  const modes = list("accessMode");
  const features = list("accessibilityFeature");
  claim(modes.includes("textual"), "accessMode does not include textual, yet the book is text");
  claim(!modes.includes("visual") || informative.length > 0 || props.hasSVGContent || props.hasCanvas || (data.video || []).length > 0,
    "accessMode visual, yet the book has no informative images or video");
  claim(modes.includes("visual") || informative.length === 0, `${informative.length} informative image(s), yet accessMode has no visual`);
  claim(modes.includes("auditory") === !!((data.audio || []).length || props.hasAudio), "accessMode auditory does not match the audio found");
  if (list("accessModeSufficient").some((set) => set.trim() === "textual")) {
    claim(images.every(described), "accessModeSufficient textual, yet an image has no text alternative");
    claim(!hasMedia, "accessModeSufficient textual, yet the book has audio or video");
  }
  if (features.includes("alternativeText")) claim(images.length > 0 && images.every(described), "alternativeText, yet no image or an image without alt");
  if (features.includes("tableOfContents")) claim(/<li/.test((report.outlines || {}).toc || ""), "tableOfContents, yet the navigation document lists nothing");
  if (features.includes("structuralNavigation")) claim(/<li/.test((report.outlines || {}).headings || ""), "structuralNavigation, yet no headings");
  if (features.some((f) => ["printPageNumbers", "pageBreakMarkers", "pageNavigation"].includes(f))) claim(!!props.hasPageBreaks, "page numbers declared, yet no page breaks");
  if (features.includes("MathML")) claim(!!props.hasMathML, "MathML declared, yet none found");
  claim(list("accessibilityHazard").length > 0, "no accessibilityHazard declared");
  claim(String(meta["schema:accessibilitySummary"] || "").trim() !== "", "no accessibilitySummary");
  return found;
}
