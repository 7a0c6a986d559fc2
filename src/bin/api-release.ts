/**
 * `npm run api:release`: makes the current OpenAPI document the released one, the snapshot the guard
 * test holds every later change to (src/server/api/compatibility/), and writes the SDK's types from
 * it (src/server/api/sdk-types.ts). Refuses while the document breaks a client of the released one
 * or adds something no changelog entry names; `--accept-breaking` releases a breaking change anyway,
 * for the rare deliberate one (it is printed, and shows in the snapshot's diff for review).
 */
import { existsSync, writeFileSync } from "node:fs";
import { API_CHANGELOG } from "~/server/api/api-changelog";
import { checkRelease, describeReleaseCheck, readReleasedDocument, RELEASED_DOCUMENT_PATH } from "~/server/api/compatibility/release-check";
import { getOpenApiDocument } from "~/server/api/document";
import { generateSdkTypes, SDK_TYPES_PATH } from "~/server/api/sdk-types";

const acceptBreaking = process.argv.includes("--accept-breaking");
const { document } = getOpenApiDocument();

// The first release has nothing to be held to.
const check = existsSync(RELEASED_DOCUMENT_PATH)
  ? checkRelease(readReleasedDocument(), document, API_CHANGELOG)
  : { breaking: [], unannounced: [], unknownNames: [] };
const report = describeReleaseCheck(check);
if (report) console.error(report);
if (check.unannounced.length > 0 || check.unknownNames.length > 0 || (check.breaking.length > 0 && !acceptBreaking)) {
  console.error(
    check.breaking.length > 0 && !acceptBreaking
      ? "\nNot released. (--accept-breaking releases a breaking change deliberately.)"
      : "\nNot released.",
  );
  process.exit(1);
}

writeFileSync(RELEASED_DOCUMENT_PATH, `${JSON.stringify(document, null, 2)}\n`);
console.log(`released: ${RELEASED_DOCUMENT_PATH}`);
writeFileSync(SDK_TYPES_PATH, await generateSdkTypes(document));
console.log(`SDK types: ${SDK_TYPES_PATH}`);
