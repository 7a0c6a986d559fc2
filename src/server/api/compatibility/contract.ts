/**
 * What a client of the API depends on, read out of an OpenAPI 3.1 document as a tree of named parts:
 * operations and webhook events; an operation's parameters, request body and response statuses; a
 * status's headers and media types; and, inside every schema, its fields, array items, map values,
 * enum values and union members. compare.ts compares two such trees; the changelog names parts by
 * the `name` given here. Descriptions, examples, tags and servers are not part of it.
 *
 * Names (what a changelog entry lists under `added`):
 *
 * | part | name |
 * |---|---|
 * | an operation | `GET /api/v1/events` |
 * | an event delivered to webhook endpoints | `webhook transaction.pending` |
 * | a parameter (`path.`, `query.`, `header.`) | `GET /api/v1/events query.type` |
 * | a request body, a field of an inline one | `POST /api/v1/data body`, `POST /api/v1/data body.phone` |
 * | a response status, its header, its media type | `GET /api/v1/events 404`, `POST /api/v1/data 200 header.Idempotent-Replay`, `GET /api/v1/invoices/{period}.csv 200 text/csv` |
 * | a header shared through components/headers | `header.RateLimit-Limit` |
 * | a field of a named schema (a component) | `Transaction.pins`, nested `Batch.counts.total` |
 * | array items, map values | `WebhookEndpoint.eventTypes[]`, `CustomerVerification.details.*` |
 * | an enum value | `WebhookEventType = batch.completed`, `Transaction.status = failed` |
 * | a member of a union | `WebhookEvent | BatchEventV1` |
 *
 * A schema reached through `$ref` to `#/components/schemas/X` names its parts after `X`, wherever it
 * is used, and a header sent as `Name` through `#/components/headers/...` is `header.Name`; an inline
 * schema or header is named after where it sits. Fails closed: a schema keyword this module cannot
 * judge (allOf, not, if, prefixItems, ...) is an error, so the guard never passes a change it did not
 * understand.
 */

type JsonObject = Record<string, unknown>;

/** Which way a value travels: sent by the client (request), or received by it (responses, and the webhook events it is sent). */
export type Direction = "request" | "response";

export type PartKind =
  | "api"
  | "operation"
  | "webhook"
  | "parameter"
  | "request-body"
  | "status"
  | "media-type"
  | "header"
  | "field"
  | "items"
  | "values"
  | "enum-value"
  | "member";

export interface SchemaFacts {
  /** The JSON types a value may have, `null` tracked apart as `nullable`; null when any type goes. */
  types: ReadonlySet<string> | null;
  nullable: boolean;
  /** Whether the value is limited to listed values (enum or const); the values are `enum-value` children. */
  enumerated: boolean;
  /** A union (anyOf/oneOf) of several members, which are `member` children. */
  union: boolean;
  /** Validation keywords (minLength, maximum, pattern, ...): what a request value must satisfy. */
  limits: Readonly<Record<string, unknown>>;
}

export interface ContractPart {
  kind: PartKind;
  name: string;
  direction: Direction;
  /** Parameters, request bodies, headers and fields: whether it must be present. */
  required: boolean;
  operationId?: string;
  schema?: SchemaFacts;
  children: Map<string, ContractPart>;
}

export const LOWER_BOUNDS = ["minLength", "minimum", "exclusiveMinimum", "minItems", "minProperties"] as const;
export const UPPER_BOUNDS = ["maxLength", "maximum", "exclusiveMaximum", "maxItems", "maxProperties"] as const;
/** Any change to these may refuse a value that passed before. */
export const EXACT_LIMITS = ["pattern", "format", "multipleOf", "uniqueItems", "propertyNames", "closed"] as const;
const LIMIT_KEYWORDS = new Set<string>([...LOWER_BOUNDS, ...UPPER_BOUNDS, ...EXACT_LIMITS.filter((limit) => limit !== "closed")]);

const STRUCTURE_KEYWORDS = new Set([
  "type",
  "enum",
  "const",
  "properties",
  "required",
  "items",
  "additionalProperties",
  "anyOf",
  "oneOf",
  "$ref",
]);
/** Keywords that describe and never constrain. */
const ANNOTATION_KEYWORDS = new Set([
  "description",
  "title",
  "example",
  "examples",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$comment",
  "contentMediaType",
  "contentEncoding",
]);

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

/** A part whose schema accepts anything: what a missing `items` or `additionalProperties` means. */
export function anySchemaPart(kind: PartKind, name: string, direction: Direction): ContractPart {
  return {
    kind,
    name,
    direction,
    required: false,
    schema: { types: null, nullable: true, enumerated: false, union: false, limits: {} },
    children: new Map(),
  };
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

class ContractReader {
  constructor(private readonly document: JsonObject) {}

  /** Follows a local `$ref` (and a chain of them); sibling keywords of a `$ref` (OpenAPI 3.1) are kept. */
  resolve(node: unknown): { node: JsonObject; componentName?: string } {
    let current = isObject(node) ? node : {};
    let componentName: string | undefined;
    for (let hops = 0; typeof current.$ref === "string"; hops++) {
      if (hops > 32) throw new Error(`$ref chain too long at ${current.$ref}`);
      const ref = current.$ref;
      if (!ref.startsWith("#/")) throw new Error(`only local $refs are supported: ${ref}`);
      const target = ref
        .slice(2)
        .split("/")
        .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"))
        .reduce<unknown>((at, segment) => (isObject(at) ? at[segment] : undefined), this.document);
      if (!isObject(target)) throw new Error(`unresolved $ref ${ref}`);
      const match = /^#\/components\/(?:schemas|headers)\/([^/]+)$/.exec(ref);
      if (match) componentName = match[1]!.replaceAll("~1", "/").replaceAll("~0", "~");
      const { $ref: _followed, ...siblings } = current;
      current = { ...target, ...siblings };
    }
    return { node: current, componentName };
  }

  read(): ContractPart {
    const root: ContractPart = { kind: "api", name: "", direction: "request", required: true, children: new Map() };
    const paths = isObject(this.document.paths) ? this.document.paths : {};
    for (const [path, item] of Object.entries(paths)) {
      if (!isObject(item)) continue;
      for (const method of HTTP_METHODS) {
        if (!isObject(item[method])) continue;
        const name = `${method.toUpperCase()} ${path}`;
        // Matched by method and path with the parameter names left out: renaming `{id}` changes no URL.
        const key = `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, "{}")}`;
        root.children.set(key, this.operation(name, item[method], item, "operation"));
      }
    }
    const webhooks = isObject(this.document.webhooks) ? this.document.webhooks : {};
    for (const [event, item] of Object.entries(webhooks)) {
      if (!isObject(item)) continue;
      for (const method of HTTP_METHODS) {
        if (!isObject(item[method])) continue;
        const key = `webhook ${event}${method === "post" ? "" : ` ${method.toUpperCase()}`}`;
        root.children.set(key, this.operation(key, item[method], item, "webhook"));
      }
    }
    return root;
  }

  /**
   * An operation, or a webhook event: what this service sends to the client's endpoint, so its
   * parameters (headers) and body travel the response's way, and the client's answer is not read.
   */
  private operation(name: string, operation: JsonObject, pathItem: JsonObject, kind: "operation" | "webhook"): ContractPart {
    const direction: Direction = kind === "webhook" ? "response" : "request";
    const part: ContractPart = {
      kind,
      name,
      direction,
      required: true,
      operationId: typeof operation.operationId === "string" ? operation.operationId : undefined,
      children: new Map(),
    };
    const parameters = [
      ...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []),
      ...(Array.isArray(operation.parameters) ? operation.parameters : []),
    ];
    const pathParameters = [...name.matchAll(/\{([^}]*)\}/g)].map((match) => match[1]);
    for (const raw of parameters) {
      const parameter = this.resolve(raw).node;
      const location = String(parameter.in);
      const parameterName = String(parameter.name);
      // Path parameters by position (a renamed one is the same URL segment); header names are case-blind.
      const key =
        location === "path"
          ? `path #${pathParameters.indexOf(parameterName)}`
          : `${location}.${location === "header" ? parameterName.toLowerCase() : parameterName}`;
      const partName = `${name} ${location}.${parameterName}`;
      part.children.set(
        key,
        this.schemaPart("parameter", partName, partName, parameter.schema, direction, location === "path" || parameter.required === true),
      );
    }
    if (operation.requestBody !== undefined) {
      const body = this.resolve(operation.requestBody).node;
      const bodyPart: ContractPart = {
        kind: "request-body",
        name: `${name} body`,
        direction,
        required: body.required === true,
        children: new Map(),
      };
      for (const [mediaType, content] of Object.entries(isObject(body.content) ? body.content : {})) {
        const schema = isObject(content) ? content.schema : undefined;
        bodyPart.children.set(
          mediaType,
          this.schemaPart("media-type", `${name} body ${mediaType}`, `${name} body`, schema, direction, true),
        );
      }
      part.children.set("body", bodyPart);
    }
    if (kind === "operation") {
      for (const [status, raw] of Object.entries(isObject(operation.responses) ? operation.responses : {})) {
        part.children.set(`status ${status}`, this.response(`${name} ${status}`, this.resolve(raw).node));
      }
    }
    return part;
  }

  private response(name: string, response: JsonObject): ContractPart {
    const part: ContractPart = { kind: "status", name, direction: "response", required: true, children: new Map() };
    for (const [headerName, raw] of Object.entries(isObject(response.headers) ? response.headers : {})) {
      const { node: header, componentName } = this.resolve(raw);
      // A shared header (components/headers) is one name wherever it is sent, as a shared schema is;
      // named by the header itself, since one header may have several components (required or not).
      const partName = componentName ? `header.${headerName}` : `${name} header.${headerName}`;
      part.children.set(
        `header.${headerName.toLowerCase()}`,
        this.schemaPart("header", partName, partName, header.schema, "response", header.required === true),
      );
    }
    for (const [mediaType, content] of Object.entries(isObject(response.content) ? response.content : {})) {
      const schema = isObject(content) ? content.schema : undefined;
      part.children.set(mediaType, this.schemaPart("media-type", `${name} ${mediaType}`, `${name} body`, schema, "response", true));
    }
    return part;
  }

  /**
   * A part carrying a schema: its facts, and the schema's own parts as children. `base` names those
   * children when the schema is inline; a schema reached through a component is named after it.
   */
  schemaPart(
    kind: PartKind,
    name: string,
    base: string,
    raw: unknown,
    direction: Direction,
    required: boolean,
    componentsInUse: ReadonlySet<string> = new Set(),
  ): ContractPart {
    const part: ContractPart = { kind, name, direction, required, children: new Map() };
    if (raw === undefined) {
      part.schema = anySchemaPart(kind, name, direction).schema;
      return part;
    }
    let { node, componentName } = this.resolve(raw);
    let nullable = false;
    const branches = [...(Array.isArray(node.anyOf) ? node.anyOf : []), ...(Array.isArray(node.oneOf) ? node.oneOf : [])];
    if (Array.isArray(node.anyOf) && Array.isArray(node.oneOf)) throw new Error(`${name}: anyOf beside oneOf is not supported`);
    const members = branches.filter((branch) => {
      const resolved = this.resolve(branch).node;
      const onlyNull = resolved.type === "null" && Object.keys(resolved).every((key) => key === "type" || ANNOTATION_KEYWORDS.has(key));
      if (onlyNull) nullable = true;
      return !onlyNull;
    });
    // `anyOf: [X, null]` is X, nullable: read X in place of the union.
    if (branches.length > 0 && members.length === 1) {
      const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = node;
      const member = this.resolve(members[0]);
      node = { ...member.node, ...rest };
      componentName = member.componentName ?? componentName;
    }
    if (componentName && componentsInUse.has(componentName)) {
      // A schema that contains itself: its parts were named once already, further up.
      part.schema = anySchemaPart(kind, name, direction).schema;
      return part;
    }
    const inUse = componentName ? new Set([...componentsInUse, componentName]) : componentsInUse;
    const childBase = componentName ?? base;

    for (const keyword of Object.keys(node)) {
      if (STRUCTURE_KEYWORDS.has(keyword) || LIMIT_KEYWORDS.has(keyword) || ANNOTATION_KEYWORDS.has(keyword) || keyword.startsWith("x-"))
        continue;
      throw new Error(`${name}: the schema keyword "${keyword}" is not understood by the compatibility guard (contract.ts)`);
    }

    const declared = node.type === undefined ? null : Array.isArray(node.type) ? node.type.map(String) : [String(node.type)];
    if (declared?.includes("null")) nullable = true;
    const types = declared ? new Set(declared.filter((type) => type !== "null")) : null;

    const values = node.const !== undefined ? [node.const] : Array.isArray(node.enum) ? node.enum : null;
    if (values?.includes(null)) nullable = true;
    for (const value of values ?? []) {
      if (value === null) continue;
      const text = typeof value === "string" ? value : JSON.stringify(value);
      part.children.set(`= ${text}`, {
        kind: "enum-value",
        name: `${childBase} = ${text}`,
        direction,
        required: false,
        children: new Map(),
      });
    }

    const union = members.length > 1;
    if (union) {
      members.forEach((member, index) => {
        const memberName = this.resolve(member).componentName ?? `#${index}`;
        part.children.set(
          `| ${memberName}`,
          this.schemaPart("member", `${childBase} | ${memberName}`, `${childBase} | ${memberName}`, member, direction, false, inUse),
        );
      });
    }

    const requiredFields = new Set(Array.isArray(node.required) ? node.required.map(String) : []);
    for (const [property, schema] of Object.entries(isObject(node.properties) ? node.properties : {})) {
      const propertyName = `${childBase}.${property}`;
      part.children.set(
        `.${property}`,
        this.schemaPart("field", propertyName, propertyName, schema, direction, requiredFields.has(property), inUse),
      );
    }
    if (node.items !== undefined) {
      const itemsName = `${childBase}[]`;
      part.children.set("[]", this.schemaPart("items", itemsName, itemsName, node.items, direction, false, inUse));
    }
    if (isObject(node.additionalProperties)) {
      const valuesName = `${childBase}.*`;
      part.children.set(".*", this.schemaPart("values", valuesName, valuesName, node.additionalProperties, direction, false, inUse));
    }

    const limits: Record<string, unknown> = {};
    for (const keyword of LIMIT_KEYWORDS) {
      const value = node[keyword];
      // Schema-valued limits (propertyNames) are compared as their JSON text.
      if (value !== undefined) limits[keyword] = typeof value === "object" ? JSON.stringify(value) : value;
    }
    if (node.additionalProperties === false) limits.closed = true;

    part.schema = { types, nullable, enumerated: values !== null, union, limits };
    return part;
  }
}

/** The contract of an OpenAPI 3.1 document (see the header for how its parts are named). */
export function readContract(document: object): ContractPart {
  return new ContractReader(document as JsonObject).read();
}

/** Every part's name: what a changelog entry may list under `added`. */
export function contractNames(contract: ContractPart): Set<string> {
  const names = new Set<string>();
  const visit = (part: ContractPart) => {
    if (part.kind !== "api") names.add(part.name);
    part.children.forEach(visit);
  };
  visit(contract);
  return names;
}
