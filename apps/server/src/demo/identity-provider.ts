/**
 * A small OpenID Connect provider for development and the demo shop, mounted in demo mode or with
 * DEV_IDENTITY_PROVIDER=true (a staging instance fed by a shop, where any email address may sign in).
 * It implements just what the authorization code flow with PKCE needs (discovery, authorize,
 * token, JWKS, userinfo), signs ID tokens with a key made at startup, and lets you pick one of
 * the demo shoppers (or a brand-new one) instead of asking for a password.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { JWK } from 'jose';
import { PERSONAS, type Persona } from './personas.js';

export const DEMO_IDP_PATH = '/demo-idp';
export const DEMO_CLIENT_ID = 'account-area';

interface PendingCode {
  persona: Persona;
  clientId: string;
  redirectUri: string;
  nonce: string | undefined;
  codeChallenge: string;
  expiresAt: number;
}

const CODE_TTL_MS = 60_000;

/** A shopper signed in by email address alone: the address is the identity (development only). */
const EMAIL_SUBJECT = 'email:';
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,}$/;
const emailPersona = (email: string): Persona => ({
  subject: `${EMAIL_SUBJECT}${email}`,
  firstName: '',
  lastName: '',
  email,
  note: '',
});

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const formBody = (body: unknown): Record<string, string> =>
  body && typeof body === 'object' ? (body as Record<string, string>) : {};

export interface IdentityProviderOptions {
  /** The public URL of this server; the issuer is {publicUrl}/demo-idp. */
  publicUrl: string;
  companyName(): Promise<string>;
}

export async function registerDemoIdentityProvider(app: FastifyInstance, options: IdentityProviderOptions) {
  // Loaded only when the demo provider is on, as the ID token checks load it on the first sign-in.
  const { exportJWK, generateKeyPair, jwtVerify, SignJWT } = await import('jose');
  const issuer = `${options.publicUrl}${DEMO_IDP_PATH}`;
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const kid = randomUUID();
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  const callbackPrefix = `${options.publicUrl}/account/api/v1/login/oidc/callback/`;

  const fail = (reply: FastifyReply, status: number, error: string, description: string) =>
    reply.code(status).send({ error, error_description: description });

  await app.register(
    async (idp) => {
      idp.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      });

      idp.get('/.well-known/openid-configuration', async () => ({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        userinfo_endpoint: `${issuer}/userinfo`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none', 'client_secret_post'],
        scopes_supported: ['openid', 'email', 'profile'],
        claims_supported: ['sub', 'email', 'email_verified', 'given_name', 'family_name', 'name', 'nonce'],
      }));

      idp.get('/jwks', async () => ({ keys: [jwk] }));

      const checkRequest = (q: Record<string, string>): string | null => {
        if (q.client_id !== DEMO_CLIENT_ID) return 'Unknown client_id';
        if (!q.redirect_uri?.startsWith(callbackPrefix)) return 'redirect_uri is not registered';
        if (q.response_type !== 'code') return 'Only response_type=code is supported';
        if (!q.code_challenge || q.code_challenge_method !== 'S256') return 'PKCE with S256 is required';
        if (!q.state) return 'state is required';
        return null;
      };

      idp.get('/authorize', async (request, reply) => {
        const q = formBody(request.query);
        const problem = checkRequest(q);
        if (problem) return reply.code(400).type('text/plain; charset=utf-8').send(problem);
        const company = escapeHtml(await options.companyName());
        const hidden = [
          'client_id',
          'redirect_uri',
          'response_type',
          'code_challenge',
          'code_challenge_method',
          'state',
          'nonce',
        ]
          .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(q[name] ?? '')}">`)
          .join('');
        const choices = Object.values(PERSONAS)
          .map(
            (p) => `<li><button type="submit" name="subject" value="${escapeHtml(p.subject)}">
            <span class="name">${escapeHtml(p.firstName || p.email)} ${escapeHtml(p.lastName)}</span>
            <span class="email">${escapeHtml(p.email)}</span>
            <span class="note">${escapeHtml(p.note)}</span></button></li>`,
          )
          .join('');
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in – ${company} demo identity provider</title><link rel="icon" href="/account/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="${DEMO_IDP_PATH}/style.css"></head>
<body><main><p class="badge">Demo identity provider</p><h1>Sign in to ${company}</h1>
<p>This stands in for the company's single sign-on. Choose who you want to be; no password is needed.</p>
<form method="post" action="${DEMO_IDP_PATH}/authorize">${hidden}<ul>${choices}
<li><button type="submit" name="subject" value="new"><span class="name">A new shopper</span>
<span class="note">Creates a fresh account that starts with onboarding</span></button></li>
<li class="email-choice"><label for="email">Or sign in with any email address, e.g. one the shop sent</label>
<input id="email" name="email" type="email" autocomplete="email" placeholder="jo@example.com">
<button type="submit" name="subject" value="email"><span class="name">Sign in with this email address</span></button></li>
</ul></form></main></body></html>`);
      });

      idp.get('/style.css', async (_request, reply) =>
        reply.type('text/css').send(`body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f3f5f4;color:#1d2522}
main{max-width:560px;margin:48px auto;padding:32px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{margin:.2em 0 .4em;font-size:1.6rem}.badge{display:inline-block;margin:0;padding:2px 10px;border-radius:99px;background:#fff4d6;color:#6b4e00;font-size:.8rem;font-weight:600}
ul{list-style:none;margin:24px 0 0;padding:0;display:grid;gap:12px}
button{width:100%;text-align:left;padding:14px 16px;border:1px solid #c9d3cf;border-radius:8px;background:#fff;cursor:pointer;font:inherit;display:grid;gap:2px}
button:hover,button:focus-visible{border-color:#1f6f5c;outline:2px solid #1f6f5c;outline-offset:1px}
.name{font-weight:600}.email{color:#3f4b47}.note{color:#55615d;font-size:.9rem}
.email-choice{display:grid;gap:8px;padding-top:12px;border-top:1px solid #e1e7e4}
input{font:inherit;padding:10px 12px;border:1px solid #8a9893;border-radius:8px}
@media (max-width:600px){main{margin:0;border-radius:0;padding:20px}}`),
      );

      idp.post('/authorize', async (request, reply) => {
        const f = formBody(request.body);
        const problem = checkRequest(f);
        if (problem) return reply.code(400).type('text/plain; charset=utf-8').send(problem);
        const known = Object.values(PERSONAS).find((p) => p.subject === f.subject);
        const suffix = randomBytes(4).toString('hex');
        const email = (f.email ?? '').trim().toLowerCase();
        const persona: Persona | undefined =
          known ??
          (f.subject === 'new'
            ? {
                subject: `demo-new-${suffix}`,
                firstName: '',
                lastName: '',
                email: `new.shopper.${suffix}@example.com`,
                note: '',
              }
            : f.subject === 'email' && EMAIL.test(email)
              ? emailPersona(email)
              : undefined);
        if (!persona) return reply.code(400).type('text/plain; charset=utf-8').send('Unknown demo shopper');
        const code = randomBytes(24).toString('base64url');
        codes.set(code, {
          persona,
          clientId: f.client_id ?? '',
          redirectUri: f.redirect_uri ?? '',
          nonce: f.nonce || undefined,
          codeChallenge: f.code_challenge ?? '',
          expiresAt: Date.now() + CODE_TTL_MS,
        });
        const target = new URL(f.redirect_uri ?? '');
        target.searchParams.set('code', code);
        target.searchParams.set('state', f.state ?? '');
        target.searchParams.set('iss', issuer);
        return reply.redirect(target.href, 303);
      });

      idp.post('/token', async (request, reply) => {
        const f = formBody(request.body);
        reply.header('cache-control', 'no-store');
        if (f.grant_type !== 'authorization_code')
          return fail(reply, 400, 'unsupported_grant_type', 'authorization_code only');
        const pending = f.code ? codes.get(f.code) : undefined;
        if (f.code) codes.delete(f.code);
        if (!pending || pending.expiresAt < Date.now())
          return fail(reply, 400, 'invalid_grant', 'Unknown or expired code');
        if (f.client_id !== pending.clientId || f.redirect_uri !== pending.redirectUri) {
          return fail(reply, 400, 'invalid_grant', 'client_id or redirect_uri does not match');
        }
        const challenge = createHash('sha256')
          .update(f.code_verifier ?? '')
          .digest('base64url');
        if (!f.code_verifier || challenge !== pending.codeChallenge) {
          return fail(reply, 400, 'invalid_grant', 'PKCE verification failed');
        }
        const p = pending.persona;
        const claims = {
          email: p.email,
          email_verified: true,
          given_name: p.firstName,
          family_name: p.lastName,
          name: `${p.firstName} ${p.lastName}`.trim(),
          ...(pending.nonce ? { nonce: pending.nonce } : {}),
        };
        const idToken = await new SignJWT(claims)
          .setProtectedHeader({ alg: 'RS256', kid })
          .setIssuer(issuer)
          .setSubject(p.subject)
          .setAudience(pending.clientId)
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(privateKey);
        const accessToken = await new SignJWT({ scope: 'openid email profile' })
          .setProtectedHeader({ alg: 'RS256', kid })
          .setIssuer(issuer)
          .setSubject(p.subject)
          .setAudience(`${issuer}/userinfo`)
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(privateKey);
        return { access_token: accessToken, token_type: 'Bearer', expires_in: 300, id_token: idToken };
      });

      idp.get('/userinfo', async (request, reply) => {
        const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
        try {
          if (!token) throw new Error('missing token');
          const { payload } = await jwtVerify(token, publicKey, { issuer, audience: `${issuer}/userinfo` });
          const p =
            Object.values(PERSONAS).find((persona) => persona.subject === payload.sub) ??
            (payload.sub?.startsWith(EMAIL_SUBJECT)
              ? emailPersona(payload.sub.slice(EMAIL_SUBJECT.length))
              : undefined);
          return {
            sub: payload.sub,
            email: p?.email,
            email_verified: Boolean(p),
            given_name: p?.firstName,
            family_name: p?.lastName,
          };
        } catch {
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer error="invalid_token"')
            .send({ error: 'invalid_token' });
        }
      });

      // Forget codes that were never redeemed.
      const sweeper = setInterval(() => {
        const now = Date.now();
        for (const [code, pending] of codes) if (pending.expiresAt < now) codes.delete(code);
      }, CODE_TTL_MS);
      sweeper.unref();
      idp.addHook('onClose', async () => clearInterval(sweeper));
    },
    { prefix: DEMO_IDP_PATH },
  );
}
