/**
 * What other features use of finance's components: Stripe's own card form (decisions 0052, 0055), which
 * amenity bookings pay through too.
 */
export { StripeConfirm, type StripeConfirmation } from './components/StripeConfirm.tsx';
