import { generateText } from 'ai';
import type { AssistantCheck, SystemSettings, TestMailResult } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import type { Config } from '../../plugins/config.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { Notifier } from '../notifications/notify.ts';
import type { AssistantModel } from '../assistant/model/model-turn.ts';
import { classifiers, featureList } from '../assistant/classifier/model.ts';
import { readPropertyDefaults } from './system-defaults.ts';

/** "host:port" of a URL, never its user, password, path or query (where a key may hide). */
function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host || null;
  } catch {
    return null;
  }
}

/** The installation's configuration as an admin may see it: no password, key or credential. */
export async function readSystemSettings(
  db: Db,
  deps: { config: Config; mailer: Mailer; assistantModel: AssistantModel | undefined },
): Promise<SystemSettings> {
  const { config, mailer, assistantModel } = deps;
  const storage = config.storage;
  return {
    mail: {
      transport: mailer.transport,
      from: config.mail.from,
      host: mailer.transport === 'smtp' ? hostOf(config.mail.smtpUrl) : null,
      outboxDir: mailer.transport === 'outbox' ? config.mail.outboxDir : null,
    },
    assistant: assistantModel
      ? {
          provider: 'openai-compatible',
          model: config.ai.model ?? assistantModel.modelId,
          baseUrlHost: hostOf(config.ai.baseUrl),
          timeoutSeconds: config.ai.timeoutMs / 1000,
        }
      : { provider: 'built-in', model: null, baseUrlHost: null, timeoutSeconds: config.ai.timeoutMs / 1000 },
    storage:
      storage.driver === 's3'
        ? {
            driver: 's3',
            folder: null,
            bucket: storage.bucket,
            region: storage.region,
            endpointHost: hostOf(storage.endpoint),
          }
        : { driver: 'local', folder: storage.rootDir, bucket: null, region: null, endpointHost: null },
    defaults: await readPropertyDefaults(db),
  };
}

/** A test message to the signed-in admin, through notify() like every other message. */
export async function sendTestMail(
  db: Db,
  notifier: Notifier,
  mailer: Mailer,
  actor: ServiceContext['actor'],
): Promise<TestMailResult> {
  const route = mailer.transport === 'smtp' ? 'the SMTP server' : 'the outbox folder';
  await notifier.notifyNow(db, [actor.id], {
    kind: 'account.security',
    propertyId: null,
    title: 'Test message from System Settings',
    body: `${actor.fullName}, this is the test message you asked for in System Settings.\n\nIf you can read it, mail from Commonwise reaches you through ${route}.`,
    link: '/admin-portal/system-settings',
  });
  return {
    status: 'queued',
    transport: mailer.transport,
    to: actor.email,
    message:
      mailer.transport === 'smtp'
        ? `A test message to ${actor.email} is queued; it goes out through the SMTP server within a minute.`
        : `A test message to ${actor.email} is queued; it is written to the outbox folder within a minute (no SMTP server is configured).`,
  };
}

/** How long a health check may take, whatever the assistant's own timeout. */
const checkTimeoutMs = 10_000;

/** Removes the key (and any user:password@ in a URL) from a provider's error before anyone sees it. */
function redact(message: string, secrets: (string | undefined)[]): string {
  let safe = message.replace(/\/\/[^/@\s]+@/g, '//');
  for (const secret of secrets) if (secret) safe = safe.split(secret).join('•••');
  return safe.slice(0, 500);
}

/**
 * A tiny call to the configured assistant: for the built-in one, that its classifiers load and answer;
 * for a model, one short completion within a few seconds.
 */
export async function checkAssistant(
  config: Config,
  model: AssistantModel | undefined,
  now: () => number = () => performance.now(),
): Promise<AssistantCheck> {
  const started = now();
  const result = (provider: AssistantCheck['provider'], isOk: boolean, message: string): AssistantCheck => ({
    provider,
    isOk,
    latencyMs: Math.max(0, Math.round(now() - started)),
    message,
    checkedAt: new Date().toISOString(),
  });
  if (!model) {
    try {
      const prediction = classifiers().category(featureList('The kitchen sink is leaking under the cabinet'));
      return result(
        'built-in',
        true,
        `Classifiers loaded; a sample message was read as "${prediction.label}".`,
      );
    } catch (error) {
      return result('built-in', false, `The classifiers could not be loaded: ${(error as Error).message}`);
    }
  }
  const timeoutMs = Math.min(config.ai.timeoutMs, checkTimeoutMs);
  try {
    const answer = await generateText({
      model,
      prompt: 'Reply with the single word OK.',
      maxOutputTokens: 5,
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(timeoutMs),
    });
    return result('openai-compatible', true, `The model answered: "${answer.text.trim().slice(0, 40)}".`);
  } catch (error) {
    const raw = error instanceof Error ? error.message : String(error);
    const message =
      error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
        ? `No answer within ${timeoutMs / 1000} seconds.`
        : raw;
    return result('openai-compatible', false, redact(message, [config.ai.apiKey]));
  }
}
