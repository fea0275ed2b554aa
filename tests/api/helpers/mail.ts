import { anyFreePort } from './server-process.ts';

/**
 * Just enough of RFC 5322/2045/2047 to read the single-part text messages nodemailer writes:
 * unfolded headers, encoded-word subjects, quoted-printable or base64 bodies. Reading the raw
 * message (rather than trusting what we handed nodemailer) checks what a mail client would see.
 */
export interface ParsedMail {
  headers: Record<string, string>;
  to: string;
  subject: string;
  text: string;
}

// whitespace between two adjacent encoded words is not part of the text (RFC 2047 section 6.2)
const decodeWords = (value: string) =>
  value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );

export function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

export function parseMail(raw: string): ParsedMail {
  const normalized = raw.replace(/\r\n/g, '\n');
  const split = normalized.indexOf('\n\n');
  const head = normalized.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const body = normalized.slice(split + 2);
  const headers: Record<string, string> = {};
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return { headers, to: decodeWords(headers.to ?? ''), subject: decodeWords(headers.subject ?? ''), text };
}

/** The reset link of a reset mail, and its token. */
export function resetLinkOf(mail: ParsedMail): { link: string; token: string } {
  const m = /(https?:\/\/\S+\/resetPassword\?token=([A-Za-z0-9_%-]+))/.exec(mail.text);
  if (!m) throw new Error(`no reset link in mail:\n${mail.text}`);
  return { link: m[1], token: decodeURIComponent(m[2]) };
}

/** An SMTP URL on a loopback port nobody listens on: every delivery through it fails. */
export async function deadSmtpUrl(): Promise<string> {
  return `smtp://127.0.0.1:${await anyFreePort()}`;
}
