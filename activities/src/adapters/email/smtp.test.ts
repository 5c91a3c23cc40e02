import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createLogger } from '../../logger';
import { createSmtpEmail } from './smtp';

// A minimal SMTP server (RFC 5321 happy path, no TLS) that records what nodemailer delivers.
function startSmtpServer() {
  const mails: { from: string; to: string[]; data: string; auth?: string }[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let mail = { from: '', to: [] as string[], data: '', auth: undefined as string | undefined };
    let inData = false;
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            mails.push(mail);
            mail = { from: '', to: [], data: '', auth: mail.auth };
            socket.write('250 OK queued\r\n');
          } else mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const cmd = line.toUpperCase();
        if (cmd.startsWith('EHLO')) socket.write('250-test\r\n250 AUTH PLAIN\r\n');
        else if (cmd.startsWith('AUTH PLAIN')) {
          mail.auth = Buffer.from(line.slice(11), 'base64').toString('utf8');
          socket.write('235 OK\r\n');
        } else if (cmd.startsWith('MAIL FROM')) {
          mail.from = line.slice(10);
          socket.write('250 OK\r\n');
        } else if (cmd.startsWith('RCPT TO')) {
          mail.to.push(line.slice(8));
          socket.write('250 OK\r\n');
        } else if (cmd === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (cmd === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  return { server, mails, sockets };
}

describe('SMTP e-mail adapter', () => {
  const { server, mails, sockets } = startSmtpServer();
  let port: number;
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    // The adapter's pooled transport keeps its connection open between messages.
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('when an e-mail is sent, then the SMTP server receives it from EMAIL_FROM with the credentials from SMTP_URL', async () => {
    const email = createSmtpEmail(
      { url: `smtp://mailer:pa55@127.0.0.1:${port}`, from: 'Fajr <no-reply@fajr.test>' },
      createLogger('t', 'silent'),
    );
    const { id } = await email.send({
      to: 'aisha@example.com',
      subject: 'Your Fajr password reset code',
      text: 'Your code is 123456.',
    });
    expect(id).toMatch(/@/);
    const mail = mails.at(-1)!;
    expect(mail.from).toContain('<no-reply@fajr.test>');
    expect(mail.to).toEqual(['<aisha@example.com>']);
    expect(mail.auth).toBe('\0mailer\0pa55');
    expect(mail.data).toContain('Subject: Your Fajr password reset code');
    expect(mail.data).toContain('Your code is 123456.');
  });
});
