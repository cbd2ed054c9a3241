import { describe, expect, it } from "vitest";
import { preloadRoute, protectedScreenAt } from "../../../src/app/routeChunks.ts";

describe("protectedScreenAt (the screen whose chunks a path preloads)", () => {
  it("finds a protected screen by its spec path, as the router matches it", () => {
    expect(protectedScreenAt("/EventList")).toBe("EventList");
    expect(protectedScreenAt("/eventlist/")).toBe("EventList");
    expect(protectedScreenAt("/EventDetail?eventId=E1")).toBe("EventDetail");
  });

  it("finds none on public, unknown or longer paths", () => {
    expect(protectedScreenAt("/login")).toBeUndefined();
    expect(protectedScreenAt("/")).toBeUndefined();
    expect(protectedScreenAt("/EventListX")).toBeUndefined();
    expect(protectedScreenAt("/EventList/E1")).toBeUndefined();
  });

  it("preloads nothing for a public path, and settles", async () => {
    await expect(preloadRoute("/login")).resolves.toBeUndefined();
  });
});
