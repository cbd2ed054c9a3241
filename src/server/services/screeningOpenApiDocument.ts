import { z } from "zod";
import { MAX_JSON_DEPTH, responseEnvelopeSchema } from "../../contract/envelope.ts";
import { ERROR, ERROR_HTTP_STATUS, type ErrorCode } from "../../contract/errors.ts";
import {
  REPLAY_WINDOW_SECONDS,
  SETTLE_STATUS,
  SHOP_CALLS,
  type ShopCallSpec,
  shopEnvelopeSchema,
} from "../../contract/screeningApi.ts";

type JsonSchema = Record<string, unknown>;

/** JSON Schema of a zod schema as a request carries it (before transforms) or a response (after). */
const jsonSchema = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
};

function requestSchema(spec: ShopCallSpec): JsonSchema {
  const envelope = jsonSchema(shopEnvelopeSchema, "input");
  return {
    ...envelope,
    properties: {
      ...(envelope.properties as JsonSchema),
      telegram: jsonSchema(spec.request, "input"),
    },
    required: ["header", "info", "telegram"],
  };
}

/** Which refusal answers with which HTTP status, and when. */
const REFUSALS: { code: ErrorCode; when: string }[] = [
  { code: ERROR.malformedJson, when: "the body is not JSON: empty, unparsable, or not UTF-8" },
  {
    code: ERROR.badEnvelope,
    when: `not an object, or JSON nested more than ${MAX_JSON_DEPTH} levels deep; info not exactly { companyId, applicationId } (checked first, unknown keys included); header missing or wrong (checked after the signature)`,
  },
  {
    code: ERROR.unknownKey,
    when: "a top-level, header or telegram key the call does not know, when unknown keys are the only problem; `field` names the object that holds it",
  },
  {
    code: ERROR.validation,
    when: "telegram fields break their rules; one error per field, `field` names it. A string holding U+0000 or an unpaired surrogate is refused first, alone",
  },
  { code: ERROR.unknownApplication, when: "the application does not exist or is not the company's" },
  {
    code: ERROR.invalidSignature,
    when: "X-Signature or X-Timestamp missing or malformed, or X-Signature not the HMAC of X-Timestamp.body",
  },
  { code: ERROR.replay, when: `X-Timestamp more than ${REPLAY_WINDOW_SECONDS} s from the server time` },
  { code: ERROR.sourceIpNotAllowed, when: "the address is not in the company's API allowed-IP list" },
  { code: ERROR.eventNotFound, when: "no such event of the company (settleStatus, result)" },
  { code: ERROR.unsupportedMediaType, when: "content type is not application/json" },
  { code: ERROR.methodNotAllowed, when: "a method other than POST on the call's path" },
  { code: ERROR.payloadTooLarge, when: "body over 1 MiB" },
  { code: ERROR.internalFailure, when: "anything unexpected" },
];

/**
 * How an answer picks its language (src/server/plugins/envelope.ts requestLang), said once for the
 * document and again on each call's Accept-Language parameter.
 */
const LANGUAGE_RULE =
  "Messages are in the envelope's header.lang (ja or en). A refusal made before the body is parsed " +
  `(${ERROR_HTTP_STATUS[ERROR.payloadTooLarge]} ${ERROR.payloadTooLarge}, ` +
  `${ERROR_HTTP_STATUS[ERROR.unsupportedMediaType]} ${ERROR.unsupportedMediaType}, ` +
  `${ERROR.malformedJson} for an empty or unparsable body), or any answer without a usable ` +
  "header.lang, is in the language the Accept-Language header prefers of en and ja (by weight; " +
  "en-US counts as en, q=0 refuses one), else in Japanese.";

const acceptLanguageParameter = {
  in: "header",
  name: "Accept-Language",
  required: false,
  schema: { type: "string", examples: ["en", "ja", "en-US,en;q=0.9"] },
  description: LANGUAGE_RULE,
};

function errorResponses(spec: ShopCallSpec): Record<string, unknown> {
  const byStatus = new Map<number, string[]>();
  for (const { code, when } of REFUSALS) {
    if (code === ERROR.eventNotFound && spec.path.endsWith("/screen")) continue;
    // Said in the info's description: no POST gets it.
    if (code === ERROR.methodNotAllowed) continue;
    const status = ERROR_HTTP_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), `\`${code}\`: ${when}`]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, lines]) => [
      String(status),
      {
        description: lines.join("; "),
        content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } },
      },
    ]),
  );
}

/** The OpenAPI 3.1 description of the shops' screening API, generated from the contract's zod schemas. */
export function screeningOpenApiDocument(serverUrl: string): Record<string, unknown> {
  const paths = Object.fromEntries(
    SHOP_CALLS.map((spec) => [
      spec.path,
      {
        [spec.method.toLowerCase()]: {
          operationId: spec.name,
          summary: spec.summary,
          security: [{ shopTimestamp: [], shopSignature: [] }],
          parameters: [acceptLanguageParameter],
          requestBody: {
            required: true,
            content: { "application/json": { schema: requestSchema(spec) } },
          },
          responses: {
            "200": {
              description: "result 10; telegram holds the answer",
              content: {
                "application/json": { schema: jsonSchema(responseEnvelopeSchema(spec.response), "output") },
              },
            },
            ...errorResponses(spec),
          },
        },
      },
    ]),
  );
  return {
    openapi: "3.1.0",
    info: {
      title: "Screening API",
      version: "3.0",
      description:
        "Calls a shop makes to have payments screened. Every request is the envelope {header, info, telegram} " +
        "with info {companyId, applicationId} and is signed: X-Timestamp is unix seconds, X-Signature the hex " +
        'HMAC-SHA256 under the application\'s secret key of X-Timestamp + "." + the raw body. Every string ' +
        "is trimmed of surrounding white space before it is validated: lengths and patterns apply to the " +
        `trimmed text (a value of spaces alone is empty). ${LANGUAGE_RULE} A settle status request is ` +
        "applied once: the same " +
        "signed request again is answered as the first time and changes nothing. A method other than POST on " +
        `these paths is answered 405 ${ERROR.methodNotAllowed}. Settle status ` +
        `codes: ${Object.entries(SETTLE_STATUS)
          .map(([name, code]) => `${code} ${name}`)
          .join(", ")}.`,
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      securitySchemes: {
        shopTimestamp: {
          type: "apiKey",
          in: "header",
          name: "X-Timestamp",
          description:
            "Unix time in whole seconds (1 to 12 digits; milliseconds are malformed) when the request was " +
            `signed; at most ${REPLAY_WINDOW_SECONDS} s from the server's clock.`,
        },
        shopSignature: {
          type: "apiKey",
          in: "header",
          name: "X-Signature",
          description:
            'Lower- or upper-case hex of HMAC-SHA256(secret key, X-Timestamp + "." + raw request body); ' +
            "the key is the secret key's text as shown (its characters as bytes), not base64-decoded.",
        },
      },
      schemas: {
        ErrorEnvelope: jsonSchema(responseEnvelopeSchema(z.null()), "output"),
        ErrorCode: {
          type: "string",
          enum: REFUSALS.map((refusal) => refusal.code),
        },
      },
    },
  };
}
