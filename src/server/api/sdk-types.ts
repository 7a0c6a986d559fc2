/**
 * The TypeScript SDK's types (sdk/src/generated/openapi.ts), generated from the OpenAPI document by
 * openapi-typescript: `paths`, `operations`, `webhooks`, `components`, and each schema exported by its
 * own name (`Transaction`, `Plan`, ...); then `DocumentedErrorName`, the union of the error names the
 * document's problem examples carry, which types the SDK's `ApiError.name`. Written by
 * `npm run api:release`; sdk-types.test.ts fails when the committed file is not what the current
 * document generates.
 */
import path from "node:path";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";

export const SDK_TYPES_PATH = path.join(process.cwd(), "sdk/src/generated/openapi.ts");

const HEADER = `/**
 * Generated from the Reseller Purchase API's OpenAPI document by \`npm run api:release\` (openapi-typescript):
 * do not edit. src/server/api/sdk-types.ts in the platform's repository writes it.
 */

`;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const entries = (value: unknown): [string, unknown][] => (isObject(value) ? Object.entries(value) : []);

/**
 * Every `errors[].name` of the document's problem examples but the 400s', whose names are field paths
 * (the examples are made from the operations' own error lists: error-responses.ts).
 */
export function documentedErrorNames(document: object): string[] {
  const names = new Set<string>(["generalErrors"]);
  for (const [, item] of entries((document as Json).paths))
    for (const [, operation] of entries(item))
      for (const [status, response] of entries(isObject(operation) ? operation.responses : undefined)) {
        if (status === "400") continue;
        const content = isObject(response) && isObject(response.content) ? response.content["application/problem+json"] : undefined;
        for (const [, example] of entries(isObject(content) ? content.examples : undefined)) {
          const errors = isObject(example) && isObject(example.value) ? example.value.errors : undefined;
          for (const error of Array.isArray(errors) ? errors : [])
            if (isObject(error) && typeof error.name === "string") names.add(error.name);
        }
      }
  return [...names].sort();
}

export async function generateSdkTypes(document: object): Promise<string> {
  const ast = await openapiTS(document as OpenAPI3, { rootTypes: true, rootTypesNoSchemaPrefix: true });
  const errorNames = documentedErrorNames(document)
    .map((name) => `\n    | ${JSON.stringify(name)}`)
    .join("");
  return `${HEADER}${astToString(ast)}
/** Every error name the document lists for its operations (for a 400, \`errors[].name\` is a field's path instead). */
export type DocumentedErrorName =${errorNames};
`;
}
