import nodemailer from 'nodemailer';

/** What a sender hands to the SMTP server: the outbox row's mail, with its stable Message-ID. */
export interface MailToSend {
  messageId: string;
  from: { name: string; address: string };
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** Thrown by a transport: `permanent` when trying again cannot help (the server refused the address). */
export class SendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export interface MailTransport {
  send(mail: MailToSend): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer: `smtps://` speaks TLS from the start; `smtp://` upgrades with STARTTLS
 * whenever the server offers it (nodemailer's default), with the certificate checked. Connections
 * are pooled and reused; every wait is bounded, so a dead server fails a try instead of hanging it.
 */
export function smtpTransport(smtpUrl: string): MailTransport {
  const url = new URL(smtpUrl);
  const transporter = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
    secure: url.protocol === 'smtps:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  });
  return {
    async send(mail) {
      try {
        await transporter.sendMail({
          messageId: mail.messageId,
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
        });
      } catch (error) {
        const responseCode = (error as { responseCode?: number }).responseCode;
        const message = error instanceof Error ? error.message : String(error);
        // 5xx: the server refused for good (no such mailbox, message rejected); 4xx and lost
        // connections may pass later.
        throw new SendError(message, typeof responseCode === 'number' && responseCode >= 500);
      }
    },
    close() {
      transporter.close();
    },
  };
}
