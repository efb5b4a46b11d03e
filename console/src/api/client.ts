import { createApiClient } from '../../../clients/typescript';

/** The API on the console's own origin: the session cookies go along, and the CSP allows nothing else. */
export const api = createApiClient(location.origin);
