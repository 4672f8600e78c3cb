/**
 * The built-in assistant's understanding of resident messages (issue 7, decision 0014): rules and
 * phrase tables, offline and deterministic. The router uses it like this:
 *
 *   const analysis = analyzeMessage(text, { awaiting, language });   // awaiting: the detail just asked for
 *   if (analysis.isEmergency) send(safetyInstructions(analysis.emergencyKind!, analysis.language));
 *   if (analysis.intent === 'maintenance_request') {
 *     state = mergeRequest(state, analysis, text);                     // keep `state` with the conversation
 *     const [next] = missingDetails(state);                            // [] → create the work order
 *     if (next) send(followUpQuestion(next, state.language));
 *   }
 *
 * Types and the taxonomy live in `@commonwise/contracts` (assistant.ts).
 */
export { analyzeMessage, type AnalysisContext } from './analyze.ts';
export { mergeRequest, missingDetails } from './conversation.ts';
export { followUpQuestion, safetyInstructions } from './texts/index.ts';
