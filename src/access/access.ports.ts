import type { Request } from 'express';
import type { Credentials } from './credentials';
import type { Principal } from './principal';

/**
 * Turns the credentials a request presents into its principal, or throws an `AuthError`. The auth
 * module resolves sessions, the service-keys module `rpk_` keys; the access core knows neither.
 */
export interface PrincipalResolver {
  /** Whether these credentials are of the kind this resolver reads. */
  accepts(credentials: Credentials): boolean;
  resolve(request: Request, credentials: Credentials): Promise<Principal>;
}

/** What holds a user back right now: a ban ends every request, a suspension every state change. */
export type Restriction = { type: 'ban' } | { type: 'suspension'; expiresAt: Date | null };

/** Answers whether a user is banned or suspended now (the moderation module implements it). */
export interface RestrictionCheck {
  restrictionOf(userId: string): Promise<Restriction | null>;
}

export const PRINCIPAL_RESOLVERS = Symbol('PRINCIPAL_RESOLVERS');
export const RESTRICTION_CHECK = Symbol('RESTRICTION_CHECK');
