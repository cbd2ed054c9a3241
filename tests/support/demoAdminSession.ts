import { DEFAULT_HEADER, type Lang } from "../../src/contract/envelope.ts";
import { DEMO_PASSWORD } from "../../src/server/seed/demoSeed.ts";

/** DEMO's administrator signed in to a real server process (benchmarks, the first-start test): the cookie and the anti-forgery token. */
export interface DemoAdminSession {
  url: string;
  lang: Lang;
  cookie: string;
  token: string;
}

const COMPANY = "DEMO";

export async function signInDemoAdmin(url: string, lang: Lang): Promise<DemoAdminSession> {
  const response = await fetch(`${url}/api/v3/screen/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      header: { lang, ...DEFAULT_HEADER },
      telegram: { companyId: COMPANY, email: "admin@demo.example", password: DEMO_PASSWORD },
    }),
  });
  const body = (await response.json()) as { telegram: { loginToken: string } };
  const cookie = /sid=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
  if (response.status !== 200 || !cookie) throw new Error(`bench login failed: ${response.status}`);
  return { url, lang, cookie, token: body.telegram.loginToken };
}

/** One console call in the session; fails on any error answer. */
export async function callInSession<T>(
  session: DemoAdminSession,
  spec: { path: string },
  telegram: unknown,
): Promise<{ response: Response; telegram: T }> {
  const response = await fetch(`${session.url}${spec.path}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `sid=${session.cookie}` },
    body: JSON.stringify({
      header: { lang: session.lang, ...DEFAULT_HEADER },
      info: { token: session.token, shopId: COMPANY },
      telegram,
    }),
  });
  const body = (await response.json()) as { errors: unknown[]; telegram: T };
  if (response.status !== 200 || body.errors.length > 0)
    throw new Error(`${spec.path} answered ${response.status} ${JSON.stringify(body.errors)}`);
  return { response, telegram: body.telegram };
}
