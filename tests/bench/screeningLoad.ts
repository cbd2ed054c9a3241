import { createHmac } from "node:crypto";
import net from "node:net";

/**
 * A closed-loop load generator on loopback: `concurrency` workers, each sending its next request as
 * soon as the previous answer is read, over its own keep-alive connection, until `requests` are sent
 * or `maxMs` has passed (a worker whose connection fails stops; its request counts as failed). Latency is measured per request from send to the last byte of the answer.
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
  /**
   * The i-th request (0-based). All are built before the clock starts (see requestsOf), well within
   * the screening API's 5-minute replay window.
   */
  request: (index: number) => LoadRequest;
}

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

/**
 * One keep-alive HTTP/1.1 connection of the generator, as lean as the measurement needs: a request
 * goes out as one prepared buffer and its answer is read by status line and Content-Length (the
 * server under test always sends one). Node's http client cost the generator about 0.2 ms of CPU per
 * request, taken from the same two cores as the server and PostgreSQL it measures.
 */
class LoadConnection {
  private received: Buffer = Buffer.alloc(0);
  private waiting: { resolve(status: number): void; reject(error: Error): void } | null = null;

  private constructor(private readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on("data", (chunk: Buffer) => this.read(chunk));
    const fail = (error: Error) => {
      this.waiting?.reject(error);
      this.waiting = null;
    };
    socket.on("error", fail);
    socket.on("close", () => fail(new Error("connection closed")));
  }

  static open(url: URL): Promise<LoadConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(url.port), url.hostname, () => resolve(new LoadConnection(socket)));
      socket.once("error", reject);
    });
  }

  send(request: Buffer): Promise<number> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private read(chunk: Buffer): void {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    const headerEnd = this.received.indexOf("\r\n\r\n");
    if (headerEnd < 0) return;
    const head = this.received.toString("latin1", 0, headerEnd);
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? Number.NaN);
    const waiting = this.waiting;
    if (Number.isNaN(length)) {
      this.waiting = null;
      waiting?.reject(new Error(`an answer without Content-Length: ${head.slice(0, 200)}`));
      return;
    }
    const end = headerEnd + 4 + length;
    if (this.received.length < end) return;
    this.received = this.received.subarray(end);
    this.waiting = null;
    waiting?.resolve(Number(head.slice(9, 12)));
  }
}

const requestBuffer = (url: URL, request: LoadRequest): Buffer => {
  const body = Buffer.from(request.body);
  const headers = Object.entries({ ...request.headers, "content-length": String(body.length) })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  return Buffer.concat([
    Buffer.from(`POST ${request.path} HTTP/1.1\r\nhost: ${url.host}\r\n${headers}\r\n`),
    body,
  ]);
};

/**
 * Every request of a run as the bytes to write, built before the run: during it the generator only
 * writes and reads its sockets. It shares the machine's two cores with the server and PostgreSQL,
 * whereas a shop's JSON and signing run on the shop's machine.
 */
const requestsOf = (url: URL, count: number, request: (index: number) => LoadRequest): Buffer[] =>
  Array.from({ length: count }, (_, index) => requestBuffer(url, request(index)));

/** Closes a run's connections and sums it up. */
function finish(
  connections: readonly LoadConnection[],
  run: { latenciesMs: number[]; failed: number; unexpected: Map<number, number>; started: number },
): LoadResult {
  const elapsedMs = performance.now() - run.started;
  for (const connection of connections) connection.close();
  return {
    sent: run.latenciesMs.length + run.failed,
    failed: run.failed,
    unexpected: run.unexpected,
    elapsedMs,
    latenciesMs: run.latenciesMs,
    perSecond: (run.latenciesMs.length / elapsedMs) * 1000,
  };
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.baseUrl);
  const connections = await Promise.all(
    Array.from({ length: options.concurrency }, () => LoadConnection.open(url)),
  );
  const requests = requestsOf(url, options.requests, options.request);
  const latenciesMs: number[] = [];
  const unexpected = new Map<number, number>();
  let next = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + options.maxMs;
  const worker = async (connection: LoadConnection) => {
    while (next < options.requests && performance.now() < deadline) {
      const request = requests[next++] as Buffer;
      const sentAt = performance.now();
      try {
        const status = await connection.send(request);
        latenciesMs.push(performance.now() - sentAt);
        if (status !== options.expectStatus) unexpected.set(status, (unexpected.get(status) ?? 0) + 1);
      } catch {
        failed++;
        return;
      }
    }
  };
  await Promise.all(connections.map(worker));
  return finish(connections, { latenciesMs, failed, unexpected, started });
}

export interface OpenLoadOptions {
  baseUrl: string;
  /** Requests offered per second, on a fixed schedule whatever the answers take. */
  ratePerSecond: number;
  requests: number;
  /** Connections kept open; a request due while all are busy waits for one (and that wait counts). */
  connections: number;
  expectStatus: number;
  request: (index: number) => LoadRequest;
}

/**
 * An open-loop load at a fixed rate: request i is due at start + i / rate and its latency runs from
 * that moment (so time spent waiting behind a slow answer counts: no coordinated omission). Tells
 * what latency shops see at that rate; a server slower than the rate falls behind and its latency
 * grows without bound, as it would in production.
 */
export async function runOpenLoad(options: OpenLoadOptions): Promise<LoadResult> {
  const url = new URL(options.baseUrl);
  const idle = await Promise.all(Array.from({ length: options.connections }, () => LoadConnection.open(url)));
  const all = [...idle];
  const requests = requestsOf(url, options.requests, options.request);
  const latenciesMs: number[] = [];
  const unexpected = new Map<number, number>();
  const due: { index: number; at: number }[] = [];
  let failed = 0;
  let scheduled = 0;
  let settled = 0;
  const started = performance.now();
  const intervalMs = 1000 / options.ratePerSecond;
  let allSettled: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    allSettled = resolve;
  });
  const dispatch = () => {
    while (idle.length > 0 && due.length > 0) {
      const connection = idle.pop() as LoadConnection;
      const { index, at } = due.shift() as { index: number; at: number };
      connection.send(requests[index] as Buffer).then(
        (status) => {
          latenciesMs.push(performance.now() - at);
          if (status !== options.expectStatus) unexpected.set(status, (unexpected.get(status) ?? 0) + 1);
          idle.push(connection);
          if (++settled === options.requests) allSettled();
          dispatch();
        },
        () => {
          failed++;
          if (++settled === options.requests) allSettled();
        },
      );
    }
  };
  while (scheduled < options.requests) {
    const now = performance.now();
    while (scheduled < options.requests && started + scheduled * intervalMs <= now) {
      due.push({ index: scheduled, at: started + scheduled * intervalMs });
      scheduled++;
    }
    dispatch();
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await done;
  return finish(all, { latenciesMs, failed, unexpected, started });
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
