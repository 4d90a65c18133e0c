import type { FieldError } from '@lender/shared/contract/common';

/**
 * Errors that services throw on purpose. The error handler turns each into the error shape of
 * docs/product.md#errors with its status code; anything else is an unexpected 500.
 */
export abstract class DomainError extends Error {
  abstract readonly statusCode: number;
  /** The `error` field of 401 and 403 bodies, which the specification's client tests for. */
  readonly error: string | undefined = undefined;
}

export class ValidationError extends DomainError {
  readonly statusCode = 400;
  constructor(readonly errors: FieldError[]) {
    super(errors.map((e) => (e.field ? `${e.field}: ${e.msg}` : e.msg)).join('; ') || 'Invalid request');
  }

  static field(field: string, msg: string): ValidationError {
    return new ValidationError([{ field, msg }]);
  }
}

export class UnauthorizedError extends DomainError {
  readonly statusCode = 401;
  override readonly error = 'Unauthorized';
}

export class ForbiddenError extends DomainError {
  readonly statusCode = 403;
  override readonly error = 'Forbidden';
}

/** Also what a caller gets for a record outside their scope, so that ids cannot be probed. */
export class NotFoundError extends DomainError {
  readonly statusCode = 404;
}

/** `field`: the input that collides (a national ID already registered…), named in the answer's errors[]. */
export class ConflictError extends DomainError {
  readonly statusCode = 409;
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export class PayloadTooLargeError extends DomainError {
  readonly statusCode = 413;
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export class TooManyRequestsError extends DomainError {
  readonly statusCode = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
