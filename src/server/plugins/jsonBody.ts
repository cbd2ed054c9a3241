import type { FastifyInstance, FastifyRequest } from "fastify";
import { MAX_JSON_DEPTH } from "../../contract/envelope.ts";
import { ERROR } from "../../contract/errors.ts";
import { ApiError } from "../apiError.ts";

/** Whether a parsed JSON value nests deeper than `max` arrays and objects (an iterative walk). */
export function jsonDepthExceeds(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (item === null || typeof item !== "object") continue;
    if (depth >= max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

type ParserDone = (error: Error | null, body?: unknown) => void;

/** Fastify's JSON parser (prototype poisoning refused) followed by the depth check (BadEnvelope). */
export function depthCheckedJsonParser(
  app: FastifyInstance,
): (request: FastifyRequest, body: string, done: ParserDone) => void {
  const parse = app.getDefaultJsonParser("error", "error");
  return (request, body, done) =>
    parse(request, body, (error: Error | null, value?: unknown) => {
      if (error) return done(error);
      if (jsonDepthExceeds(value, MAX_JSON_DEPTH)) return done(new ApiError(ERROR.badEnvelope));
      done(null, value);
    });
}
