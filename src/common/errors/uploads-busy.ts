import { DomainError } from './domain-error';

/** Seconds a client is told to wait when no upload slot freed in time. */
const RETRY_AFTER_SECONDS = 5;

/** No upload slot freed while the request waited (decisions §13). */
export class UploadsBusy extends DomainError {
  constructor() {
    super(503, 'Service Unavailable', { code: 'UPLOADS_BUSY', headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } });
  }
}
