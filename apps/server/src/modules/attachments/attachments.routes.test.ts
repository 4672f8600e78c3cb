import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attachment, ChatMessage, WorkOrderAttachmentList, WorkOrderTask } from '@commonwise/contracts';
import { breakoutRooms, workOrders, workOrderTasks } from '../../db/schema/index.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.ts';

/**
 * Photos, videos and files where work is discussed (issue 26 item 2): checked by their bytes, resized
 * and without location (but staff's), shown only to those who may read where they were sent, and
 * carried from a resident's report to the work order the assistant opens.
 */

let t: TestApp;
let resident: string;
let resident2: string;
let manager: string;
let vendor: string;
let sinkLeakId: string;
let sinkRoomId: string;
let pTrapTaskId: string;

beforeAll(async () => {
  t = await createTestApp();
  [resident, resident2, manager, vendor] = await Promise.all([
    t.cookieFor('resident'),
    t.signIn('resident2@commonwise.test'),
    t.cookieFor('manager'),
    t.cookieFor('vendor'),
  ]);
  const db = t.database.db;
  const [sink] = await db
    .select({ id: workOrders.id })
    .from(workOrders)
    .where(eq(workOrders.summary, 'Kitchen sink leaking under the cabinet'));
  sinkLeakId = sink!.id;
  const [room] = await db.select().from(breakoutRooms).where(eq(breakoutRooms.workOrderId, sinkLeakId));
  sinkRoomId = room!.id;
  const [task] = await db
    .select()
    .from(workOrderTasks)
    .where(eq(workOrderTasks.taskDescription, 'Replace the cracked P-trap'));
  pTrapTaskId = task!.id;
});
afterAll(async () => t.close());

/** A phone photo: 3000×2000, with the place it was taken in its EXIF. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#4a7' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 46/1 30/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '122/1 25/1 10/1',
      },
    })
    .toBuffer();
}

function form(
  target: Record<string, string>,
  fileName: string,
  bytes: Buffer,
  type = 'application/octet-stream',
) {
  const body = new FormData();
  for (const [key, value] of Object.entries(target)) body.append(key, value);
  body.append('file', new Blob([new Uint8Array(bytes)], { type }), fileName);
  return body;
}

async function upload(cookie: string, target: Record<string, string>, fileName: string, bytes: Buffer) {
  return injectAs(t.app, cookie, {
    method: 'POST',
    url: '/api/attachments',
    payload: form(target, fileName, bytes),
  });
}

async function fetchFile(cookie: string, url: string) {
  return injectAs(t.app, cookie, { method: 'GET', url });
}

async function newThread(cookie = resident): Promise<string> {
  return (await injectAs(t.app, cookie, { method: 'POST', url: '/api/chat/threads', payload: {} })).json().id;
}

/** An MP4 as a phone writes it: ftyp, then moov holding the location in udta/©xyz. */
function phoneVideo(): Buffer {
  const box = (type: string, ...children: Buffer[]) => {
    const body = Buffer.concat(children);
    const header = Buffer.alloc(8);
    header.writeUInt32BE(8 + body.length);
    header.write(type, 4, 'latin1');
    return Buffer.concat([header, body]);
  };
  const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2avc1mp41', 'latin1'));
  const location = box('\u00a9xyz', Buffer.from('\0\x12\x15\xc7+37.7750-122.4183/', 'latin1'));
  const moov = box(
    'moov',
    box('mvhd', Buffer.alloc(100)),
    box('udta', location),
    box('trak', box('tkhd', Buffer.alloc(84))),
  );
  return Buffer.concat([ftyp, moov, box('mdat', Buffer.alloc(256, 7))]);
}

describe('a resident attaches a photo to their conversation', () => {
  it('stores it upright, at most 2048 px, without its location, with a thumbnail, behind signed links', async () => {
    const thread = await newThread();
    const uploaded = await upload(resident, { threadId: thread }, 'IMG_0042.JPG', await phonePhoto());
    expect(uploaded.statusCode).toBe(201);
    const photo = uploaded.json<Attachment>();
    expect(photo).toMatchObject({
      kind: 'image',
      mimeType: 'image/jpeg',
      width: 2048,
      height: 1365,
      fileName: 'IMG_0042.JPG',
    });
    expect(photo.thumbnailUrl).toMatch(/variant=thumbnail/);

    const full = await fetchFile(resident, photo.url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(full.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const stored = await sharp(full.rawPayload).metadata();
    expect(stored.width).toBe(2048);
    expect(stored.exif, 'no EXIF (and so no GPS) in a resident photo').toBeUndefined();
    const thumbnail = await fetchFile(resident, photo.thumbnailUrl!);
    expect(thumbnail.statusCode).toBe(200);
    expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(320);
  });

  it("takes an iPhone's HEIC photo and keeps it as a JPEG without its metadata", async () => {
    const thread = await newThread();
    const heic = readFileSync(new URL('../../test/fixtures/photos/phone.heic', import.meta.url));
    const uploaded = await upload(resident, { threadId: thread }, 'IMG_0043.HEIC', heic);
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json<Attachment>()).toMatchObject({
      kind: 'image',
      mimeType: 'image/jpeg',
      width: 96,
      height: 64,
    });
    const stored = await fetchFile(resident, uploaded.json<Attachment>().url);
    const metadata = await sharp(stored.rawPayload).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
  });

  it('is seen by no one else until sent, and then only by those who may read the conversation', async () => {
    const thread = await newThread();
    const photo = (
      await upload(resident, { threadId: thread }, 'leak.jpg', await phonePhoto())
    ).json<Attachment>();
    for (const other of [resident2, manager]) {
      expect(
        (await injectAs(t.app, other, { method: 'GET', url: `/api/attachments/${photo.id}` })).statusCode,
      ).toBe(404);
      expect((await fetchFile(other, photo.url)).statusCode).toBe(404);
    }
    // Someone else's conversation is not a place to upload to.
    expect((await upload(resident2, { threadId: thread }, 'x.jpg', await phonePhoto())).statusCode).toBe(404);
    // Nor is their upload theirs to send.
    const theirThread = await newThread(resident2);
    const sentByOther = await injectAs(t.app, resident2, {
      method: 'POST',
      url: `/api/chat/threads/${theirThread}/messages`,
      payload: { content: 'look', attachmentIds: [photo.id] },
    });
    expect(sentByOther.statusCode).toBe(400);
    expect(sentByOther.json().error.code).toBe('UNKNOWN_ATTACHMENT');
  });

  it('sends photos alone; the assistant asks what and where, and they go with the work order it then opens', async () => {
    const thread = await newThread();
    const photo = (
      await upload(resident, { threadId: thread }, 'ceiling.jpg', await phonePhoto())
    ).json<Attachment>();
    const posted = await injectAs(t.app, resident, {
      method: 'POST',
      url: `/api/chat/threads/${thread}/messages`,
      payload: { content: '  ', attachmentIds: [photo.id] },
    });
    expect(posted.statusCode).toBe(201);
    expect(posted.json<ChatMessage>().attachments?.map((attachment) => attachment.id)).toEqual([photo.id]);
    // A second send of the same upload is refused: it went with its message.
    const again = await injectAs(t.app, resident, {
      method: 'POST',
      url: `/api/chat/threads/${thread}/messages`,
      payload: { content: 'again', attachmentIds: [photo.id] },
    });
    expect(again.json().error?.code).toBe('UNKNOWN_ATTACHMENT');
    // Nothing at all is still refused, as before.
    const empty = await injectAs(t.app, resident, {
      method: 'POST',
      url: `/api/chat/threads/${thread}/messages`,
      payload: { content: ' ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ content: 'Type a message first' });

    await t.app.jobs.runDue();
    const page = (
      await injectAs(t.app, resident, { method: 'GET', url: `/api/chat/threads/${thread}/messages` })
    ).json<{ messages: ChatMessage[] }>();
    expect(page.messages.find((message) => message.id === posted.json().id)?.attachments?.[0]?.id).toBe(
      photo.id,
    );
    expect(page.messages.at(-1)).toMatchObject({
      role: 'assistant',
      content: expect.stringMatching(/What is the problem, and where is it\?/),
    });

    // An emergency opens a work order at once: the photo goes with it, for the manager to see.
    const report = await injectAs(t.app, resident, {
      method: 'POST',
      url: `/api/chat/threads/${thread}/messages`,
      payload: { content: 'water is pouring through my kitchen ceiling from upstairs, a pipe burst' },
    });
    expect(report.statusCode).toBe(201);
    await t.app.jobs.runDue();
    const replies = (
      await injectAs(t.app, resident, { method: 'GET', url: `/api/chat/threads/${thread}/messages` })
    ).json<{ messages: ChatMessage[] }>().messages;
    const workOrderId = replies.map((message) => message.metadata.work_order_id).find(Boolean) as string;
    expect(workOrderId, 'the assistant opened a work order').toBeTruthy();
    const onWorkOrder = await injectAs(t.app, manager, {
      method: 'GET',
      url: `/api/work-orders/${workOrderId}/attachments`,
    });
    expect(onWorkOrder.statusCode).toBe(200);
    const listed = onWorkOrder.json<WorkOrderAttachmentList>();
    expect(listed.attachments.map((attachment) => [attachment.id, attachment.source])).toEqual([
      [photo.id, 'report'],
    ]);
    expect((await fetchFile(manager, listed.attachments[0]!.url)).statusCode).toBe(200);
    // Another property's manager sees neither the work order nor the photo.
    const manager2 = await t.signIn('manager2@commonwise.test');
    expect((await fetchFile(manager2, listed.attachments[0]!.url)).statusCode).toBe(404);
  });
});

describe('photos and files in a work room', () => {
  it("go with a room message for the room's readers; people outside it cannot add or open them", async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const quote = await upload(manager, { roomId: sinkRoomId }, 'Plumber quote.pdf', pdf);
    expect(quote.statusCode).toBe(201);
    expect(quote.json<Attachment>()).toMatchObject({
      kind: 'file',
      mimeType: 'application/pdf',
      thumbnailUrl: null,
    });
    const posted = await injectAs(t.app, manager, {
      method: 'POST',
      url: `/api/work-rooms/${sinkRoomId}/messages`,
      payload: { content: 'The quote for the new P-trap', attachmentIds: [quote.json().id] },
    });
    expect(posted.statusCode).toBe(201);
    expect(posted.json<ChatMessage>().attachments?.[0]?.fileName).toBe('Plumber quote.pdf');

    const seenByResident = (
      await injectAs(t.app, resident, { method: 'GET', url: `/api/work-rooms/${sinkRoomId}/messages` })
    ).json<{ messages: ChatMessage[] }>();
    const file = seenByResident.messages.find((message) => message.id === posted.json().id)!.attachments![0]!;
    const opened = await fetchFile(resident, file.url);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-disposition']).toMatch(/^inline/);

    expect((await upload(resident2, { roomId: sinkRoomId }, 'x.jpg', await phonePhoto())).statusCode).toBe(
      404,
    );
    expect((await fetchFile(resident2, file.url)).statusCode).toBe(404);
  });
});

describe('a vendor completes a task with an after-photo', () => {
  it('keeps the photo (with its location: the vendor documents work) on the task and the work order', async () => {
    const photo = await upload(vendor, { taskId: pTrapTaskId }, 'after.jpg', await phonePhoto());
    expect(photo.statusCode).toBe(201);
    const completed = await injectAs(t.app, vendor, {
      method: 'PATCH',
      url: `/api/tasks/${pTrapTaskId}`,
      payload: {
        taskStatus: 'completed',
        note: 'New P-trap fitted, no leak',
        attachmentIds: [photo.json().id],
      },
    });
    expect(completed.statusCode).toBe(200);
    const task = completed.json<WorkOrderTask>();
    expect(task.attachments?.map((attachment) => attachment.id)).toEqual([photo.json().id]);
    const stored = await fetchFile(manager, task.attachments![0]!.url);
    expect(
      (await sharp(stored.rawPayload).metadata()).exif,
      'a vendor documenting work keeps the EXIF',
    ).toBeDefined();

    const tasks = (
      await injectAs(t.app, resident, { method: 'GET', url: `/api/work-orders/${sinkLeakId}/tasks` })
    ).json<{ tasks: WorkOrderTask[] }>().tasks;
    expect(tasks.find((entry) => entry.id === pTrapTaskId)?.attachments).toHaveLength(1);
    const photos = (
      await injectAs(t.app, resident, { method: 'GET', url: `/api/work-orders/${sinkLeakId}/attachments` })
    ).json<WorkOrderAttachmentList>();
    expect(photos.attachments.find((attachment) => attachment.id === photo.json().id)?.source).toBe('task');

    // A resident cannot add photos to a task they do not work on.
    expect((await upload(resident, { taskId: pTrapTaskId }, 'x.jpg', await phonePhoto())).statusCode).toBe(
      403,
    );
  });
});

describe('bad files', () => {
  it('are refused by their bytes, their size and their kind, with a clear reason', async () => {
    const thread = await newThread();
    const program = await upload(
      resident,
      { threadId: thread },
      'photo.jpg',
      Buffer.from('MZ\x90\0\x03\0\0\0this is a program'),
    );
    expect(program.statusCode).toBe(415);
    expect(program.json().error.message).toMatch(/"photo\.jpg" is not a photo/);
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
      Buffer.alloc(64),
    ]);
    // A HEIC header with no picture in it: read as a HEIC, and refused as damaged.
    const damaged = await upload(resident, { threadId: thread }, 'IMG_1.HEIC', heic);
    expect(damaged.statusCode).toBe(422);
    expect(damaged.json().error.message).toMatch(/"IMG_1\.HEIC" could not be read as a photo/);
    const script = await upload(resident, { threadId: thread }, 'run.sh', Buffer.from('#!/bin/sh\n'));
    expect(script.statusCode).toBe(415);
    const huge = await upload(
      resident,
      { threadId: thread },
      'big.jpg',
      Buffer.alloc(20 * 1024 * 1024 + 1, 1),
    );
    expect(huge.statusCode).toBe(413);
    const nowhere = await upload(resident, {}, 'a.jpg', await phonePhoto());
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().error.message).toBe(
      'Say where the file is going: a conversation, a room, a task, an inspection, a violation, an announcement, a booking, a vendor document, a request for bids, a bid or an invoice',
    );
  });

  it('a video keeps its pictures but loses the location its metadata held', async () => {
    const thread = await newThread();
    const uploaded = await upload(resident, { threadId: thread }, 'drip.mp4', phoneVideo());
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json<Attachment>()).toMatchObject({
      kind: 'video',
      mimeType: 'video/mp4',
      thumbnailUrl: null,
    });
    const stored = (await fetchFile(resident, uploaded.json().url)).rawPayload.toString('latin1');
    expect(stored).not.toContain('udta');
    expect(stored).toContain('free');
    expect(stored).toContain('mdat');
  });
});

describe('links and removal', () => {
  it('a tampered or expired link is refused; an unsent upload can be removed, a sent one not', async () => {
    const thread = await newThread();
    const photo = (
      await upload(resident, { threadId: thread }, 'a.jpg', await phonePhoto())
    ).json<Attachment>();
    const tampered = photo.url.replace(
      /signature=([^&]+)/,
      (_, sig: string) => `signature=${sig.slice(0, -2)}xx`,
    );
    expect((await fetchFile(resident, tampered)).statusCode).toBe(403);
    const swapped = photo.url.replace('variant=full', 'variant=thumbnail');
    expect((await fetchFile(resident, swapped)).statusCode).toBe(403);

    expect(
      (await injectAs(t.app, resident, { method: 'DELETE', url: `/api/attachments/${photo.id}` })).statusCode,
    ).toBe(204);
    expect(
      (await injectAs(t.app, resident, { method: 'GET', url: `/api/attachments/${photo.id}` })).statusCode,
    ).toBe(404);

    const kept = (
      await upload(resident, { threadId: thread }, 'b.jpg', await phonePhoto())
    ).json<Attachment>();
    await injectAs(t.app, resident, {
      method: 'POST',
      url: `/api/chat/threads/${thread}/messages`,
      payload: { content: 'here', attachmentIds: [kept.id] },
    });
    const removing = await injectAs(t.app, resident, {
      method: 'DELETE',
      url: `/api/attachments/${kept.id}`,
    });
    expect(removing.statusCode).toBe(409);
    const fresh = await injectAs(t.app, resident, { method: 'GET', url: `/api/attachments/${kept.id}` });
    expect(fresh.statusCode).toBe(200);
    expect(Date.parse(fresh.json<Attachment>().linksExpireAt)).toBeGreaterThan(Date.now() + 55 * 60_000);
  });
});
