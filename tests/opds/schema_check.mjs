// Validates OPDS 2.0 feeds and authentication documents against the OPDS community's and
// Readium's JSON schemas, pinned in ../shared/opds-schemas/ (read where they are, never copied):
// every schema registered by its `$id`, then a feed checked against `opds/feed.schema.json` and
// an authentication document against `opds/authentication.schema.json`, a book's Readium Web
// Publication Manifest against `readium/publication.schema.json`. Prints one JSON line per file
// ({file, valid, errors}) and exits 1 if any file is invalid.
//
//   node schema_check.mjs SCHEMAS_DIR FILE...   (*.auth.json: an authentication document;
//                                                 *.webpub.json: a Readium manifest;
//                                                 *.json: an OPDS 2.0 feed)

import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import Ajv from "ajv";
import addFormats from "ajv-formats";

const [schemasDir, ...files] = process.argv.slice(2);
if (!schemasDir || files.length === 0) {
  console.error("usage: node schema_check.mjs SCHEMAS_DIR FILE...");
  process.exit(2);
}

function schemaFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return schemaFiles(path);
    return name.endsWith(".json") ? [path] : [];
  });
}

// Not strict: the schemas use keywords of their own drafts' vocabulary that ajv's strict mode
// refuses (unknown formats, `uriTemplate` hints); every constraint they state is still checked.
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
for (const path of schemaFiles(schemasDir)) {
  ajv.addSchema(JSON.parse(readFileSync(path, "utf8")));
}
const feed = ajv.getSchema("https://drafts.opds.io/schema/feed.schema.json");
const authentication = ajv.getSchema("https://drafts.opds.io/schema/authentication.schema.json");
const manifest = ajv.getSchema("https://readium.org/webpub-manifest/schema/publication.schema.json");
if (!feed || !authentication || !manifest) {
  console.error(`the OPDS schemas are not in ${schemasDir}`);
  process.exit(2);
}

let failed = false;
for (const file of files) {
  const validate = file.endsWith(".auth.json")
    ? authentication
    : file.endsWith(".webpub.json")
      ? manifest
      : feed;
  const valid = validate(JSON.parse(readFileSync(file, "utf8")));
  const errors = valid
    ? []
    : validate.errors.map((e) => `${e.instancePath || "/"} ${e.message} ${JSON.stringify(e.params)}`);
  failed ||= !valid;
  console.log(JSON.stringify({ file, valid, errors }));
}
// Once the lines are written (see check.mjs).
process.stdout.write("", () => process.exit(failed ? 1 : 0));
