import type {
  Announcement,
  AnnouncementAudienceOptions,
  AnnouncementFeed,
  AnnouncementPost,
} from '@commonwise/contracts';
import { jsonResponse } from '../../test/render.tsx';

export const harborId = '11111111-1111-4111-8111-111111111111';
export const willowId = '22222222-2222-4222-8222-222222222222';
export const waterId = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const poolId = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
export const unit402Id = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
export const unit101Id = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

/** Harbor View's water shut-off, as Priya (in Building 3) reads it: asks for acknowledgement, unread. */
export const waterPost: AnnouncementPost = {
  id: waterId,
  propertyId: harborId,
  propertyName: 'Harbor View Condominiums',
  kind: 'normal',
  isPinned: false,
  language: 'en',
  original: null,
  title: 'Water shut-off in Building 3',
  body: 'The water is **off on Tuesday** from 9 am to 1 pm.\n\n- Fill a kettle\n- Keep taps closed',
  requiresAck: true,
  publishedAt: '2098-03-01T15:00:00.000Z',
  expiresAt: null,
  isExpired: false,
  author: { id: 'user-marcus', fullName: 'Marcus Reed' },
  isForMe: true,
  readAt: null,
  acknowledgedAt: null,
};

export const poolPost: AnnouncementPost = {
  ...waterPost,
  id: poolId,
  title: 'The pool opens Saturday',
  body: 'Bring a towel.',
  requiresAck: false,
  publishedAt: '2098-02-20T15:00:00.000Z',
  readAt: '2098-02-21T09:00:00.000Z',
};

export const feedOf = (posts: AnnouncementPost[], unread = 0): AnnouncementFeed => ({
  announcements: posts,
  unread,
  total: posts.length,
  page: 1,
  limit: 20,
});

export const audienceOptions: AnnouncementAudienceOptions = {
  buildings: [
    { name: 'Building 1', units: 12 },
    { name: 'Building 3', units: 8 },
  ],
  units: [
    { id: unit101Id, label: '1-101', building: 'Building 1' },
    { id: unit402Id, label: '3-402', building: 'Building 3' },
  ],
};

/** The water shut-off as its author sees it once published: 1 of 9 read, none acknowledged. */
export const waterAnnouncement: Announcement = {
  id: waterId,
  propertyId: harborId,
  propertyName: 'Harbor View Condominiums',
  title: waterPost.title,
  body: waterPost.body,
  status: 'published',
  kind: 'normal',
  language: 'en',
  translations: [],
  sourceWorkOrder: null,
  confirmedBy: null,
  confirmedAt: null,
  audience: { kind: 'buildings', buildings: ['Building 3'], units: [], label: 'Building 3' },
  requiresAck: true,
  publishAt: null,
  publishedAt: waterPost.publishedAt,
  expiresAt: null,
  withdrawnAt: null,
  lastRemindedAt: null,
  reminders: 0,
  author: { id: 'user-marcus', fullName: 'Marcus Reed' },
  counts: { recipients: 9, read: 1, acknowledged: 0 },
  createdAt: '2098-03-01T14:50:00.000Z',
  updatedAt: '2098-03-01T15:00:00.000Z',
};

export const notFound = (url: string) =>
  jsonResponse(404, { error: { code: 'NOT_FOUND', message: `Nothing at ${url}`, requestId: 'test' } });
