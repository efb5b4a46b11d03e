/** One problem with one input field, as listed in an error body's `details`. */
export interface FieldIssue {
  field: string;
  message: string;
}

export interface DomainErrorOptions {
  code?: string;
  details?: FieldIssue[];
  /** `details` as an object instead of a list: the suspension's `{expiresAt}`, the one such error (decisions §12). */
  objectDetails?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** What went wrong underneath: logged with the answer, never sent. */
  cause?: unknown;
}

/**
 * A rule of the domain was broken. Services throw these; the one exception filter turns them
 * into the contract's `{error, code?, details?}` body with `status`.
 */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly options: DomainErrorOptions = {},
  ) {
    super(error, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
  }
}

export class InvalidBody extends DomainError {
  constructor(details: FieldIssue[]) {
    super(400, 'Invalid form of body', { details });
  }
}

export function invalidField(field: string, message: string): InvalidBody {
  return new InvalidBody([{ field, message }]);
}

export class UnknownUser extends DomainError {
  constructor() {
    super(404, 'Unknown User');
  }
}

export class UnknownCharacter extends DomainError {
  constructor() {
    super(404, 'Unknown Character');
  }
}

export class ForbiddenError extends DomainError {
  constructor(error = 'Forbidden', code?: string) {
    super(403, error, { code });
  }
}
