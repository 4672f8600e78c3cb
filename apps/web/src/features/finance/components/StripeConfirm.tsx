import { formatMoney, type StartedPayment } from '@commonwise/contracts';
import { Alert, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { Stripe, StripeElements } from '@stripe/stripe-js';

type Confirmation = NonNullable<StartedPayment['confirmation']>;

/**
 * The card or bank account, collected and confirmed by Stripe (decision 0052): Stripe.js draws the fields
 * in its own frames, so the numbers never reach Commonwise. The payment stays pending on the account until
 * Stripe's webhook says it succeeded; a card usually does at once, a bank debit within a few business days.
 * Stripe.js is loaded only when someone pays this way.
 */
export function StripeConfirm({
  payment,
  confirmation,
  onDone,
  onCancel,
}: {
  payment: StartedPayment;
  confirmation: Confirmation;
  onDone: () => void;
  onCancel: () => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [isReady, setIsReady] = useState(false);
  const [isPaying, setIsPaying] = useState(false);
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

  const pay = async () => {
    if (!stripe) return;
    setIsPaying(true);
    setError(null);
    const result = await stripe.stripe.confirmPayment({
      elements: stripe.elements,
      // A card that needs the bank's check (3-D Secure) comes back to the Billing page.
      confirmParams: {
        return_url: `${window.location.origin}/resident-portal/billing?unit=${encodeURIComponent(payment.unit.id)}`,
      },
      redirect: 'if_required',
    });
    setIsPaying(false);
    if (result.error) {
      setError(result.error.message ?? 'The payment did not go through. Check the details and try again.');
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
        <Alert color="red" title="The payment form could not be loaded">
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
            Loading the secure payment form...
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
        <Button variant="default" onClick={onCancel} disabled={isPaying}>
          Cancel
        </Button>
        <Button onClick={() => void pay()} loading={isPaying} disabled={!isReady}>
          Pay {formatMoney(payment.amountCents)}
        </Button>
      </Group>
    </Stack>
  );
}
