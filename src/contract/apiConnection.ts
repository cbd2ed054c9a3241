import { z } from "zod";
import { defineCall } from "./call.ts";
import { DATE_RANGE, inInstantRange, issue } from "./validation.ts";

/**
 * API connection information (spec section 2): what a shop needs to call the screening API.
 * The secret key never travels in the read call: it is masked there, and only operators with write
 * permission on ApiConnectionInfo may reveal it or rotate it.
 */
export const apiConnectionInfoSchema = z.object({
  companyId: z.string(),
  applicationId: z.string(),
  /** The last four characters only, e.g. "••••••••wXyZ". */
  secretKeyMasked: z.string(),
  screeningModel: z.object({ modelId: z.string(), modelName: z.string() }),
  rotatedAt: z.string(),
});
export type ApiConnectionInfo = z.infer<typeof apiConnectionInfoSchema>;

export const apiConnectionInfo = defineCall({
  name: "apiConnectionInfo",
  method: "POST",
  path: "/api/v3/screen/apiConnectionInfo",
  access: { kind: "read", screenId: "ApiConnectionInfo" },
  request: z.object({}).strict().optional(),
  response: apiConnectionInfoSchema,
});

export const apiSecretReveal = defineCall({
  name: "apiSecretReveal",
  method: "POST",
  path: "/api/v3/screen/apiConnectionInfo/reveal",
  access: { kind: "write", screenId: "ApiConnectionInfo" },
  request: z.object({}).strict().optional(),
  response: z.object({ secretKey: z.string() }),
});

/**
 * Issues a new secret key; the old one stops working at once. Answers the new key once. `rotatedAt`
 * is the info's as the operator saw it (the key's version): when another rotation came since, nothing
 * changes and the answer is InvalidData.Conflict (015).
 */
export const apiSecretRotate = defineCall({
  name: "apiSecretRotate",
  method: "POST",
  path: "/api/v3/screen/apiConnectionInfo/rotate",
  access: { kind: "write", screenId: "ApiConnectionInfo" },
  request: z
    .object({
      rotatedAt: z.iso
        .datetime({ offset: true, message: "validation.isoDateTime" })
        .refine(inInstantRange, issue("dateRange", DATE_RANGE)),
    })
    .strict(),
  response: z.object({ info: apiConnectionInfoSchema, secretKey: z.string() }),
});
