import { createHmac } from "node:crypto";
import http from "node:http";

/**
 * A closed-loop load generator on loopback: `concurrency` workers, each sending its next request as
 * soon as the previous answer is read, over keep-alive connections, until `requests` are sent or
 * `maxMs` has passed. Latency is measured per request from send to the last byte of the answer.
 */

export interface LoadRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface LoadResult {
  sent: number;
  failed: number;
  /** Status codes other than the expected one, with their counts. */
  unexpected: Map<number, number>;
  elapsedMs: number;
  latenciesMs: number[];
  perSecond: number;
}

export interface LoadOptions {
  baseUrl: string;
  concurrency: number;
  requests: number;
  maxMs: number;
  expectStatus: number;
  /** The i-th request (0-based); called just before it is sent, so timestamps are fresh. */
  request: (index: number) => LoadRequest;
}

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

function send(agent: http.Agent, url: URL, request: LoadRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: request.path,
        method: "POST",
        headers: { ...request.headers, "content-length": Buffer.byteLength(request.body) },
      },
      (response) => {
        response.on("data", () => {});
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(request.body);
  });
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latenciesMs: number[] = [];
  const unexpected = new Map<number, number>();
  let next = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + options.maxMs;
  const worker = async () => {
    while (next < options.requests && performance.now() < deadline) {
      const request = options.request(next++);
      const sentAt = performance.now();
      try {
        const status = await send(agent, url, request);
        latenciesMs.push(performance.now() - sentAt);
        if (status !== options.expectStatus) unexpected.set(status, (unexpected.get(status) ?? 0) + 1);
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const elapsedMs = performance.now() - started;
  agent.destroy();
  return {
    sent: latenciesMs.length + failed,
    failed,
    unexpected,
    elapsedMs,
    latenciesMs,
    perSecond: (latenciesMs.length / elapsedMs) * 1000,
  };
}

/** A screening API request as a shop sends it: envelope, X-Timestamp and the HMAC-SHA256 signature. */
export function signedShopRequest(
  path: string,
  info: { companyId: string; applicationId: string },
  secret: string,
  telegram: unknown,
): LoadRequest {
  const body = JSON.stringify({
    header: { lang: "en", tz: "Asia/Tokyo", currency: "JPY", version: "3.0" },
    info,
    telegram,
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return {
    path,
    headers: { "content-type": "application/json", "x-timestamp": timestamp, "x-signature": signature },
    body,
  };
}
