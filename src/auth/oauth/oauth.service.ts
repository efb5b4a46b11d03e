import { Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { KeyValueCache } from '../../cache/key-value-cache';
import { type ChatSignIn, ChatRoleSync } from '../../chat-roles/chat-role-sync.service';
import { DependencyUnavailable } from '../../common/errors/dependency-unavailable';
import { validateDto } from '../../common/validation';
import { asDatabaseUnavailable } from '../../database/unavailable';
import { AppConfig } from '../../config/config';
import { MetricsService } from '../../metrics/metrics.service';
import { SanctionStatusService } from '../../moderation/sanction-status.service';
import { AuthError } from '../../access/access.errors';
import type { ProviderName } from '../provider-link.entity';
import type { SessionEntity } from '../session.entity';
import type { Principal } from '../../access/principal';
import { type ClientInfo, SessionsService, type TokenPair } from '../sessions.service';
import { hashToken, sameSecret } from '../../common/secrets';
import { OAuthAccountsService } from './oauth-accounts.service';
import { type OAuthClient, OAuthClients } from './oauth-client';
import { OAuthStartDto } from './oauth.dto';
import { BannedSignIn, InvalidRedirectUrl, MembershipSignInRefused, OAuthFailure, UnknownProvider } from './oauth.errors';
import { randomToken, s256Challenge } from './pkce';
import { RedirectAllowlist } from './redirect-allowlist';

const STATE_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const MAX_CODE_LENGTH = 2048;

/** What POST /v1/oauth/:provider keeps, single use, until the callback (decisions §4.2). */
interface PendingSignIn {
  provider: ProviderName;
  redirectUrl: string;
  codeVerifier: string;
  /** SHA-256 of the `oauth_binding` cookie given to the browser that started. */
  bindingHash: string;
  userId?: string;
}

/** The start's answer, and the binding the browser must keep in its cookie until the callback. */
export interface StartedSignIn {
  answer: { targetUrl: string; state: string };
  binding: string;
}

export interface CallbackRequest {
  query: Record<string, unknown>;
  /** The `oauth_binding` cookie the callback came with. */
  binding: string | undefined;
  refreshToken: string | undefined;
  client: ClientInfo;
  /** The request's logger: a failure is logged with the request's id. */
  log: Logger;
}

/** Where the browser goes after the callback, and the session cookies to set on the way. */
export interface CallbackOutcome {
  redirectTo: string;
  session?: TokenPair;
}

@Injectable()
export class OAuthService {
  constructor(
    private readonly clients: OAuthClients,
    private readonly allowlist: RedirectAllowlist,
    private readonly cache: KeyValueCache,
    private readonly accounts: OAuthAccountsService,
    private readonly sessions: SessionsService,
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
    private readonly sanctions: SanctionStatusService,
    private readonly chatRoles: ChatRoleSync,
  ) {}

  async start(providerName: string, body: unknown, caller: Principal | undefined): Promise<StartedSignIn> {
    const client = this.clients.get(providerName);
    if (!client) throw new UnknownProvider();
    const redirectUrl = this.allowlist.allowed(await redirectUrlOf(body));
    if (!redirectUrl) throw new InvalidRedirectUrl();
    const [state, codeVerifier, binding] = [randomToken(), randomToken(), randomToken()];
    const pending: PendingSignIn = {
      provider: client.name,
      redirectUrl: redirectUrl.href,
      codeVerifier,
      bindingHash: hashToken(binding),
      userId: caller?.id,
    };
    await this.cache.set(stateKey(state), pending, this.config.oauthStateTtlMs);
    return { answer: { targetUrl: client.authorizeUrl(state, s256Challenge(codeVerifier)), state }, binding };
  }

  /** The spec's callback rules 1–6: any failure sends the browser to FAILURE_REDIRECT_URL. */
  async callback(providerName: string, request: CallbackRequest): Promise<CallbackOutcome> {
    try {
      const outcome = await this.complete(providerName, request);
      this.metrics.countOAuthCallback(providerName, 'success');
      return outcome;
    } catch (error) {
      this.metrics.countOAuthCallback(providerName, 'failure');
      const unavailable = error instanceof DependencyUnavailable ? error : asDatabaseUnavailable(error);
      if (unavailable) request.log.warn({ context: OAuthService.name }, `Sign-in through ${providerName} failed: ${String(unavailable.cause)}`);
      else if (!(error instanceof OAuthFailure)) request.log.error({ context: OAuthService.name }, error instanceof Error ? error.stack : String(error));
      else request.log.warn({ context: OAuthService.name }, `Sign-in through ${providerName} failed: ${error.message}`);
      if (unavailable) return { redirectTo: withQuery(this.config.failureRedirectUrl, 'error', 'unavailable') };
      if (error instanceof BannedSignIn) return { redirectTo: withQuery(this.config.failureRedirectUrl, 'error', 'banned') };
      if (error instanceof MembershipSignInRefused) return { redirectTo: withQuery(this.config.failureRedirectUrl, 'error', error.refusal) };
      return { redirectTo: this.config.failureRedirectUrl };
    }
  }

  private async complete(providerName: string, request: CallbackRequest): Promise<CallbackOutcome> {
    const { query, refreshToken, client: clientInfo } = request;
    const client = this.clients.get(providerName);
    if (!client) throw new OAuthFailure('unknown provider');
    const { state, code } = query;
    if (typeof state !== 'string' || !STATE_SHAPE.test(state)) throw new OAuthFailure('malformed state');
    // Taken before any other check: a state that fails once can never be tried again.
    const pending = await this.cache.take<PendingSignIn>(stateKey(state));
    if (!pending || pending.provider !== client.name) throw new OAuthFailure('unknown, used or expired state');
    if (!boundTo(pending, request.binding)) throw new OAuthFailure('state started in another browser');
    if (query.error !== undefined) throw new OAuthFailure('the provider refused the authorization');
    if (typeof code !== 'string' || !code || code.length > MAX_CODE_LENGTH) throw new OAuthFailure('malformed code');
    if (!clientInfo.ip) throw new OAuthFailure('unresolvable client IP address');
    const browser = await this.browserSession(refreshToken);
    if (client.name === 'gameplatform') assertLinkedByStarter(pending, browser);
    const { userId, chatSignIn } = await this.resolveUser(client, pending, code);
    if (await this.sanctions.activeBan(userId)) throw new BannedSignIn();
    if (chatSignIn) {
      const refusal = await this.chatRoles.atSignIn(chatSignIn);
      if (refusal) throw new MembershipSignInRefused(refusal);
    }
    const session = await this.sessionFor(userId, browser, refreshToken, clientInfo);
    // A ban committed between the check and the new session: its own sweep may have run before
    // the session existed, so look again now that it does.
    if (await this.sanctions.activeBan(userId)) {
      await this.sessions.revokeAllOfUser(userId);
      throw new BannedSignIn();
    }
    const target = new URL(pending.redirectUrl);
    target.searchParams.set('state', state);
    return { redirectTo: target.href, session };
  }

  /** The user signing in (or linking); a chatapp sign-in also says what the chat roles' sync needs. */
  private async resolveUser(client: OAuthClient, pending: PendingSignIn, code: string): Promise<{ userId: string; chatSignIn?: ChatSignIn }> {
    const providerToken = await client.exchangeCode(code, pending.codeVerifier);
    const profile = await client.profile(providerToken);
    if (client.name === 'gameplatform') {
      await this.accounts.linkGameplatform(pending.userId!, profile);
      return { userId: pending.userId! };
    }
    const { userId, created } = await this.accounts.chatappUser(profile);
    const mfa = profile.metadata.mfa_enabled;
    return { userId, chatSignIn: { userId, chatUserId: profile.externalId, created, chatMfa: typeof mfa === 'boolean' ? mfa : undefined } };
  }

  /** The session the callback's refresh cookie can renew, if any. */
  private async browserSession(refreshToken: string | undefined): Promise<SessionEntity | undefined> {
    if (refreshToken === undefined) return undefined;
    try {
      return await this.sessions.findRenewable(refreshToken);
    } catch (error) {
      if (error instanceof AuthError) return undefined;
      throw error;
    }
  }

  /** Rotates the browser's own session of this user when it has one (rule 3), else starts one. */
  private async sessionFor(userId: string, browser: SessionEntity | undefined, refreshToken: string | undefined, client: ClientInfo): Promise<TokenPair> {
    if (browser?.userId === userId && refreshToken !== undefined) {
      try {
        return await this.sessions.rotate(browser, refreshToken, client);
      } catch (error) {
        if (!(error instanceof AuthError)) throw error;
      }
    }
    return this.sessions.issue(userId, client);
  }
}

/** `url` (a path or an absolute URL, as FAILURE_REDIRECT_URL may be) with one more query parameter. */
function withQuery(url: string, name: string, value: string): string {
  const [base, fragment] = url.split('#', 2);
  const joined = `${base}${base.includes('?') ? '&' : '?'}${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
  return fragment === undefined ? joined : `${joined}#${fragment}`;
}

/** Whether the callback's binding cookie is the one given with this state, compared in constant time. */
function boundTo(pending: PendingSignIn, binding: string | undefined): boolean {
  return binding !== undefined && STATE_SHAPE.test(binding) && sameSecret(hashToken(binding), pending.bindingHash);
}

/**
 * A link goes only to the user who started it, and only from that user's own browser session:
 * a link URL handed to another browser links nothing (decisions §7).
 */
function assertLinkedByStarter(pending: PendingSignIn, browser: SessionEntity | undefined): void {
  if (!pending.userId) throw new OAuthFailure('gameplatform without a session');
  if (!browser || !sameSecret(browser.userId, pending.userId)) {
    throw new OAuthFailure('gameplatform callback outside the session that started the link');
  }
}

function stateKey(state: string): string {
  return `oauth-state:${state}`;
}

/** `redirectUrl` of the body; a missing body or field is an invalid URL, unknown fields are 400. */
async function redirectUrlOf(body: unknown): Promise<unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  return (await validateDto(OAuthStartDto, body)).redirectUrl;
}
