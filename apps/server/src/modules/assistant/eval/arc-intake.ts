import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ArcProjectKind, AssistantLanguage } from '@commonwise/contracts';
import { analyzeMessage } from '../analyze.ts';
import { startsArcProject } from '../arc-projects.ts';

/**
 * Issue 22 item 1, measured: does the assistant start an architectural request when an owner asks to
 * start a project ("I want to put up a fence"), and only then (not for "Can I paint my door red?", a
 * broken fence or a neighbour's shed)? Per language: precision and recall of starting one, and how often
 * it names the right kind of project. `arc-intake/dev.json` may be tuned on; `arc-intake/heldout.json`
 * was written before the detector and is never tuned on — only these aggregate figures are read from it.
 */

type Message = {
  id: string;
  lang: AssistantLanguage;
  text: string;
  expect: 'intake' | 'other';
  kind?: ArcProjectKind | null;
};

export type ArcIntakeSplit = 'dev' | 'heldout';

export function loadArcIntakeSet(split: ArcIntakeSplit): Message[] {
  const file = fileURLToPath(new URL(`./arc-intake/${split}.json`, import.meta.url));
  return (JSON.parse(readFileSync(file, 'utf8')) as { messages: Message[] }).messages;
}

export type ArcIntakeFigures = {
  messages: number;
  intakes: number;
  /** Of the messages it started a request for, the share that asked to start one. */
  precision: number;
  /** Of the messages that asked to start one, the share it started a request for. */
  recall: number;
  /** Of those it rightly started, the share with the kind of project the message names. */
  kindAccuracy: number;
};

const share = (part: number, whole: number) => (whole === 0 ? 1 : Number((part / whole).toFixed(3)));

function figures(results: { message: Message; started: boolean; kindRight: boolean }[]): ArcIntakeFigures {
  const intakes = results.filter((result) => result.message.expect === 'intake');
  const started = results.filter((result) => result.started);
  const rightlyStarted = started.filter((result) => result.message.expect === 'intake');
  return {
    messages: results.length,
    intakes: intakes.length,
    precision: share(rightlyStarted.length, started.length),
    recall: share(rightlyStarted.length, intakes.length),
    kindAccuracy: share(rightlyStarted.filter((result) => result.kindRight).length, rightlyStarted.length),
  };
}

/** The figures per language and overall; `misses` lists the ids it got wrong (for the development set only). */
export function measureArcIntake(split: ArcIntakeSplit) {
  const results = loadArcIntakeSet(split).map((message) => {
    // As the router reads it: the message's language, then the project words of that language.
    const wish = startsArcProject(message.text, analyzeMessage(message.text));
    return {
      message,
      started: wish !== undefined,
      kindRight: wish !== undefined && wish.kind === (message.kind ?? null),
    };
  });
  const languages = [...new Set(results.map((result) => result.message.lang))];
  return {
    overall: figures(results),
    perLanguage: Object.fromEntries(
      languages.map((language) => [
        language,
        figures(results.filter((result) => result.message.lang === language)),
      ]),
    ),
    misses: results
      .filter(
        (result) =>
          result.started !== (result.message.expect === 'intake') || (result.started && !result.kindRight),
      )
      .map((result) => result.message.id),
  };
}
