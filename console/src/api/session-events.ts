/** Told whenever the API answers 401: the session is gone (expired, revoked, a ban). */
export const sessionEnded = new EventTarget();
export const SESSION_ENDED = 'ended';
