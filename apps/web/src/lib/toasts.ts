import { notifications } from '@mantine/notifications';
import { isApiRequestError } from './api.ts';

/** A green toast saying an action worked. */
export function showSuccessToast(message: string): void {
  notifications.show({ color: 'green', message });
}

/** A yellow toast for something done that the person should know more about. */
export function showNoticeToast(title: string, message: string): void {
  notifications.show({ color: 'yellow', title, message, autoClose: 10000 });
}

/**
 * A red toast titled with what failed (the SPEC §8 text), followed by the server's own words: every
 * API error carries a message written for a person (why it was refused, what to do instead).
 */
export function showFailureToast(title: string, error: unknown): void {
  const reason = getActionableReason(error);
  notifications.show(
    reason
      ? { color: 'red', title, message: reason, autoClose: 8000 }
      : { color: 'red', message: title, autoClose: 8000 },
  );
}

function getActionableReason(error: unknown): string | null {
  // A 401 is handled by the session guard, which sends the person to sign in.
  if (!isApiRequestError(error) || error.status === 401) return null;
  return error.message;
}
