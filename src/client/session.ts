import { z } from "zod";
import { type LoginInfo, loginInfoSchema, PRODUCT_KEY } from "../contract/auth.ts";
import { ENVIRONMENTS, type Environment } from "../contract/codes.ts";
import { type KeyValueStorage, readJson, writeJson } from "./browserStorage.ts";

/** Login info in localStorage under PRODUCT_KEY (spec section 3). A corrupt value reads as signed out. */
export function readLoginInfo(storage: KeyValueStorage = localStorage): LoginInfo | null {
  const parsed = loginInfoSchema.safeParse(readJson(storage, PRODUCT_KEY));
  return parsed.success ? parsed.data : null;
}

export function writeLoginInfo(info: LoginInfo, storage: KeyValueStorage = localStorage): void {
  writeJson(storage, PRODUCT_KEY, loginInfoSchema.parse(info));
  writeJson(storage, ENVIRONMENT_KEY, info.environment);
}

// The environment outlives a sign-out, so the login page keeps the header colour of its environment.
const ENVIRONMENT_KEY = `${PRODUCT_KEY}.environment`;

/** The environment of the last login in this browser; null before any. */
export function readLastEnvironment(storage: KeyValueStorage = localStorage): Environment | null {
  const parsed = z.enum(ENVIRONMENTS).safeParse(readJson(storage, ENVIRONMENT_KEY));
  return parsed.success ? parsed.data : null;
}

export const clearLoginInfo = (storage: KeyValueStorage = localStorage): void =>
  storage.removeItem(PRODUCT_KEY);

/** Logged in = the stored login info holds an operator or a user (spec section 2). */
export const isLoggedIn = (info: LoginInfo | null): boolean =>
  Boolean(info && info.loginToken !== "" && (info.loginOperator || info.loginUser));
