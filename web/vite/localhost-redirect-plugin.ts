import type { Connect, Plugin } from 'vite';

/**
 * When the dev server listens on an IP address (the twin binds 127.0.0.1), a page opened as
 * `localhost` is sent to that address. Meta's OAuth dialog returns to the callback registered
 * under 127.0.0.1, and a sign-in kept in localStorage under `localhost` is not seen there: the
 * popup would say "Please sign in again". Only page loads (GET/HEAD) move; other methods are left
 * alone so a script posting to `localhost/api` gets the API's answer, not a redirect it may not follow.
 */
export function localhostRedirect(canonicalHost: string): Connect.NextHandleFunction {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const host = req.headers.host;
    if (!host) return next();
    const match = /^localhost(:\d+)?$/i.exec(host);
    if (!match) return next();
    res.statusCode = 308;
    res.setHeader('location', `http://${canonicalHost}${match[1] ?? ''}${req.url ?? '/'}`);
    res.setHeader('cache-control', 'no-store');
    res.end();
  };
}

/** Vite's `server.host` when it is an IPv4 literal (what `localhost` should become), else undefined. */
function ipv4Host(host: string | boolean | undefined): string | undefined {
  return typeof host === 'string' && /^\d{1,3}(\.\d{1,3}){3}$/.test(host) && host !== '0.0.0.0' ? host : undefined;
}

export function localhostRedirectPlugin(): Plugin {
  return {
    name: 'adsmith-localhost-redirect',
    configureServer(server) {
      const canonical = ipv4Host(server.config.server.host);
      if (canonical) server.middlewares.use(localhostRedirect(canonical));
    },
    configurePreviewServer(server) {
      const canonical = ipv4Host(server.config.preview.host);
      if (canonical) server.middlewares.use(localhostRedirect(canonical));
    },
  };
}
