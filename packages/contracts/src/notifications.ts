import { z } from 'zod';
import { readingLanguages } from './languages.ts';
import { pageFields, pageQueryFields } from './paging.ts';

/**
 * Notifications (docs/decisions/0036-notifications.md). Every message the product sends a person goes
 * through one `notify()` on the server, inside the transaction of the change that causes it; jobs
 * deliver it afterwards by the person's preferences. The kinds below decide what a person may turn
 * off, what waits for the morning, and what goes into the daily digest.
 */

export const notificationChannels = ['inApp', 'email'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/**
 * What a kind is, which sets its rules: `security` (sign-in codes, password links) and `legal`
 * (letters and notices) cannot be turned off; `emergency` ignores preferences and quiet hours;
 * `operations` and `community` follow the person's choices.
 */
export const notificationCategories = ['security', 'legal', 'emergency', 'operations', 'community'] as const;
export type NotificationCategory = (typeof notificationCategories)[number];

type KindRules = {
  label: string;
  category: NotificationCategory;
  /** Channels used when the person has not chosen; a channel not listed is never used for this kind. */
  channels: readonly NotificationChannel[];
  /** Whether the person may turn a channel of it off. */
  userCanDisable: boolean;
  /** Sent at once even in the person's quiet hours. */
  quietHoursExempt: boolean;
  /** Gathered into the daily digest for people who take one, instead of its own e-mail. */
  digestible: boolean;
  /**
   * Its text holds a secret (a code or a one-time link): shown in no list, and wiped from the database
   * once the e-mail is sent.
   */
  isSecret?: boolean;
};

const security = {
  category: 'security',
  userCanDisable: false,
  quietHoursExempt: true,
  digestible: false,
} as const;

export const notificationKinds = {
  'account.invitation': { label: 'Invitation to join', channels: ['email'], isSecret: true, ...security },
  'account.sign-in-code': { label: 'Sign-in codes', channels: ['email'], isSecret: true, ...security },
  'account.password-reset': {
    label: 'Password reset links',
    channels: ['email'],
    isSecret: true,
    ...security,
  },
  'account.security': { label: 'Security alerts', channels: ['inApp', 'email'], ...security },
  'work-order.created': {
    label: 'New requests at my properties',
    category: 'operations',
    channels: ['inApp', 'email'],
    userCanDisable: true,
    quietHoursExempt: false,
    digestible: true,
  },
  'work-order.updated': {
    label: 'Updates on my requests',
    category: 'operations',
    channels: ['inApp', 'email'],
    userCanDisable: true,
    quietHoursExempt: false,
    digestible: true,
  },
  'work-order.escalated': {
    label: 'Requests the assistant hands to a person',
    category: 'operations',
    channels: ['inApp', 'email'],
    userCanDisable: true,
    quietHoursExempt: false,
    digestible: false,
  },
  'work-order.assigned': {
    label: 'Work orders assigned to me',
    category: 'operations',
    channels: ['inApp', 'email'],
    userCanDisable: true,
    quietHoursExempt: false,
    digestible: true,
  },
  'work-order.emergency': {
    label: 'Emergencies at my properties',
    category: 'emergency',
    channels: ['inApp', 'email'],
    userCanDisable: false,
    quietHoursExempt: true,
    digestible: false,
  },
  'work-order.overdue': {
    label: 'Overdue work orders at my properties',
    category: 'operations',
    channels: ['inApp', 'email'],
    userCanDisable: true,
    quietHoursExempt: false,
    digestible: true,
  },
  'work-room.messages': {
    label: 'New messages in my work rooms',
    category: 'community',
    channels: ['inApp', 'email'],
    userCanDisable: true,
    quietHoursExempt: false,
    // Already one message per batch of room messages; a digest would hold them back another day.
    digestible: false,
  },
  'letter.sent': {
    label: 'Letters and notices',
    category: 'legal',
    channels: ['inApp', 'email'],
    userCanDisable: false,
    quietHoursExempt: false,
    digestible: false,
  },
  'payment.receipt': {
    label: 'Receipts for my payments',
    category: 'operations',
    channels: ['inApp', 'email'],
    userCanDisable: true,
    quietHoursExempt: false,
    digestible: false,
  },
  'payment.problem': {
    label: 'Payments that did not go through or came back',
    category: 'operations',
    channels: ['inApp', 'email'],
    // Money owed again, or not paid after all: the payer must hear of it.
    userCanDisable: false,
    quietHoursExempt: false,
    digestible: false,
  },
  'autopay.reminder': {
    label: 'Reminders before autopay charges my account',
    category: 'operations',
    channels: ['inApp', 'email'],
    userCanDisable: true,
    quietHoursExempt: false,
    digestible: false,
  },
  'statement.ready': {
    label: 'Monthly statements',
    category: 'operations',
    channels: ['inApp', 'email'],
    userCanDisable: true,
    quietHoursExempt: false,
    digestible: false,
  },
  'collections.attention': {
    label: 'Collection cases that need me',
    category: 'operations',
    channels: ['inApp', 'email'],
    userCanDisable: true,
    quietHoursExempt: false,
    digestible: true,
  },
  'violation.owner-response': {
    label: 'Owners’ replies, cure photos and hearing requests on violations',
    category: 'operations',
    channels: ['inApp', 'email'],
    userCanDisable: true,
    quietHoursExempt: false,
    // A hearing request starts the association's clock; a cure waits for a re-inspection.
    digestible: false,
  },
  'arc.request-update': {
    label: 'Updates on my architectural requests',
    category: 'operations',
    channels: ['inApp', 'email'],
    userCanDisable: true,
    quietHoursExempt: false,
    // What is still missing, and the decision's due date once complete: told at once.
    digestible: false,
  },
  'arc.review': {
    label: 'Architectural requests to review, and their deadlines',
    category: 'operations',
    channels: ['inApp', 'email'],
    // A review window that runs out unseen is what this product exists to prevent.
    userCanDisable: false,
    quietHoursExempt: false,
    digestible: false,
  },
  'arc.message': {
    label: 'Messages on architectural requests I review',
    category: 'operations',
    channels: ['inApp', 'email'],
    userCanDisable: true,
    quietHoursExempt: false,
    // A conversation: one message at a time matters less than not missing the thread.
    digestible: true,
  },
  'community.announcement': {
    label: 'Announcements from my associations',
    category: 'community',
    channels: ['inApp', 'email'],
    userCanDisable: true,
    quietHoursExempt: false,
    digestible: true,
  },
  'community.notice': {
    label: 'Announcements I am asked to acknowledge',
    category: 'community',
    channels: ['inApp', 'email'],
    // The association needs each person to have seen it (a water shut-off date, a rule change).
    userCanDisable: false,
    quietHoursExempt: false,
    digestible: false,
  },
  'community.emergency': {
    label: 'Emergency notices from my association',
    category: 'emergency',
    channels: ['inApp', 'email'],
    // A water shut-off or a gas leak: it reaches everyone at once, at night too, and cannot be turned off.
    userCanDisable: false,
    quietHoursExempt: true,
    digestible: false,
  },
  'community.booking': {
    label: 'My amenity bookings: confirmed, declined, cancelled, deposits',
    category: 'operations',
    channels: ['inApp', 'email'],
    // The booker's own transaction (a fee paid, a deposit kept): they must hear how it ended.
    userCanDisable: false,
    quietHoursExempt: false,
    digestible: false,
  },
  'community.booking-approval': {
    label: 'Amenity bookings waiting for my approval',
    category: 'operations',
    channels: ['inApp', 'email'],
    userCanDisable: true,
    quietHoursExempt: false,
    digestible: true,
  },
  'community.booking-reminder': {
    label: 'Reminders the day before my amenity bookings',
    category: 'operations',
    channels: ['inApp', 'email'],
    userCanDisable: true,
    quietHoursExempt: false,
    digestible: false,
  },
  // The vendor directory (issue 24 item 1): a company's people and the managers of the associations it
  // serves hear of a certificate or licence that expires within 30 days, and again once it has expired
  // (which stops new assignments, so that one cannot be turned off); managers of a renewal to review.
  'vendor.compliance-expiring': {
    label: 'Vendor certificates and licences that expire within 30 days',
    category: 'operations',
    channels: ['inApp', 'email'],
    userCanDisable: true,
    quietHoursExempt: false,
    digestible: true,
  },
  'vendor.compliance-expired': {
    label: 'Vendor certificates and licences that have expired',
    category: 'operations',
    channels: ['inApp', 'email'],
    userCanDisable: false,
    quietHoursExempt: false,
    digestible: false,
  },
  'vendor.document-review': {
    label: 'Vendor documents waiting for my review, and what was decided about mine',
    category: 'operations',
    channels: ['inApp', 'email'],
    userCanDisable: true,
    quietHoursExempt: false,
    digestible: true,
  },
  // Bids (issue 24 item 2): a company's people hear of invitations, answers to their questions, and the
  // outcome; the association's managers of bids and questions that arrive.
  'bid.invitation': {
    label: 'Invitations to bid, answers to my questions and the outcome of my bids',
    category: 'operations',
    channels: ['inApp', 'email'],
    userCanDisable: false,
    quietHoursExempt: false,
    digestible: false,
  },
  'bid.activity': {
    label: 'Bids and questions from vendors on my requests for bids',
    category: 'operations',
    channels: ['inApp', 'email'],
    userCanDisable: true,
    quietHoursExempt: false,
    digestible: true,
  },
  // Vendor invoices (issue 24 item 3): a company's people hear of each status change of their invoices;
  // managers and board members of invoices waiting for their review or approval.
  'invoice.status': {
    label: 'Status changes of the invoices my company sent',
    category: 'operations',
    channels: ['inApp', 'email'],
    userCanDisable: false,
    quietHoursExempt: false,
    digestible: false,
  },
  'invoice.attention': {
    label: 'Vendor invoices waiting for my review or approval',
    category: 'operations',
    channels: ['inApp', 'email'],
    userCanDisable: true,
    quietHoursExempt: false,
    digestible: true,
  },
  // Communities under development (issue 25): a project's overdue milestones reach its developer's people
  // and the community's managers; a hand-over report reaches the association's board.
  'project.milestone': {
    label: 'Overdue milestones of projects I work on',
    category: 'operations',
    channels: ['inApp', 'email'],
    userCanDisable: true,
    quietHoursExempt: false,
    digestible: true,
  },
  'project.handover': {
    label: 'Hand-over reports from the developer to my board',
    category: 'operations',
    channels: ['inApp', 'email'],
    userCanDisable: false,
    quietHoursExempt: false,
    digestible: false,
  },
  'decision.attention': {
    label: 'Decisions before my board or committee, and their outcomes',
    category: 'operations',
    channels: ['inApp', 'email'],
    userCanDisable: true,
    quietHoursExempt: false,
    digestible: true,
  },
  'delivery.failed': {
    label: 'Messages that could not be delivered',
    category: 'operations',
    channels: ['inApp', 'email'],
    userCanDisable: true,
    quietHoursExempt: false,
    digestible: true,
  },
  'digest.daily': {
    label: 'Daily digest',
    category: 'operations',
    channels: ['email'],
    userCanDisable: false,
    quietHoursExempt: true,
    digestible: false,
  },
} as const satisfies Record<string, KindRules>;

export type NotificationKind = keyof typeof notificationKinds;
export const notificationKindList = Object.keys(notificationKinds) as NotificationKind[];
export const notificationKindSchema = z.enum(
  notificationKindList as [NotificationKind, ...NotificationKind[]],
);

export function rulesOf(kind: NotificationKind): KindRules {
  return notificationKinds[kind];
}

export const notificationUrgencies = ['normal', 'emergency'] as const;
export type NotificationUrgency = (typeof notificationUrgencies)[number];

/** One notification in the bell and the notification centre. */
export const notificationSchema = z.object({
  id: z.uuid(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  urgency: z.enum(notificationUrgencies),
  propertyId: z.uuid().nullable(),
  propertyName: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  ...pageQueryFields(20),
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type NotificationsQuery = z.input<typeof notificationsQuerySchema>;

export const notificationPageSchema = z.object({
  rows: z.array(notificationSchema),
  ...pageFields,
  unreadCount: z.number().int().nonnegative(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unreadCount: z.number().int().nonnegative() });

/** "HH:MM", 24-hour. */
const clockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Use a time like 22:00 (24-hour clock).' });

export const digestFrequencies = ['off', 'daily'] as const;

export const notificationPreferenceSchema = z.object({
  kind: notificationKindSchema,
  label: z.string(),
  category: z.enum(notificationCategories),
  userCanDisable: z.boolean(),
  digestible: z.boolean(),
  /** The channels this kind can use, each on or off for this person. */
  channels: z.partialRecord(z.enum(notificationChannels), z.boolean()),
});

export const notificationSettingsSchema = z.object({
  kinds: z.array(notificationPreferenceSchema),
  /** Non-urgent e-mail waits until the end of quiet hours; null: none. */
  quietHours: z.object({ start: clockTime, end: clockTime }).nullable(),
  timeZone: z.string(),
  digest: z.enum(digestFrequencies),
  /** The language they read announcements in, where the association gave a translation. */
  language: z.enum(readingLanguages),
  /** When the person's address last refused a message (they are told in the app). */
  emailBouncedAt: z.string().nullable(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const updateNotificationSettingsSchema = z
  .object({
    kinds: z
      .array(
        z.object({
          kind: notificationKindSchema,
          channel: z.enum(notificationChannels),
          enabled: z.boolean(),
        }),
      )
      .max(100)
      .optional(),
    quietHours: z
      .object({ start: clockTime, end: clockTime })
      .refine((hours) => hours.start !== hours.end, {
        error: 'Quiet hours must start and end at different times.',
      })
      .nullable()
      .optional(),
    timeZone: z
      .string()
      .max(64)
      .refine((zone) => isTimeZone(zone), { error: 'Choose a time zone from the list.' })
      .optional(),
    digest: z.enum(digestFrequencies).optional(),
    language: z.enum(readingLanguages, 'Choose a language from the list.').optional(),
  })
  .strict();
export type UpdateNotificationSettings = z.infer<typeof updateNotificationSettingsSchema>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The unsubscribe link's token, from an e-mail; works without signing in. */
export const unsubscribeSchema = z.object({ token: z.string().min(1).max(400) });
export const unsubscribedSchema = z.object({ kind: notificationKindSchema, label: z.string() });
