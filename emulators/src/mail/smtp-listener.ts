import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { FaultController } from './faults';
import type { MailStore, StoredMail } from './mail-store';
import type { DeliveryOutcome } from './webhook-events';
import { SMTP_LIMITS, SmtpRefusal, checkHeaders, checkSender, readUnsubscribe } from './smtp-rules';

export interface SmtpListenerOptions {
  port: number;
  host: string;
  username: string;
  password: string;
  verifiedDomains: readonly string[];
  store: MailStore;
  faults: FaultController;
  /** What becomes of mail to each recipient (mailboxes.ts). */
  outcomeFor: (address: string) => DeliveryOutcome;
  /** Called with each message taken (new or a repeated Message-ID). */
  onMessage?: (mail: StoredMail) => void;
}

export interface SmtpListener {
  port: number;
  /** Ends every open SMTP session, as a provider going down does: a client's pooled connection too. */
  dropConnections(): void;
  close(): Promise<void>;
}

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((group) => group.value.map((entry) => entry.address ?? '')).filter(Boolean);
}

/**
 * The submission port of a transactional mail provider (port 587 style): STARTTLS with the
 * package's own localhost certificate, AUTH PLAIN or LOGIN, then the refusals of smtp-rules.ts.
 */
export async function startSmtpListener(options: SmtpListenerOptions): Promise<SmtpListener> {
  const { store, faults, verifiedDomains } = options;
  const server: SMTPServer = new SMTPServer({
    banner: 'mail emulator ready',
    logger: false,
    authMethods: ['PLAIN', 'LOGIN'],
    size: SMTP_LIMITS.maxMessageBytes,
    rejectOversized: true,
    maxRecipients: SMTP_LIMITS.maxRecipients,
    onConnect(_session, callback) {
      if (faults.take('refuse-connection')) return callback(smtpError(421, '4.3.2 Service not available, try again later'));
      callback();
    },
    onAuth(auth, _session, callback) {
      if (auth.username === options.username && auth.password === options.password) return callback(null, { user: auth.username });
      callback(smtpError(535, '5.7.8 Authentication credentials invalid'));
    },
    onMailFrom(address, _session, callback) {
      try {
        checkSender(address.address, verifiedDomains);
        callback();
      } catch (error) {
        callback(error instanceof SmtpRefusal ? smtpError(error.responseCode, error.message) : (error as Error));
      }
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      simpleParser(stream).then(
        (parsed) => {
          if (stream.sizeExceeded) return callback(); // rejectOversized answers 552 itself
          const get = (name: string) => {
            const value = parsed.headerLines.find((line) => line.key === name)?.line;
            return value === undefined ? undefined : value.slice(value.indexOf(':') + 1).trim();
          };
          try {
            checkHeaders({ get, fromAddress: addresses(parsed.from)[0] }, verifiedDomains);
          } catch (error) {
            if (error instanceof SmtpRefusal) return callback(smtpError(error.responseCode, error.message));
            throw error;
          }
          if (faults.take('temporary-failure')) return callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
          const headers: Record<string, string> = {};
          for (const line of parsed.headerLines) headers[line.key] ??= line.line.slice(line.line.indexOf(':') + 1).trim();
          const mail = store.add({
            messageId: get('message-id')!,
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            outcomes: Object.fromEntries(session.envelope.rcptTo.map((rcpt) => [rcpt.address, options.outcomeFor(rcpt.address)])),
            from: addresses(parsed.from)[0]!,
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            headers,
            unsubscribe: readUnsubscribe({ get }),
          });
          options.onMessage?.(mail);
          if (faults.take('lost-answer')) {
            for (const connection of server.connections) if (connection.id === session.id) connection._socket.destroy();
            return;
          }
          callback(null, `2.0.0 Ok: queued as ${mail.id}`);
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  server.on('error', () => undefined); // a client's broken connection is its own problem
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    dropConnections() {
      for (const connection of server.connections) connection._socket.destroy();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
