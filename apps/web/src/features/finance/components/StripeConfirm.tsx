import { Alert, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import type { ProviderConfirmation } from '@commonwise/contracts';

/** What the server hands the browser to confirm a payment or a saved method with Stripe. */
export type StripeConfirmation = ProviderConfirmation;

/**
 * The card or bank account, collected and confirmed by Stripe (decisions 0052, 0055): Stripe.js draws the
 * fields in its own frames, so the numbers never reach Commonwise. In `payment` mode it confirms a payment
 * (a PaymentIntent), which stays pending on the account until Stripe's webhook says it succeeded; in
 * `setup` mode it saves a card or bank account for autopay (a SetupIntent), pending until the webhook says
 * Stripe has it. A card that needs the bank's check (3-D Secure) leaves for the bank's page and comes back
 * to `returnPath` (the unit's Billing page, the amenities page). Stripe.js is loaded only when someone pays
 * or saves a method this way.
 */
export function StripeConfirm({
  mode,
  returnPath,
  confirmation,
  submitLabel,
  onDone,
  onCancel,
}: {
  mode: 'payment' | 'setup';
  /** The page of this app Stripe comes back to after a bank's check, from the root: `/amenities?booking=…`. */
  returnPath: string;
  confirmation: StripeConfirmation;
  /** "Pay $350.00", "Save Card". */
  submitLabel: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [isReady, setIsReady] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    void (async () => {
      try {
        const { loadStripe } = await import('@stripe/stripe-js');
        const loaded = await loadStripe(confirmation.publishableKey);
        if (!loaded) throw new Error('Stripe.js did not load');
        if (!isCurrent || !host.current) return;
        const elements = loaded.elements({ clientSecret: confirmation.clientSecret });
        const element = elements.create('payment');
        element.on('ready', () => setIsReady(true));
        element.mount(host.current);
        setStripe({ stripe: loaded, elements });
      } catch {
        if (isCurrent) setLoadFailed(true);
      }
    })();
    return () => {
      isCurrent = false;
    };
  }, [confirmation.clientSecret, confirmation.publishableKey, attempt]);

  const submit = async () => {
    if (!stripe) return;
    setIsSubmitting(true);
    setError(null);
    const options = {
      elements: stripe.elements,
      confirmParams: { return_url: `${window.location.origin}${returnPath}` },
      redirect: 'if_required' as const,
    };
    const result =
      mode === 'payment'
        ? await stripe.stripe.confirmPayment(options)
        : await stripe.stripe.confirmSetup(options);
    setIsSubmitting(false);
    if (result.error) {
      setError(
        result.error.message ??
          (mode === 'payment'
            ? 'The payment did not go through. Check the details and try again.'
            : 'Stripe did not accept the details. Check them and try again.'),
      );
      return;
    }
    onDone();
  };

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <IconLock size={16} aria-hidden />
        <Text size="sm" c="dimmed">
          Your card or bank details go straight to Stripe, our payment processor.
        </Text>
      </Group>
      {loadFailed ? (
        <Alert
          color="red"
          title={mode === 'payment' ? 'The payment form could not be loaded' : 'The form could not be loaded'}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              Check your connection (or any blocker of third-party scripts) and try again. Nothing has been
              charged.
            </Text>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => {
                setLoadFailed(false);
                setAttempt((value) => value + 1);
              }}
            >
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : !isReady ? (
        <Group gap="sm" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            {mode === 'payment' ? 'Loading the secure payment form...' : 'Loading the secure form...'}
          </Text>
        </Group>
      ) : null}
      <Box ref={host} data-testid="stripe-payment-element" />
      {error ? (
        <Text c="red.9" size="sm" role="alert">
          {error}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} loading={isSubmitting} disabled={!isReady}>
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}
