import type { FastifyReply } from "fastify";
import type { Config } from "../config.ts";

export const SESSION_COOKIE = "sid";

const cookieOptions = (config: Config) => ({
  path: "/",
  httpOnly: true,
  sameSite: "strict" as const,
  secure: config.publicUrl.startsWith("https:"),
});

/** The session secret lives only in this cookie; the browser's script never sees it. */
export const setSessionCookie = (reply: FastifyReply, config: Config, secret: string) =>
  reply.setCookie(SESSION_COOKIE, secret, cookieOptions(config));

export const clearSessionCookie = (reply: FastifyReply, config: Config) =>
  reply.clearCookie(SESSION_COOKIE, cookieOptions(config));
