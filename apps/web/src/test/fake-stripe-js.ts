/**
 * Stripe.js's `elements()`, as far as our forms use it: the Payment Element draws one field into the host
 * it is mounted on and says it is ready. Each call's options are kept in `calls`, for a test to read the
 * client secret it was given. Tests mock `@stripe/stripe-js` themselves (vi.mock is hoisted per file).
 */
export function fakeStripeElements(calls: unknown[]) {
  return (options: unknown) => {
    calls.push(options);
    return {
      create: () => {
        const handlers: Record<string, () => void> = {};
        return {
          on: (event: string, handler: () => void) => {
            handlers[event] = handler;
          },
          mount: (host: HTMLElement) => {
            const field = document.createElement('input');
            field.setAttribute('aria-label', 'Card number');
            host.append(field);
            setTimeout(() => handlers.ready?.(), 0);
          },
        };
      },
    };
  };
}
