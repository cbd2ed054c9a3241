import { describe, expect, it } from "vitest";
import { preloadRoute } from "../../../src/app/routeChunks.ts";
import { protectedScreenAt } from "../../../src/app/screenPaths.ts";

describe("protectedScreenAt (the screen a path shows and whose chunks it preloads)", () => {
  it("finds a protected screen by its spec path, as the router matches it", () => {
    expect(protectedScreenAt("/EventList")).toBe("EventList");
    expect(protectedScreenAt("/eventlist/")).toBe("EventList");
    expect(protectedScreenAt("/EventDetail?eventId=E1")).toBe("EventDetail");
  });

  it("matches a route with a path parameter, one segment per parameter", () => {
    expect(protectedScreenAt("/keywordList/ABC")).toBe("KeywordList");
    expect(protectedScreenAt("/keywordlist/gift%20card/")).toBe("KeywordList");
    expect(protectedScreenAt("/keywordList/ABC/new")).toBe("KeywordAdd");
    expect(protectedScreenAt("/white/new")).toBe("WhiteAdd");
    expect(protectedScreenAt("/keywordList")).toBeUndefined();
    expect(protectedScreenAt("/keywordList/A/B")).toBeUndefined();
    expect(protectedScreenAt("/keywordList/:category")).toBe("KeywordList");
  });

  it("finds none on public, unknown or longer paths", () => {
    expect(protectedScreenAt("/login")).toBeUndefined();
    expect(protectedScreenAt("/")).toBeUndefined();
    expect(protectedScreenAt("/EventListX")).toBeUndefined();
    expect(protectedScreenAt("/EventList/E1")).toBeUndefined();
    expect(protectedScreenAt("/Event.List")).toBeUndefined();
  });

  it("preloads nothing for a public path, and settles", async () => {
    await expect(preloadRoute("/login")).resolves.toBeUndefined();
  });
});
