import { z } from "zod";
import type { LoginInfo } from "../contract/auth.ts";
import type { CallOutcome } from "../contract/callOutcome.ts";
import { DEFAULT_HEADER, type Lang, RESULT, responseEnvelopeSchema } from "../contract/envelope.ts";
import {
  UPLOAD_ENVELOPE_FIELD,
  UPLOAD_FILE_FIELD,
  UPLOAD_PATH,
  type UploadJob,
  uploadJobSchema,
} from "../contract/uploads.ts";
import { ApiFailure } from "./api.ts";
import { trimDeep } from "./trimDeep.ts";

const anyEnvelope = responseEnvelopeSchema(z.unknown());

export interface UploadRequest {
  telegram: { fileType: UploadJob["fileType"]; options?: Readonly<Record<string, unknown>> };
  file: { name: string; body: Blob };
}

/**
 * A CSV upload (src/contract/uploads.ts): the request envelope as the first multipart field, then the
 * file, answered with the usual envelope as the JSON calls are (api.ts): a refusal is an outcome, a
 * network failure or a body that is not the envelope an ApiFailure.
 */
export async function sendUpload(
  request: UploadRequest,
  context: { lang: Lang; loginInfo: LoginInfo | null; fetch?: typeof globalThis.fetch },
): Promise<CallOutcome<UploadJob>> {
  const envelope = {
    header: { ...DEFAULT_HEADER, lang: context.lang },
    info: {
      token: context.loginInfo?.loginToken ?? "",
      shopId: context.loginInfo?.loginOperator?.companyId ?? "",
    },
    telegram: trimDeep(request.telegram),
  };
  const form = new FormData();
  form.append(UPLOAD_ENVELOPE_FIELD, JSON.stringify(envelope));
  form.append(UPLOAD_FILE_FIELD, request.file.body, request.file.name);
  const fetchImpl = context.fetch ?? globalThis.fetch.bind(globalThis);
  let text: string;
  let status: number;
  try {
    const response = await fetchImpl(UPLOAD_PATH, { method: "POST", body: form, credentials: "include" });
    status = response.status;
    text = await response.text();
  } catch (cause) {
    throw new ApiFailure("network", `upload: ${(cause as Error).message}`);
  }
  const parsed = anyEnvelope.safeParse(parseJson(text));
  if (!parsed.success) throw new ApiFailure("response", "upload: not a valid envelope", status);
  const answer = parsed.data;
  if (answer.result !== RESULT.success || answer.errors.length > 0)
    return { ok: false, errors: answer.errors };
  const job = uploadJobSchema.safeParse(answer.telegram);
  if (!job.success) throw new ApiFailure("response", "upload: result does not match the contract", status);
  return { ok: true, result: job.data, messages: answer.messages };
}

function parseJson(text: string): unknown {
  try {
    return text === "" ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
