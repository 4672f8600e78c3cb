import { randomUUID } from 'node:crypto';
import { generateText, stepCountIs, tool, type ModelMessage } from 'ai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { and, desc, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import {
  isSubcategoryOf,
  maintenanceCategories,
  requestUrgencies,
  workflowStatuses,
  workflowTypes,
  type MaintenanceCategory,
  type RequestUrgency,
  type WorkflowSummary,
} from '@commonwise/contracts';
import type { Db } from '../../../db/client.ts';
import { chatMessages, workOrders } from '../../../db/schema/index.ts';
import type { Config } from '../../../plugins/config.ts';
import type { Actor } from '../../../plugins/access.ts';
import { findCitation } from '../citations/find-citation.ts';
import { ownerAccountFacts } from '../../finance/account-facts.ts';
import type { Citation } from '../citations/choose-quote.ts';

/** A language model object of the AI SDK's current specification (what an OpenAI-compatible provider makes). */
export type AssistantModel = ReturnType<ReturnType<typeof createOpenAICompatible>['chatModel']>;

/** The model behind the model assistant, or none: then the built-in assistant answers alone. */
export function createLanguageModel(config: Config['ai']): AssistantModel | undefined {
  if (!config.baseUrl || !config.model) return undefined;
  const provider = createOpenAICompatible({
    name: 'commonwise-ai',
    baseURL: config.baseUrl,
    apiKey: config.apiKey,
  });
  return provider.chatModel(config.model);
}

/** What the model decided to change; the router carries it out in its transaction. */
export type ModelAction =
  | {
      kind: 'create';
      id: string;
      summary: string;
      category: MaintenanceCategory;
      subcategory: string;
      priority: RequestUrgency;
      details: string;
    }
  | { kind: 'escalate'; reason: string };

export type ModelTurn = {
  text: string;
  actions: ModelAction[];
  /**
   * The quotation found by find_rule_answer, if the model asked: shown to the resident from the stored
   * document, never from the model's own words (which may paraphrase or drop a "not").
   */
  citation: Citation | undefined;
  workflow: Pick<WorkflowSummary, 'workflowType' | 'workflowStatus' | 'currentStep' | 'summary'> | undefined;
};

const instructions = `You are the assistant of a homeowners association, talking with a resident.
Be brief, warm and concrete. Answer in the resident's language.
- For a maintenance problem, ask only for what is missing (what is wrong, where: in the unit or a common area, how urgent, whether someone may enter), one question at a time; then call create_work_order once and tell the resident its reference.
- For "where is my request", call look_up_work_orders.
- For questions about rules, fees or policies, call find_rule_answer. If it finds a quotation, say in one sentence what it means for the resident and name the document and section: the exact quotation is shown to them beside your answer, so do not repeat or reword it. If it finds nothing, say the documents do not answer this and call escalate. Never invent rules.
- For dues, balances, charges or payments, call look_up_my_account, giving any dollar amounts the resident names in cents. Tell them what it returns, with the rule behind any charge they ask about; never state a figure it did not return. If it finds no account (they own no unit) or no charge of an amount they name, say so and call escalate.
- When you cannot help, or the resident asks for a person, call escalate.
- Call update_workflow to record where the conversation stands.`;

/**
 * One turn of the model assistant: the conversation so far and tools that read the resident's data.
 * Tools that change things only record what to do; nothing is written until the router's transaction,
 * so a model that fails or times out half-way leaves nothing half done.
 */
export async function runModelTurn(deps: {
  db: Db;
  model: AssistantModel;
  timeoutMs: number;
  actor: Actor;
  propertyId: string | undefined;
  threadId: string;
}): Promise<ModelTurn> {
  const { db, actor, propertyId } = deps;
  const actions: ModelAction[] = [];
  let workflow: ModelTurn['workflow'];
  let citation: Citation | undefined;

  const history = await db
    .select({ role: chatMessages.role, content: chatMessages.content })
    .from(chatMessages)
    .where(eq(chatMessages.threadId, deps.threadId))
    .orderBy(desc(chatMessages.createdAt))
    .limit(20);
  const messages: ModelMessage[] = history
    .reverse()
    .map((message) =>
      message.role === 'user'
        ? { role: 'user', content: message.content }
        : { role: 'assistant', content: message.content },
    );

  const result = await generateText({
    model: deps.model,
    system: `${instructions}\nThe resident is ${actor.fullName}.`,
    messages,
    stopWhen: stepCountIs(5),
    abortSignal: AbortSignal.timeout(deps.timeoutMs),
    maxRetries: 1,
    tools: {
      create_work_order: tool({
        description:
          'Open a maintenance work order for the resident once you know what, where and how urgent.',
        inputSchema: z.object({
          summary: z.string().min(3).max(120),
          category: z.enum(maintenanceCategories as [MaintenanceCategory, ...MaintenanceCategory[]]),
          subcategory: z.string(),
          priority: z.enum(requestUrgencies),
          details: z.string().max(2000),
        }),
        execute: async (input) => {
          if (!propertyId)
            return { error: 'The resident is not linked to a unit: no work order can be opened.' };
          const id = randomUUID();
          actions.push({
            kind: 'create',
            id,
            summary: input.summary,
            category: input.category,
            subcategory: isSubcategoryOf(input.category, input.subcategory) ? input.subcategory : 'general',
            priority: input.priority,
            details: input.details,
          });
          return { reference: id.slice(-8) };
        },
      }),
      look_up_work_orders: tool({
        description: "The resident's recent work orders with their status.",
        inputSchema: z.object({}),
        execute: async () =>
          db
            .select({
              summary: workOrders.summary,
              status: workOrders.status,
              createdAt: workOrders.createdAt,
            })
            .from(workOrders)
            .where(and(eq(workOrders.residentId, actor.id), ne(workOrders.status, 'cancelled')))
            .orderBy(desc(workOrders.createdAt))
            .limit(5),
      }),
      find_rule_answer: tool({
        description:
          "Find the whole sentences of the association's governing documents (CC&Rs, bylaws, rules) that answer a question, with document, section and page.",
        inputSchema: z.object({ question: z.string().min(2).max(500) }),
        execute: async ({ question }) => {
          const answer = propertyId
            ? await findCitation(db, propertyId, question)
            : ({ kind: 'none', reason: 'no_documents', bestCoverage: 0 } as const);
          if (answer.kind !== 'quote') return { found: false };
          citation = answer.citation;
          const { documentName, section, sectionTitle, page, sentences } = answer.citation;
          return {
            found: true,
            document: documentName,
            section,
            sectionTitle,
            page,
            quote: sentences.join(' '),
          };
        },
      }),
      look_up_my_account: tool({
        description:
          "The resident's own accounts, for the units they own today: balance, past due, credit, next charge, last payment, and the charges of the amounts asked about (else the latest charge), each with the schedule or late-fee rule that made it. Amounts are in cents. No accounts: they own no unit.",
        inputSchema: z.object({ amountsCents: z.array(z.number().int().positive()).max(5).default([]) }),
        execute: async ({ amountsCents }) => ownerAccountFacts({ db, actor }, amountsCents),
      }),
      escalate: tool({
        description: 'Hand the conversation to the property manager.',
        inputSchema: z.object({ reason: z.string().min(3).max(500) }),
        execute: async ({ reason }) => {
          actions.push({ kind: 'escalate', reason });
          return { escalated: true };
        },
      }),
      update_workflow: tool({
        description: 'Record the type, status and current step of the conversation.',
        inputSchema: z.object({
          workflowType: z.enum(workflowTypes),
          workflowStatus: z.enum(workflowStatuses),
          currentStep: z.string().max(80),
          summary: z.string().max(300),
        }),
        execute: async (input) => {
          workflow = input;
          return { recorded: true };
        },
      }),
    },
  });
  const text = result.text.trim();
  if (!text) throw new Error('The model returned no answer');
  return { text, actions, workflow, citation };
}
