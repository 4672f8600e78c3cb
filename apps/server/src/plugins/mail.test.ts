import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { createMailer } from './mail.ts';
import { readOutbox } from '../test/outbox.ts';
import { testConfigEnv } from '../test/test-app.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'cw-mail-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the demo outbox', () => {
  it('keeps every message of a burst, each in its own file, in the order they were sent', async () => {
    const config = loadConfig({ ...testConfigEnv, DATA_DIR: dataDir });
    const mailer = createMailer(config, () => {});
    await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        mailer.send({ to: 'ada@example.com', subject: `Message ${index}`, text: `Body ${index}` }),
      ),
    );
    const files = readdirSync(config.mail.outboxDir);
    expect(files.filter((name) => name.endsWith('.eml'))).toHaveLength(50);
    expect(files.filter((name) => !name.endsWith('-ada@example.com.eml'))).toEqual([]);
    const bodies = readOutbox(config.mail.outboxDir, 'ada@example.com').map(
      (mail) => /Body (\d+)/.exec(mail)![1],
    );
    expect(bodies).toEqual(Array.from({ length: 50 }, (_, index) => String(index)));
  });

  it('writes a delivery once, however often it is sent (a job re-run after a crash)', async () => {
    const config = loadConfig({ ...testConfigEnv, DATA_DIR: dataDir });
    const mailer = createMailer(config, () => {});
    const message = {
      to: 'ada@example.com',
      subject: 'Water shut-off',
      text: 'Tomorrow 9–11',
      id: '2d1f0c8e-0000-4000-8000-000000000001',
      queuedAt: new Date('2026-11-24T10:00:00Z'),
    };
    const results = await Promise.all([mailer.send(message), mailer.send(message), mailer.send(message)]);
    expect(results.filter((result) => !result.isDuplicate)).toHaveLength(1);
    const mails = readOutbox(config.mail.outboxDir, 'ada@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Message-ID: <2d1f0c8e-0000-4000-8000-000000000001@');
    expect(readdirSync(config.mail.outboxDir).filter((name) => name.endsWith('.part'))).toEqual([]);
  });
});
