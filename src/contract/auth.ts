import { z } from "zod";
import { defineCall } from "./call.ts";
import { CONTRACT_DIV, ENVIRONMENTS } from "./codes.ts";
import { companyIdField, emailField, passwordField } from "./validation.ts";

/** Login info kept in localStorage under PRODUCT_KEY (spec section 3). */
export const PRODUCT_KEY = "fraudConsole";

export const loginOperatorSchema = z.object({
  operatorId: z.string(),
  contractDiv: z.enum([CONTRACT_DIV.standard, CONTRACT_DIV.checker]),
  companyId: z.string(),
  companyName: z.string(),
  operatorName: z.string(),
});
export type LoginOperator = z.infer<typeof loginOperatorSchema>;

export const loginInfoSchema = z.object({
  /** Per-session anti-forgery value, sent back as info.token; the session secret itself is an HttpOnly cookie. */
  loginToken: z.string(),
  loginUser: z.null().optional(),
  loginOperator: loginOperatorSchema.nullable(),
  environment: z.enum(ENVIRONMENTS),
});
export type LoginInfo = z.infer<typeof loginInfoSchema>;

export const trialSchema = z.object({
  count: z.number().int().nonnegative(),
  /** Never the limit itself (spec section 1): only whether it is reached. */
  limitReached: z.boolean(),
  start: z.string().nullable(),
  end: z.string().nullable(),
});
export type Trial = z.infer<typeof trialSchema>;

export const login = defineCall({
  name: "login",
  method: "POST",
  path: "/api/v3/screen/login",
  access: { kind: "public" },
  request: z
    .object({
      companyId: companyIdField,
      email: z.string().min(1).max(254),
      password: z.string().min(1).max(200),
    })
    .strict(),
  response: loginInfoSchema,
});

export const logout = defineCall({
  name: "logout",
  method: "PUT",
  path: "/api/v3/screen/logout",
  access: { kind: "session" },
  request: z.object({}).strict().optional(),
  response: z.object({}),
});

/** Company, operator and trial of the current session, for the top bar and the restore check. */
export const sessionInfo = defineCall({
  name: "sessionInfo",
  method: "POST",
  path: "/api/v3/screen/sessionInfo",
  access: { kind: "session" },
  request: z.object({}).strict().optional(),
  response: z.object({
    loginOperator: loginOperatorSchema,
    environment: z.enum(ENVIRONMENTS),
    trial: trialSchema.nullable(),
  }),
});

export const passwordChangeRequest = defineCall({
  name: "passwordChangeRequest",
  method: "POST",
  path: "/api/v3/screen/passwordChangeRequest",
  access: { kind: "public" },
  request: z.object({ companyId: companyIdField, email: emailField }).strict(),
  response: z.object({}),
});

/**
 * Checks a reset token on entering /PasswordChange: 910 invalid, 919 expired; else its expiry, as the
 * instant shown and as the milliseconds left by the server's clock, which the screen counts down from
 * (the browser's clock may be off by more than the link's lifetime).
 */
export const passwordChangeCheck = defineCall({
  name: "passwordChangeCheck",
  method: "POST",
  path: "/api/v3/screen/passwordChangeCheck",
  access: { kind: "public" },
  request: z.object({ token: z.string().min(1).max(200) }).strict(),
  response: z.object({ expiresAt: z.string(), remainingMs: z.number().int().nonnegative() }),
});

export const passwordChange = defineCall({
  name: "passwordChange",
  method: "POST",
  path: "/api/v3/screen/passwordChange",
  access: { kind: "public" },
  request: z
    .object({
      token: z.string().min(1).max(200),
      password: passwordField,
      passwordConfirmation: z.string().max(200),
    })
    .strict(),
  response: z.object({}),
});
