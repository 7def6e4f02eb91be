import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';

/** Sends mail over SMTP (nodemailer): to a provider (`SMTP_URL`) or to the embedded capture. */
export interface Mailer {
  send(mail: { to: string; subject: string; text: string; language: string }): Promise<void>;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        headers: { 'Content-Language': mail.language },
      });
    },
    close: () => transport.close(),
  };
}

export interface CapturedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  language: string | null;
  receivedAt: Date;
}

/** Captured mails kept per capture server (the newest last); older ones are dropped. */
const CAPTURE_KEEP = 500;

/**
 * The embedded mail capture of development and tests: a real SMTP server on loopback that keeps what
 * it receives in memory (no provider needed for `npm start`); the dev-only mail reader shows it.
 */
export async function startMailCapture(): Promise<{
  url: string;
  mails: CapturedMail[];
  latestTo(address: string): CapturedMail | null;
  close(): Promise<void>;
}> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'Payhub dev mail capture',
    size: 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            language: (parsed.headers.get('content-language') as string | undefined) ?? null,
            receivedAt: new Date(),
          });
          if (mails.length > CAPTURE_KEEP) mails.splice(0, mails.length - CAPTURE_KEEP);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    latestTo(to) {
      const wanted = to.toLowerCase();
      for (let index = mails.length - 1; index >= 0; index--)
        if (mails[index]!.to.includes(wanted)) return mails[index]!;
      return null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
