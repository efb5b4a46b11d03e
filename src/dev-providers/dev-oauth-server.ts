import { Injectable } from '@nestjs/common';
import { API_PREFIX } from '../common/api-prefix';
import { s256Challenge, randomToken } from '../auth/oauth/pkce';
import type { ProviderName } from '../auth/provider-link.entity';
import { sameSecret } from '../common/secrets';
import { KeyValueCache } from '../cache/key-value-cache';
import { AppConfig, type OAuthProviderConfig } from '../config/config';
import { authorizePage, errorPage } from './dev-authorize-page';
import { chosenMembership, chosenMfa, type DevMembership, memberAnswer } from './dev-community';
import { DEV_PROVIDERS, type DevIdentity, type DevProviderSpec, typedIdentity } from './dev-identities';

const CODE_TTL_MS = 5 * 60 * 1000;
const TOKEN_TTL_MS = 60 * 60 * 1000;
/** How long the member endpoint remembers what a person chose at their latest sign-in. */
const MEMBERSHIP_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** A response of the development providers, written by their controllers. */
export type DevResponse =
  | { kind: 'html'; status: number; html: string }
  | { kind: 'json'; status: number; body: Record<string, unknown> }
  | { kind: 'redirect'; location: string };

/** The parameters of an authorization request, checked as a real provider would. */
export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  codeChallenge: string;
  scope: string;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  profile: Record<string, unknown>;
}

/**
 * One provider's local OAuth authorization server: authorize page, token endpoint (client
 * secret, single-use code, redirect_uri, PKCE S256) and profile endpoint. Codes and tokens live
 * in the shared cache, so any instance can finish what another started.
 */
export class DevOAuthServer {
  private readonly redirectUri: string;

  constructor(
    readonly spec: DevProviderSpec,
    private readonly client: OAuthProviderConfig,
    publicBaseUrl: string,
    private readonly cache: KeyValueCache,
  ) {
    this.redirectUri = `${publicBaseUrl}/${API_PREFIX}/oauth/${spec.name}`;
  }

  page(query: Record<string, unknown>): DevResponse {
    const request = this.authorizeRequest(query);
    if ('problem' in request) return { kind: 'html', status: 400, html: errorPage(this.spec.name, request.problem) };
    return { kind: 'html', status: 200, html: authorizePage(this.spec, request) };
  }

  /** The person chose an identity: a one-time code goes back to the client's redirect_uri. */
  async authorize(form: Record<string, unknown>): Promise<DevResponse> {
    const request = this.authorizeRequest(form);
    if ('problem' in request) return { kind: 'html', status: 400, html: errorPage(this.spec.name, request.problem) };
    const identity = this.chosenIdentity(form);
    if ('problem' in identity) return { kind: 'html', status: 400, html: authorizePage(this.spec, request, identity.problem) };
    const code = randomToken();
    const issued: IssuedCode = {
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      profile: { ...this.spec.profileOf(identity), ...(this.spec.hasCommunity ? chosenMfa(form) : {}) },
    };
    if (this.spec.hasCommunity) await this.cache.set(this.key('member', identity.id), chosenMembership(form), MEMBERSHIP_TTL_MS);
    await this.cache.set(this.key('code', code), issued, CODE_TTL_MS);
    const location = new URL(request.redirectUri);
    location.searchParams.set('code', code);
    location.searchParams.set('state', request.state);
    return { kind: 'redirect', location: location.href };
  }

  async token(form: Record<string, unknown>, authorization: string | undefined): Promise<DevResponse> {
    if (form.grant_type !== 'authorization_code') return oauthError(400, 'unsupported_grant_type');
    const credentials = clientCredentials(form, authorization);
    if (!credentials || credentials.id !== this.client.clientId || !sameSecret(credentials.secret, this.client.clientSecret)) {
      return oauthError(401, 'invalid_client');
    }
    const code = typeof form.code === 'string' ? form.code : '';
    const issued = code ? await this.cache.take<IssuedCode>(this.key('code', code)) : undefined;
    const verifier = typeof form.code_verifier === 'string' ? form.code_verifier : '';
    const valid =
      issued &&
      issued.clientId === credentials.id &&
      issued.redirectUri === form.redirect_uri &&
      /^[A-Za-z0-9._~-]{43,128}$/.test(verifier) &&
      sameSecret(s256Challenge(verifier), issued.codeChallenge);
    if (!valid) return oauthError(400, 'invalid_grant');
    const accessToken = randomToken();
    await this.cache.set(this.key('token', accessToken), issued.profile, TOKEN_TTL_MS);
    return {
      kind: 'json',
      status: 200,
      body: { access_token: accessToken, token_type: 'Bearer', expires_in: TOKEN_TTL_MS / 1000, scope: this.client.scopes.join(' ') },
    };
  }

  async profile(authorization: string | undefined): Promise<DevResponse> {
    const token = /^Bearer ([A-Za-z0-9_-]{43})$/.exec(authorization ?? '')?.[1];
    const profile = token ? await this.cache.get<Record<string, unknown>>(this.key('token', token)) : undefined;
    return profile ? { kind: 'json', status: 200, body: profile } : oauthError(401, 'invalid_token');
  }

  /** The community's member endpoint, for the bot of `CHATAPP_BOT_TOKEN` in `CHATAPP_GUILD_ID` only. */
  async member(community: { botToken: string; guildId: string }, guildId: string, userId: string, authorization: string | undefined): Promise<DevResponse> {
    if (!sameSecret(authorization ?? '', `Bot ${community.botToken}`)) return { kind: 'json', status: 401, body: { message: '401: Unauthorized', code: 0 } };
    if (guildId !== community.guildId) return { kind: 'json', status: 404, body: { message: 'Unknown Guild', code: 10004 } };
    const membership = /^\d{1,20}$/.test(userId) ? await this.cache.get<DevMembership>(this.key('member', userId)) : undefined;
    return { kind: 'json', ...memberAnswer(userId, membership) };
  }

  private authorizeRequest(params: Record<string, unknown>): AuthorizeRequest | { problem: string } {
    const { response_type, client_id, redirect_uri, state, code_challenge, code_challenge_method, scope } = params;
    if (response_type !== 'code') return { problem: 'response_type must be code.' };
    if (client_id !== this.client.clientId) return { problem: 'Unknown client_id.' };
    // Never send a code anywhere but the registered redirect URI.
    if (redirect_uri !== this.redirectUri) return { problem: 'redirect_uri is not the one registered for this client.' };
    if (typeof state !== 'string' || !state || state.length > 512) return { problem: 'state is missing.' };
    if (code_challenge_method !== 'S256' || typeof code_challenge !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(code_challenge)) {
      return { problem: 'A PKCE S256 code_challenge is required.' };
    }
    const scopeText = typeof scope === 'string' ? scope.slice(0, 256) : '';
    return { clientId: client_id, redirectUri: redirect_uri, state, codeChallenge: code_challenge, scope: scopeText };
  }

  private chosenIdentity(form: Record<string, unknown>): DevIdentity | { problem: string } {
    const preset = form.preset;
    if (typeof preset !== 'string' || preset === '') return typedIdentity(this.spec.name, form);
    const chosen = /^\d{1,2}$/.test(preset) ? this.spec.presets[Number(preset)] : undefined;
    return chosen ?? { problem: 'Unknown test identity.' };
  }

  private key(kind: 'code' | 'token' | 'member', value: string): string {
    return `dev-oauth:${this.spec.name}:${kind}:${value}`;
  }
}

/** The two development providers of this process. */
@Injectable()
export class DevOAuthServers {
  private readonly servers: Record<ProviderName, DevOAuthServer>;

  constructor(config: AppConfig, cache: KeyValueCache) {
    const server = (name: ProviderName) => new DevOAuthServer(DEV_PROVIDERS[name], config[name], config.publicBaseUrl, cache);
    this.servers = { chatapp: server('chatapp'), gameplatform: server('gameplatform') };
  }

  of(name: ProviderName): DevOAuthServer {
    return this.servers[name];
  }
}

function oauthError(status: number, error: string): DevResponse {
  return { kind: 'json', status, body: { error } };
}

/** client_secret_post or client_secret_basic (RFC 6749 §2.3.1). */
function clientCredentials(form: Record<string, unknown>, authorization: string | undefined): { id: string; secret: string } | undefined {
  const basic = /^Basic ([A-Za-z0-9+/=]+)$/.exec(authorization ?? '')?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return undefined;
    try {
      return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
    } catch {
      return undefined;
    }
  }
  if (typeof form.client_id !== 'string' || typeof form.client_secret !== 'string') return undefined;
  return { id: form.client_id, secret: form.client_secret };
}
