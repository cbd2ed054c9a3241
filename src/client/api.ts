import { createFetch } from "ofetch";
import { z } from "zod";
import type { LoginInfo } from "../contract/auth.ts";
import type { CallRequest, CallResult, CallSpec } from "../contract/call.ts";
import type { CallOutcome } from "../contract/callOutcome.ts";
import {
  DEFAULT_HEADER,
  type Lang,
  RESULT,
  type RequestEnvelope,
  type RequestInfo,
  responseEnvelopeSchema,
} from "../contract/envelope.ts";
import { trimDeep } from "./trimDeep.ts";

const anyEnvelope = responseEnvelopeSchema(z.unknown());

/** A real failure of a call (spec 8 "unexpected exception"): the network, or a body that is not our envelope. */
export class ApiFailure extends Error {
  constructor(
    readonly kind: "network" | "response",
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "ApiFailure";
  }
}

export interface ApiClientOptions {
  lang: () => Lang;
  loginInfo: () => LoginInfo | null;
  /** Shop ID override for calls made on behalf of another shop; the login company ID otherwise. */
  shopId?: () => string | undefined;
  /** Injected in tests; the browser's fetch otherwise. */
  fetch?: typeof globalThis.fetch;
}

export interface CallOptions {
  /**
   * A call the console makes on its own while the operator works (a job's status poll): it is not
   * counted for the overlay, which would otherwise cover the page and take the operator's clicks.
   */
  background?: boolean;
  /** Sent even when the page goes away meanwhile (fetch's keepalive): a call made as it is left. */
  keepalive?: boolean;
}

export interface ApiClient {
  call<C extends CallSpec>(
    spec: C,
    payload?: CallRequest<C>,
    options?: CallOptions,
  ): Promise<CallOutcome<CallResult<C>>>;
  /** Number of calls under way (background calls aside), for the overlay spinner. */
  pendingCalls(): number;
  onPendingChange(listener: () => void): () => void;
}

/** The request envelope of spec 7: header always, info {token, shopId} on every non-public call. */
export function buildEnvelope(
  spec: CallSpec,
  payload: unknown,
  lang: Lang,
  loginInfo: LoginInfo | null,
  shopIdOverride?: string,
): RequestEnvelope {
  const envelope: RequestEnvelope = {
    header: { ...DEFAULT_HEADER, lang },
    telegram: trimDeep(payload ?? {}),
  };
  if (spec.access.kind !== "public") envelope.info = requestInfo(loginInfo, shopIdOverride);
  return envelope;
}

// Without stored login info the server answers InvalidToken, which sends the operator to login.
const requestInfo = (loginInfo: LoginInfo | null, shopIdOverride?: string): RequestInfo => ({
  token: loginInfo?.loginToken ?? "",
  shopId: shopIdOverride ?? loginInfo?.loginOperator?.companyId ?? "",
});

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const $fetch = createFetch({ fetch: fetchImpl, Headers: globalThis.Headers });
  const listeners = new Set<() => void>();
  let pending = 0;
  const setPending = (delta: number) => {
    pending += delta;
    for (const listener of listeners) listener();
  };

  async function send(spec: CallSpec, payload: unknown, keepalive: boolean) {
    const body = buildEnvelope(spec, payload, options.lang(), options.loginInfo(), options.shopId?.());
    try {
      // HTTP error statuses with a body are ordinary answers (spec 7): the envelope decides.
      return await $fetch.raw(spec.path, {
        method: spec.method,
        body,
        credentials: "include",
        ignoreResponseError: true,
        responseType: "text",
        retry: 0,
        keepalive,
      });
    } catch (cause) {
      throw new ApiFailure("network", `${spec.name}: ${(cause as Error).message}`);
    }
  }

  return {
    async call<C extends CallSpec>(
      spec: C,
      payload?: CallRequest<C>,
      options: CallOptions = {},
    ): Promise<CallOutcome<CallResult<C>>> {
      const counted = options.background !== true;
      if (counted) setPending(1);
      try {
        const response = await send(spec, payload, options.keepalive === true);
        const parsed = anyEnvelope.safeParse(parseJson(response._data));
        if (!parsed.success)
          throw new ApiFailure("response", `${spec.name}: not a valid envelope`, response.status);
        const envelope = parsed.data;
        if (envelope.result !== RESULT.success || envelope.errors.length > 0) {
          return { ok: false, errors: envelope.errors };
        }
        // The result must match the call's contract; anything else is a broken answer, not a refusal.
        const result = spec.response.safeParse(envelope.telegram);
        if (!result.success)
          throw new ApiFailure(
            "response",
            `${spec.name}: result does not match the contract`,
            response.status,
          );
        return { ok: true, result: result.data as CallResult<C>, messages: envelope.messages };
      } finally {
        if (counted) setPending(-1);
      }
    },
    pendingCalls: () => pending,
    onPendingChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function parseJson(text: unknown): unknown {
  if (typeof text !== "string" || text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
