import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP peer for tests: smtp-server on a free loopback port (no auth, no TLS) that keeps every
 * message it receives, parsed into from/to/subject/text (MIME multipart, quoted-printable, base64 and
 * RFC 2047 encoded words are decoded; bodies are read in their declared charset, UTF-8 by default).
 */
export interface CapturedMail {
  /** Envelope sender (MAIL FROM). */
  envelopeFrom: string;
  /** Envelope recipients (RCPT TO). */
  envelopeTo: string[];
  /** The From header, decoded. */
  from: string;
  /** Addresses of the To header (lower case, without display names). */
  to: string[];
  subject: string;
  /** The text/plain body (decoded); "" when the message has none. */
  text: string;
  /** The text/html body (decoded); "" when the message has none. */
  html: string;
  /** All top-level headers, lower-case names, decoded values. */
  headers: Record<string, string>;
  raw: string;
}

export interface SmtpCapture {
  /** smtp://127.0.0.1:PORT, for the server's SMTP_URL. */
  url: string;
  port: number;
  messages: CapturedMail[];
  /** Resolves with the first message (already received or arriving later) that matches. */
  waitFor(pred: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<{ pred: (mail: CapturedMail) => boolean; resolve: (mail: CapturedMail) => void }>();

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    hideSTARTTLS: true,
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        try {
          const raw = Buffer.concat(chunks).toString("latin1");
          const mail = parseMail(raw, {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
          });
          messages.push(mail);
          for (const waiter of [...waiters]) {
            if (waiter.pred(mail)) {
              waiters.delete(waiter);
              waiter.resolve(mail);
            }
          }
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  // smtp-server keeps the net.Server it listens on as `server`.
  const port = ((server as unknown as { server: { address(): AddressInfo } }).server.address() as AddressInfo)
    .port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor(pred, timeoutMs = 10_000) {
      const found = messages.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise<CapturedMail>((resolve, reject) => {
        const waiter = {
          pred,
          resolve: (mail: CapturedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = messages.map((m) => `  to=${m.to.join(",")} subject=${JSON.stringify(m.subject)}`);
          reject(
            new Error(
              `No matching mail within ${timeoutMs} ms; ${messages.length} received${seen.length ? `:\n${seen.join("\n")}` : ""}`,
            ),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---------------------------------------------------------------------------------------------------
// A small MIME reader: enough for what nodemailer sends (single part or multipart/*, 7bit, 8bit,
// quoted-printable, base64, encoded-word headers).

interface Part {
  headers: Record<string, string>;
  /** Raw header values (before RFC 2047 decoding), for parameters such as boundary and charset. */
  rawHeaders: Record<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? "" : normalized.slice(end + 2);
  const rawHeaders: Record<string, string> = {};
  const unfolded = head.replace(/\n[ \t]+/g, " ");
  for (const line of unfolded.split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    rawHeaders[name] = name in rawHeaders ? `${rawHeaders[name]}, ${value}` : value;
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(rawHeaders)) headers[name] = decodeEncodedWords(value);
  return { headers, rawHeaders, body };
}

function headerParam(value: string | undefined, param: string): string | undefined {
  if (!value) return undefined;
  const match = new RegExp(`;\\s*${param}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, "i").exec(value);
  return match ? (match[1] ?? match[2]) : undefined;
}

function charsetDecode(bytes: Buffer, charset: string | undefined): string {
  const label = (charset ?? "utf-8").toLowerCase();
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

function decodeQuotedPrintable(text: string, headerMode = false): Buffer {
  const source = headerMode ? text.replace(/_/g, " ") : text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < source.length; i++) {
    const ch = source[i] as string;
    const hex = source.slice(i + 1, i + 3);
    if (ch === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(ch.charCodeAt(0) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047: =?charset?B|Q?text?=, with whitespace between adjacent encoded words dropped. */
export function decodeEncodedWords(value: string): string {
  const joined = value.replace(/(\?=)\s+(=\?)/g, "$1$2");
  const decodedLatin1 = joined.replace(
    /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
    (_whole, charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toUpperCase() === "B" ? Buffer.from(text, "base64") : decodeQuotedPrintable(text, true);
      // Mark decoded runs so the surrounding raw (latin1-read) text can be re-read as UTF-8 below.
      return `\u0000${encodeURIComponent(charsetDecode(bytes, charset.replace(/\*.*$/, "")))}\u0000`;
    },
  );
  // Raw 8-bit header bytes were read as latin1; re-read them as UTF-8.
  return decodedLatin1
    .split("\u0000")
    .map((piece, index) =>
      index % 2 === 1 ? decodeURIComponent(piece) : Buffer.from(piece, "latin1").toString("utf8"),
    )
    .join("");
}

function decodeBody(part: Part): string {
  const encoding = (part.rawHeaders["content-transfer-encoding"] ?? "7bit").trim().toLowerCase();
  const charset = headerParam(part.rawHeaders["content-type"], "charset");
  let bytes: Buffer;
  if (encoding === "base64") bytes = Buffer.from(part.body.replace(/\s+/g, ""), "base64");
  else if (encoding === "quoted-printable") bytes = decodeQuotedPrintable(part.body);
  else bytes = Buffer.from(part.body, "latin1");
  return charsetDecode(bytes, charset);
}

function collectBodies(part: Part, out: { text: string; html: string }): void {
  const contentType = part.rawHeaders["content-type"] ?? "text/plain";
  const mediaType = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  if (mediaType.startsWith("multipart/")) {
    const boundary = headerParam(contentType, "boundary");
    if (!boundary) return;
    const delimiter = `--${boundary}`;
    const sections = part.body.split(delimiter);
    // sections[0] is the preamble; the piece after the closing delimiter starts with "--".
    for (const section of sections.slice(1)) {
      if (section.startsWith("--")) break;
      collectBodies(splitPart(section.replace(/^[ \t]*\n/, "")), out);
    }
    return;
  }
  const disposition = (part.rawHeaders["content-disposition"] ?? "").toLowerCase();
  if (disposition.startsWith("attachment")) return;
  if (mediaType === "text/plain" && !out.text) out.text = decodeBody(part).replace(/\n$/, "");
  else if (mediaType === "text/html" && !out.html) out.html = decodeBody(part);
}

function addresses(header: string | undefined): string[] {
  if (!header) return [];
  const found = header.match(/[^\s<>",;:]+@[^\s<>",;]+/g) ?? [];
  return found.map((address) => address.toLowerCase());
}

export function parseMail(
  raw: string,
  envelope: { from: string; to: string[] } = { from: "", to: [] },
): CapturedMail {
  const top = splitPart(raw);
  const bodies = { text: "", html: "" };
  collectBodies(top, bodies);
  return {
    envelopeFrom: envelope.from,
    envelopeTo: envelope.to,
    from: top.headers.from ?? "",
    to: addresses(top.headers.to),
    subject: top.headers.subject ?? "",
    text: bodies.text,
    html: bodies.html,
    headers: top.headers,
    raw,
  };
}
