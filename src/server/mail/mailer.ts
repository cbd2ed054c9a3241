import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Where a mail went: the SMTP message ID, or the .eml file it was written to. */
export interface SentMail {
  messageId?: string;
  file?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /** Without SMTP, mails are written to <dataDir>/outbox as .eml files. */
  dataDir: string;
}

/** Sends over SMTP_URL, or keeps each mail as an .eml file when no SMTP server is configured. */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        const info = await transport.sendMail({ from: options.from, ...mail });
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  const outbox = path.join(options.dataDir, "outbox");
  let sequence = 0;
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await mkdir(outbox, { recursive: true });
      sequence += 1;
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(outbox, `${stamp}-${process.pid}-${sequence}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}
