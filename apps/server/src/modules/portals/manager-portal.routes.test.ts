import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagerPortalOverview, Role, DocumentCategory } from '@commonwise/contracts';
import { chatMessages, properties, propertyDocuments, workOrders } from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let manager2Cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  manager2Cookie = await t.signIn('manager2@commonwise.test');
});
afterAll(async () => t.close());

async function overviewWith(cookie: string) {
  const response = await injectAs(t.app, cookie, { method: 'GET', url: '/api/manager-portal/overview' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ManagerPortalOverview;
}
const overview = async (role: Role = 'manager') => overviewWith(await t.cookieFor(role));

async function propertyId(name: string) {
  return (await t.database.db.select().from(properties).where(eq(properties.name, name)))[0]!.id;
}

describe("a manager's portal on the seeded data (Maria Santos manages Willow Creek Commons)", () => {
  it('lists the open work orders of the managed property, newest first, with who a task could go to', async () => {
    const body = await overview();
    expect(body.isAllProperties).toBe(false);
    expect(body.openWorkOrderCount).toBe(2);
    expect(body.openWorkOrders.map((workOrder) => [workOrder.summary, workOrder.status])).toEqual([
      ['Streetlight out in front of unit 14B', 'new'],
      ['Kitchen sink leaking under the cabinet', 'in_progress'],
    ]);
    expect(body.openWorkOrders[1]).toMatchObject({
      propertyName: 'Willow Creek Commons',
      openTaskCount: 1,
      resident: { name: 'Ryan Chen' },
      vendor: { name: 'Victor Ortiz' },
      managers: [{ name: 'Maria Santos' }],
    });
  });

  it('lists the open tasks of those work orders (not completed ones)', async () => {
    const body = await overview();
    expect(body.openTaskCount).toBe(2);
    expect(
      body.openTasks.map((task) => [task.taskDescription, task.taskStatus, task.assignedToName]),
    ).toEqual([
      ['Report the outage to the city and confirm the pole number', 'pending', 'Maria Santos'],
      ['Replace the cracked P-trap', 'in_progress', 'Victor Ortiz'],
    ]);
  });

  it("shows the latest room messages of the property's work rooms, newest first", async () => {
    const body = await overview();
    const senders = body.communications.map((message) => [message.senderName, message.senderRole]);
    expect(senders[0]).toEqual(['Victor Ortiz', 'vendor']);
    // The manager's and the resident's messages were seeded at the same moment: either may come first.
    expect(senders.slice(1)).toEqual(
      expect.arrayContaining([
        ['Maria Santos', 'manager'],
        ['Ryan Chen', 'resident'],
      ]),
    );
    expect(senders).toHaveLength(3);
    expect(body.communications[0]).toMatchObject({
      content: 'Inspected: the P-trap is cracked. I will bring a replacement part on Thursday.',
      roomName: 'Kitchen sink leak',
      propertyName: 'Willow Creek Commons',
    });
  });

  it('computes property health from documents on file and open work orders per unit', async () => {
    const [willow] = (await overview()).properties;
    // No documents yet: documents 0; 2 open over 48 units: 1 − (2/48)/0.1 = 0.5833; average 29%.
    expect(willow).toMatchObject({
      name: 'Willow Creek Commons',
      units: 48,
      requiredDocuments: { present: 0, total: 4 },
      openWorkOrders: 2,
      score: 29,
    });

    const willowId = await propertyId('Willow Creek Commons');
    const document = (category: DocumentCategory, name: string) => ({
      propertyId: willowId,
      name,
      category,
      filePath: `${willowId}/${category}/${name}`,
      isRequired: true,
    });
    await t.database.db
      .insert(propertyDocuments)
      .values([
        document('ccr', 'ccr-2020.pdf'),
        document('ccr', 'ccr-2024-amendment.pdf'),
        document('bylaws', 'bylaws.pdf'),
        document('meeting_minutes', 'minutes.pdf'),
      ]);
    const [after] = (await overview()).properties;
    // Two required categories of four (two CC&Rs count once, minutes are not required): (0.5 + 0.5833) / 2.
    expect(after).toMatchObject({ requiredDocuments: { present: 2, total: 4 }, score: 54 });
  });
});

describe('scoping', () => {
  it("gives the other manager Harbor View's figures only", async () => {
    const body = await overviewWith(manager2Cookie);
    expect(body.properties.map((property) => property.name)).toEqual(['Harbor View Condominiums']);
    // Garage remote (pending); 1 open over 120 units: 1 − (1/120)/0.1 = 0.9167, no documents: 46%.
    expect(body.properties[0]).toMatchObject({ openWorkOrders: 1, score: 46 });
    expect(body.openWorkOrders.map((workOrder) => workOrder.summary)).toEqual([
      'Garage door remote stopped working',
    ]);
    expect(body.openTasks.map((task) => task.taskDescription)).toEqual([
      'Re-program the remote or issue a replacement',
    ]);
    expect(body.communications).toEqual([]);
  });

  it('shows an admin every property', async () => {
    const body = await overview('admin');
    expect(body.isAllProperties).toBe(true);
    expect(body.properties.map((property) => property.name)).toEqual([
      'Harbor View Condominiums',
      'Willow Creek Commons',
    ]);
    expect(body.openWorkOrderCount).toBe(3);
    expect(body.openTaskCount).toBe(3);
  });

  it('refuses the other roles', async () => {
    for (const role of ['board', 'resident', 'vendor', 'developer'] as Role[]) {
      const response = await injectAs(t.app, await t.cookieFor(role), {
        method: 'GET',
        url: '/api/manager-portal/overview',
      });
      expect(response.statusCode, role).toBe(403);
    }
  });
});

describe('changes show up', () => {
  it('a task created on a work order joins the open tasks', async () => {
    const { openWorkOrders } = await overview();
    const sink = openWorkOrders.find((workOrder) => workOrder.summary.startsWith('Kitchen sink'))!;
    const created = await injectAs(t.app, await t.cookieFor('manager'), {
      method: 'POST',
      url: `/api/work-orders/${sink.id}/tasks`,
      payload: {
        taskDescription: 'Check under the cabinet for water damage',
        assignedToType: 'vendor',
        assignedToId: sink.vendor!.id,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = await overview();
    expect(body.openTaskCount).toBe(3);
    expect(body.openTasks[0]).toMatchObject({
      taskDescription: 'Check under the cabinet for water damage',
      assignedToName: 'Victor Ortiz',
      workOrderSummary: 'Kitchen sink leaking under the cabinet',
    });
  });

  it('a new room message becomes the latest communication; only the five latest are listed', async () => {
    const [sinkRoom] = await t.database.db
      .select({ roomId: chatMessages.roomId })
      .from(chatMessages)
      .where(eq(chatMessages.content, 'Yes, I will be home. The water is under the left cabinet.'));
    await t.database.db.insert(chatMessages).values(
      [1, 2, 3].map((n) => ({
        roomId: sinkRoom!.roomId,
        role: 'assistant' as const,
        content: `Reminder ${n}`,
        createdAt: new Date(Date.now() + n * 1000),
      })),
    );
    const { communications } = await overview();
    const contents = communications.map((message) => message.content);
    expect(contents.slice(0, 4)).toEqual([
      'Reminder 3',
      'Reminder 2',
      'Reminder 1',
      'Inspected: the P-trap is cracked. I will bring a replacement part on Thursday.',
    ]);
    expect(contents).toHaveLength(5);
    expect(communications[0]).toMatchObject({ senderName: 'AI Assistant', senderRole: null });
  });

  it('a completed work order leaves the lists and the health figure', async () => {
    await t.database.db
      .update(workOrders)
      .set({ status: 'completed' })
      .where(eq(workOrders.summary, 'Streetlight out in front of unit 14B'));
    const body = await overview();
    expect(body.openWorkOrderCount).toBe(1);
    expect(body.openTasks.map((task) => task.taskDescription)).not.toContain(
      'Report the outage to the city and confirm the pole number',
    );
    // 1 open over 48 units: 1 − (1/48)/0.1 = 0.7917; documents 0.5: 65%.
    expect(body.properties[0]).toMatchObject({ openWorkOrders: 1, score: 65 });
  });
});
