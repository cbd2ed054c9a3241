import type { FastifyInstance } from "fastify";
import {
  login,
  logout,
  passwordChange,
  passwordChangeCheck,
  passwordChangeRequest,
  sessionInfo,
} from "../../contract/auth.ts";
import { ERROR } from "../../contract/errors.ts";
import { ApiError } from "../apiError.ts";
import { registerCall } from "../plugins/registerCall.ts";
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from "../plugins/sessionCookie.ts";
import type { createAuthService } from "../services/authService.ts";
import type { ServiceDeps } from "../services/deps.ts";
import type { createPasswordResetService } from "../services/passwordResetService.ts";
import { sha256 } from "../services/secrets.ts";
import type { SessionService } from "../services/sessionService.ts";
import { sessionSummary } from "../services/sessionSummary.ts";

export interface AuthRouteDeps {
  deps: ServiceDeps;
  sessions: SessionService;
  auth: ReturnType<typeof createAuthService>;
  passwordReset: ReturnType<typeof createPasswordResetService>;
}

export function registerAuthRoutes(
  app: FastifyInstance,
  { deps, sessions, auth, passwordReset }: AuthRouteDeps,
) {
  registerCall(app, login, async ({ telegram, request, reply }) => {
    const result = await auth.login({ ...telegram, sourceIp: request.ip }, request.log);
    // A browser that logs in again leaves its previous session behind: end it.
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await sessions.revoke(sha256(previous));
    setSessionCookie(reply, deps.config, result.session.secret);
    return { telegram: result.loginInfo };
  });

  registerCall(app, logout, async ({ auth: signedIn, reply, request }) => {
    await auth.logout(signedIn(), request.ip);
    clearSessionCookie(reply, deps.config);
    return { telegram: {} };
  });

  registerCall(app, sessionInfo, async ({ auth: signedIn }) => {
    const summary = await sessionSummary(deps, signedIn());
    if (!summary) throw new ApiError(ERROR.invalidToken);
    return { telegram: summary };
  });

  registerCall(app, passwordChangeRequest, async ({ telegram, request }) => {
    await passwordReset.request(telegram.companyId, telegram.email, request.log);
    return { telegram: {}, messages: ["007"] };
  });

  registerCall(app, passwordChangeCheck, async ({ telegram }) => ({
    telegram: await passwordReset.check(telegram.token),
  }));

  registerCall(app, passwordChange, async ({ telegram, request }) => {
    if (telegram.password !== telegram.passwordConfirmation) throw new ApiError(ERROR.passwordMismatch);
    await passwordReset.change(telegram.token, telegram.password, request.log);
    return { telegram: {}, messages: ["006"] };
  });
}
