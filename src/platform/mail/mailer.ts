import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { maskEmail } from '../http/logging.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Releases the SMTP transport at shutdown. */
  close?(): void;
}

/**
 * With SMTP_URL, messages go over SMTP; otherwise each is written as an .eml file under
 * DATA_DIR/outbox and logged with its path and the addressee masked (`a***@example.com`, as a failed
 * login is), so a fresh install needs no mail server and the log names no one.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  outboxDir: string;
  from: string;
  log: (fields: { to: string; file: string }, msg: string) => void;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(
        opts.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      opts.log({ to: maskEmail(mail.to), file }, 'mail written to the outbox');
    },
  };
}
