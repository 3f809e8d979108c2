export interface Mail {
  to: string;
  subject: string;
  kind: string;
  text: string;
  html: string;
  raw: string;
}

/** Reads the parts of an .eml written by nodemailer that the tests look at. */
export function parseEml(eml: string): Mail {
  const raw = eml.replace(/\r\n/g, '\n');
  const headerEnd = raw.indexOf('\n\n');
  const head = raw.slice(0, headerEnd).replace(/\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
  const decodeWords = (s: string) =>
    s.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, q: string) =>
      Buffer.from(
        q
          .replace(/_/g, ' ')
          .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
        'latin1',
      ).toString('utf8'),
    );
  const boundary = /boundary="([^"]+)"/.exec(head)?.[1];
  const sections = boundary ? raw.split(`--${boundary}`) : [raw];
  const part = (type: string) => {
    for (const section of sections) {
      const split = section.indexOf('\n\n');
      const partHead = section.slice(0, split);
      if (!new RegExp(`Content-Type: ${type}`, 'i').test(partHead)) continue;
      const body = section.slice(split + 2).replace(/\n$/, '');
      if (!/quoted-printable/i.test(partHead)) return body;
      const bytes = body
        .replace(/=\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    return '';
  };
  return {
    to: header('To'),
    subject: decodeWords(header('Subject')),
    kind: header('X-Mail-Kind'),
    text: part('text/plain'),
    html: part('text/html'),
    raw,
  };
}

/** The 6-digit code in an e-mail's text (on a line of its own). */
export function codeOf(mail: Mail): string {
  const code = /^(\d{6})$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in the e-mail to ${mail.to}`);
  return code;
}
