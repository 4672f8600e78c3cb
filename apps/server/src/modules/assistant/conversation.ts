import {
  requestDetails,
  type MessageAnalysis,
  type RequestDetail,
  type RequestState,
} from '@commonwise/contracts';
import { summarize } from './analyze.ts';

/**
 * A maintenance request gathered over several messages. The first problem named stays the request's
 * problem unless a later message reports an emergency; details take their latest stated value.
 */
export function mergeRequest(
  state: RequestState | undefined,
  analysis: MessageAnalysis,
  text: string,
): RequestState {
  const becomesEmergency = analysis.isEmergency && !state?.isEmergency;
  const issue =
    becomesEmergency || !state?.category
      ? { category: analysis.category, subcategory: analysis.subcategory }
      : { category: state.category, subcategory: state.subcategory };
  const isEmergency = Boolean(state?.isEmergency || analysis.isEmergency);
  const merged: RequestState = {
    ...(issue.category ? { category: issue.category, subcategory: issue.subcategory } : {}),
    isEmergency,
    ...(isEmergency
      ? becomesEmergency
        ? { emergencyKind: analysis.emergencyKind, emergencyRule: analysis.emergencyRule }
        : { emergencyKind: state?.emergencyKind, emergencyRule: state?.emergencyRule }
      : {}),
    urgency: isEmergency ? 'emergency' : (analysis.urgency ?? state?.urgency),
    location: analysis.location ?? state?.location,
    permissionToEnter: analysis.permissionToEnter ?? state?.permissionToEnter,
    asksForHuman: Boolean(state?.asksForHuman || analysis.asksForHuman),
    language: state?.language ?? analysis.language,
    summary: '',
    description: [...(state?.description ?? []), text.trim()].filter(Boolean),
  };
  for (const key of ['urgency', 'location', 'permissionToEnter', 'emergencyRule'] as const) {
    if (merged[key] === undefined) delete merged[key];
  }
  merged.summary = summarize(merged);
  return merged;
}

/**
 * The details still needed before a work order can be created, in the order to ask for them.
 * An emergency needs none: the router sends the safety instructions and creates the work order at once.
 * Entry is asked only for a problem inside the resident's unit.
 */
export function missingDetails(state: RequestState): RequestDetail[] {
  if (state.isEmergency) return [];
  const missing: Record<RequestDetail, boolean> = {
    what: !state.category,
    where: !state.location,
    urgency: !state.urgency,
    entry: state.location?.kind === 'unit' && state.permissionToEnter === undefined,
  };
  return requestDetails.filter((d) => missing[d]);
}
