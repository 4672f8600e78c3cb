import type { ErrorAlternative } from '@commonwise/contracts';

/** An error whose message is meant for the person calling the API. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: {
      fields?: Record<string, string>;
      retryAfter?: number;
      alternatives?: ErrorAlternative[];
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED', 'Please sign in to continue.');
export const forbidden = () =>
  new AppError(403, 'FORBIDDEN', 'Your role does not allow this. Ask an administrator if you need access.');
export const notFound = (what: string) => new AppError(404, 'NOT_FOUND', `${what} not found`);
