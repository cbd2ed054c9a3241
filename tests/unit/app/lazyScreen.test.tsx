import { Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyScreen } from "../../../src/app/lazyScreen.tsx";

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

/** A chunk whose import is under the test's control, counting how often it was asked for. */
function chunk() {
  const imports: {
    resolve: (module: { Greeting: typeof Greeting }) => void;
    reject: (error: Error) => void;
  }[] = [];
  const load = () =>
    new Promise<{ Greeting: typeof Greeting }>((resolve, reject) => imports.push({ resolve, reject }));
  return { imports, screen: lazyScreen(load, (m) => m.Greeting) };
}

const shown = (Screen: (props: { name: string }) => React.ReactNode) =>
  renderToString(
    <Suspense fallback={<p>Loading</p>}>
      <Screen name="Sato" />
    </Suspense>,
  );

describe("lazyScreen (chunks shown at once when loaded, spec section 4's chunk time-out aside)", () => {
  it("renders a preloaded screen at once, without the Suspense fallback", async () => {
    const { imports, screen } = chunk();
    const preloaded = screen.preload();
    imports[0]?.resolve({ Greeting });
    await preloaded;
    expect(shown(screen)).toContain("Hello <!-- -->Sato");
    expect(imports).toHaveLength(1);
  });

  it("suspends a screen whose chunk is still loading, and loads it once however often it is asked", () => {
    const { imports, screen } = chunk();
    void screen.preload();
    void screen.preload();
    expect(shown(screen)).toContain("Loading");
    expect(imports).toHaveLength(1);
  });

  it("settles a failed preload without an error, and the next attempt imports the chunk again", async () => {
    const { imports, screen } = chunk();
    const failed = screen.preload();
    imports[0]?.reject(new Error("404"));
    await expect(failed).resolves.toBeUndefined();
    const retried = screen.preload();
    expect(imports).toHaveLength(2);
    imports[1]?.resolve({ Greeting });
    await retried;
    expect(shown(screen)).toContain("Hello");
  });
});
