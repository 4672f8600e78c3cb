import type { AssistantLanguage, EmergencyKind, RequestDetail, WorkOrder } from '@commonwise/contracts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { pt } from './pt.ts';
import { vi } from './vi.ts';
import { zh } from './zh.ts';
import type { AssistantTexts } from './types.ts';
import { dangerLines } from './other-languages.ts';

export type { AssistantTexts } from './types.ts';

const texts: Record<AssistantLanguage, AssistantTexts> = { en, es, pt, fr, zh, vi };

/** What the assistant says, in the resident's language. */
export const textsIn = (language: AssistantLanguage): AssistantTexts => texts[language];

/** Safety instructions for an emergency, to send before anything else. */
export function safetyInstructions(kind: EmergencyKind, language: AssistantLanguage = 'en'): string {
  return texts[language].safety[kind];
}

/** The question that asks the resident for a missing detail. */
export function followUpQuestion(detail: RequestDetail, language: AssistantLanguage = 'en'): string {
  return texts[language].questions[detail];
}

export function statusLine(
  workOrder: Pick<WorkOrder, 'reference' | 'summary' | 'status'>,
  language: AssistantLanguage,
) {
  return `• ${workOrder.reference} ${workOrder.summary} — ${texts[language].statusNames[workOrder.status]}`;
}

/**
 * To a resident who writes in a language the assistant has no texts for: first that anyone in danger
 * should call 911 (in their language when we have that line, then in English), since the message may
 * describe an emergency no rule could read; then, in English, that a person will follow up.
 */
export const otherLanguageReply = (detected: string) => (managerName: string | undefined) =>
  [
    dangerLines[detected],
    'If anyone is in danger, call 911 now.',
    `I can reply in English, Spanish, Portuguese, French, Chinese and Vietnamese, but not yet in your language, so I have asked ${managerName ?? 'your manager'} to follow up with you.`,
  ]
    .filter(Boolean)
    .join('\n\n');
