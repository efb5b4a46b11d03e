import { Injectable } from '@nestjs/common';
import { API_PREFIX } from '../../common/api-prefix';
import { readBoundedBody } from '../../common/bounded-body';
import { AppConfig, type OAuthProviderConfig } from '../../config/config';
import { PROVIDER_NAMES, type ProviderName } from '../provider-link.entity';
import { OAuthFailure } from './oauth.errors';

/** No provider answer we read is near this size; a larger one is refused, not buffered. */
const MAX_UPSTREAM_BYTES = 64 * 1024;
const MAX_EXTERNAL_ID_LENGTH = 128;

export interface ProviderProfile {
  externalId: string;
  /** The profile JSON as received, minus anything token-like (decisions §3). */
  metadata: Record<string, unknown>;
}

/** Where each provider's profile keeps the user id: chatapp's `id`, OpenID Connect's `sub`. */
const ID_FIELD: Record<ProviderName, string> = { chatapp: 'id', gameplatform: 'sub' };

/** One provider's authorization-code client with PKCE S256 (RFC 6749 §4.1, RFC 7636). */
export class OAuthClient {
  readonly redirectUri: string;

  constructor(
    readonly name: ProviderName,
    private readonly settings: OAuthProviderConfig,
    publicBaseUrl: string,
    private readonly timeoutMs: number,
  ) {
    this.redirectUri = `${publicBaseUrl}/${API_PREFIX}/oauth/${name}`;
  }

  authorizeUrl(state: string, codeChallenge: string): string {
    const url = new URL(this.settings.authorizeUrl);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.settings.clientId,
      redirect_uri: this.redirectUri,
      scope: this.settings.scopes.join(' '),
      state,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
    }).toString();
    return url.toString();
  }

  /** Exchanges an authorization code for the provider's access token. */
  async exchangeCode(code: string, codeVerifier: string): Promise<string> {
    const answer = await this.requestJson(this.settings.tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: this.redirectUri,
        code_verifier: codeVerifier,
        client_id: this.settings.clientId,
        client_secret: this.settings.clientSecret,
      }).toString(),
    });
    const token = answer.access_token;
    if (typeof token !== 'string' || !token || token.length > 4096) throw new OAuthFailure('token answer without access_token');
    return token;
  }

  async profile(accessToken: string): Promise<ProviderProfile> {
    const profile = await this.requestJson(this.settings.profileUrl, {
      method: 'GET',
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
    });
    const raw = profile[ID_FIELD[this.name]];
    const externalId = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : raw;
    if (typeof externalId !== 'string' || !externalId || externalId.length > MAX_EXTERNAL_ID_LENGTH) {
      throw new OAuthFailure(`profile without a usable ${ID_FIELD[this.name]}`);
    }
    const metadata = Object.fromEntries(Object.entries(profile).filter(([key]) => !/token|secret/i.test(key)));
    return { externalId, metadata };
  }

  private async requestJson(url: string, init: RequestInit): Promise<Record<string, unknown>> {
    let text: string;
    let status: number;
    try {
      const response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(this.timeoutMs) });
      status = response.status;
      text = (await readBoundedBody(response, MAX_UPSTREAM_BYTES)).toString('utf8');
    } catch (error) {
      throw new OAuthFailure(`${this.name} did not answer: ${(error as Error).name}`);
    }
    if (status !== 200) throw new OAuthFailure(`${this.name} answered ${status}`);
    try {
      const json: unknown = JSON.parse(text);
      if (typeof json === 'object' && json !== null && !Array.isArray(json)) return json as Record<string, unknown>;
    } catch {
      // reported below
    }
    throw new OAuthFailure(`${this.name} answered something other than a JSON object`);
  }
}

/** The configured client of each provider. */
@Injectable()
export class OAuthClients {
  private readonly clients: Map<string, OAuthClient>;

  constructor(config: AppConfig) {
    this.clients = new Map(
      PROVIDER_NAMES.map((name) => [name, new OAuthClient(name, config[name], config.publicBaseUrl, config.upstreamTimeoutMs)]),
    );
  }

  get(name: string): OAuthClient | undefined {
    return this.clients.get(name);
  }
}
