import type { MembershipRefusal } from '../../chat-roles/membership-gate';
import { DomainError } from '../../common/errors/domain-error';

export class UnknownProvider extends DomainError {
  constructor() {
    super(404, 'Unknown Provider');
  }
}

export class InvalidRedirectUrl extends DomainError {
  constructor() {
    super(400, 'Invalid redirect URL');
  }
}

/**
 * A sign-in callback that cannot complete. Never shown to the browser, which is only sent to
 * FAILURE_REDIRECT_URL; the reason goes to the log.
 */
export class OAuthFailure extends Error {}

/** A sign-in the community's membership rules refuse (decisions §15): `?error=<refusal>`. */
export class MembershipSignInRefused extends OAuthFailure {
  constructor(readonly refusal: MembershipRefusal) {
    super(`chat membership: ${refusal}`);
  }
}

/** A banned user's sign-in: the browser goes to FAILURE_REDIRECT_URL with `?error=banned`. */
export class BannedSignIn extends OAuthFailure {
  constructor() {
    super('the user is banned');
  }
}
