import { z } from "zod";
import { readLoginInfo } from "../../../../client/session.ts";
import type { CallOutcome } from "../../../../contract/callOutcome.ts";
import { DEFAULT_HEADER, RESULT, responseEnvelopeSchema } from "../../../../contract/envelope.ts";
import {
  UPLOAD_ENVELOPE_FIELD,
  UPLOAD_FILE_FIELD,
  UPLOAD_PATH,
  type UploadFileType,
  type UploadJob,
  uploadJobSchema,
} from "../../../../contract/uploads.ts";
import { currentLang } from "../../../i18n/i18n.ts";

const answerSchema = responseEnvelopeSchema(z.unknown());

/**
 * Sends a CSV file to the upload pipeline (contract/uploads.ts): the usual request envelope as the
 * first multipart field, then the file. A refusal is a value (its errors); only a broken answer or
 * the network rejects. Kept with the keyword screens until the CSV screens share one.
 */
export async function uploadCsvFile(
  fileType: UploadFileType,
  file: { name: string; body: Blob },
): Promise<CallOutcome<UploadJob>> {
  const login = readLoginInfo();
  const envelope = {
    header: { ...DEFAULT_HEADER, lang: currentLang() },
    info: { token: login?.loginToken ?? "", shopId: login?.loginOperator?.companyId ?? "" },
    telegram: { fileType },
  };
  const form = new FormData();
  form.append(UPLOAD_ENVELOPE_FIELD, JSON.stringify(envelope));
  form.append(UPLOAD_FILE_FIELD, file.body, file.name);
  const response = await fetch(UPLOAD_PATH, { method: "POST", body: form, credentials: "include" });
  const parsed = answerSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error("upload: not a valid envelope");
  const answer = parsed.data;
  if (answer.result !== RESULT.success || answer.errors.length > 0)
    return { ok: false, errors: answer.errors };
  const job = uploadJobSchema.safeParse(answer.telegram);
  if (!job.success) throw new Error("upload: the job does not match the contract");
  return { ok: true, result: job.data, messages: answer.messages };
}
