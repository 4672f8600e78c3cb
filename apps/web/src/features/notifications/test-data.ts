import type { Notification, NotificationPage, NotificationSettings } from '@commonwise/contracts';

/** Fixtures for this feature's component tests. */

export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: '0b7d9e1f-2a3c-4d5e-8f60-718293a4b5c6',
    kind: 'work-order.updated',
    title: '"Leaking faucet" is now In Progress',
    body: 'The work order "Leaking faucet" at Willow Creek Commons changed from Pending to In Progress.',
    link: '/work-rooms?room=6f1c2a4e-8d3b-4c6a-9e2f-1a2b3c4d5e6f',
    urgency: 'normal',
    propertyId: '11111111-1111-4111-8111-111111111111',
    propertyName: 'Willow Creek Commons',
    createdAt: new Date(Date.now() - 5 * 60 * 1000).toISOString(),
    readAt: null,
    ...overrides,
  };
}

export function makePage(rows: Notification[], overrides: Partial<NotificationPage> = {}): NotificationPage {
  return {
    rows,
    total: rows.length,
    page: 1,
    limit: 20,
    unreadCount: rows.filter((row) => row.readAt === null).length,
    ...overrides,
  };
}

export function makeSettings(overrides: Partial<NotificationSettings> = {}): NotificationSettings {
  return {
    kinds: [
      {
        kind: 'account.security',
        label: 'Security alerts',
        category: 'security',
        userCanDisable: false,
        digestible: false,
        channels: { inApp: true, email: true },
      },
      {
        kind: 'work-order.updated',
        label: 'Updates on my requests',
        category: 'operations',
        userCanDisable: true,
        digestible: true,
        channels: { inApp: true, email: true },
      },
      {
        kind: 'work-order.emergency',
        label: 'Emergencies at my properties',
        category: 'emergency',
        userCanDisable: false,
        digestible: false,
        channels: { inApp: true, email: true },
      },
      {
        kind: 'delivery.failed',
        label: 'Messages that could not be delivered',
        category: 'operations',
        userCanDisable: true,
        digestible: true,
        channels: { inApp: false, email: true },
      },
    ],
    quietHours: null,
    timeZone: 'America/Chicago',
    digest: 'off',
    language: 'en',
    emailBouncedAt: null,
    ...overrides,
  };
}
