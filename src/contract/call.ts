import type { z } from "zod";
import type { ScreenId } from "./screens.ts";

/**
 * One console call: method, path, who may make it and the shapes of its telegram payload and result.
 * The server registers a route from it (src/server/routes) and the client calls through it
 * (src/client/api.ts), so both sides share one definition.
 *
 * access: "public" needs no session; "session" needs any signed-in operator; otherwise the operator's
 * permission for `screenId` must be at least readable ("read") or writable ("write"), and read
 * permission on `alsoReads` (by default the screen a dialog opens from, screenWithin) besides.
 */
export type CallAccess =
  | { kind: "public" }
  | { kind: "session" }
  | { kind: "read" | "write"; screenId: ScreenId; alsoReads?: ScreenId };

export interface CallSpec<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  name: string;
  method: "POST" | "PUT" | "DELETE";
  path: `/api/v3/${string}`;
  access: CallAccess;
  request: Req;
  response: Res;
}

export const defineCall = <Req extends z.ZodType, Res extends z.ZodType>(spec: CallSpec<Req, Res>) => spec;

export type CallRequest<C extends CallSpec> = z.input<C["request"]>;
export type CallResult<C extends CallSpec> = z.output<C["response"]>;
