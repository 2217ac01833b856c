import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import spec from "./openapi/openrouter-subset.json";

/**
 * Validates what the embedded gateway sends against the real gateway's published OpenAPI (the part
 * vendored by scripts/vendor-openapi.ts). OpenAPI 3.1 schemas are JSON Schema 2020-12, so Ajv's 2020
 * dialect reads them as they are; `discriminator` (with a mapping, which Ajv cannot use) is ignored,
 * and the `oneOf` it annotates still demands that exactly one variant matches, which is stricter.
 */
type OpenApi = typeof spec & { paths: Record<string, Record<string, Operation>> };
interface Operation {
  responses: Record<string, ResponseObject>;
}
interface ResponseObject {
  $ref?: string;
  content?: Record<string, { schema?: unknown }>;
}

const SPEC_ID = "openrouter-openapi";
const document = spec as unknown as OpenApi;

interface SpecShape {
  components: { schemas: Record<string, JsonSchema> };
}
type JsonSchema = { $ref?: string; allOf?: JsonSchema[]; properties?: Record<string, unknown>; required?: string[]; [key: string]: unknown };

/**
 * The spec extends a base with `allOf: [{$ref: Base}, {properties: {output: …}}]`, meaning "Base, with
 * `output` redefined" (OpenResponsesResult widens BaseResponsesResult's output items with the
 * openrouter:* server-tool items). Read literally, allOf demands both definitions of `output`, and no
 * response with a server-tool item could ever validate. So where a later member redefines a property
 * of a referenced base, the two are merged with the later definition winning: the reading the spec's
 * authors (and its generated clients) intend.
 */
function withAllOfOverrides(source: SpecShape): SpecShape {
  const schemas = source.components.schemas;
  const merged: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    const members = schema.allOf;
    const base = members?.[0]?.$ref ? schemas[members[0].$ref.split("/").pop()!] : undefined;
    const overrides = members?.slice(1) ?? [];
    const redefines = base?.properties && overrides.some((m) => m.properties && Object.keys(m.properties).some((key) => key in base.properties!));
    if (!base || !redefines || overrides.some((m) => m.$ref || m.allOf)) continue;
    const { allOf: _allOf, ...rest } = schema;
    merged[name] = {
      ...base,
      ...rest,
      properties: Object.assign({}, base.properties, ...overrides.map((m) => m.properties ?? {})),
      required: [...new Set([...(base.required ?? []), ...overrides.flatMap((m) => m.required ?? [])])],
    };
  }
  return { ...source, components: { ...source.components, schemas: { ...schemas, ...merged } } };
}

function pointerEscape(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

export interface Validation {
  ok: boolean;
  errors: string;
}

export class OpenApiValidator {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor() {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ ...withAllOfOverrides(spec as unknown as SpecShape), $id: SPEC_ID });
  }

  /** The operation's declared statuses (what a test may see) for a method and path template. */
  statuses(method: string, template: string): string[] {
    return Object.keys(document.paths[template]?.[method.toLowerCase()]?.responses ?? {});
  }

  /** Every operation in the vendored part, as "METHOD /template". */
  operations(): string[] {
    return Object.entries(document.paths).flatMap(([template, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${template}`));
  }

  /** Whether the operation's answer with this status may have this content type. */
  declaresContent(method: string, template: string, status: number, contentType: string): boolean {
    const response = document.paths[template]?.[method.toLowerCase()]?.responses[String(status)];
    return Boolean(response?.content && contentType in response.content);
  }

  /** Whether the answer is bytes of any type (any media type, octet-stream or a binary string schema). */
  declaresBinary(method: string, template: string, status: number): boolean {
    const content = document.paths[template]?.[method.toLowerCase()]?.responses[String(status)]?.content ?? {};
    return Object.entries(content).some(
      ([type, media]) => type === "*/*" || type === "application/octet-stream" || (media.schema as { format?: string } | undefined)?.format === "binary",
    );
  }

  private validator(method: string, template: string, status: number, contentType: string): ValidateFunction {
    const key = `${method} ${template} ${status} ${contentType}`;
    const known = this.compiled.get(key);
    if (known) return known;
    const operation = document.paths[template]?.[method.toLowerCase()];
    if (!operation) throw new Error(`the OpenAPI has no ${method} ${template}`);
    const response = operation.responses[String(status)];
    if (!response) throw new Error(`${method} ${template} declares no ${status} answer (declared: ${Object.keys(operation.responses).join(", ")})`);
    if (response.$ref) throw new Error(`response $ref ${response.$ref} is not supported`);
    if (!response.content?.[contentType]?.schema) {
      throw new Error(`${method} ${template} ${status} declares no ${contentType} body (declared: ${Object.keys(response.content ?? {}).join(", ")})`);
    }
    const pointer = ["paths", template, method.toLowerCase(), "responses", String(status), "content", contentType, "schema"].map(pointerEscape).join("/");
    const validate = this.ajv.compile({ $ref: `${SPEC_ID}#/${pointer}` });
    this.compiled.set(key, validate);
    return validate;
  }

  validate(method: string, template: string, status: number, contentType: string, body: unknown): Validation {
    const validate = this.validator(method, template, status, contentType);
    const ok = validate(body) as boolean;
    return { ok, errors: ok ? "" : describe(validate.errors ?? []) };
  }
}

/** The few most specific errors, readable in a test failure. */
function describe(errors: ErrorObject[]): string {
  return errors
    .slice(0, 12)
    .map((error) => `${error.instancePath || "(root)"} ${error.message ?? ""} ${JSON.stringify(error.params)} [${error.schemaPath}]`)
    .join("\n");
}
