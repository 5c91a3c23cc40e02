/** An error with an HTTP status whose message is safe to show to the client as `{ error }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Session expired, please sign in') {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(
    message = 'Too many requests, please try again later',
    /** When known, sent as `Retry-After` (a client shows a resend cooldown as the time left, not as a failure). */
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message);
  }
}
/** A provider (the payment provider, an app store) failed or could not be reached. */
export class BadGatewayError extends AppError {
  constructor(message: string) {
    super(502, message);
  }
}
export class ServiceUnavailableError extends AppError {
  constructor(message: string) {
    super(503, message);
  }
}
