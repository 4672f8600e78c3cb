import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { createMailer } from './mail.ts';
import { mailsTo } from '../test/outbox.ts';
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
    const bodies = mailsTo(config.mail.outboxDir, 'ada@example.com').map(
      (mail) => /Body (\d+)/.exec(mail)![1],
    );
    expect(bodies).toEqual(Array.from({ length: 50 }, (_, index) => String(index)));
  });
});
