import { afterEach, describe, expect, it, vi } from "vitest";
import { withTimeout } from "../../../src/app/withTimeout.ts";
import { CHUNK_LOAD_TIMEOUT_MS } from "../../../src/contract/codes.ts";

describe("withTimeout (chunk load time-out, spec section 4)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("passes on a chunk that loads in time", async () => {
    await expect(withTimeout(Promise.resolve("chunk"), CHUNK_LOAD_TIMEOUT_MS, "chunk")).resolves.toBe(
      "chunk",
    );
  });

  it("passes on a failed load", async () => {
    await expect(
      withTimeout(Promise.reject(new Error("404")), CHUNK_LOAD_TIMEOUT_MS, "chunk"),
    ).rejects.toThrow("404");
  });

  it("rejects once 120 s have passed without the chunk", async () => {
    vi.useFakeTimers();
    const never = new Promise<string>(() => {});
    const loading = withTimeout(never, CHUNK_LOAD_TIMEOUT_MS, "chunk");
    const outcome = expect(loading).rejects.toThrow("longer than 120000 ms");
    vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS - 1);
    await Promise.resolve();
    vi.advanceTimersByTime(1);
    await outcome;
  });
});
