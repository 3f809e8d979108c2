import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LANGUAGE_CODES, type LanguageCode } from '../../src-shared/constants/enums';

/**
 * The public pages rendered on the server (decisions 0220-0225). The render itself is the public
 * site's own code built for Node (src-public/entry-server.tsx -> dist/server-web/entry-server.mjs,
 * by `npm run build:web`); this plugin decides who gets it, answers its API calls through Fastify's
 * `inject` (no network, the same answers a browser gets), and puts the result into index.html.
 */

/** What src-public/entry-server.tsx exports (it is built apart, so it is declared here). */
interface EntryServer {
  render(input: {
    url: string;
    language: LanguageCode;
    phone: boolean;
    fetch: (request: Request) => Promise<Response>;
  }): Promise<{ html: string; head: string; state: string } | null>;
}

/** The cookies that decide a render: the language (src-shared/i18n) and the login marker. */
const LANGUAGE_COOKIE = 'googtrans';
const LOGIN_MARKER_COOKIE = 'logged_in';

/** The server's guess of a phone, from the User-Agent (Chrome's and Safari's `Mobile`). */
const PHONE = /\bMobile\b|iPhone/i;

export interface SsrPages {
  /**
   * index.html with the page rendered into it, or null for the plain shell: a signed-in visitor
   * (the investor area and the header depend on the session, decision 0222), a path the server
   * does not render, data that did not load, or a render that failed (logged).
   */
  render(request: FastifyRequest, indexHtml: string, headLine: string): Promise<string | null>;
}

/** The language of a page: the `googtrans` cookie (`/en/{lang}`), else English, as the browser decides
 * it (src-shared/i18n detectLanguage; the browser's local storage is checked there, decision 0223). */
export function pageLanguage(request: FastifyRequest): LanguageCode {
  const cookie = request.cookies?.[LANGUAGE_COOKIE];
  let code: string | undefined;
  try {
    code = cookie ? decodeURIComponent(cookie).split('/').pop() : undefined;
  } catch {
    code = undefined;
  }
  return code && (LANGUAGE_CODES as string[]).includes(code) ? (code as LanguageCode) : 'en';
}

/** The renderer when it has been built next to the web files (dist/server-web beside dist/web). */
export function ssrPages(app: FastifyInstance, webDir: string): SsrPages | undefined {
  const entry = join(webDir, '..', 'server-web', 'entry-server.mjs');
  if (process.env.SSR === '0' || !existsSync(entry)) return undefined;
  // Loaded once, by the first page asked for or a second after the server listens, whichever comes
  // first: importing React DOM's server and MUI takes a few hundred ms of the main thread, which the
  // start (until /api/health answers) does not wait for.
  let loading: Promise<EntryServer | undefined> | undefined;
  const load = () =>
    (loading ??= (import(pathToFileURL(entry).href) as Promise<EntryServer>).catch((error: unknown) => {
      app.log.error({ err: error }, 'server render: the built module did not load; pages go as the shell');
      return undefined;
    }));
  app.addHook('onListen', async () => {
    setTimeout(() => void load().then(warmUp), 1_000).unref();
  });
  // One render of the home page, thrown away, so that the first visitor does not wait for the
  // compilation of the render's code (seconds on a busy machine, tens of ms afterwards).
  const warmUp = (module: EntryServer | undefined) =>
    module
      ?.render({ url: '/', language: 'en', phone: false, fetch: fetchThroughApp })
      .catch((error: unknown) => app.log.warn({ err: error }, 'server render: the warm-up render failed'));

  const fetchThroughApp = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const answer = await app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { accept: 'application/json' },
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(answer.body, { status: answer.statusCode, headers });
  };

  return {
    async render(request, indexHtml, headLine) {
      if (request.method !== 'GET' || request.cookies?.[LOGIN_MARKER_COOKIE] !== undefined) return null;
      const module = await load();
      if (!module) return null;
      const language = pageLanguage(request);
      try {
        const page = await module.render({
          url: request.url,
          language,
          phone: PHONE.test(request.headers['user-agent'] ?? ''),
          fetch: fetchThroughApp,
        });
        if (!page) return null;
        // React's preloads of the page's first images come first in its markup: they go to the head.
        const leading = /^(?:<link [^>]*\/>)+/.exec(page.html)?.[0] ?? '';
        const head = [headLine, leading, page.head].filter(Boolean).join('\n    ');
        const html = indexHtml
          .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
          .replace('</head>', () => `  ${head}\n  </head>`)
          .replace(
            '<div id="root"></div>',
            () => `<div id="root">${page.html.slice(leading.length)}</div>\n    ${page.state}`,
          );
        return html;
      } catch (error) {
        request.log.error(
          { err: error, url: request.url },
          'server render failed; the page goes as the shell',
        );
        return null;
      }
    },
  };
}
