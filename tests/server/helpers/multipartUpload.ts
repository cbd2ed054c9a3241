import type { FastifyInstance } from "fastify";
import { DEFAULT_HEADER } from "../../../src/contract/envelope.ts";
import { UPLOAD_PATH } from "../../../src/contract/uploads.ts";
import type { Session } from "./testApp.ts";

const BOUNDARY = "----consoleTestBoundary";

/** A multipart body as a browser's FormData sends it: the envelope field, then the file. */
export function multipartBody(envelope: object | null, file: { name: string; bytes: Buffer } | null): Buffer {
  const parts: Buffer[] = [];
  if (envelope)
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="envelope"\r\n\r\n${JSON.stringify(envelope)}\r\n`,
      ),
    );
  if (file)
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

/** An upload of one file of a type, in a session (or none), naming the session's company unless shopId says otherwise. */
export const uploadFile = (
  app: FastifyInstance,
  fileType: string,
  file: { name: string; bytes: Buffer } | null,
  options: { session?: Session; shopId?: string } = {},
) =>
  app.inject({
    method: "POST",
    url: UPLOAD_PATH,
    headers: {
      "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      ...(options.session ? { cookie: `sid=${options.session.cookie}` } : {}),
    },
    payload: multipartBody(
      {
        header: { lang: "en", ...DEFAULT_HEADER },
        ...(options.session
          ? { info: { token: options.session.token, shopId: options.shopId ?? options.session.companyId } }
          : {}),
        telegram: { fileType },
      },
      file,
    ),
  });
