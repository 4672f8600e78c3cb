import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import type { Db } from './client.ts';
import {
  accounts,
  breakoutRooms,
  chatMessages,
  chatThreads,
  profiles,
  properties,
  propertyManagers,
  roomParticipants,
  workflowSummaries,
  workOrderActivity,
  workOrders,
  workOrderTasks,
} from './schema/index.ts';
import { seedFinanceHistory, type DemoServices } from './seed-finance.ts';
import { seedAssociations } from './seed-units.ts';
import { seedDemoDecisions } from './seed-decisions.ts';
import { seedDemoArc } from './seed-arc.ts';
import { seedDemoAnnouncements } from './seed-announcements.ts';
import { seedDemoEvents } from './seed-events.ts';
import { seedDemoAmenities } from './seed-amenities.ts';
import { seedDemoVendors } from './seed-vendors.ts';
import { seedDemoBids } from './seed-bids.ts';
import { seedDemoInvoices } from './seed-invoices.ts';
import { seedDemoProject } from './seed-projects.ts';
import { demoAccounts, demoPassword } from '../modules/auth/demo-accounts.ts';

const day = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * day);
const dateOnly = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The demo association: every role's account, two properties with their managers and residents,
 * and work orders in each status with tasks, activity, a work room and an assistant conversation.
 * All in one transaction: a seed that fails half-way leaves an empty database, seeded again next start.
 * `financeHistory: false` leaves Willow Creek's books empty (the integration tests' template: each test
 * that needs money posts its own, and seed-finance.test.ts checks the history).
 */
export async function seedDemoData(
  db: Db,
  options: { financeHistory?: boolean; services?: DemoServices } = {},
): Promise<void> {
  // Each account's hash has a salt of its own, as every stored password does (sign-in-abuse.test.ts),
  // though the demo password is published. better-auth's scrypt takes about 75 ms a password and runs
  // on libuv's thread pool, so the eight are hashed side by side rather than one after another.
  const passwordHashes = await Promise.all(demoAccounts.map(() => hashPassword(demoPassword)));
  await db.transaction(async (tx) => {
    const demoProfiles = await tx
      .insert(profiles)
      .values(demoAccounts.map((account) => ({ id: randomUUID(), ...account, emailVerified: true })))
      .returning({ id: profiles.id, email: profiles.email });
    await tx.insert(accounts).values(
      demoProfiles.map((profile, index) => ({
        id: randomUUID(),
        accountId: profile.id,
        providerId: 'credential',
        userId: profile.id,
        password: passwordHashes[index]!,
      })),
    );
    const people: Record<string, { id: string }> = Object.fromEntries(
      demoProfiles.map((profile) => [profile.email.split('@')[0]!, profile]),
    );
    const { admin, manager, manager2, resident, resident2, vendor } = people as Record<
      'admin' | 'manager' | 'manager2' | 'resident' | 'resident2' | 'vendor',
      { id: string }
    >;

    const [willowCreek, harborView] = await tx
      .insert(properties)
      .values([
        {
          name: 'Willow Creek Commons',
          type: 'residential',
          address: '1200 Willow Creek Drive, Austin, TX 78704',
          description: 'A 48-home community with a pool, a clubhouse and two playgrounds.',
          units: 48,
          status: 'active',
          // Austin, Texas: Property Code ch. 209, Central time.
          jurisdiction: 'TX',
          timeZone: 'America/Chicago',
          createdBy: admin.id,
          createdAt: daysAgo(120),
          updatedAt: daysAgo(30),
        },
        {
          name: 'Harbor View Condominiums',
          type: 'residential',
          address: '85 Harbor View Lane, San Diego, CA 92101',
          description: 'Three mid-rise buildings with 120 condominium units and underground parking.',
          units: 120,
          status: 'active',
          // San Diego, California: Davis-Stirling, Pacific time.
          jurisdiction: 'CA',
          timeZone: 'America/Los_Angeles',
          createdBy: admin.id,
          createdAt: daysAgo(90),
          updatedAt: daysAgo(12),
        },
      ])
      .returning();

    await tx.insert(propertyManagers).values([
      { propertyId: willowCreek!.id, userId: manager.id, assignedBy: admin.id, isPrimary: true },
      { propertyId: harborView!.id, userId: manager2.id, assignedBy: admin.id, isPrimary: true },
    ]);
    await seedAssociations(tx, willowCreek!.id, harborView!.id, {
      resident,
      resident2,
      board: people.board!,
    });
    await seedDemoDecisions(tx, willowCreek!.id, { board: people.board!.id, manager: manager.id });
    // The architectural requests store their files (the integration tests' template has no file store).
    if (options.services)
      await seedDemoArc(tx, options.services.storage, willowCreek!.id, {
        resident: resident.id,
        board: people.board!.id,
        manager: manager.id,
      });
    // Like the architectural requests, not in the integration tests' template: their counts are theirs.
    if (options.services)
      await seedDemoAnnouncements(tx, willowCreek!.id, { manager: manager.id, board: people.board!.id });
    // Likewise: the template's events are the tests' own.
    if (options.services)
      await seedDemoEvents(tx, willowCreek!.id, {
        manager: manager.id,
        board: people.board!.id,
        resident: resident.id,
      });
    // Likewise: the template's amenities are the tests' own.
    if (options.services)
      await seedDemoAmenities(tx, willowCreek!.id, {
        manager: manager.id,
        board: people.board!.id,
        resident: resident.id,
      });
    if (options.financeHistory !== false)
      await seedFinanceHistory(tx, willowCreek!.id, { manager: manager.id }, options.services);

    const orders = await tx
      .insert(workOrders)
      .values([
        {
          residentId: resident.id,
          propertyId: willowCreek!.id,
          vendorId: vendor.id,
          summary: 'Kitchen sink leaking under the cabinet',
          priority: 'high',
          mainCategory: 'plumbing',
          subcategory: 'leak',
          status: 'in_progress',
          createdAt: daysAgo(3),
          dueDate: dateOnly(daysAgo(-2)),
        },
        {
          residentId: resident.id,
          propertyId: willowCreek!.id,
          summary: 'Streetlight out in front of unit 14B',
          mainCategory: 'electrical',
          subcategory: 'lighting',
          status: 'new',
          createdAt: daysAgo(1),
          dueDate: dateOnly(daysAgo(-7)),
        },
        {
          residentId: resident.id,
          propertyId: willowCreek!.id,
          vendorId: vendor.id,
          summary: 'Pool gate latch does not close',
          mainCategory: 'common_areas',
          subcategory: 'pool',
          status: 'completed',
          createdAt: daysAgo(21),
          dueDate: dateOnly(daysAgo(14)),
        },
        {
          residentId: resident2.id,
          propertyId: harborView!.id,
          summary: 'Garage door remote stopped working',
          mainCategory: 'access',
          subcategory: 'garage',
          status: 'pending',
          createdAt: daysAgo(5),
          dueDate: dateOnly(daysAgo(-3)),
        },
        {
          residentId: resident2.id,
          propertyId: harborView!.id,
          summary: 'Noise complaint about late-night parties in 3-502',
          priority: 'low',
          mainCategory: 'community',
          subcategory: 'noise',
          status: 'cancelled',
          createdAt: daysAgo(30),
        },
      ])
      .returning();
    const [sinkLeak, streetlight, poolGate, garageRemote, noise] = orders as [
      (typeof orders)[number],
      (typeof orders)[number],
      (typeof orders)[number],
      (typeof orders)[number],
      (typeof orders)[number],
    ];

    const sinkTasks = await tx
      .insert(workOrderTasks)
      .values([
        {
          workOrderId: sinkLeak.id,
          propertyId: sinkLeak.propertyId,
          assignedToType: 'vendor',
          assignedToId: vendor.id,
          taskDescription: 'Inspect the sink drain and supply lines',
          taskStatus: 'completed',
          completedAt: daysAgo(2),
          createdAt: daysAgo(3),
        },
        {
          workOrderId: sinkLeak.id,
          propertyId: sinkLeak.propertyId,
          assignedToType: 'vendor',
          assignedToId: vendor.id,
          taskDescription: 'Replace the cracked P-trap',
          taskStatus: 'in_progress',
          createdAt: daysAgo(2),
        },
      ])
      .returning();
    await tx.insert(workOrderTasks).values([
      {
        workOrderId: streetlight.id,
        propertyId: streetlight.propertyId,
        assignedToType: 'manager',
        assignedToId: manager.id,
        taskDescription: 'Report the outage to the city and confirm the pole number',
        createdAt: daysAgo(1),
      },
      {
        workOrderId: poolGate.id,
        propertyId: poolGate.propertyId,
        assignedToType: 'vendor',
        assignedToId: vendor.id,
        taskDescription: 'Adjust the self-closing hinge and replace the latch',
        taskStatus: 'completed',
        completedAt: daysAgo(15),
        createdAt: daysAgo(20),
      },
      {
        workOrderId: garageRemote.id,
        propertyId: garageRemote.propertyId,
        assignedToType: 'manager',
        assignedToId: manager2.id,
        taskDescription: 'Re-program the remote or issue a replacement',
        createdAt: daysAgo(5),
      },
    ]);

    await tx.insert(workOrderActivity).values([
      {
        workOrderId: sinkLeak.id,
        activityType: 'created',
        description: 'Work order created from a resident request',
        actorId: resident.id,
        createdAt: daysAgo(3),
      },
      {
        workOrderId: sinkLeak.id,
        activityType: 'assigned',
        entityType: 'vendor',
        entityId: vendor.id,
        description: 'Assigned to Victor Ortiz',
        // As assigning writes it: a vendor's response time and time to completion start here.
        metadata: { from: null, to: vendor.id },
        actorId: manager.id,
        createdAt: daysAgo(3),
      },
      {
        workOrderId: sinkLeak.id,
        activityType: 'task_completed',
        entityType: 'task',
        entityId: sinkTasks[0]!.id,
        description: 'Inspection finished: the P-trap is cracked',
        actorId: vendor.id,
        createdAt: daysAgo(2),
      },
      {
        workOrderId: sinkLeak.id,
        activityType: 'status_changed',
        description: 'Status changed from new to in_progress',
        metadata: { from: 'new', to: 'in_progress' },
        actorId: manager.id,
        createdAt: daysAgo(2),
      },
      {
        workOrderId: streetlight.id,
        activityType: 'created',
        description: 'Work order created from a resident request',
        actorId: resident.id,
        createdAt: daysAgo(1),
      },
      {
        workOrderId: poolGate.id,
        activityType: 'created',
        description: 'Work order created from a resident request',
        actorId: resident.id,
        createdAt: daysAgo(21),
      },
      {
        workOrderId: poolGate.id,
        activityType: 'assigned',
        entityType: 'vendor',
        entityId: vendor.id,
        description: 'Assigned to Victor Ortiz',
        metadata: { from: null, to: vendor.id },
        actorId: manager.id,
        createdAt: daysAgo(20.9),
      },
      {
        workOrderId: poolGate.id,
        activityType: 'completed',
        description: 'Latch replaced and gate tested',
        actorId: vendor.id,
        createdAt: daysAgo(15),
      },
      {
        workOrderId: garageRemote.id,
        activityType: 'created',
        description: 'Work order created from a resident request',
        actorId: resident2.id,
        createdAt: daysAgo(5),
      },
      {
        workOrderId: garageRemote.id,
        activityType: 'status_changed',
        description: 'Waiting for the resident to drop off the remote',
        metadata: { from: 'new', to: 'pending' },
        actorId: manager2.id,
        createdAt: daysAgo(4),
      },
      {
        workOrderId: noise.id,
        activityType: 'created',
        description: 'Work order created from a resident request',
        actorId: resident2.id,
        createdAt: daysAgo(30),
      },
      {
        workOrderId: noise.id,
        activityType: 'status_changed',
        description: 'Cancelled: resolved between neighbours',
        metadata: { from: 'new', to: 'cancelled' },
        actorId: manager2.id,
        createdAt: daysAgo(28),
      },
    ]);

    const [sinkRoom] = await tx
      .insert(breakoutRooms)
      .values({
        roomName: 'Kitchen sink leak',
        roomType: 'work_order',
        workOrderId: sinkLeak.id,
        createdAt: daysAgo(3),
      })
      .returning();
    await tx.insert(roomParticipants).values([
      {
        roomId: sinkRoom!.id,
        userId: resident.id,
        role: 'resident',
        joinedAt: daysAgo(3),
        lastSeenAt: daysAgo(2),
      },
      {
        roomId: sinkRoom!.id,
        userId: manager.id,
        role: 'manager',
        joinedAt: daysAgo(3),
        lastSeenAt: daysAgo(2),
      },
      {
        roomId: sinkRoom!.id,
        userId: vendor.id,
        role: 'vendor',
        joinedAt: daysAgo(3),
        lastSeenAt: daysAgo(2),
      },
    ]);
    await tx.insert(chatMessages).values([
      {
        roomId: sinkRoom!.id,
        senderId: manager.id,
        role: 'user',
        content: 'Victor will come by tomorrow between 9 and 11. Does that work?',
        createdAt: daysAgo(3),
      },
      {
        roomId: sinkRoom!.id,
        senderId: resident.id,
        role: 'user',
        content: 'Yes, I will be home. The water is under the left cabinet.',
        // The answer comes a little after the question it answers.
        createdAt: new Date(daysAgo(3).getTime() + 20 * 60 * 1000),
      },
      {
        roomId: sinkRoom!.id,
        senderId: vendor.id,
        role: 'user',
        content: 'Inspected: the P-trap is cracked. I will bring a replacement part on Thursday.',
        createdAt: daysAgo(2),
      },
    ]);

    const [thread] = await tx
      .insert(chatThreads)
      .values({
        userId: resident.id,
        title: 'Leaking kitchen sink',
        createdAt: daysAgo(3),
        updatedAt: daysAgo(3),
      })
      .returning();
    await tx.insert(chatMessages).values([
      {
        threadId: thread!.id,
        senderId: resident.id,
        role: 'user',
        content: 'My kitchen sink is leaking under the cabinet.',
        processed: true,
        createdAt: daysAgo(3),
      },
      {
        threadId: thread!.id,
        recipientId: resident.id,
        role: 'assistant',
        content:
          'I have opened a plumbing work order and a work room with your manager. Please put a bowl under the leak and turn off the valve under the sink if you can.',
        processed: true,
        metadata: { room_id: sinkRoom!.id, work_order_id: sinkLeak.id },
        createdAt: new Date(daysAgo(3).getTime() + 60_000),
      },
    ]);
    await tx.insert(workflowSummaries).values({
      threadId: thread!.id,
      workflowType: 'maintenance_request',
      workflowStatus: 'active',
      currentStep: 'vendor_scheduled',
      summary: 'Plumbing leak under the kitchen sink; vendor assigned and visit scheduled.',
      createdAt: daysAgo(3),
    });
    // The vendor directory stores a certificate's file; like the others, not in the tests' template.
    if (options.services)
      await seedDemoVendors(
        tx,
        options.services.storage,
        { willowCreek: willowCreek!.id, harborView: harborView!.id },
        { vendor: vendor.id, manager: manager.id },
      );
    // Bids hang off the demo companies (and set both associations' approval limits): after them.
    if (options.services)
      await seedDemoBids(
        tx,
        { willowCreek: willowCreek!.id, harborView: harborView!.id },
        { vendor: vendor.id, manager: manager.id, board: people.board!.id, admin: admin.id },
      );
    // Invoices in each state from Ortiz Plumbing, under the limits the bids' seed sets: after it.
    if (options.services)
      await seedDemoInvoices(tx, willowCreek!.id, {
        vendor: vendor.id,
        manager: manager.id,
        board: people.board!.id,
      });
    // A third community, under development by the demo developer (issue 25); the others are untouched.
    if (options.services) await seedDemoProject(tx, { developer: people.developer!.id, admin: admin.id });
  });
}
