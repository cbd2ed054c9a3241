import type { FastifyInstance } from "fastify";
import { uploadSample } from "../../contract/uploadSamples.ts";
import { registerCall } from "../plugins/registerCall.ts";
import type { ServiceDeps } from "../services/deps.ts";
import { sampleFile } from "../uploads/sampleFile.ts";

/** The upload screens' sample files (src/contract/uploadSamples.ts). */
export function registerUploadSampleRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  registerCall(app, uploadSample, async ({ auth, telegram, lang }) => ({
    telegram: await sampleFile(deps.db, auth(), lang, telegram.fileType),
  }));
}
