import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Access, Role } from '@commonwise/contracts';
import type { Db } from '../db/client.ts';
import {
  breakoutRooms,
  chatThreads,
  notifications,
  profiles,
  properties,
  propertyManagers,
  roomParticipants,
  sessions,
  workOrders,
  workOrderTasks,
} from '../db/schema/index.ts';
import { demoPassword } from '../modules/auth/demo-accounts.ts';
import { issueInvitation } from '../modules/users/users.service.ts';
import { unsubscribeToken } from '../modules/notifications/unsubscribe-token.ts';
import {
  documentRouteExamples,
  loadDocumentFixtures,
  type DocumentFixtures,
} from './fixtures/document-fixtures.ts';
import {
  committeeRouteExamples,
  loadCommitteeFixtures,
  type CommitteeFixtures,
} from './fixtures/committee-fixtures.ts';
import { peopleRouteExamples } from './fixtures/people-examples.ts';
import { isScoped } from './fixtures/scoped-roles.ts';
import { loadUnitFixtures, unitRouteExamples, type UnitFixtures } from './fixtures/unit-fixtures.ts';
import { letterRouteExamples, loadLetterFixtures, type LetterFixtures } from './fixtures/letter-fixtures.ts';
import {
  financeRouteExamples,
  loadFinanceFixtures,
  type FinanceFixtures,
} from './fixtures/finance-fixtures.ts';
import {
  loadViolationFixtures,
  violationRouteExamples,
  type ViolationFixtures,
} from './fixtures/violation-fixtures.ts';
import {
  enforcementRouteExamples,
  loadEnforcementFixtures,
  type EnforcementFixtures,
} from './fixtures/enforcement-fixtures.ts';
import {
  loadOwnerViolationFixtures,
  ownerViolationRouteExamples,
  type OwnerViolationFixtures,
} from './fixtures/owner-violation-fixtures.ts';
import {
  decisionRouteExamples,
  loadDecisionFixtures,
  type DecisionFixtures,
} from './fixtures/decision-fixtures.ts';
import { arcRouteExamples, loadArcFixtures, type ArcFixtures } from './fixtures/arc-fixtures.ts';
import {
  announcementRouteExamples,
  loadAnnouncementFixtures,
  type AnnouncementFixtures,
} from './fixtures/announcement-fixtures.ts';
import { eventRouteExamples, loadEventFixtures, type EventFixtures } from './fixtures/event-fixtures.ts';
import {
  amenityRouteExamples,
  loadAmenityFixtures,
  type AmenityFixtures,
} from './fixtures/amenity-fixtures.ts';
import { loadVendorFixtures, vendorRouteExamples, type VendorFixtures } from './fixtures/vendor-fixtures.ts';
import {
  invoiceRouteExamples,
  loadInvoiceFixtures,
  type InvoiceFixtures,
} from './fixtures/invoice-fixtures.ts';
import { bidRouteExamples, loadBidFixtures, type BidFixtures } from './fixtures/bid-fixtures.ts';
import {
  loadProjectFixtures,
  projectRouteExamples,
  type ProjectFixtures,
} from './fixtures/project-fixtures.ts';
import {
  attachmentRouteExamples,
  loadAttachmentFixtures,
  type AttachmentFixtures,
} from './fixtures/attachment-fixtures.ts';

/**
 * Ids the examples refer to: the seeded demo data, plus disposable rows made here so that examples
 * which change or delete something never take away what another example relies on.
 */
type ModuleFixtures = DocumentFixtures &
  CommitteeFixtures &
  UnitFixtures &
  LetterFixtures &
  AttachmentFixtures &
  FinanceFixtures &
  ViolationFixtures &
  EnforcementFixtures &
  DecisionFixtures &
  OwnerViolationFixtures &
  ArcFixtures &
  AnnouncementFixtures &
  EventFixtures &
  AmenityFixtures &
  VendorFixtures &
  InvoiceFixtures &
  BidFixtures &
  ProjectFixtures;
export type Fixtures = ModuleFixtures & {
  willowCreekId: string;
  harborViewId: string;
  userIds: Record<string, string>;
  spareManagerId: string;
  spareResidentId: string;
  /** A vendor the work order examples assign, so the demo vendor's view of work orders stays as seeded. */
  spareVendorId: string;
  willowPrimaryManagerAssignmentId: string;
  disposableManagerAssignmentId: string;
  disposableUserId: string;
  invitedUserId: string;
  invitationTokenToRead: string;
  invitationTokenToAccept: string;
  /** Seeded work orders: the sink leak is the resident's at Willow Creek, assigned to the vendor. */
  sinkLeakWorkOrderId: string;
  streetlightWorkOrderId: string;
  garageWorkOrderId: string;
  sinkTaskId: string;
  garageTaskId: string;
  /** Per demo account (by role): a conversation to keep using and one to delete. */
  threads: Record<string, { kept: string; deletable: string }>;
  /** The seeded sink leak room (resident, manager, vendor). */
  sinkRoomId: string;
  /**
   * A Willow Creek room with the developer in it, whose work order is assigned to the vendor, who is
   * not in it yet; and a Harbor View room alike (resident2, manager2), for the admin to add the vendor.
   */
  developerRoomId: string;
  harborRoomId: string;
  /** Another Harbor View room like it, where the admin adds the vendor (the vendor must stay out of harborRoomId). */
  secondHarborRoomId: string;
  /** A Willow Creek room (resident and manager) where the manager adds the vendor. */
  managerAddsVendorRoomId: string;
  /** A Willow Creek work order of another resident (the spare one): not the demo resident's. */
  neighbourWorkOrderId: string;
  /** Per demo account (by role): one notification of theirs, unread. */
  notificationIds: Record<string, string>;
  /** An unsubscribe link's token, for the spare resident. */
  unsubscribeToken: string;
};

export async function loadFixtures(db: Db, app: FastifyInstance): Promise<Fixtures> {
  const idOf = async (name: string) =>
    (await db.select({ id: properties.id }).from(properties).where(eq(properties.name, name)))[0]!.id;
  const willowCreekId = await idOf('Willow Creek Commons');
  const harborViewId = await idOf('Harbor View Condominiums');
  const people = await db.select({ id: profiles.id, email: profiles.email }).from(profiles);
  const userIds = Object.fromEntries(people.map((person) => [person.email.split('@')[0]!, person.id]));

  const [willowPrimary] = await db
    .select({ id: propertyManagers.id })
    .from(propertyManagers)
    .where(
      and(eq(propertyManagers.propertyId, willowCreekId), eq(propertyManagers.userId, userIds.manager!)),
    );
  const [disposableManager] = await db
    .insert(propertyManagers)
    .values({ propertyId: willowCreekId, userId: userIds.manager2! })
    .returning();

  const newUser = async (email: string, role: Role = 'resident') => {
    const id = randomUUID();
    await db.insert(profiles).values({ id, email, fullName: email.split('@')[0]!, role });
    return id;
  };
  // People to assign, who are not the demo accounts whose view of the properties the matrix checks.
  const spareManagerId = await newUser('matrix-manager@example.com', 'manager');
  const spareResidentId = await newUser('matrix-resident@example.com', 'resident');
  const spareVendorId = await newUser('matrix-vendor@example.com', 'vendor');
  // Two spare sessions per demo person: one to end as "own", one another person must fail to end.
  const futureExpiry = new Date(Date.now() + 24 * 60 * 60 * 1000);
  for (const [name, id] of Object.entries(userIds)) {
    await db.insert(sessions).values([
      { id: `matrix-own-${name}`, token: randomUUID(), userId: id, expiresAt: futureExpiry },
      { id: `matrix-victim-${name}`, token: randomUUID(), userId: id, expiresAt: futureExpiry },
    ]);
  }
  const disposableUserId = await newUser('matrix-disposable@example.com');
  const invitedUserId = await newUser('matrix-invited@example.com');
  const invitationTokenToRead = (await issueInvitation(db, await newUser('matrix-reader@example.com'))).token;
  const invitationTokenToAccept = (await issueInvitation(db, await newUser('matrix-acceptor@example.com')))
    .token;

  const workOrderId = async (summary: string) =>
    (await db.select({ id: workOrders.id }).from(workOrders).where(eq(workOrders.summary, summary)))[0]!.id;
  const firstTaskOf = async (id: string) =>
    (
      await db
        .select({ id: workOrderTasks.id })
        .from(workOrderTasks)
        .where(eq(workOrderTasks.workOrderId, id))
    )[0]!.id;
  const threads: Fixtures['threads'] = {};
  for (const [name, id] of Object.entries(userIds)) {
    const [kept, deletable] = await db
      .insert(chatThreads)
      .values([
        { userId: id, title: `Matrix ${name}` },
        { userId: id, title: `Matrix ${name} (to delete)` },
      ])
      .returning({ id: chatThreads.id });
    threads[name] = { kept: kept!.id, deletable: deletable!.id };
  }
  const sinkLeakWorkOrderId = await workOrderId('Kitchen sink leaking under the cabinet');
  const garageWorkOrderId = await workOrderId('Garage door remote stopped working');
  const [sinkRoom] = await db
    .select({ id: breakoutRooms.id })
    .from(breakoutRooms)
    .where(eq(breakoutRooms.workOrderId, sinkLeakWorkOrderId));
  const roomWith = async (
    propertyId: string,
    residentId: string,
    people: { userId: string; role: 'resident' | 'manager' | 'developer' }[],
  ) => {
    const [workOrder] = await db
      .insert(workOrders)
      .values({
        propertyId,
        residentId,
        vendorId: userIds.vendor!,
        summary: 'Matrix: cracked paving by the entrance',
        mainCategory: 'exterior',
      })
      .returning();
    const [room] = await db
      .insert(breakoutRooms)
      .values({ roomName: 'Matrix paving', workOrderId: workOrder!.id })
      .returning();
    await db.insert(roomParticipants).values(people.map((person) => ({ ...person, roomId: room!.id })));
    return room!.id;
  };
  const developerRoomId = await roomWith(willowCreekId, userIds.resident!, [
    { userId: userIds.manager!, role: 'manager' },
    { userId: userIds.developer!, role: 'developer' },
  ]);
  const harborRoomId = await roomWith(harborViewId, userIds.resident2!, [
    { userId: userIds.resident2!, role: 'resident' },
    { userId: userIds.manager2!, role: 'manager' },
  ]);

  const secondHarborRoomId = await roomWith(harborViewId, userIds.resident2!, [
    { userId: userIds.resident2!, role: 'resident' },
  ]);
  const managerAddsVendorRoomId = await roomWith(willowCreekId, userIds.resident!, [
    { userId: userIds.resident!, role: 'resident' },
    { userId: userIds.manager!, role: 'manager' },
  ]);
  const [neighbourWorkOrder] = await db
    .insert(workOrders)
    .values({
      propertyId: willowCreekId,
      residentId: spareResidentId,
      summary: 'Matrix: a neighbour’s dripping tap',
      mainCategory: 'plumbing',
    })
    .returning();

  const notificationIds: Record<string, string> = {};
  for (const [name, id] of Object.entries(userIds)) {
    const [row] = await db
      .insert(notifications)
      .values({
        userId: id,
        kind: 'work-order.updated',
        title: `Matrix ${name}`,
        body: 'A test notice.',
        inApp: true,
      })
      .returning({ id: notifications.id });
    notificationIds[name] = row!.id;
  }
  // First: the developer's own property (their project's) takes documents of its own.
  const projectFixtures = await loadProjectFixtures(app, { developerId: userIds.developer! });
  return {
    notificationIds,
    unsubscribeToken: unsubscribeToken(app.config.authSecret, spareResidentId, 'work-order.updated'),
    ...projectFixtures,
    ...(await loadDocumentFixtures(app, {
      willowCreekId,
      harborViewId,
      developerPropertyId: projectFixtures.projectPropertyIds.developers,
    })),
    ...(await loadCommitteeFixtures(app, { willowCreekId, harborViewId })),
    ...(await loadUnitFixtures(app, { willowCreekId, harborViewId, resident2Id: userIds.resident2! })),
    ...(await loadLetterFixtures(app, { willowCreekId, harborViewId })),
    ...(await loadFinanceFixtures(app, { willowCreekId, harborViewId, adminId: userIds.admin! })),
    ...(await loadAttachmentFixtures(app, { userIds, threads })),
    ...(await loadViolationFixtures(app, { willowCreekId, harborViewId })),
    ...(await loadEnforcementFixtures(app, { willowCreekId })),
    ...(await loadDecisionFixtures(app, { willowCreekId, harborViewId })),
    // After the finance fixtures: the admin's violation is at the unit they own there.
    ...(await loadOwnerViolationFixtures(app, { willowCreekId })),
    // After the finance fixtures too: the admin's architectural requests are at the unit they own there.
    ...(await loadArcFixtures(app, { willowCreekId, harborViewId })),
    ...(await loadAnnouncementFixtures(app, { willowCreekId, harborViewId })),
    ...(await loadEventFixtures(app, { willowCreekId, harborViewId, feedOwnerId: spareResidentId })),
    ...(await loadAmenityFixtures(app, { willowCreekId, harborViewId, spareResidentId })),
    ...(await loadVendorFixtures(app, {
      willowCreekId,
      harborViewId,
      vendorId: userIds.vendor!,
      adminId: userIds.admin!,
      residentId: userIds.resident!,
      neighbourId: spareResidentId,
    })),
    // After the vendor fixtures: the demo vendor's company is invited.
    ...(await loadBidFixtures(app, { willowCreekId, harborViewId, vendorId: userIds.vendor! })),
    // After the vendor fixtures: the invoices are the demo vendor's company's and the Harbor View company's.
    ...(await loadInvoiceFixtures(app, { willowCreekId, harborViewId, vendorId: userIds.vendor! })),
    threads,
    sinkRoomId: sinkRoom!.id,
    developerRoomId,
    harborRoomId,
    secondHarborRoomId,
    managerAddsVendorRoomId,
    neighbourWorkOrderId: neighbourWorkOrder!.id,
    sinkLeakWorkOrderId,
    streetlightWorkOrderId: await workOrderId('Streetlight out in front of unit 14B'),
    garageWorkOrderId,
    sinkTaskId: await firstTaskOf(sinkLeakWorkOrderId),
    garageTaskId: await firstTaskOf(garageWorkOrderId),
    willowCreekId,
    harborViewId,
    userIds,
    spareManagerId,
    spareResidentId,
    spareVendorId,
    willowPrimaryManagerAssignmentId: willowPrimary!.id,
    disposableManagerAssignmentId: disposableManager!.id,
    disposableUserId,
    invitedUserId,
    invitationTokenToRead,
    invitationTokenToAccept,
  };
}

export type ExampleRequest = { url: string; payload?: unknown; headers?: Record<string, string> };

export type RouteExample = {
  /** Who should be able to call it: stated here independently, so a wrong declaration on the route is caught. */
  access: Access;
  /** A valid request that the given role may make about its own resources. */
  own: (fixtures: Fixtures, role: Role) => ExampleRequest;
  /** The same request about a resource of another person or property: must answer 404. null: no such case for this role. */
  other?: (fixtures: Fixtures, role: Role) => ExampleRequest | null;
  /**
   * Where `other` is another person's resource in the caller's own property, the same request about a
   * resource of another property: must answer 404 too.
   */
  otherProperty?: (fixtures: Fixtures, role: Role) => ExampleRequest | null;
  /** The status of a successful call (default: any 2xx). */
  status?: number;
};

/** Someone else: the admin for everyone, the board member for the admin. */
const otherPerson = (role: Role) => (role === 'admin' ? 'board' : 'admin');

const ownProperty = (f: Fixtures, role: Role) =>
  role === 'developer' ? f.projectPropertyIds.developers : isScoped(role) ? f.willowCreekId : f.harborViewId;
const otherProperty = (f: Fixtures, role: Role) =>
  role === 'developer' ? f.willowCreekId : isScoped(role) ? f.harborViewId : null;
/** The room each role reads and posts in: the developer's own, else the seeded sink leak room. */
const ownRoom = (f: Fixtures, role: Role) => (role === 'developer' ? f.developerRoomId : f.sinkRoomId);
/**
 * Another person's room: one of the caller's property they do not take part in (the developer's is the
 * sink leak room); a manager or a board member oversees every room of their property, so theirs is
 * another property's. Admins see every room.
 */
const othersRoom = (f: Fixtures, role: Role) =>
  role === 'admin'
    ? null
    : role === 'manager' || role === 'board'
      ? f.harborRoomId
      : role === 'developer'
        ? f.sinkRoomId
        : f.developerRoomId;
const otherPropertysRoom = (f: Fixtures, role: Role) =>
  role === 'resident' || role === 'vendor' || role === 'developer' ? f.harborRoomId : null;
const roomUrl = (roomId: string | null, suffix = '', payload?: unknown): ExampleRequest | null =>
  roomId
    ? { url: `/api/work-rooms/${roomId}${suffix}`, ...(payload === undefined ? {} : { payload }) }
    : null;
const propertyInput = {
  name: 'Matrix Terrace',
  address: '1 Matrix Way, Springfield',
  type: 'residential',
  units: 4,
};

/**
 * One example per API route, keyed "METHOD /url" as registered. The authorization matrix test fails for
 * any route missing here, so a new route cannot escape it: add its example when you add the route.
 * Demo data (see db/seed.ts): the manager manages Willow Creek only; the resident lives in Willow Creek;
 * manager2 and resident2 belong to Harbor View.
 */
export const routeExamples: Record<string, RouteExample> = {
  'GET /api/health': { access: 'public', own: () => ({ url: '/api/health' }), status: 200 },
  'GET /api/openapi.json': { access: 'public', own: () => ({ url: '/api/openapi.json' }), status: 200 },
  'GET /api/auth/*': { access: 'public', own: () => ({ url: '/api/auth/get-session' }), status: 200 },
  'POST /api/auth/*': {
    access: 'public',
    own: () => ({ url: '/api/auth/sign-out', payload: {} }),
    status: 200,
  },
  'GET /api/site': { access: 'public', own: () => ({ url: '/api/site' }), status: 200 },
  'GET /api/demo-accounts': { access: 'public', own: () => ({ url: '/api/demo-accounts' }), status: 200 },
  // The WebSocket: signed-in people only (401 before any upgrade); a plain GET is told to upgrade.
  // Access to each channel is checked per subscribe (modules/realtime/realtime.routes.test.ts).
  'GET /api/realtime': { access: 'chat:use', own: () => ({ url: '/api/realtime' }), status: 426 },
  'GET /api/me': { access: 'account:self', own: () => ({ url: '/api/me' }), status: 200 },
  'PATCH /api/me': {
    access: 'account:self',
    own: (_f, role) => ({ url: '/api/me', payload: { fullName: `Demo ${role}` } }),
    status: 200,
  },
  'POST /api/me/password': {
    access: 'account:self',
    own: () => ({
      url: '/api/me/password',
      payload: { currentPassword: demoPassword, newPassword: demoPassword },
    }),
    status: 200,
  },

  'GET /api/notifications': {
    access: 'account:self',
    own: () => ({ url: '/api/notifications' }),
    status: 200,
  },
  'GET /api/notifications/unread-count': {
    access: 'account:self',
    own: () => ({ url: '/api/notifications/unread-count' }),
    status: 200,
  },
  'POST /api/notifications/:id/read': {
    access: 'account:self',
    own: (f, role) => ({ url: `/api/notifications/${f.notificationIds[role]}/read` }),
    other: (f, role) => ({ url: `/api/notifications/${f.notificationIds[otherPerson(role)]}/read` }),
    status: 200,
  },
  'POST /api/notifications/read-all': {
    access: 'account:self',
    own: () => ({ url: '/api/notifications/read-all' }),
    status: 200,
  },
  'GET /api/notifications/settings': {
    access: 'account:self',
    own: () => ({ url: '/api/notifications/settings' }),
    status: 200,
  },
  'PUT /api/notifications/settings': {
    access: 'account:self',
    own: () => ({ url: '/api/notifications/settings', payload: { digest: 'off' } }),
    status: 200,
  },
  'POST /api/notifications/unsubscribe': {
    access: 'public',
    own: (f) => ({ url: '/api/notifications/unsubscribe', payload: { token: f.unsubscribeToken } }),
    status: 200,
  },
  'GET /api/me/sessions': { access: 'account:self', own: () => ({ url: '/api/me/sessions' }), status: 200 },
  'DELETE /api/me/sessions/:id': {
    access: 'account:self',
    // Demo accounts are named after their role (admin@commonwise.test …).
    own: (_f, role) => ({ url: `/api/me/sessions/matrix-own-${role}` }),
    // Someone else's session: the admin's victim for everyone but the admin, who tries the board's.
    other: (_f, role) => ({ url: `/api/me/sessions/matrix-victim-${role === 'admin' ? 'board' : 'admin'}` }),
    status: 204,
  },
  'POST /api/me/sessions/revoke-others': {
    access: 'account:self',
    own: () => ({ url: '/api/me/sessions/revoke-others' }),
    status: 200,
  },
  'GET /api/settings/security': {
    access: 'settings:manage',
    own: () => ({ url: '/api/settings/security' }),
    status: 200,
  },
  'PUT /api/settings/security': {
    access: 'settings:manage',
    own: () => ({ url: '/api/settings/security', payload: { requireTwoFactorForStaff: false } }),
    status: 200,
  },
  'GET /api/settings/system': {
    access: 'settings:manage',
    own: () => ({ url: '/api/settings/system' }),
    status: 200,
  },
  'POST /api/settings/system/test-mail': {
    access: 'settings:manage',
    own: () => ({ url: '/api/settings/system/test-mail' }),
    status: 202,
  },
  'POST /api/settings/system/assistant-check': {
    access: 'settings:manage',
    own: () => ({ url: '/api/settings/system/assistant-check' }),
    status: 200,
  },
  'GET /api/settings/system/defaults': {
    access: 'properties:write',
    own: () => ({ url: '/api/settings/system/defaults' }),
    status: 200,
  },
  'PUT /api/settings/system/defaults': {
    access: 'settings:manage',
    own: () => ({
      url: '/api/settings/system/defaults',
      payload: { jurisdiction: 'none', timeZone: 'America/Los_Angeles' },
    }),
    status: 200,
  },
  'GET /api/properties': { access: 'properties:read', own: () => ({ url: '/api/properties' }), status: 200 },
  'POST /api/properties': {
    access: 'properties:write',
    own: () => ({ url: '/api/properties', payload: propertyInput }),
    status: 201,
  },
  'POST /api/properties/onboarding': {
    access: 'properties:write',
    // A new key each time: a repeated key would answer 200 with the property it made before.
    own: (f) => ({
      url: '/api/properties/onboarding',
      payload: {
        idempotencyKey: randomUUID(),
        property: { ...propertyInput, name: 'Matrix Onboarded' },
        managers: { userIds: [f.spareManagerId], primaryUserId: f.spareManagerId },
        residents: [{ userId: f.spareResidentId, unitNumber: '1' }],
      },
    }),
    status: 201,
  },
  'POST /api/properties/onboarding/units-preview': {
    access: 'properties:write',
    own: () => ({
      url: '/api/properties/onboarding/units-preview',
      payload: { csv: 'unit_label,person_email\nA-1,\nA-2,' },
    }),
    status: 200,
  },
  'GET /api/properties/:id': {
    access: 'properties:read',
    own: (f, role) => ({ url: `/api/properties/${ownProperty(f, role)}` }),
    other: (f, role) =>
      otherProperty(f, role) ? { url: `/api/properties/${otherProperty(f, role)}` } : null,
    status: 200,
  },
  'PATCH /api/properties/:id': {
    access: 'properties:write',
    own: (f) => ({
      url: `/api/properties/${f.harborViewId}`,
      // Its 120 units: a lower count is refused (units are archived, not dropped by a number).
      payload: { ...propertyInput, name: 'Harbor View Condominiums', units: 120 },
    }),
    status: 200,
  },
  'GET /api/properties/:id/managers': {
    access: 'property-people:read',
    own: (f, role) => ({ url: `/api/properties/${ownProperty(f, role)}/managers` }),
    other: (f, role) =>
      otherProperty(f, role) ? { url: `/api/properties/${otherProperty(f, role)}/managers` } : null,
    status: 200,
  },
  'POST /api/properties/:id/managers': {
    access: 'property-people:write',
    own: (f) => ({
      url: `/api/properties/${f.harborViewId}/managers`,
      payload: { userId: f.spareManagerId },
    }),
    status: 201,
  },
  'PATCH /api/properties/:id/managers/:assignmentId': {
    access: 'property-people:write',
    own: (f) => ({
      url: `/api/properties/${f.willowCreekId}/managers/${f.willowPrimaryManagerAssignmentId}`,
      payload: { isPrimary: true },
    }),
    status: 200,
  },
  'DELETE /api/properties/:id/managers/:assignmentId': {
    access: 'property-people:write',
    own: (f) => ({ url: `/api/properties/${f.willowCreekId}/managers/${f.disposableManagerAssignmentId}` }),
    status: 204,
  },
  'GET /api/properties/:id/residents': {
    access: 'property-people:read',
    own: (f, role) => ({ url: `/api/properties/${ownProperty(f, role)}/residents` }),
    other: (f, role) =>
      otherProperty(f, role) ? { url: `/api/properties/${otherProperty(f, role)}/residents` } : null,
    status: 200,
  },
  'POST /api/properties/:id/residents': {
    access: 'property-people:write',
    own: (f) => ({
      url: `/api/properties/${f.harborViewId}/residents`,
      payload: { userId: f.spareResidentId, unitNumber: '1-101' },
    }),
    status: 201,
  },
  'DELETE /api/properties/:id/residents/:assignmentId': {
    access: 'property-people:write',
    own: (f) => ({ url: `/api/properties/${f.willowCreekId}/residents/${f.disposableResidentAssignmentId}` }),
    status: 204,
  },

  'GET /api/work-orders': {
    access: 'work-orders:read',
    own: () => ({ url: '/api/work-orders' }),
    status: 200,
  },
  'GET /api/work-orders/:id': {
    access: 'work-orders:read',
    own: (f, role) => ({
      url: `/api/work-orders/${role === 'admin' ? f.garageWorkOrderId : f.sinkLeakWorkOrderId}`,
    }),
    // Another person's: a neighbour's (resident), one not assigned to them (vendor); a manager sees every
    // work order of their property, so theirs is another property's.
    other: (f, role) =>
      role === 'vendor'
        ? { url: `/api/work-orders/${f.streetlightWorkOrderId}` }
        : role === 'resident'
          ? { url: `/api/work-orders/${f.neighbourWorkOrderId}` }
          : role === 'manager'
            ? { url: `/api/work-orders/${f.garageWorkOrderId}` }
            : null,
    otherProperty: (f, role) =>
      role === 'resident' || role === 'vendor' || role === 'board'
        ? { url: `/api/work-orders/${f.garageWorkOrderId}` }
        : null,
    status: 200,
  },
  'GET /api/work-orders/:id/tasks': {
    access: 'work-orders:read',
    own: (f, role) => ({
      url: `/api/work-orders/${role === 'admin' ? f.garageWorkOrderId : f.sinkLeakWorkOrderId}/tasks`,
    }),
    other: (f, role) =>
      role === 'vendor'
        ? { url: `/api/work-orders/${f.streetlightWorkOrderId}/tasks` }
        : role === 'resident'
          ? { url: `/api/work-orders/${f.neighbourWorkOrderId}/tasks` }
          : role === 'manager'
            ? { url: `/api/work-orders/${f.garageWorkOrderId}/tasks` }
            : null,
    otherProperty: (f, role) =>
      role === 'resident' || role === 'vendor' || role === 'board'
        ? { url: `/api/work-orders/${f.garageWorkOrderId}/tasks` }
        : null,
    status: 200,
  },
  'GET /api/work-orders/:id/activity': {
    access: 'work-orders:read',
    own: (f, role) => ({
      url: `/api/work-orders/${role === 'admin' ? f.garageWorkOrderId : f.sinkLeakWorkOrderId}/activity`,
    }),
    other: (f, role) =>
      role === 'vendor'
        ? { url: `/api/work-orders/${f.streetlightWorkOrderId}/activity` }
        : role === 'resident'
          ? { url: `/api/work-orders/${f.neighbourWorkOrderId}/activity` }
          : role === 'manager'
            ? { url: `/api/work-orders/${f.garageWorkOrderId}/activity` }
            : null,
    otherProperty: (f, role) =>
      role === 'resident' || role === 'vendor' || role === 'board'
        ? { url: `/api/work-orders/${f.garageWorkOrderId}/activity` }
        : null,
    status: 200,
  },
  'POST /api/work-orders/:id/tasks': {
    access: 'tasks:write',
    own: (f, role) => ({
      url: `/api/work-orders/${role === 'admin' ? f.garageWorkOrderId : f.sinkLeakWorkOrderId}/tasks`,
      payload: { taskDescription: 'Check the shut-off valve', assignedToType: 'manager' },
    }),
    other: (f, role) =>
      role === 'manager'
        ? {
            url: `/api/work-orders/${f.garageWorkOrderId}/tasks`,
            payload: { taskDescription: 'Not mine to add', assignedToType: 'manager' },
          }
        : null,
    status: 201,
  },
  'PATCH /api/tasks/:id': {
    access: 'tasks:update-status',
    own: (f, role) => ({
      url: `/api/tasks/${role === 'admin' ? f.garageTaskId : f.sinkTaskId}`,
      payload: { taskStatus: 'in_progress' },
    }),
    other: (f, role) =>
      role === 'admin'
        ? null
        : { url: `/api/tasks/${f.garageTaskId}`, payload: { taskStatus: 'in_progress' } },
    status: 200,
  },
  'PUT /api/tasks/:id/flag': {
    access: 'tasks:update-status',
    own: (f, role) => ({
      url: `/api/tasks/${role === 'admin' ? f.garageTaskId : f.sinkTaskId}/flag`,
      payload: { reason: 'The part is on back order' },
    }),
    other: (f, role) =>
      role === 'admin' ? null : { url: `/api/tasks/${f.garageTaskId}/flag`, payload: { reason: 'Not mine' } },
    status: 200,
  },
  'PATCH /api/tasks/:id/details': {
    access: 'tasks:write',
    own: (f, role) => ({
      url: `/api/tasks/${role === 'admin' ? f.garageTaskId : f.sinkTaskId}/details`,
      payload: { dueDate: '2030-01-15' },
    }),
    other: (f, role) =>
      role === 'manager' ? { url: `/api/tasks/${f.garageTaskId}/details`, payload: { dueDate: null } } : null,
    status: 200,
  },
  'GET /api/work-orders/:id/task-assignees': {
    access: 'tasks:write',
    own: (f, role) => ({
      url: `/api/work-orders/${role === 'admin' ? f.garageWorkOrderId : f.sinkLeakWorkOrderId}/task-assignees`,
    }),
    other: (f, role) =>
      role === 'manager' ? { url: `/api/work-orders/${f.garageWorkOrderId}/task-assignees` } : null,
    status: 200,
  },
  'PATCH /api/work-orders/:id': {
    access: 'work-orders:write',
    own: (f, role) => ({
      url: `/api/work-orders/${role === 'admin' ? f.garageWorkOrderId : f.streetlightWorkOrderId}`,
      payload: { dueDate: '2030-05-01' },
    }),
    other: (f, role) =>
      role === 'manager'
        ? { url: `/api/work-orders/${f.garageWorkOrderId}`, payload: { priority: 'low' } }
        : null,
    status: 200,
  },
  'GET /api/work-orders/:id/internal-notes': {
    access: 'work-orders:write',
    own: (f, role) => ({
      url: `/api/work-orders/${role === 'admin' ? f.garageWorkOrderId : f.sinkLeakWorkOrderId}/internal-notes`,
    }),
    other: (f, role) =>
      role === 'manager' ? { url: `/api/work-orders/${f.garageWorkOrderId}/internal-notes` } : null,
    status: 200,
  },
  'POST /api/work-orders/:id/internal-notes': {
    access: 'work-orders:write',
    own: (f, role) => ({
      url: `/api/work-orders/${role === 'admin' ? f.garageWorkOrderId : f.sinkLeakWorkOrderId}/internal-notes`,
      payload: { body: 'Resident prefers mornings' },
    }),
    other: (f, role) =>
      role === 'manager'
        ? { url: `/api/work-orders/${f.garageWorkOrderId}/internal-notes`, payload: { body: 'Not mine' } }
        : null,
    status: 201,
  },
  'POST /api/work-orders/:id/status': {
    access: 'work-orders:write',
    own: (f, role) =>
      role === 'admin'
        ? { url: `/api/work-orders/${f.garageWorkOrderId}/status`, payload: { status: 'in_progress' } }
        : { url: `/api/work-orders/${f.streetlightWorkOrderId}/status`, payload: { status: 'in_progress' } },
    other: (f, role) =>
      role === 'manager'
        ? { url: `/api/work-orders/${f.garageWorkOrderId}/status`, payload: { status: 'cancelled' } }
        : null,
    status: 200,
  },
  'PUT /api/work-orders/:id/vendor': {
    access: 'work-orders:write',
    own: (f, role) => ({
      url: `/api/work-orders/${role === 'admin' ? f.garageWorkOrderId : f.streetlightWorkOrderId}/vendor`,
      payload: { vendorId: f.spareVendorId },
    }),
    other: (f, role) =>
      role === 'manager'
        ? { url: `/api/work-orders/${f.garageWorkOrderId}/vendor`, payload: { vendorId: null } }
        : null,
    status: 200,
  },
  'GET /api/work-orders/:id/vendor-options': {
    access: 'work-orders:write',
    own: (f, role) => ({
      url: `/api/work-orders/${role === 'admin' ? f.garageWorkOrderId : f.sinkLeakWorkOrderId}/vendor-options`,
    }),
    other: (f, role) =>
      role === 'manager' ? { url: `/api/work-orders/${f.garageWorkOrderId}/vendor-options` } : null,
    status: 200,
  },
  'GET /api/work-orders/:id/vendor-suggestions': {
    access: 'work-orders:write',
    own: (f, role) => ({
      url: `/api/work-orders/${role === 'admin' ? f.garageWorkOrderId : f.sinkLeakWorkOrderId}/vendor-suggestions`,
    }),
    other: (f, role) =>
      role === 'manager' ? { url: `/api/work-orders/${f.garageWorkOrderId}/vendor-suggestions` } : null,
    status: 200,
  },
  'GET /api/work-rooms': { access: 'rooms:read', own: () => ({ url: '/api/work-rooms' }), status: 200 },
  'GET /api/work-rooms/:id': {
    access: 'rooms:read',
    own: (f, role) => ({ url: `/api/work-rooms/${ownRoom(f, role)}` }),
    other: (f, role) => roomUrl(othersRoom(f, role)),
    otherProperty: (f, role) => roomUrl(otherPropertysRoom(f, role)),
    status: 200,
  },
  'GET /api/work-rooms/:id/messages': {
    access: 'rooms:read',
    own: (f, role) => ({ url: `/api/work-rooms/${ownRoom(f, role)}/messages` }),
    other: (f, role) => roomUrl(othersRoom(f, role), '/messages'),
    otherProperty: (f, role) => roomUrl(otherPropertysRoom(f, role), '/messages'),
    status: 200,
  },
  'POST /api/work-rooms/:id/messages': {
    access: 'rooms:post',
    // The admin is not in the sink leak room: they join it with this message.
    own: (f, role) => ({
      url: `/api/work-rooms/${ownRoom(f, role)}/messages`,
      payload: { content: `Matrix message from the ${role}` },
    }),
    other: (f, role) => roomUrl(othersRoom(f, role), '/messages', { content: 'Not my room' }),
    otherProperty: (f, role) => roomUrl(otherPropertysRoom(f, role), '/messages', { content: 'Not my room' }),
    status: 201,
  },
  'POST /api/work-rooms/:id/seen': {
    access: 'rooms:read',
    own: (f, role) => ({ url: `/api/work-rooms/${ownRoom(f, role)}/seen`, payload: {} }),
    other: (f, role) => roomUrl(othersRoom(f, role), '/seen', {}),
    otherProperty: (f, role) => roomUrl(otherPropertysRoom(f, role), '/seen', {}),
    status: 204,
  },
  'POST /api/work-rooms/:id/participants': {
    access: 'work-orders:write',
    // Each adds the assigned vendor to a room of a property of theirs.
    own: (f, role) => ({
      url: `/api/work-rooms/${role === 'admin' ? f.secondHarborRoomId : f.managerAddsVendorRoomId}/participants`,
      payload: { userId: f.userIds.vendor },
    }),
    other: (f, role) =>
      role === 'manager'
        ? { url: `/api/work-rooms/${f.harborRoomId}/participants`, payload: { userId: f.userIds.vendor } }
        : null,
    status: 201,
  },
  'GET /api/chat/threads': { access: 'chat:use', own: () => ({ url: '/api/chat/threads' }), status: 200 },
  'POST /api/chat/threads': {
    access: 'chat:use',
    own: () => ({ url: '/api/chat/threads', payload: {} }),
    status: 201,
  },
  'DELETE /api/chat/threads/:id': {
    access: 'chat:use',
    own: (f, role) => ({ url: `/api/chat/threads/${f.threads[role]!.deletable}` }),
    other: (f, role) => ({ url: `/api/chat/threads/${f.threads[otherPerson(role)]!.kept}` }),
    status: 204,
  },
  'GET /api/chat/threads/:id/messages': {
    access: 'chat:use',
    own: (f, role) => ({ url: `/api/chat/threads/${f.threads[role]!.kept}/messages` }),
    other: (f, role) => ({ url: `/api/chat/threads/${f.threads[otherPerson(role)]!.kept}/messages` }),
    status: 200,
  },
  'POST /api/chat/threads/:id/messages': {
    access: 'chat:use',
    own: (f, role) => ({
      url: `/api/chat/threads/${f.threads[role]!.kept}/messages`,
      payload: { content: 'Hello' },
    }),
    other: (f, role) => ({
      url: `/api/chat/threads/${f.threads[otherPerson(role)]!.kept}/messages`,
      payload: { content: 'Hello' },
    }),
    status: 201,
  },
  'GET /api/chat/threads/:id/workflow': {
    access: 'chat:use',
    own: (f, role) => ({ url: `/api/chat/threads/${f.threads[role]!.kept}/workflow` }),
    other: (f, role) => ({ url: `/api/chat/threads/${f.threads[otherPerson(role)]!.kept}/workflow` }),
    status: 200,
  },
  'POST /api/chat/threads/:id/seen': {
    access: 'chat:use',
    own: (f, role) => ({ url: `/api/chat/threads/${f.threads[role]!.kept}/seen`, payload: {} }),
    other: (f, role) => ({
      url: `/api/chat/threads/${f.threads[otherPerson(role)]!.kept}/seen`,
      payload: {},
    }),
    status: 204,
  },
  'GET /api/chat/unread': { access: 'chat:use', own: () => ({ url: '/api/chat/unread' }), status: 200 },
  'GET /api/users': { access: 'users:list', own: () => ({ url: '/api/users' }), status: 200 },
  'GET /api/audit-events': {
    access: 'audit:read',
    own: (f) => ({ url: `/api/audit-events?propertyId=${f.willowCreekId}` }),
    status: 200,
  },
  'GET /api/audit-events/export': {
    access: 'audit:read',
    own: (f) => ({ url: `/api/audit-events/export?propertyId=${f.willowCreekId}` }),
    status: 200,
  },
  // Scheduled jobs (issue 18): admins only. "Run now" answers 201 the first time and 200 with the same
  // run after (a period runs once), so any 2xx.
  'GET /api/schedules': { access: 'jobs:manage', own: () => ({ url: '/api/schedules' }), status: 200 },
  'GET /api/schedule-runs': {
    access: 'jobs:manage',
    own: (f) => ({ url: `/api/schedule-runs?propertyId=${f.willowCreekId}` }),
    status: 200,
  },
  'GET /api/schedules/:name/preview': {
    access: 'jobs:manage',
    own: () => ({ url: '/api/schedules/housekeeping.purge-expired/preview' }),
    status: 200,
  },
  'POST /api/schedules/:name/runs': {
    access: 'jobs:manage',
    own: () => ({ url: '/api/schedules/housekeeping.purge-expired/runs', payload: {} }),
  },
  'PATCH /api/users/:id/role': {
    access: 'users:write',
    own: (f) => ({ url: `/api/users/${f.disposableUserId}/role`, payload: { role: 'vendor' } }),
    status: 200,
  },
  'POST /api/users/:id/deactivate': {
    access: 'users:write',
    own: (f) => ({ url: `/api/users/${f.disposableUserId}/deactivate` }),
    status: 200,
  },
  'POST /api/users/:id/reactivate': {
    access: 'users:write',
    own: (f) => ({ url: `/api/users/${f.disposableUserId}/reactivate` }),
    status: 200,
  },
  'DELETE /api/users/:id': {
    access: 'users:write',
    own: (f) => ({ url: `/api/users/${f.disposableUserId}` }),
    // Deleting is always refused: the refusal is what an admin gets.
    status: 409,
  },
  'POST /api/users/invitations': {
    access: 'users:write',
    own: () => ({
      url: '/api/users/invitations',
      payload: { fullName: 'Matrix Invitee', email: 'matrix-new@example.com', role: 'resident' },
    }),
    status: 201,
  },
  'POST /api/users/:id/invitation': {
    access: 'users:write',
    own: (f) => ({ url: `/api/users/${f.invitedUserId}/invitation` }),
    status: 200,
  },
  'GET /api/invitations/:token': {
    access: 'public',
    own: (f) => ({ url: `/api/invitations/${f.invitationTokenToRead}` }),
    status: 200,
  },
  'POST /api/invitations/:token/accept': {
    access: 'public',
    own: (f) => ({
      url: `/api/invitations/${f.invitationTokenToAccept}/accept`,
      payload: { password: 'a-fine-password' },
    }),
    status: 200,
  },

  ...documentRouteExamples,
  ...committeeRouteExamples,
  ...unitRouteExamples,
  ...peopleRouteExamples,
  ...letterRouteExamples,
  ...attachmentRouteExamples,
  ...financeRouteExamples,
  ...violationRouteExamples,
  ...enforcementRouteExamples,
  ...decisionRouteExamples,
  // The owner's side of enforcement (issue 21 item 5): their own units' noticed violations; another
  // owner's is not found.
  ...ownerViolationRouteExamples,
  // Architectural review (issue 22): the association's reviewers (managers, board, its review committee)
  // and, in the resident portal, the owners of the units today; another association's or owner's is not found.
  ...arcRouteExamples,
  // Announcements (issue 23): readers (those addressed, and the association's managers and board) and
  // authors (its managers and board); another association's is not found.
  ...announcementRouteExamples,
  // Events (issue 23 item 4): readers (those an event is for, and the association's managers and board),
  // the public feed by its secret address, and authors (its managers and board).
  ...eventRouteExamples,
  // Amenities (issue 23 item 5): members read and book their association's as their own homes; its
  // managers (admins everywhere) keep the rules and decide bookings; another association's is not found.
  ...amenityRouteExamples,
  // The vendor directory (issue 24 item 1): managers and admins keep it (a manager the companies serving
  // their associations: another association's is not found), board members read their associations'
  // vendors, and the demo vendor sees their own company in the vendor portal.
  ...vendorRouteExamples,
  // Vendor invoices and approval limits (issue 24 item 3): the association's managers, board and admins
  // read its invoices; its managers and admins review, reject and pay them; managers, board members and
  // admins approve; its board and admins set the limits; another association's is not found. The demo
  // vendor sends and reads their own company's invoices in the vendor portal; another company's is not found.
  ...invoiceRouteExamples,
  // Bids (issue 24 item 2): an association's managers run its requests for bids and its board reads them
  // (another association's are not found); the demo vendor reaches only its own company's invitations.
  ...bidRouteExamples,
  // Projects (issue 25): a developer's own; another's is not found; admins every project.
  ...projectRouteExamples,
  // Fairness of enforcement (issue 21 item 7): the association's managers and board read it; Harbor View is
  // another association for all but admins (404).
  'GET /api/violations/:violationId/fairness': {
    access: 'violations:read',
    own: (f) => ({ url: `/api/violations/${f.willowViolationId}/fairness` }),
    other: (f, role) =>
      role !== 'admin' ? { url: `/api/violations/${f.harborViolationId}/fairness` } : null,
    status: 200,
  },
  'GET /api/properties/:id/violation-report': {
    access: 'violations:read',
    own: (f) => ({ url: `/api/properties/${f.willowCreekId}/violation-report` }),
    other: (f, role) =>
      role !== 'admin' ? { url: `/api/properties/${f.harborViewId}/violation-report` } : null,
    status: 200,
  },
  'GET /api/properties/:id/violation-report.csv': {
    access: 'violations:read',
    own: (f) => ({ url: `/api/properties/${f.willowCreekId}/violation-report.csv` }),
    other: (f, role) =>
      role !== 'admin' ? { url: `/api/properties/${f.harborViewId}/violation-report.csv` } : null,
    status: 200,
  },
  // The units import (issue 17): a manager imports into their own property, not another one (404).
  'POST /api/properties/:id/units/import/preview': {
    access: 'units:write',
    own: (f, role) => ({
      url: `/api/properties/${ownProperty(f, role)}/units/import/preview`,
      payload: { csv: 'unit_label\nImport-preview' },
    }),
    other: (f, role) =>
      isScoped(role)
        ? { url: `/api/properties/${f.harborViewId}/units/import/preview`, payload: { csv: 'unit_label\nX' } }
        : null,
    status: 200,
  },
  'POST /api/properties/:id/units/import/commit': {
    access: 'units:write',
    // A new label each time: importing a unit that exists would only update it, but stays harmless.
    own: (f, role) => ({
      url: `/api/properties/${ownProperty(f, role)}/units/import/commit`,
      payload: { csv: `unit_label\nI-${randomUUID().slice(0, 8)}` },
    }),
    other: (f, role) =>
      isScoped(role)
        ? { url: `/api/properties/${f.harborViewId}/units/import/commit`, payload: { csv: 'unit_label\nX' } }
        : null,
    status: 200,
  },

  // Role portals (issue 9): each portal's data is for its role, and admins, who may view every portal.
  'GET /api/developer-portal/communities': {
    access: 'portal:developer',
    own: () => ({ url: '/api/developer-portal/communities' }),
    status: 200,
  },
  'GET /api/developer-portal/communities/:id/setup': {
    access: 'portal:developer',
    own: (f, role) => ({ url: `/api/developer-portal/communities/${ownProperty(f, role)}/setup` }),
    other: (f, role) =>
      role === 'developer' ? { url: `/api/developer-portal/communities/${f.willowCreekId}/setup` } : null,
    status: 200,
  },
  'GET /api/vendor-portal': {
    access: 'portal:vendor',
    own: () => ({ url: '/api/vendor-portal' }),
    status: 200,
  },
  'GET /api/resident-portal': {
    access: 'portal:resident',
    own: () => ({ url: '/api/resident-portal' }),
    status: 200,
  },
  // Issue 9: each portal's data serves its own role and admins; the lists are scoped by the caller, not by id.
  'GET /api/board-portal/overview': {
    access: 'portal:board',
    own: () => ({ url: '/api/board-portal/overview' }),
    status: 200,
  },
  'GET /api/board-portal/associations': {
    access: 'portal:board',
    own: () => ({ url: '/api/board-portal/associations' }),
    status: 200,
  },
  'GET /api/board-portal/report': {
    access: 'portal:board',
    own: () => ({ url: '/api/board-portal/report' }),
    status: 200,
  },
  'GET /api/manager-portal/overview': {
    access: 'portal:manager',
    own: () => ({ url: '/api/manager-portal/overview' }),
    status: 200,
  },
  // Issue 16: the assistant's figures, for every property (admins) or the managed ones (managers).
  'GET /api/analytics/assistant': {
    access: 'analytics:read',
    own: (f, role) => ({
      url: `/api/analytics/assistant?from=2025-01-01&to=2025-01-31&propertyId=${ownProperty(f, role)}`,
    }),
    otherProperty: (f, role) =>
      otherProperty(f, role)
        ? {
            url: `/api/analytics/assistant?from=2025-01-01&to=2025-01-31&propertyId=${otherProperty(f, role)}`,
          }
        : null,
    status: 200,
  },
};

/** The same example about a sub-resource: every request's url with `suffix` added. */
function withSuffix(example: RouteExample, suffix: string): RouteExample {
  const suffixed = (request: ExampleRequest | null | undefined) =>
    request ? { ...request, url: `${request.url}${suffix}` } : null;
  return {
    ...example,
    own: (f, role) => suffixed(example.own(f, role))!,
    other: example.other && ((f, role) => suffixed(example.other!(f, role))),
    otherProperty: example.otherProperty && ((f, role) => suffixed(example.otherProperty!(f, role))),
  };
}
// A work order's rating is read by whoever reads the work order (the vendor gets none back).
routeExamples['GET /api/work-orders/:id/rating'] = withSuffix(
  routeExamples['GET /api/work-orders/:id']!,
  '/rating',
);
