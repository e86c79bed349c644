// Reads feeds as reading apps read them, and prints what they understood, one JSON line per
// file, for the Rust tests to check: OPDS 2.0 JSON through Thorium Reader's parser
// (r2-opds-js: `TaJsonDeserialize` into `OPDSFeed`, as Thorium's `opds` sagas do); OPDS 1.2
// Atom through the same parser's Atom model and `convertOpds1ToOpds2` (what Thorium shows of an
// Atom feed), and through NYPL's opds-feed-parser; a book's Readium Web Publication Manifest
// through Readium's own model (r2-shared-js `Publication`, which Thorium streams a book from).
// A file either parser cannot read fails the run.
//
//   node check.mjs FILE...   (*.auth.json: an authentication document; *.webpub.json: a
//                             Readium manifest; *.json: OPDS 2.0; *.xml: OPDS 1.2)

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
require("reflect-metadata");
const dist = (pkg, path) => require(`${pkg}/dist/es8-es2017/src/${path}`);
const { TaJsonDeserialize } = dist("r2-lcp-js", "serializable");
const { OPDSFeed } = dist("r2-opds-js", "opds/opds2/opds2");
const { OPDSAuthenticationDoc } = dist("r2-opds-js", "opds/opds2/opds2-authentication-doc");
const { Publication } = dist("r2-shared-js", "models/publication");
const { OPDS } = dist("r2-opds-js", "opds/opds1/opds");
const { convertOpds1ToOpds2 } = dist("r2-opds-js", "opds/converter");
const { initGlobalConverters_OPDS } = dist("r2-opds-js", "opds/init-globals");
const shared = dist("r2-shared-js", "init-globals");
const { XML } = dist("r2-utils-js", "_utils/xml-js-mapper");
const { DOMParser } = require("@xmldom/xmldom");
const OpdsFeedParser = require("opds-feed-parser").default;

initGlobalConverters_OPDS();
shared.initGlobalConverters_SHARED();
shared.initGlobalConverters_GENERIC();

const rels = (l) => (Array.isArray(l.Rel) ? l.Rel : l.Rel ? [l.Rel] : []);

// What an app shows of a feed, in the parser's own model (its property names, not ours).
function understood(feed) {
  const links = (feed.Links || []).map((l) => ({ rel: rels(l), href: l.Href, type: l.TypeLink }));
  return {
    title: feed.Metadata?.Title ?? null,
    numberOfItems: feed.Metadata?.NumberOfItems ?? null,
    links,
    navigation: (feed.Navigation || []).map((l) => ({ title: l.Title, href: l.Href, type: l.TypeLink })),
    facets: (feed.Facets || []).map((f) => ({
      title: f.Metadata?.Title,
      links: (f.Links || []).map((l) => ({ title: l.Title, href: l.Href })),
    })),
    publications: (feed.Publications || []).map((p) => {
      const m = p.Metadata || {};
      const a = m.Accessibility || {};
      return {
        title: typeof m.Title === "string" ? m.Title : JSON.stringify(m.Title),
        identifier: m.Identifier ?? null,
        authors: (m.Author || []).map((c) => (typeof c.Name === "string" ? c.Name : JSON.stringify(c.Name))),
        narrators: (m.Narrator || []).map((c) => (typeof c.Name === "string" ? c.Name : JSON.stringify(c.Name))),
        language: m.Language || [],
        description: m.Description ?? null,
        subjects: (m.Subject || []).map((s) => s.Name),
        accessMode: a.AccessMode ?? m.AccessMode ?? [],
        accessModeSufficient: a.AccessModeSufficient ?? m.AccessModeSufficient ?? [],
        feature: a.Feature ?? m.AccessibilityFeature ?? [],
        acquisitions: (p.Links || [])
          .filter((l) => rels(l).some((r) => r.startsWith("http://opds-spec.org/acquisition")))
          .map((l) => ({ rel: rels(l), href: l.Href, type: l.TypeLink })),
        images: (p.Images || []).map((l) => ({ href: l.Href, type: l.TypeLink })),
      };
    }),
  };
}

// What an app takes from an authentication document (Thorium's `auth` saga reads these).
function understoodAuthentication(doc) {
  if (!doc.Id || !doc.Title || !(doc.Authentication || []).length) {
    throw new Error("an authentication document needs id, title and authentication");
  }
  return {
    id: doc.Id,
    title: doc.Title,
    authentication: doc.Authentication.map((a) => ({
      type: a.Type,
      links: (a.Links || []).map((l) => ({ rel: rels(l), href: l.Href })),
      labels: { login: a.Labels?.Login ?? null, password: a.Labels?.Password ?? null },
    })),
  };
}

// What a reading system takes from a book's manifest: what it shows (title, authors,
// language, accessibility), the files it reads in order, and how it navigates.
function understoodManifest(p) {
  const m = p.Metadata || {};
  const nav = (links) =>
    (links || []).map((l) => ({ title: l.Title ?? null, href: l.Href, children: nav(l.Children) }));
  if (!p.Spine || !p.Spine.length) throw new Error("a manifest needs a reading order");
  return {
    title: typeof m.Title === "string" ? m.Title : JSON.stringify(m.Title),
    authors: (m.Author || []).map((c) => (typeof c.Name === "string" ? c.Name : JSON.stringify(c.Name))),
    language: m.Language || [],
    accessModeSufficient: m.Accessibility?.AccessModeSufficient ?? [],
    self: (p.Links || []).filter((l) => rels(l).includes("self")).map((l) => l.Href),
    readingOrder: p.Spine.map((l) => ({ href: l.Href, type: l.TypeLink })),
    resources: (p.Resources || []).map((l) => ({ href: l.Href, type: l.TypeLink, rel: rels(l) })),
    toc: nav(p.TOC),
    pageList: nav(p.PageList),
    landmarks: nav(p.Landmarks),
  };
}

async function readAtom(text) {
  const dom = new DOMParser({
    onError: (level, message) => {
      if (level !== "warning") throw new Error(`not well-formed XML: ${message}`);
    },
  }).parseFromString(text, "application/xml");
  const opds1 = XML.deserialize(dom, OPDS);
  const nypl = await new OpdsFeedParser().parse(text);
  const result = understood(convertOpds1ToOpds2(opds1));
  result.nypl = {
    kind: nypl.constructor.name,
    title: nypl.title,
    entries: (nypl.entries || []).length,
    search: (nypl.links || []).some((l) => l.constructor.name === "SearchLink"),
    acquisitionLinks: (nypl.entries || []).flatMap((e) =>
      (e.links || []).filter((l) => l.constructor.name === "OPDSAcquisitionLink").map((l) => l.href),
    ),
  };
  return result;
}

// r2-opds-js reports what a feed lacks ("Metadata.Title is not set!") on the console and reads
// on: each such report fails the file, as Thorium would show the feed without it.
async function read(file, text) {
  const objections = [];
  const log = console.log;
  console.log = (...args) => objections.push(args.join(" "));
  let result;
  try {
    result = file.endsWith(".auth.json")
      ? understoodAuthentication(TaJsonDeserialize(JSON.parse(text), OPDSAuthenticationDoc))
      : file.endsWith(".webpub.json")
        ? understoodManifest(TaJsonDeserialize(JSON.parse(text), Publication))
        : file.endsWith(".json")
          ? understood(TaJsonDeserialize(JSON.parse(text), OPDSFeed))
          : await readAtom(text);
  } finally {
    console.log = log;
  }
  if (objections.length) throw new Error(`the parser objected: ${objections.join("; ")}`);
  return result;
}

let failed = false;
for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, "utf8");
  try {
    console.log(JSON.stringify({ file, ...(await read(file, text)) }));
  } catch (e) {
    failed = true;
    console.log(JSON.stringify({ file, error: String(e && e.stack ? e.stack : e) }));
  }
}
// Once the lines are written: to a pipe Node writes asynchronously, and exiting at once cut a
// busy machine's report off mid-line.
process.stdout.write("", () => process.exit(failed ? 1 : 0));
