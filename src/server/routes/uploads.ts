import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { type Lang, requestEnvelopeSchema } from "../../contract/envelope.ts";
import { ERROR } from "../../contract/errors.ts";
import { messageText } from "../../contract/messages.ts";
import { UPLOAD_SAMPLE_PATH_PREFIX } from "../../contract/uploadOptions.ts";
import {
  UPLOAD_ENVELOPE_FIELD,
  UPLOAD_FILE_FIELD,
  UPLOAD_PATH,
  UPLOAD_SCREENS,
  uploadFileLink,
  uploadHistory,
  uploadJobStatus,
  uploadTelegramSchema,
} from "../../contract/uploads.ts";
import { ApiError } from "../apiError.ts";
import type { JobWorker } from "../jobs/jobWorker.ts";
import {
  acceptLanguageLang,
  messageItem,
  parseTelegram,
  requestLang,
  sendError,
  sendSuccess,
  trimStrings,
} from "../plugins/envelope.ts";
import { registerCall } from "../plugins/registerCall.ts";
import { authorizeCall } from "../plugins/requestGuard.ts";
import type { ServiceDeps } from "../services/deps.ts";
import type { SessionService } from "../services/sessionService.ts";
import { isUploadFileType, sampleFile } from "../uploads/sampleFiles.ts";
import { checkUploadOptions } from "../uploads/uploadOptionsCheck.ts";
import { createUploadService } from "../uploads/uploadService.ts";

const MAX_FILE_NAME = 255;
const required = (lang: Lang) =>
  new ApiError(ERROR.validation, [{ field: "file", message: messageText(lang, "validation.csvRequired") }]);

/**
 * CSV uploads (src/contract/uploads.ts): the multipart upload, and the JSON calls for the jobs'
 * history, status and file links (their jobs are registered where the app is built, app.ts).
 */
export async function registerUploadRoutes(
  app: FastifyInstance,
  deps: ServiceDeps,
  jobs: JobWorker,
  sessions: SessionService,
): Promise<void> {
  const service = createUploadService(deps, jobs);

  // Multipart only on this route: an encapsulated scope keeps the parser away from the JSON calls.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: deps.config.uploadMaxBytes + 1, files: 1, fields: 1, parts: 2 },
    });
    app.apiPaths.add(UPLOAD_PATH);
    scope.post(UPLOAD_PATH, async (request, reply) => {
      let lang: Lang = acceptLanguageLang(request.headers["accept-language"]) ?? "ja";
      try {
        const parts = request.parts();
        // The envelope comes first, so nothing of the file is read before the session and permission hold.
        const first = await parts.next();
        if (first.done || first.value.type !== "field" || first.value.fieldname !== UPLOAD_ENVELOPE_FIELD)
          throw new ApiError(ERROR.badEnvelope);
        const envelope = parseEnvelope(first.value.value);
        lang = envelope.header.lang;
        const { fileType, options } = parseTelegram(lang, uploadTelegramSchema, envelope.telegram);
        // The console call's checks (plugins/requestGuard.ts), for an envelope sent as a form field.
        const access = { kind: "write", screenId: UPLOAD_SCREENS[fileType].upload } as const;
        const auth = await authorizeCall(request, access, envelope.info, sessions);
        // The options before the file too: a refused choice reads none of it.
        const checkedOptions = checkUploadOptions(lang, fileType, options);
        const next = await parts.next();
        if (next.done || next.value.type !== "file" || next.value.fieldname !== UPLOAD_FILE_FIELD)
          throw required(lang);
        const part = next.value;
        const fileName = part.filename.trim();
        if (fileName === "") throw required(lang);
        if (!/\.csv$/i.test(fileName) || [...fileName].length > MAX_FILE_NAME)
          throw new ApiError(ERROR.validation, [
            { field: "file", message: messageText(lang, "validation.csvExtension") },
          ]);
        const job = await service.receive(
          auth,
          lang,
          fileType,
          fileName,
          part.file,
          checkedOptions,
          request.ip,
        );
        return sendSuccess(reply, job, [messageItem(lang, "004")]);
      } catch (error) {
        if (error instanceof ApiError) return sendError(reply, lang, error);
        throw error;
      }
    });
  });

  // Each file type's sample file (uploads/sampleFiles.ts): public, it holds no tenant's data.
  app.get<{ Params: { name: string } }>(`${UPLOAD_SAMPLE_PATH_PREFIX}:name`, async (request, reply) => {
    const fileType = request.params.name.replace(/\.csv$/, "");
    const file = isUploadFileType(fileType) ? sampleFile(fileType) : undefined;
    if (!file) return sendError(reply, requestLang(request), new ApiError(ERROR.notFound));
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${fileType}_sample.csv"`)
      .header("cache-control", "public, max-age=3600")
      .send(file);
  });

  registerCall(app, uploadHistory, async ({ auth, telegram }) => ({
    telegram: await service.history(auth(), telegram),
  }));
  registerCall(app, uploadJobStatus, async ({ auth, telegram }) => ({
    telegram: await service.status(auth(), telegram.jobId),
  }));
  registerCall(app, uploadFileLink, async ({ auth, telegram }) => ({
    telegram: await service.link(auth(), telegram),
    messages: ["005"],
  }));
}

function parseEnvelope(value: unknown) {
  let body: unknown;
  try {
    body = typeof value === "string" ? JSON.parse(value) : undefined;
  } catch {
    throw new ApiError(ERROR.malformedJson);
  }
  const parsed = requestEnvelopeSchema.safeParse(trimStrings(body));
  if (!parsed.success) throw new ApiError(ERROR.badEnvelope);
  return parsed.data;
}
