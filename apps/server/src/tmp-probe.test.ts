import { readFileSync, readdirSync } from 'node:fs';
import { it } from 'vitest';
import { asksAboutViolationNotice } from './modules/assistant/violation-questions.ts';
it('probe', () => {
  const base = '/work/main/apps/server/src/modules/assistant/';
  const hits: string[] = [];
  for (const f of ['rules-eval/questions.check.json', 'rules-eval/questions.dev.json', 'rules-eval/questions.eval.json']) {
    const data = JSON.parse(readFileSync(base + f, 'utf8')) as { question: string }[];
    for (const q of data) if (asksAboutViolationNotice(q.question)) hits.push(`${f}: ${q.question}`);
  }
  for (const dir of ['corpus/train', 'corpus/heldout', 'corpus/incoming', 'corpus/incoming2']) {
    for (const f of readdirSync(base + dir)) {
      const raw = JSON.parse(readFileSync(`${base}${dir}/${f}`, 'utf8'));
      const items: { text?: string; message?: string; intent?: string }[] = Array.isArray(raw) ? raw : (raw.examples ?? raw.messages ?? []);
      for (const item of items) {
        const text = item.text ?? item.message;
        if (text && asksAboutViolationNotice(text)) hits.push(`${dir}/${f} [${item.intent}]: ${text}`);
      }
    }
  }
  console.log(hits.join('\n'), hits.length);
});
