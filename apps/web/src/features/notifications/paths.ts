import type { Notification } from '@commonwise/contracts';
import { getSafeRedirect } from '../../lib/redirect.ts';

export const notificationCentrePath = '/notifications';
/** The settings section's id on My Account, and the address that scrolls to it. */
export const notificationSettingsSectionId = 'notifications';
export const notificationSettingsPath = `/account#${notificationSettingsSectionId}`;

/** Where a notification leads: its own page in the product, else the notification centre. */
export function notificationTarget(notification: Notification): string {
  return notification.link
    ? getSafeRedirect(notification.link, notificationCentrePath)
    : notificationCentrePath;
}
