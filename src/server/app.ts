import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { MAX_BODY_BYTES } from "../contract/envelope.ts";
import { createAuditLogService } from "./audit/auditLogService.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/schema.ts";
import type { TenantCopy } from "./db/tenantCopy.ts";
import { purgeExpiredAuditLog } from "./jobs/auditLogPurge.ts";
import { sweepExpiredDownloads } from "./jobs/downloadLinks.ts";
import { createJobWorker, type JobWorker } from "./jobs/jobWorker.ts";
import { sendNotificationDigests } from "./jobs/notificationDigest.ts";
import { purgeSpentResetTokens } from "./jobs/passwordResetTokenPurge.ts";
import { foldReportTallies } from "./jobs/reportTallyFold.ts";
import { purgeEndedSessions } from "./jobs/sessionPurge.ts";
import type { Mailer } from "./mail/mailer.ts";
import { PACKAGE_ROOT } from "./packageRoot.ts";
import { apiFrameworkErrors, apiNotFound, installApiErrors } from "./plugins/apiErrors.ts";
import { requestLang, sendError } from "./plugins/envelope.ts";
import { utf8JsonParser } from "./plugins/jsonBody.ts";
import { installJsonCompression } from "./plugins/jsonCompression.ts";
import { loggerOptions } from "./plugins/logging.ts";
import { installRequestGuard } from "./plugins/requestGuard.ts";
import { installSecurityHeaders } from "./plugins/securityHeaders.ts";
import { installSignedOutRateLimit } from "./plugins/signedOutRateLimit.ts";
import { installSpa } from "./plugins/spa.ts";
import { registerAllowedIpRoutes } from "./routes/allowedIp.ts";
import { registerApiConnectionRoutes } from "./routes/apiConnection.ts";
import { registerAuditLogRoutes } from "./routes/auditLog.ts";
import { registerAuthRoutes } from "./routes/auth.ts";
import { registerDownloadRoutes } from "./routes/download.ts";
import { registerEventActionRoutes } from "./routes/eventActions.ts";
import { registerEventDetailRoutes } from "./routes/eventDetail.ts";
import { registerEventDisplayFormatRoutes } from "./routes/eventDisplayFormat.ts";
import { registerEventExportRoutes } from "./routes/eventExport.ts";
import { registerEventListRoutes } from "./routes/eventList.ts";
import { registerKeywordRoutes } from "./routes/keywords.ts";
import { registerNegativeListRoutes } from "./routes/negativeList.ts";
import { registerOperatorRoutes } from "./routes/operators.ts";
import { registerPermissionRoutes } from "./routes/permissions.ts";
import { registerReleasedRuleRoutes } from "./routes/releasedRules.ts";
import { registerReportRoutes } from "./routes/report.ts";
import { registerRoleRoutes } from "./routes/roles.ts";
import { registerScreeningApiRoutes } from "./routes/screeningApi.ts";
import { registerUploadRoutes } from "./routes/uploads.ts";
import { registerWhiteListRoutes } from "./routes/whiteList.ts";
import { createAllowedIpAdminService } from "./services/admin/allowedIpAdminService.ts";
import { createOperatorService } from "./services/admin/operatorService.ts";
import { createRoleService } from "./services/admin/roleService.ts";
import { createApiCallCounter } from "./services/apiCallCounter.ts";
import { createApiConnectionService } from "./services/apiConnectionService.ts";
import { createAuthService } from "./services/authService.ts";
import { type CredentialCipher, loadCredentialCipher } from "./services/credentialCipher.ts";
import type { ServiceDeps } from "./services/deps.ts";
import { createDownloadService } from "./services/downloadService.ts";
import { createEventActionService } from "./services/eventActions/eventActionService.ts";
import { createEventDetailService } from "./services/eventDetail/eventDetailService.ts";
import { createEventDisplayFormatService } from "./services/eventDisplayFormatService.ts";
import { eventExportJob } from "./services/eventExport/eventExportJob.ts";
import { EVENT_CSV_JOB } from "./services/eventExport/eventExportPayload.ts";
import { createEventListService } from "./services/eventSearch/eventListService.ts";
import { createKeywordService } from "./services/lists/keywordService.ts";
import { negativeExportJob } from "./services/lists/negativeExportJob.ts";
import { NEGATIVE_CSV_JOB } from "./services/lists/negativeExportPayload.ts";
import { createNegativeExportService } from "./services/lists/negativeExportService.ts";
import { createNegativeListService } from "./services/lists/negativeListService.ts";
import { createWhiteListService } from "./services/lists/whiteListService.ts";
import { createPasswordResetService } from "./services/passwordResetService.ts";
import { createReleasedRuleService } from "./services/releasedRuleService.ts";
import { createReportService } from "./services/report/reportService.ts";
import { createSessionService } from "./services/sessionService.ts";
import { releaseOrphanEventHolds } from "./uploads/eventRefs.ts";
import { sweepOrphanUploadFiles } from "./uploads/orphanFileSweep.ts";
import { ROW_HANDLERS, uploadJobKind } from "./uploads/uploadFileTypes.ts";
import { uploadJob } from "./uploads/uploadJob.ts";

export const DEFAULT_CLIENT_DIR = path.join(PACKAGE_ROOT, "dist/client");

declare module "fastify" {
  interface FastifyInstance {
    /** The background job worker (src/server/jobs); started by server.ts, stopped on close. */
    jobs: JobWorker;
  }
}

export interface AppOptions {
  config: Config;
  db: Kysely<Database>;
  /** The database's binary COPY (DatabaseHandle.copy), where it has one. */
  copy?: TenantCopy | undefined;
  mailer: Mailer;
  /** The clock; tests move it to check timeouts and lockouts. */
  now?: () => Date;
  /** Where log lines go (stdout by default); tests read them to prove redaction. */
  logStream?: NodeJS.WritableStream;
  /** The Vite build to serve under /v3/. */
  clientDir?: string;
  /** Called with the app before its not-found handling is sealed, to add routes (tests add test-only calls). */
  extraRoutes?: (app: FastifyInstance) => void | Promise<void>;
  /** Encrypts the stored API secrets; by default from CREDENTIAL_KEY or DATA_DIR/credential.key. */
  credentials?: CredentialCipher;
}

/** The console's HTTP application, ready for inject() or listen(); it does not open or migrate the db. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db, mailer } = options;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: config.trustProxy,
    // A client that sends its request slowly (or not at all) is cut off (docs/operations.md).
    requestTimeout: config.requestTimeoutSeconds * 1000,
    connectionTimeout: config.connectionTimeoutSeconds * 1000,
    // A path Fastify cannot decode (/api/v3/screen/%ff) is answered like any other refusal.
    frameworkErrors: apiFrameworkErrors(config.publicUrl.startsWith("https:")),
  });
  // Node enforces requestTimeout only once headersTimeout (60 s by default) is no longer than it, and
  // checks both every connectionsCheckingInterval (30 s by default): without these a slow body ran on.
  app.server.headersTimeout = Math.min(app.server.headersTimeout, config.requestTimeoutSeconds * 1000);
  Object.assign(app.server, { connectionsCheckingInterval: 1000 }); // read at listen; not in @types/node
  app.decorate("apiPaths", new Set<string>());
  // Only JSON is a console call; text/plain would otherwise be accepted as a string body.
  app.removeContentTypeParser("text/plain");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, utf8JsonParser(app));

  const pending = new Set<Promise<unknown>>();
  const defer: ServiceDeps["defer"] = (what, task) => {
    const running: Promise<unknown> = task()
      .catch((error: unknown) => app.log.error({ err: error, task: what }, "deferred task failed"))
      .finally(() => pending.delete(running));
    pending.add(running);
  };
  app.addHook("onClose", async () => {
    await Promise.allSettled([...pending]);
  });

  const deps: ServiceDeps = { db, copy: options.copy, config, mailer, now, defer };
  const sessions = createSessionService(deps);
  // Background jobs (CSV output): the server starts the worker once listening; closing stops it.
  const jobs = createJobWorker({ db, now, log: app.log });
  app.decorate("jobs", jobs);
  app.addHook("onClose", () => jobs.stop());
  // Ended sessions and spent password reset tokens go after their retention (jobs/*Purge.ts).
  jobs.addSweeper("ended sessions", () => purgeEndedSessions(db, config, now()));
  jobs.addSweeper("spent password reset tokens", () => purgeSpentResetTokens(db, now()));
  jobs.addSweeper("expired audit log rows", () => purgeExpiredAuditLog(db, config, now()));
  // Rule-trigger / screening-result digests, at most one per tenant and interval (jobs/notificationDigest.ts).
  jobs.addSweeper("notification digests", () =>
    sendNotificationDigests({ db, config, mailer, now, log: app.log }),
  );
  // The report's day tallies: each key's delta rows folded into one (jobs/reportTallyFold.ts).
  jobs.addSweeper("report tally deltas", () => foldReportTallies(db));
  // The event CSV output's job, and the sweep of the download files it leaves.
  jobs.register(EVENT_CSV_JOB, eventExportJob(deps));
  // The negative list's CSV output job: its files are the event export's (same sweep).
  jobs.register(NEGATIVE_CSV_JOB, negativeExportJob(deps));
  jobs.addSweeper("expired downloads", () => sweepExpiredDownloads(db, config.dataDir, now()));
  // Each CSV upload file type's job, and the sweep of file pieces no job took up.
  for (const handler of ROW_HANDLERS.values())
    jobs.register(uploadJobKind(handler.fileType), uploadJob(deps, handler));
  jobs.addSweeper("orphan upload files", () => sweepOrphanUploadFiles(db, now()));
  jobs.addSweeper("events held by ended upload jobs", () => releaseOrphanEventHolds(db));

  await app.register(fastifyCookie);
  installSecurityHeaders(app, config.publicUrl.startsWith("https:"));
  installJsonCompression(app);
  installApiErrors(app);
  installSignedOutRateLimit(app, config.signedOutCallsPerMinute, now);
  installRequestGuard(app, { sessions });

  registerAuthRoutes(app, {
    deps,
    sessions,
    auth: createAuthService(deps, sessions),
    passwordReset: createPasswordResetService(deps),
  });
  registerPermissionRoutes(app, db);
  const credentials = options.credentials ?? (await loadCredentialCipher(config));
  registerApiConnectionRoutes(app, createApiConnectionService(deps, credentials));
  const apiCalls = createApiCallCounter(db, now, {
    onError: (err) => app.log.error({ err }, "API call counts"),
  });
  app.addHook("onClose", () => apiCalls.stop());
  await registerScreeningApiRoutes(app, deps, credentials, apiCalls);
  registerReleasedRuleRoutes(app, createReleasedRuleService(deps));
  registerReportRoutes(app, createReportService(deps));
  registerEventListRoutes(app, createEventListService(deps));
  registerEventDisplayFormatRoutes(app, createEventDisplayFormatService(deps));
  registerEventDetailRoutes(app, createEventDetailService(deps));
  registerEventActionRoutes(app, createEventActionService(deps));
  registerEventExportRoutes(app, deps, jobs);
  registerDownloadRoutes(app, createDownloadService(deps), sessions);
  await registerUploadRoutes(app, deps, jobs, sessions);
  registerOperatorRoutes(app, createOperatorService(deps));
  registerRoleRoutes(app, createRoleService(deps));
  registerAllowedIpRoutes(app, createAllowedIpAdminService(deps, apiCalls));
  registerWhiteListRoutes(app, createWhiteListService(deps));
  registerNegativeListRoutes(app, createNegativeListService(deps), createNegativeExportService(deps, jobs));
  registerKeywordRoutes(app, createKeywordService(deps));
  registerAuditLogRoutes(app, createAuditLogService(deps));
  await options.extraRoutes?.(app);

  const spaFallback = await installSpa(app, options.clientDir ?? DEFAULT_CLIENT_DIR, {
    environment: config.environment,
    faqUrl: config.faqUrl,
  });
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?", 1)[0] ?? "";
    if (pathname.startsWith("/api/"))
      return sendError(reply, requestLang(request), apiNotFound(app, pathname));
    if (spaFallback(request, reply)) return reply;
    return reply.code(404).type("text/plain; charset=utf-8").send("Not Found");
  });
  return app;
}
