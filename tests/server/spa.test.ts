import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_META } from "../../src/contract/pageMeta.ts";
import { injectSettings } from "../../src/server/plugins/spa.ts";
import { createTestApp, type TestApp } from "./helpers/testApp.ts";

const INDEX = `<!doctype html>
<html lang="ja">
  <head>
    <title>console</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe("index.html carries the server's settings", () => {
  let t: TestApp;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(os.tmpdir(), "console-client-"));
    await writeFile(path.join(clientDir, "index.html"), INDEX);
    t = await createTestApp("pglite", {
      clientDir,
      env: { CONSOLE_ENV: "PRD", FAQ_URL: "https://faq.example.com/console?a=1&b=2" },
    });
  });
  afterAll(async () => {
    await t?.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it("on every route, /v3/ and /v3/index.html included, inside the head", async () => {
    for (const route of [
      "/v3/",
      "/v3/index.html",
      "/v3/login",
      "/v3/EventList",
      "/v3/PasswordChange?token=x",
    ]) {
      const page = await t.app.inject({ method: "GET", url: route });
      expect(page.statusCode, route).toBe(200);
      expect(page.headers["content-type"], route).toContain("text/html");
      expect(page.headers["cache-control"], route).toBe("no-cache");
      const head = page.body.slice(0, page.body.indexOf("</head>"));
      expect(head, route).toContain(`<meta name="${PAGE_META.environment}" content="PRD" />`);
      expect(head, route).toContain(
        `<meta name="${PAGE_META.faqUrl}" content="https://faq.example.com/console?a=1&#38;b=2" />`,
      );
    }
  });

  it("HTML-escapes the values and leaves the FAQ out when there is none", () => {
    const html = injectSettings(INDEX, { environment: `"><script>`, faqUrl: undefined });
    expect(html).toContain(`content="&#34;&#62;&#60;script&#62;"`);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain(PAGE_META.faqUrl);
    // A page without a head still gets the tags (the parser puts them into the head).
    expect(injectSettings("<!doctype html><title>x</title>", { environment: "TST", faqUrl: undefined })).toBe(
      `<!doctype html><meta name="${PAGE_META.environment}" content="TST" /><title>x</title>`,
    );
  });
});
