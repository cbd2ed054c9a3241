import { z } from "zod";
import { defineCall } from "./call.ts";
import { issue, rules } from "./validation.ts";

/**
 * Allowed IP addresses (spec section 2, /AllowedIpAddress): one list for the console and one for the
 * screening API, each saved whole by Update. An empty list allows every address.
 */
export const ALLOWED_IP_KINDS = ["console", "api"] as const;
export type AllowedIpKind = (typeof ALLOWED_IP_KINDS)[number];
export const DEFAULT_SUBNET = 32;
export const MAX_ALLOWED_IPS = 100;
/** The days of sign-ins the preview counts. */
export const PREVIEW_DAYS = 30;

export const allowedIpEntrySchema = z.object({
  address: z.string().trim().min(1, "validation.required").refine(rules.ipAddressV4, issue("ipAddressV4")),
  /** 0 to 32; the screen's text box sends text, a client may send a number. */
  subnet: z
    .union([z.string().trim(), z.number()])
    .optional()
    .refine((v) => v === undefined || v === "" || rules.ipAddressV4Subnet(v), issue("ipAddressV4Subnet"))
    .transform((v) => (v === undefined || v === "" ? DEFAULT_SUBNET : Number(v))),
});
export type AllowedIpEntry = z.output<typeof allowedIpEntrySchema>;

/** The list as a whole: an address added twice is refused at its second row ("It is already added."). */
const entriesField = z
  .array(allowedIpEntrySchema)
  .max(MAX_ALLOWED_IPS, issue("maxValues", { max: MAX_ALLOWED_IPS }))
  .superRefine((entries, context) => {
    entries.forEach((entry, index) => {
      const before = entries.slice(0, index).map((earlier) => earlier.address);
      if (!rules.uniqueIpAddress(entry.address, before))
        context.addIssue({ code: "custom", path: [index, "address"], ...issue("uniqueIpAddress") });
    });
  });

const savedEntrySchema = z.object({ address: z.string(), subnet: z.number().int() });

export const allowedIpList = defineCall({
  name: "allowedIpList",
  method: "POST",
  path: "/api/v3/screen/allowedIpList",
  access: { kind: "read", screenId: "AllowedIpAddress" },
  request: z.object({}).strict(),
  response: z.object({
    console: z.array(savedEntrySchema),
    api: z.array(savedEntrySchema),
    /** The address this call came from, as the console's list judges it. */
    yourAddress: z.string(),
  }),
});

export const allowedIpUpdate = defineCall({
  name: "allowedIpUpdate",
  method: "PUT",
  path: "/api/v3/screen/allowedIpUpdate",
  access: { kind: "write", screenId: "AllowedIpAddress" },
  request: z
    .object({ kind: z.enum(ALLOWED_IP_KINDS, "validation.invalidType"), entries: entriesField })
    .strict(),
  response: z.object({ entries: z.array(savedEntrySchema) }),
});

export const refusedSourceSchema = z.object({ address: z.string(), count: z.number().int() });

export const allowedIpPreview = defineCall({
  name: "allowedIpPreview",
  method: "POST",
  path: "/api/v3/screen/allowedIpPreview",
  access: { kind: "read", screenId: "AllowedIpAddress" },
  request: z
    .object({ kind: z.enum(ALLOWED_IP_KINDS, "validation.invalidType"), entries: entriesField })
    .strict(),
  response: z.object({
    days: z.number().int(),
    /** Console sign-ins of the last PREVIEW_DAYS days the list would refuse, by source address. */
    refusedSignIns: z.number().int(),
    refusedSignInSources: z.array(refusedSourceSchema),
    /**
     * Screening API calls of the last PREVIEW_DAYS days (UTC days) the list would refuse, by source
     * address (api_call_sources). The console's list refuses none (0); null where they are not known.
     */
    refusedApiCalls: z.number().int().nullable(),
    refusedApiCallSources: z.array(refusedSourceSchema),
  }),
});
